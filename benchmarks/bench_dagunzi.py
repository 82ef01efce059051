"""打滚子 benchmarks: heuristic bot strength and the speed of a whole bot-only hand.

* ``dagunzi.heuristic_vs_random``: share of hands *won* by a team of two heuristic players
  against two random-legal players. A hand is won by the side that keeps or takes the deal:
  the dealer side when the defenders score under 120, else the defenders
  (dagunzi.txt:83-97; ``HandResult.summary["winner_team"]``). The heuristic team sits at
  0 & 2 in even-numbered matches and at 1 & 3 in odd ones; matches are standard (one 轮),
  restarted with a new seed until the hands are played.
* ``dagunzi.hand_ms``: median CPU time (``time.process_time``) of one whole hand (deal to
  result, bots' thinking included), over the same hands.

``PAIJU_BENCH_HANDS`` (default 1000) sets the number of hands.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Iterator

from benchmarks import Figure
from games.dagunzi import BOTS, DagunziGame, DagunziOptions
from games.dagunzi.selfplay import play_hand


def measure(hands: int, seed: int = 2026) -> tuple[float, float, int]:
    """``(heuristic win rate, median ms per hand, hands played)`` over ``hands`` hands."""
    wins = 0
    times: list[float] = []
    match = 0
    while len(times) < hands:
        heuristic_team = match % 2
        kinds = ["heuristic" if s % 2 == heuristic_team else "random" for s in range(4)]
        players = [BOTS[k]() for k in kinds]
        game = DagunziGame(seed + match, DagunziOptions())
        rng = random.Random(seed * 1000 + match)
        while not game.is_over and len(times) < hands:
            start = time.process_time()
            play_hand(game, players, rng)
            times.append((time.process_time() - start) * 1000)
            winner = game.hand_results[-1].summary["winner_team"]
            wins += int(winner[0] % 2 == heuristic_team)
        match += 1
    return wins / len(times), statistics.median(times), len(times)


def run() -> Iterator[Figure]:
    hands = int(os.environ.get("PAIJU_BENCH_HANDS", "1000"))
    rate, median_ms, played = measure(hands)
    yield Figure(
        "dagunzi.heuristic_vs_random", rate, "share of hands won", ">= 0.8", {"hands": played}
    )
    yield Figure("dagunzi.hand_ms", median_ms, "ms", "< 150", {"hands": played})
