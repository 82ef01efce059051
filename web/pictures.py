"""Each replay step's picture: the table with every hand face up (:func:`render.replay.step_png`,
the picture ``/replay`` shows on Discord), as PNG, without the narration band (the page says
the narration in the reader's language, so one picture serves every language).

A finished hand never changes, so
a picture's ETag names the match, the hand, the step and the drawing code (a digest of
``render/`` and ``games/``): a browser keeps it an hour (``private``: no shared cache keeps a
picture after ``/league web off``), and a revalidation is answered 304 without drawing. Drawn
pictures are kept in a small LRU cache (:class:`PictureCache`) and drawn in a worker process
(:class:`Drawer`), off the event loop, which also cuts the hands into steps.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import multiprocessing
import os
import time
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from bot.replay import GameRecord, HandReplay, replay_hand
from render.replay import step_png
from render.replay import warm_up as warm_replay
from render.warm import warm_up

log = logging.getLogger(__name__)

WORKER_NICE = 10
"""How much lower the drawing worker's priority is than the pages' process (``os.nice``)."""

__all__ = ["CODE_VERSION", "Drawer", "PictureCache", "draw_step", "etag"]

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


def step_input(replay: HandReplay, step: int) -> tuple[Any, ...]:
    """What :func:`draw_input` needs to draw the step: plain, picklable values."""
    shown = replay.steps[step]
    return (replay.game, dict(shown.public), [dict(v) for v in shown.views], list(replay.names))


def draw_input(game: str, public: Any, views: Any, names: Any) -> tuple[bytes, float]:
    """:func:`draw_step` from :func:`step_input`'s values (in a worker process), and the CPU
    milliseconds it took."""
    start = time.process_time()
    png = step_png(game, public, views, names)
    return png, (time.process_time() - start) * 1000


def cut_hand(record: GameRecord, hand: int) -> tuple[HandReplay, float]:
    """:func:`bot.replay.replay_hand` (in a worker process), and the CPU milliseconds it took."""
    start = time.process_time()
    replay = replay_hand(record, hand)
    return replay, (time.process_time() - start) * 1000


def _worker_start() -> None:
    # drawing yields to the pages: the worker runs at a lower priority than the event loop
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    warm_up()
    warm_replay()


class Drawer:
    """Draws step pictures in a worker process, one at a time, so that drawing (CPU work
    holding the interpreter's lock) never delays the pages the event loop answers. Started
    with ``spawn`` (a fork of a process with threads running may copy a held lock); a broken
    worker is replaced and that picture drawn in a thread instead."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self.busy = 0

    def start(self) -> None:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
            )
            self._pool.submit(int)  # start the worker now, not at the first picture

    async def draw(self, replay: HandReplay, step: int) -> tuple[bytes, float]:
        self.start()
        assert self._pool is not None
        loop = asyncio.get_running_loop()
        self.busy += 1
        try:
            return await loop.run_in_executor(self._pool, draw_input, *step_input(replay, step))
        except BrokenProcessPool:
            log.exception("the web pages' drawing worker broke: a new one is started")
            old, self._pool = self._pool, None
            old.shutdown(wait=False, cancel_futures=True)
            start = time.process_time()  # the process's: an estimate beside the pages' work
            png = await asyncio.to_thread(draw_step, replay, step)
            return png, (time.process_time() - start) * 1000
        finally:
            self.busy -= 1

    async def cut(self, record: GameRecord, hand: int) -> tuple[HandReplay, float]:
        """:func:`bot.replay.replay_hand` in the worker process (replaying a match's log is CPU
        work that would hold the pages' event loop); in a thread if the worker broke."""
        self.start()
        assert self._pool is not None
        loop = asyncio.get_running_loop()
        self.busy += 1
        try:
            return await loop.run_in_executor(self._pool, cut_hand, record, hand)
        except BrokenProcessPool:
            log.exception("the web pages' drawing worker broke: a new one is started")
            old, self._pool = self._pool, None
            old.shutdown(wait=False, cancel_futures=True)
            return await asyncio.to_thread(cut_hand, record, hand)
        finally:
            self.busy -= 1

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


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
