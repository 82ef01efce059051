"""Host memory: ``host.rss_200_tables_mb`` (target < 150).

A fresh subprocess (so that nothing else this process loaded counts) opens 200
扒鸡窝 tables in one :class:`bot.tables.TableService` over one SQLite file,
each with one person and three heuristic bots at a relaxed-pace table, starts
them and plays each until the hand is well under way (the person's moves come
from the hint, the bots' from the service, at least 60 actions a table), with
every deadline armed. Then it reports its resident set size (``VmRSS``) in MB;
``baseline_mb`` is the same process before the first table opened.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from benchmarks import Figure

TABLES = 200
ACTIONS_PER_TABLE = 60


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


async def _tables(path: Path) -> dict[str, float]:
    from bot.store import Store
    from bot.tables import TableService
    from bot.timers import FakeClock, ManualScheduler

    baseline = _rss_mb()
    store = await Store.open(path)
    scheduler = ManualScheduler(FakeClock())
    service = TableService(store, scheduler=scheduler, rng_seed=1, default_pace="relaxed")
    playing = 0
    for i in range(TABLES):
        user, channel = 10_000 + i, 20_000 + i
        table = await service.open_table(
            guild_id=1, channel_id=channel, game="pajiwo", user_id=user, name=f"player {i}"
        )
        await service.add_bot(channel, user, 3)
        await service.start(channel, user, seed=i)
        await scheduler.run_due()
        assert table.engine is not None
        n = 0
        while len(table.engine.actions) < ACTIONS_PER_TABLE and table.status == "playing":
            move = service.hint(table.id, user)
            if move is not None:
                await service.act(table.id, user, move, f"k{n}")
                n += 1
            await scheduler.run_due()
        playing += table.status == "playing" and not table.engine.is_over
    rss = _rss_mb()
    await store.close()
    return {"rss": rss, "baseline": baseline, "playing": playing}


def _child(path: str) -> None:
    print(json.dumps(asyncio.run(_tables(Path(path)))))


def run() -> Iterator[Figure]:
    from games.registry import GAMES

    if not GAMES["pajiwo"].available:
        return
    with tempfile.TemporaryDirectory(prefix="paiju-bench-") as tmp:
        code = f"from benchmarks.bench_host import _child; _child({str(Path(tmp) / 'h.sqlite3')!r})"
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=900
        )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    yield Figure(
        "host.rss_200_tables_mb",
        result["rss"],
        "MB",
        "< 150",
        {"baseline_mb": round(result["baseline"], 1), "tables_mid_hand": int(result["playing"])},
    )
