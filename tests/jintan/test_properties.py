"""Invariants over random legal games: 144 tiles conserved after every move, hand sizes,
replay equals the live state, JSON round trip."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.base import Action
from games.jintan import BOTS, JintanGame, JintanOptions
from games.mahjong.selfplay import step


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.sampled_from(["random", "heuristic"]), min_size=4, max_size=4),
)
def test_random_games_conserve_tiles_and_replay(seed: int, kinds: list[str]) -> None:
    game = JintanGame(seed, JintanOptions(max_hands=2))
    players = [BOTS[k]() for k in kinds]
    rng = random.Random(seed)
    moves = 0
    while not game.is_over and moves < 600:
        assert step(game, players, rng) is not None
        moves += 1
        checks = game.invariants()
        assert checks["tiles_conserved"], game.snapshot()
        assert checks["hand_sizes"], game.snapshot()
    assert sum(game.totals) == 0
    again = JintanGame.replay(seed, game.options, game.actions)
    assert again.snapshot() == game.snapshot()
    record = json.loads(json.dumps(game.to_json()))
    assert JintanGame.from_json(record).snapshot() == game.snapshot()
    assert all(isinstance(a, Action) for a in game.actions)


def test_a_whole_match_ends_with_ranks() -> None:
    game = JintanGame(5)
    players = [BOTS["heuristic"]() for _ in range(4)]
    rng = random.Random(5)
    while step(game, players, rng) is not None:
        pass
    result = game.match_result
    assert result is not None and len(result.ranks) == 4
    assert list(result.scores) == game.totals
    best = max(game.totals)
    assert all((r == 1) == (game.totals[s] == best) for s, r in enumerate(result.ranks))
    assert game.pending() == []
