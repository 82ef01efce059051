"""Coalesced jobs: at most one run per key per interval, and the latest request wins.

Used for the table message (one edit per table per ~1.5 s) and the private hand
messages, so that a fast bot-only trick makes one edit, not four, and stays far
from Discord's rate limits. A job reads the state when it runs, so running it
late shows the newest state.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Hashable

__all__ = ["Coalescer"]

log = logging.getLogger(__name__)

Job = Callable[[], Awaitable[None]]


class Coalescer:
    """Run ``request(key, job)`` jobs so that each key runs at most once per ``interval`` s.

    ``interval`` is seconds, or a function giving them (read before each wait).

    The first request for an idle key runs at once; requests arriving while a
    run is pending replace the pending job (latest wins). Errors in a job are
    logged, never raised into the requester.
    """

    def __init__(self, interval: float | Callable[[], float]) -> None:
        self._interval = interval
        self._pending: dict[Hashable, Job] = {}
        self._tasks: dict[Hashable, asyncio.Task[None]] = {}
        self._last: dict[Hashable, float] = {}

    @property
    def interval(self) -> float:
        """Seconds between two runs of one key now (a callable interval adapts to load)."""
        return self._interval() if callable(self._interval) else self._interval

    def active(self, within: float) -> int:
        """How many keys ran in the last ``within`` seconds."""
        now = asyncio.get_running_loop().time()
        return sum(1 for t in self._last.values() if now - t <= within)

    def forget(self, key: Hashable) -> None:
        """Drop what is remembered about ``key`` (a closed table)."""
        if key not in self._tasks:
            self._last.pop(key, None)

    def request(self, key: Hashable, job: Job) -> None:
        self._pending[key] = job
        if key not in self._tasks:
            self._tasks[key] = asyncio.get_running_loop().create_task(self._run(key))

    async def _run(self, key: Hashable) -> None:
        loop = asyncio.get_running_loop()
        try:
            while key in self._pending:
                wait = self._last.get(key, -1e9) + self.interval - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                job = self._pending.pop(key)
                self._last[key] = loop.time()
                try:
                    await job()
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("coalesced job %r failed", key)
        finally:
            self._tasks.pop(key, None)

    async def drain(self) -> None:
        """Wait until no job is pending or running."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    def cancel(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        self._pending.clear()
