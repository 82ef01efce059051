"""Issue 25's shard test: two bot processes (``python -m bot run``) with two shards each
(``SHARD_COUNT=4``, ``SHARD_IDS`` 0-1 and 2-3) on the loopback Discord and one PostgreSQL
database serve 40 tables across four servers, one a shard, while their people click in DMs
(which come on shard 0: the clicks at tables of the other process are handed over). Each
process is SIGKILLed and started again in turn. No accepted move is lost (every answered click's
move is in the store), every interaction is answered in time (the loopback records a late one
as a violation, which fails the test), and every table resumes under exactly one owner."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import asyncpg
import pytest

from tests.discord.test_process_kill import _move
from tests.discord_loopback import Channel, LoopbackDiscord, LoopbackUser
from tests.discord_loopback.harness import Harness

pytestmark = pytest.mark.postgres

SHARDS = 4
PROCESSES = {"A": "0-1", "B": "2-3"}
TABLES_PER_GUILD = 10
ROOT = Path(__file__).resolve().parents[2]


async def _spawn(
    server: LoopbackDiscord, name: str, url: str, cwd: Path
) -> asyncio.subprocess.Process:
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN=server.token,
        DATABASE_URL=url,
        DATABASE_PATH=str(cwd / f"front-{name}.sqlite3"),
        DEFAULT_PACE="relaxed",
        DISCORD_API_BASE=server.api_base,
        DISCORD_GATEWAY_URL=server.gateway_url,
        LOG_LEVEL="WARNING",
        SHARD_COUNT=str(SHARDS),
        SHARD_IDS=PROCESSES[name],
        BOT_WORKERS="0",
        PYTHONPATH=str(ROOT),  # this checkout's code, whatever is installed
    )
    env.pop("DEV_GUILD_ID", None)
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", env=env, cwd=cwd,
        stdout=asyncio.subprocess.DEVNULL, stderr=(cwd / f"bot-{name}.log").open("ab"),
    )  # fmt: skip


def _shards(name: str) -> set[int]:
    low, high = PROCESSES[name].split("-")
    return set(range(int(low), int(high) + 1))


async def _up(server: LoopbackDiscord, name: str, identified_before: int) -> None:
    await server.wait_until(
        lambda: (
            server.identify_count >= identified_before + 2
            and _shards(name) <= server.connected_shards
            and server.global_commands
        ),
        timeout=90,
        what=f"process {name} to connect its shards",
    )


async def _owners(url: str) -> dict[int, tuple[int, set[int]]]:
    """Open table id -> (how many sessions hold its advisory lock (bot.owners), the shards
    of the tables its holder holds)."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT t.id, t.guild_id, count(l.pid) AS holders, min(l.pid) AS pid"
            " FROM tables t LEFT JOIN pg_locks l"
            " ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2"
            " AND l.classid = (hashtext(current_schema() || '/table'))::oid"
            " AND l.objid = t.id::int::oid"
            " WHERE t.status IN ('lobby', 'playing') GROUP BY t.id"
        )
        shards: dict[int, set[int]] = {}
        for r in rows:
            shards.setdefault(r["pid"], set()).add((int(r["guild_id"]) >> 22) % SHARDS)
        return {int(r["id"]): (int(r["holders"]), shards[r["pid"]]) for r in rows}
    finally:
        await conn.close()


async def _stored_keys(url: str) -> set[str]:
    conn = await asyncpg.connect(url)
    try:
        return {r[0] for r in await conn.fetch("SELECT idempotency_key FROM actions")}
    finally:
        await conn.close()


async def test_two_processes_two_shards_each_killed_in_turn(
    discord_server: LoopbackDiscord, tmp_path: Path, postgres_url: str
) -> None:
    server, url = discord_server, postgres_url
    h = Harness(server, timeout=20)
    seats: list[tuple[LoopbackUser, Channel]] = []
    for shard in range(SHARDS):
        guild = server.add_guild(f"Shard {shard}", shard=(shard, SHARDS))
        for n in range(TABLES_PER_GUILD):
            channel = server.add_channel(f"t{n}", guild=guild)
            seats.append((server.add_user(f"p{shard}-{n}", guild=guild), channel))
    procs = {name: await _spawn(server, name, url, tmp_path) for name in PROCESSES}
    try:
        await _up(server, "A", 0)
        await _up(server, "B", 0)
        gate = asyncio.Semaphore(6)  # people act at once, a few at a time: a small machine

        async def open_table(user: LoopbackUser, channel: Channel) -> None:
            async with gate:
                opened = await h.slash(user, "table open", channel=channel, game="pajiwo")
                await opened.final(timeout=20)
                await (await h.slash(user, "table addbot", channel=channel)).final(timeout=20)
                await (await h.slash(user, "table start", channel=channel)).final(timeout=20)

        await asyncio.gather(*(open_table(u, c) for u, c in seats))
        done: dict[int, set[str]] = {u.id: set() for u, _ in seats}

        async def everyone_moves() -> None:
            async def one(user: LoopbackUser) -> None:
                async with gate:
                    await _move(h, server, user, done[user.id])

            await asyncio.gather(*(one(u) for u, _ in seats))

        await everyone_moves()
        for name in PROCESSES:  # each process killed and started again, in turn
            before = server.identify_count
            procs[name].send_signal(signal.SIGKILL)  # no goodbye: sockets just drop
            await procs[name].wait()
            await server.wait_until(
                lambda n=name: not (_shards(n) & server.connected_shards),
                what=f"process {name}'s shards to go down",
            )
            procs[name] = await _spawn(server, name, url, tmp_path)
            await _up(server, name, before)
            await everyone_moves()

        # no accepted move lost: every answered click's move is stored, under its key
        keys = await _stored_keys(url)
        for user, _ in seats:
            for cid in done[user.id]:
                _, _, table, step = cid.split(":")[:4]
                assert f"u:{user.id}:c:{table}:{user.id}:{step}" in keys, (user.name, cid)
        assert sum(len(d) for d in done.values()) == 3 * len(seats)
        # every open table under exactly one owner
        owners = await _owners(url)
        assert len(owners) == len(seats) and {n for n, _ in owners.values()} == {1}, owners
        # each process owns the tables of its own shards: none was adopted across
        assert {frozenset(s) for _, s in owners.values()} == {frozenset(_shards(n)) for n in "AB"}
    except BaseException:
        for name in PROCESSES:
            log = tmp_path / f"bot-{name}.log"
            if log.exists():
                print(name, log.read_text(errors="replace")[-3000:])
        raise
    finally:
        for proc in procs.values():
            if proc.returncode is None:
                proc.send_signal(signal.SIGKILL)
                await proc.wait()
