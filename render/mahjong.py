"""Mahjong pictures: a player's hand (:func:`mahjong_hand_image`) and the table
(:func:`mahjong_table_image`)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.tiles import Tile, format_tile, format_tile_chinese
from render.common import BG, BLUE, GOLD, INK, MUTED, PANEL, RED, TABLE, WHITE, badge, to_png
from render.fonts import draw_text, text_width, truncate
from render.scenes import MahjongHandScene, MahjongTableScene, Meld
from render.tiles import tile_back, tile_image, tile_size

__all__ = [
    "HAND_TILE_W",
    "TABLE_TILE_W",
    "draw_wildcard",
    "exposed_layout",
    "mahjong_hand_image",
    "mahjong_hand_png",
    "mahjong_table_image",
    "mahjong_table_png",
    "meld_width",
]

_MELD_GAP = 12


def _sprite(tile: Tile, width: int, wildcard: Tile | None) -> Image.Image:
    return tile_image(tile, width, wildcard=wildcard is not None and tile == wildcard)


def meld_width(meld: Meld, width: int) -> int:
    """Pixels a meld takes at tile ``width`` (a claimed tile lies sideways)."""
    _, h = tile_size(width)
    return sum(h if i == meld.claimed else width for i in range(len(meld.tiles))) + len(meld.tiles)


def draw_meld(
    img: Image.Image,
    meld: Meld,
    x: int,
    bottom: int,
    width: int,
    wildcard: Tile | None,
    reveal: bool = False,
) -> int:
    """Draw ``meld`` with its left edge at ``x`` and tiles standing on ``bottom``; returns
    the x after it. A concealed kong (暗杠) shows its two outer tiles face down, unless
    ``reveal`` (after the hand, when every tile is shown)."""
    for i, tile in enumerate(meld.tiles):
        hidden = meld.kind == "hidden_kong"  # another seat's 暗杠: no face is known
        outer = i in (0, len(meld.tiles) - 1)
        if hidden or (meld.kind == "concealed_kong" and outer and not reveal):
            sprite = tile_back(width)
        else:
            sprite = _sprite(tile, width, wildcard)
        if i == meld.claimed:
            sprite = sprite.rotate(90, expand=True)
        img.paste(sprite, (x, bottom - sprite.height), sprite)
        x += sprite.width + 1
    return x


HAND_TILE_W = 64
"""Tile width in the hand picture; the 财神 indicator is drawn at least this wide."""
_HAND_TEXT = 30
"""Legends and labels of the hand picture: 12 px on a phone showing 14 tiles (about 1,000 px)
400 px wide (they were 20-22 px: 9 px there)."""
_HAND_LABEL_H = 36  # the line of a lower row's label (副露 melds, 花 flowers)
WILD_LABEL = ("财神", "wildcard")
"""The 财神 indicator's label, two lines beside the tile."""


def wildcard_width(width: int, size: int = 28) -> int:
    """Pixels the labelled 财神 indicator takes with its tile ``width`` px wide and its label
    ``size`` px."""
    label = max(text_width(WILD_LABEL[0], size, True), text_width(WILD_LABEL[1], size, True))
    return label + 10 + width + 12


def draw_wildcard(img: Image.Image, tile: Tile, x: int, y: int, width: int, size: int = 28) -> None:
    """The 财神 indicator with its top left at (x, y): a gold frame holding the label
    (财神 / wildcard, ``size`` px) and the tile ``width`` px wide, marked as every 财神 is;
    as big as the tiles beside it so that it reads on a phone."""
    d = ImageDraw.Draw(img)
    sprite = tile_image(tile, width, wildcard=True)
    w = wildcard_width(width, size)
    d.rounded_rectangle(
        (x, y, x + w, y + sprite.height + 8), radius=10, outline=GOLD, width=3, fill=BG
    )
    label_w = w - width - 12
    mid = y + 4 + sprite.height / 2
    cx = x + 6 + label_w / 2
    draw_text(d, (cx, mid - size * 0.55), WILD_LABEL[0], size, GOLD, bold=True, anchor="mm")
    draw_text(d, (cx, mid + size * 0.6), WILD_LABEL[1], size, GOLD, bold=True, anchor="mm")
    img.paste(sprite, (x + w - width - 6, y + 4), sprite)


def mahjong_hand_image(scene: MahjongHandScene, width: int = HAND_TILE_W) -> Image.Image:
    """Draw a hand: concealed tiles in the given order with their notation underneath
    (what ``/discard`` accepts), the newly drawn tile set apart, then a second row with
    melds and collected flowers (花). Tiles are ``width`` px wide. Returns an RGB image.
    """
    tw, th = tile_size(width)
    margin, gap, legend_h = 18, 2, _HAND_TEXT + 8
    # The 财神 indicator stands in the title band at the hand's own tile size, labelled.
    wild_w = wildcard_width(width, _HAND_TEXT) if scene.wildcard is not None else 0
    title_h = (th + 20) if scene.wildcard else (56 if scene.title else 8)
    row1 = len(scene.concealed) * (tw + gap) + ((tw + 26) if scene.drawn else 0)
    mw = sum(meld_width(m, 48) + _MELD_GAP for m in scene.melds)
    flower_label = f"花 flowers {len(scene.flowers)}"
    fw = (
        max(len(scene.flowers) * 42, text_width(flower_label, _HAND_TEXT, True)) + 20
        if scene.flowers
        else 0
    )
    lower = bool(scene.melds or scene.flowers)
    # Flowers go on a row of their own when beside the melds they would make the
    # picture wider than the hand (and so smaller on a phone).
    flowers_apart = bool(scene.melds and scene.flowers) and mw + fw > max(row1, 720)
    row2 = max(mw, fw) if flowers_apart else mw + fw
    width_px = max(row1, row2, 360, wild_w + 200) + 2 * margin
    _, small_h = tile_size(48)
    lower_rows = (2 if flowers_apart else 1) if lower else 0
    # A lower row is 10 px of space, its label line and its tiles; a second one starts
    # 16 px further down. The picture ends ``margin`` below the last tiles, as it starts
    # (it used to keep a row gap there too: an empty band at the foot).
    row_h = 10 + _HAND_LABEL_H + small_h
    lower_h = lower_rows * row_h + max(0, lower_rows - 1) * 16
    height = title_h + th + legend_h + lower_h + margin
    img = Image.new("RGB", (width_px, height), BG)
    d = ImageDraw.Draw(img)
    if scene.title:
        room = width_px - 2 * margin - (wild_w + 16 if scene.wildcard else 0)
        draw_text(d, (margin, 12), truncate(scene.title, 28, room, True), 28, WHITE, bold=True)
    if scene.wildcard is not None:
        draw_wildcard(img, scene.wildcard, width_px - margin - wild_w, 8, width, _HAND_TEXT)
    x, y = margin, title_h
    tiles = [(t, False) for t in scene.concealed]
    if scene.drawn is not None:
        tiles.append((scene.drawn, True))
    for tile, drawn in tiles:
        if drawn:
            x += 24
        sprite = _sprite(tile, width, scene.wildcard)
        img.paste(sprite, (x, y), sprite)
        draw_text(
            d,
            (x + tw / 2, y + th + 3),
            format_tile(tile),
            _HAND_TEXT,
            (235, 235, 235),
            bold=True,
            anchor="mt",
        )
        x += tw + gap
    if lower:
        top = y + th + legend_h + 10
        x = margin
        if scene.melds:
            draw_text(d, (x, top), "副露 melds", _HAND_TEXT, GOLD, bold=True, anchor="lt")
            for meld in scene.melds:
                bottom = top + _HAND_LABEL_H + small_h
                x = draw_meld(img, meld, x, bottom, 48, scene.wildcard) + _MELD_GAP
        if scene.flowers:
            if flowers_apart:
                x, top = margin - 20, top + row_h + 16
            x += 20
            draw_text(d, (x, top), flower_label, _HAND_TEXT, GOLD, bold=True, anchor="lt")
            for tile in scene.flowers:
                sprite = tile_image(tile, 40)
                img.paste(sprite, (x, top + _HAND_LABEL_H + small_h - sprite.height), sprite)
                x += 42
    return img


def mahjong_hand_png(scene: MahjongHandScene, width: int = HAND_TILE_W) -> bytes:
    """:func:`mahjong_hand_image` encoded as PNG bytes."""
    return to_png(mahjong_hand_image(scene, width))


# Table layout.
_W = 760
"""The table picture's width: a phone shows it about 400 px wide, so every pixel here is
0.53 px there (it was 900 px with 14 discards a row: 26 px tiles whose 筒 dots ran together).
Narrower still (720 px, 10 a row) made the four bands a third taller for 3 px more tile."""
TABLE_TILE_W = 62
"""Tile width for discards, melds and the 财神 on the table: 33 px on a phone, the dots of
a 九筒 countable."""
_PER_ROW = 11
_LABEL = 28
"""The smallest text on the 760 px table: 14.7 px when a phone shows it 400 px wide."""
_BAND_TOP = 58  # a band's name line (28 px badges) above its tiles


ExposedItem = Meld | tuple[Tile, ...]
"""One thing laid out in a seat's exposed rows: a meld, or the block of its flowers."""


def _item_width(item: ExposedItem) -> int:
    if isinstance(item, Meld):
        return meld_width(item, TABLE_TILE_W) + _MELD_GAP
    return 10 + _LABEL + 6 + len(item) * (TABLE_TILE_W - 4)  # gap, the 花 label, the flowers


def exposed_layout(melds: Sequence[Meld], flowers: Sequence[Tile]) -> list[list[ExposedItem]]:
    """A seat's melds, then its flowers as one block, in rows that fit the table's width
    (four kongs need two rows at this tile size); ``[]`` when it has neither."""
    items: list[ExposedItem] = [*melds, *([tuple(flowers)] if flowers else [])]
    rows: list[list[ExposedItem]] = []
    x = _W
    for item in items:
        w = _item_width(item)
        if x + w > _W - 24:
            rows.append([])
            x = 24
        rows[-1].append(item)
        x += w
    return rows


def _band_height(exposed_rows: int, discards: int) -> int:
    _, th = tile_size(TABLE_TILE_W)
    rows = max(1, -(-discards // _PER_ROW))
    return _BAND_TOP + exposed_rows * (th + 10) + rows * (th + 4) + 12


def mahjong_table_image(scene: MahjongTableScene) -> Image.Image:
    """Draw the table as four bands, starting with ``viewer`` and going round in playing
    order. Each band: seat wind, name, dealer 庄, tiles in hand, turn ▶; melds and flowers
    (:func:`exposed_layout`); every discard in order (rows of 10), the live last discard
    outlined in red. The header gives the prevailing wind (圈风), tiles left in the wall and
    the 财神 tile, labelled, as big as the discards. 760 px wide, so that on a phone (400 px)
    a tile is 33 px wide.
    """
    n = len(scene.seats)
    order = [(scene.viewer + i) % n for i in range(n)]
    _, th = tile_size(TABLE_TILE_W)
    wild_w = wildcard_width(HAND_TILE_W) if scene.wildcard is not None else 0
    header_h = max(112, tile_size(HAND_TILE_W)[1] + 26) if scene.wildcard is not None else 112
    exposed = {s: exposed_layout(scene.seats[s].melds, scene.seats[s].flowers) for s in order}
    heights = [_band_height(len(exposed[s]), len(scene.seats[s].discards)) for s in order]
    height = header_h + sum(heights) + 10 * n + 10
    img = Image.new("RGB", (_W, height), BG)
    d = ImageDraw.Draw(img)
    x, cy = 18, 40
    if scene.prevailing_wind is not None:
        wind = format_tile_chinese(scene.prevailing_wind)
        x += badge(d, (x, cy), f"{wind}风圈", _LABEL, BLUE) + 10
    x += badge(d, (x, cy), f"牌墙 {scene.wall_left}", _LABEL, (90, 90, 100)) + 10
    if scene.wildcard is not None:
        # The 财神 as big as a tile of the hand picture, labelled, in the header's corner.
        draw_wildcard(img, scene.wildcard, _W - 18 - wild_w, 8, HAND_TILE_W)
    sub = "  ·  ".join(p for p in (scene.title, scene.deadline) if p)
    if sub:
        room = _W - 36 - (wild_w + 12 if wild_w else 0)
        draw_text(d, (18, 90), truncate(sub, _LABEL, room), _LABEL, (225, 225, 225), anchor="lm")
    y = header_h
    for seat, band_h in zip(order, heights, strict=True):
        info = scene.seats[seat]
        turn = scene.turn == seat
        box = (10, y, _W - 10, y + band_h)
        if turn:
            d.rounded_rectangle(
                (box[0] - 4, y - 4, box[2] + 4, y + band_h + 4), radius=16, fill=GOLD
            )
        d.rounded_rectangle(box, radius=12, fill=TABLE)
        bx = 24
        if info.wind is not None:
            wind = format_tile_chinese(info.wind)
            bx += badge(d, (bx, y + 28), wind, _LABEL, PANEL, ink=INK) + 8
        if scene.dealer == seat:
            bx += badge(d, (bx, y + 28), "庄", _LABEL, RED) + 8
        right = f"{info.hand_count} 张 tiles"
        rw = text_width(right, _LABEL)
        draw_text(d, (_W - 26, y + 28), right, _LABEL, (220, 230, 220), anchor="rm")
        name = ("▶ " if turn else "") + info.name
        draw_text(
            d,
            (bx + 4, y + 28),
            truncate(name, _LABEL, _W - 60 - rw - bx, True),
            _LABEL,
            WHITE,
            bold=True,
            anchor="lm",
        )
        row_y = y + _BAND_TOP
        for items in exposed[seat]:
            mx = 24
            for item in items:
                if isinstance(item, Meld):
                    mx = (
                        draw_meld(img, item, mx, row_y + th, TABLE_TILE_W, scene.wildcard)
                        + _MELD_GAP
                    )
                    continue
                mx += 10
                draw_text(d, (mx, row_y + th // 2), "花", _LABEL, GOLD, bold=True, anchor="lm")
                mx += _LABEL + 6
                for tile in item:
                    sprite = tile_image(tile, TABLE_TILE_W - 6)
                    img.paste(sprite, (mx, row_y + th - sprite.height), sprite)
                    mx += TABLE_TILE_W - 4
            row_y += th + 10
        if not info.discards:
            draw_text(d, (24, row_y + th // 2), "(no discards)", _LABEL, MUTED, anchor="lm")
        for i, tile in enumerate(info.discards):
            tx = 24 + (i % _PER_ROW) * (TABLE_TILE_W + 3)
            ty = row_y + (i // _PER_ROW) * (th + 4)
            sprite = _sprite(tile, TABLE_TILE_W, scene.wildcard)
            img.paste(sprite, (tx, ty), sprite)
            if scene.last_discard == seat and i == len(info.discards) - 1:
                d.rounded_rectangle(
                    (tx - 2, ty - 2, tx + TABLE_TILE_W + 1, ty + th + 1),
                    radius=6,
                    outline=RED,
                    width=3,
                )
        y += band_h + 10
    return img


def mahjong_table_png(scene: MahjongTableScene) -> bytes:
    """:func:`mahjong_table_image` encoded as PNG bytes."""
    return to_png(mahjong_table_image(scene))
