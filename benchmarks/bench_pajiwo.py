"""扒鸡窝 benchmarks: heuristic bot strength and the speed of a whole bot-only hand.

* ``pajiwo.heuristic_vs_random``: share of hands *won* by a team of two
  heuristic players against a team of two random-legal players. A hand is won
  by the side that comes out ahead in the seed's result table: the dealer side
  when it goes up (defenders under 80), the defenders when they reach 80 and
  take over the deal (pajiwo.txt:135-137). The heuristic team sits at 0 & 2 in
  even-numbered matches and at 1 & 3 in odd ones; matches are full matches
  (standard options), restarted with a new seed until the hands are played.
* ``pajiwo.hand_ms``: median CPU time (``time.process_time``, so that other load on a
  shared machine does not inflate it) of one whole hand (deal to result,
  bots' thinking included), over the same hands.

``PAIJU_BENCH_HANDS`` (default 1000) sets the number of hands.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from benchmarks import Figure
from benchmarks.team_hands import measure_team_hands
from games.pajiwo import BOTS, PajiwoGame, PajiwoOptions
from games.pajiwo.selfplay import play_hand


def measure(hands: int, seed: int = 2026) -> tuple[float, float, int]:
    """``(heuristic win rate, median ms per hand, hands played)`` over ``hands`` hands."""
    return measure_team_hands(
        lambda s: PajiwoGame(s, PajiwoOptions()), BOTS, play_hand, hands, seed
    )


def run() -> Iterator[Figure]:
    hands = int(os.environ.get("PAIJU_BENCH_HANDS", "1000"))
    rate, median_ms, played = measure(hands)
    yield Figure(
        "pajiwo.heuristic_vs_random", rate, "share of hands won", ">= 0.8", {"hands": played}
    )
    yield Figure("pajiwo.hand_ms", median_ms, "ms", "< 100", {"hands": played})
