"""The refusal of cards the player does not hold as many times as played (``not_in_hand``)."""

from __future__ import annotations

from typing import Any

__all__ = ["not_held"]

_WORDS = {1: "one", 2: "two", 3: "three"}


def not_held(card: str, played: int, held: int) -> tuple[str, dict[str, Any]]:
    """The message and params of a ``not_in_hand`` refusal: ``card`` played ``played`` times
    while the hand holds ``held`` of it. ``"you do not hold ♦9"``, or ``"you hold only one
    ♦9"`` when some are held (params ``reason="only"`` and ``held``, for the translation)."""
    params: dict[str, Any] = {"card": card, "count": played}
    if not held:
        return f"you do not hold {card}", params
    return f"you hold only {_WORDS.get(held, str(held))} {card}", {
        **params,
        "held": held,
        "reason": "only",
    }
