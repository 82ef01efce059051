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
