"""``python -m bot backup`` and ``check`` as an admin meets them (issue 21): directories,
names that never collide, read-only places, nothing left behind, no traceback ever.

Every command runs as a real subprocess on real files in a temporary directory. A
read-only mount is made with ``unshare -m`` and a read-only bind mount (root in a
private mount namespace, gone with the process); where that is not possible the
tests that need it are skipped, saying why. A path whose parent is a regular file
fails for root too, and is used for the "cannot write there" cases everywhere.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.backup import EXIT_BAD_COPY, EXIT_CANNOT, EXIT_OK
from bot.store import Store, TableRow

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}


def bot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The single ``error:`` line of a failed command (no traceback, nothing else)."""
    assert done.returncode == EXIT_CANNOT, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


async def _make(db: Path) -> None:
    store = await Store.open(db)
    await store.insert_table(
        TableRow(
            guild_id=1,
            channel_id=9,
            game="pajiwo",
            status="lobby",
            host_user_id=5,
            preset="standard",
            options={},
            pace="live",
            pace_seconds=60,
            rated=None,
            seats=[{"index": i, "user_id": 5 if i == 0 else None} for i in range(4)],
        ),
        1.0,
    )
    await store.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "live" / "paiju.sqlite3"
    path.parent.mkdir()
    asyncio.run(_make(path))
    assert sorted(p.name for p in path.parent.iterdir()) == ["paiju.sqlite3"]
    return path


def test_a_path_ending_in_a_slash_is_a_directory_created_if_missing(
    db: Path, tmp_path: Path
) -> None:
    target = tmp_path / "backups" / "daily"
    done = bot("backup", f"{target}/", "--db", str(db))
    assert done.returncode == EXIT_OK, done.stderr
    assert target.is_dir()
    (copy,) = target.iterdir()
    assert copy.name.startswith("paiju-") and copy.suffix == ".sqlite3"
    assert f"backed up {db} to {copy}" in done.stdout
    assert bot("check", str(copy)).returncode == EXIT_OK


def test_backups_in_one_second_never_collide(
    db: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from bot.backup import backup

    target = tmp_path / "backups"
    target.mkdir()
    second = time.gmtime(1_800_000_000)
    monkeypatch.setattr(time, "gmtime", lambda *_: second)  # all three in the same second
    made = [backup(db, target).path for _ in range(3)]
    assert made[0].name == "paiju-20270115-080000.sqlite3"
    assert len(set(made)) == 3
    assert made[1].name == made[0].name.replace(".sqlite3", "-2.sqlite3")
    assert made[2].name == made[0].name.replace(".sqlite3", "-3.sqlite3")
    assert sorted(p.name for p in target.iterdir()) == sorted(p.name for p in made)
    for copy in made:
        with sqlite3.connect(copy) as conn:
            assert conn.execute("SELECT COUNT(*) FROM tables").fetchone() == (1,)


def test_a_backup_that_cannot_be_written_is_one_error_line(db: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    for target in (f"{blocker}/backups/", f"{blocker}/copy.sqlite3"):
        line = one_error_line(bot("backup", target, "--db", str(db)))
        assert str(blocker) in line
    assert not list(tmp_path.glob("**/*.partial"))
    missing = one_error_line(bot("backup", str(tmp_path / "copy.sqlite3"), "--db", "nope.db"))
    assert missing == "error: there is no database nope.db"


def test_check_leaves_nothing_beside_the_file_it_checks(db: Path) -> None:
    # a database in WAL mode whose bot stopped cleanly: one file, and one file after
    done = bot("check", str(db))
    assert done.returncode == EXIT_OK, done.stdout + done.stderr
    assert sorted(p.name for p in db.parent.iterdir()) == ["paiju.sqlite3"]


def test_check_of_a_crashed_file_changes_none_of_its_three_files(tmp_path: Path) -> None:
    db = tmp_path / "paiju.sqlite3"
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("CREATE TABLE t (x)")
    writer.execute("INSERT INTO t VALUES (1)")
    files = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    assert set(files) == {"paiju.sqlite3", "paiju.sqlite3-wal", "paiju.sqlite3-shm"}
    snapshot = {name: data for name, data in files.items()}
    done = bot("check", str(db))  # (another program's file: a problem, exit 1)
    assert done.returncode == EXIT_BAD_COPY and "not a Paiju database" in done.stdout
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == snapshot
    writer.close()


def test_check_of_a_file_that_is_not_sqlite_or_cannot_be_read(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"definitely not a database" * 50)
    assert one_error_line(bot("check", str(junk))) == (
        f"error: {junk} is not a SQLite database (its first bytes are not SQLite's header)"
    )
    assert one_error_line(bot("check", str(tmp_path))) == (
        f"error: {tmp_path} is a directory, not a database file"
    )


# ------------------------------------------------------------------ read-only mounts
def _read_only_mount_works() -> str | None:
    """``None`` when a read-only bind mount can be made here, else why not."""
    probe = (
        'd=$(mktemp -d) && mount --bind "$d" "$d" && mount -o remount,bind,ro "$d"'
        ' && ! touch "$d/x" 2>/dev/null'
    )
    try:
        done = subprocess.run(
            ["unshare", "-m", "sh", "-c", probe], capture_output=True, text=True, timeout=30
        )
    except (OSError, subprocess.SubprocessError) as exc:
        return f"unshare is not available ({exc})"
    if done.returncode != 0:
        return f"no read-only bind mount in a private namespace here ({done.stderr.strip()})"
    return None


NO_RO_MOUNT = _read_only_mount_works()


def on_read_only(directory: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` while ``directory`` is mounted read-only (for this process
    alone: a private mount namespace)."""
    command = " ".join(shlex.quote(a) for a in [sys.executable, "-m", "bot", *args])
    script = (
        f"mount --bind {shlex.quote(str(directory))} {shlex.quote(str(directory))}"
        f" && mount -o remount,bind,ro {shlex.quote(str(directory))} && cd {shlex.quote(str(ROOT))}"
        f" && exec {command}"
    )
    return subprocess.run(
        ["unshare", "-m", "sh", "-c", script],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(NO_RO_MOUNT is not None, reason=str(NO_RO_MOUNT))
def test_check_and_backup_of_a_database_on_a_read_only_mount(db: Path, tmp_path: Path) -> None:
    done = on_read_only(db.parent, "check", str(db))
    assert done.returncode == EXIT_OK, done.stdout + done.stderr
    assert "is not a SQLite database" not in done.stdout + done.stderr
    out = tmp_path / "out"
    out.mkdir()
    made = on_read_only(db.parent, "backup", f"{out}/", "--db", str(db))
    assert made.returncode == EXIT_OK, made.stderr
    (copy,) = out.iterdir()
    assert bot("check", str(copy)).returncode == EXIT_OK
    assert sorted(p.name for p in db.parent.iterdir()) == ["paiju.sqlite3"]


@pytest.mark.skipif(NO_RO_MOUNT is not None, reason=str(NO_RO_MOUNT))
def test_a_backup_into_a_read_only_directory_is_one_error_line(db: Path, tmp_path: Path) -> None:
    target = tmp_path / "readonly"
    target.mkdir()
    line = one_error_line(on_read_only(target, "backup", f"{target}/", "--db", str(db)))
    assert line.startswith("error: cannot write the backup ")
    assert "Read-only file system; choose a directory you can write to" in line
    assert list(target.iterdir()) == []


def test_check_of_the_live_file_while_the_bot_writes_sees_one_moment(tmp_path: Path) -> None:
    """``check`` of the file a running process writes: it reads one moment of it (one read
    transaction), so it never takes a snapshot newer than its log for damage, and it leaves
    the running process's files as they are."""
    live = tmp_path / "live.sqlite3"
    hand = ["simulate", "pajiwo", "--games", "1", "--seed", "8", "--match", "one_hand"]
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "bot",
            *hand,
            "--db",
            str(live),
            "--progress",
            "--bot-delay",
            "0.1",  # the hand outlasts the first check's start-up on a busy machine
        ],
        cwd=ROOT,
        env=ENV,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stderr is not None
    checks = []
    try:
        for line in proc.stderr:
            if line.startswith("action ") and int(line.split()[2]) % 15 == 0:
                checks.append(bot("check", str(live)))
                if len(checks) == 4:
                    break
    finally:
        proc.kill()
        proc.wait(timeout=60)
    assert len(checks) == 4
    for done in checks:
        assert done.returncode == EXIT_OK, done.stdout + done.stderr
        assert "problem" not in done.stdout
    # (the hand may end while a check runs: the first ones at least saw it playing)
    assert "1 open tables, 1 games replay" in checks[0].stdout
    assert "a running Paiju process holds this file" in checks[0].stdout


@pytest.mark.skipif(NO_RO_MOUNT is not None, reason=str(NO_RO_MOUNT))
def test_check_of_a_crashed_file_on_a_read_only_mount(tmp_path: Path) -> None:
    """With a ``-wal`` the file is read from a private copy: beside it where it can be made,
    else (a read-only mount) in the system's temporary directory."""
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    db = crashed / "paiju.sqlite3"
    writer = sqlite3.connect(db, isolation_level=None)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("CREATE TABLE t (x)")
    before = {p.name: p.read_bytes() for p in crashed.iterdir()}
    assert "paiju.sqlite3-wal" in before
    done = on_read_only(crashed, "check", str(db))
    assert done.returncode == EXIT_BAD_COPY, done.stdout + done.stderr
    assert f"{db} is not a Paiju database (schema version 0)" in done.stdout
    assert {p.name: p.read_bytes() for p in crashed.iterdir()} == before
    writer.close()


def test_a_backup_into_a_file_used_as_a_directory_names_the_file(db: Path, tmp_path: Path) -> None:
    """``backup notes.txt/sub/x.sqlite3``: the part of the path that is a file is named."""
    notes = tmp_path / "notes.txt"
    notes.write_text("not a directory")
    line = one_error_line(bot("backup", "--db", str(db), str(notes / "sub" / "x.sqlite3")))
    assert line == f"error: {notes} is a file, not a directory: choose another place"
    assert notes.read_text() == "not a directory"
