"""打滚子 on the host: a match through the table service and a real SQLite store (a person
moving by the hint, three bots, a tribute on the second hand), and the command line
(``simulate`` and ``play``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.store import Store
from bot.tables import TableService
from bot.timers import ManualScheduler
from games.registry import GAMES

pytestmark = pytest.mark.skipif(not GAMES["dagunzi"].available, reason="dagunzi not built yet")

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
ENV.update(LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))
USER = 78
CH = 4321


async def test_dagunzi_hands_through_the_service(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    table = await service.open_table(
        guild_id=3,
        channel_id=CH,
        game="打滚子",
        user_id=USER,
        name="me",
        pace="relaxed",
        options={"match": "hands", "hands": "2"},
    )
    # an asynchronous table: the deal still goes in steps, declaring is asked in turn
    assert table.resolved_options().to_dict()["deal"] == "all_at_once"
    await service.add_bot(CH, USER, 3)
    await service.start(CH, USER, seed=11)
    engine = table.engine
    assert engine is not None and table.game_id is not None
    moves = 0
    while table.status == "playing":
        await scheduler.run_due()
        if table.status != "playing":
            break
        move = service.hint(table.id, USER)
        assert move is not None, engine.pending()
        await service.act(table.id, USER, move, f"m{moves}")
        moves += 1
    assert table.status == "finished" and moves > 20
    assert len(engine.hand_results) == 2
    kinds = [a.kind for a in engine.actions]
    assert "tribute" in kinds  # the second hand drinks the first hand's blood
    assert kinds.count("bury") == 2
    assert all(engine.invariants().values())
    stored = await store.actions(table.game_id)
    assert len(stored) == len(engine.actions)
    row = await store.game(table.game_id)
    assert type(engine).replay(row.seed, row.options, stored).snapshot() == engine.snapshot()


def test_simulate_dagunzi(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "simulate",
            "dagunzi",
            "--games",
            "2",
            "--seed",
            "1",
            "--match",
            "one_hand",
            "--json",
            "--db",
            str(tmp_path / "s.sqlite3"),
        ],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(x) for x in done.stdout.splitlines()]
    assert [x["seed"] for x in lines] == [1, 2]
    for line in lines:
        assert line["status"] == "finished" and line["hands"] == 1
        assert line["cards_conserved"] and line["replay_equal"]
        assert line["actions"] > 39  # at least one play a trick, 39 cards each


def test_play_dagunzi_one_hand_through_stdin(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "play",
            "dagunzi",
            "--db",
            str(tmp_path / "p.sqlite3"),
            "--seed",
            "3",
            "--match",
            "one_hand",
        ],
        cwd=ROOT,
        env=ENV,
        input="1\n" * 400,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert "── 打滚子 Dagunzi" in text
    assert "your hand (39):" in text and "  trump (" in text
    # the grab and the kitty in words, from the presentation (the reader's seat is "you")
    assert "grabs the deal (抢亮)" in text or "you show a 大王 and grab the deal (抢亮)" in text
    assert "take the kitty (拿底) and bury 6" in text or "takes the kitty (拿底) and buries" in text
    assert "Match over: " in text and "Match over after 1 hand\n" in text
