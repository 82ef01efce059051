"""Simulator throughput: whole bot-only 扒鸡窝 matches through the table service and a real store.

* ``simulate.pajiwo_games_per_s``: full matches (standard options: until a side
  playing A goes up) per second of wall time, each played by four heuristic
  bots at an asynchronous-pace table, every action committed to a SQLite file
  in WAL mode, then checked (invariants, replay from the store equals the live
  state). ``actions_per_s`` and ``hands_per_s`` give the same run in finer units.

``PAIJU_BENCH_SIM_GAMES`` (default 3) sets the number of matches.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks import Figure
from bot.simulate import simulate
from games.registry import GAMES


async def _run(games: int, path: Path) -> list[dict[str, Any]]:
    return [line async for line in simulate("pajiwo", games=games, seed=1, db_path=path)]


def run() -> Iterator[Figure]:
    if not GAMES["pajiwo"].available:
        return
    games = int(os.environ.get("PAIJU_BENCH_SIM_GAMES", "3"))
    with tempfile.TemporaryDirectory(prefix="paiju-bench-") as tmp:
        start = time.perf_counter()
        lines = asyncio.run(_run(games, Path(tmp) / "simulate.sqlite3"))
        seconds = time.perf_counter() - start
    ok = all(x["cards_conserved"] and x["replay_equal"] for x in lines)
    actions = sum(x["actions"] for x in lines)
    hands = sum(x["hands"] for x in lines)
    yield Figure(
        "simulate.pajiwo_games_per_s",
        games / seconds,
        "games/s",
        None,
        {
            "games": games,
            "hands_per_s": round(hands / seconds, 3),
            "actions_per_s": round(actions / seconds, 1),
            "checks_ok": ok,
        },
    )
