"""The table service's core: its state, its tables' index, and closing a table.

:class:`bot.tables.TableService` is composed of one mixin per job over this core:
:mod:`bot.table_lobby` (lobby and seats), :mod:`bot.table_play` (applying moves),
:mod:`bot.table_auto` (bots, table steps and deadlines), :mod:`bot.table_startup`
(start-up from the store, shut-down). The jobs call one another only through the
abstract methods declared here, so each module imports this one and none imports
another job's module.
"""

from __future__ import annotations

import asyncio
import logging
import random
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from bot.claim import DatabaseClaim
from bot.errors import TableError
from bot.owners import TableOwners
from bot.results import match_record
from bot.snapshots import Snapshot
from bot.store import Store
from bot.store_rows import Seat
from bot.table_model import LEVEL_KINDS, Listener, Table, TableUpdate, UpdateKind, to_pace
from bot.thinking import InlineThinker, Thinker
from bot.timers import AsyncioScheduler, Clock, Deadline, Scheduler
from games.base import Action, Event

log = logging.getLogger("bot.tables")

NOT_STORED = {
    "not_stored": "your move could not be saved, so it was not made: try again in a moment",
    "take_back_not_stored": "your seat could not be taken back: the change could not be saved,"
    " so a bot still plays it; try again in a moment",
}
"""What a person is told when the store refused the write of their move or seat change
(nothing of it was put in place), by code."""


def not_stored(code: str = "not_stored") -> TableError:
    """The refusal of a change the store could not write (``NOT_STORED``'s codes)."""
    return TableError(code, NOT_STORED[code], {})


OwnershipListener = Callable[[str, list[int]], Awaitable[None]]

BOT_KINDS_DEFAULT = "heuristic"
AUTO_RETRY_S = 5.0  # seconds before an automatic move that failed to be stored is tried again
_KEEP_CLOSED = 200  # finished/aborted tables kept in memory for front ends to show the end


@dataclass(frozen=True)
class SetAside:
    """An open table start-up could not read (:func:`bot.damage.judge_table`): kept out of
    play and untouched in the file. Its columns as far as they could be read (``None``
    where not), and ``reason``: one English sentence of what cannot be read."""

    table_id: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    host_user_id: int | None
    game: str
    reason: str


class TableServiceCore(ABC):
    """What every job of :class:`bot.tables.TableService` shares (arguments: see there)."""

    def __init__(
        self,
        store: Store,
        *,
        scheduler: Scheduler | None = None,
        clock: Clock | None = None,
        rng_seed: int | None = None,
        default_pace: str = "live",
        bot_delay_s: float = 0.0,
        forced_pass_delay: tuple[float, float] | None = None,
        thinker: Thinker | None = None,
        shards: tuple[int, tuple[int, ...] | None] | None = None,
        takeover_interval_s: float = 5.0,
        register_patience_s: float = 15.0,
    ) -> None:
        self.store = store
        #: ``(shard_count, shard_ids)`` of a bot split across processes on PostgreSQL: this
        #: service then runs only the tables it owns (:mod:`bot.owners`); ``None``: all
        self.shards = shards
        self.owners: TableOwners | None = None
        #: seconds between two looks for tables of this process's shards that nobody owns
        self.takeover_interval_s = takeover_interval_s
        #: seconds a process refused beside the others tries again before it gives up (a
        #: killed process's session may still be ending: bot.table_handback)
        self.register_patience_s = register_patience_s
        self._background: set[asyncio.Task[None]] = set()
        self.thinker: Thinker = thinker if thinker is not None else InlineThinker()
        #: a table's ``bot_level`` when it sets none: ``strong`` where the search runs off the
        #: event loop (its 1 s a move fits every pace, at least 10 s), else ``normal``
        self.default_bot_level = "strong" if self.thinker.off_loop else "normal"
        self._stopping = False  # set by shut_down: a bot's late answer is not applied
        self.forced_pass_delay = forced_pass_delay
        self._forced_rng = random.Random()  # timing only: never part of a game's state
        self.scheduler: Scheduler = (
            scheduler if scheduler is not None else AsyncioScheduler(clock or _wall_clock)
        )
        self.clock: Clock = self.scheduler.clock
        # a game's seed deals every hand of it and is shown once the match is over (exports,
        # replays): without a seed for tests, seeds come from the OS, never from a Mersenne
        # Twister whose next outputs enough published seeds would tell
        self._rng = random.Random(rng_seed) if rng_seed is not None else random.SystemRandom()
        self.default_pace = to_pace(default_pace)
        self.bot_delay_s = bot_delay_s
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._closed: list[int] = []
        self._listeners: list[Listener] = []
        self._claim: DatabaseClaim | None = None
        #: (table, seat) -> (the state's marks, the hint for that decision): worked out once
        self._hints: dict[tuple[int, int], tuple[tuple[int, int, int], Action | None]] = {}
        #: (table, seat) -> (the state's marks, the strong hint and its reasons)
        self._hint_whys: dict[tuple[int, int], tuple[tuple[int, int, int], Any]] = {}
        self._snapshot_seq: dict[int, int] = {}  # game id -> actions in its stored snapshot
        #: tables start-up could not read, by id: kept out of play and untouched
        self.set_aside: dict[int, SetAside] = {}
        #: open tables this process ran and another runs now, or nobody until this one takes
        #: them back (shards, :mod:`bot.table_handback`): refused as ``table_moved``
        self._away: set[int] = set()
        self._adopting = asyncio.Lock()  # one adoption at a time (bot.table_startup.adopt)
        #: clear from a lost claim connection until its tables are taken back: a move waits
        self._back = asyncio.Event()
        self._back.set()
        self._ownership_listeners: list[OwnershipListener] = []

    # ================================================================ basics
    def subscribe(self, listener: Listener) -> None:
        """Call ``await listener(update)`` after every change (exceptions are logged)."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._listeners.remove(listener)

    def subscribe_ownership(self, listener: OwnershipListener) -> None:
        """Call ``await listener(kind, table_ids)`` when this process starts running tables it
        did not run (``"gained"``: taken over, adopted, handed back, taken back after a lost
        claim connection; they are loaded, not yet shown) or stops running some without closing
        them (``"lost"``: handed back, or the claim connection lost). Shards only
        (:mod:`bot.owners`)."""
        self._ownership_listeners.append(listener)

    async def _tell_ownership(self, kind: Literal["gained", "lost"], table_ids: list[int]) -> None:
        if not table_ids:
            return
        for listener in list(self._ownership_listeners):
            try:
                await listener(kind, table_ids)
            except Exception:
                log.exception("ownership listener failed on %s %s", kind, table_ids)

    async def _notify(self, updates: list[TableUpdate]) -> None:
        for update in updates:
            for listener in list(self._listeners):
                try:
                    await listener(update)
                except Exception:
                    log.exception("table listener failed on %s", update.kind)

    def get(self, table_id: int) -> Table:
        """The table with this id. Raises ``TableError("no_table")``."""
        table = self._tables.get(table_id)
        if table is None:
            if table_id in self._away:
                raise moved(table_id)
            raise TableError("no_table", f"there is no table {table_id}", {"table_id": table_id})
        return table

    def table_in_channel(self, channel_id: int) -> Table | None:
        """The open (lobby or playing) table in a channel or thread, if any."""
        table_id = self._by_channel.get(channel_id)
        return self._tables.get(table_id) if table_id is not None else None

    def _in_channel(self, channel_id: int) -> Table:
        table = self.table_in_channel(channel_id)
        if table is None:
            raise TableError(
                "no_table", "there is no table in this channel", {"channel_id": channel_id}
            )
        return table

    def open_tables(self) -> list[Table]:
        """Every table in the lobby or playing."""
        return [t for t in self._tables.values() if t.status in ("lobby", "playing")]

    def _index(self, table: Table) -> None:
        self._by_channel[table.channel_id] = table.id
        if table.thread_id is not None:
            self._by_channel[table.thread_id] = table.id

    def _unindex(self, table: Table) -> None:
        for key in (table.channel_id, table.thread_id):
            if key is not None and self._by_channel.get(key) == table.id:
                del self._by_channel[key]
        self._closed.append(table.id)
        while len(self._closed) > _KEEP_CLOSED:
            self._tables.pop(self._closed.pop(0), None)

    # ================================================================ close
    async def _close(
        self, table: Table, status: Literal["finished", "aborted"]
    ) -> list[TableUpdate]:
        await self.store.close_game(table.id, table.game_id, status, self.clock())
        self._after_close(table, status)
        return [TableUpdate(table, status)]

    def _after_close(self, table: Table, status: Literal["finished", "aborted"]) -> None:
        table.status = status
        table.timers = {}
        table.step_due = None
        self.scheduler.cancel_prefix(("t", table.id))
        self._snapshot_seq.pop(table.game_id or 0, None)
        self._unindex(table)
        table.finished_event.set()
        if self.owners is not None:  # the closed table's lock is given up
            self._in_background(self.owners.release(table.id))

    def _unload(self, table: Table) -> None:
        """Drop an open table from memory without closing it: another process runs it now,
        or nobody until this one takes it back (:mod:`bot.table_handback`). Its timers and
        scheduled moves go; a move already under way is refused by :meth:`_owned`."""
        self.scheduler.cancel_prefix(("t", table.id))
        if self._tables.get(table.id) is table:
            del self._tables[table.id]
        for key in (table.channel_id, table.thread_id):
            if key is not None and self._by_channel.get(key) == table.id:
                del self._by_channel[key]
        self._snapshot_seq.pop(table.game_id or 0, None)
        for hint in [k for k in self._hints if k[0] == table.id]:
            del self._hints[hint]
        for why in [k for k in self._hint_whys if k[0] == table.id]:
            del self._hint_whys[why]
        self._away.add(table.id)

    def _owned(self, table: Table) -> None:
        """Raise ``TableError("table_moved")`` unless this process owns ``table`` now (shards:
        its lock held on a live claim connection, and this very table object loaded): no move
        is applied as owner without the lock. Without shards every table is this process's."""
        owners = self.owners
        if owners is not None and (
            not owners.holds(table.id) or self._tables.get(table.id) is not table
        ):
            raise moved(table.id)

    def _in_background(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -------------------------------------------------------------- finish
    async def _finish(self, table: Table) -> list[TableUpdate]:
        match, ratings = await match_record(self.store, table, self.clock())
        await self.store.record_match(match, ratings, self.clock())
        self._after_close(table, "finished")
        return [TableUpdate(table, "finished")]

    async def wait_finished(self, table_id: int) -> Table:
        """Wait until the table is finished or aborted (simulation, tests)."""
        table = self.get(table_id)
        await table.finished_event.wait()
        return table

    # ============================================================ play guards
    def _playing(self, table_id: int) -> Table:
        table = self.get(table_id)
        if table.status == "lobby":
            raise TableError("not_started", "the game has not started yet", {})
        if table.status != "playing":
            raise TableError("finished", f"this table is {table.status}", {"status": table.status})
        return table

    def _seat_for_play(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "you are not seated at this table", {})
        return seat

    # ============================================================ snapshots
    async def _put_snapshots(self, snapshots: list[Snapshot]) -> None:
        """Store snapshots; a failure only costs a longer replay at the next start."""
        try:
            await self.store.put_snapshots(snapshots, self.clock())
        except Exception:
            log.exception("%s engine snapshots could not be stored", len(snapshots))
            return
        for snapshot in snapshots:
            self._snapshot_seq[snapshot.game_id] = snapshot.seq

    # ======================================= what one job asks of another
    @abstractmethod
    async def adopt(self, table_ids: list[int]) -> list[int]:
        """Own and run those of ``table_ids`` that are open and free (:mod:`bot.table_startup`)."""

    @abstractmethod
    async def take_over(self) -> list[int]:
        """Own and run this process's shards' free tables (:mod:`bot.table_startup`)."""

    @abstractmethod
    async def _start_owning(self) -> None:
        """Shards: own tables over the claim just taken (:mod:`bot.table_handback`)."""

    @abstractmethod
    async def _owners_tick(self) -> None:
        """Shards: the periodic look after ownership (:mod:`bot.table_handback`)."""

    @abstractmethod
    async def _commit(
        self,
        table: Table,
        action: Action,
        key: str,
        user_id: int | None,
        kind: UpdateKind,
        updates: list[TableUpdate],
        *,
        new_seat: Seat | None = None,
    ) -> list[Event] | None:
        """Apply, store and announce a checked move (:mod:`bot.table_play`)."""

    @abstractmethod
    async def _seat_changed(
        self,
        table: Table,
        seat: int,
        kind: UpdateKind,
        updates: list[TableUpdate],
        *,
        new_seat: Seat | None = None,
        host: int | None = None,
        refusal: str = "not_stored",
    ) -> None:
        """Persist a seat's auto/left change during play (:mod:`bot.table_play`)."""

    @abstractmethod
    async def _replan_deadlines(self, table: Table, actor: int | None, persist: bool) -> None:
        """Plan the waiting people's deadlines again (:mod:`bot.table_auto`)."""

    @abstractmethod
    def _planned_deadlines(self, table: Table, actor: int | None) -> dict[int, Deadline]:
        """The deadlines the waiting people get after ``actor`` moved (:mod:`bot.table_auto`)."""

    @abstractmethod
    def _rearm(
        self, table: Table, old: Mapping[int, Deadline], new: Mapping[int, Deadline]
    ) -> None:
        """Reschedule the deadlines that changed (:mod:`bot.table_auto`)."""

    @abstractmethod
    def _arm_all(self, table: Table, *, fresh: bool = False) -> None:
        """Schedule every deadline of the table (:mod:`bot.table_auto`)."""

    @abstractmethod
    def _schedule_auto(self, table: Table, delay: float | None = None) -> None:
        """Schedule the next automatic move (:mod:`bot.table_auto`)."""


def _whole(value: object) -> bool:
    """True for an ``int`` that is not a ``bool`` (``True`` would silently mean seat 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _check_action(action: Action) -> None:
    """Refuse an action a front end built wrongly (``bad_action``), before any table is touched."""
    problem = None
    if action.seat is not None and not _whole(action.seat):
        problem = f"the action's seat must be a seat number or unset, not {action.seat!r}"
    elif not isinstance(action.kind, str) or not action.kind:
        problem = f"the action's kind must be a word such as play or pass, not {action.kind!r}"
    elif not isinstance(action.data, Mapping) or not all(isinstance(k, str) for k in action.data):
        problem = f"the action's data must be an object with named fields, not {action.data!r}"
    if problem is not None:
        raise TableError("bad_action", problem, {"action": repr(action)})


def _wall_clock() -> float:
    import time

    return time.time()


def moved(table_id: int) -> TableError:
    """The refusal of a move at a table this process no longer runs (shards)."""
    return TableError(
        "table_moved",
        "this table moved to another process of the bot a moment ago: try again",
        {"table_id": table_id},
    )


def bot_kind(level: str, seat_kind: str | None, kinds: Collection[str]) -> str:
    """The bot kind that plays a seat at a table of ``bot_level`` ``level``.

    ``seat_kind`` is the kind a bot seat was given (``None`` for a person's seat, whose
    timeout takeover this is). A seat given the default kind (``heuristic``) or none plays at
    the table's level; a seat given another kind (``random``) keeps it. A level whose kind the
    game lacks falls back to the default kind, then to the game's first kind.
    """
    if seat_kind is not None and seat_kind != BOT_KINDS_DEFAULT and seat_kind in kinds:
        return seat_kind
    for kind in (LEVEL_KINDS.get(level, BOT_KINDS_DEFAULT), BOT_KINDS_DEFAULT):
        if kind in kinds:
            return kind
    return next(iter(kinds))
