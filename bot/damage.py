"""One judgement of a database's damage, shared by ``python -m bot check`` and start-up.

Two levels, each with one function that both callers use:

* :func:`judge_file`: the file as a whole, before anything writes to it
  (``Store.open`` runs it on every existing file; ``check`` on the copy). A file
  is **damaged** when it lost or changed committed data: its WAL lost committed
  transactions (:func:`bot.sqlite_files.wal_loss`), it has pages but no schema
  (a lost WAL of a file never checkpointed), its schema lacks tables, SQLite's
  integrity check fails, rows point at rows that are gone, or a row has a status
  no code writes. Start-up then refuses to run (exit status 2 and one line:
  restore a backup); ``check`` calls it damaged (exit status 1). A new, empty
  file is no damage; neither is a file of another program or of a newer Paiju,
  which are refused as such.
* :func:`judge_table` (:mod:`bot.table_records`): one open table, from its stored records (read by
  :func:`read_open_records`, the same query for both). A table whose own
  records **cannot be read** (seats, options or an action that is not what the
  store writes, seats that contradict the game's, a game this code does not
  know) is **set aside**: start-up logs it, keeps it out of play and untouched
  (nothing is emptied, aborted or rewritten), and the front end tells its host;
  ``check`` lists it. A log that its snapshot contradicts (shorter than the
  snapshot, or with other actions: committed moves were lost or changed) and
  actions that do not replay make the **file damaged**: whatever changed them
  may have changed other tables where nothing can show it.

A snapshot that is not usable (other engine code, its SHA-256 fails, another
game) is only a cache lost: the log is replayed, as before. Only a snapshot
whose own digest holds is evidence against the log.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.sqlite_files import claimed_elsewhere, header_problem, open_read_only, wal_loss
from bot.store_schema import MIGRATIONS
from bot.table_records import (
    StoredGame,
    StoredTable,
    TableVerdict,
    judge_table,
    read_open_records,
)

__all__ = [
    "RESTORE",
    "DatabaseDamaged",
    "FileVerdict",
    "Judgement",
    "StoredGame",
    "StoredTable",
    "TableVerdict",
    "judge",
    "judge_file",
    "judge_table",
    "read_open_records",
    "refuse_damaged",
]

RESTORE = 'restore a backup (see README "Backups and restore")'
"""What the admin is told to do with a damaged file."""


_TABLES_OF_MIGRATION = (
    ("tables", "games", "actions", "deadlines", "matches", "match_players", "hands", "ratings"),
    ("snapshots",),
    (),
    ("league_settings", "seasons", "season_ratings", "season_matches"),
)
_STATUSES = {
    "tables": ("lobby", "playing", "finished", "aborted"),
    "games": ("playing", "finished", "aborted"),
}


class DatabaseDamaged(sqlite3.DatabaseError):
    """The database lost or changed committed data; start-up refuses it.

    ``str()`` is the one line for the admin: ``<path> is damaged (<first reason>[; N
    more: python -m bot check <path>]): restore a backup (see README ...)``.
    """

    def __init__(self, path: Path | str, reasons: Sequence[str]) -> None:
        self.path = path
        self.reasons = list(reasons)
        more = f"; {len(reasons) - 1} more: python -m bot check {path}" if len(reasons) > 1 else ""
        super().__init__(f"{path} is damaged ({reasons[0]}{more}): {RESTORE}")


# ------------------------------------------------------------------ the file
@dataclass
class FileVerdict:
    """What :func:`judge_file` found.

    Attributes:
        path: the database file.
        empty: it has no pages yet (a new database: nothing to judge).
        schema_version: ``PRAGMA user_version``.
        damage: why the file is damaged (empty: it is not).
        refusal: why this code will not run it though it is not damaged (another
            program's file, a newer Paiju's), else ``None``.
        notes: facts worth knowing that are no problem.
        finished_matches: rows of ``matches``.
    """

    path: Path
    empty: bool = False
    schema_version: int = 0
    damage: list[str] = field(default_factory=list)
    refusal: str | None = None
    notes: list[str] = field(default_factory=list)
    finished_matches: int = 0

    def raise_if_refused(self) -> None:
        """Raise :class:`DatabaseDamaged`, or ``sqlite3.DatabaseError`` with the refusal."""
        if self.damage:
            raise DatabaseDamaged(self.path, self.damage)
        if self.refusal is not None:
            raise sqlite3.DatabaseError(self.refusal)


def judge_file(path: Path) -> FileVerdict:
    """Judge the database file ``path`` as a whole, reading it only (see the module doc).

    Raises :class:`bot.sqlite_files.Unreadable` when it cannot be read at all (missing
    permission, not a SQLite file).
    """
    verdict = FileVerdict(path)
    problem = header_problem(path)  # raises Unreadable
    if problem is not None:
        from bot.sqlite_files import Unreadable

        raise Unreadable(problem)
    if path.stat().st_size == 0 and not Path(f"{path}-wal").exists():
        verdict.empty = True
        return verdict
    if claimed_elsewhere(path):
        verdict.notes.append(
            "a running Paiju process holds this file: its WAL changes as it is read, so it"
            " is not compared with its wal-index; check a backup instead"
        )
    else:
        loss = wal_loss(path)
        if loss is not None:
            verdict.damage.append(loss)
    with open_read_only(path) as conn:
        _judge_schema(conn, verdict)
    return verdict


def _judge_schema(conn: sqlite3.Connection, verdict: FileVerdict) -> None:
    pages = int(conn.execute("PRAGMA page_count").fetchone()[0])
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    version = verdict.schema_version = int(conn.execute("PRAGMA user_version").fetchone()[0])
    if version == 0:
        if not names and pages > 0 and not verdict.damage:
            verdict.damage.append(
                f"it has {pages} page(s) but no schema: its WAL, which held everything, is lost"
            )
        elif names:
            verdict.refusal = f"{verdict.path} is not a Paiju database (schema version 0)"
        elif not verdict.damage:
            verdict.empty = True
        return
    if version > len(MIGRATIONS):
        verdict.refusal = (
            f"{verdict.path} has schema version {version}, newer than this code's"
            f" {len(MIGRATIONS)}: update Paiju"
        )
        return
    if version < len(MIGRATIONS):
        verdict.notes.append(
            f"schema version {version}: the next start migrates it to {len(MIGRATIONS)}"
        )
    missing = [t for tables in _TABLES_OF_MIGRATION[:version] for t in tables if t not in names]
    if missing:
        verdict.damage.append(f"its schema lacks the table(s) {', '.join(missing)}")
        return
    errors = [r[0] for r in conn.execute("PRAGMA integrity_check(20)").fetchall()]
    if errors != ["ok"]:
        verdict.damage += [f"SQLite's integrity check: {e}" for e in errors]
        return  # reading on would only repeat the damage
    verdict.damage += [
        f"a {r[0]} row{'' if r[1] is None else f' ({r[1]})'} points at a missing {r[2]} row"
        for r in conn.execute("PRAGMA foreign_key_check").fetchall()
    ]
    for table, statuses in _STATUSES.items():
        marks = ",".join("?" * len(statuses))
        verdict.damage += [
            f"{table[:-1]} {r[0]} has the status {r[1]!r}, which no code writes"
            for r in conn.execute(
                f"SELECT id, status FROM {table} WHERE status NOT IN ({marks})", statuses
            )
        ]
    verdict.finished_matches = int(conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0])


def refuse_damaged(path: Path) -> None:
    """Judge an existing database file (:func:`judge_file`) and raise if it is refused:
    :class:`DatabaseDamaged`, or ``sqlite3.DatabaseError`` (cannot be read, not a Paiju
    database, a newer one). A missing or empty file passes (it will be created).
    Start-up runs this before anything writes to the file (``Store.open``; ``run``, before
    it connects to Discord)."""
    from bot.sqlite_files import Unreadable
    from bot.store_schema import has_pages

    if not has_pages(path):
        return
    try:
        verdict = judge_file(path)
    except Unreadable as exc:
        raise sqlite3.DatabaseError(str(exc)) from None
    verdict.raise_if_refused()


# ------------------------------------------------------------------ check
@dataclass
class Judgement:
    """The whole judgement of a file (``python -m bot check``): the file and every open
    table, each judged thoroughly."""

    file: FileVerdict
    tables: list[TableVerdict] = field(default_factory=list)

    @property
    def damage(self) -> list[str]:
        return self.file.damage + [
            f"table {t.table_id}: {t.damage}" for t in self.tables if t.damage is not None
        ]

    @property
    def set_aside(self) -> list[TableVerdict]:
        return [t for t in self.tables if t.set_aside is not None]


def judge(path: Path) -> Judgement:
    """Judge the file and, unless that already failed, every open table of it, thoroughly.

    Raises :class:`bot.sqlite_files.Unreadable` when the file cannot be read at all.
    """
    judgement = Judgement(judge_file(path))
    if judgement.file.damage or judgement.file.refusal is not None or judgement.file.empty:
        return judgement
    with open_read_only(path) as conn:
        records = read_open_records(conn)
    judgement.tables = [judge_table(r, thorough=True, path=path) for r in records]
    return judgement
