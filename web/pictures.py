"""Each replay step's picture: the table with every hand face up (:func:`render.replay.step_png`,
the picture ``/replay`` shows on Discord), as PNG, without the narration band (the page says
the narration in the reader's language, so one picture serves every language).

A finished hand never changes, so
a picture's ETag names the match, the hand, the step and the drawing code (a digest of
``render/`` and ``games/``): a browser asks once and then keeps it (``immutable``), and a
revalidation is answered 304 without drawing. Drawn pictures are kept in a small LRU cache
(:class:`PictureCache`) and drawn in a worker thread, off the event loop.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from pathlib import Path

from bot.replay import HandReplay
from render.replay import step_png

__all__ = ["CODE_VERSION", "PictureCache", "draw_step", "etag"]

_ROOT = Path(__file__).resolve().parent.parent


def _code_version() -> str:
    digest = hashlib.blake2b(digest_size=6)
    for package in ("render", "games"):
        for path in sorted((_ROOT / package).rglob("*.py")):
            digest.update(path.relative_to(_ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


CODE_VERSION = _code_version()
"""A digest of the drawing and engine code: a picture drawn by other code has another ETag."""


def etag(match_id: int, hand: int, step: int) -> str:
    """The strong ETag of a step's picture (quoted, as the header carries it)."""
    return f'"{match_id}.{hand}.{step}.{CODE_VERSION}"'


def draw_step(replay: HandReplay, step: int) -> bytes:
    """The PNG of ``replay``'s step ``step``."""
    shown = replay.steps[step]
    return step_png(replay.game, shown.public, shown.views, replay.names)


class PictureCache:
    """Drawn PNGs by key, the least recently used dropped beyond ``max_bytes``."""

    def __init__(self, max_bytes: int = 64 * 1024 * 1024) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple[int, int, int], bytes] = OrderedDict()
        self._bytes = 0

    def get(self, key: tuple[int, int, int]) -> bytes | None:
        png = self._items.get(key)
        if png is not None:
            self._items.move_to_end(key)
        return png

    def put(self, key: tuple[int, int, int], png: bytes) -> None:
        if key in self._items:
            return
        self._items[key] = png
        self._bytes += len(png)
        while self._bytes > self.max_bytes and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self._bytes -= len(old)
