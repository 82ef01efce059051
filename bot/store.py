"""The crash-safe game store: SQLite through aiosqlite, WAL mode, event-sourced games.

A game is stored as its seed, options and seats (``games`` row) plus every
accepted action in order (``actions``). The table service appends each
accepted action — with its idempotency key, the seats' state and the new
deadlines — in one transaction *before* anyone is answered, so after a crash
(even ``SIGKILL``) replaying a game's actions from its seed rebuilds exactly
the state the players last saw. WAL with ``synchronous=NORMAL`` keeps every
committed transaction through a process crash (only a power cut may lose the
last few, never corrupt the file).

Schema (``PRAGMA user_version`` = number of migrations applied; see
:data:`MIGRATIONS`):

* ``tables``: one row per table ever opened: channel, thread, game, status
  (``lobby``/``playing``/``finished``/``aborted``), host, preset, explicit
  options (JSON), pace, rated (NULL = automatic), seats (JSON), current game.
  A partial unique index allows one open table per channel, where a table
  that moved to a thread of its own counts for the thread.
* ``games``: table, game key, full options (JSON), seed, seats at the start
  (JSON), started/finished times, status.
* ``actions``: ``(game_id, seq)`` primary key, the action JSON, the
  idempotency key (unique per game), the acting user, the time.
* ``deadlines``: ``(table_id, seat)``: due time, reminder time, reminded flag.
* ``matches`` / ``match_players`` / ``hands``: finished matches with each
  seat's team, rank and rating change, and each hand's result, for history.
* ``ratings``: ``(guild_id, game, user_id)``: openskill ``mu``/``sigma``,
  games and wins. ``guild_id`` 0 stands for "no server" (the terminal).
* ``snapshots``: the newest engine snapshot of each open game (a cache of the
  log, :mod:`bot.snapshots`): action count, engine code version, SHA-256, the
  pickled engine. Dropped when the game closes.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bot.snapshots import Snapshot
from bot.timers import Deadline

__all__ = [
    "MIGRATIONS",
    "DuplicateKey",
    "GameRow",
    "HandRow",
    "MatchPlayerRow",
    "MatchRow",
    "RatingRow",
    "Store",
    "TableRow",
]

MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema
    """
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        thread_id INTEGER,
        game TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
        host_user_id INTEGER NOT NULL,
        preset TEXT NOT NULL,
        options TEXT NOT NULL,
        pace TEXT NOT NULL,
        pace_seconds INTEGER NOT NULL,
        rated INTEGER,
        seats TEXT NOT NULL,
        game_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (COALESCE(thread_id, channel_id))
        WHERE status IN ('lobby', 'playing');
    CREATE INDEX tables_status ON tables (status);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        table_id INTEGER NOT NULL REFERENCES tables (id),
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'playing',
        started_at REAL NOT NULL,
        finished_at REAL
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        user_id INTEGER,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq),
        UNIQUE (game_id, idempotency_key)
    ) WITHOUT ROWID;
    CREATE TABLE deadlines (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        seat INTEGER NOT NULL,
        due REAL NOT NULL,
        remind_at REAL NOT NULL,
        reminded INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL UNIQUE REFERENCES games (id),
        table_id INTEGER NOT NULL REFERENCES tables (id),
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        rated INTEGER NOT NULL,
        started_at REAL NOT NULL,
        finished_at REAL NOT NULL,
        hands_played INTEGER NOT NULL,
        result TEXT NOT NULL
    );
    CREATE INDEX matches_guild_game ON matches (guild_id, game, finished_at);
    CREATE TABLE match_players (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        bot TEXT,
        team INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        mu_before REAL,
        mu_after REAL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    CREATE INDEX match_players_user ON match_players (user_id);
    CREATE TABLE hands (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        number INTEGER NOT NULL,
        result TEXT NOT NULL,
        PRIMARY KEY (match_id, number)
    ) WITHOUT ROWID;
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    ) WITHOUT ROWID;
    """,
    # 2: engine snapshots beside the log (bot.snapshots): the newest one of each open game
    """
    CREATE TABLE snapshots (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        seq INTEGER NOT NULL,
        version TEXT NOT NULL,
        digest TEXT NOT NULL,
        state BLOB NOT NULL,
        at REAL NOT NULL
    );
    """,
)
"""Migration ``i`` (0-based) brings ``PRAGMA user_version`` from ``i`` to ``i + 1``."""


_INSERT_DEADLINE = (
    "INSERT INTO deadlines (table_id, seat, due, remind_at, reminded) VALUES (?,?,?,?,?)"
)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class DuplicateKey(Exception):
    """The idempotency key was already used in this game; nothing was written."""


@dataclass
class TableRow:
    """A ``tables`` row. ``seats`` is a list of JSON seat records (see ``bot.tables.Seat``)."""

    guild_id: int | None
    channel_id: int
    game: str
    status: str
    host_user_id: int
    preset: str
    options: dict[str, Any]
    pace: str
    pace_seconds: int
    rated: bool | None
    seats: list[dict[str, Any]]
    thread_id: int | None = None
    game_id: int | None = None
    created_at: float = 0.0
    id: int = 0


@dataclass
class GameRow:
    """A ``games`` row: everything needed, with the actions, to rebuild a game."""

    id: int
    table_id: int
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    status: str
    started_at: float
    finished_at: float | None


@dataclass(frozen=True)
class RatingRow:
    """A player's rating for one game on one server (``guild_id`` 0: no server).

    ``ordinal`` is openskill's conservative display value ``mu - 3 * sigma``.
    """

    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class MatchPlayerRow:
    """One seat of a finished match: team index and rank (1 = first) from the MatchResult."""

    seat: int
    user_id: int | None
    name: str
    bot: str | None
    team: int
    rank: int
    mu_before: float | None = None
    mu_after: float | None = None


@dataclass(frozen=True)
class HandRow:
    """One hand's result (``games.base.HandResult.to_json()``)."""

    number: int
    result: dict[str, Any]


@dataclass
class MatchRow:
    """A finished match with its players and hands."""

    game_id: int
    table_id: int
    guild_id: int
    game: str
    rated: bool
    started_at: float
    finished_at: float
    result: dict[str, Any]
    players: list[MatchPlayerRow] = field(default_factory=list)
    hands: list[HandRow] = field(default_factory=list)
    id: int = 0

    @property
    def hands_played(self) -> int:
        return len(self.hands)


_TABLE_COLS = (
    "guild_id, channel_id, thread_id, game, status, host_user_id, preset, options, pace,"
    " pace_seconds, rated, seats, game_id, created_at, updated_at"
)
_JSON_TABLE_FIELDS = {"options", "seats"}
_TABLE_FIELDS = {
    "guild_id",
    "channel_id",
    "thread_id",
    "game",
    "status",
    "host_user_id",
    "preset",
    "options",
    "pace",
    "pace_seconds",
    "rated",
    "seats",
    "game_id",
}


class Store:
    """The SQLite store. Open with ``await Store.open(path)``; close with :meth:`close`.

    Writes are serialised by an asyncio lock (one aiosqlite connection, one
    transaction at a time). All times are clock seconds (floats).
    """

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._lock: asyncio.Lock | None = None  # created inside the running loop

    # ----------------------------------------------------------- lifecycle
    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating if needed) the database at ``path`` and apply pending migrations.

        ``":memory:"`` gives a private in-memory database (benchmarks, quick tests).
        Raises ``sqlite3.DatabaseError`` for a file that is not a Paiju database
        of a version this code knows.
        """
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await db.execute("PRAGMA journal_mode=WAL")
            # NORMAL: a commit survives a process crash (SIGKILL); only a power cut may lose it
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            store = cls(db, path)
            await store._migrate()
        except BaseException:
            await db.close()
            raise
        return store

    async def close(self) -> None:
        """Close the connection (a WAL checkpoint happens on close)."""
        await self._db.close()

    async def schema_version(self) -> int:
        """``PRAGMA user_version``: how many migrations are applied."""
        async with self._db.execute("PRAGMA user_version") as cur:
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
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    # -------------------------------------------------------------- tables
    async def insert_table(self, row: TableRow, now: float) -> int:
        """Insert a table; return its id.

        Raises ``sqlite3.IntegrityError`` if the channel already has an open table.
        """
        async with self._txn() as db:
            cur = await db.execute(
                f"INSERT INTO tables ({_TABLE_COLS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.guild_id,
                    row.channel_id,
                    row.thread_id,
                    row.game,
                    row.status,
                    row.host_user_id,
                    row.preset,
                    _dumps(row.options),
                    row.pace,
                    row.pace_seconds,
                    None if row.rated is None else int(row.rated),
                    _dumps(row.seats),
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

    async def update_table(self, table_id: int, now: float, **fields: Any) -> None:
        """Set some columns of a table (names as in :class:`TableRow`)."""
        async with self._txn() as db:
            await self._update_table(db, table_id, now, fields)

    @staticmethod
    async def _update_table(
        db: aiosqlite.Connection, table_id: int, now: float, fields: Mapping[str, Any]
    ) -> None:
        bad = set(fields) - _TABLE_FIELDS
        if bad:
            raise ValueError(f"no table column {sorted(bad)[0]!r}")
        if not fields:
            return
        cols = ", ".join(f"{name} = ?" for name in fields)
        values = [
            _dumps(v)
            if k in _JSON_TABLE_FIELDS
            else (int(v) if k == "rated" and v is not None else v)
            for k, v in fields.items()
        ]
        await db.execute(
            f"UPDATE tables SET {cols}, updated_at = ? WHERE id = ?", (*values, now, table_id)
        )

    async def open_tables(self) -> list[TableRow]:
        """Every table in the lobby or playing, oldest first."""
        async with self._db.execute(
            "SELECT * FROM tables WHERE status IN ('lobby', 'playing') ORDER BY id"
        ) as cur:
            rows = await cur.fetchall()
        return [self._table_row(r) for r in rows]

    async def table(self, table_id: int) -> TableRow | None:
        """One table by id, whatever its status."""
        async with self._db.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        return self._table_row(row) if row else None

    @staticmethod
    def _table_row(r: sqlite3.Row) -> TableRow:
        return TableRow(
            id=r["id"],
            guild_id=r["guild_id"],
            channel_id=r["channel_id"],
            thread_id=r["thread_id"],
            game=r["game"],
            status=r["status"],
            host_user_id=r["host_user_id"],
            preset=r["preset"],
            options=json.loads(r["options"]),
            pace=r["pace"],
            pace_seconds=r["pace_seconds"],
            rated=None if r["rated"] is None else bool(r["rated"]),
            seats=json.loads(r["seats"]),
            game_id=r["game_id"],
            created_at=r["created_at"],
        )

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
                (table_id, game, _dumps(dict(options)), seed, _dumps(list(seats)), now),
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
        return self._game_row(r)

    @staticmethod
    def _game_row(r: sqlite3.Row) -> GameRow:
        return GameRow(
            id=r["id"],
            table_id=r["table_id"],
            game=r["game"],
            options=json.loads(r["options"]),
            seed=r["seed"],
            seats=json.loads(r["seats"]),
            status=r["status"],
            started_at=r["started_at"],
            finished_at=r["finished_at"],
        )

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
        values = (game_id, seq, _dumps(action), idempotency_key, user_id, now)
        try:
            if table_id is None or (seats is None and deadlines is None):
                # one statement is its own transaction (autocommit): one trip to the
                # database thread instead of three, for the common bot and table moves
                async with self._single():
                    await self._db.execute(insert, values)
                return
            statements: list[tuple[str, Sequence[Any], bool]] = [(insert, values, False)]
            if seats is not None:
                statements.append(
                    (
                        "UPDATE tables SET seats = ?, updated_at = ? WHERE id = ?",
                        (_dumps(list(seats)), now, table_id),
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
                    statements.append((_INSERT_DEADLINE, rows, True))
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

    # ----------------------------------------------------------- deadlines
    async def put_deadlines(self, table_id: int, deadlines: Mapping[int, Deadline]) -> None:
        """Replace the table's deadlines."""
        async with self._txn() as db:
            await self._put_deadlines(db, table_id, deadlines)

    @staticmethod
    async def _put_deadlines(
        db: aiosqlite.Connection, table_id: int, deadlines: Mapping[int, Deadline]
    ) -> None:
        await db.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
        if deadlines:
            await db.executemany(
                _INSERT_DEADLINE,
                [
                    (table_id, d.seat, d.due, d.remind_at, int(d.reminded))
                    for d in deadlines.values()
                ],
            )

    async def deadlines(self, table_id: int) -> dict[int, Deadline]:
        """The table's stored deadlines by seat."""
        async with self._db.execute(
            "SELECT seat, due, remind_at, reminded FROM deadlines WHERE table_id = ?", (table_id,)
        ) as cur:
            rows = await cur.fetchall()
        return {r[0]: Deadline(r[0], r[1], r[2], bool(r[3])) for r in rows}

    # ------------------------------------------------------------ start-up
    # One query each for all open tables: a thousand tables load in a few round trips.
    async def open_games(self) -> dict[int, GameRow]:
        """The game rows of every playing table, by game id."""
        async with self._db.execute(
            "SELECT g.* FROM games g JOIN tables t ON t.game_id = g.id WHERE t.status = 'playing'"
        ) as cur:
            rows = await cur.fetchall()
        return {r["id"]: self._game_row(r) for r in rows}

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

    async def open_snapshots(self) -> dict[int, tuple[Snapshot, list[dict[str, Any]]]]:
        """The snapshot of every playing table's game, with the log from its last action on
        (action ``seq - 1`` and every newer one, as ``Action.to_json()`` dicts), by game id."""
        snapshots: dict[int, Snapshot] = {}
        async with self._db.execute(
            "SELECT s.game_id, s.seq, s.version, s.digest, s.state FROM snapshots s"
            " JOIN tables t ON t.game_id = s.game_id WHERE t.status = 'playing'"
        ) as cur:
            async for r in cur:
                snapshots[r[0]] = Snapshot(r[0], r[1], r[2], r[3], bytes(r[4]))
        tails: dict[int, list[dict[str, Any]]] = {gid: [] for gid in snapshots}
        async with self._db.execute(
            "SELECT a.game_id, a.action FROM snapshots s JOIN tables t ON t.game_id = s.game_id"
            " JOIN actions a ON a.game_id = s.game_id AND a.seq >= s.seq - 1"
            " WHERE t.status = 'playing' ORDER BY a.game_id, a.seq"
        ) as cur:
            async for r in cur:
                tails[r[0]].append(json.loads(r[1]))
        return {gid: (snap, tails[gid]) for gid, snap in snapshots.items()}

    async def put_snapshots(self, snapshots: Iterable[Snapshot], now: float) -> None:
        """Store snapshots (one transaction), each replacing its game's older one."""
        rows = [(s.game_id, s.seq, s.version, s.digest, s.state, now) for s in snapshots]
        if not rows:
            return
        async with self._txn() as db:
            await db.executemany(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, version, digest, state, at)"
                " VALUES (?,?,?,?,?,?)",
                rows,
            )

    async def delete_snapshot(self, game_id: int) -> None:
        """Forget a game's snapshot (it did not fit its log)."""
        async with self._single():
            await self._db.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))

    # ------------------------------------------------ matches and ratings
    async def record_match(
        self,
        match: MatchRow,
        ratings: Iterable[RatingRow],
        now: float,
    ) -> int:
        """Store a finished match, its players and hands, and the new ratings, and close
        the table and game as ``finished`` — all in one transaction. Returns the match id.
        Recording the same game twice raises ``sqlite3.IntegrityError``.
        """
        async with self._txn() as db:
            cur = await db.execute(
                "INSERT INTO matches (game_id, table_id, guild_id, game, rated, started_at,"
                " finished_at, hands_played, result) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    match.game_id,
                    match.table_id,
                    match.guild_id,
                    match.game,
                    int(match.rated),
                    match.started_at,
                    match.finished_at,
                    match.hands_played,
                    _dumps(match.result),
                ),
            )
            match_id = cur.lastrowid
            assert match_id is not None
            match.id = match_id
            await db.executemany(
                "INSERT INTO match_players (match_id, seat, user_id, name, bot, team, rank,"
                " mu_before, mu_after) VALUES (?,?,?,?,?,?,?,?,?)",
                [
                    (
                        match_id,
                        p.seat,
                        p.user_id,
                        p.name,
                        p.bot,
                        p.team,
                        p.rank,
                        p.mu_before,
                        p.mu_after,
                    )
                    for p in match.players
                ],
            )
            await db.executemany(
                "INSERT INTO hands (match_id, number, result) VALUES (?,?,?)",
                [(match_id, h.number, _dumps(h.result)) for h in match.hands],
            )
            await db.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                " wins = excluded.wins, updated_at = excluded.updated_at",
                [
                    (r.guild_id, r.game, r.user_id, r.mu, r.sigma, r.games, r.wins, now)
                    for r in ratings
                ],
            )
            await self._close_game(db, match.table_id, match.game_id, "finished", now)
        return match_id

    async def ratings(
        self, guild_id: int, game: str, user_ids: Iterable[int]
    ) -> dict[int, RatingRow]:
        """Stored ratings of these users, by user id (users never rated are absent)."""
        ids = list(user_ids)
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        async with self._db.execute(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *ids),
        ) as cur:
            rows = await cur.fetchall()
        return {r["user_id"]: self._rating_row(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        """Top ratings by ordinal (``mu - 3 sigma``), best first."""
        async with self._db.execute(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        ) as cur:
            rows = await cur.fetchall()
        return [self._rating_row(r) for r in rows]

    @staticmethod
    def _rating_row(r: sqlite3.Row) -> RatingRow:
        return RatingRow(
            guild_id=r["guild_id"],
            game=r["game"],
            user_id=r["user_id"],
            mu=r["mu"],
            sigma=r["sigma"],
            games=r["games"],
            wins=r["wins"],
        )

    async def matches(
        self,
        guild_id: int | None,
        user_id: int | None = None,
        game: str | None = None,
        limit: int = 10,
    ) -> list[MatchRow]:
        """Finished matches, newest first, with players and hands.

        ``guild_id`` None means every server; ``user_id`` keeps the matches that user played.
        """
        where = ["1 = 1"]
        params: list[Any] = []
        if guild_id is not None:
            where.append("m.guild_id = ?")
            params.append(guild_id)
        if game is not None:
            where.append("m.game = ?")
            params.append(game)
        if user_id is not None:
            where.append(
                "EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = m.id AND p.user_id = ?)"
            )
            params.append(user_id)
        async with self._db.execute(
            f"SELECT * FROM matches m WHERE {' AND '.join(where)} ORDER BY m.finished_at DESC,"
            " m.id DESC LIMIT ?",
            (*params, limit),
        ) as cur:
            rows = await cur.fetchall()
        out: list[MatchRow] = []
        for r in rows:
            match = MatchRow(
                id=r["id"],
                game_id=r["game_id"],
                table_id=r["table_id"],
                guild_id=r["guild_id"],
                game=r["game"],
                rated=bool(r["rated"]),
                started_at=r["started_at"],
                finished_at=r["finished_at"],
                result=json.loads(r["result"]),
            )
            async with self._db.execute(
                "SELECT * FROM match_players WHERE match_id = ? ORDER BY seat", (match.id,)
            ) as cur:
                match.players = [
                    MatchPlayerRow(
                        seat=p["seat"],
                        user_id=p["user_id"],
                        name=p["name"],
                        bot=p["bot"],
                        team=p["team"],
                        rank=p["rank"],
                        mu_before=p["mu_before"],
                        mu_after=p["mu_after"],
                    )
                    for p in await cur.fetchall()
                ]
            async with self._db.execute(
                "SELECT number, result FROM hands WHERE match_id = ? ORDER BY number", (match.id,)
            ) as cur:
                match.hands = [HandRow(h[0], json.loads(h[1])) for h in await cur.fetchall()]
            out.append(match)
        return out
