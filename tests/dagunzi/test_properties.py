"""Invariants over random legal games (hypothesis + bots): 162 cards conserved, replay equals
the live state, views are JSON and hide other hands."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.dagunzi import BOTS, DagunziGame, DagunziOptions
from games.dagunzi.selfplay import step

KINDS = st.sampled_from(["random", "heuristic"])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    deal=st.sampled_from(["progressive", "all_at_once"]),
    bang=st.sampled_from(["huobang", "sibang"]),
    kinds=st.lists(KINDS, min_size=4, max_size=4),
    hands=st.integers(1, 2),
)
def test_cards_conserved_and_replay_equals_live(
    seed: int, deal: str, bang: str, kinds: list[str], hands: int
) -> None:
    opts = DagunziOptions(deal=deal, bang=bang, deal_round=13, match="hands", hands=hands)
    game = DagunziGame(seed, opts)
    players = [BOTS[k]() for k in kinds]
    rng = random.Random(seed)
    while not game.is_over:
        applied = step(game, players, rng)
        assert applied, "a live game always has a next step"
        checks = game.invariants()
        assert checks == {"cards_conserved": True, "hand_sizes": True, "points_total": True}, (
            game.actions[-1]
        )
    assert len(game.hand_results) == hands
    record = json.loads(json.dumps(game.to_json(), ensure_ascii=False))
    again = DagunziGame.from_json(record)
    assert again.snapshot() == game.snapshot()
    for seat in (None, 0, 1, 2, 3):
        assert json.loads(json.dumps(game.view(seat))) == again.view(seat)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), cut=st.integers(5, 400))
def test_replay_midway_equals_live_and_views_hide_hands(seed: int, cut: int) -> None:
    game = DagunziGame(seed, DagunziOptions(deal="all_at_once", match="one_hand"))
    players = [BOTS["random"]() for _ in range(4)]
    rng = random.Random(seed)
    while len(game.actions) < cut and not game.is_over:
        step(game, players, rng)
    again = DagunziGame.replay(seed, game.options, game.actions)
    assert again.snapshot() == game.snapshot()
    for seat in range(4):
        view = game.view(seat)
        assert sorted(view["hand"]) == sorted(again.view(seat)["hand"])
        text = json.dumps(view)
        for other in range(4):
            if other != seat and game.hands[other]:
                assert view["hand_counts"][other] == len(game.hands[other])
        assert "hands" not in view and text
    assert game.view(None)["hand"] is None
