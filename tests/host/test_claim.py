"""One process runs a database's tables: a second service on the same file is refused at start-up
(two would both move for the same bots and collide on action numbers)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.errors import TableError
from bot.store import Store
from bot.tables import TableService
from tests.host.test_cli import ENV, ROOT


async def test_a_second_service_on_the_same_file_is_refused_until_the_first_stops(
    db_path: Path,
) -> None:
    first_store, second_store = await Store.open(db_path), await Store.open(db_path)
    first, second = TableService(first_store), TableService(second_store)
    try:
        await first.start_up()
        with pytest.raises(TableError) as info:
            await second.start_up()
        assert info.value.code == "database_in_use"
        assert str(db_path) in info.value.message and "--db" in info.value.message
        await first.shut_down()
        await second.start_up()  # the claim went with the first service
        other = TableService(await Store.open(db_path.with_name("other.sqlite3")))
        await other.start_up()  # another file is free
        await other.shut_down()
        await other.store.close()
    finally:
        await first.shut_down()
        await second.shut_down()
        await first_store.close()
        await second_store.close()


def test_resume_while_a_terminal_game_runs_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "p.sqlite3"
    play = subprocess.Popen(
        [sys.executable, "-m", "bot", "play", "pajiwo", "--db", str(db), "--seed", "4"],
        cwd=ROOT,
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert play.stdin is not None and play.stdout is not None
    try:
        for line in play.stdout:  # the table is up once the first prompt is shown
            if line.startswith("your move"):
                break
        done = subprocess.run(
            [sys.executable, "-m", "bot", "resume", "--db", str(db)],
            cwd=ROOT,
            env=ENV,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2
        assert "another Paiju process is running the tables of" in done.stderr
    finally:
        play.stdin.close()  # end of input: the game is saved
        play.wait(timeout=60)
    assert play.returncode == 0
    after = subprocess.run(
        [sys.executable, "-m", "bot", "resume", "--db", str(db)],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert after.returncode == 0
    assert after.stderr.strip() == f"nothing to resume: {db} has no unfinished bot-only table"


def test_simulate_into_a_closed_pipe_stops_quietly(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "simulate", "pajiwo", "--games", "5", "--match", "one_hand"],
        cwd=ROOT,
        env=ENV,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read()
    proc.wait(timeout=120)
    assert "Traceback" not in err
