"""The mahjong result picture (金坛, 金华): each winner's whole hand at the end of a hand,
:func:`mahjong_result_image`.

Every tile is face up (a concealed kong 暗杠 too: after the hand nothing is secret), the
concealed tiles grouped by suit, the winning tile (胡的牌) set apart in a red frame under a
胡 badge, the 财神 marked wherever it lies and shown labelled in the header. 760 px wide
like the table picture, tiles as big as its discards, so that a phone shows them 33 px wide.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.tiles import Tile
from render.common import BG, GOLD, RED, TABLE, WHITE, badge, to_png
from render.fonts import draw_text, text_width, truncate
from render.mahjong import (
    _W,
    HAND_TILE_W,
    TABLE_TILE_W,
    draw_meld,
    draw_wildcard,
    meld_width,
    wildcard_width,
)
from render.scenes import MahjongResultScene, MahjongWin, Meld
from render.tiles import tile_image, tile_size

__all__ = ["WIN_FRAME", "mahjong_result_image", "mahjong_result_png", "win_layout"]

WIN_FRAME = RED
"""The colour of the frame round the winning tile (and of its 胡 badge)."""
_T = TABLE_TILE_W
_LABEL = 28  # the band's name line
_SMALL = 24  # labels above items: 23 px is 12 px on a phone showing 760 px as 400
_GAP = 2  # between tiles of a group
_ITEM_GAP = 16  # between groups, melds and blocks
_LEFT = 30
_RIGHT = _W - 30
_ROW_H = 34 + tile_size(_T)[1] + 12  # label line, tiles, space

Item = tuple[str, object]
"""One thing laid out in a winner's rows: ``("tiles", [Tile])`` a group of concealed tiles,
``("win", Tile)``, ``("meld", Meld)`` or ``("flowers", [Tile])``."""


def _family_groups(tiles: Sequence[Tile]) -> list[list[Tile]]:
    groups: list[list[Tile]] = []
    for tile in sorted(tiles):
        if groups and groups[-1][-1].family == tile.family:
            groups[-1].append(tile)
        else:
            groups.append([tile])
    return groups


def _width(kind: str, value: object) -> int:
    if kind == "tiles" or kind == "flowers":
        assert isinstance(value, list)
        return len(value) * (_T + _GAP)
    if kind == "win":
        return _T + 8
    assert isinstance(value, Meld)
    return meld_width(value, _T)


def win_layout(win: MahjongWin) -> list[list[tuple[Item, int]]]:
    """The winner's rows: concealed tiles by suit (a suit longer than a row runs on), the
    winning tile after them, then the melds and the flowers; each item with its x."""
    items: list[Item] = [("tiles", g) for g in _family_groups(win.concealed)]
    items.append(("win", win.winning_tile))
    items += [("meld", m) for m in win.melds]
    if win.flowers:
        items.append(("flowers", list(win.flowers)))
    per_row = (_RIGHT - _LEFT) // (_T + _GAP)
    rows: list[list[tuple[Item, int]]] = [[]]
    x = _LEFT
    for kind, value in items:
        pieces: list[object] = [value]
        if kind in ("tiles", "flowers"):
            assert isinstance(value, list)
            pieces = [value[i : i + per_row] for i in range(0, len(value), per_row)]
        for piece in pieces:
            w = _width(kind, piece)
            if rows[-1] and x + w > _RIGHT:
                rows.append([])
                x = _LEFT
            rows[-1].append(((kind, piece), x))
            x += w + _ITEM_GAP
    return rows


def _block_height(win: MahjongWin) -> int:
    return 58 + len(win_layout(win)) * _ROW_H + 6


def _draw_win(img: Image.Image, win: MahjongWin, y: int, wildcard: Tile | None) -> None:
    d = ImageDraw.Draw(img)
    h = _block_height(win)
    d.rounded_rectangle((10, y, _W - 10, y + h), radius=12, fill=TABLE)
    x = 24 + badge(d, (24, y + 28), "胡 win", _LABEL, WIN_FRAME) + 10
    name_room = _W - 40 - x
    caption = "  ·  ".join(p for p in (win.how, " ".join(win.hands)) if p)
    if caption:
        # The caption takes what the name leaves (a long name is cut first, to 200 px).
        name_w = min(text_width(win.name, _LABEL, True), 200)
        cw = min(text_width(caption, _SMALL + 2), _W - 40 - x - name_w - 12)
        draw_text(
            d,
            (_W - 26, y + 28),
            truncate(caption, _SMALL + 2, cw),
            _SMALL + 2,
            GOLD,
            bold=True,
            anchor="rm",
        )
        name_room -= cw + 12
    draw_text(
        d,
        (x, y + 28),
        truncate(win.name, _LABEL, name_room, True),
        _LABEL,
        WHITE,
        bold=True,
        anchor="lm",
    )
    _, th = tile_size(_T)
    top = y + 58
    for row in win_layout(win):
        bottom = top + 34 + th
        for (kind, value), ix in row:
            if kind == "tiles" or kind == "flowers":
                assert isinstance(value, list)
                if kind == "flowers":
                    wide = text_width("花 flowers", _SMALL, True) <= len(value) * (_T + _GAP)
                    label = "花 flowers" if wide else "花"
                    draw_text(d, (ix, top + 4), label, _SMALL, GOLD, bold=True)
                for i, tile in enumerate(value):
                    marked = wildcard is not None and tile == wildcard
                    sprite = tile_image(tile, _T, wildcard=marked)
                    img.paste(sprite, (ix + i * (_T + _GAP), bottom - sprite.height), sprite)
            elif kind == "win":
                assert isinstance(value, Tile)
                badge(d, (ix + 4, top + 16), "胡", _SMALL, WIN_FRAME)
                sprite = tile_image(value, _T, wildcard=wildcard is not None and value == wildcard)
                tx = ix + 4
                img.paste(sprite, (tx, bottom - sprite.height), sprite)
                d.rounded_rectangle(
                    (tx - 4, bottom - sprite.height - 4, tx + _T + 3, bottom + 3),
                    radius=8,
                    outline=WIN_FRAME,
                    width=4,
                )
            else:
                assert isinstance(value, Meld)
                if value.kind == "concealed_kong":
                    draw_text(d, (ix, top + 4), "暗杠 concealed", _SMALL, GOLD, bold=True)
                draw_meld(img, value, ix, bottom, _T, wildcard, reveal=True)
        top += _ROW_H


def mahjong_result_image(scene: MahjongResultScene) -> Image.Image:
    """Draw ``scene``: a header (the title, the 财神 labelled at a hand tile's size), then one
    green band per winner: 胡, the name, how the hand was won and its hand names; the
    concealed tiles by suit, the winning tile framed in :data:`WIN_FRAME` under a 胡 badge,
    the melds with every concealed kong face up (labelled 暗杠), the flowers. 760 px wide.
    """
    wild_w = wildcard_width(HAND_TILE_W) if scene.wildcard is not None else 0
    header_h = tile_size(HAND_TILE_W)[1] + 26 if scene.wildcard is not None else 64
    blocks = [_block_height(w) for w in scene.wins]
    height = header_h + sum(h + 10 for h in blocks) + 10
    img = Image.new("RGB", (_W, height), BG)
    d = ImageDraw.Draw(img)
    title = scene.title or "本局结束 hand over"
    room = _W - 36 - (wild_w + 12 if wild_w else 0)
    draw_text(
        d,
        (18, header_h / 2),
        truncate(title, _LABEL, room, True),
        _LABEL,
        WHITE,
        bold=True,
        anchor="lm",
    )
    if scene.wildcard is not None:
        draw_wildcard(img, scene.wildcard, _W - 18 - wild_w, 8, HAND_TILE_W)
    y = header_h
    for win, h in zip(scene.wins, blocks, strict=True):
        _draw_win(img, win, y, scene.wildcard)
        y += h + 10
    return img


def mahjong_result_png(scene: MahjongResultScene) -> bytes:
    """:func:`mahjong_result_image` encoded as PNG bytes."""
    return to_png(mahjong_result_image(scene))
