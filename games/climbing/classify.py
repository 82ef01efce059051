"""Every reading of one set of cards: :func:`readings`, the authority on what a play is.

Jokers (大小王, 癞子) stand for any rank (``dagun_and_jinhua-mahjong.txt:35``), with these readings:

* jokers alone are 3s: one is a single 3, two a pair of 3s, three a triple of 3s; four are 天炸
  (``:7``, ``:25``; two and three by reading);
* otherwise a play needs at least one natural card, and every reading in which the jokers
  fill the missing cards counts: 55 + two jokers is 5555, 5566 or 4455;
* 510K takes at most one joker, with two different natural cards of 5/10/K (``:35``), so one
  card + two jokers is a triple only; it is pure when the naturals share a suit;
* 7喜, 8喜 and 摇摆 take no jokers (``:27-31``); seven or eight natural cards of one rank are
  7喜 / 8喜, never an ordinary bomb.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable

from games.cards import Card
from games.climbing.combos import (
    BOMB,
    FIFTY_K,
    FIFTY_K_RANKS,
    JOKERS,
    PAIR,
    PAIRS,
    PLANE,
    SINGLE,
    STRAIGHT,
    SWAY,
    TRIPLE,
    XI7,
    XI8,
    Combo,
    climb_index,
)
from games.climbing.rules import ClimbRules

__all__ = ["readings", "set_combo"]


@functools.lru_cache(maxsize=4096)
def set_combo(index: int, size: int, naturals: int, rules: ClimbRules) -> Combo | None:
    """The combination of ``size`` cards of one rank with ``naturals`` natural cards (the rest
    jokers): single, pair, triple, bomb, 7喜 or 8喜; ``None`` when there is none."""
    if size == 1:
        return Combo(SINGLE, index, 1, 1)
    if size == 2:
        return Combo(PAIR, index, 1, 2) if rules.pairs else None
    if size == 3:
        return Combo(TRIPLE, index, 1, 3)
    if naturals == size and rules.xi and size in (7, 8):
        return Combo(XI7 if size == 7 else XI8, index, 1, size)
    return Combo(BOMB, index, 1, size)


def readings(cards: Iterable[Card], rules: ClimbRules) -> list[Combo]:
    """Every combination ``cards`` can be read as, in a fixed order (sets and bombs, 510K,
    runs by top rank, 摇摆). ``[]`` when the cards form no combination."""
    cards = list(cards)
    n = len(cards)
    if n == 0:
        return []
    jokers = sum(1 for c in cards if c.is_joker)
    if jokers == n:
        if n <= 3:
            combo = set_combo(0, n, 0, rules)
            return [combo] if combo else []
        return [Combo(JOKERS, -1, 1, 4)] if n == 4 and rules.joker_bomb else []
    nat = Counter(climb_index(c.rank) for c in cards if not c.is_joker)
    ranks = sorted(nat)
    low, high = ranks[0], ranks[-1]
    out: list[Combo] = []
    if len(ranks) == 1:
        combo = set_combo(low, n, n - jokers, rules)
        if combo is not None:
            out.append(combo)
    if (
        rules.fifty_k
        and n == 3
        and jokers <= 1
        and len(ranks) == 3 - jokers
        and set(ranks) <= set(FIFTY_K_RANKS)
    ):
        suits = {c.suit for c in cards if c.suit is not None}
        suit = next(iter(suits)).value if len(suits) == 1 else None
        out.append(Combo(FIFTY_K, -1, 1, 3, suit))
    for kind, width, least in (
        (PAIRS, 2, rules.pair_run_min),
        (PLANE, 3, rules.plane_min),
        (STRAIGHT, 1, rules.straight_min),
    ):
        if least <= 0 or n % width or n // width < max(least, 2):
            continue
        length = n // width
        if high > rules.run_top or any(c > width for c in nat.values()):
            continue
        # every window of `length` ranks holding all the naturals; jokers fill the rest
        for top in range(max(high, length - 1), min(low + length - 1, rules.run_top) + 1):
            out.append(Combo(kind, top, length, n))
    if (
        rules.sways
        and jokers == 0
        and len(ranks) >= 2
        and high <= rules.run_top
        and high - low == len(ranks) - 1
        and all(c >= 4 for c in nat.values())
    ):
        parts = tuple(nat[r] for r in ranks)
        out.append(Combo(SWAY, high, len(ranks), n, None, parts))
    return out
