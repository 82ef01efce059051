"""Units (牌型): single, pair, triple, tractor, and the decomposition of a set of cards.

Source: ``pajiwo.txt:83-91`` (single 单牌, pair 对子, tractor 拖拉机 with the
level-5 examples and the no-trump exception), ``dagunzi.txt:57-60`` (single,
pair 棒子, triple 滚子).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import Card
from games.tricks._shape import Counts, Ladder, ShapeUnit, ladder, longest_chain, take
from games.tricks.order import EffectiveSuit, TrumpOrder
from games.tricks.rules import TrickRules

__all__ = ["KINDS", "Unit", "decompose", "kitty_multiplier", "largest_unit", "make_unit", "shape"]

KINDS = ("single", "pair", "triple", "tractor")


@dataclass(frozen=True)
class Unit:
    """One unit of a play.

    Attributes:
        kind: ``"single"`` | ``"pair"`` | ``"triple"`` | ``"tractor"``.
        cards: its cards, strongest first.
        width: cards per set: 1, 2 or 3.
        length: number of consecutive sets: 1 for a single/pair/triple, >= 2
            for a tractor.
        top: strength (:meth:`TrumpOrder.strength`) of its highest set.
        suit: its effective suit (a Suit or ``TRUMP``).
    """

    kind: str
    cards: tuple[Card, ...]
    width: int
    length: int
    top: int
    suit: EffectiveSuit

    @property
    def size(self) -> int:
        """Number of cards (``width * length``)."""
        return self.width * self.length


def decompose(cards: Iterable[Card], order: TrumpOrder, rules: TrickRules) -> list[Unit]:
    """Split ``cards`` into units, the reading the rules force (``pajiwo.txt:85-91``).

    Per effective suit: the longest tractors first (widest sets first; on equal
    length the highest), then the widest sets (triple, pair) the rules allow,
    then singles. A card held more often than the widest set allows gives
    several units (three copies with pairs only: a pair and a single).

    Returns the units sorted largest first: tractors by number of cards (then
    highest), then triples, pairs, singles, each highest first. The units hold
    every card exactly once. ``[]`` for no cards.
    """
    lad = ladder(order, rules)
    key = tuple(cards)
    memo = lad.decomposed
    known = memo.get(key)
    if known is not None:
        return list(known)
    by_suit: dict[EffectiveSuit, Counts] = {}
    info = lad.info
    for c in key:
        bucket = by_suit.setdefault(info[c][0], {})
        bucket[c] = bucket.get(c, 0) + 1
    units: list[Unit] = []
    for suit, counts in by_suit.items():
        units.extend(_decompose_suit(counts, suit, lad))
    units.sort(key=_unit_rank)
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[key] = tuple(units)
    return units


#: readings kept per ladder (a hand's trump order) before the memo starts afresh
_MEMO_SIZE = 20000


def _unit_rank(u: Unit) -> tuple[int, int, int, int]:
    return (0 if u.kind == "tractor" else 1, -u.size, -u.width, -u.top)


def _decompose_suit(counts: Counts, suit: EffectiveSuit, lad: Ladder) -> list[Unit]:
    info = lad.info
    units: list[Unit] = []
    for width in lad.tractor_widths:
        while True:
            chain = longest_chain(counts, width, lad)
            if not chain:
                break
            cards = [c for c in chain for _ in range(width)]
            take(counts, cards)
            units.append(Unit("tractor", tuple(cards), width, len(chain), info[chain[0]][1], suit))
    sizes = (*lad.set_widths, 1)
    for c in sorted(counts, key=lad.order.sort_key):
        left = counts[c]
        while left:
            width = next(w for w in sizes if w <= left)
            units.append(Unit(_SET_KIND[width], (c,) * width, width, 1, info[c][1], suit))
            left -= width
    return units


_SET_KIND = {1: "single", 2: "pair", 3: "triple"}


def make_unit(cards: Iterable[Card], order: TrumpOrder, rules: TrickRules) -> Unit:
    """The one unit ``cards`` form; raises ``ValueError`` when they are not exactly one unit."""
    cards = list(cards)
    units = decompose(cards, order, rules)
    if len(units) != 1:
        shown = " ".join(str(c) for c in cards)
        raise ValueError(f"{shown} is not one unit but {len(units)}")
    return units[0]


def shape(units: Iterable[Unit]) -> list[ShapeUnit]:
    """The non-single units as ``(kind, width, length)``, in order (internal, for matching)."""
    return [(u.kind, u.width, u.length) for u in units if u.kind != "single"]


def largest_unit(cards: Iterable[Card], order: TrumpOrder, rules: TrickRules) -> Unit:
    """The first unit of :func:`decompose`: the largest. Raises ``ValueError`` if empty."""
    units = decompose(cards, order, rules)
    if not units:
        raise ValueError("no cards, so no unit")
    return units[0]


def kitty_multiplier(cards: Iterable[Card], order: TrumpOrder, rules: TrickRules) -> int:
    """Kitty (底牌) multiplier for a last trick won with ``cards`` (扣底, ``pajiwo.txt:129``).

    By the largest unit of the winning play read on its own: single x2, pair
    x4, tractor of 2 pairs x8, of 3 pairs x16, doubling for each further pair,
    i.e. ``2 ** (1 + sets)`` where a single counts 0 sets and a pair or triple 1.
    Raises ``ValueError`` for no cards.
    """
    unit = largest_unit(cards, order, rules)
    sets = 0 if unit.kind == "single" else unit.length
    return 2 ** (1 + sets)
