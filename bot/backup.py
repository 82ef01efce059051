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
import os
import sqlite3
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.config import redact, store_target
from bot.damage import RESTORE, judge, judge_file
from bot.sqlite_files import Unreadable, open_read_only
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
        damage: the problems that make the file damaged: start-up refuses it (restore a
            backup). Also in ``problems``.
        set_aside: the tables start-up would set aside (their records cannot be read).
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
    damage: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


@contextlib.contextmanager
def _read_only(path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to an existing database file (never creates one, leaves no
    ``-wal``/``-shm`` behind, works on a read-only mount: :func:`open_read_only`)."""
    if not path.exists():
        raise BackupError(f"there is no database {path}")
    if path.is_dir():
        raise BackupError(f"{path} is a directory, not a database file")
    try:
        with open_read_only(path) as conn:
            yield conn
    except Unreadable as exc:
        raise BackupError(str(exc)) from None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False


def _dated(directory: Path) -> Path:
    return directory / time.strftime("paiju-%Y%m%d-%H%M%S.sqlite3", time.gmtime())


def _place(partial: Path, target: Path, *, overwrite: bool, dated: bool) -> Path:
    """Move the finished copy to ``target`` and return where it went. A dated name that
    is taken already (two backups in one second) gets ``-2``, ``-3``, … : each name is
    claimed with a hard link, which fails rather than replace a file, so two backups
    never collide."""
    if overwrite and not dated:
        os.replace(partial, target)
        return target
    for n in range(1, 1000):
        name = target if n == 1 else target.with_name(f"{target.stem}-{n}{target.suffix}")
        try:
            os.link(partial, name)
        except FileExistsError:
            if not dated:
                raise BackupError(
                    f"{target} exists already: choose a new name, or add --overwrite"
                ) from None
            continue
        partial.unlink()
        return name
    raise BackupError(f"{target.parent} holds too many backups of this second")  # pragma: no cover


def _refuse_damaged_source(source: Path) -> None:
    """A damaged database (:func:`bot.damage.judge_file`) is not backed up: the copy would
    look like a sound backup of a file that lost moves."""
    if not source.exists() or source.is_dir():
        return  # said by _read_only, below
    try:
        verdict = judge_file(source)
    except Unreadable as exc:
        raise BackupError(str(exc)) from None
    if verdict.damage:
        raise BackupError(
            f"{source} is damaged ({verdict.damage[0]}): a backup of it would keep the damage;"
            " restore an older backup (copy its files with cp to keep them as they are)"
        )


def backup(source: Path, target: Path | str, *, overwrite: bool = False) -> BackupResult:
    """Copy the live database ``source`` to ``target``, while the bot may be running.

    ``target`` is a file, or a directory to put ``paiju-YYYYMMDD-HHMMSS.sqlite3`` in (an
    existing directory, or a path written with a trailing ``/``, created if missing);
    dated names never collide (``-2``, ``-3``, … within one second). Raises
    :class:`BackupError` (one sentence naming the path and what to do) when ``source`` is
    missing or not a database, ``target`` is ``source`` (or its ``-wal``/``-shm``),
    ``target`` exists and ``overwrite`` is false, the source is damaged (as start-up and
    ``check`` judge it), or the copy cannot be written. The copy is checked with ``PRAGMA
    quick_check``.
    """
    # a Path forgets a trailing "/": the text written by the admin is read first
    dated = str(target).endswith(("/", os.sep)) or Path(target).is_dir()
    target = Path(target)
    if dated:
        try:
            target.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BackupError(
                f"cannot create the backup directory {target}: {exc.strerror or exc};"
                " choose a directory you can write to"
            ) from None
        target = _dated(target)
    if _same_file(source, target) or target.name in (f"{source.name}-wal", f"{source.name}-shm"):
        raise BackupError(f"the backup must go to another file than the database {source}")
    if target.exists() and not overwrite and not dated:
        raise BackupError(f"{target} exists already: choose a new name, or add --overwrite")
    blocked = next((p for p in target.parents if p.exists() and not p.is_dir()), None)
    if blocked is not None:  # a file where the path needs a directory
        raise BackupError(f"{blocked} is a file, not a directory: choose another place")
    if not target.parent.is_dir():
        raise BackupError(
            f"there is no directory {target.parent} for the backup: create it, or end the"
            " path with / to have it created"
        )
    _refuse_damaged_source(source)
    started = time.perf_counter()
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
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
            finally:
                dest.close()
        if verdict != "ok":  # pragma: no cover - the source itself is damaged
            raise BackupError(f"the copy of {source} fails SQLite's quick check: {verdict}")
        placed = _place(partial, target, overwrite=overwrite, dated=dated)
    except (OSError, sqlite3.Error) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise BackupError(
            f"cannot write the backup {target}: {why}; choose a directory you can write to"
        ) from None
    finally:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
    return BackupResult(placed, placed.stat().st_size, time.perf_counter() - started)


def check(path: Path) -> CheckReport:
    """Verify the database (or backup) at ``path`` without changing it or leaving anything
    beside it, with the judgement start-up uses (:func:`bot.damage.judge`).

    Raises :class:`BackupError` when it cannot be checked at all (missing, unreadable, not
    SQLite).
    """
    if not path.exists():
        raise BackupError(f"there is no database {path}")
    if path.is_dir():
        raise BackupError(f"{path} is a directory, not a database file")
    try:
        judgement = judge(path)
    except Unreadable as exc:
        raise BackupError(str(exc)) from None
    except sqlite3.Error as exc:
        raise BackupError(f"cannot read the database {path}: {exc}") from None
    file = judgement.file
    report = CheckReport(path, schema_version=file.schema_version, notes=list(file.notes))
    report.finished_matches = file.finished_matches
    report.damage = judgement.damage
    report.problems += judgement.damage
    if file.refusal is not None:
        report.problems.append(file.refusal)
    if file.empty:  # nothing to work on, like a file that is not SQLite (README: exit 2)
        raise BackupError(f"{path} is an empty database: it holds no Paiju tables")
    report.open_tables = len(judgement.tables)
    for t in judgement.tables:
        where = f"table {t.table_id}"
        if t.set_aside is not None:
            report.set_aside.append(f"{where}: {t.set_aside}")
            report.problems.append(
                f"{where} cannot be read ({t.set_aside}): start-up sets it aside (kept, not played)"
            )
            continue
        if t.discarded_snapshot is not None:
            report.notes.append(
                f"{where}: start-up will skip its engine snapshot ({t.discarded_snapshot})"
            )
        report.problems += [f"{where}: {p}" for p in t.problems]
        if t.engine is not None:
            report.games_replayed += 1
            report.actions += t.actions
            report.snapshots_checked += t.snapshot_checked
    return report


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
    b.add_argument(
        "--db",
        help="the database to copy (default: DATABASE_URL, else DATABASE_PATH); a PostgreSQL"
        " one is copied with pg_dump --format=custom",
    )
    b.add_argument("--overwrite", action="store_true", help="replace PATH if it exists")
    c = sub.add_parser(
        "check", help="verify a database or backup: integrity, and every open game replays"
    )
    c.add_argument(
        "path",
        nargs="?",
        help="the database file, or postgresql:// URL, to check (it is not changed; default:"
        " --db, else DATABASE_URL, else DATABASE_PATH)",
    )
    c.add_argument("--db", help="the database to check, as PATH (give one of the two)")
    h = sub.add_parser("health", help="exit 0 when a bot runs the tables of the database")
    h.add_argument("--db", help="the database (default: DATABASE_URL, else DATABASE_PATH)")


def run_command(
    args: Any,
    database: Path | str,
    shards: tuple[int | None, tuple[int, ...] | None] = (None, None),
) -> int:
    """Run ``backup``/``check``/``health``; print the outcome; return the exit status
    (:data:`EXIT_OK`, :data:`EXIT_BAD_COPY`, :data:`EXIT_CANNOT`). Every failure is one
    ``error:`` line on standard error naming the path and what to do, never a traceback.
    A PostgreSQL database (a ``postgresql://`` URL as ``--db``, ``DATABASE_URL`` or the
    path checked) is handled by :func:`bot.pg_admin.run_postgres_command`; ``shards`` (this
    process's ``SHARD_COUNT`` and ``SHARD_IDS``) is what its ``health`` judges of a bot split
    across processes."""
    given = getattr(args, "db", None)
    if args.command == "check":
        if args.path and given and store_target(args.path) != store_target(given):
            print(
                f"error: check takes one database: {redact(str(args.path))} or --db"
                f" {redact(given)}, not both",
                file=sys.stderr,
            )
            return EXIT_CANNOT
        given = args.path or given
    target = store_target(given) if given else database
    if isinstance(target, str):
        from bot.pg_admin import run_postgres_command

        return run_postgres_command(args, target, shards)
    db = target
    try:
        if args.command == "backup":
            done = backup(db, args.path, overwrite=args.overwrite)
            print(
                f"backed up {db} to {done.path} ({done.bytes:,} bytes in {done.seconds:.2f} s);"
                f" verify it with: python -m bot check {done.path}"
            )
            return EXIT_OK
        if args.command == "health":
            healthy, why = health(db)
            print(f"{'healthy' if healthy else 'unhealthy'}: {why}")
            return EXIT_OK if healthy else EXIT_BAD_COPY
        report = check(db)
    except BackupError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return EXIT_CANNOT
    except (OSError, sqlite3.Error) as exc:  # whatever was not foreseen: still one line
        print(f"error: {args.command} of {db}: {exc}", file=sys.stderr)
        return EXIT_CANNOT
    for note in report.notes:
        print(f"note: {note}")
    for problem in report.problems:
        print(f"problem: {problem}")
    if report.damage:
        print(
            f"{report.path} is damaged: start-up refuses it; {RESTORE} (an older one, if this"
            " is a backup)"
        )
        return EXIT_BAD_COPY
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
