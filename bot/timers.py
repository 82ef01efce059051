"""Clocks, schedulers and decision deadlines.

Every *required* pending decision of a seat played by a person gets a
deadline ``pace`` seconds after it opened, with a reminder at half time
(issue 3, "Timers"). At the deadline the seat's bot plays for the player;
after :data:`TIMEOUTS_TO_HAND_OVER` timeouts in a row the seat is handed to
the bot until the player takes it back. Deadlines are stored (``deadlines``
table) so a restart keeps them.

The table service never sleeps itself: it asks a :class:`Scheduler` to call
it back at a time on its :class:`Clock`. Production uses
:class:`AsyncioScheduler` (wall clock, ``loop.call_later``); tests use
:class:`ManualScheduler` with a :class:`FakeClock` and drive time with
:meth:`ManualScheduler.advance` / :meth:`ManualScheduler.run_due`, so no test
sleeps for real minutes.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import time
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

__all__ = [
    "TIMEOUTS_TO_HAND_OVER",
    "AsyncioScheduler",
    "Clock",
    "Deadline",
    "FakeClock",
    "ManualScheduler",
    "Scheduler",
    "plan_deadlines",
]

log = logging.getLogger(__name__)

TIMEOUTS_TO_HAND_OVER = 3
"""Timeouts in a row after which a seat is handed to its bot (issue 3)."""

Callback = Callable[[], Awaitable[None]]


class Clock(Protocol):
    """Seconds since the epoch, as a float (``time.time`` satisfies it)."""

    def __call__(self) -> float: ...


class FakeClock:
    """A clock that only moves when told: ``clock()`` is the time, ``clock.advance(s)`` moves it."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Move the time forward by ``seconds`` (>= 0)."""
        if seconds < 0:
            raise ValueError(f"a clock cannot go back ({seconds} s)")
        self.now += seconds


class Scheduler(Protocol):
    """Calls coroutines back at a time on its clock; one pending call per key."""

    @property
    def clock(self) -> Clock:
        """The clock that ``call_at`` times refer to."""
        ...

    def call_at(self, when: float, key: Hashable, callback: Callback) -> None:
        """Run ``callback()`` at ``when`` (clock seconds), replacing any call with the same key."""
        ...

    def cancel(self, key: Hashable) -> None:
        """Forget the call with ``key``, if any."""
        ...

    def cancel_prefix(self, prefix: tuple[Hashable, ...]) -> None:
        """Forget every call whose key is a tuple starting with ``prefix``."""
        ...

    async def close(self) -> None:
        """Cancel everything and wait for running callbacks to end."""
        ...


async def _run(callback: Callback, key: Hashable) -> None:
    try:
        await callback()
    except Exception:  # a failing timer must not kill the others
        log.exception("scheduled call %r failed", key)


class AsyncioScheduler:
    """The production scheduler: ``loop.call_later`` on the running loop, wall clock by default."""

    def __init__(self, clock: Clock = time.time) -> None:
        self.clock = clock
        self._handles: dict[Hashable, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def call_at(self, when: float, key: Hashable, callback: Callback) -> None:
        self.cancel(key)
        loop = asyncio.get_running_loop()
        delay = max(0.0, when - self.clock())
        self._handles[key] = loop.call_later(delay, self._fire, key, callback)

    def _fire(self, key: Hashable, callback: Callback) -> None:
        self._handles.pop(key, None)
        task = asyncio.get_running_loop().create_task(_run(callback, key))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def cancel(self, key: Hashable) -> None:
        handle = self._handles.pop(key, None)
        if handle is not None:
            handle.cancel()

    def cancel_prefix(self, prefix: tuple[Hashable, ...]) -> None:
        n = len(prefix)
        for key in [k for k in self._handles if isinstance(k, tuple) and k[:n] == prefix]:
            self.cancel(key)

    def pending_keys(self) -> list[Hashable]:
        """Keys of calls not yet fired (for tests and debugging)."""
        return list(self._handles)

    async def idle(self) -> None:
        """Wait until no callback runs and none is due within the next moment."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
            await asyncio.sleep(0)

    async def close(self) -> None:
        for key in list(self._handles):
            self.cancel(key)
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


class ManualScheduler:
    """A scheduler for tests: nothing runs until :meth:`run_due` or :meth:`advance`.

    Calls due at the same time run in the order they were scheduled.
    """

    def __init__(self, clock: FakeClock | None = None) -> None:
        self.clock: FakeClock = clock if clock is not None else FakeClock()
        self._heap: list[tuple[float, int, Hashable]] = []
        self._calls: dict[Hashable, tuple[float, int, Callback]] = {}
        self._counter = itertools.count()

    def call_at(self, when: float, key: Hashable, callback: Callback) -> None:
        n = next(self._counter)
        self._calls[key] = (when, n, callback)
        heapq.heappush(self._heap, (when, n, key))

    def cancel(self, key: Hashable) -> None:
        self._calls.pop(key, None)

    def cancel_prefix(self, prefix: tuple[Hashable, ...]) -> None:
        n = len(prefix)
        for key in [k for k in self._calls if isinstance(k, tuple) and k[:n] == prefix]:
            del self._calls[key]

    def when(self, key: Hashable) -> float | None:
        """When the call with ``key`` is due, or ``None``."""
        entry = self._calls.get(key)
        return entry[0] if entry else None

    def pending_keys(self) -> list[Hashable]:
        """Keys of calls not yet run."""
        return list(self._calls)

    def next_due(self) -> float | None:
        """The earliest due time, or ``None`` when nothing is scheduled."""
        self._drop_stale()
        return self._heap[0][0] if self._heap else None

    def _drop_stale(self) -> None:
        while self._heap:
            _when, n, key = self._heap[0]
            entry = self._calls.get(key)
            if entry is not None and entry[1] == n:
                return
            heapq.heappop(self._heap)

    async def run_due(self, limit: int = 1_000_000) -> int:
        """Run every call due now, including calls they schedule for now; return how many ran."""
        ran = 0
        while ran < limit:
            self._drop_stale()
            if not self._heap or self._heap[0][0] > self.clock():
                return ran
            _, _, key = heapq.heappop(self._heap)
            _, _, callback = self._calls.pop(key)
            await _run(callback, key)
            ran += 1
        raise RuntimeError(f"more than {limit} scheduled calls ran at one time: a loop?")

    async def advance(self, seconds: float) -> int:
        """Move the clock forward step by step through every due call; return how many ran."""
        end = self.clock() + seconds
        ran = await self.run_due()
        while True:
            nxt = self.next_due()
            if nxt is None or nxt > end:
                break
            self.clock.now = max(self.clock.now, nxt)
            ran += await self.run_due()
        self.clock.now = end
        return ran + await self.run_due()

    async def close(self) -> None:
        self._calls.clear()
        self._heap.clear()


@dataclass(frozen=True)
class Deadline:
    """A seat's deadline for its required decision.

    Attributes:
        seat: the seat.
        due: clock seconds when the seat's bot plays for the player.
        remind_at: clock seconds of the reminder (half time).
        reminded: True once the reminder went out.
    """

    seat: int
    due: float
    remind_at: float
    reminded: bool = False


def plan_deadlines(
    old: Mapping[int, Deadline],
    waiting_seats: Iterable[int],
    *,
    actor: int | None,
    now: float,
    pace_seconds: float,
) -> dict[int, Deadline]:
    """Deadlines after an action.

    ``waiting_seats`` are the seats, played by people, with a required decision
    now. A seat that was already waiting keeps its deadline (a claim window
    stays open for the others when one seat answers), unless it is the seat
    that just acted (its new decision is a new one). Every other waiting seat
    gets ``now + pace_seconds`` with a reminder at half time; seats no longer
    waiting lose theirs.
    """
    out: dict[int, Deadline] = {}
    for seat in waiting_seats:
        kept = old.get(seat)
        if kept is not None and seat != actor:
            out[seat] = kept
        else:
            out[seat] = Deadline(seat, now + pace_seconds, now + pace_seconds / 2)
    return out
