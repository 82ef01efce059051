"""The claim pause's cost (option ``claim_pause_ms``, docs/security.md).

At a live mahjong table with people every discard (and every robbable added kong) is held
for a pause drawn from ½ to 1½ × ``claim_pause_ms``, so that nobody learns from the timing
who could claim it. Its cost is the seconds it adds to a hand: the sum of the pauses' drawn
``delay_s`` over one-hand games of the heuristic bots with ``claim_pause_ms=2000`` (the
host's setting for a table with people).

* ``claim_pause.KEY.added_s_per_hand``: mean added seconds per hand (``extra``: median, max,
  pauses per hand).

``PAIJU_BENCH_HANDS`` (default 40) sets the number of hands per game.
"""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Iterator

from benchmarks import Figure
from games.base import Action
from games.registry import GAMES


def added_seconds(key: str, hands: int, pause_ms: int = 2000) -> tuple[list[float], list[int]]:
    """Per hand: the pauses' seconds summed, and how many pauses."""
    spec = GAMES[key]
    engine = spec.engine()
    totals: list[float] = []
    counts: list[int] = []
    for seed in range(1, hands + 1):
        options = engine.options_type.from_dict({"match": "one_hand", "claim_pause_ms": pause_ms})
        game = engine(seed, options)
        bots = {s: spec.bots()["heuristic"]() for s in range(engine.seat_count)}
        rng = random.Random(seed)
        total, count = 0.0, 0
        while not game.is_over:
            required = [d for d in game.pending() if d.required]
            seats = [d for d in required if d.seat is not None]
            if seats:
                seat = seats[0].seat
                assert seat is not None
                move = bots[seat].choose(game, seat, rng)
            else:
                step = required[0]
                if step.kinds == ("close_window",):
                    total += step.delay_s or 0.0
                    count += 1
                move = game.table_action() or Action(None, step.kinds[0])
            game.apply(move)
        totals.append(total)
        counts.append(count)
    return totals, counts


def run() -> Iterator[Figure]:
    hands = int(os.environ.get("PAIJU_BENCH_HANDS", "40"))
    for key in ("jintan", "jinhua"):
        totals, counts = added_seconds(key, hands)
        yield Figure(
            f"claim_pause.{key}.added_s_per_hand",
            statistics.mean(totals),
            "s",
            None,
            {
                "median_s": round(statistics.median(totals), 1),
                "max_s": round(max(totals), 1),
                "pauses_per_hand": round(statistics.mean(counts), 1),
                "hands": hands,
            },
        )
