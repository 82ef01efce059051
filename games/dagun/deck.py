"""The Dagun deck and the card notation the engine writes.

Two decks with jokers, 108 cards, 27 to each of four players, no kitty
(``dagun_and_jinhua-mahjong.txt:1``). Points: every 5 counts 5, every 10 and K counts 10, 200 in
all (``dagun_and_jinhua-mahjong.txt:5``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from games.cards import Card, format_card_ascii, full_deck, parse_card

__all__ = [
    "DECK",
    "DECK_COUNT",
    "HAND_SIZE",
    "asc",
    "card_of",
    "card_points",
    "display_key",
    "is_seat",
    "sort_hand",
]

HAND_SIZE: Final = 27
DECK: tuple[Card, ...] = tuple(full_deck(2))
DECK_COUNT: Counter[Card] = Counter(DECK)

_ASCII: dict[Card, str] = {c: format_card_ascii(c) for c in DECK}
_PARSED: dict[str, Card] = {v: k for k, v in _ASCII.items()}
# climbing order for display: 3 … A, 2, then the jokers apart (small, big)
_DISPLAY_RANK = {r: i for i, r in enumerate((3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 2, 15, 16))}
_SUITS = "SHCD"


def card_of(text: str) -> Card:
    """:func:`games.cards.parse_card` with the canonical spellings remembered. Raises
    ``CardParseError``."""
    card = _PARSED.get(text)
    return card if card is not None else parse_card(text)


def asc(cards: Iterable[Card]) -> list[str]:
    """ASCII notation, e.g. ``["10s", "BJ"]``."""
    return [_ASCII[c] for c in cards]


def card_points(cards: Iterable[Card]) -> int:
    """Points of ``cards``: 5 → 5, 10 and K → 10 (``dagun_and_jinhua-mahjong.txt:5``)."""
    return sum(c.points for c in cards)


def display_key(card: Card) -> tuple[int, int]:
    """Sort key showing a hand low to high on the climbing ladder (3 … A, 2), jokers last."""
    suit = _SUITS.index(card.suit.value) if card.suit else 0
    return (_DISPLAY_RANK[int(card.rank)], suit)


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """``cards`` in display order (:func:`display_key`)."""
    return sorted(cards, key=display_key)


def is_seat(seat: object) -> bool:
    """True for a seat number 0..3 (a bool is no seat)."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4
