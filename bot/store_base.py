"""The game store's connection: one aiosqlite connection, one transaction at a time.

:class:`StoreBase` holds the connection and the write lock, and the few writes
that several parts of :class:`bot.store.Store` share (a table's columns, closing
a game, a table's deadlines).

On PostgreSQL (:mod:`bot.store_pg`) the connection is a :class:`bot.store_pg.PgDatabase`,
an asyncpg pool shaped like the aiosqlite connection: the store's SQL and its
``self._db.execute(...)`` / ``async with self._txn() as db`` code run unchanged on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

import aiosqlite

from bot.store_pg import PgDatabase
from bot.store_rows import JSON_TABLE_FIELDS, TABLE_FIELDS, dumps
from bot.timers import Deadline

__all__ = ["INSERT_DEADLINE", "StoreBase"]

INSERT_DEADLINE = (
    "INSERT INTO deadlines (table_id, seat, due, remind_at, reminded) VALUES (?,?,?,?,?)"
)

# A person's move on PostgreSQL in one statement, so one round trip to the server (its own
# transaction, committed before it returns): the action, the table's seats when given ($9),
# and when given ($10) its deadlines replaced (those of other seats deleted, these upserted:
# the sub-statements touch different rows, as one statement's must). Any failure (a key used
# twice, a table that is gone) fails the whole statement.
_PG_APPEND = """
WITH a AS (
    INSERT INTO actions (game_id, seq, action, idempotency_key, user_id, at)
    VALUES ($1, $2, $3, $4, $5, $6) RETURNING 1
), s AS (
    UPDATE tables SET seats = $8, updated_at = $6 WHERE id = $7 AND $9 RETURNING 1
), d AS (
    DELETE FROM deadlines WHERE table_id = $7 AND $10 AND NOT (seat = ANY($11::bigint[]))
    RETURNING 1
), n AS (
    INSERT INTO deadlines (table_id, seat, due, remind_at, reminded)
    SELECT $7, x.seat, x.due, x.remind_at, x.reminded
    FROM unnest($11::bigint[], $12::float8[], $13::float8[], $14::bigint[])
        AS x (seat, due, remind_at, reminded)
    WHERE $10
    ON CONFLICT (table_id, seat) DO UPDATE SET due = excluded.due,
        remind_at = excluded.remind_at, reminded = excluded.reminded
    RETURNING 1
)
SELECT COUNT(*) FROM a
"""


class StoreBase:
    """The connection and its write lock (see :class:`bot.store.Store`).

    Writes are serialised by an asyncio lock (one aiosqlite connection, one
    transaction at a time). All times are clock seconds (floats).
    """

    def __init__(
        self, db: aiosqlite.Connection, path: Path, *, pg: PgDatabase | None = None
    ) -> None:
        self._db = db
        self.path = path
        #: the PostgreSQL database (then ``_db`` is the same object, typed as aiosqlite's
        #: connection, whose API it has), or ``None`` for SQLite
        self.pg = pg
        #: where the data is, to name in messages: the file, or the URL without its password
        self.name = str(path) if pg is None else pg.name
        self._lock: asyncio.Lock | None = None  # created inside the running loop

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return "sqlite" if self.pg is None else "postgresql"

    @asynccontextmanager
    async def _single(self) -> AsyncIterator[None]:
        """Hold the write lock for one autocommitted statement (never inside a transaction)."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            yield

    async def _atomically(self, statements: Sequence[tuple[str, Sequence[Any], bool]]) -> None:
        """Run ``(sql, parameters, executemany)`` statements as one transaction in a single
        trip to the database thread (a person's move: the tail latency of each trip adds up).

        Uses aiosqlite's ``_execute`` (run a function on its thread, where the sqlite3
        connection lives); without it, falls back to one trip per statement.
        """
        if self._lock is None:
            self._lock = asyncio.Lock()
        if self.pg is not None:
            async with self._lock, self.pg.transaction() as pg:
                for sql, params, many in statements:
                    await (pg.executemany(sql, params) if many else pg.execute(sql, params))
            return
        run = getattr(self._db, "_execute", None)
        conn = getattr(self._db, "_conn", None)
        if run is None or conn is None:  # pragma: no cover - another aiosqlite
            async with self._txn() as db:
                for sql, params, many in statements:
                    await (db.executemany(sql, params) if many else db.execute(sql, params))
            return

        def work() -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for sql, params, many in statements:
                    if many:
                        conn.executemany(sql, params)
                    else:
                        conn.execute(sql, params)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

        async with self._lock:
            await run(work)

    @asynccontextmanager
    async def _txn(self) -> AsyncIterator[aiosqlite.Connection]:
        if self._lock is None:
            self._lock = asyncio.Lock()
        if self.pg is not None:
            async with self._lock, self.pg.transaction() as pg:
                yield cast(aiosqlite.Connection, pg)
            return
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def _append_postgres(
        self,
        values: Sequence[Any],
        table_id: int,
        seats: str | None,
        deadlines: Mapping[int, Deadline] | None,
    ) -> None:
        """:meth:`bot.store.Store.append_action` of an action with the table's seats or
        deadlines on PostgreSQL: one statement, one round trip (see ``_PG_APPEND``)."""
        assert self.pg is not None
        rows = list((deadlines or {}).values())
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            await self.pg.fetch_value(
                _PG_APPEND,
                *values,
                table_id,
                seats,
                seats is not None,
                deadlines is not None,
                [d.seat for d in rows],
                [float(d.due) for d in rows],
                [float(d.remind_at) for d in rows],
                [int(d.reminded) for d in rows],
            )

    @staticmethod
    async def _update_table(
        db: aiosqlite.Connection, table_id: int, now: float, fields: Mapping[str, Any]
    ) -> None:
        bad = set(fields) - TABLE_FIELDS
        if bad:
            raise ValueError(f"no table column {sorted(bad)[0]!r}")
        if not fields:
            return
        cols = ", ".join(f"{name} = ?" for name in fields)
        values = [
            dumps(v)
            if k in JSON_TABLE_FIELDS
            else (int(v) if k == "rated" and v is not None else v)
            for k, v in fields.items()
        ]
        await db.execute(
            f"UPDATE tables SET {cols}, updated_at = ? WHERE id = ?", (*values, now, table_id)
        )

    async def _close_game(
        self, db: aiosqlite.Connection, table_id: int, game_id: int | None, status: str, now: float
    ) -> None:
        await self._update_table(db, table_id, now, {"status": status})
        if game_id is not None:
            await db.execute(
                "UPDATE games SET status = ?, finished_at = ? WHERE id = ?", (status, now, game_id)
            )
        await db.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
        if game_id is not None:
            await db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))

    @staticmethod
    async def _put_deadlines(
        db: aiosqlite.Connection, table_id: int, deadlines: Mapping[int, Deadline]
    ) -> None:
        await db.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
        if deadlines:
            await db.executemany(
                INSERT_DEADLINE,
                [
                    (table_id, d.seat, d.due, d.remind_at, int(d.reminded))
                    for d in deadlines.values()
                ],
            )
