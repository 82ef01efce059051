"""Units (牌型): single, pair, triple, tractor, and the decomposition of a set of cards.

Source: ``pajiwo.txt:83-91`` (single 单牌, pair 对子, tractor 拖拉机 with the
level-5 examples and the no-trump exception), ``dagunzi.txt:57-60`` (single,
pair 棒子, triple 滚子).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import Card
from games.tricks.order import EffectiveSuit, TrumpOrder
from games.tricks.rules import TrickRules

__all__ = ["KINDS", "Unit", "decompose", "kitty_multiplier", "largest_unit"]

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
    """Split ``cards`` into units, the reading the rules force.

    Per effective suit: the longest tractors first (widest sets first, then the
    highest), then the widest sets (triple, pair), then singles. The list is
    sorted largest unit first: tractors by cards (then top), then
    triples, pairs, singles, each highest first.
    """
    raise NotImplementedError


def largest_unit(cards: Iterable[Card], order: TrumpOrder, rules: TrickRules) -> Unit:
    """The first unit of :func:`decompose`: the largest. Raises ``ValueError`` if empty."""
    raise NotImplementedError


def kitty_multiplier(cards: Iterable[Card], order: TrumpOrder, rules: TrickRules) -> int:
    """Kitty (底牌) multiplier for a last trick won with ``cards`` (``pajiwo.txt:129``).

    By the largest unit of the winning play: single x2, pair x4, tractor of 2
    pairs x8, 3 pairs x16, doubling for each further pair (``2 ** (1 + pairs)``).
    """
    raise NotImplementedError
