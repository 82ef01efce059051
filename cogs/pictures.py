"""Pictures for the table message and private hands, from :mod:`render` when it can draw them.

:func:`table_png` and :func:`hand_png` return PNG bytes, or ``None`` when
``render`` has no picture for this game yet (or fails): the caller then sends
text only. Rendering is CPU work, so callers run these in a thread
(``asyncio.to_thread``) to keep the event loop answering interactions.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["hand_png", "table_png"]

log = logging.getLogger(__name__)

_failed: set[str] = set()


def _pajiwo_table(view: Mapping[str, Any], names: list[str]) -> bytes:
    from render.pajiwo import table_scene
    from render.trick import trick_table_png

    return trick_table_png(table_scene(view, names))


def _pajiwo_hand(view: Mapping[str, Any]) -> bytes:
    from render.cards import hand_png as cards_png
    from render.pajiwo import hand_groups

    return cards_png(hand_groups(view))


_TABLES: dict[str, Callable[[Mapping[str, Any], list[str]], bytes]] = {"pajiwo": _pajiwo_table}
_HANDS: dict[str, Callable[[Mapping[str, Any]], bytes]] = {"pajiwo": _pajiwo_hand}


def _safely(what: str, func: Callable[..., bytes], *args: Any) -> bytes | None:
    try:
        out = func(*args)
    except Exception:
        if what not in _failed:  # log each kind of failure once, then fall back to text quietly
            _failed.add(what)
            log.exception("render failed for %s; sending text instead", what)
        return None
    return out if isinstance(out, bytes) else None


def table_png(game: str, view: Mapping[str, Any], names: list[str]) -> bytes | None:
    """The table picture for a spectator's ``view`` of ``game``; PNG bytes or ``None``."""
    func = _TABLES.get(game)
    return None if func is None else _safely(f"table:{game}", func, view, names)


def hand_png(game: str, view: Mapping[str, Any]) -> bytes | None:
    """The picture of the hand in a seat's ``view``; PNG bytes or ``None``."""
    func = _HANDS.get(game)
    if func is None or not view.get("hand"):
        return None
    return _safely(f"hand:{game}", func, view)
