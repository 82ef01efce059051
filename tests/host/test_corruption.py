"""Damaged databases: ``python -m bot check`` and start-up judge each one alike.

A 扒鸡窝 table (a person and three bots) is played to 24 actions in a real
store (a snapshot at 16, as the table service writes it), beside a lobby in
another channel. Its files are copied while the store is open, which is what a
``SIGKILL`` leaves (the main file of one page, everything in the WAL, the
wal-index in ``-shm``), and again after a clean stop (one file). Each case
damages a copy the way a disk, a careless admin or a power cut would, then runs
``python -m bot check`` and start-up (``python -m bot resume``, and ``run``
without Discord where it refuses) as real subprocesses:

* damaged (the file lost or changed committed data): ``check`` exits 1 and says
  so, start-up exits 2 with one line telling the admin to restore a backup, and
  the file is left as it was (no fresh schema written into it);
* a table whose records cannot be read: ``check`` exits 1 naming it, start-up
  sets it aside (logged, kept untouched, the others play on);
* a cache lost (a snapshot whose bytes fail their digest): both say ok and the
  game is rebuilt from its log.

In every case no table vanishes silently. Byte flips are single-bit flips of a
record's stored text, written through SQLite (a flip on disk in the same bytes
also breaks the page's place in no index, so SQLite's own check cannot see it).
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.backup import check
from bot.damage import DatabaseDamaged
from bot.store import MIGRATIONS, Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from games.registry import GAMES

pytestmark = pytest.mark.skipif(not GAMES["pajiwo"].available, reason="pajiwo is not built")

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}
USER, CH, LOBBY_CH, SEED, MOVES = 77, 4321, 4322, 2026, 24
RESTORE_LINE = 'restore a backup (see README "Backups and restore")'


def bot(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=env or ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )


@dataclass(frozen=True)
class Images:
    crash: Path  # directory: paiju.sqlite3 (+ -wal, -shm) as a SIGKILL leaves them
    clean: Path  # directory: paiju.sqlite3 after a clean stop
    table_id: int
    game_id: int
    snapshot_at: int


async def _build(root: Path) -> Images:
    live = root / "live"
    live.mkdir()
    db = live / "paiju.sqlite3"
    store = await Store.open(db)
    scheduler = ManualScheduler(FakeClock())
    service = TableService(store, scheduler=scheduler)
    await service.start_up()
    await service.open_table(
        guild_id=1, channel_id=LOBBY_CH, game="pajiwo", user_id=USER + 1, name="other"
    )
    table = await service.open_table(
        guild_id=1,
        channel_id=CH,
        game="pajiwo",
        user_id=USER,
        name="alice",
        pace="async",
        options={"match": "one_hand"},
    )
    await service.add_bot(CH, USER, 3)
    await service.start(CH, USER, seed=SEED)
    engine = table.engine
    assert engine is not None and table.game_id is not None
    while len(engine.actions) < MOVES:
        await scheduler.run_due()
        move = service.hint(table.id, USER)
        if move is not None and len(engine.actions) < MOVES:
            await service.act(table.id, USER, move, f"m{len(engine.actions)}")
    reader = sqlite3.connect(db)  # a second reader of the live file, as a probe would be
    snapshot_at = reader.execute("SELECT seq FROM snapshots").fetchone()
    reader.close()
    crash = root / "crash"
    crash.mkdir()
    for name in ("paiju.sqlite3", "paiju.sqlite3-wal", "paiju.sqlite3-shm"):
        shutil.copyfile(live / name, crash / name)
    await service.shut_down()
    await store.close()
    clean = root / "clean"
    clean.mkdir()
    shutil.copyfile(db, clean / "paiju.sqlite3")
    assert snapshot_at is not None
    return Images(crash, clean, table.id, table.game_id, int(snapshot_at[0]))


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory) -> Images:
    made = asyncio.run(_build(tmp_path_factory.mktemp("images")))
    # what the issue measured: the main file is one page, the WAL holds everything
    assert (made.crash / "paiju.sqlite3").stat().st_size == 4096
    assert (made.crash / "paiju.sqlite3-wal").stat().st_size > 100_000
    assert not (made.clean / "paiju.sqlite3-wal").exists()
    return made


def copy_of(source: Path, into: Path) -> Path:
    shutil.copytree(source, into)
    return into / "paiju.sqlite3"


# ------------------------------------------------------------------ damage
def remove_wal(db: Path) -> None:
    Path(f"{db}-wal").unlink()


def zero_wal(db: Path) -> None:
    wal = Path(f"{db}-wal")
    wal.write_bytes(bytes(wal.stat().st_size))


def halve_wal(db: Path) -> None:
    wal = Path(f"{db}-wal")
    os.truncate(wal, wal.stat().st_size // 2)


def remove_wal_and_index(db: Path) -> None:
    Path(f"{db}-wal").unlink()
    Path(f"{db}-shm").unlink()


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (remove_wal, "its WAL (paiju.sqlite3-wal) is missing, but held"),
        (zero_wal, "its WAL (paiju.sqlite3-wal) is not the one its wal-index describes"),
        (halve_wal, "its WAL (paiju.sqlite3-wal) holds"),
        (remove_wal_and_index, "it has 1 page(s) but no schema: its WAL, which held everything"),
    ],
)
def test_a_lost_wal_is_damage_check_and_start_up_agree(
    images: Images, tmp_path: Path, damage: Callable[[Path], None], reason: str
) -> None:
    db = copy_of(images.crash, tmp_path / "db")
    damage(db)
    before = db.read_bytes()
    checked = bot("check", str(db))
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert f"problem: {reason}" in checked.stdout
    assert f"{db} is damaged: start-up refuses it; {RESTORE_LINE}" in checked.stdout
    for command in (["resume", "--db", str(db)], ["play", "pajiwo", "--db", str(db)]):
        started = bot(*command)
        assert started.returncode == 2, started.stderr
        lines = started.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"error: {db} is damaged ({reason}")
        assert lines[0].endswith(f"): {RESTORE_LINE}")
    # nor backed up as if it were sound
    backed = bot("backup", f"{tmp_path}/backups/", "--db", str(db))
    assert backed.returncode == 2 and backed.stderr.startswith(f"error: {db} is damaged ({reason}")
    assert "a backup of it would keep the damage; restore an older backup" in backed.stderr
    assert not list((tmp_path / "backups").iterdir())
    # the file is not taken for a new one: nothing was written into it
    assert db.read_bytes() == before
    assert bot("check", str(db)).stdout == checked.stdout


def test_run_refuses_a_damaged_file_before_it_connects_to_discord(
    images: Images, tmp_path: Path
) -> None:
    db = copy_of(images.crash, tmp_path / "db")
    remove_wal(db)
    env = {**ENV, "DISCORD_TOKEN": "not-a-token", "DATABASE_PATH": str(db)}
    # (a token Discord would refuse: had it connected, the answer would be about the token)
    started = bot("run", env=env)
    assert started.returncode == 2
    lines = started.stderr.strip().splitlines()
    assert len(lines) == 1, started.stderr
    assert lines[0].startswith(f"error: {db} is damaged (its WAL (paiju.sqlite3-wal) is missing")
    assert lines[0].endswith(RESTORE_LINE)


def test_a_halved_wal_without_its_index_is_an_older_moment_and_both_say_so(
    images: Images, tmp_path: Path
) -> None:
    """Without the wal-index nothing records how far the WAL went: what is left is a
    consistent older moment of the file, and both judge it the same way."""
    db = copy_of(images.crash, tmp_path / "db")
    halve_wal(db)
    Path(f"{db}-shm").unlink()
    checked = bot("check", str(db))
    started = bot("resume", "--db", str(db))
    assert (checked.returncode, started.returncode) in ((0, 0), (1, 2))
    if checked.returncode == 0:
        assert "nothing to resume" in started.stderr  # the person's table is loaded, kept


# ------------------------------------------------------------------ byte flips
def flip(text: str, at: int, bit: int = 1) -> str:
    """``text`` with one bit of its byte ``at`` flipped (ASCII stays ASCII)."""
    raw = bytearray(text.encode())
    raw[at] ^= bit
    return raw.decode()


def update(db: Path, sql: str, *params: object) -> None:
    conn = sqlite3.connect(db)
    try:
        conn.execute(sql, params)
        conn.commit()
    finally:
        conn.close()


def read(db: Path, sql: str, *params: object) -> list[tuple[object, ...]]:
    conn = sqlite3.connect(db)  # the last connection to close folds the WAL in
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def seats_text(db: Path, table_id: int) -> str:
    return str(read(db, "SELECT seats FROM tables WHERE id = ?", table_id)[0][0])


def action_text(db: Path, game_id: int, seq: int) -> str:
    return str(
        read(db, "SELECT action FROM actions WHERE game_id = ? AND seq = ?", game_id, seq)[0][0]
    )


def flip_seat_key(images: Images, db: Path) -> str:
    text = seats_text(db, images.table_id)
    update(
        db,
        "UPDATE tables SET seats = ? WHERE id = ?",
        flip(text, text.index('"user_id"') + 1),
        images.table_id,
    )
    return "its seats: seat 1 has an unknown field 'tser_id'"


def flip_seat_user(images: Images, db: Path) -> str:
    text = seats_text(db, images.table_id)
    at = text.index(str(USER))
    update(db, "UPDATE tables SET seats = ? WHERE id = ?", flip(text, at), images.table_id)
    return f"its seat 1 holds {int(flip(str(USER), 0))}, but the game started with {USER}"


def flip_seat_bracket(images: Images, db: Path) -> str:
    text = seats_text(db, images.table_id)
    update(db, "UPDATE tables SET seats = ? WHERE id = ?", flip(text, 0, 0x20), images.table_id)
    return "its seats are not JSON"


@pytest.mark.parametrize("damage", [flip_seat_key, flip_seat_user, flip_seat_bracket])
def test_a_seat_record_that_cannot_be_read_sets_its_table_aside(
    images: Images, tmp_path: Path, damage: Callable[[Images, Path], str]
) -> None:
    db = copy_of(images.clean, tmp_path / "db")
    reason = damage(images, db)
    flipped = seats_text(db, images.table_id)
    checked = bot("check", str(db))
    assert checked.returncode == 1, checked.stdout
    assert f"problem: table {images.table_id} cannot be read ({reason}" in checked.stdout
    assert "start-up sets it aside (kept, not played)" in checked.stdout
    started = bot("resume", "--db", str(db))
    assert started.returncode == 0, started.stderr
    assert f"table {images.table_id} (channel {CH}) is set aside: {reason}" in started.stderr
    # kept as it was, for check and for the admin: not emptied, not aborted
    assert seats_text(db, images.table_id) == flipped
    assert read(db, "SELECT status FROM tables ORDER BY id") == [("lobby",), ("playing",)]
    assert bot("check", str(db)).stdout == checked.stdout


async def test_start_up_keeps_a_set_aside_table_for_its_host_and_plays_the_others(
    images: Images, tmp_path: Path
) -> None:
    db = copy_of(images.clean, tmp_path / "db")
    reason = flip_seat_key(images, db)
    store = await Store.open(db)
    service = TableService(store, scheduler=ManualScheduler(FakeClock()))
    await service.start_up()
    try:
        aside = service.set_aside[images.table_id]
        assert (aside.channel_id, aside.host_user_id, aside.game) == (CH, USER, "pajiwo")
        assert aside.reason == reason
        assert [t.channel_id for t in service.open_tables()] == [LOBBY_CH]
        assert service.table_in_channel(CH) is None
        # the channel stays taken by the kept table: a new one is refused, saying why
        with pytest.raises(Exception, match="set aside") as refused:
            await service.open_table(guild_id=1, channel_id=CH, game="pajiwo", user_id=5, name="x")
        assert getattr(refused.value, "code", None) == "table_set_aside"
    finally:
        await service.shut_down()
        await store.close()


def flip_prefix_action_value(images: Images, db: Path) -> str:
    """An action before the snapshot, still JSON, another seat: the log changed."""
    seq = 5
    text = action_text(db, images.game_id, seq)
    at = text.index('"seat":') + len('"seat":')
    update(
        db,
        "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
        flip(text, at),
        images.game_id,
        seq,
    )
    return (
        f"damaged:game {images.game_id}: its action {seq} differs from the one its snapshot holds"
    )


def flip_tail_action_value(images: Images, db: Path) -> str:
    """An action after the snapshot, still JSON, another seat: it does not replay."""
    seq = images.snapshot_at + 2
    text = action_text(db, images.game_id, seq)
    at = text.index('"seat":') + len('"seat":')
    update(
        db,
        "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
        flip(text, at),
        images.game_id,
        seq,
    )
    return f"damaged:game {images.game_id} does not replay ("


def flip_action_brace(images: Images, db: Path) -> str:
    """An action that is no longer JSON: it cannot be read."""
    seq = images.snapshot_at + 2
    text = action_text(db, images.game_id, seq)
    update(
        db,
        "UPDATE actions SET action = ? WHERE game_id = ? AND seq = ?",
        flip(text, 0, 0x02),
        images.game_id,
        seq,
    )
    return f"aside:its action {seq} cannot be read ("


@pytest.mark.parametrize(
    "damage", [flip_prefix_action_value, flip_tail_action_value, flip_action_brace]
)
def test_a_flipped_action_check_and_start_up_agree(
    images: Images, tmp_path: Path, damage: Callable[[Images, Path], str]
) -> None:
    # the clean stop wrote a snapshot at the last action; go back to the crash's, at 16
    db = copy_of(images.crash, tmp_path / "db")
    kind, reason = damage(images, db).split(":", 1)
    checked = bot("check", str(db))
    started = bot("resume", "--db", str(db))
    assert checked.returncode == 1, checked.stdout
    if kind == "damaged":
        assert f"problem: table {images.table_id}: {reason}" in checked.stdout
        assert f"{db} is damaged: start-up refuses it" in checked.stdout
        assert started.returncode == 2
        line = started.stderr.strip().splitlines()[-1]
        assert line.startswith(f"error: {db} is damaged (table {images.table_id}: {reason}")
        assert line.endswith(RESTORE_LINE)
    else:
        assert f"problem: table {images.table_id} cannot be read ({reason}" in checked.stdout
        assert started.returncode == 0
        assert f"table {images.table_id} (channel {CH}) is set aside: {reason}" in started.stderr
    assert read(db, "SELECT COUNT(*) FROM actions") == [(MOVES,)]  # nothing dropped


def test_a_flipped_snapshot_is_a_lost_cache_both_say_ok_and_the_log_rebuilds_it(
    images: Images, tmp_path: Path
) -> None:
    db = copy_of(images.crash, tmp_path / "db")
    state = bytearray(read(db, "SELECT state FROM snapshots")[0][0])  # type: ignore[arg-type]
    state[len(state) // 2] ^= 0x04
    update(db, "UPDATE snapshots SET state = ?", bytes(state))
    report = check(db)
    assert report.ok and report.games_replayed == 1 and report.actions == MOVES
    assert report.notes == [
        f"table {images.table_id}: start-up will skip its engine snapshot (its bytes are damaged)"
    ]
    started = bot("resume", "--db", str(db))
    assert started.returncode == 0 and "nothing to resume" in started.stderr
    assert "is discarded (its bytes are damaged)" in started.stderr


def test_a_flipped_snapshot_count_is_a_lost_cache_too(images: Images, tmp_path: Path) -> None:
    db = copy_of(images.crash, tmp_path / "db")
    update(db, "UPDATE snapshots SET seq = seq | 1")
    report = check(db)
    assert report.ok and report.actions == MOVES
    assert "start-up will skip its engine snapshot" in report.notes[0]
    assert bot("resume", "--db", str(db)).returncode == 0


async def test_in_process_start_up_raises_the_same_damage_check_reports(
    images: Images, tmp_path: Path
) -> None:
    db = copy_of(images.crash, tmp_path / "db")
    flip_prefix_action_value(images, db)
    report = check(db)
    store = await Store.open(db)  # the file as a whole is sound
    service = TableService(store, scheduler=ManualScheduler(FakeClock()))
    try:
        with pytest.raises(DatabaseDamaged) as raised:
            await service.start_up()
        assert raised.value.reasons == report.damage
        assert service.open_tables() == [] and service.set_aside == {}
    finally:
        await service.shut_down()
        await store.close()
    json.dumps(report.problems)  # plain sentences


def test_a_file_with_pages_but_no_schema_is_never_given_a_fresh_one(tmp_path: Path) -> None:
    db = tmp_path / "paiju.sqlite3"
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA journal_mode=WAL")  # writes the first page, as Store.open did
    conn.close()
    assert db.stat().st_size > 0
    before = db.read_bytes()
    with pytest.raises(DatabaseDamaged, match=r"page.*but no schema"):
        asyncio.run(Store.open(db))
    assert db.read_bytes() == before


def test_a_new_database_is_created_whole(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite3"

    async def opened() -> int:
        store = await Store.open(db)
        version = await store.schema_version()
        await store.close()
        return version

    assert asyncio.run(opened()) == len(MIGRATIONS)
    names = {r[0] for r in read(db, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"tables", "games", "actions", "snapshots"} <= names
    assert not list(tmp_path.glob(".new.sqlite3.new-*"))  # the file it was built in is gone


def test_a_snapshot_written_before_the_log_digest_is_still_used_and_checked(
    images: Images, tmp_path: Path
) -> None:
    """A snapshot from before migration 3 (no log digest, its SHA-256 of the state alone)
    is used as before: the log is compared with it action by action."""
    import hashlib

    db = copy_of(images.crash, tmp_path / "db")
    state = bytes(read(db, "SELECT state FROM snapshots")[0][0])  # type: ignore[arg-type]
    update(
        db,
        "UPDATE snapshots SET log_digest = NULL, digest = ?",
        hashlib.sha256(state).hexdigest(),
    )
    report = check(db)
    assert report.ok and report.notes == [] and report.snapshots_checked == 1
    started = bot("resume", "--db", str(db))
    assert started.returncode == 0 and "discarded" not in started.stderr
    # and a log changed before it is still seen
    flip_prefix_action_value(images, db)
    assert check(db).damage == [
        f"table {images.table_id}: game {images.game_id}: its action 5 differs from the one"
        " its snapshot holds"
    ]
