"""The Dagunzi deck, table constants, level labels and the card notation the engine writes.

Three decks with jokers, 162 cards; 39 each and a 6-card kitty (底牌) (``dagunzi.txt:18,41``).
Partners sit opposite: seats 0 & 2 and 1 & 3 (``dagunzi.txt:10-11``); seats are numbered in
play order, which is counter-clockwise (``dagunzi.txt:66``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
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
    "TOTAL_POINTS",
    "asc",
    "card_of",
    "card_points",
    "is_seat",
    "level_label",
]

DECKS: Final = 3
HAND_SIZE: Final = 39
KITTY_SIZE: Final = 6
DEALT: Final = 4 * HAND_SIZE
DECK: tuple[Card, ...] = tuple(intern_card(c) for c in full_deck(DECKS))
DECK_COUNT: Counter[Card] = Counter(DECK)
TEAMS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
TOTAL_POINTS: Final = 300
"""5s, 10s and Ks of three decks (``dagunzi.txt:26,79``)."""

_ASCII: dict[Card, str] = {c: format_card_ascii(c) for c in DECK}
_PARSED: dict[str, Card] = {format_card_ascii(c): c for c in DECK}


def card_of(text: str) -> Card:
    """:func:`games.cards.parse_card` returning the deck's shared instance. Raises
    ``CardParseError``."""
    card = _PARSED.get(text)
    if card is None:
        card = intern_card(parse_card(text))
        if len(_PARSED) < 4096:
            _PARSED[text] = card
    return card


def asc(cards: Sequence[Card]) -> list[str]:
    """ASCII notation of ``cards``, e.g. ``["10s", "BJ"]``."""
    return [_ASCII[c] for c in cards]


def card_points(cards: Iterable[Card]) -> int:
    """Points of ``cards``: 5 → 5, 10 and K → 10 (``dagunzi.txt:26``)."""
    return sum(c.points for c in cards)


def is_seat(seat: object) -> bool:
    """True for a seat number 0..3 (a bool is no seat)."""
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 4


def level_label(level: int) -> str:
    """``"3"`` … ``"10"``, ``"J"`` (11)."""
    return "J" if level == 11 else str(level)
