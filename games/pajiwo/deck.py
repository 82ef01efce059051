"""The Pajiwo deck and table constants, and the card notation the engine writes.

Two decks with jokers, 108 cards; 25 each and an 8-card kitty (底牌) (pajiwo.txt:15).
Partners sit opposite: seats 0 & 2 and 1 & 3 (pajiwo.txt:33).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from games.cards import Card, format_card_ascii, full_deck, parse_card
from games.tricks import intern_card

__all__ = [
    "DEALT",
    "DECK",
    "DECK_COUNT",
    "HAND_SIZE",
    "KITTY_SIZE",
    "TEAMS",
    "asc",
    "card_of",
    "is_seat",
]

HAND_SIZE: Final = 25
KITTY_SIZE: Final = 8
DEALT: Final = 4 * HAND_SIZE
DECK: tuple[Card, ...] = tuple(intern_card(c) for c in full_deck(2))  # one instance per card
DECK_COUNT: Counter[Card] = Counter(DECK)
TEAMS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))

_ASCII: dict[Card, str] = {c: format_card_ascii(c) for c in DECK}


_PARSED: dict[str, Card] = {format_card_ascii(c): c for c in DECK}
_PARSED_MAX = 4096  # spellings remembered (the notations of 54 cards, with room for case)


def card_of(text: str) -> Card:
    """:func:`games.cards.parse_card`, remembered per spelling and returning the deck's
    instance (replaying a game parses every card of every action). Raises ``CardParseError``."""
    card = _PARSED.get(text)
    if card is None:
        card = intern_card(parse_card(text))
        if len(_PARSED) < _PARSED_MAX:
            _PARSED[text] = card
    return card


def asc(cards: Sequence[Card]) -> list[str]:
    """ASCII notation of ``cards``, e.g. ``["10s", "BJ"]`` (a table look-up: this runs for
    every view)."""
    return [_ASCII[c] for c in cards]


def is_seat(seat: object) -> bool:
    """True for a seat number 0..3; a bool is no seat, although ``True == 1`` in Python."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4
