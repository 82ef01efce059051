"""金华麻将 benchmarks.

* ``jinhua.win_checks_per_s``: complete-hand checks with 财神 and the 白板 stand-in
  (:func:`games.jinhua.wilds.is_complete`) per CPU second on one core, over a fixed mix of
  14-tile hands holding 0, 1, 2 and 3 wild tiles in equal shares (half complete, half one
  tile off, some with 白板).
* ``jinhua.heuristic_vs_random``: of the hands that have a winner, the share won by the one
  heuristic seat against three random-legal seats (the heuristic seat moves round the
  table from match to match; standard options).
* ``jinhua.hand_ms``: median CPU time (``time.process_time``) of one whole hand, deal to
  result, bots' thinking included, over the same hands.

``PAIJU_BENCH_HANDS`` (default 200) sets the number of hands.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Iterator

from benchmarks import Figure
from games.jinhua import BOTS, JinhuaGame, JinhuaOptions
from games.jinhua.wilds import WHITE, is_complete
from games.mahjong import shapes
from games.mahjong.selfplay import play_hand


def _wild_hands(n: int, seed: int) -> list[tuple[list[int], int]]:
    """``(counts, 财神)`` pairs: complete hands with k tiles turned into 财神, every other
    one then spoiled by one tile."""
    rng = random.Random(seed)
    out: list[tuple[list[int], int]] = []
    while len(out) < n:
        wilds = len(out) % 4
        caishen = rng.randrange(34)
        hand = [rng.randrange(34)] * 2
        while len(hand) < 14:
            if rng.random() < 0.4:
                hand += [rng.randrange(34)] * 3
            else:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                hand += [s, s + 1, s + 2]
        hand = hand[:14]
        for i in rng.sample(range(14), wilds):
            hand[i] = caishen
        if len(out) % 2:
            hand[rng.randrange(14)] = rng.randrange(34)
        if rng.random() < 0.15:
            hand[rng.randrange(14)] = WHITE
        counts = shapes.counts_of(hand)
        if max(counts) <= 4 and counts[caishen] == wilds:
            out.append((counts, caishen))
    return out


def win_checks_per_s(seconds: float = 1.0) -> tuple[float, float]:
    """``(checks per second, share complete)``."""
    hands = _wild_hands(4000, 1)
    complete = sum(is_complete(c, k) for c, k in hands) / len(hands)
    done = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for counts, caishen in hands:
            is_complete(counts, caishen)
        done += len(hands)
    return done / (time.process_time() - start), complete


def measure_hands(hands: int, seed: int = 2026) -> tuple[float, float, int, int]:
    """``(heuristic share of won hands, median ms per hand, hands, hands with a winner)``."""
    won = with_winner = 0
    times: list[float] = []
    match = 0
    while len(times) < hands:
        hero = match % 4
        players = [BOTS["heuristic" if s == hero else "random"]() for s in range(4)]
        game = JinhuaGame(seed + match, JinhuaOptions())
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


def run() -> Iterator[Figure]:
    rate, complete = win_checks_per_s()
    yield Figure(
        "jinhua.win_checks_per_s",
        rate,
        "checks/s",
        ">= 50000",
        {"wilds": "0-3, equal shares", "share_complete": round(complete, 3)},
    )
    hands = int(os.environ.get("PAIJU_BENCH_HANDS", "200"))
    share, median_ms, played, with_winner = measure_hands(hands)
    yield Figure(
        "jinhua.heuristic_vs_random",
        share,
        "share of hands with a winner",
        ">= 0.8",
        {"hands": played, "hands_with_winner": with_winner},
    )
    yield Figure("jinhua.hand_ms", median_ms, "ms", None, {"hands": played})
