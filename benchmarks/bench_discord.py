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

The latency people feel (issue 13; ``PAIJU_BENCH_PART=latency``, tables from
``PAIJU_BENCH_PEOPLE_TABLES``, default ``100,300``): tables of one person and three bots,
everyone moving at a person's pace (bots wait ``PAIJU_BENCH_BOT_THINK`` = 4 s, the person
3-9 s), the loopback enforcing 5 edits per 5 s per channel; over ``PAIJU_BENCH_PLAY_S`` = 45 s:

* ``discord.move_to_table_p99_ms``: from a move's acceptance until the table message
  showing it is on Discord; target < 2 s at 100 tables, < 3 s at 300;
* ``discord.move_to_hand_p99_ms``: from the move that gives the person a decision until
  their hand message offering it is on Discord; same targets (a decision already taken
  away by the next move when the display began, within 0.5 s, to deliver it is left out and
  counted as ``gone_at_once``: nobody could have been shown it);
* ``discord.move_ack_p99_ms``: the acknowledgement of every interaction of the run
  (target < 250 ms).

Tables are set up ``PAIJU_BENCH_SETUP_STAGGER`` = 0.2 s apart (five a second). Each figure also
gives ``moves_per_s`` (moves the tables made) and ``bot_requests_per_s`` (the calls Discord counts
against the bot's 50 a second; interaction answers and calls made with an interaction's token
are not counted): when the moves outnumber what that budget leaves for table messages, no
order of edits can show every move within the target, and the p99 measures the queue.
``move_to_table_p99_ms`` also gives ``bound_ms`` (issue 25: tables ÷ the table edits a second
that Discord's 50 leave after the bot's other counted calls, the seconds between two edits of
one table made through the bot's own calls), ``bound_ratio`` (the p99 over it; target at most
1.5) and ``bot_table_edits_per_s`` (the table edits among the counted calls). Every figure
gives what each path carried over the run (and, in ``measured``, over the measured seconds
of play), which Discord does not count against the 50 and which it does:
``table_edits_by`` / ``table_edits_share`` (table-message edits through the token of the
``/table open`` that sent the message as its follow-up, ``open_token``, through a lobby
click's token, ``lobby_token``, and the bot's own calls, ``bot``) and ``hands_by`` /
``hands_share`` (hand messages through the token of the person's own move click,
``move_token``, and the bot's own calls). The service announces a move once it is stored; a
message that read the move's state before the announcement counts 0 ms (it was counted as
late as the next message before: the p99s of 10-19 s of the first runs with tokens). The
loopback enforces the global 50 a second (``rate_limited_global_429``).
``PAIJU_BENCH_START``: ``button`` (default; the host presses Start on the table message: a
lobby click) or ``command`` (``/table start``);
``PAIJU_BENCH_TOKENS``: ``all`` (default) or ``none`` (the bot's own calls only: what the
tokens bought); ``PAIJU_BENCH_PROCESSES``: 1 (default) or 2 (two bot processes of one shard
each on one PostgreSQL, :mod:`benchmarks.discord_procs`; needs ``PAIJU_BENCH_POSTGRES_URL`` or
``PAIJU_TEST_POSTGRES_URL``).
"""

from __future__ import annotations

import asyncio
import contextlib
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


# --------------------------------------------------------------------------- latency people feel
THINK_S = (3.0, 9.0)  # a person takes this long (uniform) to choose once their hand offers a move
BOT_THINK_S = float(os.environ.get("PAIJU_BENCH_BOT_THINK", "4"))  # bots move at a person's pace
PLAY_S = float(os.environ.get("PAIJU_BENCH_PLAY_S", "45"))  # seconds of play measured
# table i is set up i * 0.2 s after the first: five new tables a second, already far more than
# a real bot sees; at 0.05 s (twenty a second) the first seconds measured a backlog of the
# setup's ~500 requests (lobby posts, DM channels, first hands), not moves at a person's pace
SETUP_STAGGER_S = float(os.environ.get("PAIJU_BENCH_SETUP_STAGGER", "0.2"))
DISCORD_BUDGET_PER_S = 50.0  # Discord's global limit of a bot's own calls
# how the host starts each table: ``button`` (Start on the table message: that click's token
# then edits the table message for 14 minutes, outside the global budget) or ``command``
# (/table start: every table edit is one of the bot's own, budgeted calls)
START_WITH = os.environ.get("PAIJU_BENCH_START", "button")
# ``all`` (default): every interaction token the bot has is used (the /table open follow-up's
# and a lobby click's for the table message, a move click's for the hand); ``none``: the
# bot's own calls only, for comparison (what the tokens bought)
TOKENS = os.environ.get("PAIJU_BENCH_TOKENS", "all")
# bot processes: 1 (in this process, on SQLite) or 2 (one shard each, on PostgreSQL)
PROCESSES = int(os.environ.get("PAIJU_BENCH_PROCESSES", "1"))


async def _people(
    tables: int, db: Path, think: tuple[float, float], play_s: float, processes: int = 1
) -> dict[str, Any]:
    """``tables`` tables of one simulated person and three bots, all moving at a person's pace
    (the bots wait ``BOT_THINK_S`` before each move), one hand of 扒鸡窝 each.

    The loopback server enforces Discord's 5 edits per 5 s per channel (``rate_limits``) and
    the bot's 50 calls a second (``global_limit``).  The person waits until the bot has
    delivered their hand message, reads it from the server, thinks ``think`` seconds and uses
    its first control (as ``tests/discord/play.act_once``).  Every accepted move is timed where
    the table service announces it; the bot's table-message edits and hand deliveries are timed
    where they complete (Discord has them then), with the game step each one shows
    (:mod:`benchmarks.discord_trace`).  ``move_to_hand``: from the move that hands the turn to
    the person until their hand message offers their decision.  ``processes`` 2: two bot
    processes, one shard each, on one PostgreSQL (:mod:`benchmarks.discord_procs`), the tables
    in two servers, one a shard; DMs (the people's moves) arrive on shard 0.
    """
    import random

    from benchmarks.discord_trace import Trace, latencies
    from tests.discord.play import controls
    from tests.discord_loopback import Harness
    from tests.discord_loopback.harness import InteractionTimeout
    from tests.discord_loopback.server import DISCORD_GLOBAL_LIMIT, counts_against_global

    server = LoopbackDiscord(
        validate=False,
        record_requests=False,
        keep_history=False,
        rate_limits=(5, 5.0),
        global_limit=DISCORD_GLOBAL_LIMIT,
    )
    await server.start()
    h = Harness(server, timeout=30)
    rng = random.Random(13)
    trace = Trace()
    delivered: dict[int, asyncio.Event] = {}
    trace.delivered = lambda user_id: delivered.setdefault(user_id, asyncio.Event()).set()
    acks: list[float] = []
    lost_acks = 0
    requests: list[float] = []
    bot_requests: list[float] = []  # the calls Discord counts against the bot's 50 a second
    table_edits: list[float] = []  # of those, the table messages' edits (PATCH, guild channel)
    clock = time.monotonic
    undo = trace.install() if processes == 1 else None
    children: Any = None
    try:
        guilds = [server.guild]
        if processes > 1:
            guilds = [
                server.add_guild(f"shard-{i}", shard=(i, processes)) for i in range(processes)
            ]
        channels = [
            server.add_channel(f"people-{i}", guild=guilds[i % len(guilds)]) for i in range(tables)
        ]
        users = [
            server.add_user(f"person-{i}", guild=guilds[i % len(guilds)]) for i in range(tables)
        ]
        original_request = server._handle
        table_channels = {f"/channels/{c.id}/messages/" for c in channels}

        async def counted(*args: Any, **kwargs: Any) -> Any:
            requests.append(clock())
            path = str(args[1])
            if counts_against_global(path):  # the path starts as its template does
                bot_requests.append(clock())
                if args[2] == "PATCH" and path[: path.rfind("/") + 1] in table_channels:
                    table_edits.append(clock())
            return await original_request(*args, **kwargs)

        server._handle = counted  # type: ignore[method-assign]
        if processes == 1:
            from bot.config import Settings
            from cogs.client import create_bot

            settings = Settings(
                database_path=db,
                dev_guild_id=server.guild.id,
                default_pace="live",
                discord_api_base=server.api_base,
                discord_gateway_url=server.gateway_url,
            )
            bot = create_bot(settings, rng_seed=1, bot_delay_s=BOT_THINK_S)
            await h.start_bot(bot)
            if TOKENS == "none":
                bot.display.table_tokens.lifetime_s = bot.display.hand_tokens.lifetime_s = 0.0
            trace.watch(bot)
            sampler = asyncio.create_task(trace.write_counts(bot, 0.5))
        else:
            from benchmarks.discord_procs import Children

            children = await Children.start(server, processes, db.parent)

        all_started = asyncio.Event()
        started = 0
        stop_at = [float("inf")]

        async def answered(result: Any) -> None:
            nonlocal lost_acks
            try:
                acks.append((await result).latency_ms)
            except InteractionTimeout:
                lost_acks += 1

        async def news(user: Any) -> None:
            """Until the bot may have delivered a hand to ``user`` (at most 2 s)."""
            if processes == 1:
                event = delivered.setdefault(user.id, asyncio.Event())
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(event.wait(), 2.0)
                event.clear()
            else:  # the bot is elsewhere: look at the DMs twice a second
                await asyncio.sleep(0.5)

        async def person(i: int) -> None:
            user = users[i]
            done: set[int] = set()
            while clock() < stop_at[0]:
                await news(user)
                dms = [m for m in server.dms(user) if controls(m)]
                found = controls(dms[-1]) if dms else None
                if found is None or found[0] in done:
                    continue
                step, ids = found
                done.add(step)
                await asyncio.sleep(rng.uniform(*think))
                if clock() >= stop_at[0]:
                    return
                message = dms[-1]
                select = next((c for c in ids if c.startswith("pj:s:")), None)
                if select is not None:
                    component = message.component(select)
                    value = component["options"][0]["value"] if component else ""
                    await answered(h.select(user, message, select, [value], strict=False))
                else:
                    await answered(h.click(user, message, ids[0], strict=False))

        async def one_table(i: int) -> None:
            nonlocal started
            await asyncio.sleep(i * SETUP_STAGGER_S)
            channel, user = channels[i], users[i]
            steps: list[tuple[str, dict[str, Any]]] = [
                ("table open", {"game": "pajiwo", "preset": "quick", "pace": "live"}),
                ("table addbot", {}),
            ]
            if START_WITH != "button":
                steps.append(("table start", {}))
            for command, options in steps:
                result = await h.slash(user, command, channel=channel, **options)
                acks.append(result.latency_ms)
                await result.final(timeout=60)
            if START_WITH == "button":  # the host presses Start on the table message
                lobby = await server.wait_until(
                    lambda: next(
                        (
                            m
                            for m in server.channel_messages(channel)
                            if any(c.endswith(":start") for c in m.custom_ids())
                        ),
                        None,
                    ),
                    timeout=60,
                    what="the lobby",
                )
                start = next(c for c in lobby.custom_ids() if c.endswith(":start"))
                acks.append((await h.click(user, lobby, start, strict=False)).latency_ms)
            started += 1
            if started == tables:
                all_started.set()
            await person(i)

        runners = [asyncio.create_task(one_table(i)) for i in range(tables)]
        await all_started.wait()
        measure_from = clock()
        stop_at[0] = measure_from + play_s
        await asyncio.gather(*runners)
        if processes == 1:
            trace.counts = trace.counts_of(bot)
            sampler.cancel()
            await h.stop_bot()
        else:
            trace = await children.stop()
    finally:
        if undo is not None:
            undo()
        if children is not None:
            await children.kill()
        await server.stop()
    shown = latencies(trace, measure_from, stop_at[0], play_s)
    window = [t for t in requests if measure_from <= t <= stop_at[0]]
    bot_window = [t for t in bot_requests if measure_from <= t <= stop_at[0]]
    edit_window = [t for t in table_edits if measure_from <= t <= stop_at[0]]
    per_second: dict[int, int] = {}
    for t in window:
        per_second[int(t)] = per_second.get(int(t), 0) + 1
    return {
        **shown,
        "acks": acks,
        "lost_acks": lost_acks,
        "requests_per_s": len(window) / play_s,
        "bot_requests_per_s": len(bot_window) / play_s,
        "bot_table_edits_per_s": len(edit_window) / play_s,
        "counts": trace.counts,
        "counts_measured": trace.counts_between(measure_from, stop_at[0]),
        "moves_per_s": shown["moves"] / max(play_s - 10.0, 1.0),
        "max_requests_per_s": max(per_second.values(), default=0),
        "rate_limited": sum(server.rate_limit_hits.values()),
        "rate_limited_global": server.rate_limit_hits["global"],
    }


def run_latency(tables: int) -> Iterator[Figure]:
    """``discord.move_to_table_p99_ms`` / ``discord.move_to_hand_p99_ms`` (and the
    acknowledgement's p99) with ``tables`` tables of four people."""
    target = "< 2000" if tables <= 100 else "< 3000"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "people.sqlite3"
        out = asyncio.run(_people(tables, db, THINK_S, PLAY_S, PROCESSES))
    # issue 25's bound: the seconds between two edits of one table if every table message went
    # through the bot's own calls, with what Discord's 50 a second leaves after its other calls
    other = out["bot_requests_per_s"] - out["bot_table_edits_per_s"]
    bound_ms = tables / max(DISCORD_BUDGET_PER_S - other, 1.0) * 1000
    extra = {
        "tables": tables,
        "moves": out["moves"],
        "think_s": list(THINK_S),
        "bot_think_s": BOT_THINK_S,
        "lost_acks": out["lost_acks"],
        "requests_per_s": round(out["requests_per_s"], 1),
        "bot_requests_per_s": round(out["bot_requests_per_s"], 1),
        "moves_per_s": round(out["moves_per_s"], 1),
        "max_requests_in_1s": out["max_requests_per_s"],
        "rate_limited_429": out["rate_limited"],
        "bot_table_edits_per_s": round(out["bot_table_edits_per_s"], 1),
        "rate_limited_global_429": out["rate_limited_global"],
        "start_with": START_WITH,
        "tokens": TOKENS,
        "processes": PROCESSES,
        **_paths(out["counts"]),
        "measured": _paths(out["counts_measured"]),
    }
    yield Figure(
        "discord.move_to_table_p99_ms",
        _quantile(out["to_table"], 0.99),
        "ms",
        target,
        {
            **extra,
            "p50_ms": round(_quantile(out["to_table"], 0.5)),
            "never_shown": out["unseen"],
            "bound_ms": round(bound_ms),
            "bound_ratio": round(_quantile(out["to_table"], 0.99) / bound_ms, 2),
        },
    )
    yield Figure(
        "discord.move_to_hand_p99_ms",
        _quantile(out["to_hand"], 0.99),
        "ms",
        target,
        {
            **extra,
            "p50_ms": round(_quantile(out["to_hand"], 0.5)),
            "n": len(out["to_hand"]),
            "gone_at_once": out["moot"],
        },
    )
    # a move read by a front end (and so shown) before the store had it: never
    yield Figure(
        "discord.shown_before_stored",
        out["shown_before_stored"],
        "reads",
        "0",
        {"tables": tables, "moves": out["moves"], "processes": PROCESSES},
    )
    yield Figure(
        "discord.move_ack_p99_ms",
        _quantile(out["acks"], 0.99),
        "ms",
        "< 250",
        {**extra, "p50_ms": round(_quantile(out["acks"], 0.5))},
    )


def _paths(counts: dict[str, dict[str, int]]) -> dict[str, Any]:
    """What each path carried (over the run; ``measured``: over the measured seconds of play):
    table-message edits through the ``/table open``
    follow-up's token, a lobby click's token and the bot's own calls (count and share), and
    hand deliveries through a move click's token and the bot's own calls."""
    by = counts.get("table_edits_by", {})
    paths = counts.get("table_token_paths", {})
    table = {
        "open_token": paths.get("open", 0),
        "lobby_token": paths.get("lobby", 0),
        "bot": by.get("bot", 0),
    }
    hands = counts.get("hands_by", {})
    hand = {"move_token": hands.get("token", 0), "bot": hands.get("bot", 0)}

    def shares(d: dict[str, int]) -> dict[str, float]:
        total = sum(d.values())
        return {k: round(v / total, 3) if total else 0.0 for k, v in d.items()}

    return {
        "table_edits_by": table,
        "table_edits_share": shares(table),
        "hands_by": hand,
        "hands_share": shares(hand),
    }


def run() -> Iterator[Figure]:
    """``PAIJU_BENCH_PART``: ``load`` (bot tables), ``latency`` (people), or both (default);
    ``PAIJU_BENCH_PEOPLE_TABLES``: the latency runs' table counts (default ``100,300``)."""
    part = os.environ.get("PAIJU_BENCH_PART", "all")
    if part in ("all", "latency"):
        for n in os.environ.get("PAIJU_BENCH_PEOPLE_TABLES", "100,300").split(","):
            yield from run_latency(int(n))
    if part == "latency":
        return
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
