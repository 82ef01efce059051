"""Card order with trumps: which cards are trump, their strength, and tractor adjacency.

Source: ``pajiwo.txt:95`` (大王 > 小王 > trump-suit level cards > other level
cards > trump suit > side suits), ``pajiwo.txt:19-25`` (trump = jokers, level
cards (级牌) and the trump suit (主花色)), ``pajiwo.txt:79`` (no-trump (无主):
only jokers and level cards are trump), ``dagunzi.txt:20-21,55`` (permanent
trumps (常主): the 2s, below the level cards and above the trump suit).

Every card has an *effective suit*: its own :class:`~games.cards.Suit` for a
side-suit card (副牌), or :data:`TRUMP` for every trump (主牌), because all
trumps count as one suit when following (``pajiwo.txt:101``).

Inside its effective suit a card has a *strength* (higher beats lower; equal
strengths never beat each other: the off-suit level cards are equal to each
other) and a *position* on the tractor ladder (consecutive positions are
adjacent; side suits skip the level rank; the off-suit level cards share one
position). Both are small non-negative ints; in this module strength and
position coincide, because the ladder has one step per strength class. The
no-trump exception of ``pajiwo.txt:91`` (小王 and level cards are not adjacent)
is a rule of :class:`games.tricks.rules.TrickRules` and is applied by
:mod:`games.tricks.units`, not here.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from games.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit

__all__ = ["SUITS", "TRUMP", "EffectiveSuit", "TrumpOrder", "intern_card"]

TRUMP: Final = "trump"
"""The effective-suit label of every trump card (主牌)."""

EffectiveSuit = Suit | str
"""A side suit (:class:`~games.cards.Suit`) or :data:`TRUMP`."""

_INTERNED: dict[Card, Card] = {SMALL_JOKER: SMALL_JOKER, BIG_JOKER: BIG_JOKER}


def intern_card(card: Card) -> Card:
    """The one shared instance equal to ``card`` (for speed only: equal cards behave alike).

    A dict or ``Counter`` look-up whose key *is* the stored key skips ``Card.__eq__`` (Python
    code); decks, parsed actions and the trump tables all use these instances.
    """
    return _INTERNED.setdefault(card, card)


SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Display order of the suits (colours alternate)."""

_PLAIN_RANKS: Final = tuple(r for r in Rank if not r.is_joker)


@dataclass(frozen=True)
class TrumpOrder:
    """Which cards are trump and how all cards rank, for one hand.

    Attributes:
        level: the level rank (级牌, ``pajiwo.txt:21``), e.g. ``Rank.FIVE``;
            ``None`` in a game without levels.
        trump_suit: the trump suit (主花色, ``pajiwo.txt:23``); ``None`` for
            no-trump (无主, ``pajiwo.txt:79``).
        permanent: ranks that are always trump (常主), e.g. ``(Rank.TWO,)`` in
            打滚子 (``dagunzi.txt:21``). They rank below the level cards and
            above the plain trump-suit cards (``dagunzi.txt:55``). Jokers are
            always trump and need not be listed.

    Instances are hashable values; the per-card tables are built once per
    instance on first use.

    Raises:
        ValueError: a joker rank as level or permanent rank.
    """

    level: Rank | None
    trump_suit: Suit | None
    permanent: tuple[Rank, ...] = ()

    def __post_init__(self) -> None:
        if self.level is not None and self.level.is_joker:
            raise ValueError(f"the level must be a rank 2..A, not {self.level.label}")
        for rank in self.permanent:
            if rank.is_joker:
                raise ValueError(f"jokers are always trump; a permanent rank is 2..A: {rank.label}")

    # ------------------------------------------------------------------ tables
    @cached_property
    def _table(self) -> dict[Card, tuple[EffectiveSuit, int]]:
        """``card -> (effective suit, strength)`` for every card of a deck."""
        table: dict[Card, tuple[EffectiveSuit, int]] = {}
        special = [r for r in (self.level, *self.permanent) if r is not None]
        # Side suits: A high, the level and permanent ranks taken out (pajiwo.txt:95).
        for suit in SUITS:
            if suit == self.trump_suit:
                continue
            strength = 0
            for rank in _PLAIN_RANKS:
                if rank in special:
                    continue
                table[intern_card(Card(rank, suit))] = (suit, strength)
                strength += 1
        # The trump ladder, lowest first.
        strength = 0
        if self.trump_suit is not None:
            for rank in _PLAIN_RANKS:
                if rank in special:
                    continue
                table[intern_card(Card(rank, self.trump_suit))] = (TRUMP, strength)
                strength += 1
        # Permanent ranks (常主), lowest rank first; other suits below the trump suit's card.
        ladder_ranks = sorted(r for r in set(self.permanent) if r != self.level)
        if self.level is not None:
            ladder_ranks.append(self.level)  # level cards rank above every permanent rank
        for rank in ladder_ranks:
            for suit in SUITS:
                if suit != self.trump_suit:
                    table[intern_card(Card(rank, suit))] = (TRUMP, strength)
            strength += 1
            if self.trump_suit is not None:
                table[intern_card(Card(rank, self.trump_suit))] = (TRUMP, strength)
                strength += 1
        table[SMALL_JOKER] = (TRUMP, strength)
        table[BIG_JOKER] = (TRUMP, strength + 1)
        return table

    @cached_property
    def _sort_table(self) -> dict[Card, tuple[int, int, int]]:
        group: dict[EffectiveSuit, int] = {suit: i + 1 for i, suit in enumerate(SUITS)}
        group[TRUMP] = 0
        return {
            card: (group[suit], -strength, SUITS.index(card.suit) if card.suit else -1)
            for card, (suit, strength) in self._table.items()
        }

    # ------------------------------------------------------------------ public
    def is_trump(self, card: Card) -> bool:
        """True for a trump (主牌): jokers, level cards, permanent ranks, the trump suit."""
        return self._table[card][0] == TRUMP

    def suit_of(self, card: Card) -> EffectiveSuit:
        """The effective suit: the card's own suit for a side-suit card, else :data:`TRUMP`."""
        return self._table[card][0]

    def strength(self, card: Card) -> int:
        """Order inside the effective suit, 0 = lowest; equal for equal-strength cards.

        Only comparable between cards of the same effective suit. The off-suit
        level cards (and off-suit permanent cards) share one strength
        (``pajiwo.txt:95``: 其他花色级牌 are equal to each other).
        """
        return self._table[card][1]

    def position(self, card: Card) -> int:
        """Place on the tractor ladder (拖拉机, ``pajiwo.txt:89``): consecutive = adjacent.

        Side suits skip the level rank (AA then 副5副5 is not a side tractor,
        but at level 5 3344 and 4466 are); the off-suit level cards share one
        position, so two different off-suit level pairs never form a tractor.
        Equal to :meth:`strength` here; the no-trump exception of
        ``pajiwo.txt:91`` is applied by :mod:`games.tricks.units`.
        """
        return self._table[card][1]

    def info(self, card: Card) -> tuple[EffectiveSuit, int]:
        """``(effective suit, strength)`` in one look-up (for hot loops)."""
        return self._table[card]

    def sort_key(self, card: Card) -> tuple[int, int, int]:
        """Display order: trumps first (strongest first), then ♠ ♥ ♣ ♦, each strongest first."""
        return self._sort_table[card]

    def sorted(self, cards: Iterable[Card]) -> list[Card]:
        """``cards`` in display order (see :meth:`sort_key`)."""
        return sorted(cards, key=self._sort_table.__getitem__)
