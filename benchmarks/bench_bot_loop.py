"""The event loop's responsiveness while strong bots play (issue 22: "a bot process with 300
tables stays responsive").

``python -m benchmarks bot_loop [--tables N] [--seconds S] [--workers W] [--inline]
[--bot-delay S]`` opens N tables of four strong bots (the five games in turn) in one table
service over a real store and the real scheduler (the wall clock), lets them play for S
seconds, and meanwhile runs a ticker that asks the loop for a 10 ms sleep again and again.
It prints:

* ``bot_loop.lag_p99_ms``: the 99th percentile of how late the ticker woke (also p50 and the
  worst), the figure that says whether the gateway's heartbeat, people's moves and the other
  tables are served while bots think;
* ``bot_loop.moves_per_s``: bot moves applied a second, over all tables, and how many went to
  the pool.

By default the strong bots think in ``--workers`` processes (:class:`bot.thinking.PoolThinker`,
default 1, as ``BOT_WORKERS``); ``--inline`` makes them think on the loop, as before issue 22's
pool, for comparison. ``--bot-delay`` is the pause between two automatic moves of a table (the
Discord bot's 0.8 s by default). ``python -m benchmarks bot_loop`` with no arguments: 20 tables
for 20 seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from benchmarks import Figure
from bot.store import Store
from bot.tables import TableService, TableUpdate
from bot.thinking import InlineThinker, PoolThinker, Thinker
from games.registry import GAMES

__all__ = ["main", "measure", "run"]


def _pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] if ordered else 0.0


async def _measure(
    db: Path, tables: int, seconds: float, workers: int, inline: bool, bot_delay: float
) -> dict[str, float]:
    store = await Store.open(db)
    thinker: Thinker = InlineThinker() if inline else PoolThinker(workers)
    service = TableService(store, rng_seed=1, bot_delay_s=bot_delay, thinker=thinker)
    moves = 0

    async def count(update: TableUpdate) -> None:
        nonlocal moves
        if update.kind == "action" and update.action is not None and update.action.seat is not None:
            moves += 1

    service.subscribe(count)
    await service.start_up()
    keys = list(GAMES)
    for n in range(tables):
        channel = 10_000 + n
        await service.open_table(
            guild_id=1,
            channel_id=channel,
            game=keys[n % len(keys)],
            user_id=1,
            name="host",
            pace="relaxed",
            options={"bot_level": "strong"},
            sit=False,
        )
        await service.add_bot(channel, 1, 4)
    if not inline:  # the workers start (and import the games) before the clock runs
        await asyncio.gather(*(_warm(thinker) for _ in range(workers)))
    for n in range(tables):
        await service.start(10_000 + n, 1, seed=n)
    loop = asyncio.get_running_loop()
    lags: list[float] = []
    end = loop.time() + seconds
    started = moves
    while loop.time() < end:
        before = loop.time()
        await asyncio.sleep(0.01)
        lags.append((loop.time() - before - 0.01) * 1000)
    played = moves - started
    await service.shut_down()
    await store.close()
    return {
        "p50": _pct(lags, 0.5),
        "p99": _pct(lags, 0.99),
        "max": max(lags),
        "moves_per_s": played / seconds,
        "to_pool": float(thinker.asked) if isinstance(thinker, PoolThinker) else 0.0,
    }


async def _warm(thinker: Thinker) -> None:
    if isinstance(thinker, PoolThinker):
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(thinker._executor(), time.sleep, 0.5)


def measure(
    tables: int = 20,
    seconds: float = 20.0,
    workers: int = 1,
    inline: bool = False,
    bot_delay: float = 0.8,
) -> Iterator[Figure]:
    """The figures (see the module docstring)."""
    with tempfile.TemporaryDirectory() as tmp:
        got = asyncio.run(
            _measure(Path(tmp) / "loop.sqlite3", tables, seconds, workers, inline, bot_delay)
        )
    where = "on the loop" if inline else f"{workers} worker process(es)"
    extra = {"tables": tables, "seconds": seconds, "bots_think": where, "bot_delay_s": bot_delay}
    yield Figure(
        "bot_loop.lag_p99_ms",
        got["p99"],
        "ms",
        "< 100",
        {**extra, "p50": round(got["p50"], 2), "max": round(got["max"], 1)},
    )
    yield Figure(
        "bot_loop.moves_per_s",
        got["moves_per_s"],
        "bot moves a second",
        None,
        {**extra, "decisions_sent_to_the_pool": int(got["to_pool"])},
    )


def main(argv: Sequence[str]) -> Iterator[Figure]:
    """Parse ``python -m benchmarks bot_loop``'s arguments and yield its figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks bot_loop")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--inline", action="store_true", help="bots think on the loop")
    parser.add_argument("--bot-delay", type=float, default=0.8)
    args = parser.parse_args(list(argv))
    yield from measure(args.tables, args.seconds, args.workers, args.inline, args.bot_delay)


def run() -> Iterator[Figure]:
    """20 tables of strong bots for 20 seconds, thinking in one worker process."""
    yield from measure()
