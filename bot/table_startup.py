"""The table service's start-up and shut-down: open tables rebuilt from the store
(snapshots and the actions after them), timers re-armed, snapshots taken at the end."""

from __future__ import annotations

import asyncio
import gc

from bot.damage import DatabaseDamaged, StoredTable, TableVerdict, judge_table
from bot.snapshots import SNAPSHOT_EVERY, Snapshot
from bot.snapshots import take as snapshots_take
from bot.table_core import SetAside, TableServiceCore, log
from bot.table_model import Table, TableUpdate

_FREEZE_AT = 100  # open tables from which start-up freezes what it rebuilt (see start_up)


class StartupMixin(TableServiceCore):
    """Start-up (:meth:`start_up`) and shut-down (:meth:`shut_down`)."""

    async def start_up(self) -> None:
        """Load every open table from the store; rebuild games; re-arm timers and bots.

        Every open table is judged first, as ``python -m bot check`` judges it
        (:func:`bot.damage.judge_table`), before anything is changed: a game
        is rebuilt from its engine snapshot and the actions after it
        (:mod:`bot.snapshots`), or, without a usable snapshot (discarded and
        logged), by replaying its whole log. If any table shows that the file
        lost or changed committed moves (a log its snapshot contradicts,
        actions that do not replay), nothing is loaded and
        :class:`bot.damage.DatabaseDamaged` is raised: restore a backup. A
        table whose records cannot be read is set aside: logged, kept out of
        play and untouched in the file, and listed in :attr:`set_aside` for the
        front end to tell its host. The database file is claimed for this
        service until :meth:`shut_down` (:mod:`bot.claim`): raises
        ``TableError("database_in_use")`` if another process runs its tables.
        """
        if self._claim is None:
            sharing = self.shards is not None and self.store.pg is not None
            self._claim = await self.store.claim(shared=sharing)
            if sharing:  # registered beside the other processes, or refused
                await self._start_owning()
        records = await self.store.open_records()
        if self.owners is not None:  # only the tables of this process's shards it can own
            mine = [r.id for r in records if self.owners.in_my_shards(r.columns.get("guild_id"))]
            held = await self.owners.take(mine)
            records = [r for r in records if r.id in held]
        # Rebuilding allocates millions of objects and keeps them all: each cyclic collection
        # would scan every engine built so far (that doubled the start-up of 1,000 tables).
        # After a large start-up the rebuilt games are frozen (gc.freeze): they live long and
        # have no reference cycles (freed by their reference counts when a table closes), so
        # the first full collection after start-up, and every later one, need not scan them.
        large = len(records) >= _FREEZE_AT
        if large:
            gc.collect()  # cheap while the heap is small; nothing dead is frozen below
        collecting = gc.isenabled()
        gc.disable()
        try:
            verdicts = [judge_table(record) for record in records]
            damage = [f"table {v.table_id}: {v.damage}" for v in verdicts if v.damage]
            if damage:
                for line in damage:
                    log.critical("%s is damaged: %s", self.store.name, line)
                raise DatabaseDamaged(self.store.name, damage)
            await self._load_open_tables(records, verdicts)
        finally:
            if large:
                gc.freeze()
            if collecting:
                gc.enable()
        if self.owners is not None and self.takeover_interval_s > 0:
            self._in_background(self._watch_owners())

    async def _watch_owners(self) -> None:
        """Every ``takeover_interval_s``: take over the tables of this process's shards that
        nobody owns (their process is gone), until shut-down."""
        while not self._stopping:
            await asyncio.sleep(self.takeover_interval_s)
            try:
                await self._owners_tick()
            except Exception:
                log.exception("looking after the tables' owners failed")

    async def take_over(self) -> list[int]:
        """Take over the open tables of this process's shards that nobody owns; returns
        their ids. (Shards: :mod:`bot.owners`; without, nothing to do.)"""
        if self.owners is None:
            return []
        owners = self.owners
        wanted = [
            table_id
            for table_id, guild_id in await self.store.open_table_guilds()
            if table_id not in self._tables
            and table_id not in self.set_aside
            and owners.in_my_shards(guild_id)
        ]
        return await self.adopt(wanted) if wanted else []

    async def adopt(self, table_ids: list[int]) -> list[int]:
        """Become the owner of those of ``table_ids`` that are open and have no owner, and
        run them here (loaded from the store as at start-up); returns the ids taken."""
        if self.owners is None or self._stopping:
            return []
        async with self._adopting:  # two at once would load one table twice
            held = await self.owners.take(t for t in table_ids if t not in self._tables)
            if not held:
                return []
            records = [r for r in await self.store.open_records() if r.id in held]
            for gone in held - {r.id for r in records}:  # closed meanwhile: nothing to run
                await self.owners.release(gone)
            verdicts = [judge_table(record) for record in records]
            damaged = {v.table_id for v in verdicts if v.damage}
            for verdict in verdicts:
                if verdict.damage:
                    log.critical("table %s is damaged: %s", verdict.table_id, verdict.damage)
            kept = [(r, v) for r, v in zip(records, verdicts, strict=True) if r.id not in damaged]
            await self._load_open_tables([r for r, _ in kept], [v for _, v in kept])
            taken = sorted(r.id for r, _ in kept)
            self._away.difference_update(taken)
            for table_id in taken:
                self.owners.handed.pop(table_id, None)
        if taken:
            log.info("took over tables %s (their owner is gone, or handed them here)", taken)
            await self._tell_ownership("gained", taken)
        return taken

    async def _load_open_tables(
        self, records: list[StoredTable], verdicts: list[TableVerdict]
    ) -> None:
        # a few queries for all tables (a thousand open tables need no thousand round trips)
        keys = await self.store.open_user_keys()
        deadlines = await self.store.open_deadlines()
        fresh: list[Snapshot] = []
        restored = replayed_total = 0
        for record, verdict in zip(records, verdicts, strict=True):
            if verdict.set_aside is not None or verdict.row is None:
                self._set_aside_table(record, verdict.set_aside or "it cannot be read")
                continue
            table = Table.from_row(verdict.row)
            table.default_bot_level = self.default_bot_level
            if table.status == "playing":
                assert table.game_id is not None and verdict.engine is not None
                if verdict.discarded_snapshot is not None and record.snapshot is not None:
                    log.warning(
                        "table %s: the snapshot of game %s at action %s is discarded (%s);"
                        " replaying the game's log",
                        table.id,
                        table.game_id,
                        record.snapshot.seq,
                        verdict.discarded_snapshot,
                    )
                    await self.store.delete_snapshot(table.game_id)
                table.engine, replayed = verdict.engine, verdict.replayed
                # the game's opening (金坛's first deal) was told as it started: an engine
                # replayed from its log before the first move holds it still, to tell again
                table.engine.opening_events()
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
            "start-up: %s open tables, %s games from snapshots, %s actions replayed,"
            " %s tables set aside",
            len(self.open_tables()),
            restored,
            replayed_total,
            len(self.set_aside),
        )

    def _set_aside_table(self, record: StoredTable, why: str) -> None:
        """Keep a table whose records cannot be read out of play, untouched, and say so."""
        columns = record.columns
        aside = SetAside(
            table_id=record.id,
            guild_id=columns.get("guild_id"),
            channel_id=columns.get("channel_id"),
            thread_id=columns.get("thread_id"),
            host_user_id=columns.get("host_user_id"),
            game=str(columns.get("game")),
            reason=why,
        )
        self.set_aside[aside.table_id] = aside
        log.error(
            "table %s (channel %s) is set aside: %s. It is kept as it is in %s and not"
            " played; python -m bot check %s lists it; restore a backup to play it on"
            ' (README "Backups and restore")',
            aside.table_id,
            aside.channel_id,
            why,
            self.store.name,
            self.store.name,
        )

    async def shut_down(self) -> None:
        """Stop every timer and scheduled move, snapshot every playing table (so the next
        start-up replays nothing) and give up the claim on the database file (the store
        stays open; the caller closes it)."""
        self._stopping = True
        for task in list(self._background):
            task.cancel()
        await self.scheduler.close()
        self.thinker.close()
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
        if self.owners is not None:
            await self.owners.unregister()
        if self._claim is not None:
            self._claim.release()
            self._claim = None
