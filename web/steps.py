"""The replay viewer's steps, cut once and kept, and their pictures drawn ahead of the reader.

A finished hand never changes, so a hand is cut into steps (:func:`bot.replay.replay_hand`,
which replays the match's log) once: :class:`Steps` keeps the cut hands of the most recently
read matches in memory (an LRU of :data:`HANDS_KEPT` hands), and concurrent requests for a hand
being cut wait for that one cut (:class:`Once`). A hand is cut in the drawing worker process
(:meth:`web.pictures.Drawer.cut`), so that replaying the log never holds the pages' event loop.
Only a finished match's record is ever cut (:meth:`web.data.WebData.record` gives none for a
hand in play): a hand in play is never served.

After a step's page is answered, its picture and the next :data:`AHEAD` steps' are drawn in the
background (:meth:`Steps.ahead`), one at a time and only while no picture a reader asked for is
being drawn, so that a reader stepping forward finds them drawn.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.replay import HandReplay, ReplayRefused
from web.data import MatchLine, WebData
from web.pictures import Drawer, PictureCache

__all__ = ["AHEAD", "HANDS_KEPT", "Once", "Steps"]

log = logging.getLogger(__name__)

HANDS_KEPT = 64
"""Cut hands kept in memory (the least recently read dropped first)."""
AHEAD = 2
"""How many steps after the one shown are drawn in the background."""


class Once:
    """Runs a coroutine once for every caller asking for the same key at the same time."""

    def __init__(self) -> None:
        self._running: dict[Any, asyncio.Future[Any]] = {}

    async def __call__(self, key: Any, build: Callable[[], Awaitable[Any]]) -> Any:
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            value = await build()
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning
            raise
        else:
            future.set_result(value)
            return value
        finally:
            del self._running[key]


class Steps:
    """Cut hands and drawn pictures of the replay viewer, over one :class:`WebData`."""

    def __init__(self, data: WebData, drawer: Drawer, limit: int = HANDS_KEPT) -> None:
        self.data = data
        self.drawer = drawer
        self.pictures = PictureCache()
        self.once = Once()
        self.cuts = 0
        """How many times a match's log was replayed to cut a hand (tests read it)."""
        self.drawn = 0
        """How many step pictures were drawn."""
        self.cpu: dict[tuple[int, ...], float] = {}
        """The CPU milliseconds the worker spent cutting ``(match, hand)`` and drawing
        ``(match, hand, step)`` (the pages say it in ``Server-Timing``; a benchmark reads it)."""
        self._hands: OrderedDict[tuple[int, int], HandReplay] = OrderedDict()
        self._limit = limit
        self._tasks: set[asyncio.Task[Any]] = set()

    def kept(self, match_id: int, hand: int) -> HandReplay | None:
        found = self._hands.get((match_id, hand))
        if found is not None:
            self._hands.move_to_end((match_id, hand))
        return found

    def _keep(self, match_id: int, replay: HandReplay) -> None:
        self._hands[(match_id, replay.hand)] = replay
        self._hands.move_to_end((match_id, replay.hand))
        while len(self._hands) > self._limit:
            (old_match, old_hand), _ = self._hands.popitem(last=False)
            self.cpu.pop((old_match, old_hand), None)
        while len(self.cpu) > 4 * self._limit:
            self.cpu.pop(next(iter(self.cpu)))

    async def hand(self, match: MatchLine, hand: int) -> HandReplay:
        """Hand ``hand`` of the finished ``match``, cut into steps (once); a 404 for a hand
        that is not there or not finished."""
        found = self.kept(match.id, hand)
        if found is not None:
            return found
        if not 1 <= hand <= len(match.hands):
            raise web.HTTPNotFound()
        record = await self.once(("record", match.id), lambda: self.data.record(match))
        if record is None:  # not finished (or a duplicate board still played): never shown
            raise web.HTTPNotFound()

        async def cut() -> HandReplay:
            self.cuts += 1
            try:
                cut, cpu = await self.drawer.cut(record, hand)
            except ReplayRefused:
                raise web.HTTPNotFound() from None
            self.cpu[(match.id, hand)] = cpu
            return cut

        replay: HandReplay = await self.once(("hand", match.id, hand), cut)
        self._keep(match.id, replay)
        return replay

    async def picture(self, match_id: int, replay: HandReplay, step: int) -> bytes:
        """The step's picture, drawn once however many ask for it at the same time."""
        key = (match_id, replay.hand, step)
        png = self.pictures.get(key)
        if png is not None:
            return png

        async def draw() -> bytes:
            self.drawn += 1
            png, cpu = await self.drawer.draw(replay, step)
            self.cpu[key] = cpu
            return png

        png = await self.once(("png", key), draw)
        self.pictures.put(key, png)
        return png

    def ahead(self, match_id: int, replay: HandReplay, step: int) -> None:
        """Draw the step's picture now (the browser asks for it next), then the next
        :data:`AHEAD` steps', each only while no other picture is being drawn: a busy site
        draws only the pictures asked for."""

        async def run() -> None:
            last = min(len(replay.steps) - 1, step + AHEAD)
            for k in range(step, last + 1):
                if self.pictures.get((match_id, replay.hand, k)) is not None:
                    continue
                if self.drawer.busy and k > step:
                    return
                await self.picture(match_id, replay, k)

        self._background(run())

    def _background(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("replay work in the background failed: %s", task.exception())

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self.drawer.close()
