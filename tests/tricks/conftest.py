"""Shared helpers for the trick-taking tests."""

from __future__ import annotations

from games.cards import Card, parse_cards


def cards(text: str) -> list[Card]:
    """``"9h 9h 8h"`` -> cards (any notation games.cards reads)."""
    return parse_cards(text)
