"""Internal: per-order tables and the shape search shared by units, leads, follows and winner.

A *shape* is a list of non-single lead units (pairs, triples, tractors).
Matching a multiset of cards of one effective suit against a shape gives a
*profile*: one *grade* per unit, compared lexicographically, largest unit
first. Grades:

* a set of width ``w`` (pair 2, triple 3): ``(x,)``, the widest set ``x <= w``
  answered (``(1,)``: none, only singles);
* a tractor of ``n`` sets of width ``w``: ``(1, n, 0, ...)`` when answered by a
  tractor of the same shape, else ``(0, c_w, c_{w-1}, ..., c_2)``: how many
  sets of each width, widest first, answer its ``n`` slots (``pajiwo.txt:107``:
  no tractor -> pairs -> singles).

The *profile* of some cards is the lexicographically largest sequence of
grades any assignment of disjoint cards to the units reaches. Following a
lead means playing cards whose profile equals the profile of all the cards
held in the led suit (``pajiwo.txt:101,107,109``); a ruff or a winning follow
must reach the *full* profile, the lead's own (``pajiwo.txt:111``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

from games.cards import Card, Rank
from games.tricks.order import TRUMP, EffectiveSuit, TrumpOrder
from games.tricks.rules import TrickRules

Grade = tuple[int, ...]
Profile = tuple[Grade, ...]
Counts = dict[Card, int]
Option = tuple[list[Card], int]  # (cards used, strength of the highest set)


@dataclass(frozen=True)
class Ladder:
    """Per (order, rules) tables: ``info[card] = (effective suit, strength, position)``."""

    order: TrumpOrder
    rules: TrickRules
    info: dict[Card, tuple[EffectiveSuit, int, int]]
    tractor_widths: tuple[int, ...]  # widest first; empty without tractors
    set_widths: tuple[int, ...]  # widest first, >= 2

    def suit(self, card: Card) -> EffectiveSuit:
        return self.info[card][0]

    def strength(self, card: Card) -> int:
        return self.info[card][1]


@lru_cache(maxsize=256)
def ladder(order: TrumpOrder, rules: TrickRules) -> Ladder:
    """The tables for ``order`` under ``rules`` (cached: built once per hand)."""
    info: dict[Card, tuple[EffectiveSuit, int, int]] = {}
    for card, (suit, strength) in order._table.items():
        pos = strength
        # pajiwo.txt:91: in no-trump 小王 and the level cards do not form a tractor, so
        # leave a hole in the ladder between the level cards and the jokers.
        if (
            order.trump_suit is None
            and not rules.no_trump_joker_level_tractor
            and card.rank in (Rank.SMALL_JOKER, Rank.BIG_JOKER)
        ):
            pos += 1
        info[card] = (suit, strength, pos)
    wide = tuple(w for w in reversed(rules.set_sizes) if w >= 2)
    return Ladder(order, rules, info, wide if rules.tractors else (), wide)


def count(cards: Iterable[Card]) -> Counts:
    """A multiset as ``{card: copies}`` (a Counter: it hashes each card once, in C,
    which matters because hashing a Card is the costliest step here)."""
    return Counter(cards)


def split(counts: Counts, lad: Ladder) -> dict[EffectiveSuit, Counts]:
    """``counts`` by effective suit, in one pass."""
    info = lad.info
    out: dict[EffectiveSuit, Counts] = {}
    for c, k in counts.items():
        suit = info[c][0]
        bucket = out.get(suit)
        if bucket is None:
            out[suit] = {c: k}
        else:
            bucket[c] = k
    return out


def in_suit(counts: Counts, suit: EffectiveSuit, lad: Ladder) -> Counts:
    """The part of ``counts`` in effective suit ``suit``."""
    info = lad.info
    return {c: k for c, k in counts.items() if info[c][0] == suit}


def take(counts: Counts, cards: Iterable[Card]) -> None:
    for c in cards:
        k = counts[c] - 1
        if k:
            counts[c] = k
        else:
            del counts[c]


def give(counts: Counts, cards: Iterable[Card]) -> None:
    for c in cards:
        counts[c] = counts.get(c, 0) + 1


# ----------------------------------------------------------------- tractors
def windows(counts: Counts, length: int, width: int, lad: Ladder) -> list[Option]:
    """Every tractor of exactly ``length`` sets of ``width`` inside ``counts``, highest first.

    One option per choice of card at a shared position (the off-suit level cards).
    """
    info = lad.info
    by_pos: dict[int, list[Card]] = {}
    for c, k in counts.items():
        if k >= width:
            by_pos.setdefault(info[c][2], []).append(c)
    if len(by_pos) < length:
        return []
    out: list[Option] = []
    for top_pos in sorted(by_pos, reverse=True):
        if all(top_pos - d in by_pos for d in range(1, length)):
            columns = [sorted(by_pos[top_pos - d], key=lad.order.sort_key) for d in range(length)]
            top = info[columns[0][0]][1]
            for choice in product(*columns):
                out.append(([c for c in choice for _ in range(width)], top))
    return out


def longest_chain(counts: Counts, width: int, lad: Ladder) -> list[Card]:
    """The longest run of consecutive positions holding a set of ``width``, highest first.

    Ties go to the highest run; one card per position (the first in display order).
    Returns ``[]`` when there is no run of two.
    """
    info = lad.info
    by_pos: dict[int, Card] = {}
    key = lad.order.sort_key
    for c, k in counts.items():
        if k >= width:
            p = info[c][2]
            old = by_pos.get(p)
            if old is None or key(c) < key(old):
                by_pos[p] = c
    best: list[Card] = []
    run: list[Card] = []
    prev = None
    for p in sorted(by_pos, reverse=True):
        if prev is not None and p == prev - 1:
            run.append(by_pos[p])
        else:
            run = [by_pos[p]]
        prev = p
        if len(run) > len(best):
            best = list(run)
    return best if len(best) >= 2 else []


# ------------------------------------------------------------------ options
ShapeUnit = tuple[str, int, int]  # (kind, width, length) of a non-single lead unit


def full_grade(unit: ShapeUnit) -> Grade:
    kind, width, length = unit
    if kind == "tractor":
        return (1, length) + (0,) * (width - 2)
    return (width,)


def options(counts: Counts, unit: ShapeUnit, lad: Ladder) -> tuple[Grade, list[Option]]:
    """The best grade ``counts`` can give ``unit``, and every way to reach it (highest first)."""
    kind, width, length = unit
    strength = lad.info
    if kind != "tractor":
        for x in range(width, 1, -1):
            opts = [([c] * x, strength[c][1]) for c, k in counts.items() if k >= x]
            if opts:
                opts.sort(key=lambda o: -o[1])
                return (x,), opts
        return (1,), [([], -1)]
    full = windows(counts, length, width, lad)
    if full:
        return full_grade(unit), full
    # pajiwo.txt:107: no tractor of that shape -> as many sets as the lead asks, widest first.
    slots = length
    grade = [0]
    fixed: list[Card] = []
    chosen_combo: list[list[Card]] = [[]]
    used: set[Card] = set()
    for x in range(width, 1, -1):
        if slots == 0:
            grade.append(0)
            continue
        avail = sorted(
            (c for c, k in counts.items() if k >= x and c not in used),
            key=lambda c: -strength[c][1],
        )
        if len(avail) <= slots:
            grade.append(len(avail))
            slots -= len(avail)
            used.update(avail)
            fixed.extend(c for c in avail for _ in range(x))
        else:
            grade.append(slots)
            chosen_combo = [
                [c for c in combo for _ in range(x)] for combo in combinations(avail, slots)
            ]
            slots = 0
    fallback: list[Option] = []
    for combo in chosen_combo:
        cards = fixed + combo
        top = max((strength[c][1] for c in cards), default=-1)
        fallback.append((cards, top))
    fallback.sort(key=lambda o: -o[1])
    return tuple(grade), fallback


# ------------------------------------------------------------------ profile
def profile(counts: Counts, units: list[ShapeUnit], lad: Ladder) -> Profile:
    """The lexicographically best grades ``counts`` reach against ``units`` (see module doc)."""
    if not units:
        return ()
    if len(units) == 1:
        return (options(counts, units[0], lad)[0],)
    work = dict(counts)
    ub = tuple(full_grade(u) for u in units)
    return _best(work, units, 0, lad, ub)


def _best(counts: Counts, units: list[ShapeUnit], i: int, lad: Ladder, ub: Profile) -> Profile:
    if i == len(units):
        return ()
    grade, opts = options(counts, units[i], lad)
    if i == len(units) - 1:
        return (grade,)
    best_rest: Profile | None = None
    want = ub[i + 1 :]
    for used, _top in opts:
        take(counts, used)
        rest = _best(counts, units, i + 1, lad, ub)
        give(counts, used)
        if best_rest is None or rest > best_rest:
            best_rest = rest
        if rest == want:
            break
    assert best_rest is not None
    return (grade, *best_rest)


def answers(
    counts: Counts,
    units: list[ShapeUnit],
    target: Profile,
    lad: Ladder,
    rng: random.Random | None = None,
) -> Iterator[list[Card]]:
    """Every assignment of cards to ``units`` reaching ``target`` (the cards used, joined).

    In search order (highest first), or shuffled at each step when ``rng`` is given.
    """
    work = dict(counts)
    key = lad.order.sort_key

    def rec(i: int, prev: tuple[tuple[int, int, int], ...] | None) -> Iterator[list[Card]]:
        if i == len(units):
            yield []
            return
        grade, opts = options(work, units[i], lad)
        if grade != target[i]:
            return
        # Two units of the same shape and grade can swap answers; list each pair of answers
        # once (the later unit takes the smaller one), or k equal pairs cost k! repeats.
        twin = i > 0 and units[i] == units[i - 1] and target[i] == target[i - 1]
        if rng is not None:
            opts = list(opts)
            rng.shuffle(opts)
        for used, _top in opts:
            canon = tuple(key(c) for c in used)
            if twin and prev is not None and canon < prev:
                continue
            take(work, used)
            for rest in rec(i + 1, canon):
                yield used + rest
            give(work, used)

    return rec(0, None)


def best_key(counts: Counts, units: list[ShapeUnit], lad: Ladder) -> int | None:
    """For cards all in the right suit: the strength of the highest answer to the first
    (largest) unit among assignments that answer every unit in full; ``None`` if there is none.

    With no non-single unit (a single, or a throw of singles) it is the highest card.
    This is how plays of one lead are compared (``pajiwo.txt:113``).
    """
    if not units:
        return max(lad.info[c][1] for c in counts)
    ub = tuple(full_grade(u) for u in units)
    grade, opts = options(counts, units[0], lad)
    if grade != ub[0]:
        return None
    if len(units) == 1:
        return opts[0][1]
    work = dict(counts)
    for used, top in opts:
        take(work, used)
        ok = _best(work, units, 1, lad, ub) == ub[1:]
        give(work, used)
        if ok:
            return top
    return None


# ---------------------------------------------------------------- combos
def multiset_combos(items: list[tuple[Card, int]], k: int) -> Iterator[list[Card]]:
    """Every sub-multiset of ``k`` cards of ``items`` (``[(card, copies)]``), early cards first."""
    suffix = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + items[i][1]

    def rec(start: int, need: int) -> Iterator[list[Card]]:
        if need == 0:
            yield []
            return
        if start == len(items) or suffix[start] < need:
            return
        card, copies = items[start]
        for n in range(min(copies, need), -1, -1):
            if suffix[start + 1] < need - n:
                break
            for rest in rec(start + 1, need - n):
                yield [card] * n + rest

    return rec(0, k)


def expand(counts: Counts) -> list[Card]:
    return [c for c, k in counts.items() for _ in range(k)]


__all__ = [
    "TRUMP",
    "Counts",
    "Ladder",
    "Profile",
    "ShapeUnit",
    "answers",
    "best_key",
    "count",
    "expand",
    "full_grade",
    "give",
    "in_suit",
    "ladder",
    "longest_chain",
    "multiset_combos",
    "options",
    "profile",
    "split",
    "take",
    "windows",
]
