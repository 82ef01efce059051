"""What the pictures show: colours, legends, grouping, layout and the PNG encoding."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterable
from typing import cast

import pytest
from PIL import Image, ImageChops, ImageStat

from games.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    Rank,
    Suit,
    full_deck,
    parse_card,
    parse_cards,
)
from games.tiles import ALL_KINDS, FLOWERS, parse_tile, parse_tiles
from games.tricks.order import TRUMP, TrumpOrder
from render.cards import (
    CARD_W,
    CardGroup,
    _pieces,
    card_image,
    group_cards,
    hand_image,
    legend,
)
from render.common import GOLD, to_png
from render.mahjong import draw_meld, mahjong_hand_image
from render.scenes import MahjongHandScene, MahjongSeat, MahjongTableScene, Meld
from render.table import seat_boxes, side_of
from render.tiles import tile_back, tile_image
from render.trick import trick_table_image
from tests.render.samples import PICTURES, hand_39_groups, trick_scene


def _count(
    img: Image.Image,
    pred: Callable[[tuple[int, int, int]], bool],
    box: tuple[int, int, int, int] | None = None,
) -> int:
    region = img.convert("RGB").crop(box) if box else img.convert("RGB")
    pixels = cast(Iterable[tuple[int, int, int]], region.get_flattened_data())
    return sum(1 for px in pixels if pred(px))


def _red(px: tuple[int, int, int]) -> bool:
    return px[0] > 150 and px[1] < 90 and px[2] < 90


def _dark(px: tuple[int, int, int]) -> bool:
    return max(px) < 70


def _green(px: tuple[int, int, int]) -> bool:
    return px[1] > 100 and px[0] < 80 and px[2] < 120


def _blue(px: tuple[int, int, int]) -> bool:
    return px[2] > 130 and px[0] < 80


CORNER = (0, 0, 48, 100)  # the top-left index of a full-size card


@pytest.mark.parametrize("suit", list(Suit))
def test_suit_colours(suit: Suit) -> None:
    img = card_image(Card(Rank.QUEEN, suit))
    reds, darks = _count(img, _red, CORNER), _count(img, _dark, CORNER)
    if suit.is_red:
        assert reds > 200 and darks < 20
    else:
        assert darks > 200 and reds < 20


def test_jokers_big_red_small_black() -> None:
    big, small = card_image(BIG_JOKER), card_image(SMALL_JOKER)
    assert _count(big, _red, CORNER) > 200 and _count(big, _dark, CORNER) < 20
    assert _count(small, _dark, CORNER) > 200 and _count(small, _red, CORNER) < 20


def test_every_card_face_is_distinct() -> None:
    faces = {card_image(c, 60).tobytes() for c in full_deck(1)}
    assert len(faces) == 54


@pytest.mark.parametrize("style", ["ascii", "symbol"])
def test_legend_is_what_play_accepts(style: str) -> None:
    for card in full_deck(1):
        assert parse_card(legend(card, style)) == card  # type: ignore[arg-type]
    assert legend(Card(Rank.TEN, Suit.SPADES)) == "10s"
    assert legend(BIG_JOKER) == "BJ"


def test_group_cards_puts_trumps_first() -> None:
    order = TrumpOrder(Rank.SEVEN, Suit.HEARTS)
    cards = parse_cards("3s 7c 5h BJ As 2d 7h Kd")
    suits = [*Suit]
    groups = group_cards(
        cards,
        sort_key=lambda c: (
            0 if order.suit_of(c) == TRUMP else 1 + suits.index(order.suit_of(c)),
            -order.strength(c),
        ),
        group_of=order.suit_of,
        label_of=lambda g: "主" if g == TRUMP else str(g),
    )
    assert [g.label for g in groups] == ["主", "♠", "♦"]
    assert groups[0].cards == tuple(parse_cards("BJ 7h 7c 5h"))
    assert groups[1].cards == tuple(parse_cards("As 3s"))


def test_hand_of_39_takes_four_rows_and_splits_only_the_long_group() -> None:
    """The 39-card sample: 16 trumps cannot share one 880 px row once every legend has its
    room (``10h`` needs a 64 px strip), so the trumps run on into a second row (its part has
    no second label); every other group stays whole, each with its label."""
    groups = hand_39_groups()
    assert sum(len(g.cards) for g in groups) == 39
    rows = _pieces(groups, 880)
    assert len(rows) == 4
    parts = [(g.label, len(g.cards)) for row in rows for g, _ in row]
    assert [label for label, _ in parts] == ["主 trumps", "", *(g.label for g in groups[1:])]
    assert parts[0][1] + parts[1][1] == len(groups[0].cards) == 16
    img = hand_image(groups, title="t")
    assert img.width <= 880 + 36 + CARD_W


def test_empty_hand_draws() -> None:
    img = hand_image([])
    assert img.width >= 320


def test_tiles_are_distinct_and_coloured() -> None:
    faces = {tile_image(t, 40).tobytes() for t in (*ALL_KINDS, *FLOWERS)}
    assert len(faces) == 42
    red, green, white = (tile_image(parse_tile(x)) for x in ("中", "發", "白"))
    assert _count(red, _red) > 300
    assert _count(green, _green) > 300
    assert _count(white, _blue) > 200 and _count(white, _red) == 0
    assert _count(tile_image(parse_tile("1s")), _red) > 20  # the bird's crest
    wild = tile_image(parse_tile("5p"), wildcard=True)
    assert ImageChops.difference(wild, tile_image(parse_tile("5p"))).getbbox() is not None


def test_concealed_kong_shows_two_tiles_face_down() -> None:
    width = 40
    img = Image.new("RGB", (400, 100), (0, 0, 0))
    meld = Meld("concealed_kong", parse_tiles("9p9p9p9p"))
    end = draw_meld(img, meld, 0, 100, width, None)
    back = Image.new("RGB", tile_back(width).size, (0, 0, 0))
    back.paste(tile_back(width), (0, 0), tile_back(width))
    assert end == 4 * (width + 1)
    for i, expect_back in enumerate((True, False, False, True)):
        x = i * (width + 1)
        crop = img.crop((x, 100 - back.height, x + width, 100))
        same = ImageChops.difference(crop, back).getbbox() is None
        assert same == expect_back


def test_drawn_tile_is_set_apart() -> None:
    scene = MahjongHandScene(concealed=parse_tiles("123m456p789s EEN"), drawn=parse_tile("5p"))
    without = mahjong_hand_image(MahjongHandScene(concealed=parse_tiles("123m456p789s EEN 5p")))
    with_gap = mahjong_hand_image(scene)
    assert with_gap.width == without.width + 24


def test_turn_seat_has_gold_outline() -> None:
    scene = trick_scene()
    img = trick_table_image(scene)
    boxes = seat_boxes()
    for seat in range(4):
        x0, y0, _x1, y1 = boxes[side_of(seat, scene.viewer)].box
        px = img.getpixel((x0 - 3, (y0 + y1) // 2))
        assert (px == GOLD) == (seat == scene.turn)


def test_pngs_are_small_palette_images() -> None:
    for name, draw in PICTURES.items():
        png = to_png(draw())
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert len(png) < 300_000, name
        assert Image.open(io.BytesIO(png)).mode == "P"


def test_group_label_and_plain_card_list() -> None:
    rng = random.Random(5)
    cards = rng.sample(full_deck(2), 10)
    assert hand_image(cards).size == hand_image([CardGroup(tuple(cards))]).size


def test_shared_palette_fits_every_picture() -> None:
    """The shipped palette (render/assets/palette.png) still represents every sample
    picture closely; rebuild it with ``python -m tests.render.samples`` if this fails."""
    from render.palette import palette

    assert palette() is not None
    for name, draw in PICTURES.items():
        original = draw()
        encoded = Image.open(io.BytesIO(to_png(original))).convert("RGB")
        diff = ImageChops.difference(original, encoded)
        mean = sum(ImageStat.Stat(diff).mean) / 3
        assert mean < 2.5, f"{name}: mean palette error {mean:.2f}"


def test_long_play_from_a_side_seat_wraps_into_two_rows() -> None:
    """A 12-card straight in front of the left seat keeps every strip readable: two
    rows of six 84 px cards, strips at least the scaled MIN_STEP, inside the seat's area."""
    from render.table import MIN_STEP, ROW_DROP, TRICK_H, TRICK_W, draw_cards_row, play_layout

    img = Image.new("RGB", (900, 860))
    box = seat_boxes()["left"]
    cards = parse_cards("3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As")
    width, rows, step = play_layout(12, box.cards_max_w)
    assert (width, rows) == (84, 2)
    assert step >= MIN_STEP * 84 / TRICK_W
    x0, y0, x1, y1 = draw_cards_row(img, cards, box)
    assert y1 - y0 == round(84 * 1.4) + ROW_DROP * 84 // TRICK_W  # two rows
    assert x1 - x0 == 5 * step + 84  # six cards a row
    assert x1 <= box.cards_centre[0] + box.cards_max_w
    short = draw_cards_row(img, cards[:3], box)
    assert short[3] - short[1] == TRICK_H


@pytest.mark.parametrize("n", [1, 2, 4, 8, 12, 16, 20, 25])
def test_plays_from_opposite_seats_never_meet(n: int) -> None:
    """Left and right seats both throwing ``n`` cards (up to a whole 25-card hand) stay
    apart, and every strip keeps its corner index (at least the scaled MIN_STEP) up to
    a 20-card throw; rows never exceed three."""
    from render.table import MIN_STEP, TRICK_W, draw_cards_row, play_layout

    img = Image.new("RGB", (900, 860))
    boxes = seat_boxes()
    cards = parse_cards(" ".join(["As"] * n))
    left = draw_cards_row(img, cards, boxes["left"])
    right = draw_cards_row(img, cards, boxes["right"])
    assert left[2] < right[0]
    width, rows, step = play_layout(n, boxes["left"].cards_max_w)
    assert rows <= 3
    if n <= 20 and n > 1:
        assert step * TRICK_W >= MIN_STEP * width


def test_warm_up_caches_the_card_faces() -> None:
    from render.warm import warm_up

    assert warm_up(cards=True, tiles=False) == 54 * 2
    assert card_image.cache_info().currsize >= 108


def test_four_kongs_and_eight_flowers_stay_inside_the_pictures() -> None:
    """Four kongs and eight flowers do not fit one row: on the table they wrap into rows
    inside the band (every meld and the flower block once, each row within the table's width); in
    the hand picture the flowers go below the melds, so neither picture grows wider
    (smaller on a phone) nor cuts a tile off."""
    from render.mahjong import _W, TABLE_TILE_W, _item_width, exposed_layout, mahjong_table_image
    from render.tiles import tile_size

    t = parse_tiles
    kongs = [
        Meld("concealed_kong", t("1111m")),
        Meld("kong", t("2222p"), claimed=3),
        Meld("added_kong", t("3333s"), claimed=0),
        Meld("concealed_kong", t("EEEE")),
    ]
    rows = exposed_layout(kongs, FLOWERS)
    assert len(rows) == 3  # two kongs a row on the 760 px table, the eight flowers apart
    assert [item for row in rows for item in row] == [*kongs, tuple(FLOWERS)]
    assert all(24 + sum(_item_width(item) for item in row) <= _W - 24 for row in rows)
    assert len(exposed_layout(kongs[:1], FLOWERS[:2])) == 1
    assert exposed_layout([], []) == []
    seat = MahjongSeat(name="x", melds=kongs, flowers=FLOWERS, discards=t("123m"))
    table = MahjongTableScene(seats=[seat] * 4, wall_left=0)
    plain = MahjongTableScene(seats=[MahjongSeat(name="x", discards=t("123m"))] * 4, wall_left=0)
    exposed_h = tile_size(TABLE_TILE_W)[1] + 10  # one row of melds or flowers
    grown = mahjong_table_image(table).height - mahjong_table_image(plain).height
    assert grown == 4 * 3 * exposed_h
    scene = MahjongHandScene(concealed=t("C"), melds=kongs, drawn=parse_tile("C"), flowers=FLOWERS)
    two_rows = mahjong_hand_image(scene)
    assert two_rows.width < 960
    one_row = mahjong_hand_image(MahjongHandScene(concealed=t("C"), melds=kongs))
    assert two_rows.height > one_row.height + 80


def test_long_title_never_widens_a_hand() -> None:
    img = hand_image(parse_cards("3s 3s 3s"), title="很长的标题 " * 40, max_width=600)
    assert img.width <= 600 + 2 * 18


def test_side_seat_badges_move_below_so_the_name_stays_readable() -> None:
    """A narrow side panel with three badges (庄, 三游, B队) keeps at least NAME_MIN_W px
    for the name by putting the badges on a line of their own at the bottom."""
    from render.fonts import text_width
    from render.table import NAME_MIN_W, draw_seat

    box = seat_boxes()["right"]
    x0, y0, x1, y1 = box.box
    tags = [("三游", GOLD), ("B队", (230, 110, 40))]
    img = Image.new("RGB", (900, 860))
    draw_seat(img, box, "Alexander Longname", ["0 张"], dealer=True, tags=tags)
    assert text_width("Alexander", 28, True) > NAME_MIN_W
    # Bottom line: badges (red 庄 first); name line: dark name text, no red badge.
    reds = lambda px: px[0] > 180 and px[1] < 70 and px[2] < 70  # noqa: E731
    assert _count(img, reds, (x0, y1 - 36, x1, y1)) > 50
    assert _count(img, reds, (x0, y0, x1, y0 + 44)) == 0


@pytest.mark.parametrize("side", ["top", "bottom"])
def test_long_throw_never_covers_the_seat_panel(side: str) -> None:
    """A 25-card throw from the top or bottom seat takes two rows that grow away from
    the seat's panel."""
    from render.table import draw_cards_row

    box = seat_boxes()[side]
    img = Image.new("RGB", (900, 860))
    _x0, y0, _x1, y1 = draw_cards_row(img, parse_cards(" ".join(["As"] * 25)), box)
    _px0, py0, _px1, py1 = box.box
    assert y0 >= py1 if side == "top" else y1 <= py0


def test_finished_trick_is_faded_and_the_current_one_is_not() -> None:
    """The last trick shown between tricks (a winner is set) is blended into the felt;
    the same cards as the current trick keep their white faces."""
    from dataclasses import replace

    from render.trick import trick_table_image
    from tests.render.samples import trick_over_scene

    last = trick_over_scene()
    current = replace(last, trick_winner=None, trick_caption="", kitty=())
    white = lambda px: min(px) > 240  # noqa: E731
    box = (230, 600, 670, 740)  # the bottom seat's 12 cards
    assert _count(trick_table_image(current), white, box) > 20000
    assert _count(trick_table_image(last), white, box) == 0


def test_huge_leaderboard_numbers_shrink_to_their_column() -> None:
    from render.fonts import text_width
    from render.leaderboard import leaderboard_image
    from render.ranking import fit as _fit
    from render.scenes import LeaderboardRow

    size = _fit("1000000000", 26, 84, True)
    assert size < 26 and text_width("1000000000", size, True) <= 84
    assert _fit("1500", 26, 84, True) == 26  # ordinary ratings keep the full size
    row = LeaderboardRow(rank=100000, name="Bob", rating=1e9, games=123456789, win_rate=0.5)
    assert leaderboard_image([row]).width == 760


def _ink_columns(sprite: Image.Image, rows: range) -> set[int]:
    """Columns of ``sprite`` holding rank ink (red or dark) within ``rows``."""
    rgb = sprite.convert("RGB")
    return {
        x
        for x in range(rgb.width)
        for y in rows
        if _red(cast(tuple[int, int, int], rgb.getpixel((x, y))))
        or _dark(cast(tuple[int, int, int], rgb.getpixel((x, y))))
    }


@pytest.mark.parametrize("card", ["10h", "10s"])
def test_the_0_of_a_10_fits_the_narrowest_strip_on_the_table(card: str) -> None:
    """Issue 8: in the hand-over table the "0" of a 10 was cut off where cards overlap
    tightly. At the tightest overlap (render.table.MIN_STEP px of a TRICK_W px card)
    the whole "10" lies left of the next card's edge, and the "0" is really drawn."""
    from render.table import MIN_STEP, TRICK_W

    sprite = card_image(parse_card(card), TRICK_W)
    rank_rows = range(6, 34)  # the rank of the corner index, above the suit symbol
    cols = _ink_columns(sprite, rank_rows)
    assert cols and max(cols) < MIN_STEP  # the next card starts at MIN_STEP
    nine = _ink_columns(card_image(parse_card(card.replace("10", "9")), TRICK_W), rank_rows)
    assert max(cols) - min(cols) > 1.3 * (max(nine) - min(nine))  # two digits, not one


def test_a_cut_names_ellipsis_sits_on_the_baseline() -> None:
    """Issue 8: the "…" of a truncated name used Noto Sans CJK's centred ellipsis; its dots
    now end on the baseline, where a full stop ends."""
    from PIL import ImageDraw

    from render.fonts import draw_text, truncate

    def ink_bottom(text: str) -> int:
        img = Image.new("L", (400, 100), 0)
        draw_text(ImageDraw.Draw(img), (10, 50), text, 28, 255, bold=True, anchor="lm")
        box = img.getbbox()
        assert box is not None
        return box[3]

    cut = truncate("Maximilian Alexander von Hohenzollern", 28, 160, True)
    assert cut.endswith("…")
    dots = ink_bottom("…")
    assert abs(dots - ink_bottom(".")) <= 1
    assert abs(dots - ink_bottom("n")) <= 1  # a letter without descender: the baseline


def test_the_mahjong_hand_ends_a_margin_below_its_last_tiles() -> None:
    """Issue 8: the hand picture had an empty band at its foot; it now ends 18 px (its
    margin, as at its left edge) below the melds and flowers, in one row or two."""
    from render.common import BG
    from tests.render.samples import mahjong_hand_scene

    def foot(img: Image.Image) -> int:
        rgb = img.convert("RGB")
        rows = [
            y
            for y in range(rgb.height)
            if any(rgb.getpixel((x, y)) != BG for x in range(0, rgb.width, 2))
        ]
        return rgb.height - 1 - max(rows)

    assert 16 <= foot(mahjong_hand_image(mahjong_hand_scene())) <= 19
    two_rows = MahjongHandScene(
        concealed=parse_tiles("123m 55p 7s"),
        melds=[
            Meld("pong", parse_tiles("CCC"), claimed=1),
            Meld("kong", parse_tiles("9p9p9p9p")),
            Meld("pong", parse_tiles("EEE"), claimed=2),
            Meld("chow", parse_tiles("345s"), claimed=0),
        ],
        flowers=parse_tiles("春 梅 竹 菊 兰 夏"),
    )
    assert 16 <= foot(mahjong_hand_image(two_rows)) <= 19


def test_the_climbing_table_sample_labels_the_cards_it_shows() -> None:
    """Issue 8: the sample labelled four cards (5 10 K K) as 510K, which is three: a single
    5, 10 and K (dagun_and_jinhua-mahjong.txt:21-23)."""
    from tests.render.samples import climb_scene

    last = climb_scene().last_play
    assert last is not None
    _seat, cards, label = last
    assert "510K" in label
    assert sorted(c.rank.label for c in cards) == ["10", "5", "K"]
