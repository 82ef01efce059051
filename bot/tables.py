"""The table service: lobbies, seats, play, bots, timers — the one API every front end uses.

One table per channel (a thread counts as a channel). A table is in the
``lobby`` (players join, the host sets options and adds bots), ``playing``
(the engine runs), then ``finished`` or ``aborted``. The Discord cogs and the
terminal front end are thin adapters over :class:`TableService`.

Guarantees:

* Every refusal raises :class:`bot.errors.TableError` and changes nothing.
* :meth:`TableService.act` appends the accepted action to the store — with
  its idempotency key, the seats' state and the new deadlines, in one
  transaction — *before* it returns or any listener hears of it; the same
  key twice is applied once (``ActResult.duplicate``).
* Bot seats, seats handed to a bot, and table steps (``Decision.seat is
  None``) move on their own through the scheduler: table steps wait
  ``delay_s`` at a ``live`` table and go at once otherwise. For an *optional*
  decision a bot is asked once per state; its ``pass`` there means "not now"
  and is not applied.
* Required decisions of seats played by people get deadlines
  (:mod:`bot.timers`): reminder at half time, the seat's bot plays at the
  deadline, 3 timeouts in a row hand the seat to the bot until
  :meth:`TableService.take_back` (or the player's own next move).
* Every change is announced to subscribers as a :class:`TableUpdate`.

Refinements of ``notes/HOST_API.md`` (same capabilities):

* ``Table.deadlines`` is ``dict[int, float]`` as agreed; ``Table.timers`` has the
  full :class:`bot.timers.Deadline` (``.due``, ``.remind_at``, ``.reminded``).
* ``TableService(store, *, scheduler=None, clock=None, rng_seed=None)``: pass a
  scheduler (``bot.timers.ManualScheduler`` in tests) or a clock (the default
  scheduler is ``AsyncioScheduler(clock or time.time)``).
* ``TableUpdate.kind`` adds ``"started"`` (the game began) and
  ``"taken_back"``; ``TableUpdate`` also carries ``action`` (the applied
  :class:`~games.base.Action`, if any).
* ``TableError`` for an illegal move has ``code == "illegal"``, the engine's
  code in ``rule_code`` and its ``params``/``rule``.
* ``Seat`` has ``left`` (the player left a game in progress; a bot plays on).
* Added: ``open_table(..., thread_id=None, rated=None, sit=True)``, ``set_thread``,
  ``start(..., seed=None)``, ``open_tables()``, ``pending(table_id)``,
  ``seat_bot(table_id, seat)``, ``wait_finished(table_id)``; ratings and
  history are module functions taking ``service.store``
  (``bot.ratings.rating/leaderboard``, ``bot.history.history``).
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import random
import sqlite3
from collections.abc import Mapping
from typing import Any, Literal

from bot.claim import DatabaseClaim, claim_database
from bot.errors import TableError
from bot.results import match_record
from bot.snapshots import SNAPSHOT_EVERY, Snapshot, SnapshotMismatch, continue_from
from bot.snapshots import restore as restore_snapshot
from bot.snapshots import take as snapshots_take
from bot.store import DuplicateKey, GameRow, Store, TableRow
from bot.table_model import (
    ActResult,
    Listener,
    Seat,
    Table,
    TableStatus,
    TableUpdate,
    UpdateKind,
    resolve_options,
    to_pace,
)
from bot.timers import (
    TIMEOUTS_TO_HAND_OVER,
    AsyncioScheduler,
    Clock,
    Deadline,
    Scheduler,
    plan_deadlines,
)
from games.base import (
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    Player,
)
from games.registry import GAMES, UnknownGame, get_game

__all__ = [  # the data types are re-exported from bot.table_model
    "ActResult",
    "Listener",
    "Seat",
    "Table",
    "TableService",
    "TableStatus",
    "TableUpdate",
    "UpdateKind",
    "private_turn",
]

log = logging.getLogger(__name__)

BOT_KINDS_DEFAULT = "heuristic"
AUTO_RETRY_S = 5.0  # seconds before an automatic move that failed to be stored is tried again
_KEEP_CLOSED = 200  # finished/aborted tables kept in memory for front ends to show the end
_FREEZE_AT = 100  # open tables from which start-up freezes what it rebuilt (see start_up)


class TableService:
    """Runs every table of one process over one :class:`bot.store.Store`.

    Args:
        store: the open store.
        scheduler: where timers and bot moves are scheduled; default
            ``AsyncioScheduler(clock or time.time)``.
        clock: clock seconds (ignored when ``scheduler`` is given; its clock is used).
        rng_seed: seeds the generator of game seeds (tests, simulation).
        default_pace: pace of tables opened without one (``Settings.default_pace``).
        bot_delay_s: seconds between automatic moves (0: at once; a front end may
            slow bots down so people can follow).
        forced_pass_delay: ``(low, high)`` seconds: a person's required decision whose only
            legal move is ``pass`` (a 造反 window without the points, an auction without a
            declaration) is passed for them after a uniformly random delay in that range, so
            nobody taps for a non-choice and the timing reveals nothing; None (default): the
            person passes themselves.
    """

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
    ) -> None:
        self.store = store
        self.forced_pass_delay = forced_pass_delay
        self._forced_rng = random.Random()  # timing only: never part of a game's state
        self.scheduler: Scheduler = (
            scheduler if scheduler is not None else AsyncioScheduler(clock or _wall_clock)
        )
        self.clock: Clock = self.scheduler.clock
        self._rng = random.Random(rng_seed)
        self.default_pace = to_pace(default_pace)
        self.bot_delay_s = bot_delay_s
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._closed: list[int] = []
        self._listeners: list[Listener] = []
        self._claim: DatabaseClaim | None = None
        self._snapshot_seq: dict[int, int] = {}  # game id -> actions in its stored snapshot

    # ================================================================ basics
    def subscribe(self, listener: Listener) -> None:
        """Call ``await listener(update)`` after every change (exceptions are logged)."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._listeners.remove(listener)

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

    # ============================================================ start-up
    async def start_up(self) -> None:
        """Load every open table from the store; rebuild games; re-arm timers and bots.

        A game is rebuilt from its engine snapshot and the actions after it
        (:mod:`bot.snapshots`), or, without a usable snapshot (discarded and
        logged), by replaying its whole log. A game whose stored actions no
        longer replay (an engine changed incompatibly) is logged and its table
        aborted, so one bad record does not stop the others. The database
        file is claimed for this service until :meth:`shut_down`
        (:mod:`bot.claim`): raises ``TableError("database_in_use")`` if another
        process runs its tables.
        """
        if self._claim is None:
            self._claim = claim_database(self.store.path)
        rows = await self.store.open_tables()
        # Rebuilding allocates millions of objects and keeps them all: each cyclic collection
        # would scan every engine built so far (that doubled the start-up of 1,000 tables).
        # After a large start-up the rebuilt games are frozen (gc.freeze): they live long and
        # have no reference cycles (freed by their reference counts when a table closes), so
        # the first full collection after start-up, and every later one, need not scan them.
        large = len(rows) >= _FREEZE_AT
        if large:
            gc.collect()  # cheap while the heap is small; nothing dead is frozen below
        collecting = gc.isenabled()
        gc.disable()
        try:
            await self._load_open_tables(rows)
        finally:
            if large:
                gc.freeze()
            if collecting:
                gc.enable()

    async def _load_open_tables(self, rows: list[TableRow]) -> None:
        # a few queries for all tables (a thousand open tables need no thousand round trips)
        games = await self.store.open_games()
        snapshots = await self.store.open_snapshots()
        keys = await self.store.open_user_keys()
        deadlines = await self.store.open_deadlines()
        fresh: list[Snapshot] = []
        restored = replayed_total = 0
        for row in rows:
            if row.game not in GAMES:
                log.error("table %s plays unknown game %r: aborting it", row.id, row.game)
                await self.store.close_game(row.id, row.game_id, "aborted", self.clock())
                continue
            table = Table.from_row(row)
            if table.status == "playing":
                assert table.game_id is not None
                try:
                    table.engine, replayed = await self._rebuild(
                        table, games.get(table.game_id), snapshots.get(table.game_id)
                    )
                except (IllegalAction, ValueError, KeyError, ImportError) as exc:
                    log.error(
                        "table %s: game %s does not replay (%s): aborting it",
                        table.id,
                        table.game_id,
                        exc,
                    )
                    await self.store.close_game(table.id, table.game_id, "aborted", self.clock())
                    continue
                restored += len(table.engine.actions) > replayed
                replayed_total += replayed
                if replayed >= SNAPSHOT_EVERY:  # the next start need not replay them again
                    fresh.append(snapshots_take(table.game_id, table.engine))
                self._snapshot_seq[table.game_id] = len(table.engine.actions) - replayed
                table.keys = keys.get(table.game_id, set())
                table.timers = deadlines.get(table.id, {})
            self._tables[table.id] = table
            self._index(table)
            if table.status == "playing":
                updates: list[TableUpdate] = []
                async with table.lock:
                    if table.engine is not None and table.engine.is_over:
                        updates += await self._finish(table)
                    else:
                        await self._replan_deadlines(table, actor=None, persist=True)
                        self._arm_all(table, fresh=True)
                        self._schedule_auto(table)
                await self._notify(updates)
        await self._put_snapshots(fresh)
        log.info(
            "start-up: %s open tables, %s games from snapshots, %s actions replayed",
            len(self.open_tables()),
            restored,
            replayed_total,
        )

    async def _rebuild(
        self,
        table: Table,
        game_row: GameRow | None,
        stored: tuple[Snapshot, list[dict[str, Any]]] | None,
    ) -> tuple[Game, int]:
        """The table's engine, from its snapshot and the newer actions when the snapshot
        fits the log, else by replaying the whole log; and how many actions were applied.
        Raises what ``Game.replay`` raises (the log itself does not replay)."""
        assert table.game_id is not None
        if game_row is None:
            game_row = await self.store.game(table.game_id)  # KeyError: the game row is lost
        if stored is not None:
            snapshot, tail = stored
            try:
                engine = restore_snapshot(
                    snapshot, table.engine_type, game_row.seed, game_row.options
                )
                engine = continue_from(engine, tail, snapshot.seq)
                return engine, len(engine.actions) - snapshot.seq
            except (SnapshotMismatch, IllegalAction, ValueError) as exc:
                log.warning(
                    "table %s: the snapshot of game %s at action %s is discarded (%s);"
                    " replaying the game's log",
                    table.id,
                    table.game_id,
                    snapshot.seq,
                    exc,
                )
                await self.store.delete_snapshot(table.game_id)
        actions = await self.store.actions(table.game_id)
        engine = table.engine_type.replay(game_row.seed, game_row.options, actions)
        return engine, len(actions)

    async def _put_snapshots(self, snapshots: list[Snapshot]) -> None:
        """Store snapshots; a failure only costs a longer replay at the next start."""
        try:
            await self.store.put_snapshots(snapshots, self.clock())
        except Exception:
            log.exception("%s engine snapshots could not be stored", len(snapshots))
            return
        for snapshot in snapshots:
            self._snapshot_seq[snapshot.game_id] = snapshot.seq

    async def shut_down(self) -> None:
        """Stop every timer and scheduled move, snapshot every playing table (so the next
        start-up replays nothing) and give up the claim on the database file (the store
        stays open; the caller closes it)."""
        await self.scheduler.close()
        fresh = []
        for table in self.open_tables():
            engine = table.engine
            if (
                table.status == "playing"
                and engine is not None
                and table.game_id is not None
                and not engine.is_over
                and self._snapshot_seq.get(table.game_id) != len(engine.actions)
            ):
                fresh.append(snapshots_take(table.game_id, engine))
        await self._put_snapshots(fresh)
        if self._claim is not None:
            self._claim.release()
            self._claim = None

    # ================================================================ lobby
    async def open_table(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        user_id: int,
        name: str,
        preset: str | None = None,
        pace: str | int | None = None,
        options: Mapping[str, Any] | None = None,
        thread_id: int | None = None,
        rated: bool | None = None,
        sit: bool = True,
    ) -> Table:
        """Open a table in a channel with the caller as host, seated at seat 0 unless ``sit=False``
        (a host who only runs a bot-only table, as the simulator does).

        ``game`` is a registry key or title (``"pajiwo"``, ``"扒鸡窝"``); ``preset``
        defaults to ``"standard"``, ``pace`` to the service's default. Raises
        ``TableError``: ``table_exists``, ``unknown_game``, ``bad_preset``,
        ``bad_option``, ``bad_pace``.
        """
        for key in (channel_id, thread_id):
            existing = self.table_in_channel(key) if key is not None else None
            # a table playing in a thread of its own leaves its parent channel free
            if existing is not None and existing.thread_id in (None, key):
                raise TableError(
                    "table_exists",
                    f"this channel already has a {existing.spec.title_en} table"
                    f" ({existing.status}); finish or abort it first",
                    {"table_id": existing.id, "game": existing.game},
                )
        try:
            spec = get_game(game)
        except UnknownGame as exc:
            raise TableError("unknown_game", str(exc), {"game": game}) from None
        engine = spec.engine()
        the_pace = self.default_pace if pace is None else to_pace(pace)
        the_preset = preset or "standard"
        explicit = dict(options or {})
        resolve_options(engine, the_preset, explicit, the_pace)  # validate now
        seats = [Seat(i) for i in range(engine.seat_count)]
        if sit:
            seats[0] = Seat(0, user_id=user_id, name=name)
        table = Table(
            id=0,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            game=spec.key,
            status="lobby",
            host_user_id=user_id,
            seats=seats,
            options=explicit,
            preset=the_preset,
            pace=the_pace.name,
            pace_seconds=the_pace.seconds,
            rated=rated,
        )
        try:
            table.id = await self.store.insert_table(table.to_row(), self.clock())
        except sqlite3.IntegrityError:
            raise TableError(
                "table_exists", "this channel already has a table", {"channel_id": channel_id}
            ) from None
        table.created_at = self.clock()
        self._tables[table.id] = table
        self._index(table)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    async def set_thread(self, table_id: int, thread_id: int | None) -> Table:
        """Record the thread a front end opened for the table.

        The table then answers in the thread and, until another table opens
        there, in its channel; a channel whose table moved to a thread may open
        another table (so one channel can hold several, each in its thread).
        """
        table = self.get(table_id)
        async with table.lock:
            if table.thread_id is not None and self._by_channel.get(table.thread_id) == table.id:
                del self._by_channel[table.thread_id]
            table.thread_id = thread_id
            if table.status in ("lobby", "playing"):
                self._index(table)
            await self.store.update_table(table.id, self.clock(), thread_id=thread_id)
        return table

    def _require_lobby(self, table: Table) -> None:
        if table.status == "playing":
            raise TableError("already_started", "the game has already started", {})
        if table.status != "lobby":
            raise TableError("finished", f"this table is {table.status}", {"status": table.status})

    def _require_host(self, table: Table, user_id: int) -> None:
        if user_id != table.host_user_id:
            raise TableError(
                "not_host",
                "only the table's host can do that",
                {"host_user_id": table.host_user_id},
            )

    async def _save_lobby(self, table: Table) -> None:
        await self.store.update_table(
            table.id,
            self.clock(),
            seats=[s.to_json() for s in table.seats],
            host_user_id=table.host_user_id,
            options=table.options,
            preset=table.preset,
            pace=table.pace,
            pace_seconds=table.pace_seconds,
            rated=table.rated,
        )

    async def join(
        self, channel_id: int, user_id: int, name: str, seat: int | None = None
    ) -> Table:
        """Sit down at the channel's table, in ``seat`` or the first free one.

        Raises ``TableError``: ``no_table``, ``already_started``, ``already_seated``,
        ``bad_seat``, ``seat_taken``, ``seat_full``.
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            self._require_lobby(table)
            mine = table.seat_of(user_id)
            if mine is not None:
                raise TableError(
                    "already_seated", f"you are already in seat {mine + 1}", {"seat": mine}
                )
            if seat is not None:
                self._check_seat_index(table, seat)
                if not table.seats[seat].empty:
                    raise TableError(
                        "seat_taken",
                        f"seat {seat + 1} is taken by {table.seats[seat].name}",
                        {"seat": seat, "name": table.seats[seat].name},
                    )
                index = seat
            else:
                free = table.free_seats
                if not free:
                    raise TableError("seat_full", "the table is full", {"seats": len(table.seats)})
                index = free[0]
            table.seats[index] = Seat(index, user_id=user_id, name=name)
            await self._save_lobby(table)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    async def choose_seat(self, channel_id: int, user_id: int, seat: int) -> Table:
        """Move to ``seat`` before the start, so friends can sit as partners (opposite).

        An empty seat is taken; a bot in it moves to the mover's old seat; a person in it
        changes places only when the host asks (the host arranges the table). Raises
        ``TableError``: ``no_table``, ``already_started``, ``not_seated``, ``bad_seat``,
        ``seat_taken`` (a person's seat, asked by someone who is not the host).
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            self._require_lobby(table)
            mine = table.seat_of(user_id)
            if mine is None:
                raise TableError("not_seated", "you are not seated at this table", {})
            self._check_seat_index(table, seat)
            if seat == mine:
                return table
            there = table.seats[seat]
            person = there.user_id is not None and there.bot is None
            if person and user_id != table.host_user_id:
                raise TableError(
                    "seat_taken",
                    f"seat {seat + 1} is taken by {there.name}",
                    {"seat": seat, "name": there.name},
                )
            moving = table.seats[mine]
            table.seats[seat] = dataclasses.replace(moving, index=seat)
            table.seats[mine] = dataclasses.replace(there, index=mine)
            await self._save_lobby(table)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    @staticmethod
    def _check_seat_index(table: Table, seat: int) -> None:
        if not _whole(seat):
            raise TableError(
                "bad_seat",
                f"a seat is a number from 1 to {len(table.seats)}, not {seat!r}",
                {"seat": repr(seat), "seats": len(table.seats)},
            )
        if not 0 <= seat < len(table.seats):
            raise TableError(
                "bad_seat",
                f"there is no seat {seat + 1}: seats are 1 to {len(table.seats)}",
                {"seat": seat, "seats": len(table.seats)},
            )

    def _pass_host(self, table: Table, leaving: int) -> bool:
        """Give the host role to the next person still seated; False if nobody is left."""
        n = len(table.seats)
        for step in range(1, n + 1):
            seat = table.seats[(leaving + step) % n]
            if (
                seat.user_id is not None
                and seat.bot is None
                and not seat.left
                and seat.user_id != table.host_user_id
            ):
                table.host_user_id = seat.user_id
                return True
        return False

    async def leave(self, channel_id: int, user_id: int) -> Table:
        """Leave the channel's table.

        In the lobby the seat is freed; during a game a bot plays on for the
        seat. The host role passes to the next person seated; a table left
        without people is aborted. Raises ``TableError``: ``no_table``, ``not_seated``.
        """
        table = self._in_channel(channel_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            seat = table.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated", "you are not seated at this table", {})
            if table.status == "lobby":
                table.seats[seat] = Seat(seat)
            else:
                table.seats[seat].left = True
                table.seats[seat].auto = True
            if user_id == table.host_user_id and not self._pass_host(table, seat):
                updates += await self._close(table, "aborted")
            elif table.status == "lobby":
                await self._save_lobby(table)
                updates.append(TableUpdate(table, "lobby"))
            else:
                await self._seat_changed(table, seat, "auto_seat", updates)
        await self._notify(updates)
        return table

    async def add_bot(
        self, channel_id: int, user_id: int, count: int = 1, kind: str = BOT_KINDS_DEFAULT
    ) -> Table:
        """Seat ``count`` bots of ``kind`` in free seats (host only, lobby only).

        Raises ``TableError``: ``no_table``, ``not_host``, ``already_started``,
        ``bad_bot_kind``, ``bad_count`` (not a whole number of at least 1), ``seat_full``
        (fewer free seats than ``count``).
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            self._require_host(table, user_id)
            self._require_lobby(table)
            kinds = list(table.spec.bots())
            if kind not in kinds:
                raise TableError(
                    "bad_bot_kind",
                    f"there is no {kind!r} bot: choose {', '.join(kinds)}",
                    {"kind": kind, "kinds": ", ".join(kinds)},
                )
            if not _whole(count) or count < 1:
                raise TableError(
                    "bad_count",
                    f"the number of bots to add must be 1 or more, not {count!r}",
                    {"count": repr(count)},
                )
            free = table.free_seats
            if count > len(free):
                raise TableError(
                    "seat_full",
                    f"there {'is' if len(free) == 1 else 'are'} {len(free)} free"
                    f" seat{'' if len(free) == 1 else 's'}, not room for {count} bots",
                    {"free": len(free), "count": count},
                )
            for index in free[:count]:
                table.seats[index] = Seat(index, name=f"Bot {index + 1}", bot=kind)
            await self._save_lobby(table)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    async def kick(self, channel_id: int, user_id: int, seat: int) -> Table:
        """Remove a bot or a player from ``seat`` (host only).

        In the lobby the seat is freed; during a game a kicked player's seat is
        played by a bot (bots cannot be removed mid-game). Raises ``TableError``:
        ``no_table``, ``not_host``, ``bad_seat``, ``seat_empty``, ``kick_self``,
        ``already_started`` (a bot mid-game).
        """
        table = self._in_channel(channel_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            self._require_host(table, user_id)
            if table.status not in ("lobby", "playing"):
                raise TableError("finished", f"this table is {table.status}", {})
            self._check_seat_index(table, seat)
            target = table.seats[seat]
            if target.empty or target.left:
                raise TableError("seat_empty", f"seat {seat + 1} is empty", {"seat": seat})
            if target.user_id == user_id and target.bot is None:
                raise TableError("kick_self", "you cannot kick yourself; use leave", {})
            if table.status == "lobby":
                table.seats[seat] = Seat(seat)
                await self._save_lobby(table)
                updates.append(TableUpdate(table, "lobby"))
            else:
                if target.bot is not None:
                    raise TableError(
                        "already_started", "a bot cannot be removed once the game has started", {}
                    )
                target.left = True
                target.auto = True
                await self._seat_changed(table, seat, "auto_seat", updates)
        await self._notify(updates)
        return table

    async def set_options(
        self,
        channel_id: int,
        user_id: int,
        *,
        preset: str | None = None,
        pace: str | int | None = None,
        options: Mapping[str, Any] | None = None,
        rated: bool | None = None,
    ) -> Table:
        """Change the preset, pace, single options (merged over the earlier ones) or rating
        (host only, lobby only). Everything is validated before anything changes.

        Raises ``TableError``: ``no_table``, ``not_host``, ``already_started``,
        ``bad_preset``, ``bad_option``, ``bad_pace``.
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            self._require_host(table, user_id)
            self._require_lobby(table)
            if rated is not None and not isinstance(rated, bool):
                raise TableError(
                    "bad_option",
                    f"rated is true, false or unset (rated only without bots), not {rated!r}",
                    {"rated": repr(rated), "reason": "rated_value"},
                )
            new_pace = table.pace_obj if pace is None else to_pace(pace)
            new_preset = preset if preset is not None else table.preset
            new_options = {**table.options, **(options or {})}
            resolve_options(table.engine_type, new_preset, new_options, new_pace)
            table.preset = new_preset
            table.options = new_options
            table.pace, table.pace_seconds = new_pace.name, new_pace.seconds
            if rated is not None:
                table.rated = rated
            await self._save_lobby(table)
        await self._notify([TableUpdate(table, "lobby")])
        return table

    async def start(self, channel_id: int, user_id: int, *, seed: int | None = None) -> Table:
        """Start the game (host only, every seat filled); ``seed`` fixes the deal (tests).

        Raises ``TableError``: ``no_table``, ``not_host``, ``already_started``,
        ``seats_empty``, ``bad_preset``, ``bad_option``.
        """
        table = self._in_channel(channel_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            self._require_host(table, user_id)
            self._require_lobby(table)
            free = table.free_seats
            if free:
                raise TableError(
                    "seats_empty",
                    f"{len(free)} seat{'' if len(free) == 1 else 's'} still empty: invite"
                    " players or add bots",
                    {"free": len(free)},
                )
            options = table.resolved_options()
            game_seed = seed if seed is not None else self._rng.getrandbits(62)
            engine = table.engine_type(game_seed, options)
            table.game_id = await self.store.start_game(
                table.id,
                table.game,
                options.to_dict(),
                game_seed,
                [s.to_json() for s in table.seats],
                self.clock(),
            )
            table.engine = engine
            table.status = "playing"
            table.keys = set()
            await self._replan_deadlines(table, actor=None, persist=True)
            self._arm_all(table)
            updates.append(
                TableUpdate(table, "started", seats_whose_hand_changed=set(range(len(table.seats))))
            )
            if engine.is_over:  # pragma: no cover - no game ends before its first move
                updates += await self._finish(table)
            else:
                self._schedule_auto(table)
        await self._notify(updates)
        return table

    async def abort(self, channel_id: int, user_id: int, *, force: bool = False) -> Table:
        """Abort the channel's table: the host, or anyone with ``force`` (Manage Channels).

        Raises ``TableError``: ``no_table``, ``not_host``.
        """
        table = self._in_channel(channel_id)
        async with table.lock:
            if not force:
                self._require_host(table, user_id)
            updates = await self._close(table, "aborted")
        await self._notify(updates)
        return table

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

    # ================================================================= play
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

    async def act(
        self, table_id: int, user_id: int, action: Action, idempotency_key: str
    ) -> ActResult:
        """Apply a person's move.

        ``action.seat`` may be ``None`` (the caller's seat is used) or must be
        the caller's seat. The move is checked, applied, and appended to the
        store with ``idempotency_key`` before this returns; the same key again
        returns ``ActResult(events=[], duplicate=True)`` and changes nothing
        (also after the move that ended the match). Keys are per user: another
        user sending the same key is judged as a new move (an outsider is refused
        with ``not_seated``). A player whose seat was handed to a bot takes it
        back by moving.

        Raises ``TableError``: ``bad_action``, ``no_table``, ``not_started``,
        ``finished``, ``not_seated``, ``not_your_seat``, ``not_your_turn``, ``illegal``.
        """
        _check_action(action)
        # the key is scoped to its user: another user's key is no duplicate of theirs
        key = f"u:{user_id}:{idempotency_key}"
        table = self.get(table_id)
        if table.status == "finished" and key in table.keys:
            return ActResult([], duplicate=True)  # a retried final move
        table = self._playing(table_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            table = self._playing(table_id)
            seat = self._seat_for_play(table, user_id)
            if key in table.keys:
                return ActResult([], duplicate=True)
            if action.seat is not None and action.seat != seat:
                raise TableError(
                    "not_your_seat",
                    f"you sit in seat {seat + 1}, not seat {action.seat + 1}",
                    {"seat": seat, "action_seat": action.seat},
                )
            engine = table.engine
            assert engine is not None
            decisions = [d for d in engine.pending() if d.seat == seat]
            if not decisions:
                # never names the seats play waits for: in a claim window that is private
                raise TableError("not_your_turn", "it is not your turn", {"seat": seat})
            kinds = [k for d in decisions for k in d.kinds]
            move = Action(seat, action.kind, dict(action.data))
            if move.kind not in kinds and not any(d.required for d in decisions):
                # only optional choices open (e.g. mahjong standing choices): not this seat's turn
                raise TableError("not_your_turn", "it is not your turn", {"seat": seat})
            if move.kind not in kinds:
                raise TableError(
                    "illegal",
                    f"you cannot {move.kind} now: you may {', '.join(kinds)}",
                    {"kind": move.kind, "kinds": ", ".join(kinds)},
                    rule_code="not_open",
                )
            try:
                engine.check(move)
            except IllegalAction as exc:
                raise TableError(
                    "illegal", exc.message, exc.params, rule_code=exc.code, rule=exc.rule
                ) from exc
            seat_obj = table.seats[seat]
            seats_changed = seat_obj.timeouts_in_a_row != 0 or seat_obj.auto
            seat_obj.timeouts_in_a_row = 0
            seat_obj.auto = False
            events = await self._commit(
                table, move, key, user_id, "action", updates, seats_changed=seats_changed
            )
            if events is None:
                return ActResult([], duplicate=True)
        await self._notify(updates)
        return ActResult(events)

    async def take_back(self, table_id: int, user_id: int) -> Table:
        """Take back a seat that was handed to a bot after timeouts.

        Raises ``TableError``: ``no_table``, ``not_started``, ``finished``,
        ``not_seated``, ``not_handed_over``.
        """
        table = self._playing(table_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            table = self._playing(table_id)
            seat = self._seat_for_play(table, user_id)
            seat_obj = table.seats[seat]
            if not seat_obj.auto:
                raise TableError(
                    "not_handed_over", "your seat is not played by a bot; play on", {"seat": seat}
                )
            seat_obj.auto = False
            seat_obj.timeouts_in_a_row = 0
            await self._seat_changed(table, seat, "taken_back", updates)
        await self._notify(updates)
        return table

    async def _seat_changed(
        self, table: Table, seat: int, kind: UpdateKind, updates: list[TableUpdate]
    ) -> None:
        """Persist a seat's auto/left change during play, replan deadlines, wake the bots."""
        await self.store.update_table(
            table.id,
            self.clock(),
            seats=[s.to_json() for s in table.seats],
            host_user_id=table.host_user_id,
        )
        await self._replan_deadlines(table, actor=None, persist=True)
        self._arm_all(table)
        self._schedule_auto(table)
        updates.append(TableUpdate(table, kind, reminder_seat=None))

    # --------------------------------------------------------------- commit
    async def _commit(
        self,
        table: Table,
        action: Action,
        key: str,
        user_id: int | None,
        kind: UpdateKind,
        updates: list[TableUpdate],
        *,
        seats_changed: bool = False,
    ) -> list[Event] | None:
        """Apply a checked action, store it (one transaction), re-plan timers, queue updates.

        Returns the events, or ``None`` when the key turned out to be a duplicate.
        Must be called with ``table.lock`` held.
        """
        engine = table.engine
        assert engine is not None and table.game_id is not None
        seq = len(engine.actions)
        hands_before = None
        if not self._listeners:
            table.last_hands = None  # nobody compares hands: do not keep stale ones
        else:
            # the hands after the previous move, if nothing rebuilt the engine since
            hands_before = table.last_hands or self._hands(table)
        events = engine.apply(action)
        now = self.clock()
        old_deadlines = table.timers
        new_deadlines = self._planned_deadlines(table, actor=action.seat)
        try:
            await self.store.append_action(
                table.game_id,
                seq,
                action.to_json(),
                key,
                user_id,
                now,
                table_id=table.id,
                seats=[s.to_json() for s in table.seats] if seats_changed else None,
                deadlines=new_deadlines if new_deadlines != old_deadlines else None,
            )
        except BaseException as exc:
            # the store refused: the engine must not keep a move nobody will remember
            table.last_hands = None
            table.engine = table.engine_type.replay(
                engine.seed, engine.options, engine.actions[:-1]
            )
            if isinstance(exc, DuplicateKey):
                return None
            raise
        if key.startswith("u:"):
            table.keys.add(key)
        table.timers = new_deadlines
        table.consulted = set()
        if action.seat is None:
            table.step_due = None
        self._rearm(table, old_deadlines, new_deadlines)
        changed: set[int] = set()
        if hands_before is not None:
            after = self._hands(table)
            table.last_hands = after
            changed = {
                i for i, (a, b) in enumerate(zip(hands_before, after, strict=True)) if a != b
            }
        updates.append(TableUpdate(table, kind, events, changed, action=action))
        if engine.is_over:
            updates += await self._finish(table)
        else:
            if len(engine.actions) - self._snapshot_seq.get(table.game_id, 0) >= SNAPSHOT_EVERY:
                await self._put_snapshots([snapshots_take(table.game_id, engine)])
            self._schedule_auto(table)
        return events

    def _hands(self, table: Table) -> list[Any]:
        assert table.engine is not None
        out = []
        for seat in range(len(table.seats)):
            view = table.engine.view(seat)
            out.append(view.get("hand", view))
        return out

    # ------------------------------------------------------------ deadlines
    def _waiting_people(self, table: Table) -> list[int]:
        assert table.engine is not None
        return sorted(
            {
                d.seat
                for d in table.engine.pending()
                if d.seat is not None and d.required and not table.seats[d.seat].automatic
            }
        )

    def _planned_deadlines(self, table: Table, actor: int | None) -> dict[int, Deadline]:
        return plan_deadlines(
            table.timers,
            self._waiting_people(table),
            actor=actor,
            now=self.clock(),
            pace_seconds=table.pace_seconds,
        )

    async def _replan_deadlines(self, table: Table, actor: int | None, persist: bool) -> None:
        new = self._planned_deadlines(table, actor)
        if new != table.timers:
            table.timers = new
            if persist:
                await self.store.put_deadlines(table.id, new)

    def _arm(self, table: Table, deadline: Deadline) -> None:
        tid, seat = table.id, deadline.seat
        self.scheduler.call_at(
            deadline.due,
            ("t", tid, "due", seat),
            lambda: self._on_deadline(tid, seat, deadline.due),
        )
        if not deadline.reminded:
            self.scheduler.call_at(
                deadline.remind_at,
                ("t", tid, "remind", seat),
                lambda: self._on_reminder(tid, seat, deadline.due),
            )

    def _disarm(self, table: Table, seat: int) -> None:
        self.scheduler.cancel(("t", table.id, "due", seat))
        self.scheduler.cancel(("t", table.id, "remind", seat))

    def _arm_all(self, table: Table, *, fresh: bool = False) -> None:
        if not fresh:  # a table loaded at start-up has no timers to cancel (and the scan is
            # over every timer of every table: a thousand tables made start-up quadratic)
            self.scheduler.cancel_prefix(("t", table.id, "due"))
            self.scheduler.cancel_prefix(("t", table.id, "remind"))
        for deadline in table.timers.values():
            self._arm(table, deadline)

    def _rearm(
        self, table: Table, old: Mapping[int, Deadline], new: Mapping[int, Deadline]
    ) -> None:
        for seat in set(old) | set(new):
            if old.get(seat) != new.get(seat):
                self._disarm(table, seat)
                if seat in new:
                    self._arm(table, new[seat])

    async def _on_reminder(self, table_id: int, seat: int, due: float) -> None:
        table = self._tables.get(table_id)
        if table is None or table.status != "playing":
            return
        async with table.lock:
            deadline = table.timers.get(seat)
            if deadline is None or deadline.due != due or deadline.reminded:
                return
            table.timers = {
                **table.timers,
                seat: dataclasses.replace(deadline, reminded=True),
            }
            await self.store.put_deadlines(table.id, table.timers)
        await self._notify([TableUpdate(table, "reminder", reminder_seat=seat)])

    async def _on_deadline(self, table_id: int, seat: int, due: float) -> None:
        table = self._tables.get(table_id)
        if table is None or table.status != "playing":
            return
        updates: list[TableUpdate] = []
        async with table.lock:
            deadline = table.timers.get(seat)
            if table.status != "playing" or deadline is None or deadline.due != due:
                return
            move = self._bot_move(table, seat, required=True)
            if move is None:
                return
            seat_obj = table.seats[seat]
            saved = (seat_obj.timeouts_in_a_row, seat_obj.auto)
            seat_obj.timeouts_in_a_row += 1
            handed = seat_obj.timeouts_in_a_row >= TIMEOUTS_TO_HAND_OVER and not seat_obj.auto
            if handed:
                seat_obj.auto = True
            assert table.engine is not None
            seq = len(table.engine.actions)
            try:
                await self._commit(
                    table, move, f"sys:timeout:{seq}", None, "timeout", updates, seats_changed=True
                )
            except Exception:
                # not stored (the engine was rolled back): undo the count and try again soon
                seat_obj.timeouts_in_a_row, seat_obj.auto = saved
                log.exception("table %s seat %s: the timeout move failed", table.id, seat)
                self.scheduler.call_at(
                    self.clock() + AUTO_RETRY_S,
                    ("t", table_id, "due", seat),
                    lambda: self._on_deadline(table_id, seat, due),
                )
                return
            if handed:
                updates.append(TableUpdate(table, "auto_seat"))
        await self._notify(updates)

    # ----------------------------------------------------------- automatic
    def seat_bot(self, table_id: int, seat: int) -> Player:
        """The bot that plays ``seat`` (its own kind, or the heuristic for a person's seat)."""
        return self._bot(self.get(table_id), seat)

    def _bot(self, table: Table, seat: int) -> Player:
        bots = table.spec.bots()
        kind = table.seats[seat].bot or (
            BOT_KINDS_DEFAULT if BOT_KINDS_DEFAULT in bots else next(iter(bots))
        )
        player = table._bots.get((seat, kind))
        if player is None:
            player = bots[kind]()
            table._bots[(seat, kind)] = player
        return player

    def _bot_rng(self, table: Table, seat: int, salt: str = "") -> random.Random:
        # derived from the state, so a resumed game makes the same bot choices
        assert table.engine is not None
        return random.Random(f"{salt}{table.engine.seed}:{len(table.engine.actions)}:{seat}")

    def _bot_move(self, table: Table, seat: int, *, required: bool) -> Action | None:
        """The seat's bot's move; for a required decision it falls back to the first legal move."""
        engine = table.engine
        assert engine is not None
        try:
            move = self._bot(table, seat).choose(engine, seat, self._bot_rng(table, seat))
            move = Action(seat, move.kind, dict(move.data))
            engine.check(move)
            return move
        except IllegalAction as exc:
            if not required:
                return None
            log.warning("table %s seat %s: the bot chose an illegal move (%s)", table.id, seat, exc)
        except Exception:
            if not required:
                return None
            log.exception("table %s seat %s: the bot failed", table.id, seat)
        legal = engine.legal_actions(seat, 1)
        return legal[0] if legal else None

    def _schedule_auto(self, table: Table, delay: float | None = None) -> None:
        tid = table.id
        when = self.clock() + (self.bot_delay_s if delay is None else delay)
        self.scheduler.call_at(when, ("t", tid, "auto"), lambda: self._on_auto(tid))

    def _next_auto_move(self, table: Table) -> tuple[Action, str] | None:
        """The next move nobody waits for: bots' required, bots' optional, then a due table step."""
        engine = table.engine
        assert engine is not None
        pending = engine.pending()
        for d in pending:
            if d.seat is not None and d.required and table.seats[d.seat].automatic:
                move = self._bot_move(table, d.seat, required=True)
                if move is not None:
                    return move, f"sys:bot:{len(engine.actions)}"
        for d in pending:
            if (
                d.seat is not None
                and not d.required
                and table.seats[d.seat].automatic
                and d.seat not in table.consulted
            ):
                table.consulted.add(d.seat)
                move = self._bot_move(table, d.seat, required=False)
                if move is not None and move.kind != "pass" and move.kind in d.kinds:
                    return move, f"sys:bot:{len(engine.actions)}"
        forced = self._forced_pass(table, pending)
        if forced is not None:
            return forced
        steps = [d for d in pending if d.seat is None]
        if steps:
            return self._table_step(table, steps[0])
        table.step_due = None
        return None

    def _forced_pass(self, table: Table, pending: list[Decision]) -> tuple[Action, str] | None:
        """``pass`` for a person's required decision that has no other legal move, once its
        random delay is over (see ``forced_pass_delay``); schedules itself until then."""
        if self.forced_pass_delay is None:
            return None
        engine = table.engine
        assert engine is not None
        step = len(engine.actions)
        now = self.clock()
        for d in pending:
            if d.seat is None or not d.required or table.seats[d.seat].automatic:
                continue
            legal = engine.legal_actions(d.seat, 2)
            if len(legal) != 1 or legal[0].kind != "pass" or legal[0].data:
                continue
            key = (d.seat, step)
            due = table.forced_due.get(key)
            if due is None:
                table.forced_due = {k: v for k, v in table.forced_due.items() if k[1] == step}
                due = now + self._forced_rng.uniform(*self.forced_pass_delay)
                table.forced_due[key] = due
            if now >= due:
                return Action(d.seat, "pass", {}), f"sys:forced:{step}:{d.seat}"
            self._schedule_forced(table.id, d.seat, due)
        return None

    def _schedule_forced(self, table_id: int, seat: int, due: float) -> None:
        self.scheduler.call_at(
            due, ("t", table_id, "forced", seat), lambda: self._on_auto(table_id)
        )

    def _table_step(self, table: Table, decision: Decision) -> tuple[Action, str] | None:
        engine = table.engine
        assert engine is not None
        delay = (decision.delay_s or 0.0) if table.pace_obj.live else 0.0
        now = self.clock()
        if table.step_due is None:
            table.step_due = now + delay
        if now >= table.step_due:
            step = engine.table_action() or Action(None, decision.kinds[0])
            return step, f"sys:table:{len(engine.actions)}"
        tid = table.id
        self.scheduler.call_at(table.step_due, ("t", tid, "auto"), lambda: self._on_auto(tid))
        return None

    async def _on_auto(self, table_id: int) -> None:
        table = self._tables.get(table_id)
        if table is None or table.status != "playing":
            return
        updates: list[TableUpdate] = []
        async with table.lock:
            if table.status != "playing":
                return
            move = self._next_auto_move(table)
            if move is not None:
                action, key = move
                try:
                    await self._commit(table, action, key, None, "action", updates)
                except Exception:
                    # e.g. the disk is full: the engine was rolled back; try again later
                    log.exception("table %s: automatic move %s failed", table.id, action)
                    self._schedule_auto(table, AUTO_RETRY_S)
        await self._notify(updates)

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

    # ============================================================== reading
    def pending(self, table_id: int) -> list[Decision]:
        """Who may act now at a playing table (``[]`` otherwise)."""
        table = self.get(table_id)
        if table.engine is None or table.status != "playing":
            return []
        return table.engine.pending()

    def view(self, table_id: int, user_id: int | None) -> dict[str, Any]:
        """The engine's view for the user's seat (spectators, and ``None``, get the public view).

        While several seats are pending at once (a claim window) a ``turn`` list names at
        most the viewer: who else may act is private (see :func:`private_turn`).

        Raises ``TableError``: ``no_table``, ``not_started``.
        """
        table = self.get(table_id)
        if table.engine is None:
            raise TableError("not_started", "the game has not started yet", {})
        seat = table.seat_of(user_id) if user_id is not None else None
        return private_turn(table.engine.view(seat), table.engine.pending(), seat)

    def legal_actions(self, table_id: int, user_id: int, limit: int | None = 25) -> list[Action]:
        """The caller's legal moves, most useful first, at most ``limit`` (``[]``: not their turn).

        Raises ``TableError``: ``no_table``, ``not_started``, ``finished``, ``not_seated``.
        """
        table = self._playing(table_id)
        seat = self._seat_for_play(table, user_id)
        assert table.engine is not None
        return table.engine.legal_actions(seat, limit)

    def hint(self, table_id: int, user_id: int) -> Action | None:
        """What the heuristic bot would play for the caller now, or ``None`` if nothing is pending.

        Raises ``TableError``: ``no_table``, ``not_started``, ``finished``, ``not_seated``.
        """
        table = self._playing(table_id)
        seat = self._seat_for_play(table, user_id)
        assert table.engine is not None
        # mahjong's standing choices are always open and never a move to hint at
        if not any(d.seat == seat and d.kinds != ("standing",) for d in table.engine.pending()):
            return None
        bots = table.spec.bots()
        player = bots.get(BOT_KINDS_DEFAULT) or next(iter(bots.values()))
        try:
            move = player().choose(table.engine, seat, self._bot_rng(table, seat, "hint:"))
        except Exception:
            log.exception("hint failed at table %s", table.id)
            return None
        return Action(seat, move.kind, dict(move.data))


def private_turn(view: dict[str, Any], pending: list[Decision], seat: int | None) -> dict[str, Any]:
    """``view`` with a ``turn`` list cut down to the viewer while several seats are pending.

    With one seat to move, whose turn it is is public; when several seats are pending at
    once (a mahjong claim window) the list is private: a seat may learn only that it is
    among them itself.
    """
    turn = view.get("turn")
    waiting = {d.seat for d in pending if d.seat is not None and d.required}
    if isinstance(turn, list) and len(waiting) > 1:
        view = dict(view)
        view["turn"] = [s for s in turn if s == seat]
    return view


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
