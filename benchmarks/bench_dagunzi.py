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
from collections.abc import Iterator

from benchmarks import Figure
from benchmarks.team_hands import measure_team_hands
from games.dagunzi import BOTS, DagunziGame, DagunziOptions
from games.dagunzi.selfplay import play_hand


def measure(hands: int, seed: int = 2026) -> tuple[float, float, int]:
    """``(heuristic win rate, median ms per hand, hands played)`` over ``hands`` hands."""
    return measure_team_hands(
        lambda s: DagunziGame(s, DagunziOptions()), BOTS, play_hand, hands, seed
    )


def run() -> Iterator[Figure]:
    hands = int(os.environ.get("PAIJU_BENCH_HANDS", "1000"))
    rate, median_ms, played = measure(hands)
    yield Figure(
        "dagunzi.heuristic_vs_random", rate, "share of hands won", ">= 0.8", {"hands": played}
    )
    yield Figure("dagunzi.hand_ms", median_ms, "ms", "< 150", {"hands": played})
