"""金坛's first deal is told as the game starts (the dealer, the dice, the flowers laid out
before the first discard): before the first move is asked for, not after the dealer's discard;
the host hands those events over once, in the ``started`` update (the terminal and Discord)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from games.base import Action
from games.jintan import JintanGame

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
ENV.update(LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT), PAIJU_LANG="en")


def test_the_opening_events_are_handed_over_once() -> None:
    game = JintanGame(3, JintanGame.options_type.from_dict({"match": "one_hand"}))
    opening = game.opening_events()
    assert [e.kind for e in opening][:2] == ["hand_started", "flower"]
    assert game.opening_events() == []
    tile = game.view(0)["drawn"]
    events = game.apply(Action(0, "discard", {"tile": tile}))
    assert "hand_started" not in [e.kind for e in events]


def test_the_terminal_tells_the_deal_before_asking_for_the_first_discard(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            *(sys.executable, "-m", "bot", "play", "jintan"),
            *("--db", str(tmp_path / "j.sqlite3"), "--seed", "3", "--match", "one_hand"),
        ],
        cwd=ROOT,
        env=ENV,
        input="1\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = done.stdout.splitlines()
    started = [i for i, line in enumerate(lines) if "Hand 1: you deal (East), dice 5+3" in line]
    flower = [i for i, line in enumerate(lines) if "you lay out a flower (Summer)" in line]
    assert len(started) == 1 and len(flower) == 1, done.stdout[-3000:]
    heading = lines.index("match: one hand")
    first_move = next(i for i, line in enumerate(lines) if line.startswith("your move"))
    assert heading < started[0] < flower[0] < first_move
