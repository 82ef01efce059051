"""render.pajiwo: a real Pajiwo engine view becomes the table scene and hand groups."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.cards import Suit, parse_card
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.engine import PajiwoGame
from render.pajiwo import hand_groups, table_scene
from render.trick import trick_table_png

NAMES = ["张伟", "Alice", "李小龙", "王芳"]


def _view_mid_trick(seed: int = 7) -> dict[str, Any]:
    """Play with bots until the third card of a trick after two finished tricks."""
    game = PajiwoGame(seed=seed)
    bot, rng = HeuristicPlayer(), random.Random(1)
    for _ in range(2000):
        action = game.table_action()
        if action is not None:
            game.apply(action)
            continue
        view = game.view(0)
        if view["phase"] == "play" and len(view["trick"]["plays"]) == 3 and view["tricks_played"]:
            return view
        pending = [d for d in game.pending() if d.seat is not None]
        seat = next((d.seat for d in pending if d.required), pending[0].seat)
        assert seat is not None
        game.apply(bot.choose(game, seat, rng))
    raise AssertionError("never reached a trick in play")


def test_scene_from_real_view() -> None:
    view = _view_mid_trick()
    scene = table_scene(view, NAMES, deadline="0:25")
    assert scene.names == NAMES
    assert scene.viewer == 0
    assert list(scene.cards_left) == view["hand_counts"]
    assert [s for s, _ in scene.trick] == [p["seat"] for p in view["trick"]["plays"]]
    assert [[parse_card(c) for c in p["cards"]] for p in view["trick"]["plays"]] == [
        list(cards) for _, cards in scene.trick
    ]
    assert scene.level == view["level"]
    assert scene.dealer == view["dealer"]
    assert scene.turn == view["turn"][0]
    assert scene.trump_suit == (Suit(view["trump"]["suit"]) if view["trump"]["suit"] else None)
    dealer_team = view["dealer"] % 2  # teams are (0, 2) and (1, 3)
    assert scene.points == [
        ("庄家方", view["points"][dealer_team]),
        ("闲家方", view["points"][1 - dealer_team]),
    ]
    assert list(scene.teams) == [0, 1, 0, 1]
    assert trick_table_png(scene)[:4] == b"\x89PNG"


def test_hand_groups_trumps_first_and_complete() -> None:
    view = _view_mid_trick()
    groups = hand_groups(view)
    cards = [c for g in groups for c in g.cards]
    assert Counter(cards) == Counter(parse_card(c) for c in view["hand"])
    level, suit = view["level"], view["trump"]["suit"]
    first = groups[0]
    if first.label.startswith("主"):
        for card in first.cards:
            assert card.is_joker or card.rank.label == level or card.suit == Suit(suit)
    for group in groups[1:]:
        assert len({c.suit for c in group.cards}) == 1
        assert all(c.rank.label != level and not c.is_joker for c in group.cards)


def test_sparse_view_is_tolerated() -> None:
    scene = table_scene({"phase": "deal", "trump": {"suit": None, "no_trump": True}}, NAMES)
    assert scene.no_trump and scene.trick == [] and scene.turn is None
    assert scene.points == [("A队", 0), ("B队", 0)]
    assert scene.phase == "发牌 dealing"
    assert hand_groups({"hand": None}) == []
