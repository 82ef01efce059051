"""The crash-safe game store: SQLite through aiosqlite, WAL mode, event-sourced games.

A game is stored as its seed, options and seats (``games`` row) plus every
accepted action in order (``actions``). The table service appends each
accepted action — with its idempotency key, the seats' state and the new
deadlines — in one transaction *before* anyone is answered, so after a crash
(even ``SIGKILL``) replaying a game's actions from its seed rebuilds exactly
the state the players last saw. WAL with ``synchronous=FULL`` syncs the log
to disk at every commit: an acknowledged move survives a process crash and a
power cut alike.

Schema and migrations: :mod:`bot.store_schema`; rows: :mod:`bot.store_rows`;
the connection and transactions: :mod:`bot.store_base`; matches and ratings:
:mod:`bot.store_history`; leagues and seasons: :mod:`bot.store_league`. Every public
name stays importable from here.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import aiosqlite

from bot.claim import DatabaseClaim, claim_database, claim_postgres
from bot.damage import StoredTable, read_open_records, refuse_damaged
from bot.snapshots import Snapshot
from bot.store_base import INSERT_DEADLINE
from bot.store_history import HistoryStore
from bot.store_league import LeagueStore, PlayedRow, SeasonRow
from bot.store_pg import PgDatabase, is_postgres_url
from bot.store_rows import (
    TABLE_COLS,
    DuplicateKey,
    GameRow,
    HandRow,
    MatchPlayerRow,
    MatchRow,
    RatingRow,
    TableRow,
    dumps,
    game_row,
    table_row,
)
from bot.store_schema import MIGRATIONS, PG_MIGRATIONS, migrate_postgres, postgres_schema_version
from bot.table_records import read_open_records_async
from bot.timers import Deadline

__all__ = [
    "MIGRATIONS",
    "DuplicateKey",
    "GameRow",
    "HandRow",
    "MatchPlayerRow",
    "MatchRow",
    "PlayedRow",
    "RatingRow",
    "SeasonRow",
    "Store",
    "TableRow",
]


class Store(HistoryStore, LeagueStore):
    """The SQLite store. Open with ``await Store.open(path)``; close with :meth:`close`.

    Writes are serialised by an asyncio lock (one aiosqlite connection, one
    transaction at a time). All times are clock seconds (floats).
    """

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) the database at ``path`` and apply pending migrations.

        A ``postgresql://`` URL opens the PostgreSQL backend instead (:mod:`bot.store_pg`):
        the database must exist; its schema is created or migrated (a ``schema_version``
        table instead of ``PRAGMA user_version``). Raises ``sqlite3.OperationalError`` when
        the server cannot be reached, ``sqlite3.DatabaseError`` for a newer schema.

        ``":memory:"`` gives a private in-memory database (benchmarks, quick tests).
        An existing file is judged first, as ``python -m bot check`` judges it
        (:func:`bot.damage.judge_file`), before anything writes to it. Raises
        :class:`bot.damage.DatabaseDamaged` (a ``sqlite3.DatabaseError``) for a
        damaged file, ``sqlite3.DatabaseError`` for a file that cannot be read or
        is not a Paiju database of a version this code knows.
        """
        if is_postgres_url(path):
            return await cls._open_postgres(str(path))
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
            # a file with pages is judged before anything writes to it; one without is new.
            # (A new file's schema is written to its WAL, as everything after it: so a file
            # whose WAL is lost before its first checkpoint keeps pages but no schema, and
            # is refused as damaged, never taken for a new one.)
            refuse_damaged(path)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode=WAL")
            # FULL: the WAL is synced to disk at every commit, before the move is answered,
            # so an acknowledged move survives a power cut too (NORMAL syncs only at a
            # checkpoint: a commit survives a crash of the process, not of the machine).
            # Measured: python -m benchmarks store, store.append_p99_ms (README, Numbers).
            await db.execute("PRAGMA synchronous=FULL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            store = cls(db, path)
            await store._migrate()
        except BaseException:
            await db.close()
            raise
        return store

    @classmethod
    async def open_reader(cls, path: str | Path) -> Store | None:
        """The store read-only, for a reader beside the bot (the web pages): a SQLite file
        opened ``mode=ro`` and ``query_only`` (never created, migrated, judged or claimed;
        ``None`` while it does not exist), or a ``postgresql://`` URL whose every transaction
        is read-only. Only the reading methods may be called on it."""
        if is_postgres_url(path):
            pg = await PgDatabase.connect(str(path), max_size=4, read_only=True)
            return cls(cast(aiosqlite.Connection, pg), Path(pg.name), pg=pg)
        path = Path(path)
        if not path.is_file():
            return None
        db = await aiosqlite.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA busy_timeout=5000")
            await db.execute("PRAGMA query_only=ON")
        except BaseException:
            await db.close()
            raise
        return cls(db, path)

    @classmethod
    async def _open_postgres(cls, url: str) -> Store:
        pg = await PgDatabase.connect(url)
        try:
            store = cls(cast(aiosqlite.Connection, pg), Path(pg.name), pg=pg)
            await migrate_postgres(pg, MIGRATIONS, PG_MIGRATIONS)
        except BaseException:
            await pg.close()
            raise
        return store

    async def close(self) -> None:
        """Close the connection (a WAL checkpoint happens on close)."""
        await self._db.close()

    async def claim(self, *, shared: bool = False) -> DatabaseClaim:
        """Claim the database for this process's table service (:mod:`bot.claim`): raises
        ``TableError("database_in_use")`` when another process runs its tables. ``shared``
        (PostgreSQL only): one of several bot processes that split the shards."""
        if self.pg is not None:
            return await claim_postgres(self.pg, shared=shared)
        return claim_database(self.path)

    async def schema_version(self) -> int:
        """``PRAGMA user_version`` (PostgreSQL: the ``schema_version`` table): how many
        migrations are applied."""
        if self.pg is not None:
            return await postgres_schema_version(self.pg)
        async with self._db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def synchronous(self) -> int:
        """``PRAGMA synchronous`` of the connection: 2 (``FULL``) for a file (PostgreSQL:
        2 when ``synchronous_commit`` is ``on`` or stronger, as it always is here)."""
        if self.pg is not None:
            setting = await self.pg.fetch_value("SHOW synchronous_commit")
            return 2 if setting in ("on", "remote_write", "remote_apply") else 1
        async with self._db.execute("PRAGMA synchronous") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def _migrate(self) -> None:
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise sqlite3.DatabaseError(
                f"{self.path} has schema version {version}, newer than this code's"
                f" {len(MIGRATIONS)}: update Paiju"
            )
        for number in range(version, len(MIGRATIONS)):
            # executescript commits first; the user_version bump is in the same script
            await self._db.executescript(
                f"BEGIN;\n{MIGRATIONS[number]}\nPRAGMA user_version = {number + 1};\nCOMMIT;"
            )

    # -------------------------------------------------------------- tables
    async def playing_tables_of(self, user_id: int) -> list[int]:
        """Ids of the playing tables where ``user_id`` sits (not left, not handed to a bot's
        seat kind), from the store: whichever process runs them (:mod:`bot.owners`)."""
        async with self._db.execute(
            "SELECT id, seats FROM tables WHERE status = 'playing' AND seats LIKE ? ORDER BY id",
            (f'%"user_id":{int(user_id)},%',),
        ) as cur:
            rows = await cur.fetchall()
        return [
            int(r[0])
            for r in rows
            if any(
                s.get("user_id") == user_id and s.get("bot") is None and not s.get("left")
                for s in json.loads(r[1])
            )
        ]

    async def open_table_guilds(self) -> list[tuple[int, int | None]]:
        """``(table id, guild id)`` of every table in the lobby or playing (:mod:`bot.owners`)."""
        async with self._db.execute(
            "SELECT id, guild_id FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return [(int(r[0]), None if r[1] is None else int(r[1])) for r in rows]

    async def insert_table(self, row: TableRow, now: float) -> int:
        """Insert a table; return its id.

        Raises ``sqlite3.IntegrityError`` if the channel already has an open table.
        """
        async with self._txn() as db:
            cur = await db.execute(
                f"INSERT INTO tables ({TABLE_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.guild_id,
                    row.channel_id,
                    row.thread_id,
                    row.game,
                    row.status,
                    row.host_user_id,
                    row.preset,
                    dumps(row.options),
                    row.pace,
                    row.pace_seconds,
                    None if row.rated is None else int(row.rated),
                    dumps(row.seats),
                    row.game_id,
                    now,
                    now,
                ),
            )
            table_id = cur.lastrowid
        assert table_id is not None
        row.id = table_id
        row.created_at = now
        return table_id

    async def delete_table(self, table_id: int) -> None:
        """Delete a lobby table nothing refers to yet (a table whose opening was undone).

        Raises ``ValueError`` for a table that is not in the lobby (its games are history).
        """
        async with self._txn() as db:
            cur = await db.execute(
                "DELETE FROM tables WHERE id = ? AND status = 'lobby' AND game_id IS NULL",
                (table_id,),
            )
            if cur.rowcount != 1:
                raise ValueError(f"table {table_id} is not an unstarted lobby")

    async def update_table(self, table_id: int, now: float, **fields: Any) -> None:
        """Set some columns of a table (names as in :class:`TableRow`)."""
        async with self._txn() as db:
            await self._update_table(db, table_id, now, fields)

    async def open_tables(self) -> list[TableRow]:
        """Every table in the lobby or playing, oldest first."""
        async with self._db.execute(
            "SELECT * FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return [table_row(r) for r in rows]

    async def table(self, table_id: int) -> TableRow | None:
        """One table by id, whatever its status."""
        async with self._db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return table_row(row) if row else None

    # --------------------------------------------------------------- games
    async def start_game(
        self,
        table_id: int,
        game: str,
        options: Mapping[str, Any],
        seed: int,
        seats: Sequence[Mapping[str, Any]],
        now: float,
    ) -> int:
        """Create the game row and mark the table playing (one transaction); return the game id."""
        async with self._txn() as db:
            cur = await db.execute(
                "INSERT INTO games (table_id, game, options, seed, seats, started_at)"
                " VALUES (?,?,?,?,?,?)",
                (table_id, game, dumps(dict(options)), seed, dumps(list(seats)), now),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            await self._update_table(
                db, table_id, now, {"status": "playing", "game_id": game_id, "seats": list(seats)}
            )
        return game_id

    async def game(self, game_id: int) -> GameRow:
        """The game row. Raises ``KeyError`` for an unknown id."""
        async with self._db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cur:
            r = await cur.fetchone()
        if r is None:
            raise KeyError(f"no game {game_id}")
        return game_row(r)

    async def append_action(
        self,
        game_id: int,
        seq: int,
        action: Mapping[str, Any],
        idempotency_key: str,
        user_id: int | None,
        now: float,
        *,
        table_id: int | None = None,
        seats: Sequence[Mapping[str, Any]] | None = None,
        deadlines: Mapping[int, Deadline] | None = None,
    ) -> None:
        """Append one accepted action (``Action.to_json()``) as number ``seq`` (0-based).

        In the same transaction, when given: the table's seats JSON and its whole
        set of deadlines (replacing the old ones). Raises :class:`DuplicateKey`
        if ``idempotency_key`` was used before in this game (nothing written),
        ``sqlite3.IntegrityError`` if ``seq`` is taken.
        """
        insert = (
            "INSERT INTO actions (game_id, seq, action, idempotency_key, user_id, at)"
            " VALUES (?,?,?,?,?,?)"
        )
        values = (game_id, seq, dumps(action), idempotency_key, user_id, now)
        try:
            if table_id is None or (seats is None and deadlines is None):
                # one statement is its own transaction (autocommit): one trip to the
                # database thread instead of three, for the common bot and table moves
                async with self._single():
                    await self._db.execute(insert, values)
                return
            if self.pg is not None:  # one statement, one round trip to the server
                seats_text = None if seats is None else dumps(list(seats))
                await self._append_postgres(values, table_id, seats_text, deadlines)
                return
            statements: list[tuple[str, Sequence[Any], bool]] = [(insert, values, False)]
            if seats is not None:
                statements.append(
                    (
                        "UPDATE tables SET seats = ?, updated_at = ? WHERE id = ?",
                        (dumps(list(seats)), now, table_id),
                        False,
                    )
                )
            if deadlines is not None:
                statements.append(("DELETE FROM deadlines WHERE table_id = ?", (table_id,), False))
                rows = [
                    (table_id, d.seat, d.due, d.remind_at, int(d.reminded))
                    for d in deadlines.values()
                ]
                if rows:
                    statements.append((INSERT_DEADLINE, rows, True))
            await self._atomically(statements)
        except sqlite3.IntegrityError as exc:
            if "idempotency_key" in str(exc):
                raise DuplicateKey(idempotency_key) from None
            raise

    async def actions(self, game_id: int) -> list[dict[str, Any]]:
        """The game's actions in order, as ``Action.to_json()`` dicts."""
        async with self._db.execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [json.loads(r[0]) for r in rows]

    async def action_users(self, game_id: int) -> list[int | None]:
        """Who took each of the game's actions, in order: the acting person's user id, or
        ``None`` for a move the table made (a bot seat, a bot playing for a timed-out or
        handed-over person, a table step)."""
        async with self._db.execute(
            "SELECT user_id FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return [None if r[0] is None else int(r[0]) for r in rows]

    async def action_keys(self, game_id: int) -> set[str]:
        """Every idempotency key used in the game."""
        async with self._db.execute(
            "SELECT idempotency_key FROM actions WHERE game_id = ?", (game_id,)
        ) as cur:
            rows = await cur.fetchall()
        return {r[0] for r in rows}

    async def action_count(self, game_id: int) -> int:
        """How many actions the game has."""
        async with self._db.execute(
            "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)
        ) as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def close_game(self, table_id: int, game_id: int | None, status: str, now: float) -> None:
        """Mark a table (and its game) ``finished`` or ``aborted``; drop its deadlines."""
        async with self._txn() as db:
            await self._close_game(db, table_id, game_id, status, now)

    # ----------------------------------------------------------- deadlines
    async def put_deadlines(self, table_id: int, deadlines: Mapping[int, Deadline]) -> None:
        """Replace the table's deadlines."""
        async with self._txn() as db:
            await self._put_deadlines(db, table_id, deadlines)

    async def deadlines(self, table_id: int) -> dict[int, Deadline]:
        """The table's stored deadlines by seat."""
        async with self._db.execute(
            "SELECT seat, due, remind_at, reminded FROM deadlines WHERE table_id = ?", (table_id,)
        ) as cur:
            rows = await cur.fetchall()
        return {r[0]: Deadline(r[0], r[1], r[2], bool(r[3])) for r in rows}

    # ------------------------------------------------------------ start-up
    # One query each for all open tables: a thousand tables load in a few round trips.
    async def open_user_keys(self) -> dict[int, set[str]]:
        """The people's idempotency keys (``u:...``) of every playing table's game, by game id."""
        out: dict[int, set[str]] = {}
        async with self._db.execute(
            "SELECT a.game_id, a.idempotency_key FROM tables t JOIN actions a"
            " ON a.game_id = t.game_id WHERE t.status = 'playing'"
            " AND a.idempotency_key >= 'u:' AND a.idempotency_key < 'u;'"
        ) as cur:
            async for r in cur:
                out.setdefault(r[0], set()).add(r[1])
        return out

    async def open_deadlines(self) -> dict[int, dict[int, Deadline]]:
        """The deadlines of every open table, by table id, then seat."""
        out: dict[int, dict[int, Deadline]] = {}
        async with self._db.execute(
            "SELECT d.table_id, d.seat, d.due, d.remind_at, d.reminded FROM deadlines d"
            " JOIN tables t ON t.id = d.table_id WHERE t.status IN ('lobby', 'playing')"
        ) as cur:
            async for r in cur:
                out.setdefault(r[0], {})[r[1]] = Deadline(r[1], r[2], r[3], bool(r[4]))
        return out

    async def open_records(self) -> list[StoredTable]:
        """Every open table's records as stored (:func:`bot.damage.read_open_records`, the
        query ``python -m bot check`` runs), read on the database thread (PostgreSQL: in
        one repeatable-read transaction, the same moment of every table)."""
        if self.pg is not None:
            async with self.pg.transaction("repeatable_read") as pg:
                return await read_open_records_async(pg)
        run = getattr(self._db, "_execute", None)
        conn = getattr(self._db, "_conn", None)
        if run is None or conn is None:  # pragma: no cover - another aiosqlite
            raise RuntimeError("this aiosqlite does not run functions on its thread")
        records: list[StoredTable] = await run(read_open_records, conn)
        return records

    async def put_snapshots(self, snapshots: Iterable[Snapshot], now: float) -> None:
        """Store snapshots (one transaction), each replacing its game's older one."""
        rows = [
            (s.game_id, s.seq, s.version, s.digest, s.state, now, s.log_digest) for s in snapshots
        ]
        if not rows:
            return
        async with self._txn() as db:
            await db.executemany(
                "INSERT INTO snapshots (game_id, seq, version, digest, state, at, log_digest)"
                " VALUES (?,?,?,?,?,?,?) ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq,"
                " version = excluded.version, digest = excluded.digest, state = excluded.state,"
                " at = excluded.at, log_digest = excluded.log_digest",
                rows,
            )

    async def delete_snapshot(self, game_id: int) -> None:
        """Forget a game's snapshot (it did not fit its log)."""
        async with self._single():
            await self._db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
