"""The table service's start-up and shut-down: open tables rebuilt from the store
(snapshots and the actions after them), timers re-armed, snapshots taken at the end."""

from __future__ import annotations

import gc
from typing import Any

from bot.claim import claim_database
from bot.snapshots import SNAPSHOT_EVERY, Snapshot, SnapshotMismatch, continue_from
from bot.snapshots import restore as restore_snapshot
from bot.snapshots import take as snapshots_take
from bot.store import GameRow, TableRow
from bot.table_core import TableServiceCore, log
from bot.table_model import Table, TableUpdate
from games.base import Game, IllegalAction
from games.registry import GAMES

_FREEZE_AT = 100  # open tables from which start-up freezes what it rebuilt (see start_up)


class StartupMixin(TableServiceCore):
    """Start-up (:meth:`start_up`) and shut-down (:meth:`shut_down`)."""

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
