"""Pictures for the table message and private hands, from :mod:`render` when it can draw them.

:func:`table_png` and :func:`hand_png` return PNG bytes, or ``None`` when
``render`` has no picture for this game yet (or fails): the caller then sends
text only. Rendering is CPU work, so callers run these in a thread
(``asyncio.to_thread``) to keep the event loop answering interactions.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["hand_png", "table_png"]

log = logging.getLogger(__name__)

_failed: set[str] = set()


def _find(names: tuple[tuple[str, str], ...]) -> Callable[..., Any] | None:
    for module_name, attr in names:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        func = getattr(module, attr, None)
        if callable(func):
            return func
    return None


def _call(what: str, names: tuple[tuple[str, str], ...], *args: Any) -> bytes | None:
    func = _find(names)
    if func is None:
        return None
    try:
        out = func(*args)
    except Exception:
        if what not in _failed:  # log each kind of failure once, then fall back to text quietly
            _failed.add(what)
            log.exception("render failed for %s; sending text instead", what)
        return None
    return out if isinstance(out, bytes) else None


def table_png(game: str, view: Mapping[str, Any], names: list[str]) -> bytes | None:
    """The table picture for a spectator's view of ``game``; PNG bytes or ``None``."""
    return _call(
        f"table:{game}",
        (
            ("render.discord", "table_png"),
            ("render.adapters", "table_png"),
            ("render", "table_png"),
        ),
        game,
        view,
        names,
    )


def hand_png(game: str, view: Mapping[str, Any]) -> bytes | None:
    """The picture of the hand in a seat's ``view``; PNG bytes or ``None``."""
    return _call(
        f"hand:{game}",
        (("render.discord", "hand_png"), ("render.adapters", "hand_png"), ("render", "hand_png")),
        game,
        view,
    )
