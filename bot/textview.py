"""Plain-text rendering of a game view and of moves, for the terminal front end.

Engine views differ per game, so this renders any view generically: lists of
card notation become readable cards (``♠10 ♥Q 大王``), other values compact
JSON. Keys the engines share (``hand``, ``trick``, ``turn``) come first.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Action
from games.cards import CardParseError, format_card, parse_card

__all__ = ["format_action", "format_value", "render_view"]

_FIRST = ("phase", "hand_number", "hand_no", "level", "trump", "dealer", "turn", "trick", "points")
_SKIP = {"game", "legal", "hand_results", "tricks", "teams", "seat", "hand"}


def _cards(value: Any) -> str | None:
    """``"♠10 ♥Q"`` when ``value`` is a list of card strings, else ``None``."""
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        return None
    try:
        return " ".join(format_card(parse_card(v)) for v in value)
    except CardParseError:
        return None


def format_value(value: Any) -> str:
    """A view value as short text: card lists as cards, nested values with cards inside too."""
    cards = _cards(value)
    if cards is not None:
        return cards
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {format_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def format_action(action: Action) -> str:
    """``"play ♠10 ♠10"``, ``"pass"``, ``"ante amount=2"``."""
    parts = [action.kind]
    for key, value in action.data.items():
        cards = _cards(value) if key == "cards" else None
        parts.append(cards if cards is not None else f"{key}={format_value(value)}")
    return " ".join(parts)


def render_view(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """Several lines: seats with names, the public state, then the seat's own hand last."""
    lines = ["seats: " + ", ".join(f"{i}:{n}" for i, n in enumerate(names))]
    keys = [k for k in _FIRST if k in view] + [
        k for k in view if k not in _FIRST and k not in _SKIP
    ]
    for key in keys:
        value = view[key]
        if value is None or value == [] or value == {}:
            continue
        lines.append(f"{key}: {format_value(value)}")
    results = view.get("hand_results")
    if results:
        last = results[-1]
        text = last.get("text") if isinstance(last, Mapping) else None
        lines.append(f"last hand: {text or format_value(last)}")
    hand = view.get("hand")
    if hand:
        lines.append(f"your hand ({len(hand)}): {format_value(hand)}")
    return "\n".join(lines)
