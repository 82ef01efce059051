"""金坛麻将 and mahjong-core benchmarks.

* ``jintan.heuristic_vs_random``: of the hands that have a winner, the share won by the one
  heuristic seat against three random-legal seats (the heuristic seat moves round the
  table from match to match; standard options). A hand with several winners counts as
  the heuristic's when it is among them.
* ``jintan.hand_ms``: median CPU time (``time.process_time``) of one whole hand, deal to
  result, bots' thinking included, over the same hands.
* ``mahjong.win_checks_per_s``: complete-hand checks (:func:`games.mahjong.shapes.is_win`)
  per CPU second on one core, over a fixed mix of 14-tile hands (a third complete, a third
  one tile off, a third random).
* ``mahjong.waits_ms``: median CPU time of the waiting tiles of a 13-tile hand
  (:func:`games.mahjong.shapes.waits`), over ready and random hands.

``PAIJU_BENCH_HANDS`` (default 300) sets the number of hands.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Iterator

from benchmarks import Figure
from games.jintan import BOTS, JintanGame, JintanOptions
from games.mahjong import shapes
from games.mahjong.selfplay import play_hand


def measure_hands(hands: int, seed: int = 2026) -> tuple[float, float, int, int]:
    """``(heuristic share of won hands, median ms per hand, hands, hands with a winner)``."""
    won = with_winner = 0
    times: list[float] = []
    match = 0
    while len(times) < hands:
        hero = match % 4
        players = [BOTS["heuristic" if s == hero else "random"]() for s in range(4)]
        game = JintanGame(seed + match, JintanOptions())
        rng = random.Random(seed * 1000 + match)
        while not game.is_over and len(times) < hands:
            start = time.process_time()
            play_hand(game, players, rng)
            times.append((time.process_time() - start) * 1000)
            winners = game.hand_results[-1].summary["winners"]
            if winners:
                with_winner += 1
                won += int(hero in winners)
        match += 1
    return won / max(1, with_winner), statistics.median(times), len(times), with_winner


def _hand_mix(n: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < n:
        kind = len(out) % 3
        if kind == 2:
            out.append(shapes.counts_of(rng.sample([k for k in range(34) for _ in range(4)], size)))
            continue
        hand = [rng.randrange(34)] * 2
        for _ in range(size // 3):
            if rng.random() < 0.4:
                hand += [rng.randrange(34)] * 3
            else:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                hand += [start, start + 1, start + 2]
        hand = hand[:size]
        if kind == 1:
            hand[rng.randrange(size)] = rng.randrange(34)
        counts = shapes.counts_of(hand)
        if max(counts) <= 4:
            out.append(counts)
    return out


def win_checks_per_s(seconds: float = 1.0) -> float:
    hands = _hand_mix(3000, 14, 1)
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for counts in hands:
            shapes.is_win(counts)
        done += len(hands)
    return done / (time.process_time() - start)


def waits_ms(n: int = 2000) -> float:
    times = []
    for counts in _hand_mix(n, 13, 2):
        start = time.process_time()
        shapes.waits(counts)
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def run() -> Iterator[Figure]:
    yield Figure("mahjong.win_checks_per_s", win_checks_per_s(), "checks/s", ">= 100000")
    yield Figure("mahjong.waits_ms", waits_ms(), "ms", None)
    hands = int(os.environ.get("PAIJU_BENCH_HANDS", "300"))
    share, median_ms, played, with_winner = measure_hands(hands)
    yield Figure(
        "jintan.heuristic_vs_random",
        share,
        "share of hands with a winner",
        ">= 0.8",
        {"hands": played, "hands_with_winner": with_winner},
    )
    yield Figure("jintan.hand_ms", median_ms, "ms", None, {"hands": played})
