"""Ownership of tables across bot processes that split the shards (:mod:`bot.owners`), the
service's side: registering at start-up, the periodic look (heartbeat, tables to take over,
tables to hand back), handing an adopted table back to its own process, and carrying on
after the claim connection is lost.

* **Start** (:meth:`HandBackMixin._start_owning`): the claim connection's
  :class:`bot.owners.TableOwners`, registered beside the live processes (refused with
  ``TableError("shard_conflict")`` when ``SHARD_COUNT`` differs or ``SHARD_IDS`` overlap,
  :mod:`bot.shard_registry`), listening for messages from the other processes.
* **Hand back** (:meth:`HandBackMixin.hand_back`): a table of another process's shards that
  this one adopted (its process was gone when an interaction for it arrived here) goes back
  once that process is live again: under the table's lock (a move under way ends first, and
  none starts after), the table is snapshotted, dropped from memory and its lock released;
  then its process is told to take it (``take``), which it does at once (or at its own next
  look). An interaction that reaches this process meanwhile follows the table there.
* **Lost claim** (:meth:`HandBackMixin._claim_lost`): the moment the claim connection ends
  unasked, every table is dropped from memory (none is run without its lock; a move already
  storing is the store's to refuse if another process took the table meanwhile: its
  ``(game, seq)`` key is taken), then the process reconnects (retrying, with a log line each
  time), registers again and takes back from the store every table that is still free.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from bot.errors import TableError
from bot.owners import CONTROL, TableOwners, shard_of
from bot.snapshots import take as snapshots_take
from bot.table_core import TableServiceCore, log
from bot.table_model import Table

RECONNECT_FIRST_S = 0.2  # the first retry of a lost claim connection; doubling up to the next
RECONNECT_MAX_S = 10.0
REGISTER_RETRY_S = 1.0  # a refused registration is tried again this often, for
# register_patience_s (TableService's argument, 15 s by default)


class HandBackMixin(TableServiceCore):
    """Registration, hand-back and a lost claim connection (see the module doc)."""

    async def _start_owning(self) -> None:
        claim = self._claim
        assert self.shards is not None and claim is not None
        self.owners = TableOwners(
            getattr(claim, "conn", None), *self.shards, claim=claim, on_lost=self._claim_lost
        )
        try:
            patience = asyncio.get_running_loop().time() + self.register_patience_s
            while True:
                try:
                    await self.owners.register()
                    break
                except TableError as exc:
                    # a process restarted at once may find its killed self's session ending
                    if exc.code != "shard_conflict" or (
                        asyncio.get_running_loop().time() > patience
                    ):
                        raise
                    log.warning("%s; trying again for a few seconds", exc.message)
                    await asyncio.sleep(REGISTER_RETRY_S)
        except BaseException:
            claim.release()
            self._claim = None
            self.owners = None
            raise
        await self.owners.listen_control("take", self._on_owner_message)

    async def _owners_tick(self) -> None:
        """The periodic look: a heartbeat (which notices a claim connection that does not
        answer), this process's shards' free tables taken over, adopted tables handed back."""
        owners = self.owners
        if owners is None:
            return
        await owners.heartbeat(timeout=max(2.0, self.takeover_interval_s))
        if owners.lost:
            return
        await self.take_over()
        await self.hand_back()

    async def _on_owner_message(self, message: dict[str, Any]) -> None:
        """A message from another process: ``take`` (tables it handed back to this one)."""
        if message.get(CONTROL) == "take" and not self._stopping:
            tables = [int(t) for t in message.get("tables", [])]
            taken = await self.adopt(tables)
            log.info("tables %s handed back here; took %s", tables, taken)

    async def hand_back(self) -> list[int]:
        """Hand every adopted table whose own process is live back to it; returns their ids."""
        owners = self.owners
        if owners is None or owners.lost or self._stopping:
            return []
        adopted = [
            t
            for t in self.open_tables()
            if not owners.in_my_shards(t.guild_id) and owners.holds(t.id)
        ]
        if not adopted:
            return []
        by_shard: dict[int, Any] = {}
        for process in await owners.live_processes():
            if process.token != owners.token and process.shard_count == owners.shard_count:
                for shard in process.shard_ids:
                    by_shard[shard] = process
        given: dict[int, tuple[Any, list[int]]] = {}
        for table in adopted:
            to = by_shard.get(shard_of(table.guild_id, owners.shard_count))
            if to is not None and await self._let_go(table, to.backend_pid):
                given.setdefault(to.backend_pid, (to, []))[1].append(table.id)
        done: list[int] = []
        for pid, (process, ids) in given.items():
            log.info("handing tables %s back to their own process (%s)", ids, process.where())
            await self._tell_ownership("lost", ids)
            try:
                await owners.tell(pid, "take", tables=ids)
            except Exception:  # it takes them at its own next look for free tables
                log.exception("the process on %s was not told to take %s", process.where(), ids)
            done += ids
        return done

    async def _let_go(self, table: Table, to_pid: int) -> bool:
        """Under the table's lock: snapshot it, drop it from memory and release its lock."""
        owners = self.owners
        assert owners is not None
        async with table.lock:
            if self._tables.get(table.id) is not table or table.status not in ("lobby", "playing"):
                return False
            engine = table.engine
            if (
                engine is not None
                and table.game_id is not None
                and self._snapshot_seq.get(table.game_id) != len(engine.actions)
            ):  # its next owner replays nothing
                await self._put_snapshots([snapshots_take(table.game_id, engine)])
            self._unload(table)
            owners.handed[table.id] = (to_pid, time.monotonic())
            await owners.release(table.id)
        return True

    def _claim_lost(self) -> None:
        """The claim connection ended unasked (called at once, from its termination
        callback): drop every table from memory and reconnect in the background."""
        if self._stopping:
            return
        self._back.clear()
        tables = [t for t in self._tables.values() if t.status in ("lobby", "playing")]
        for table in tables:
            self._unload(table)
        ids = sorted(t.id for t in tables)
        self._in_background(self._reclaim(ids))

    async def _reclaim(self, ids: list[int]) -> None:
        owners = self.owners
        assert owners is not None
        await self._tell_ownership("lost", ids)
        pause = RECONNECT_FIRST_S
        while True:
            if self._stopping:
                return
            try:
                claim = await self.store.claim(shared=True)
                break
            except Exception as exc:
                log.warning(
                    "the claim connection could not be made again (%s); trying again in %.1f s",
                    exc,
                    pause,
                )
                await asyncio.sleep(pause)
                pause = min(pause * 2, RECONNECT_MAX_S)
        if self._claim is not None:
            self._claim.release()  # the lost one: nothing left to drop
        self._claim = claim
        old_pid = owners.pid
        await owners.attach(getattr(claim, "conn", None), claim)
        if not await owners.wait_released(old_pid):
            log.warning("the lost claim connection's session %s still holds locks", old_pid)
        problem = await owners.register(refuse=False)
        if problem is not None:
            log.error("after reconnecting: %s", problem)
        owners.ready.set()
        try:
            taken = await self.adopt(ids)
        finally:
            self._back.set()
        taken += await self.take_over()
        log.warning(
            "the claim connection is back (server pid %s): %s of the %s tables run here before"
            " are taken back%s",
            owners.pid,
            len(set(taken) & set(ids)),
            len(ids),
            f", and {len(set(taken) - set(ids))} more of this process's shards"
            if set(taken) - set(ids)
            else "",
        )
