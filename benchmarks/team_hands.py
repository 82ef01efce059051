"""The hand-by-hand measure shared by the partnership games' benchmarks (扒鸡窝, 打滚子).

A team of two heuristic players plays a team of two random-legal players, whole matches
restarted with a new seed until ``hands`` hands are played; the heuristic team sits at 0 & 2
in even-numbered matches and at 1 & 3 in odd ones. A hand's winner is its result's
``summary["winner_team"]``; its time is CPU time (``time.process_time``), so other load on
a shared machine does not inflate it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from typing import Any

from games.base import Game, Player

__all__ = ["measure_team_hands"]


def measure_team_hands(
    new_game: Callable[[int], Game],
    bots: Mapping[str, Callable[[], Player]],
    play_hand: Callable[[Any, list[Player], random.Random], Any],
    hands: int,
    seed: int = 2026,
) -> tuple[float, float, int]:
    """``(heuristic win rate, median ms per hand, hands played)`` over ``hands`` hands.

    ``new_game(seed)`` starts a match with the game's standard options; ``play_hand(game,
    players, rng)`` plays one whole hand of it (the game's ``selfplay.play_hand``).
    """
    wins = 0
    times: list[float] = []
    match = 0
    while len(times) < hands:
        heuristic_team = match % 2
        kinds = ["heuristic" if s % 2 == heuristic_team else "random" for s in range(4)]
        players = [bots[k]() for k in kinds]
        game = new_game(seed + match)
        rng = random.Random(seed * 1000 + match)
        while not game.is_over and len(times) < hands:
            start = time.process_time()
            play_hand(game, players, rng)
            times.append((time.process_time() - start) * 1000)
            winner = game.hand_results[-1].summary["winner_team"]
            wins += int(winner[0] % 2 == heuristic_team)
        match += 1
    return wins / len(times), statistics.median(times), len(times)
