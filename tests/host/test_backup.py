"""``python -m bot backup|check|health``: a live backup mid-match restores and resumes.

A real simulator process plays a 扒鸡窝 hand with a pause between moves while
this process holds the database's claim, as the running bot does; ``backup``
(another process) copies the file meanwhile. The copy is a prefix of the match,
``check`` passes it, and ``resume`` in a new process on the restored copy plays
the very match an uninterrupted run plays.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.backup import EXIT_BAD_COPY, EXIT_CANNOT, EXIT_OK, BackupError, backup, check, health
from bot.claim import claim_database
from bot.store_schema import MIGRATIONS
from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}
SLOW = ["--bot-delay", "0.03"]
HAND = ["simulate", "pajiwo", "--games", "1", "--seed", "8", "--match", "one_hand"]

pytestmark = pytest.mark.skipif(not GAMES["pajiwo"].available, reason="pajiwo is not built")


def bot(*args: str, check: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
        check=check,
    )


def actions(db: Path) -> list[dict[str, object]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT action FROM actions ORDER BY game_id, seq").fetchall()
    return [json.loads(r[0]) for r in rows]


def test_backup_mid_match_restores_and_resumes_to_the_same_end(tmp_path: Path) -> None:
    whole_db = tmp_path / "whole.sqlite3"
    whole = json.loads(bot(*HAND, "--db", str(whole_db), "--json", check=True).stdout)
    reference = actions(whole_db)

    live, copy = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", *HAND, "--db", str(live), "--progress", *SLOW],
        cwd=ROOT,
        env=ENV,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stderr is not None
    seen = at_backup = 0
    try:
        # the simulator holds the database's claim, as the running bot would: no obstacle
        for line in proc.stderr:
            if not line.startswith("action "):
                continue
            seen = int(line.split()[2])
            if seen >= 15 and not at_backup:
                at_backup = seen
                made = bot("backup", str(copy), "--db", str(live))
                assert made.returncode == EXIT_OK, made.stderr
                assert f"backed up {live} to {copy}" in made.stdout
            if at_backup and seen >= at_backup + 10:
                break  # the simulator moved on during and after the backup
    finally:
        proc.kill()
        proc.wait(timeout=60)
    assert at_backup and seen >= at_backup + 10

    copied = actions(copy)
    assert at_backup <= len(copied) < len(reference)
    assert copied == reference[: len(copied)]  # one consistent moment of the match
    verified = bot("check", str(copy))
    assert verified.returncode == EXIT_OK, verified.stdout
    assert f"1 open tables, 1 games replay with {len(copied)} actions" in verified.stdout

    # restore as the README says: the copy becomes the database of a new process
    restored = tmp_path / "restored.sqlite3"
    shutil.copyfile(copy, restored)
    resumed = json.loads(bot("resume", "--db", str(restored), "--json", check=True).stdout)
    assert resumed["status"] == "finished" and resumed["replay_equal"]
    assert actions(restored) == reference
    assert (resumed["scores"], resumed["hands"]) == (whole["scores"], whole["hands"])


def test_backup_refuses_its_own_database_and_an_existing_copy(tmp_path: Path) -> None:
    db = tmp_path / "paiju.sqlite3"
    bot(*HAND, "--db", str(db), check=True)
    with pytest.raises(BackupError, match="another file than the database"):
        backup(db, db)
    with pytest.raises(BackupError, match="another file than the database"):
        backup(db, tmp_path / "paiju.sqlite3-wal")
    with pytest.raises(BackupError, match="there is no database"):
        backup(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")
    first = backup(db, tmp_path)  # a directory: a dated file in it
    assert first.path.parent == tmp_path and first.path.name.startswith("paiju-")
    with pytest.raises(BackupError, match="exists already"):
        backup(db, first.path)
    assert backup(db, first.path, overwrite=True).bytes == first.path.stat().st_size
    # the copy is one file in rollback-journal mode: nothing beside it to lose
    with sqlite3.connect(first.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert check(first.path).ok
    assert not list(tmp_path.glob(".*.partial"))


def test_check_names_a_game_that_does_not_replay(tmp_path: Path) -> None:
    db = tmp_path / "live.sqlite3"
    proc = bot(*HAND, "--db", str(db))
    assert proc.returncode == 0
    copy = tmp_path / "copy.sqlite3"
    backup(db, copy)
    with sqlite3.connect(copy) as conn:  # reopen the finished match's table as if mid-game
        conn.execute("UPDATE tables SET status = 'playing'")
        conn.execute("UPDATE games SET status = 'playing'")
        conn.execute(
            "UPDATE actions SET action = ? WHERE seq = 40",
            (json.dumps({"seat": 0, "kind": "play", "data": {"cards": ["BJ", "BJ", "BJ"]}}),),
        )
        for table in ("hands", "match_players", "matches"):
            conn.execute(f"DELETE FROM {table}")
    report = check(copy)
    assert not report.ok
    assert report.problems[0].startswith("table 1: game 1 does not replay (")
    assert report.damage == report.problems  # a log that does not replay: the file is damaged
    done = bot("check", str(copy))
    assert done.returncode == EXIT_BAD_COPY
    assert f"{copy} is damaged: start-up refuses it; restore a backup" in done.stdout
    refused = bot("resume", "--db", str(copy))  # start-up agrees, and says what to do
    assert refused.returncode == 2
    assert refused.stderr.strip().splitlines()[-1] == (
        f"error: {copy} is damaged (table 1: {report.problems[0][len('table 1: ') :]}):"
        ' restore a backup (see README "Backups and restore")'
    )


def test_check_exit_codes_for_files_it_cannot_read(tmp_path: Path) -> None:
    missing = bot("check", str(tmp_path / "missing.sqlite3"))
    assert missing.returncode == EXIT_CANNOT
    assert "there is no database" in missing.stderr
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    garbage = bot("check", str(junk))
    assert garbage.returncode == EXIT_CANNOT
    assert "is not a SQLite database" in garbage.stderr
    assert not (tmp_path / "missing.sqlite3").exists()  # checking never creates a file

    empty = tmp_path / "empty.sqlite3"
    sqlite3.connect(empty).close()  # a 0-byte file: SQLite's empty database
    nothing = bot("check", str(empty))
    assert nothing.returncode == EXIT_CANNOT  # nothing to work on, as README says
    assert nothing.stderr.strip() == (
        f"error: {empty} is an empty database: it holds no Paiju tables"
    )
    assert empty.stat().st_size == 0  # and checking wrote nothing into it
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as conn:
        conn.execute("PRAGMA user_version = 99")
    assert check(newer).problems == [
        f"{newer} has schema version 99, newer than this code's {len(MIGRATIONS)}: update Paiju"
    ]
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    assert check(other).problems == [f"{other} is not a Paiju database (schema version 0)"]


def test_health_is_true_while_a_process_holds_the_claim(tmp_path: Path) -> None:
    db = tmp_path / "paiju.sqlite3"
    bot(*HAND, "--db", str(db), check=True)
    assert health(db) == (False, f"no process runs the tables of {db}")
    assert bot("health", "--db", str(db)).returncode == EXIT_BAD_COPY
    claim = claim_database(db)
    try:
        assert health(db) == (True, f"process {os.getpid()} runs the tables of {db}")
        done = bot("health", "--db", str(db))
        assert done.returncode == EXIT_OK, done.stdout
        # the probe took no lock: the claim is still ours alone
        assert bot("resume", "--db", str(db)).returncode == 2
    finally:
        claim.release()
    healthy, why = health(tmp_path / "missing.sqlite3")
    assert not healthy and "there is no database" in why
