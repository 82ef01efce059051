"""Moves that are the kind alone (a pass, 硬牌, 造反, 碰, 胡): refused when they carry data.

An engine that reads nothing of such a move's data would otherwise accept ``硬牌`` with cards
typed at it, as if the cards were part of it (the player meant to play them). The check
depends on the action alone, never on the state, so it reveals nothing hidden.
"""

from __future__ import annotations

from collections.abc import Collection

from games.base import Action, IllegalAction

__all__ = ["refuse_data"]

_NAMES = {
    "pass": "a pass",
    "declare_alone": "硬牌 (playing alone)",
    "rebel": "造反 (rebelling)",
    "pong": "a pong (碰)",
    "win": "a win (胡)",
}


def refuse_data(action: Action, kinds: Collection[str], what: str = "cards") -> None:
    """Raise :class:`IllegalAction` (``bad_data``, reason ``takes_nothing``) when ``action``
    is one of ``kinds`` and carries any data; ``what``: the game's pieces (``tiles``)."""
    if action.kind in kinds and action.data:
        name = _NAMES.get(action.kind, action.kind)
        raise IllegalAction(
            "bad_data",
            f"{name} takes no {what}: it is the move alone",
            {"kind": action.kind, "reason": "takes_nothing"},
        )
