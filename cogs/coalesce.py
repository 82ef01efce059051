"""Coalesced jobs: at most one run per key per interval, and the latest request wins.

Used for the table message (one edit per table per ~1.5 s) and the private hand
messages, so that a fast bot-only trick makes one edit, not four, and stays far
from Discord's rate limits. A job reads the state when it runs, so running it
late shows the newest state.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import logging
from collections.abc import Awaitable, Callable, Hashable

__all__ = ["Coalescer", "RequestBudget"]

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
        self._urgent: dict[Hashable, asyncio.Event] = {}

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

    def request(self, key: Hashable, job: Job, *, urgent: bool = False) -> None:
        """Run ``job`` for ``key`` (replacing a pending one); ``urgent`` runs it without
        waiting out the interval (the hand of the player who must move next)."""
        self._pending[key] = job
        if urgent:
            self._urgent.setdefault(key, asyncio.Event()).set()
        if key not in self._tasks:
            self._tasks[key] = asyncio.get_running_loop().create_task(self._run(key))

    async def _run(self, key: Hashable) -> None:
        loop = asyncio.get_running_loop()
        try:
            while key in self._pending:
                wait = self._last.get(key, -1e9) + self.interval - loop.time()
                woken = self._urgent.setdefault(key, asyncio.Event())
                if wait > 0 and not woken.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(woken.wait(), wait)
                self._urgent.pop(key, None)
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
            self._urgent.pop(key, None)

    async def drain(self) -> None:
        """Wait until no job is pending or running."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    def cancel(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        self._pending.clear()


class RequestBudget:
    """Discord's global budget for a bot's REST calls, shared by every job: ``per_second``
    requests a second (Discord: 50 per bot; interaction answers are not counted), spent in
    order of priority.

    ``await budget.take(priority)`` returns when the call may be made: at once while tokens
    are left (up to ``burst`` saved), else when the bucket refills and no waiter of a lower
    ``priority`` number is ahead (ties: first come, first served). So under load the hand of
    the player who must move next (priority 0) goes before the table messages (1), and those
    before quiet hand edits (2) and clean-up (3).
    """

    def __init__(self, per_second: float, *, burst: float | None = None) -> None:
        self.per_second = per_second
        self.burst = burst if burst is not None else per_second / 5
        self._tokens = self.burst
        self._updated: float | None = None
        self._waiters: list[tuple[int, float, int, asyncio.Future[None]]] = []
        #: a caller's key -> (priority, since, future) while it waits (see :meth:`promote`)
        self._keyed: dict[Hashable, tuple[int, float, asyncio.Future[None]]] = {}
        self._order = itertools.count()
        self._pump: asyncio.Task[None] | None = None
        self.waited = 0  # calls that had to wait (for the benchmarks)

    def _refill(self, now: float) -> None:
        if self._updated is not None:
            self._tokens = min(self.burst, self._tokens + (now - self._updated) * self.per_second)
        self._updated = now

    def waiting(self) -> int:
        """Calls waiting for a token now."""
        return len({id(f) for *_, f in self._waiters if not f.done()})

    async def take(
        self, priority: int = 0, key: Hashable | None = None, since: float | None = None
    ) -> None:
        """Wait for a token. ``key`` names the caller (a table message, a player's hand) so
        that :meth:`promote` can move it ahead while it waits; ``since`` (loop time, default
        now) orders callers of one priority: the oldest first (a table message by its oldest
        move not yet shown, so a move made while the last edit was on its way does not wait
        a whole round behind every other table)."""
        loop = asyncio.get_running_loop()
        self._refill(loop.time())
        if not self._waiters and self._tokens >= 1:
            self._tokens -= 1
            return
        self.waited += 1
        future: asyncio.Future[None] = loop.create_future()
        when = loop.time() if since is None else since
        heapq.heappush(self._waiters, (priority, when, next(self._order), future))
        if key is not None:
            self._keyed[key] = (priority, when, future)
        if self._pump is None or self._pump.done():
            self._pump = loop.create_task(self._serve())
        try:
            await future
        finally:
            waiting = self._keyed.get(key) if key is not None else None
            if waiting is not None and waiting[2] is future:
                del self._keyed[key]

    def promote(self, key: Hashable, priority: int) -> None:
        """Serve the caller waiting under ``key`` at ``priority`` if that is sooner: a
        picture catch-up (clean-up) that a new move makes a table edit, a quiet hand edit
        that a new decision makes the next player's hand. Nothing if nobody waits."""
        waiting = self._keyed.get(key)
        if waiting is None or waiting[0] <= priority or waiting[2].done():
            return
        # a second entry for the same future: whichever is served first serves it, the
        # other is skipped as done
        _, when, future = waiting
        heapq.heappush(self._waiters, (priority, when, next(self._order), future))
        self._keyed[key] = (priority, when, future)

    async def _serve(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiters:
            self._refill(loop.time())
            if self._tokens < 1:
                await asyncio.sleep((1 - self._tokens) / self.per_second)
                continue
            *_, future = heapq.heappop(self._waiters)
            if future.done():  # its caller was cancelled
                continue
            self._tokens -= 1
            future.set_result(None)

    def cancel(self) -> None:
        for *_, future in self._waiters:
            future.cancel()
        self._waiters.clear()
        self._keyed.clear()
        if self._pump is not None:
            self._pump.cancel()
