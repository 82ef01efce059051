"""Which process runs which table, when several bot processes share one PostgreSQL database.

With shards (``SHARD_COUNT``/``SHARD_IDS``, :mod:`bot.config`) every process runs the tables of
its shards' servers; they all share the game store. Each table is owned by exactly one process
at a time, through a PostgreSQL **session advisory lock** per table, held on the connection of
the process's claim (:func:`bot.claim.claim_postgres` with ``shared=True``: the processes share
the database's claim among themselves, and a process that runs every table, ``play`` or
``migrate`` still cannot start beside them). The key is
``(hashtext(current_schema() || '/table'), table_id)``: one lock space per Paiju schema.

* The owner takes its tables at start-up (:meth:`TableOwners.take`, one round trip for all)
  and each table it opens; it gives one up when the table closes.
* A process that is gone holds nothing: the server drops a session's advisory locks when its
  connection ends, with the process (even ``SIGKILL``: the socket closes). A free lock is the
  sign that a table has no owner; whoever takes it next (its shard's restarted process, which
  looks every few seconds, or a process an interaction for it reached) loads it from the store.
* A process that receives an interaction for a table another process owns (a DM click comes
  on shard 0) hands it to the owner: ``NOTIFY`` on the owner's channel ``paiju_owner_<pid>``
  (its connection's backend pid, found in ``pg_locks``), which the owner ``LISTEN``\\ s on
  (:meth:`TableOwners.listen`). The owner handles the interaction as if Discord had sent it:
  the move is applied once, under the table's lock, and the owner's table message and hands
  update. A payload too long for ``NOTIFY`` (8,000 bytes) goes through the unlogged table
  ``paiju_handoff`` and the notification carries its id.

Without shards, or on SQLite, nothing here is used: one process owns every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import zlib
from base64 import b64decode, b64encode
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

__all__ = ["TableOwners", "shard_of"]

log = logging.getLogger("bot.owners")

TABLE_KEY = "hashtext(current_schema() || '/table')"
"""The first key of a table's advisory lock (the second is the table's id)."""

NOTIFY_LIMIT = 7900  # PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more

Handler = Callable[[dict[str, Any]], Awaitable[None] | None]


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The Discord shard of a server (``(guild_id >> 22) % shard_count``); DMs (no server)
    come on shard 0."""
    return 0 if not guild_id else (guild_id >> 22) % max(shard_count, 1)


class TableOwners:
    """This process's side of table ownership (see the module doc), over the claim's
    connection ``conn`` (an asyncpg connection holding the database's shared claim)."""

    def __init__(self, conn: Any, shard_count: int, shard_ids: Iterable[int] | None) -> None:
        self.conn = conn
        self.shard_count = shard_count
        self.shard_ids = frozenset(shard_ids if shard_ids is not None else range(shard_count))
        self.held: set[int] = set()
        self.pid: int = conn.get_server_pid()
        self._lock = asyncio.Lock()  # one statement at a time on the connection
        self._handler: Handler | None = None
        self._deliveries: set[asyncio.Task[None]] = set()

    @property
    def channel(self) -> str:
        """The ``LISTEN`` channel of this process."""
        return f"paiju_owner_{self.pid}"

    def in_my_shards(self, guild_id: int | None) -> bool:
        """Whether a table of ``guild_id`` belongs to this process's shards."""
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    async def take(self, table_ids: Iterable[int]) -> set[int]:
        """Become the owner of every table of ``table_ids`` that has none (or is ours);
        returns the ids now held. One round trip however many tables."""
        table_ids = list(table_ids)
        wanted = [t for t in table_ids if t not in self.held]
        if wanted:
            async with self._lock:
                rows = await self.conn.fetch(
                    "SELECT id FROM unnest($1::bigint[]) AS id"
                    f" WHERE pg_try_advisory_lock({TABLE_KEY}, id::int)",
                    wanted,
                )
            self.held.update(int(r["id"]) for r in rows)
        return {t for t in table_ids if t in self.held}

    async def release(self, table_id: int) -> None:
        """Give a table up (it closed)."""
        if table_id in self.held:
            self.held.discard(table_id)
            async with self._lock:
                await self.conn.execute(
                    f"SELECT pg_advisory_unlock({TABLE_KEY}, $1::int)", table_id
                )

    async def owner(self, table_id: int) -> int | None:
        """The backend pid of the process that owns a table (ours: :attr:`pid`), or ``None``
        when nobody does."""
        if table_id in self.held:
            return self.pid
        async with self._lock:
            pid = await self.conn.fetchval(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
                f" AND classid = ({TABLE_KEY})::oid AND objid = $1::int::oid AND objsubid = 2",
                table_id,
            )
        return int(pid) if pid is not None else None

    async def listen(self, handler: Handler) -> None:
        """Call ``handler(payload)`` for every payload another process hands to this one."""
        import asyncpg

        self._handler = handler
        async with self._lock:
            # another process may create it at the same moment (IF NOT EXISTS races)
            with contextlib.suppress(asyncpg.UniqueViolationError):
                await self.conn.execute(
                    "CREATE UNLOGGED TABLE IF NOT EXISTS paiju_handoff"
                    " (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, payload TEXT NOT NULL)"
                )
            await self.conn.add_listener(self.channel, self._heard)

    async def hand_to(self, pid: int, payload: dict[str, Any]) -> None:
        """Hand ``payload`` to the process whose backend pid is ``pid`` (``NOTIFY``)."""
        text = b64encode(zlib.compress(json.dumps(payload).encode(), 6)).decode()
        async with self._lock:
            if len(text) > NOTIFY_LIMIT:
                row = await self.conn.fetchval(
                    "INSERT INTO paiju_handoff (payload) VALUES ($1) RETURNING id", text
                )
                text = f"#{row}"
            await self.conn.execute("SELECT pg_notify($1, $2)", f"paiju_owner_{pid}", text)

    def _heard(self, conn: Any, pid: int, channel: str, text: str) -> None:
        task = asyncio.get_running_loop().create_task(self._deliver(text))
        self._deliveries.add(task)  # kept until done (the loop holds tasks weakly)
        task.add_done_callback(self._deliveries.discard)

    async def _deliver(self, text: str) -> None:
        try:
            if text.startswith("#"):
                async with self._lock:
                    text = await self.conn.fetchval(
                        "DELETE FROM paiju_handoff WHERE id = $1 RETURNING payload", int(text[1:])
                    )
            payload = json.loads(zlib.decompress(b64decode(text)))
            if self._handler is not None:
                result = self._handler(payload)
                if result is not None:
                    await result
        except Exception:
            log.exception("a payload handed over by another process could not be handled")
