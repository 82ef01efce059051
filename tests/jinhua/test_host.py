"""The host runs Jinhua: ``python -m bot simulate jinhua`` through the table service and a
real SQLite store, replay from the store equal to the live game."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
ENV.update(LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))


def simulate(db: Path) -> list[dict[str, Any]]:
    done = subprocess.run(
        [
            *(sys.executable, "-m", "bot", "simulate", "jinhua"),
            *("--games", "2", "--seed", "1", "--json", "--db", str(db)),
        ],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(x) for x in done.stdout.splitlines()]


def test_simulate_two_matches_replay_and_store(tmp_path: Path) -> None:
    lines = simulate(tmp_path / "a.sqlite3")
    assert [x["seed"] for x in lines] == [1, 2]
    for line in lines:
        assert line["game"] == "jinhua" and line["status"] == "finished"
        assert line["cards_conserved"] is True and line["replay_equal"] is True
        assert sum(line["scores"]) == 0
    with sqlite3.connect(tmp_path / "a.sqlite3") as conn:
        hands = conn.execute("SELECT COUNT(*) FROM hands").fetchone()[0]
    assert hands == sum(int(x["hands"]) for x in lines)
    again = simulate(tmp_path / "b.sqlite3")
    assert [(x["scores"], x["actions"]) for x in again] == [
        (x["scores"], x["actions"]) for x in lines
    ]
