"""Discord front end under load: 100 tables of bot-only 扒鸡窝 at once through the loopback server.

``python -m benchmarks discord``. One process holds the loopback Discord
(``tests/discord_loopback``, request validation off: it measures the bot, not
the validator) and the real bot (``cogs.client.create_bot``) on a fresh
SQLite file. For each of ``PAIJU_BENCH_TABLES`` (default 100) channels a user
opens a table (preset ``quick``: one hand; pace 10 s), adds three bots and
starts, all by slash command (table i starts 0.1 s after table i-1, so all 100
open within 10 s rather than in the same millisecond, which would also line up
every timer of every table), then never moves: after three timeouts their seat
is handed to its bot, so every table ends up played by bots alone (a table
whose people all *leave* is aborted, so leaving is not the way). While the 100
hands are played (bots wait ``PAIJU_BENCH_BOT_DELAY`` = 0.5 s between moves,
like a table people watch) each user asks ``/table status`` every 3 s.

Figures:

* ``discord.interaction_p50_ms`` / ``discord.interaction_p99_ms``: time from the
  gateway dispatch of an INTERACTION_CREATE to the bot's callback (the answer
  Discord needs within 3 s), over every interaction of the run; target < 300.
* ``discord.rss_100_tables_mb``: resident memory of the process (the bot and the
  loopback server; the server's old message versions are dropped every second,
  as the bot does not hold them) 5 s after every table is in play;
  ``before_tables_mb`` is the same process with the bot connected and no table.
* ``discord.table_edits_per_s`` / ``discord.hand_edits_per_s``: edits of the table
  messages and of the (absent) players' private hand messages per second, over the
  run (the coalescing budgets keep them far below Discord's 50 requests/s per bot).
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks import Figure
from tests.discord_loopback import LoopbackDiscord
from tests.discord_loopback.models import DM

__all__ = ["run"]

POLL_S = 3.0  # each user asks /table status this often (100 tables: ~33 interactions/s)
STAGGER_S = 0.1  # table i opens i * 0.1 s after the first (all 100 within 10 s)


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _main(tables: int, bot_delay: float, db: Path) -> dict[str, float]:
    from bot.config import Settings
    from cogs.client import create_bot
    from tests.discord_loopback import Harness

    server = LoopbackDiscord(validate=False)
    await server.start()
    h = Harness(server, timeout=60)
    latencies: list[float] = []
    try:
        channels = [server.add_channel(f"bench-{i}") for i in range(tables)]
        users = [server.add_user(f"player-{i}") for i in range(tables)]
        settings = Settings(
            database_path=db,
            dev_guild_id=server.guild.id,
            default_pace="relaxed",
            discord_api_base=server.api_base,
            discord_gateway_url=server.gateway_url,
        )
        bot = create_bot(settings, rng_seed=1, bot_delay_s=bot_delay)
        await h.start_bot(bot)
        edits_before = _edit_count(server)
        started = asyncio.Event()
        ready = 0

        async def one_table(i: int) -> None:
            nonlocal ready
            user, channel = users[i], channels[i]
            await asyncio.sleep(i * STAGGER_S)  # people do not all press Enter at once
            steps: tuple[tuple[str, dict[str, Any]], ...] = (
                ("table open", {"game": "pajiwo", "preset": "quick", "pace": "10s"}),
                ("table addbot", {}),
                ("table start", {}),
            )
            for command, options in steps:
                result = await h.slash(user, command, channel=channel, **options)
                latencies.append(result.latency_ms)
                await result.final(timeout=60)  # the deferred answer: the command is done
            ready += 1
            if ready == tables:
                started.set()
            while True:
                table = bot.service.table_in_channel(channel.id)
                if table is None or table.status != "playing":
                    return
                await asyncio.sleep(POLL_S)
                result = await h.slash(user, "table status", channel=channel)
                latencies.append(result.latency_ms)

        async def forget_old_versions() -> None:
            # The loopback server keeps every version of every message (with its PNG) for
            # tests; a real Discord keeps that, not the bot, so drop it to measure the bot.
            while True:
                await asyncio.sleep(1.0)
                for message in list(server.messages.values()):
                    message.history.clear()

        pruner = asyncio.create_task(forget_old_versions())
        baseline = _rss_mb()
        t0 = time.perf_counter()
        runners = [asyncio.create_task(one_table(i)) for i in range(tables)]
        await started.wait()
        await asyncio.sleep(5)
        rss = _rss_mb()
        await asyncio.gather(*runners)
        elapsed = time.perf_counter() - t0
        table_edits, hand_edits = (
            a - b for a, b in zip(_edit_count(server), edits_before, strict=True)
        )
        pruner.cancel()
        await bot.display.drain()
        await h.stop_bot()
    finally:
        await server.stop()
    return {
        "p50": statistics.median(latencies),
        "p99": _quantile(latencies, 0.99),
        "n": len(latencies),
        "rss": rss,
        "baseline": baseline,
        "elapsed": elapsed,
        "table_edits_per_s": table_edits / elapsed,
        "hand_edits_per_s": hand_edits / elapsed,
    }


def _edit_count(server: LoopbackDiscord) -> tuple[int, int]:
    """``(table-message edits, private-hand edits)`` the bot made so far: PATCHes of
    messages in guild channels and in DM channels (interaction replies are not counted)."""
    table = hand = 0
    for r in server.requests:
        if r.method != "PATCH" or not r.path.startswith("/channels/"):
            continue
        channel = server.channels.get(int(r.path.split("/")[2]))
        if channel is not None and channel.type == DM:
            hand += 1
        else:
            table += 1
    return table, hand


def run() -> Iterator[Figure]:
    tables = int(os.environ.get("PAIJU_BENCH_TABLES", "100"))
    bot_delay = float(os.environ.get("PAIJU_BENCH_BOT_DELAY", "0.5"))
    with tempfile.TemporaryDirectory() as tmp:
        out = asyncio.run(_main(tables, bot_delay, Path(tmp) / "bench.sqlite3"))
    extra = {"tables": tables, "interactions": int(out["n"]), "seconds": round(out["elapsed"], 1)}
    yield Figure("discord.interaction_p50_ms", out["p50"], "ms", "< 300", extra)
    yield Figure("discord.interaction_p99_ms", out["p99"], "ms", "< 300", extra)
    yield Figure(
        "discord.rss_100_tables_mb",
        out["rss"],
        "MB",
        None,
        {"tables": tables, "before_tables_mb": round(out["baseline"], 1)},
    )
    yield Figure(
        "discord.table_edits_per_s", out["table_edits_per_s"], "1/s", "< 50", {"tables": tables}
    )
    yield Figure(
        "discord.hand_edits_per_s", out["hand_edits_per_s"], "1/s", "< 50", {"tables": tables}
    )
