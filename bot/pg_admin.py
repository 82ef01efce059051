"""The administration of a PostgreSQL game store: ``python -m bot migrate --to URL`` and the
PostgreSQL side of ``backup``, ``check`` and ``health`` (:mod:`bot.backup` for SQLite).

* :func:`migrate_to_postgres` copies a SQLite database into an empty PostgreSQL one in one
  transaction, then verifies the copy: every table's row count, and every open game
  replayed from its PostgreSQL records equal to its replay from the SQLite file (the
  judgement start-up makes, :func:`bot.table_records.judge_table`, thorough).
* :func:`backup_postgres` runs ``pg_dump --format=custom`` (one consistent snapshot of the
  database while the bot plays on); restore with ``pg_restore --clean --dbname URL FILE``.
* :func:`check_postgres` judges a live PostgreSQL database as ``check`` judges a file: a
  schema version this code knows, statuses, and every open game replays (foreign keys and
  the page-level integrity are PostgreSQL's own to enforce).
* :func:`health_postgres`: the database answers and a running process holds its claim
  (the advisory lock of :func:`bot.claim.claim_postgres`, seen in ``pg_locks``).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.claim import CLAIM_LOCK
from bot.config import bad_url, redact
from bot.damage import judge_file
from bot.sqlite_files import Unreadable, claimed_elsewhere, open_read_only
from bot.store_schema import MIGRATIONS
from bot.table_records import judge_table, read_open_records

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.store import Store

__all__ = [
    "MigrateReport",
    "PgCheck",
    "backup_postgres",
    "check_postgres",
    "health_postgres",
    "libpq_url",
    "migrate_to_postgres",
]


class AdminError(Exception):
    """What cannot be done at all; ``message`` says why and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# ------------------------------------------------------------------ migrate
@dataclass
class MigrateReport:
    """What :func:`migrate_to_postgres` copied and verified."""

    counts: dict[str, int] = field(default_factory=dict)
    open_games: int = 0
    actions: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _tables_in_order(conn: sqlite3.Connection) -> list[str]:
    """The SQLite file's own tables, every table after those its foreign keys point at."""
    names = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            " ORDER BY name"
        )
    ]
    parents = {
        n: {r[2] for r in conn.execute(f'PRAGMA foreign_key_list("{n}")')} - {n} for n in names
    }
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:  # a cycle: take the rest as they come (the copy then fails loudly)
            ready = [n for n in names if n not in ordered]
        ordered += ready
    return ordered


def _coerce(kind: str) -> Callable[[Any], Any]:
    if kind in ("bigint", "integer", "smallint"):
        return lambda v: None if v is None else int(v)
    if kind in ("double precision", "real", "numeric"):
        return lambda v: None if v is None else float(v)
    if kind == "bytea":
        return lambda v: None if v is None else bytes(v)
    return lambda v: None if v is None else str(v)


async def migrate_to_postgres(
    source: Path, url: str, *, say: Callable[[str], None] = print, replay: bool = True
) -> MigrateReport:
    """Copy the SQLite database ``source`` into the empty PostgreSQL database ``url``, then
    verify the copy (see the module doc). ``source`` must not be in use (stop the bot).

    Raises :class:`AdminError` when the copy cannot be made; a copy made but not equal is
    returned with ``problems``. ``replay=False`` verifies the counts only (benchmarks).
    """
    started = time.perf_counter()
    if not source.is_file():
        raise AdminError(f"there is no database {source}")
    if claimed_elsewhere(source):
        raise AdminError(f"a running Paiju process holds {source}: stop it first, then migrate")
    try:
        verdict = judge_file(source)
    except Unreadable as exc:
        raise AdminError(str(exc)) from None
    if verdict.damage or verdict.refusal:
        why = verdict.damage[0] if verdict.damage else verdict.refusal
        raise AdminError(f"{source} cannot be migrated: {why} (python -m bot check {source})")
    from bot.store import Store

    if verdict.schema_version < len(MIGRATIONS):  # bring the file to this code's schema first
        await (await Store.open(source)).close()
    store = await Store.open(url)
    assert store.pg is not None
    claim = None
    try:
        claim = await store.claim()  # no bot may start on it while it is filled
        report = await _copy(source, store, say, replay)
        report.seconds = time.perf_counter() - started
        return report
    finally:
        if claim is not None:
            claim.release()
        await store.close()


async def _copy(
    source: Path, store: Store, say: Callable[[str], None], replay: bool
) -> MigrateReport:
    assert store.pg is not None
    pool = store.pg.pool
    report = MigrateReport()
    async with pool.acquire() as conn:
        pg_columns: dict[str, dict[str, str]] = {}
        for r in await conn.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema()"
        ):
            pg_columns.setdefault(r[0], {})[r[1]] = r[2]
        with open_read_only(source) as lite:
            tables = [t for t in _tables_in_order(lite) if t in pg_columns]
            for table in tables:
                if await conn.fetchval(f'SELECT EXISTS (SELECT 1 FROM "{table}")'):
                    raise AdminError(
                        f"{store.name} already holds Paiju data (table {table} has rows):"
                        " migrate into an empty database"
                    )
            async with conn.transaction():
                for table in tables:
                    lite_cols = [r[1] for r in lite.execute(f'PRAGMA table_info("{table}")')]
                    cols = [c for c in lite_cols if c in pg_columns[table]]
                    coerce = [_coerce(pg_columns[table][c]) for c in cols]
                    quoted = ", ".join(f'"{c}"' for c in cols)
                    cursor = lite.execute(f'SELECT {quoted} FROM "{table}"')
                    count = 0
                    while batch := cursor.fetchmany(5000):
                        records = [
                            tuple(f(v) for f, v in zip(coerce, r, strict=True)) for r in batch
                        ]
                        await conn.copy_records_to_table(table, records=records, columns=cols)
                        count += len(records)
                    report.counts[table] = count
                    if "id" in cols:
                        await conn.execute(
                            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                            f' COALESCE((SELECT MAX(id) FROM "{table}"), 0) + 1, false)'
                        )
                    say(f"copied {count} rows of {table}")
            for table in tables:
                there = await conn.fetchval(f'SELECT COUNT(*) FROM "{table}"')
                here = lite.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0]
                if there != here or there != report.counts[table]:
                    report.problems.append(f"{table}: {here} rows in {source}, {there} copied")
            lite_records = {r.id: r for r in read_open_records(lite)} if replay else {}
    for record in await store.open_records() if replay else []:
        theirs = judge_table(record, thorough=True)
        ours = lite_records.pop(record.id, None)
        mine = judge_table(ours, thorough=True) if ours is not None else None
        where = f"table {record.id}"
        if mine is None:
            report.problems.append(f"{where}: open in the copy but not in {source}")
        elif (theirs.damage, theirs.set_aside, theirs.problems) != (
            mine.damage,
            mine.set_aside,
            mine.problems,
        ):
            found = theirs.damage or theirs.set_aside or (theirs.problems or ["?"])[0]
            report.problems.append(f"{where}: judged otherwise in the copy ({found})")
        elif (theirs.engine is None) != (mine.engine is None):
            report.problems.append(f"{where}: its game is rebuilt in one database only")
        elif theirs.engine is not None and mine.engine is not None:
            if theirs.engine.snapshot() != mine.engine.snapshot():
                report.problems.append(f"{where}: its game replays differently from the copy")
            report.open_games += 1
            report.actions += theirs.actions
        elif theirs.set_aside:  # as it was in the file: start-up sets it aside on both
            report.notes.append(f"{where} is set aside in both ({theirs.set_aside})")
    report.problems += [f"table {t}: open in {source} but not in the copy" for t in lite_records]
    return report


# ------------------------------------------------------------------ backup
def libpq_url(url: str) -> tuple[str, list[str]]:
    """``url`` as libpq tools (``pg_dump``, ``psql``) read it, and their extra arguments:
    a ``search_path`` that asyncpg reads from the URL becomes ``--schema``."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    schema = [v for k, v in query if k == "search_path"]
    rest = urlencode([(k, v) for k, v in query if k != "search_path"])
    return urlunsplit(parts._replace(query=rest)), [f"--schema={s}" for s in schema]


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if versions:
        return str(versions[-1])
    raise AdminError(f"{name} is not installed: apt-get install postgresql-client")


def backup_postgres(url: str, target: Path, *, overwrite: bool = False) -> tuple[Path, int, float]:
    """``pg_dump --format=custom`` of ``url`` into ``target`` (a file, or a directory for a
    dated ``paiju-YYYYMMDD-HHMMSS.pgdump``); returns ``(path, bytes, seconds)``."""
    started = time.perf_counter()
    if target.is_dir():
        target = target / time.strftime("paiju-%Y%m%d-%H%M%S.pgdump", time.gmtime())
    if target.exists() and not overwrite:
        raise AdminError(f"{target} exists: add --overwrite to replace it")
    partial = target.with_name(f".{target.name}.partial")
    dsn, extra = libpq_url(url)
    done = subprocess.run(
        [_tool("pg_dump"), "--format=custom", f"--file={partial}", *extra, dsn],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        partial.unlink(missing_ok=True)
        raise AdminError(f"pg_dump of {redact(url)} failed: {done.stderr.strip()}")
    os.replace(partial, target)
    return target, target.stat().st_size, time.perf_counter() - started


# ------------------------------------------------------------------ check, health
@dataclass
class PgCheck:
    """What :func:`check_postgres` found (the fields of :class:`bot.backup.CheckReport`)."""

    name: str
    schema_version: int = 0
    open_tables: int = 0
    games_replayed: int = 0
    actions: int = 0
    finished_matches: int = 0
    problems: list[str] = field(default_factory=list)


_STATUSES = {
    "tables": ("lobby", "playing", "finished", "aborted"),
    "games": ("playing", "finished", "aborted"),
}


async def check_postgres(url: str) -> PgCheck:
    """Judge the PostgreSQL database ``url`` (see the module doc); reads only: an empty
    database, or one of a schema this code does not run, is a problem, and nothing is created
    or migrated."""
    import aiosqlite

    from bot.store import Store
    from bot.store_pg import PgDatabase
    from bot.store_schema import postgres_schema_version

    pg = await PgDatabase.connect(url, max_size=2, read_only=True)
    store = Store(cast(aiosqlite.Connection, pg), Path(pg.name), pg=pg)
    try:
        report = PgCheck(store.name, schema_version=await postgres_schema_version(pg))
        if report.schema_version != len(MIGRATIONS):
            report.problems.append(
                f"{store.name} holds no Paiju tables (schema version 0)"
                if report.schema_version == 0
                else f"{store.name} has schema version {report.schema_version}; this code runs"
                f" {len(MIGRATIONS)} (an older one is migrated by the next start)"
            )
            return report
        for table, statuses in _STATUSES.items():
            marks = ",".join("?" * len(statuses))
            async with store._db.execute(
                f"SELECT id, status FROM {table} WHERE status NOT IN ({marks})", statuses
            ) as cur:
                report.problems += [
                    f"{table[:-1]} {r[0]} has the status {r[1]!r}, which no code writes"
                    for r in await cur.fetchall()
                ]
        async with store._db.execute("SELECT COUNT(*) FROM matches") as cur:
            row = await cur.fetchone()
            report.finished_matches = int(row[0]) if row else 0
        records = await store.open_records()
    finally:
        await store.close()
    report.open_tables = len(records)
    for record in records:
        verdict = judge_table(record, thorough=True)
        where = f"table {verdict.table_id}"
        if verdict.damage:
            report.problems.append(f"{where}: {verdict.damage}")
        if verdict.set_aside:
            report.problems.append(f"{where} cannot be read ({verdict.set_aside})")
        report.problems += [f"{where}: {p}" for p in verdict.problems]
        if verdict.engine is not None:
            report.games_replayed += 1
            report.actions += verdict.actions
    return report


async def health_postgres(
    url: str, shards: tuple[int | None, tuple[int, ...] | None] = (None, None)
) -> tuple[bool, str]:
    """Whether a bot runs the tables of the PostgreSQL database ``url``. A bot split by
    ``SHARD_IDS`` (``shards``: this process's ``SHARD_COUNT`` and ``SHARD_IDS``) is judged per
    process (:func:`bot.shard_registry.shard_health`): the answer's first line is the verdict
    on this process's shards (on every shard without ``SHARD_IDS``), then a line per process."""
    import asyncpg

    from bot.shard_registry import shard_health

    name = redact(url)
    try:
        conn = await asyncio.wait_for(asyncpg.connect(url), 10)
    except (OSError, TimeoutError, asyncpg.PostgresError) as exc:
        return False, f"cannot connect to {name}: {exc}"
    except ValueError as exc:  # asyncpg's reading of the URL: a port not a number, …
        raise AdminError(bad_url(url, exc)) from exc  # a mistake to fix, not "unhealthy"
    try:
        exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
        version = (
            int(await conn.fetchval("SELECT version FROM schema_version") or 0) if exists else 0
        )
        if not 1 <= version <= len(MIGRATIONS):
            return False, f"{name} has schema version {version}: not a database this code runs"
        holders = await conn.fetch(
            "SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted"
            " AND l.classid = $1::bigint::oid AND l.objsubid = 2"
            " AND l.objid = (hashtext(current_schema())::bigint & 4294967295)::oid"
            " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            CLAIM_LOCK,
        )
        split = await shard_health(conn, *shards) if holders else None
    finally:
        await conn.close()
    if not holders:
        return False, f"no process runs the tables of {name}"
    if split is not None:
        healthy, lines = split
        return healthy, "\n".join([f"{lines[0]} ({name})", *lines[1:]])
    return True, f"a process (server pid {holders[0][0]}) runs the tables of {name}"


def refuse_unusable(target: Path | str) -> None:
    """Before ``run`` connects to Discord: raise ``sqlite3.DatabaseError`` (one line for the
    admin) for a damaged SQLite file (:func:`bot.damage.refuse_damaged`), or a PostgreSQL
    database that cannot be reached or has a schema newer than this code's."""
    if isinstance(target, Path):
        from bot.damage import refuse_damaged

        refuse_damaged(target)
        return
    asyncio.run(_probe(target))


async def _probe(url: str) -> None:
    from bot.store_pg import PgDatabase
    from bot.store_schema import postgres_schema_version

    pg = await PgDatabase.connect(url, max_size=1, read_only=True)
    try:
        version = await postgres_schema_version(pg)
    finally:
        await pg.close()
    if version > len(MIGRATIONS):
        raise sqlite3.DatabaseError(
            f"{pg.name} has schema version {version}, newer than this code's"
            f" {len(MIGRATIONS)}: update Paiju"
        )


# ------------------------------------------------------------------ command line
def add_migrate_command(sub: Any) -> None:
    """Add ``migrate`` to ``python -m bot``'s subparsers."""
    m = sub.add_parser(
        "migrate",
        help="copy a SQLite database into an empty PostgreSQL one and verify the copy",
        description="Copy every table of the SQLite database (--db, default DATABASE_PATH) into"
        " the empty PostgreSQL database --to, in one transaction, then verify it: the row counts,"
        " and every open game replayed from the copy equal to its replay from the file. Stop the"
        " bot first. Then set DATABASE_URL to the URL and start the bot.",
    )
    m.add_argument("--to", required=True, metavar="URL", help="postgresql://user:pw@host/db")
    m.add_argument("--db", help="the SQLite file to copy (default: DATABASE_PATH)")


def migrate_command(args: Any, settings: Settings) -> int:
    """``python -m bot migrate --to URL``: 0 when the copy is verified, 1 when it differs,
    2 when it cannot be made."""
    from bot.config import is_postgres_url

    source = Path(args.db) if args.db else settings.database_path
    if not is_postgres_url(args.to):
        print(f"error: --to must be a postgresql:// URL, not {args.to!r}", file=sys.stderr)
        return 2
    try:
        report = asyncio.run(migrate_to_postgres(source, args.to))
    except AdminError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:
        print(f"error: migrate {source} to {redact(args.to)}: {exc}", file=sys.stderr)
        return 2
    for note in report.notes:
        print(f"note: {note}")
    for problem in report.problems:
        print(f"problem: {problem}")
    rows = sum(report.counts.values())
    if report.problems:
        print(f"{redact(args.to)}: the copy differs from {source}; do not use it")
        return 1
    print(
        f"migrated {source} to {redact(args.to)}: {rows} rows in {len(report.counts)} tables,"
        f" counts equal; {report.open_games} open games replay equal ({report.actions} actions)"
        f" in {report.seconds:.1f} s. Now set DATABASE_URL={redact(args.to)} and start the bot."
    )
    return 0


def run_postgres_command(
    args: Any, url: str, shards: tuple[int | None, tuple[int, ...] | None] = (None, None)
) -> int:
    """``backup``, ``check`` and ``health`` of a PostgreSQL database (exit statuses as
    :func:`bot.backup.run_command`'s)."""
    name = redact(url)
    try:
        if args.command == "backup":
            path, size, seconds = backup_postgres(url, Path(args.path), overwrite=args.overwrite)
            print(
                f"backed up {name} to {path} ({size:,} bytes in {seconds:.2f} s, pg_dump custom"
                f" format); restore with: pg_restore --clean --if-exists --dbname URL {path}"
            )
            return 0
        if args.command == "health":
            healthy, why = asyncio.run(health_postgres(url, shards))
            print(f"{'healthy' if healthy else 'unhealthy'}: {why}")
            return 0 if healthy else 1
        report = asyncio.run(check_postgres(url))
    except AdminError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except (OSError, sqlite3.Error) as exc:
        print(f"error: {args.command} of {name}: {exc}", file=sys.stderr)
        return 2
    for problem in report.problems:
        print(f"problem: {problem}")
    if report.problems:
        print(f"{name}: {len(report.problems)} problem(s)")
        return 1
    print(
        f"{name}: ok (schema version {report.schema_version}, {report.open_tables} open"
        f" tables, {report.games_replayed} games replay with {report.actions} actions,"
        f" {report.finished_matches} finished matches)"
    )
    return 0
