"""SIGKILL in the middle of a game: a new process continues from the last accepted action.

A bot-only match is played by a real subprocess (``simulate --progress`` prints
``action TABLE N`` after action N is committed), killed with SIGKILL, then
``resume`` in a new process finishes it. Bot choices are derived from the state,
so the resumed match must be action for action the match an uninterrupted run
plays with the same seed.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "tests.host.toy_main", *args]


def actions(db: Path) -> list[dict[str, object]]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT action FROM actions ORDER BY game_id, seq").fetchall()
    return [json.loads(r[0]) for r in rows]


def run_killed(args: list[str], db: Path, kill_after: int) -> int:
    """Start the simulator, SIGKILL it once ``kill_after`` actions are committed; return it."""
    proc = subprocess.Popen(
        command(*args, "--db", str(db), "--progress"),
        cwd=ROOT,
        env=ENV,
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stderr is not None
    seen = 0
    try:
        for line in proc.stderr:
            if line.startswith("action "):
                seen = int(line.split()[2])
                if seen >= kill_after:
                    os.kill(proc.pid, signal.SIGKILL)
                    break
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the game ended before it could be killed"
    return seen


@pytest.mark.parametrize(
    ("game", "options", "kill_after"),
    [
        ("toy", ["--option", "hands=5"], 25),
        ("pajiwo", ["--match", "one_hand"], 40),
        ("pajiwo", ["--match", "full"], 400),  # a whole match to level A, killed in hand 5 or so
    ],
)
def test_sigkill_mid_game_then_resume(
    tmp_path: Path, game: str, options: list[str], kill_after: int
) -> None:
    if game != "toy" and not GAMES[game].available:
        pytest.skip(f"{game} is not built yet")
    base = ["simulate", game, "--games", "1", "--seed", "8", *options]
    whole_db = tmp_path / "whole.sqlite3"
    whole = subprocess.run(
        command(*base, "--db", str(whole_db), "--json"),
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    whole_line = json.loads(whole.stdout)
    reference = actions(whole_db)
    assert whole_line["actions"] == len(reference) > kill_after + 5

    killed_db = tmp_path / "killed.sqlite3"
    seen = run_killed([*base, "--bot-delay", "0.02"], killed_db, kill_after)
    stored = actions(killed_db)
    # every action announced before the kill is in the file, and the file is a prefix of the game
    assert len(stored) >= seen >= kill_after
    assert len(stored) < len(reference)
    assert stored == reference[: len(stored)]

    resumed = subprocess.run(
        command("resume", "--db", str(killed_db), "--json"),
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    line = json.loads(resumed.stdout)
    assert line["status"] == "finished"
    assert line["replay_equal"] and line["cards_conserved"]
    assert actions(killed_db) == reference
    assert (line["scores"], line["hands"]) == (whole_line["scores"], whole_line["hands"])
    with sqlite3.connect(killed_db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 1
        assert conn.execute("SELECT status FROM tables").fetchall() == [("finished",)]
