"""Host memory and start-up.

``host.rss_200_tables_mb`` (target < 150): a fresh subprocess (so that nothing
else this process loaded counts) opens 200 扒鸡窝 tables in one
:class:`bot.tables.TableService` over one SQLite file, each with one person and
three heuristic bots at a relaxed-pace table, starts them and plays each until
the hand is well under way (the person's moves come from the hint, the bots'
from the service, at least 60 actions a table), with every deadline armed.
Then it reports its resident set size (``VmRSS``) in MB; ``baseline_mb`` is the
same process before the first table opened.

``host.startup_1000_tables_s`` (target < 5): a database holds 1,000 扒鸡窝
tables in the middle of a full match (8 different matches in hands 3 to 6,
262 actions a table on average, a person to move, deadlines stored). The
figure is the wall time from starting a new process to its line saying that
``TableService.start_up()`` has rebuilt every table (the right number of
actions, the person's decision pending). Snapshots are as a clean stop leaves
them; ``host.startup_1000_tables_after_crash_s`` is the same with snapshots up
to 15 actions behind, as a crash leaves them. ``cpu_s`` is the child's CPU time
up to that line, which is the wall time on an idle core.

``host.pg_startup_1000_tables_s`` (target < 5): the same start-up, the same 1,000 tables
(copied by ``python -m bot migrate``'s code into a new schema), on PostgreSQL
(:mod:`benchmarks.pg`; left out without a server).

``PAIJU_BENCH_HOST`` (default ``rss,startup,pg``) chooses the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
    wanted = os.environ.get("PAIJU_BENCH_HOST", "rss,startup,pg").split(",")
    if "startup" in wanted:
        yield startup_figure(crashed=False)
        yield startup_figure(crashed=True)
    if "pg" in wanted:
        from benchmarks.pg import postgres_server

        server = postgres_server()
        if server is not None:
            yield startup_figure(crashed=False, postgres=server)
    if "rss" not in wanted:
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


# ------------------------------------------------------------------ start-up at scale
STARTUP_TABLES = 1000
STARTUP_GAMES = 8  # distinct matches; table i replays match i % STARTUP_GAMES


def _mid_match(seed: int, hands: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A 扒鸡窝 full match at a relaxed table played by heuristic bots into hand ``hands``,
    stopped where seat 0 (the person) must move: (options as stored, actions as JSON)."""
    from bot.table_model import resolve_options, to_pace
    from games.pajiwo import HeuristicPlayer, PajiwoGame
    from games.pajiwo.selfplay import step

    options = resolve_options(PajiwoGame, "standard", {}, to_pace("relaxed"))
    game = PajiwoGame(seed, options)  # type: ignore[arg-type]
    players = [HeuristicPlayer() for _ in range(4)]
    rng = random.Random(seed)
    while not game.is_over:
        if game.hand_number >= hands and any(d.seat == 0 and d.required for d in game.pending()):
            break
        step(game, players, rng)
    return options.to_dict(), [a.to_json() for a in game.actions]


async def _startup_fixture(path: Path, now: float, crashed: bool) -> dict[str, Any]:
    """Write ``STARTUP_TABLES`` tables mid-match (one person waiting, three bots) to ``path``,
    with their snapshots as a clean stop leaves them, or as a crash does (``crashed``)."""
    from bot.snapshots import SNAPSHOT_EVERY
    from bot.store import Store
    from bot.store_rows import dumps  # the rows' text exactly as the store writes it
    from bot.table_model import Seat

    matches = [_mid_match(100 + g, 3 + g % 4) for g in range(STARTUP_GAMES)]
    store = await Store.open(path)
    await store.close()
    snapshots = _snapshot_writer(matches)

    with sqlite3.connect(path) as conn:
        for i in range(STARTUP_TABLES):
            options, actions = matches[i % STARTUP_GAMES]
            user = 10_000 + i
            seats = [Seat(0, user_id=user, name=f"player {i}").to_json()] + [
                Seat(s, name=f"Bot {s + 1}", bot="heuristic").to_json() for s in (1, 2, 3)
            ]
            table_id = conn.execute(
                "INSERT INTO tables (guild_id, channel_id, game, status, host_user_id, preset,"
                " options, pace, pace_seconds, seats, created_at, updated_at)"
                " VALUES (1, ?, 'pajiwo', 'playing', ?, 'standard', '{}', 'relaxed', 600, ?, ?, ?)",
                (20_000 + i, user, dumps(seats), now, now),
            ).lastrowid
            game_id = conn.execute(
                "INSERT INTO games (table_id, game, options, seed, seats, started_at)"
                " VALUES (?, 'pajiwo', ?, ?, ?, ?)",
                (table_id, dumps(options), 100 + i % STARTUP_GAMES, dumps(seats), now),
            ).lastrowid
            conn.execute("UPDATE tables SET game_id = ? WHERE id = ?", (game_id, table_id))
            conn.executemany(
                "INSERT INTO actions (game_id, seq, action, idempotency_key, user_id, at)"
                " VALUES (?,?,?,?,?,?)",
                [
                    (
                        game_id,
                        seq,
                        dumps(a),
                        f"u:{user}:k{seq}" if a["seat"] == 0 else f"sys:bot:{seq}",
                        user if a["seat"] == 0 else None,
                        now,
                    )
                    for seq, a in enumerate(actions)
                ],
            )
            conn.execute(
                "INSERT INTO deadlines (table_id, seat, due, remind_at) VALUES (?, 0, ?, ?)",
                (table_id, now + 600, now + 300),
            )
            if snapshots is not None:  # after a crash a snapshot lags by 0..15 actions
                lag = i % SNAPSHOT_EVERY if crashed else 0
                snapshots(conn, game_id, i % STARTUP_GAMES, len(actions) - lag)
    actions_total = sum(len(matches[i % STARTUP_GAMES][1]) for i in range(STARTUP_TABLES))
    return {"actions": actions_total, "snapshots": snapshots is not None}


def _snapshot_writer(matches: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> Any:
    """``write(conn, game_id, match, seq)`` stores match ``match``'s snapshot after ``seq``
    actions, as the table service writes them (taken once per match and lag, here)."""
    from bot.snapshots import SNAPSHOT_EVERY, take
    from games.base import Action
    from games.pajiwo import PajiwoGame

    taken: dict[tuple[int, int], Any] = {}
    for index, (options, actions) in enumerate(matches):
        first = max(0, len(actions) - SNAPSHOT_EVERY + 1)
        engine = PajiwoGame.replay(100 + index, options, actions[:first])
        for seq in range(first, len(actions) + 1):
            taken[index, seq] = take(0, engine)
            if seq < len(actions):
                engine.apply(Action.from_json(actions[seq]))

    def write(conn: sqlite3.Connection, game_id: int, match: int, seq: int) -> None:
        snap = taken[match, seq]
        conn.execute(
            "INSERT INTO snapshots (game_id, seq, version, digest, state, at, log_digest)"
            " VALUES (?,?,?,?,?,0,?)",
            (game_id, snap.seq, snap.version, snap.digest, snap.state, snap.log_digest),
        )

    return write


async def _startup(path: Path | str, now: float) -> dict[str, Any]:
    start = time.perf_counter()
    from bot.store import Store
    from bot.tables import TableService
    from bot.timers import FakeClock, ManualScheduler

    store = await Store.open(path)
    service = TableService(store, scheduler=ManualScheduler(FakeClock(now)))
    await service.start_up()
    seconds = time.perf_counter() - start
    tables = service.open_tables()
    ready = [
        t
        for t in tables
        if t.engine is not None and any(d.seat == 0 and d.required for d in t.engine.pending())
    ]
    actions = sum(len(t.engine.actions) for t in ready if t.engine is not None)
    await store.close()  # (no shut_down: it would snapshot every table, which is not measured)
    # CPU since the process started, interpreter and imports included
    cpu = time.process_time()
    return {"in_process_s": seconds, "cpu_s": cpu, "ready": len(ready), "actions": actions}


def _startup_child(path: str, now: float) -> None:
    from bot.config import store_target

    print(json.dumps(asyncio.run(_startup(store_target(path), now))), flush=True)


def startup_figure(crashed: bool, postgres: str | None = None) -> Figure:
    """``host.startup_1000_tables_s``: from starting a process to every table ready, after
    a clean stop; ``host.startup_1000_tables_after_crash_s``: the same after a crash;
    ``host.pg_startup_1000_tables_s``: after a clean stop, on the PostgreSQL ``postgres``."""
    now = time.time()
    with contextlib.ExitStack() as stack:
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="paiju-bench-"))
        db: str = str(Path(tmp) / "startup.sqlite3")
        built = asyncio.run(_startup_fixture(Path(db), now, crashed))
        if postgres is not None:
            from benchmarks.pg import postgres_schema
            from bot.pg_admin import migrate_to_postgres

            url = stack.enter_context(postgres_schema(postgres))
            copied = asyncio.run(
                migrate_to_postgres(Path(db), url, say=lambda _: None, replay=False)
            )
            if copied.problems:
                raise RuntimeError(f"the copy to PostgreSQL differs: {copied.problems[:3]}")
            db = url
        code = f"from benchmarks.bench_host import _startup_child; _startup_child({db!r}, {now!r})"
        start = time.perf_counter()
        with subprocess.Popen(
            [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True
        ) as child:
            assert child.stdout is not None
            line = child.stdout.readline()  # printed once every table is ready
            seconds = time.perf_counter() - start  # (not the exit: freeing 1,000 games is slow)
            child.wait(timeout=900)
        if child.returncode != 0 or not line:
            raise RuntimeError(f"the start-up child failed with status {child.returncode}")
    result = json.loads(line)
    if result["ready"] != STARTUP_TABLES or result["actions"] != built["actions"]:
        raise RuntimeError(f"not every table was rebuilt: {result} of {built}")
    name = "host.startup_1000_tables_after_crash_s" if crashed else "host.startup_1000_tables_s"
    return Figure(
        "host.pg_startup_1000_tables_s" if postgres is not None else name,
        seconds,
        "s",
        "< 5",
        {
            "in_process_s": round(result["in_process_s"], 3),
            # CPU seconds from process start to ready: the wall time on an idle core
            "cpu_s": round(result["cpu_s"], 3),
            "actions_per_table": round(built["actions"] / STARTUP_TABLES, 1),
            "snapshots": built["snapshots"],
        },
    )
