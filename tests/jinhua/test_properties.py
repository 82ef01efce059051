"""Invariants over random legal Jinhua games: 136 (or 144) tiles conserved after every
move, hand sizes, replay equals the live state, JSON round trip, scores sum to zero."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.jinhua import BOTS, JinhuaGame, JinhuaOptions
from games.mahjong.selfplay import step


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.sampled_from(["random", "heuristic"]), min_size=4, max_size=4),
    flowers=st.booleans(),
)
def test_random_games_conserve_tiles_and_replay(seed: int, kinds: list[str], flowers: bool) -> None:
    options = JinhuaOptions(max_hands=2, flowers=flowers)
    game = JinhuaGame(seed, options)
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
    again = JinhuaGame.replay(seed, game.options, game.actions)
    assert again.snapshot() == game.snapshot()
    record = json.loads(json.dumps(game.to_json()))
    assert JinhuaGame.from_json(record).snapshot() == game.snapshot()


def test_a_whole_match_ends_with_ranks_and_a_caishen_each_hand() -> None:
    game = JinhuaGame(5)
    players = [BOTS["heuristic"]() for _ in range(4)]
    rng = random.Random(5)
    caishen = set()
    while step(game, players, rng) is not None:
        caishen.add(game.caishen)
    result = game.match_result
    assert result is not None and len(result.ranks) == 4
    assert list(result.scores) == game.totals
    assert len(caishen) > 1  # a new indicator each hand
    for hand in game.hand_results:
        assert hand.summary["caishen"] == hand.summary["indicator"]
