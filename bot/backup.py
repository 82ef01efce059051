"""Backups of a live database, and checks of a copy: ``python -m bot backup|check|health``.

* :func:`backup` copies the database with SQLite's online backup API
  (``sqlite3.Connection.backup``) in one step. The copy is one consistent
  moment of the file: the step reads inside one read transaction, and in WAL
  mode a reader never blocks the running bot's writers (nor they it). It takes
  no lock the bot waits for: neither SQLite's write lock nor the bot's
  ``flock`` claim (:mod:`bot.claim`), so it runs while the bot plays on. The copy
  is written beside the target and renamed into place, so ``PATH`` is never a
  half-written file, and it is a single file (rollback journal, no ``-wal``).
* :func:`check` verifies a copy without changing it (read-only): SQLite's
  ``integrity_check``, a schema version this code knows, and every open game
  replays from its seed and actions (as start-up would rebuild it), with its
  engine snapshot (:mod:`bot.snapshots`), if any, equal to the replay.
* :func:`health` is the container's health check: the database opens and a
  running process holds its claim (read from ``/proc/locks``, which takes no
  lock, so a probe can never make the bot's own start-up fail).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.store_schema import MIGRATIONS

__all__ = [
    "EXIT_BAD_COPY",
    "EXIT_CANNOT",
    "EXIT_OK",
    "BackupError",
    "BackupResult",
    "CheckReport",
    "add_commands",
    "backup",
    "check",
    "health",
    "run_command",
]

EXIT_OK = 0
"""Exit status: the backup was made / the copy is sound / the bot is healthy."""
EXIT_BAD_COPY = 1
"""Exit status: the copy has problems (``check``), or the bot is not healthy (``health``)."""
EXIT_CANNOT = 2
"""Exit status: nothing to work on (no such file, not a SQLite database, a bad target)."""


class BackupError(Exception):
    """A backup or check that cannot be done at all; ``message`` says why and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class BackupResult:
    """A finished backup: the copy's path, its size in bytes, and the seconds it took."""

    path: Path
    bytes: int
    seconds: float


@dataclass
class CheckReport:
    """What :func:`check` found.

    Attributes:
        path: the file checked.
        schema_version: its ``PRAGMA user_version``.
        open_tables: tables in the lobby or playing.
        games_replayed: playing games rebuilt from their actions.
        actions: actions replayed, in all.
        snapshots_checked: engine snapshots compared with their replay.
        finished_matches: rows of ``matches``.
        problems: one sentence per problem; empty when the copy is sound.
        notes: facts worth knowing that are no problem (a stale snapshot start-up will skip).
    """

    path: Path
    schema_version: int = 0
    open_tables: int = 0
    games_replayed: int = 0
    actions: int = 0
    snapshots_checked: int = 0
    finished_matches: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@contextlib.contextmanager
def _read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to an existing database file (never creates one)."""
    if not path.exists():
        raise BackupError(f"there is no database {path}")
    if path.is_dir():
        raise BackupError(f"{path} is a directory, not a database file")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot open {path}: {exc}") from None
    try:
        try:
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{path} is not a SQLite database ({exc})") from None
        yield conn
    finally:
        conn.close()


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def backup(source: Path, target: Path, *, overwrite: bool = False) -> BackupResult:
    """Copy the live database ``source`` to ``target`` (a file, or a directory to put
    ``paiju-YYYYMMDD-HHMMSS.sqlite3`` in), while the bot may be running.

    Raises :class:`BackupError` when ``source`` is missing or not a database,
    ``target`` is ``source`` (or its ``-wal``/``-shm``), or ``target`` exists and
    ``overwrite`` is false. The copy is checked with ``PRAGMA quick_check``.
    """
    if target.is_dir():
        target = target / time.strftime("paiju-%Y%m%d-%H%M%S.sqlite3", time.gmtime())
    if _same_file(source, target) or target.name in (f"{source.name}-wal", f"{source.name}-shm"):
        raise BackupError(f"the backup must go to another file than the database {source}")
    if target.exists() and not overwrite:
        raise BackupError(f"{target} exists already: choose a new name, or add --overwrite")
    if not target.parent.is_dir():
        raise BackupError(f"there is no directory {target.parent} for the backup")
    started = time.perf_counter()
    partial = target.with_name(f".{target.name}.partial")
    with _read_only(source) as src:
        partial.unlink(missing_ok=True)
        dest = sqlite3.connect(partial)
        try:
            # pages=-1: every page in one step, inside one read transaction: a consistent
            # moment. (Step by step, each write of the bot would restart the copy.)
            src.backup(dest, pages=-1)
            # the copy is one self-contained file: no -wal beside it to lose on the way
            dest.execute("PRAGMA journal_mode=DELETE")
            verdict = dest.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.Error as exc:
            dest.close()
            partial.unlink(missing_ok=True)
            raise BackupError(f"the backup of {source} failed: {exc}") from None
        dest.close()
    if verdict != "ok":  # pragma: no cover - the source itself is damaged
        partial.unlink(missing_ok=True)
        raise BackupError(f"the copy of {source} fails SQLite's quick check: {verdict}")
    os.replace(partial, target)
    return BackupResult(target, target.stat().st_size, time.perf_counter() - started)


def check(path: Path) -> CheckReport:
    """Verify the database (or backup) at ``path`` without changing it.

    Raises :class:`BackupError` when it cannot be checked at all (missing, not SQLite).
    """
    report = CheckReport(path)
    with _read_only(path) as conn:
        conn.row_factory = sqlite3.Row
        errors = [r[0] for r in conn.execute("PRAGMA integrity_check(20)").fetchall()]
        if errors != ["ok"]:
            report.problems += [f"SQLite integrity check: {e}" for e in errors]
            return report  # replaying a damaged file would only repeat the damage
        report.schema_version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if report.schema_version == 0:
            report.problems.append(f"{path} is not a Paiju database (schema version 0)")
            return report
        if report.schema_version > len(MIGRATIONS):
            report.problems.append(
                f"schema version {report.schema_version} is newer than this code's"
                f" {len(MIGRATIONS)}: check it with the Paiju version that wrote it"
            )
            return report
        if report.schema_version < len(MIGRATIONS):
            report.notes.append(
                f"schema version {report.schema_version}: the next start migrates it to"
                f" {len(MIGRATIONS)}"
            )
        report.problems += [
            f"foreign key: a {r[0]} row{'' if r[1] is None else f' ({r[1]})'} points at a"
            f" missing {r[2]} row"
            for r in conn.execute("PRAGMA foreign_key_check").fetchall()
        ]
        report.finished_matches = int(conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
        _check_open_tables(conn, report)
    return report


def _check_open_tables(conn: sqlite3.Connection, report: CheckReport) -> None:
    from bot.snapshots import SnapshotDiffers, SnapshotMismatch, verify_snapshot
    from games.base import IllegalAction
    from games.registry import GAMES

    has_snapshots = bool(
        conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'snapshots'"
        ).fetchone()
    )
    tables = conn.execute(
        "SELECT id, game, status, game_id FROM tables WHERE status IN ('lobby', 'playing')"
        " ORDER BY id"
    ).fetchall()
    report.open_tables = len(tables)
    for t in tables:
        where = f"table {t['id']}"
        if t["game"] not in GAMES:
            report.problems.append(f"{where} plays {t['game']!r}, a game this code does not know")
            continue
        if t["status"] != "playing":
            continue
        game = conn.execute("SELECT * FROM games WHERE id = ?", (t["game_id"],)).fetchone()
        if game is None:
            report.problems.append(f"{where} is playing game {t['game_id']}, which is missing")
            continue
        rows = conn.execute(
            "SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq", (game["id"],)
        ).fetchall()
        if [r["seq"] for r in rows] != list(range(len(rows))):
            report.problems.append(f"{where}: the actions of game {game['id']} have gaps")
            continue
        try:
            engine = GAMES[game["game"]].engine()
            engine.replay(
                game["seed"], json.loads(game["options"]), [json.loads(r["action"]) for r in rows]
            )
        except (IllegalAction, ValueError, KeyError, ImportError) as exc:
            report.problems.append(
                f"{where}: game {game['id']} does not replay ({exc}); start-up would abort it"
            )
            continue
        report.games_replayed += 1
        report.actions += len(rows)
        if not has_snapshots:
            continue
        snap = conn.execute(
            "SELECT seq, version, digest, state FROM snapshots WHERE game_id = ?", (game["id"],)
        ).fetchone()
        if snap is None:
            continue
        try:
            verify_snapshot(engine, game["seed"], json.loads(game["options"]), rows, snap)
            report.snapshots_checked += 1
        except SnapshotDiffers as exc:
            report.problems.append(
                f"{where}: the engine snapshot of game {game['id']} would be used at start-up,"
                f" but {exc}; the log is sound: delete the snapshots before restoring"
                f' (sqlite3 {report.path} "DELETE FROM snapshots")'
            )
        except SnapshotMismatch as exc:
            # start-up discards such a snapshot and replays the log: worth knowing, not a fault
            report.notes.append(f"{where}: start-up will skip its engine snapshot ({exc})")


def _holders(path: Path) -> list[int]:
    """Process ids holding a ``flock`` on ``path``, from ``/proc/locks`` (Linux)."""
    st = path.stat()
    device = (os.major(st.st_dev), os.minor(st.st_dev))
    same_file, same_inode = [], []
    with open("/proc/locks", encoding="ascii") as locks:
        for line in locks:
            parts = line.split()
            if "->" in parts:  # a waiter, not a holder
                continue
            if len(parts) < 6 or parts[1] != "FLOCK":
                continue
            major, minor, inode = parts[5].split(":")
            if int(inode) == st.st_ino:
                same_inode.append(int(parts[4]))
                if (int(major, 16), int(minor, 16)) == device:
                    same_file.append(int(parts[4]))
    # an overlay file system (a container without a volume) may name another device
    return same_file or same_inode


def health(path: Path) -> tuple[bool, str]:
    """Whether a bot runs the tables of ``path``: ``(healthy, one line saying why)``.

    Healthy when the file is a Paiju database and a live process holds its claim
    (:mod:`bot.claim`). Read-only, takes no lock.
    """
    try:
        with _read_only(path) as conn:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    except BackupError as exc:
        return False, exc.message
    if not 1 <= version <= len(MIGRATIONS):
        return False, f"{path} has schema version {version}: not a database this code runs"
    try:
        holders = _holders(path)
    except OSError as exc:
        return False, f"cannot read /proc/locks to see who runs {path}: {exc}"
    if not holders:
        return False, f"no process runs the tables of {path}"
    return True, f"process {holders[0]} runs the tables of {path}"


# ------------------------------------------------------------------ command line
def add_commands(sub: Any) -> None:
    """Add ``backup``, ``check`` and ``health`` to ``python -m bot``'s subparsers."""
    b = sub.add_parser(
        "backup", help="copy the live database to PATH while the bot runs (SQLite online backup)"
    )
    b.add_argument("path", help="the copy to write (a file, or a directory for a dated file)")
    b.add_argument("--db", help="the database to copy (default: DATABASE_PATH)")
    b.add_argument("--overwrite", action="store_true", help="replace PATH if it exists")
    c = sub.add_parser(
        "check", help="verify a database or backup: integrity, and every open game replays"
    )
    c.add_argument("path", help="the database file to check (it is not changed)")
    h = sub.add_parser("health", help="exit 0 when a bot runs the tables of the database")
    h.add_argument("--db", help="the database (default: DATABASE_PATH)")


def run_command(args: Any, database_path: Path) -> int:
    """Run ``backup``/``check``/``health``; print the outcome; return the exit status
    (:data:`EXIT_OK`, :data:`EXIT_BAD_COPY`, :data:`EXIT_CANNOT`)."""
    db = Path(args.db) if getattr(args, "db", None) else database_path
    try:
        if args.command == "backup":
            done = backup(db, Path(args.path), overwrite=args.overwrite)
            print(
                f"backed up {db} to {done.path} ({done.bytes:,} bytes in {done.seconds:.2f} s);"
                f" verify it with: python -m bot check {done.path}"
            )
            return EXIT_OK
        if args.command == "health":
            healthy, why = health(db)
            print(f"{'healthy' if healthy else 'unhealthy'}: {why}")
            return EXIT_OK if healthy else EXIT_BAD_COPY
        report = check(Path(args.path))
    except BackupError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return EXIT_CANNOT
    for note in report.notes:
        print(f"note: {note}")
    for problem in report.problems:
        print(f"problem: {problem}")
    if not report.ok:
        print(f"{report.path}: {len(report.problems)} problem(s); do not restore this copy")
        return EXIT_BAD_COPY
    print(
        f"{report.path}: ok (schema version {report.schema_version}, {report.open_tables} open"
        f" tables, {report.games_replayed} games replay with {report.actions} actions,"
        f" {report.snapshots_checked} snapshots equal their replay,"
        f" {report.finished_matches} finished matches)"
    )
    return EXIT_OK
