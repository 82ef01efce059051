"""Store benchmarks: the cost of storing one accepted action, and of rebuilding a game.

* ``store.append_p99_ms`` (target < 10): 99th percentile wall time of
  ``Store.append_action`` on a real SQLite file in WAL mode with
  ``synchronous`` as the store sets it (``FULL``: the log is synced to disk at
  every commit) — one transaction with the action, its idempotency key and the
  table's new deadlines, the path a person's move takes — over 2,000 appends.
  ``synchronous`` in the line says which setting was measured.
* ``store.pg_append_p99_ms`` (target < 10): the same 2,000 appends on PostgreSQL
  (``DATABASE_URL``, :mod:`bot.store_pg`: one transaction over a unix socket, committed
  with ``synchronous_commit = on``, so the server's WAL is flushed to disk before the
  append returns), on the server of :mod:`benchmarks.pg` (left out without one).
* ``store.disk_sync_p99_ms`` (no target; the floor under the figure above):
  99th percentile of writing 16 KB into a file in the same directory and
  ``fdatasync`` (what one durable commit asks of the disk), over 500 writes.
  On a shared machine the disk's own time dominates and varies with the
  other jobs' writes: read the two figures together.
* ``store.replay_200_actions_ms`` (target < 20): median CPU time
  (``time.process_time``, all threads, so that other load on the shared machine
  does not inflate it) to read 200 actions of a real 扒鸡窝 match back from the
  store and replay them from the seed (``Game.replay``), as start-up does for
  each unfinished table. ``read_ms`` and ``engine_ms`` split it: reading the
  store, and the engine's own replay (each action checked, then applied).
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks import Figure
from benchmarks.pg import postgres_schema, postgres_server
from bot.store import Store, TableRow
from bot.timers import Deadline
from games.base import Game
from games.registry import GAMES

APPENDS = 2000
REPLAYS = 30
SYNCS = 500


def _row() -> TableRow:
    return TableRow(
        guild_id=1,
        channel_id=1,
        game="pajiwo",
        status="lobby",
        host_user_id=1,
        preset="standard",
        options={},
        pace="live",
        pace_seconds=60,
        rated=None,
        seats=[{"index": i, "user_id": 100 + i} for i in range(4)],
    )


def bot_actions(engine: type[Game], seed: int, count: int) -> tuple[Game, list[dict[str, Any]]]:
    """Play a bot-only match of ``engine`` until ``count`` actions; return the game and actions."""
    bots = GAMES[engine.name].bots()
    players = [bots["heuristic"]() for _ in range(engine.seat_count)]
    game = engine(seed, engine.options_type.from_dict({"deal": "all_at_once"}))
    rng = random.Random(seed)
    while len(game.actions) < count:
        step = game.table_action()
        if step is not None:
            game.apply(step)
            continue
        decision = next(d for d in game.pending() if d.seat is not None and d.required)
        assert decision.seat is not None
        game.apply(players[decision.seat].choose(game, decision.seat, rng))
    return game, [a.to_json() for a in game.actions]


def _disk_sync(path: Path) -> list[float]:
    """Milliseconds of each 16 KB write + ``fdatasync`` into ``path`` (new blocks, as a
    growing WAL writes them)."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        times = []
        block = os.urandom(16384)
        for i in range(SYNCS):
            start = time.perf_counter()
            os.pwrite(fd, block, i * len(block))
            os.fdatasync(fd)
            times.append((time.perf_counter() - start) * 1000)
        return times
    finally:
        os.close(fd)


async def _append(path: Path | str) -> tuple[list[float], int]:
    """Each append's milliseconds, and the connection's ``PRAGMA synchronous`` (2 = FULL)."""
    store = await Store.open(path)
    try:
        synchronous = await store.synchronous()
        table_id = await store.insert_table(_row(), 0.0)
        game_id = await store.start_game(table_id, "pajiwo", {}, 1, [], 0.0)
        times = []
        for seq in range(APPENDS):
            action = {"seat": seq % 4, "kind": "play", "data": {"cards": ["10s", "10s"]}}
            deadlines = {(seq + 1) % 4: Deadline((seq + 1) % 4, seq + 60.0, seq + 30.0)}
            start = time.perf_counter()
            await store.append_action(
                game_id,
                seq,
                action,
                f"u:interaction-{seq}",
                100 + seq % 4,
                float(seq),
                table_id=table_id,
                deadlines=deadlines,
            )
            times.append((time.perf_counter() - start) * 1000)
        return times, synchronous
    finally:
        await store.close()


async def _replay(path: Path) -> tuple[list[float], list[float]]:
    engine = GAMES["pajiwo"].engine()
    live, actions = bot_actions(engine, 7, 200)
    store = await Store.open(path)
    try:
        table_id = await store.insert_table(_row(), 0.0)
        game_id = await store.start_game(table_id, "pajiwo", live.options.to_dict(), 7, [], 0.0)
        for seq, action in enumerate(actions):
            await store.append_action(game_id, seq, action, f"k{seq}", None, 0.0)
        reads: list[float] = []
        engines: list[float] = []
        for _ in range(REPLAYS):
            start = time.process_time()
            row = await store.game(game_id)
            stored = await store.actions(game_id)
            read = time.process_time()
            rebuilt = engine.replay(row.seed, row.options, stored)
            reads.append((read - start) * 1000)
            engines.append((time.process_time() - read) * 1000)
            assert len(rebuilt.actions) == 200
        assert rebuilt.snapshot() == live.snapshot()
        return reads, engines
    finally:
        await store.close()


def run() -> Iterator[Figure]:
    with tempfile.TemporaryDirectory(prefix="paiju-bench-") as tmp:
        times, synchronous = asyncio.run(_append(Path(tmp) / "append.sqlite3"))
        times.sort()
        yield Figure(
            "store.append_p99_ms",
            times[int(len(times) * 0.99) - 1],
            "ms",
            "< 10",
            {
                "p50_ms": round(statistics.median(times), 4),
                "appends": len(times),
                "synchronous": {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}[synchronous],
            },
        )
        server = postgres_server()
        if server is not None:
            with postgres_schema(server) as url:
                times, synchronous = asyncio.run(_append(url))
            times.sort()
            yield Figure(
                "store.pg_append_p99_ms",
                times[int(len(times) * 0.99) - 1],
                "ms",
                "< 10",
                {
                    "p50_ms": round(statistics.median(times), 4),
                    "appends": len(times),
                    "synchronous_commit": "on" if synchronous == 2 else "off",
                },
            )
        syncs = sorted(_disk_sync(Path(tmp) / "sync.bin"))
        yield Figure(
            "store.disk_sync_p99_ms",
            syncs[int(len(syncs) * 0.99) - 1],
            "ms",
            None,
            {"p50_ms": round(statistics.median(syncs), 4), "writes": len(syncs)},
        )
        if GAMES["pajiwo"].available:
            reads, engines = asyncio.run(_replay(Path(tmp) / "replay.sqlite3"))
            totals = [r + e for r, e in zip(reads, engines, strict=True)]
            yield Figure(
                "store.replay_200_actions_ms",
                statistics.median(totals),
                "ms",
                "< 20",
                {
                    "read_ms": round(statistics.median(reads), 4),
                    "engine_ms": round(statistics.median(engines), 4),
                    "runs": len(totals),
                },
            )
