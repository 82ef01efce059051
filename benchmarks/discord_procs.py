"""Two bot processes for ``python -m benchmarks discord``'s latency part
(``PAIJU_BENCH_PROCESSES=2``): issue 25's "at 300 tables with one process and with two".

Each process is ``python -m bot run`` (through this module, which first installs
:class:`benchmarks.discord_trace.Trace` and the benchmark's bot pace) with its own shard of
``SHARD_COUNT`` = the number of processes, on the loopback Discord of the benchmark's process
and on one PostgreSQL database (a schema of its own on ``PAIJU_BENCH_POSTGRES_URL`` or
``PAIJU_TEST_POSTGRES_URL``: ``source .ci/postgres.sh && pg_test_start`` starts one), as
``compose.shards.yaml`` runs them. Each process owns the tables of its shard's servers; the
people's clicks come by DM, on shard 0, and those at the other process's tables are handed
over to it (:mod:`bot.owners`). Both processes share Discord's one global limit of the bot
(the loopback counts the calls of both).

Each process appends its records to a file; :meth:`Children.stop` stops the processes (SIGTERM,
as a deployment stops them) and reads the files back.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import signal
import sys
import uuid
from pathlib import Path
from typing import Any

from benchmarks.discord_trace import Trace

__all__ = ["Children"]

ROOT = Path(__file__).resolve().parents[1]


class Children:
    """The bot processes of one run and their PostgreSQL schema."""

    def __init__(self, url: str, base: str, schema: str, workdir: Path) -> None:
        self.url, self.base, self.schema, self.workdir = url, base, schema, workdir
        self.procs: list[asyncio.subprocess.Process] = []
        self.traces: list[Path] = []

    @classmethod
    async def start(cls, server: Any, processes: int, workdir: Path) -> Children:
        """Start ``processes`` bot processes, one shard each, and wait until every shard is
        connected and the commands are registered. Raises ``RuntimeError`` without a
        PostgreSQL server."""
        import asyncpg

        from benchmarks.pg import postgres_server

        base = postgres_server()
        if base is None:
            raise RuntimeError("two bot processes need PostgreSQL: set PAIJU_BENCH_POSTGRES_URL")
        schema = f"bench_{uuid.uuid4().hex[:12]}"
        conn = await asyncpg.connect(base)
        try:
            await conn.execute(f"CREATE SCHEMA {schema}")
        finally:
            await conn.close()
        url = f"{base}{'&' if '?' in base else '?'}search_path={schema}"
        self = cls(url, base, schema, workdir)
        identified = server.identify_count
        for index in range(processes):
            self.procs.append(await self._spawn(server, index, processes))
        await server.wait_until(
            lambda: (
                server.identify_count >= identified + processes
                and set(range(processes)) <= server.connected_shards
                and server.global_commands
            ),
            timeout=120,
            what="the bot processes to connect their shards",
        )
        return self

    async def _spawn(self, server: Any, index: int, processes: int) -> asyncio.subprocess.Process:
        trace = self.workdir / f"trace-{index}.jsonl"
        self.traces.append(trace)
        env = dict(os.environ)
        env.update(
            DISCORD_TOKEN=server.token,
            DATABASE_URL=self.url,
            DATABASE_PATH=str(self.workdir / f"front-{index}.sqlite3"),
            DEFAULT_PACE="live",
            DISCORD_API_BASE=server.api_base,
            DISCORD_GATEWAY_URL=server.gateway_url,
            LOG_LEVEL="WARNING",
            SHARD_COUNT=str(processes),
            SHARD_IDS=str(index),
            BOT_WORKERS="0",
            PAIJU_BENCH_TRACE=str(trace),
            PYTHONPATH=str(ROOT),  # this checkout's code, whatever is installed
        )
        env.pop("DEV_GUILD_ID", None)
        log = (self.workdir / f"bot-{index}.log").open("ab")
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.discord_procs", env=env, cwd=self.workdir,
            stdout=asyncio.subprocess.DEVNULL, stderr=log,
        )  # fmt: skip

    async def stop(self) -> Trace:
        """Stop every process as a deployment does (SIGTERM) and read their records."""
        for proc in self.procs:
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                await asyncio.wait_for(proc.wait(), 60)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        return Trace.load([p for p in self.traces if p.exists()])

    async def kill(self) -> None:
        """Kill what is still running and drop the schema (the run's end, whatever it was)."""
        import asyncpg

        for proc in self.procs:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        conn = await asyncpg.connect(self.base)
        try:
            await conn.execute(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")
        finally:
            await conn.close()


def _child() -> int:
    """A bot process of the benchmark: ``python -m bot run`` with the trace installed and the
    bots at the benchmark's pace (``PAIJU_BENCH_BOT_THINK``)."""
    from benchmarks.bench_discord import BOT_THINK_S, TOKENS

    trace = Trace(Path(os.environ["PAIJU_BENCH_TRACE"]))
    atexit.register(trace.flush)
    trace.install()
    import cogs.client as client

    made = client.create_bot
    tasks: list[asyncio.Task[None]] = []

    def create_bot(settings: Any, **kwargs: Any) -> Any:
        kwargs.update(bot_delay_s=BOT_THINK_S, rng_seed=1)
        bot = made(settings, **kwargs)
        set_up = bot.setup_hook

        async def setup_hook() -> None:  # the service and the display exist from here on
            await set_up()
            if TOKENS == "none":
                bot.display.table_tokens.lifetime_s = bot.display.hand_tokens.lifetime_s = 0.0
            trace.watch(bot)
            tasks.append(asyncio.get_running_loop().create_task(trace.write_counts(bot)))

        bot.setup_hook = setup_hook  # type: ignore[method-assign]
        return bot

    client.create_bot = create_bot  # what client.run calls
    from bot.__main__ import main

    return main(["run"])


if __name__ == "__main__":
    raise SystemExit(_child())
