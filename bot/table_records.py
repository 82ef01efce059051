"""An open table's stored records, read alike by start-up and ``python -m bot check``, and
the judgement of one table (:func:`judge_table`; see :mod:`bot.damage` for the whole).

A table whose own records **cannot be read** (seats, options or an action that is not
what the store writes, seats that contradict the game's, a game this code does not know)
is **set aside**. A log that its snapshot contradicts (shorter than the snapshot, or with
other actions) and actions that do not replay are **damage** of the file. A snapshot that
is not usable (other engine code, its SHA-256 fails, another game) is only a cache lost:
the log is replayed.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import sqlite3
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.snapshots import (
    Snapshot,
    SnapshotDiffers,
    SnapshotMismatch,
    log_digest,
    verify_snapshot,
)
from bot.snapshots import restore as restore_snapshot
from bot.store_rows import GameRow, Seat, TableRow
from games.base import Action, Game, IllegalAction
from games.registry import GAMES

__all__ = [
    "StoredGame",
    "StoredTable",
    "TableVerdict",
    "judge_table",
    "read_open_records",
    "read_open_records_async",
]


@functools.cache
def _seat_fields() -> dict[str, tuple[type, ...]]:
    """The fields of a stored seat (``bot.table_model.Seat``) and the JSON types each takes."""
    hints = typing.get_type_hints(Seat)
    fields: dict[str, tuple[type, ...]] = {}
    for f in dataclasses.fields(Seat):
        hint = hints[f.name]
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            fields[f.name] = tuple(typing.get_args(hint))
        else:
            fields[f.name] = (origin or hint,)
    return fields


@dataclass
class StoredGame:
    """A ``games`` row as stored (JSON columns as text)."""

    id: int
    table_id: int
    game: str
    options: str
    seed: int
    seats: str
    status: str
    started_at: float
    finished_at: float | None


@dataclass
class StoredTable:
    """An open table's records as stored: the ``tables`` row (JSON columns as text), its
    game row, every action ``(seq, text)`` in order and its snapshot (``None`` if none)."""

    columns: dict[str, Any]
    game: StoredGame | None = None
    actions: list[tuple[int, str]] = field(default_factory=list)
    snapshot: Snapshot | None = None

    @property
    def id(self) -> int:
        return int(self.columns["id"])


def read_open_records(conn: sqlite3.Connection) -> list[StoredTable]:
    """Every table in the lobby or playing with its records, oldest first (a few queries
    for all of them, in one read transaction: one moment of the file, even while a bot
    writes to it). ``conn`` is a plain ``sqlite3`` connection outside a transaction
    (start-up runs this on the store's own, in its database thread)."""
    conn.execute("BEGIN")
    try:
        return _read_open_records(conn)
    finally:
        conn.execute("COMMIT")  # (a read transaction: nothing to commit, it only ends)


_OPEN_TABLES = (
    "SELECT id, guild_id, channel_id, thread_id, game, status, host_user_id, preset,"
    " options, pace, pace_seconds, rated, seats, game_id, created_at FROM tables"
    " WHERE status IN ('lobby', 'playing') ORDER BY id"
)
_TABLE_COLUMNS = [c.strip() for c in _OPEN_TABLES[7 : _OPEN_TABLES.index(" FROM")].split(",")]
_OPEN_GAMES = (
    "SELECT g.id, g.table_id, g.game, g.options, g.seed, g.seats, g.status, g.started_at,"
    " g.finished_at FROM games g JOIN tables t ON t.game_id = g.id"
    " WHERE t.status = 'playing'"
)
_OPEN_ACTIONS = (
    "SELECT a.game_id, a.seq, a.action FROM tables t JOIN actions a"
    " ON a.game_id = t.game_id WHERE t.status = 'playing' ORDER BY a.game_id, a.seq"
)
_OPEN_SNAPSHOTS = (
    "SELECT s.game_id, s.seq, s.version, s.digest, s.state, {log} FROM snapshots s"
    " JOIN tables t ON t.game_id = s.game_id WHERE t.status = 'playing'"
)


class _Records:
    """The open tables being read: the queries' rows are handed in one query at a time."""

    def __init__(self, tables: Iterable[Sequence[Any]]) -> None:
        self.records = {
            r[0]: StoredTable(dict(zip(_TABLE_COLUMNS, r, strict=True))) for r in tables
        }
        self.by_game = {
            t.columns["game_id"]: t
            for t in self.records.values()
            if t.columns["status"] == "playing" and t.columns["game_id"] is not None
        }

    def games(self, rows: Iterable[Sequence[Any]]) -> None:
        for r in rows:
            if r[0] in self.by_game:
                self.by_game[r[0]].game = StoredGame(*r)

    def actions(self, rows: Iterable[Sequence[Any]]) -> None:
        for game_id, seq, text in rows:
            if game_id in self.by_game:
                self.by_game[game_id].actions.append((seq, text))

    def snapshots(self, rows: Iterable[Sequence[Any]]) -> None:
        for r in rows:
            if r[0] in self.by_game:
                self.by_game[r[0]].snapshot = Snapshot(r[0], r[1], r[2], r[3], bytes(r[4]), r[5])


def _read_open_records(conn: sqlite3.Connection) -> list[StoredTable]:
    found = _Records(conn.execute(_OPEN_TABLES))
    found.games(conn.execute(_OPEN_GAMES))
    found.actions(conn.execute(_OPEN_ACTIONS))
    has_snapshots = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'snapshots'"
    ).fetchone()
    if has_snapshots:
        columns = {r[1] for r in conn.execute("PRAGMA table_info(snapshots)")}
        log = "s.log_digest" if "log_digest" in columns else "NULL"  # before migration 3
        found.snapshots(conn.execute(_OPEN_SNAPSHOTS.format(log=log)))
    return list(found.records.values())


async def read_open_records_async(db: Any) -> list[StoredTable]:
    """:func:`read_open_records` on an asynchronous connection of the current schema
    (PostgreSQL's, :mod:`bot.store_pg`), inside the caller's (repeatable-read) transaction."""

    async def rows(sql: str) -> list[Any]:
        async with db.execute(sql) as cur:
            return list(await cur.fetchall())

    found = _Records(await rows(_OPEN_TABLES))
    found.games(await rows(_OPEN_GAMES))
    found.actions(await rows(_OPEN_ACTIONS))
    found.snapshots(await rows(_OPEN_SNAPSHOTS.format(log="s.log_digest")))
    return list(found.records.values())


@dataclass
class TableVerdict:
    """What :func:`judge_table` found for one table.

    Attributes:
        table_id: the table.
        row: the parsed ``tables`` row (``None`` when set aside).
        game: the parsed game row of a playing table.
        engine: the rebuilt game of a playing table (``None`` otherwise).
        replayed: actions applied to rebuild it (after the snapshot, or all).
        set_aside: why the table is set aside (its records cannot be read), else ``None``.
        damage: why the table shows the file is damaged, else ``None``.
        discarded_snapshot: why its snapshot is not used (the log is replayed), else ``None``.
        problems: what a thorough judgement found beyond that (a snapshot start-up would
            use that differs from the replay of its log).
        snapshot_checked: the snapshot was compared with a full replay (thorough only).
    """

    table_id: int
    row: TableRow | None = None
    game: GameRow | None = None
    engine: Game | None = None
    replayed: int = 0
    set_aside: str | None = None
    damage: str | None = None
    discarded_snapshot: str | None = None
    problems: list[str] = field(default_factory=list)
    snapshot_checked: bool = False

    @property
    def actions(self) -> int:
        return len(self.engine.actions) if self.engine is not None else 0


class _Unreadable(Exception):
    """A record is not what the store writes."""


def _json_object(text: Any, what: str, kind: type) -> Any:
    try:
        value = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise _Unreadable(f"its {what} are not JSON ({exc})") from None
    if not isinstance(value, kind):
        raise _Unreadable(f"its {what} are not a JSON {kind.__name__}")
    return value


def _seats(text: Any, what: str) -> list[dict[str, Any]]:
    seats = _json_object(text, what, list)
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise _Unreadable(f"its {what}: seat {i + 1} is not a JSON object")
        unknown = sorted(set(seat) - set(_seat_fields()))
        if unknown:
            raise _Unreadable(f"its {what}: seat {i + 1} has an unknown field {unknown[0]!r}")
        if seat.get("index") != i:
            raise _Unreadable(f"its {what}: seat {i + 1} says it is seat {seat.get('index')!r}")
        for name, value in seat.items():  # a field an older version did not write may lack
            if type(value) not in _seat_fields()[name]:  # exact: true is no user id
                raise _Unreadable(f"its {what}: seat {i + 1} has {name} = {value!r}")
    return seats


def _table_row(columns: Mapping[str, Any]) -> TableRow:
    return TableRow(
        id=columns["id"],
        guild_id=columns["guild_id"],
        channel_id=columns["channel_id"],
        thread_id=columns["thread_id"],
        game=columns["game"],
        status=columns["status"],
        host_user_id=columns["host_user_id"],
        preset=columns["preset"],
        options=_json_object(columns["options"], "options", dict),
        pace=columns["pace"],
        pace_seconds=columns["pace_seconds"],
        rated=None if columns["rated"] is None else bool(columns["rated"]),
        seats=_seats(columns["seats"], "seats"),
        game_id=columns["game_id"],
        created_at=columns["created_at"],
    )


def _actions(stored: Sequence[tuple[int, str]]) -> list[dict[str, Any]]:
    out = []
    for seq, text in stored:
        try:
            obj = json.loads(text)
            if not isinstance(obj, dict) or set(obj) != {"seat", "kind", "data"}:
                raise ValueError("not an action object")
            Action.from_json(obj)
        except (TypeError, ValueError) as exc:
            raise _Unreadable(f"its action {seq} cannot be read ({exc})") from None
        out.append(obj)
    return out


def judge_table(
    record: StoredTable, *, thorough: bool = False, path: Path | None = None
) -> TableVerdict:
    """Judge one open table and rebuild its game (see the module doc). Pure: reads nothing
    but ``record`` and changes nothing.

    With ``thorough`` (``check``), a snapshot the game is restored from is also compared
    with a full replay of the log (:func:`bot.snapshots.verify_snapshot`); ``path`` names
    the file in what that finds.
    """
    verdict = TableVerdict(record.id)
    try:
        row = _table_row(record.columns)
        if row.game not in GAMES or not GAMES[row.game].available:
            raise _Unreadable(f"it plays {row.game!r}, a game this code does not know")
        engine_type = GAMES[row.game].engine()
        if len(row.seats) != engine_type.seat_count:
            raise _Unreadable(
                f"its seats: {len(row.seats)} seats, but {row.game} has {engine_type.seat_count}"
            )
        verdict.row = row
        if row.status != "playing":
            return verdict
        stored = record.game
        if stored is None:
            verdict.damage = f"it is playing game {row.game_id}, whose row is missing"
            return verdict
        game = GameRow(
            id=stored.id,
            table_id=stored.table_id,
            game=stored.game,
            options=_json_object(stored.options, "game's options", dict),
            seed=stored.seed,
            seats=_seats(stored.seats, "game's seats"),
            status=stored.status,
            started_at=stored.started_at,
            finished_at=stored.finished_at,
        )
        if stored.game != row.game:
            raise _Unreadable(f"its game row plays {stored.game!r}, the table {row.game!r}")
        for now, then in zip(row.seats, game.seats, strict=False):
            if (now.get("user_id"), now.get("bot")) != (then.get("user_id"), then.get("bot")):
                raise _Unreadable(
                    f"its seat {now['index'] + 1} holds {now.get('user_id') or now.get('bot')!r},"
                    f" but the game started with {then.get('user_id') or then.get('bot')!r}"
                )
        seqs = [seq for seq, _ in record.actions]
        if seqs != list(range(len(seqs))):
            missing = next(i for i, s in enumerate([*seqs, -1]) if s != i)
            verdict.damage = f"game {game.id} lost its action {missing} (the log has gaps)"
            return verdict
        verdict.game = game
        _rebuild(verdict, record, engine_type, game, thorough, path)
    except _Unreadable as exc:
        verdict.row = verdict.game = verdict.engine = None
        verdict.set_aside = str(exc)
    return verdict


def _rebuild(
    verdict: TableVerdict,
    record: StoredTable,
    engine_type: type[Game],
    game: GameRow,
    thorough: bool,
    path: Path | None,
) -> None:
    """Rebuild the game into ``verdict``: from its snapshot when it is usable and the log
    agrees with it, else from the whole log. Raises :class:`_Unreadable` for an action
    row that cannot be read."""
    snapshot = record.snapshot
    engine: Game | None = None
    if snapshot is not None:
        try:
            engine = restore_snapshot(snapshot, engine_type, game.seed, game.options)
        except SnapshotMismatch as exc:
            verdict.discarded_snapshot = str(exc)
    if engine is None or snapshot is None:
        actions = _actions(record.actions)
        try:
            verdict.engine = engine_type.replay(game.seed, game.options, actions)
        except (IllegalAction, ValueError, KeyError, ImportError) as exc:
            verdict.damage = f"game {game.id} does not replay ({exc})"
            return
        verdict.replayed = len(actions)
        return
    # the snapshot's own digest holds: it is what the game was when it was taken
    if snapshot.seq > len(record.actions):
        verdict.damage = (
            f"game {game.id} has {len(record.actions)} actions, but its snapshot was taken at"
            f" action {snapshot.seq}: committed moves are lost"
        )
        return
    texts = [text for _, text in record.actions]
    if snapshot.log_digest is None or log_digest(texts[: snapshot.seq]) != snapshot.log_digest:
        # no digest (an older snapshot), or the texts differ: compare action by action
        for i, obj in enumerate(_actions(record.actions[: snapshot.seq])):
            if engine.actions[i].to_json() != obj:
                verdict.damage = (
                    f"game {game.id}: its action {i} differs from the one its snapshot holds"
                )
                return
    tail = _actions(record.actions[snapshot.seq :])
    try:
        for obj in tail:
            engine.apply(Action.from_json(obj))
    except (IllegalAction, ValueError, KeyError) as exc:
        verdict.damage = f"game {game.id} does not replay ({exc})"
        return
    verdict.engine, verdict.replayed = engine, len(tail)
    if thorough:
        rows = [{"action": text} for text in texts]
        try:
            verify_snapshot(engine_type, game.seed, game.options, rows, _row_of(snapshot))
            verdict.snapshot_checked = True
        except SnapshotDiffers as exc:
            verdict.problems.append(
                f"the engine snapshot of game {game.id} would be used at start-up, but {exc};"
                " the log is sound: delete the snapshots before restoring"
                f' (sqlite3 {path or "FILE"} "DELETE FROM snapshots")'
            )
        except SnapshotMismatch:  # pragma: no cover - restore above passed the same checks
            pass


def _row_of(snapshot: Snapshot) -> dict[str, Any]:
    return dataclasses.asdict(snapshot)
