"""Combinations of a climbing game, their readings and how they compare.

Ranks are counted on the climbing ladder (``dagun_and_jinhua-mahjong.txt:7,33``): index 0 is 3,
index 10 is K, 11 is A and 12 is 2. A :class:`Combo` is one *reading* of a set of cards (the
same cards may read several ways once jokers stand in: 55 + two jokers is 5555, 5566 or 4455),
named by :meth:`Combo.key`, the ranks it stands for (``"5566"``; ``T`` is ten).

Comparison (``dagun_and_jinhua-mahjong.txt:45``): a non-bomb beats only a higher one of the same
kind and length; every bomb beats every non-bomb; bombs compare by :meth:`Combo.bomb_key`, the
order of ``dagun_and_jinhua-mahjong.txt:39``::

    天炸 > 8喜 > 摇摆 > 7喜 > ordinary bombs (by cards, then rank) > ♠510K > ♥ > ♣ > ♦ > mixed 510K

Equal bombs (two mixed 510K, a 3333 made with a joker against a natural 3333) do not beat each
other (``dagun_and_jinhua-mahjong.txt:23,35``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.cards import Rank

__all__ = [
    "BOMB_KINDS",
    "CLIMB_ORDER",
    "FIFTY_K_RANKS",
    "KIND_LABELS",
    "RANK_CODES",
    "RUN_KINDS",
    "SUIT_ORDER",
    "Combo",
    "beats",
    "climb_index",
]

CLIMB_ORDER: Final = (
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
    Rank.TWO,
)
"""The 13 natural ranks, weakest first: 3 < 4 < … < K < A < 2."""

_INDEX: dict[Rank, int] = {r: i for i, r in enumerate(CLIMB_ORDER)}
RANK_CODES: Final = "3456789TJQKA2"
"""One character per climbing index, as readings are written (``T`` is ten)."""
FIFTY_K_RANKS: Final = (2, 7, 10)
"""Climbing indexes of 5, 10 and K."""
SUIT_ORDER: Final = "DCHS"
"""Pure 510K suits, weakest first: ♦ < ♣ < ♥ < ♠ (``dagun_and_jinhua-mahjong.txt:21``)."""

SINGLE: Final = "single"
PAIR: Final = "pair"
TRIPLE: Final = "triple"
PAIRS: Final = "pairs"
PLANE: Final = "plane"
STRAIGHT: Final = "straight"
BOMB: Final = "bomb"
FIFTY_K: Final = "fifty_k"
SWAY: Final = "sway"
XI7: Final = "xi7"
XI8: Final = "xi8"
JOKERS: Final = "jokers"

RUN_KINDS: Final = {PAIRS: 2, PLANE: 3, STRAIGHT: 1}
"""Run kinds and their width (cards per rank)."""
SET_KINDS: Final = {SINGLE: 1, PAIR: 2, TRIPLE: 3}
BOMB_KINDS: Final = frozenset({BOMB, FIFTY_K, SWAY, XI7, XI8, JOKERS})

KIND_LABELS: Final = {
    SINGLE: ("single", "单张"),
    PAIR: ("pair", "对子"),
    TRIPLE: ("triple", "三条"),
    PAIRS: ("consecutive pairs", "连对"),
    PLANE: ("plane", "飞机"),
    STRAIGHT: ("straight", "顺子"),
    BOMB: ("bomb", "炸弹"),
    FIFTY_K: ("510K", "五十K"),
    SWAY: ("sway", "摇摆"),
    XI7: ("seven of a kind", "7喜"),
    XI8: ("eight of a kind", "8喜"),
    JOKERS: ("four jokers", "天炸"),
}
"""English and Chinese name of each kind."""


def climb_index(rank: Rank) -> int:
    """The climbing index of a natural rank (3 → 0 … 2 → 12). Raises ``KeyError`` for a joker."""
    return _INDEX[rank]


@dataclass(frozen=True, slots=True)
class Combo:
    """One reading of a play.

    Attributes:
        kind: ``single pair triple pairs plane straight`` (non-bombs) or ``bomb fifty_k sway
            xi7 xi8 jokers`` (bombs).
        top: climbing index of the highest rank (runs) or of the rank (sets, bombs, 7喜, 8喜);
            -1 for 510K and 天炸.
        length: ranks in a run or 摇摆 (1 for anything else).
        size: number of cards.
        suit: a pure 510K's suit letter (``"S"``…), ``None`` for mixed and everything else.
        parts: 摇摆: cards of each rank, lowest rank first; ``()`` otherwise.
    """

    kind: str
    top: int
    length: int
    size: int
    suit: str | None = None
    parts: tuple[int, ...] = ()

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMB_KINDS

    def key(self) -> str:
        """The ranks this reading stands for, e.g. ``"5566"``, ``"TTTTT"``, ``"5TK"``, or
        ``"jokers"`` for 天炸. Unique among the readings of one set of cards."""
        k = self.kind
        if k == JOKERS:
            return "jokers"
        if k == FIFTY_K:
            return "5TK"
        if k == SWAY:
            low = self.top - self.length + 1
            return "".join(RANK_CODES[low + i] * n for i, n in enumerate(self.parts))
        if k in RUN_KINDS:
            width = RUN_KINDS[k]
            low = self.top - self.length + 1
            return "".join(RANK_CODES[i] * width for i in range(low, self.top + 1))
        return RANK_CODES[self.top] * self.size

    def label(self, chinese: bool = False) -> str:
        """``"bomb of 5"`` / ``"炸弹"``-style name for front ends: kind, and cards for bombs."""
        en, zh = KIND_LABELS[self.kind]
        if self.kind == FIFTY_K:
            pure = f"{'pure' if self.suit else 'mixed'} 510K"
            zh_pure = "正五十K" if self.suit else "杂五十K"
            return zh_pure if chinese else pure
        if self.kind == BOMB:
            return f"{self.size}张炸弹" if chinese else f"{self.size}-card bomb"
        return zh if chinese else en

    def bomb_key(self) -> tuple[int, ...] | None:
        """The strength of a bomb as a tuple (larger beats smaller; equal does not beat);
        ``None`` for a non-bomb. Order of ``dagun_and_jinhua-mahjong.txt:39``; 摇摆 by cards,
        then its largest bomb (cards, then rank), then top rank (reading of :43)."""
        k = self.kind
        if k == FIFTY_K:
            return (0,) if self.suit is None else (1, SUIT_ORDER.index(self.suit))
        if k == BOMB:
            return (2, self.size, self.top)
        if k == XI7:
            return (3, self.top)
        if k == SWAY:
            low = self.top - self.length + 1
            big = max((n, low + i) for i, n in enumerate(self.parts))
            return (4, self.size, big[0], big[1], self.top)
        if k == XI8:
            return (5, self.top)
        if k == JOKERS:
            return (6,)
        return None


def beats(new: Combo, old: Combo | None) -> bool:
    """True when ``new`` may be played on ``old`` (``None``: a lead, anything goes).

    A bomb beats every non-bomb and a weaker bomb; a non-bomb beats only a higher one of the
    same kind and length (``dagun_and_jinhua-mahjong.txt:45``).
    """
    if old is None:
        return True
    nb = new.bomb_key()
    ob = old.bomb_key()
    if nb is not None:
        return ob is None or nb > ob
    if ob is not None:
        return False
    return new.kind == old.kind and new.length == old.length and new.top > old.top
