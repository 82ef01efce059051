"""Internal: per-order tables and the shape search shared by units, leads, follows and winner.

A *shape* is a list of non-single lead units (pairs, triples, tractors).
Matching a multiset of cards of one effective suit against a shape gives a
*profile*: one *grade* per unit, compared lexicographically, largest unit
first. Grades:

* a set of width ``w`` (pair 2, triple 3): ``(x,)``, the widest set ``x <= w``
  answered (``(1,)``: none, only singles);
* a tractor of ``n`` sets of width ``w``: ``(t_1, ..., t_m, c_w, c_{w-1}, ...,
  c_2)`` with ``m = n // 2`` (the most tractors ``n`` slots can hold). ``t_i``
  is the length of the ``i``-th tractor (of sets of width ``w``) answering it,
  longest first, 0 padded; ``c_x`` how many of its ``n`` slots sets of width
  ``x`` answer, the tractors' sets included. A full answer, a tractor of the
  same shape, is ``(n, 0, ..., n, 0, ...)``. ``pajiwo.txt:107`` read as
  written (``TrickRules.tractor_follow="longest_tractor"``): the longest
  tractor held, up to ``n`` sets; again for the sets still unanswered; then
  sets, widest first; then singles. With ``"same_length"`` only a full tractor
  counts and every ``t_i`` of a partial answer is 0.

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
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product
from typing import Any

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
    #: cards (in the order given) -> their units (:func:`games.tricks.units.decompose`, a
    #: pure function of the cards and this ladder; the search bot's rollouts read the same
    #: leads and plays again and again)
    decomposed: dict[tuple[Card, ...], tuple[Any, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )

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
    """The grade of an answer of the same shape as ``unit`` (the best there is)."""
    kind, width, length = unit
    if kind == "tractor":
        return (length,) + (0,) * (length // 2 - 1) + (length,) + (0,) * (width - 2)
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
    return _partial_tractor(counts, unit, lad)


def _partial_tractor(counts: Counts, unit: ShapeUnit, lad: Ladder) -> tuple[Grade, list[Option]]:
    """The best grade and its answers for a tractor ``unit`` the cards cannot match in full.

    ``pajiwo.txt:107``: 有拖拉机必须出拖拉机, 没有拖拉机需出对子. With
    ``tractor_follow="longest_tractor"`` the longest tractor of ``width`` held
    (up to the slots left) answers first, then again for the slots still open;
    every choice of such a tractor is tried, because off-suit level cards share
    a place on the ladder and one choice can leave a tractor another does not.
    The slots left take sets, widest first, then singles.
    """
    _kind, width, length = unit
    strength = lad.info
    n_chains = length // 2
    longest = lad.rules.tractor_follow == "longest_tractor"
    best_grade: Grade | None = None
    best: dict[tuple[Card, ...], Option] = {}
    key = lad.order.sort_key
    work = dict(counts)

    def finish(chains: list[int], chain_cards: list[Card]) -> None:
        nonlocal best_grade
        slots = length - sum(chains)
        set_grade, combos = _sets(work, slots, width, lad)
        grade = (
            *chains,
            *(0,) * (n_chains - len(chains)),
            set_grade[0] + sum(chains),
            *set_grade[1:],
        )
        if best_grade is not None and grade < best_grade:
            return
        if best_grade is None or grade > best_grade:
            best_grade = grade
            best.clear()
        for combo in combos:
            cards = chain_cards + combo
            canon = tuple(sorted(cards, key=key))
            if canon not in best:
                best[canon] = (cards, max((strength[c][1] for c in cards), default=-1))

    def rec(chains: list[int], chain_cards: list[Card]) -> None:
        slots = length - sum(chains)
        run = len(longest_chain(work, width, lad)) if longest and slots >= 2 else 0
        if run < 2:
            finish(chains, chain_cards)
            return
        size = min(run, slots)
        for used, _top in windows(work, size, width, lad):
            take(work, used)
            rec([*chains, size], chain_cards + used)
            give(work, used)

    rec([], [])
    assert best_grade is not None
    fallback = sorted(best.values(), key=lambda o: -o[1])
    return best_grade, fallback


def _sets(counts: Counts, slots: int, width: int, lad: Ladder) -> tuple[Grade, list[list[Card]]]:
    """Answer ``slots`` sets with sets of ``counts``, widest first (no tractors).

    Returns ``(c_width, ..., c_2)``, how many slots sets of each width answer,
    and every choice of cards reaching it (one list per choice).
    """
    strength = lad.info
    grade: list[int] = []
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
    return tuple(grade), [fixed + combo for combo in chosen_combo]


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
