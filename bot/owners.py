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

* Each process registers its ``SHARD_COUNT``/``SHARD_IDS`` (:mod:`bot.shard_registry`): a
  process whose settings disagree with a live process's is refused at start-up, and
  ``python -m bot health`` reports every process with its shards and heartbeat.
* A table adopted from another process's shards goes back when that process is live again
  (:mod:`bot.table_handback`): the adopter releases it under the table's lock and tells the
  returning process (a ``take`` message on its channel), which takes it; an interaction that
  reaches the adopter meanwhile follows it there (:meth:`TableOwners.owner` remembers where a
  table was handed for a few seconds).
* The locks live as long as the claim connection: when PostgreSQL ends it (the server
  restarted, ``pg_terminate_backend``, a network cut), every lock is gone at once. The end is
  noticed at once (the connection's termination callback; a heartbeat that fails or does not
  answer in time ends it too): :attr:`TableOwners.lost` is set and the service stops acting as
  owner of anything (its tables are dropped from memory, no move is applied), reconnects,
  registers again and takes its tables back from the store (:mod:`bot.table_handback`).

Without shards, or on SQLite, nothing here is used: one process owns every table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
import zlib
from base64 import b64decode, b64encode
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

__all__ = ["ClaimLost", "TableOwners", "shard_of"]

log = logging.getLogger("bot.owners")

TABLE_KEY = "hashtext(current_schema() || '/table')"
"""The first key of a table's advisory lock (the second is the table's id)."""

NOTIFY_LIMIT = 7900  # PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more
READY_WAIT_S = 2.5  # an interaction waits this long for a lost claim connection to come back
HANDED_S = 15.0  # where a table was handed back is remembered this long (see owner)
CONTROL = "paiju"  # the key of a message between processes (no Discord payload has it)

Handler = Callable[[dict[str, Any]], Awaitable[None] | None]


class ClaimLost(Exception):
    """The claim connection is gone and did not come back in time: this process owns
    nothing until it does."""


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The Discord shard of a server (``(guild_id >> 22) % shard_count``); DMs (no server)
    come on shard 0."""
    return 0 if not guild_id else (guild_id >> 22) % max(shard_count, 1)


class TableOwners:
    """This process's side of table ownership (see the module doc), over the claim's
    connection ``conn`` (an asyncpg connection holding the database's shared claim)."""

    def __init__(
        self,
        conn: Any,
        shard_count: int,
        shard_ids: Iterable[int] | None,
        *,
        claim: Any = None,
        on_lost: Callable[[], None] | None = None,
    ) -> None:
        self.shard_count = shard_count
        self.shard_ids = frozenset(shard_ids if shard_ids is not None else range(shard_count))
        self.held: set[int] = set()
        #: this run's row in ``shard_processes`` (:mod:`bot.shard_registry`)
        self.token = uuid.uuid4().hex
        #: set the moment the claim connection ends unasked: nothing is owned until
        #: :meth:`attach` gives a new one
        self.lost = False
        self.ready = asyncio.Event()
        self.ready.set()
        self.on_lost = on_lost
        #: table -> (backend pid it was handed back to, when): see :meth:`owner`
        self.handed: dict[int, tuple[int, float]] = {}
        self._lock = asyncio.Lock()  # one statement at a time on the connection
        self._handler: Handler | None = None
        self._controls: dict[str, Handler] = {}  # message kind -> its handler
        self._listening = False
        self._deliveries: set[asyncio.Task[None]] = set()
        self.conn: Any = None
        self.claim: Any = None
        self.pid = 0
        self._use(conn, claim)

    def _use(self, conn: Any, claim: Any) -> None:
        self.conn = conn
        self.claim = claim
        self.pid = conn.get_server_pid()
        self._listening = False
        with contextlib.suppress(AttributeError):  # a stand-in connection in a test
            conn.add_termination_listener(self._ended)

    def _ended(self, conn: Any) -> None:
        """The claim connection ended: given up (shut-down), or lost (see the module doc)."""
        if conn is not self.conn or self.lost:
            return
        if self.claim is not None and self.claim.conn is not conn:
            return  # released on purpose: shut-down
        self.lost = True
        self.ready.clear()
        count = len(self.held)
        self.held.clear()
        log.error(
            "the claim connection to PostgreSQL (server pid %s) was lost: its %s table locks"
            " are gone; this process stops acting as the owner of its tables, reconnects and"
            " takes them back",
            self.pid,
            count,
        )
        if self.on_lost is not None:
            self.on_lost()

    def holds(self, table_id: int) -> bool:
        """Whether this process owns ``table_id`` now (its lock is held on a live claim)."""
        return not self.lost and table_id in self.held

    async def wait_ready(self, timeout: float = READY_WAIT_S) -> None:
        """Wait for a lost claim connection to come back; raises :class:`ClaimLost` after
        ``timeout`` seconds."""
        if self.ready.is_set():
            return
        try:
            await asyncio.wait_for(self.ready.wait(), timeout)
        except TimeoutError:
            raise ClaimLost("the claim connection to PostgreSQL is being restored") from None

    async def attach(self, conn: Any, claim: Any = None) -> None:
        """Carry on over a new claim connection (after :attr:`lost`): listen again (the
        channel follows the new backend pid); :attr:`ready` is set by the caller once it
        has taken its tables back."""
        async with self._lock:
            self._use(conn, claim)
            self.held.clear()
            self.lost = False
        if self._handler is not None or self._controls:
            await self._ensure_listening()

    async def wait_released(self, pid: int, timeout: float = 10.0) -> bool:
        """Wait until the server session ``pid`` (this process's lost claim connection) holds
        no lock any more: its connection closes a moment before the ending backend releases
        its locks. True when it holds none."""
        deadline = time.monotonic() + timeout
        while True:
            async with self._lock:
                left = await self.conn.fetchval("SELECT count(*) FROM pg_locks WHERE pid = $1", pid)
            if not left:
                return True
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.05)

    async def register(self, *, refuse: bool = True) -> str | None:
        """Register this process's shard settings (:func:`bot.shard_registry.register`)."""
        from bot.shard_registry import register

        async with self._lock:
            return await register(
                self.conn, self.token, self.shard_count, self.shard_ids, refuse=refuse
            )

    async def heartbeat(self, timeout: float) -> None:
        """Say this process is alive; a claim connection that fails or does not answer within
        ``timeout`` seconds is ended, which :attr:`lost` then tells."""
        from bot.shard_registry import heartbeat

        if self.lost:
            return
        conn = self.conn
        try:
            async with self._lock:
                await heartbeat(conn, self.token, timeout=timeout)
        except Exception as exc:
            if self.conn is conn and not self.lost:
                log.warning("the claim connection did not answer its heartbeat: %r", exc)
                conn.terminate()  # its end is the loss: _ended takes it from there
                self._ended(conn)

    async def live_processes(self) -> list[Any]:
        """The live processes of the bot (:func:`bot.shard_registry.processes`), this one
        included."""
        from bot.shard_registry import processes

        await self.wait_ready()
        async with self._lock:
            return [p for p in await processes(self.conn) if p.live]

    async def unregister(self) -> None:
        """Remove this process's row (a clean shut-down; a row left behind is dead anyway)."""
        from bot.shard_registry import unregister

        if self.lost:
            return
        with contextlib.suppress(Exception):
            async with self._lock:
                await unregister(self.conn, self.token)

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
        if any(t not in self.held for t in table_ids):
            await self.wait_ready()
        async with self._lock:
            # judged under the lock: a session's advisory locks stack, so a table taken twice
            # at once would need two unlocks
            wanted = [t for t in table_ids if t not in self.held]
            if wanted:
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
            if self.lost:  # the server dropped every lock with the connection
                return
            async with self._lock:
                await self.conn.execute(
                    f"SELECT pg_advisory_unlock({TABLE_KEY}, $1::int)", table_id
                )

    async def owner(self, table_id: int) -> int | None:
        """The backend pid of the process that owns a table (ours: :attr:`pid`), or ``None``
        when nobody does. A table this process handed back a moment ago and that its new
        owner has not taken yet counts as the new owner's (an interaction for it follows it
        there instead of bringing it back here). Waits for a lost claim connection to come
        back (:class:`ClaimLost` if it does not in time)."""
        await self.wait_ready()
        if table_id in self.held:
            return self.pid
        async with self._lock:
            pid = await self.conn.fetchval(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
                f" AND classid = ({TABLE_KEY})::oid AND objid = $1::int::oid AND objsubid = 2",
                table_id,
            )
        if pid is None:
            handed = self.handed.get(table_id)
            if handed is not None and time.monotonic() - handed[1] < HANDED_S:
                return handed[0]
        return int(pid) if pid is not None else None

    async def listen(self, handler: Handler) -> None:
        """Call ``handler(payload)`` for every payload another process hands to this one
        (an interaction)."""
        self._handler = handler
        await self._ensure_listening()

    async def listen_control(self, kind: str, handler: Handler) -> None:
        """Call ``handler(message)`` for every message of ``kind`` between processes
        (``{"paiju": kind, …}``, :meth:`tell`)."""
        self._controls[kind] = handler
        await self._ensure_listening()

    async def broadcast(self, kind: str, **fields: Any) -> None:
        """Tell every other live process of the bot (:meth:`tell`)."""
        for process in await self.live_processes():
            if process.token != self.token:
                await self.tell(process.backend_pid, kind, **fields)

    async def _ensure_listening(self) -> None:
        import asyncpg

        async with self._lock:
            if self._listening:
                return
            # another process may create it at the same moment (IF NOT EXISTS races: the
            # loser sees its row type, or its name, taken)
            with contextlib.suppress(
                asyncpg.UniqueViolationError,
                asyncpg.DuplicateObjectError,
                asyncpg.DuplicateTableError,
            ):
                await self.conn.execute(
                    "CREATE UNLOGGED TABLE IF NOT EXISTS paiju_handoff"
                    " (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, payload TEXT NOT NULL)"
                )
            await self.conn.add_listener(self.channel, self._heard)
            self._listening = True

    async def tell(self, pid: int, kind: str, **fields: Any) -> None:
        """Send a message between processes to the one whose backend pid is ``pid``."""
        await self.hand_to(pid, {CONTROL: kind, **fields})

    async def hand_to(self, pid: int, payload: dict[str, Any]) -> None:
        """Hand ``payload`` to the process whose backend pid is ``pid`` (``NOTIFY``)."""
        text = b64encode(zlib.compress(json.dumps(payload).encode(), 6)).decode()
        await self.wait_ready()
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
            kind = payload.get(CONTROL)
            handler = self._handler if kind is None else self._controls.get(str(kind))
            if handler is not None:
                result = handler(payload)
                if result is not None:
                    await result
        except Exception:
            log.exception("a payload handed over by another process could not be handled")
