"""render.dagunzi: a real Dagunzi engine view becomes the hand picture (39 cards, trumps
first, 2s among them) and the trick table."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.cards import Rank, Suit, parse_card
from games.dagunzi import BOTS, DagunziGame, DagunziOptions
from games.dagunzi.selfplay import step
from render.cards import hand_png
from render.dagunzi import hand_groups, table_scene
from render.trick import trick_table_png

NAMES = ["张伟", "Alice", "李小龙", "王芳"]


def _view_mid_trick(seed: int = 3) -> dict[str, Any]:
    game = DagunziGame(seed, DagunziOptions(deal="all_at_once"))
    players, rng = [BOTS["heuristic"]() for _ in range(4)], random.Random(1)
    for _ in range(3000):
        view = game.view(0)
        if view["phase"] == "play" and len(view["trick"]["plays"]) == 2 and view["tricks_played"]:
            return view
        step(game, players, rng)
    raise AssertionError("never reached a trick in play")


def test_hand_groups_trumps_first_with_the_twos() -> None:
    view = _view_mid_trick()
    groups = hand_groups(view)
    cards = [c for g in groups for c in g.cards]
    assert Counter(cards) == Counter(parse_card(c) for c in view["hand"])
    level, suit = view["level"], Suit(view["trump"]["suit"])
    assert groups[0].label == "主 trumps"
    for card in groups[0].cards:
        assert card.is_joker or card.rank.label in (level, "2") or card.suit == suit
    for group in groups[1:]:
        assert len({c.suit for c in group.cards}) == 1
        assert all(c.rank.label not in (level, "2") for c in group.cards)
    assert hand_png(groups)[:4] == b"\x89PNG"


def test_full_hand_of_39_draws() -> None:
    game = DagunziGame(5, DagunziOptions(deal="all_at_once"))
    players, rng = [BOTS["heuristic"]() for _ in range(4)], random.Random(2)
    while game.phase != "play":
        step(game, players, rng)
    seat = next(s for s in range(4) if s != game.dealer)
    view = game.view(seat)
    assert len(view["hand"]) == 39
    groups = hand_groups(view)
    assert sum(len(g.cards) for g in groups) == 39
    assert hand_png(groups)[:4] == b"\x89PNG"


def test_table_scene_from_real_view() -> None:
    view = _view_mid_trick()
    scene = table_scene(view, NAMES, deadline="0:25")
    assert scene.title == "打滚子 Dagunzi" and scene.phase == "出牌 play"
    assert [s for s, _ in scene.trick] == [p["seat"] for p in view["trick"]["plays"]]
    dealer_team = view["dealer"] % 2
    assert scene.points == [
        ("庄家方", view["points"][dealer_team]),
        ("抓分方", view["points"][1 - dealer_team]),
    ]
    # the buried kitty is not drawn unless it is public (jokers buried)
    assert (scene.kitty != []) == bool(view["kitty_public"])
    assert trick_table_png(scene)[:4] == b"\x89PNG"


def test_a_rank_label_is_ascii_digits_only() -> None:
    """A "²" is a digit to str.isdigit() but not to int() (it raised), "٣" another 3."""
    from render.dagunzi import _rank
    from render.pajiwo import _level_rank

    for bad in ("²", "٣", "1", "11", "", "-2"):
        assert _rank(bad) is None and _level_rank(bad) is None, bad
    assert _rank("10") == _level_rank("10") == Rank.TEN and _rank("Q") == Rank.QUEEN
