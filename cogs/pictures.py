"""Pictures for the table message and private hands, from :mod:`render` when it can draw them.

A game's pictures come from its render adapter, the module ``render.<game key>`` (e.g.
:mod:`render.pajiwo`), found by name so that a new game adds its adapter file and edits
nothing here. The adapter defines ``table_png(view, names) -> bytes`` (a spectator's view)
and ``hand_png(view) -> bytes`` (a seat's view); either may be missing.

:func:`table_png` and :func:`hand_png` return PNG bytes, or ``None`` when ``render``
has no picture for this game yet (or fails): the caller then sends text only. Rendering
is CPU work, so callers run these in a thread (``asyncio.to_thread``) to keep the event
loop answering interactions.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Mapping
from functools import cache
from types import ModuleType
from typing import Any

from games.registry import game_module

__all__ = ["adapter", "hand_key", "hand_png", "table_png"]

log = logging.getLogger(__name__)

_failed: set[str] = set()


@cache
def adapter(game: str) -> ModuleType | None:
    """The render adapter module ``render.<game>``, or ``None`` when the game has none (or it
    cannot be loaded: logged, and the text goes without a picture)."""
    try:
        return game_module("render.{game}", game)
    except ImportError:  # the adapter exists but something it needs is missing
        log.exception("render adapter for %s cannot be loaded", game)
        return None


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
    func = getattr(adapter(game), "table_png", None)
    return None if func is None else _safely(f"table:{game}", func, view, names)


def hand_png(game: str, view: Mapping[str, Any]) -> bytes | None:
    """The picture of the hand in a seat's ``view``; PNG bytes or ``None``."""
    func = getattr(adapter(game), "hand_png", None)
    if func is None or not view.get("hand"):
        return None
    return _safely(f"hand:{game}", func, view)


def hand_key(game: str, view: Mapping[str, Any]) -> str | None:
    """A digest of what the hand picture of ``view`` shows (the adapter's ``hand_input``,
    else the whole view): two views with the same key have the same picture, so the picture
    on Discord can stay when only the controls change. None when there is no picture."""
    ad = adapter(game)
    if getattr(ad, "hand_png", None) is None or not view.get("hand"):
        return None
    source_of = getattr(ad, "hand_input", None)
    try:
        source = source_of(view) if source_of is not None else view
    except Exception:
        return None
    return hashlib.blake2b(repr(source).encode(), digest_size=16).hexdigest()
