"""The hand picture's legends and marks: every card's legend stands apart from its
neighbours at any hand size ("10h 10d", never "10h10d"), and the cards just taken from the
kitty (底牌) are marked in the picture as the menus mark them, for 扒鸡窝 and 打滚子."""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from games.cards import Card, full_deck, parse_card, parse_cards
from games.dagunzi import BOTS, DagunziGame, DagunziOptions
from games.dagunzi.selfplay import step
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.engine import PajiwoGame
from render import dagunzi, pajiwo
from render.cards import (
    CARD_H,
    LABEL_H,
    LEGEND_H,
    MARK,
    ROW_GAP,
    CardGroup,
    LegendStyle,
    _pieces,
    group_cards,
    group_span,
    hand_image,
)

Pixel = tuple[int, int, int]


def _ink(px: Pixel) -> bool:
    """A legend's light text on the dark page (the page is (30, 33, 40))."""
    return min(px) > 110


def _mark(px: Pixel) -> bool:
    return all(abs(a - b) < 40 for a, b in zip(px, MARK, strict=True))


def _clusters(
    img: Image.Image, box: tuple[int, int, int, int], pred: Callable[[Pixel], bool]
) -> int:
    """Runs of columns holding a ``pred`` pixel inside ``box``, runs closer than 10 px
    joined: the gaps inside one legend are 7 px at most (♦ to K), between two legends at
    least LEGEND_GAP (12 px)."""
    x0, y0, x1, y1 = box
    rgb = img.convert("RGB")
    cols = [any(pred(rgb.getpixel((x, y))) for y in range(y0, y1)) for x in range(x0, x1)]  # type: ignore[arg-type]
    runs, gap = 0, 99
    for on in cols:
        if on:
            if gap >= 10:
                runs += 1
            gap = 0
        else:
            gap += 1
    return runs


def _legend_bands(
    groups: Sequence[CardGroup], style: LegendStyle, top: int = 0
) -> list[tuple[tuple[int, int, int, int], int]]:
    """Each row's legend band (a box) and how many cards the row holds."""
    row_h = LABEL_H + CARD_H + LEGEND_H + ROW_GAP
    out = []
    for r, row in enumerate(_pieces(groups, 880, style)):
        y = top + r * row_h + 6 + LABEL_H + CARD_H + 4
        out.append(((0, y, 916 + 120, y + LEGEND_H - 6), sum(len(g.cards) for g, _ in row)))
    return out


def _by_suit(cards: list[Card]) -> list[CardGroup]:
    return group_cards(
        cards,
        sort_key=lambda c: (c.suit.value if c.suit else "Z", -c.rank),
        group_of=lambda c: c.suit,
    )


@pytest.mark.parametrize("style", ["ascii", "symbol"])
def test_tens_side_by_side_keep_their_legends_apart(style: LegendStyle) -> None:
    """Four tens in a row (the widest legends, 52 px for "10h" at 28 px) are four legends;
    the old 50 px strips ran them together into one "10h10d10s10c"."""
    groups = [CardGroup(tuple(parse_cards("10h 10d 10s 10c 10h 9h")))]
    img = hand_image(groups, legend_style=style)
    ((band, n),) = _legend_bands(groups, style)
    assert n == 6
    assert _clusters(img, (0, band[1], img.width, band[3]), _ink) == 6


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.sampled_from(full_deck(3)), min_size=1, max_size=45),
    st.sampled_from(["ascii", "symbol"]),
)
def test_every_legend_stands_apart_at_every_hand_size(
    cards: list[Card], style: LegendStyle
) -> None:
    groups = _by_suit(cards)
    img = hand_image(groups, legend_style=style)
    bands = _legend_bands(groups, style)
    assert sum(n for _, n in bands) == len(cards)
    for (x0, y0, _x1, y1), n in bands:
        assert _clusters(img, (x0, y0, img.width, y1), _ink) == n


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(full_deck(3)), max_size=45), st.integers(300, 1400))
def test_rows_hold_every_card_once_within_the_width(cards: list[Card], max_width: int) -> None:
    rows = _pieces(_by_suit(cards), max_width)
    assert Counter(c for row in rows for g, _ in row for c in g.cards) == Counter(cards)
    for row in rows:
        g, x = row[-1]
        assert x + group_span(g.cards) <= max(max_width, 120)


# ---------------------------------------------------------------- kitty marks


def _pajiwo_bury_game(seed: int = 5) -> PajiwoGame:
    game = PajiwoGame(seed=seed)
    bot, rng = HeuristicPlayer(), random.Random(seed)
    for _ in range(5000):
        action = game.table_action()
        if action is not None:
            game.apply(action)
            continue
        if game.phase == "bury":
            return game
        pending = [d for d in game.pending() if d.seat is not None]
        seat = next((d.seat for d in pending if d.required), pending[0].seat)
        assert seat is not None
        game.apply(bot.choose(game, seat, rng))
    raise AssertionError("never reached the bury")


def _pajiwo_bury_view() -> dict[str, Any]:
    game = _pajiwo_bury_game()
    assert game.kitty_owner is not None
    return game.view(game.kitty_owner)


def _dagunzi_bury_view(seed: int = 5) -> dict[str, Any]:
    game = DagunziGame(seed, DagunziOptions(deal="all_at_once"))
    players, rng = [BOTS["heuristic"]() for _ in range(4)], random.Random(2)
    for _ in range(3000):
        if game.phase == "bury":
            return game.view(game.dealer)
        step(game, players, rng)
    raise AssertionError("never reached the bury")


def _png(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def _mark_legends(img: Image.Image, groups: list[CardGroup]) -> int:
    """Legends drawn in the mark's colour, counted row by row (the key line above the hand
    is 40 px, and the rows stand LIFT px apart more when a card is marked)."""
    from render.cards import LIFT

    row_h = LABEL_H + CARD_H + LEGEND_H + ROW_GAP + LIFT
    total = 0
    for r, row in enumerate(_pieces(groups, 880)):
        y = 40 + r * row_h + 6 + LIFT + LABEL_H + CARD_H + 4
        total += _clusters(img, (0, y, img.width, y + LEGEND_H - 6), _mark)
        assert sum(len(g.cards) for g, _ in row) > 0
    return total


@pytest.mark.parametrize(
    ("adapter", "view_of", "kitty"),
    [(pajiwo, _pajiwo_bury_view, 8), (dagunzi, _dagunzi_bury_view, 6)],
    ids=["pajiwo", "dagunzi"],
)
def test_cards_from_the_kitty_are_marked_while_burying(
    adapter: Any, view_of: Any, kitty: int
) -> None:
    """The burying seat's picture marks exactly the kitty's cards (one legend in the mark's
    colour per card taken, duplicates counted once each); the same hand without the
    picked-up key has no mark at all, and the digest input differs so the picture is redrawn."""
    view = view_of()
    taken = [parse_card(c) for c in view["picked_up"]]
    assert len(taken) == kitty
    hand = Counter(parse_card(c) for c in view["hand"])
    assert not Counter(taken) - hand  # the kitty's cards are in the hand
    assert adapter.picked_up(view) == taken
    marked = _png(adapter.hand_png(view))
    plain_view = {**view, "picked_up": None}
    plain = _png(adapter.hand_png(plain_view))
    assert sum(1 for px in plain.get_flattened_data() if _mark(px)) == 0
    assert _mark_legends(marked, adapter.hand_groups(view)) == kitty
    assert marked.height > plain.height  # the key line and the lift
    assert adapter.hand_input(view) != adapter.hand_input(plain_view)


def test_other_seats_and_play_have_no_marks() -> None:
    """Only the burying seat's view holds the picked-up cards: another seat's picture (and
    every picture once play starts) is unmarked."""
    game = _pajiwo_bury_game()
    owner = game.kitty_owner
    assert owner is not None and game.view(owner)["picked_up"]
    other = (owner + 1) % 4
    assert pajiwo.picked_up(game.view(other)) == []
    img = _png(pajiwo.hand_png(game.view(other)))
    assert sum(1 for px in img.get_flattened_data() if _mark(px)) == 0
