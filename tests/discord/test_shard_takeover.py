"""Issue 25, ownership across bot processes made robust, end to end: two bot processes
(``python -m bot run``, ``SHARD_COUNT=4``, ``SHARD_IDS`` 0-1 and 2-3) on the loopback Discord and
one PostgreSQL database.

* B is SIGKILLed; its people click in DMs (shard 0: process A), A adopts their tables and edits
  **the same table messages** (the front end's state is in the store), posting none anew;
* B starts again: A hands the tables back (its own shards'), B runs them and edits the same
  messages, and the clicks that reach A follow them to B;
* the server ends A's claim connection (``pg_terminate_backend``): A notices, takes its tables
  back, and every later click is answered and stored once: no move lost;
* a third process whose ``SHARD_IDS`` overlap A's is refused at start-up (exit status 2).
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Awaitable, Callable
from pathlib import Path

import asyncpg
import pytest

from tests.discord.test_process_kill import _move
from tests.discord.test_shard_processes import PROCESSES, SHARDS, _shards, _spawn, _up
from tests.discord_loopback import Channel, LoopbackDiscord, LoopbackUser, StoredMessage
from tests.discord_loopback.harness import Harness

pytestmark = pytest.mark.postgres

TABLES_PER_GUILD = 2


async def _holders(url: str) -> dict[int, tuple[int, int | None]]:
    """Open table id -> (its server's shard, the server pid holding its lock or None)."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT t.id, t.guild_id, l.pid FROM tables t LEFT JOIN pg_locks l"
            " ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 2"
            " AND l.classid = (hashtext(current_schema() || '/table'))::oid"
            " AND l.objid = t.id::int::oid WHERE t.status IN ('lobby', 'playing')"
        )
    finally:
        await conn.close()
    return {int(r["id"]): ((int(r["guild_id"]) >> 22) % SHARDS, r["pid"]) for r in rows}


async def _stored_keys(url: str) -> list[tuple[int, str]]:
    """Every stored move's (game, idempotency key)."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT game_id, idempotency_key FROM actions")
        return [(int(r[0]), r[1]) for r in rows]
    finally:
        await conn.close()


async def _eventually(
    check: Callable[[], Awaitable[bool]], *, what: str, holders_of: str, timeout: float = 120
) -> None:
    """Wait until ``check()`` is true, reading it every 0.1 s, for at most ``timeout`` seconds:
    a bound for a machine under load, not a window the behaviour must meet (the hand-back
    takes one or two 5 s looks when the machine is idle). Fails with the lock holders."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await check():
        if loop.time() > end:
            raise AssertionError(f"waited {timeout:.0f} s for {what}: {await _holders(holders_of)}")
        await asyncio.sleep(0.1)


def _table_messages(server: LoopbackDiscord, channel: Channel) -> list[StoredMessage]:
    """The table messages in a channel (the bot's messages naming a table)."""
    return [m for m in server.channel_messages(channel) if "· #" in m.text()]


async def test_takeover_hand_back_and_a_lost_claim_keep_one_message_and_every_move(
    discord_server: LoopbackDiscord, tmp_path: Path, postgres_url: str
) -> None:
    server, url = discord_server, postgres_url
    h = Harness(server, timeout=20)
    seats: list[tuple[LoopbackUser, Channel, int]] = []  # person, channel, shard
    for shard in range(SHARDS):
        guild = server.add_guild(f"Shard {shard}", shard=(shard, SHARDS))
        for n in range(TABLES_PER_GUILD):
            channel = server.add_channel(f"t{n}", guild=guild)
            seats.append((server.add_user(f"p{shard}-{n}", guild=guild), channel, shard))
    procs = {name: await _spawn(server, name, url, tmp_path) for name in PROCESSES}
    done: dict[int, set[str]] = {u.id: set() for u, _, _ in seats}

    async def move(people: list[LoopbackUser]) -> None:
        await asyncio.gather(*(_move(h, server, u, done[u.id]) for u in people))

    everyone = [u for u, _, _ in seats]
    b_people = [u for u, _, s in seats if s in _shards("B")]
    try:
        await _up(server, "A", 0)
        await _up(server, "B", 0)
        for user, channel, _ in seats:
            opened = await h.slash(user, "table open", channel=channel, game="pajiwo")
            await opened.final(timeout=20)
            await (await h.slash(user, "table addbot", channel=channel)).final(timeout=20)
            await (await h.slash(user, "table start", channel=channel)).final(timeout=20)
        await move(everyone)
        shown = {c.id: _table_messages(server, c) for _, c, _ in seats}
        assert all(len(m) == 1 for m in shown.values()), shown
        message = {cid: m[0].id for cid, m in shown.items()}
        edits = {cid: len(server.message(mid).history) for cid, mid in message.items()}

        def one_message_each() -> None:
            for _, channel, _ in seats:
                found = _table_messages(server, channel)
                assert [m.id for m in found] == [message[channel.id]], (channel.name, found)

        # B dies: its people's DM clicks reach A (shard 0), which adopts their tables
        procs["B"].send_signal(signal.SIGKILL)
        await procs["B"].wait()
        await server.wait_until(
            lambda: not (_shards("B") & server.connected_shards), what="B's shards to go down"
        )
        # a command in a DM (shard 0: A) by someone seated at a table nobody runs: A adopts it
        # (a DM click would too, but their hands offer nothing until the table plays on)
        for user in b_people:
            await (await h.slash(user, "hand", channel="dm")).final(timeout=20)
        await move(b_people)
        holders = await _holders(url)
        a_pid = {pid for shard, pid in holders.values() if shard in _shards("A")}
        assert len(a_pid) == 1 and all(pid in a_pid for _, pid in holders.values()), holders
        one_message_each()  # A edited B's table messages: none posted anew
        for _, channel, shard in seats:
            if shard in _shards("B"):
                assert len(server.message(message[channel.id]).history) > edits[channel.id]
        edits = {cid: len(server.message(mid).history) for cid, mid in message.items()}

        # B comes back: A hands its tables back within a look or two (5 s each)
        before = server.identify_count
        procs["B"] = await _spawn(server, "B", url, tmp_path)
        await _up(server, "B", before)

        async def handed_back() -> bool:
            now = await _holders(url)
            b_pids = {pid for shard, pid in now.values() if shard in _shards("B")}
            return len(b_pids) == 1 and not (b_pids & a_pid) and None not in b_pids

        await _eventually(handed_back, what="A to hand B's tables back", holders_of=url)
        await move(everyone)  # B's people's clicks reach A and follow their tables to B
        one_message_each()
        for _, channel, shard in seats:
            if shard in _shards("B"):
                assert len(server.message(message[channel.id]).history) > edits[channel.id]

        # the server ends A's claim connection: A notices, takes its tables back, plays on
        (old_a,) = a_pid
        killer = await asyncpg.connect(url)
        try:
            assert await killer.fetchval("SELECT pg_terminate_backend($1)", old_a)
        finally:
            await killer.close()
        await move(everyone)

        async def reclaimed() -> bool:
            now = await _holders(url)
            a_now = {pid for shard, pid in now.values() if shard in _shards("A")}
            return len(a_now) == 1 and old_a not in a_now and None not in a_now

        # every click was answered and applied, so A holds its tables again; the lock rows are
        # read until they show it (a loaded machine may lag the reconnect, not the answer)
        await _eventually(reclaimed, what="A to reclaim its tables", holders_of=url)
        one_message_each()

        # no accepted move lost, none doubled: every answered click's move is stored once
        stored = await _stored_keys(url)
        assert len(stored) == len(set(stored))  # (the store's own constraint, kept)
        keys = [key for _, key in stored]
        for user in everyone:
            for cid in done[user.id]:
                _, _, table, step = cid.split(":")[:4]
                assert keys.count(f"u:{user.id}:c:{table}:{user.id}:{step}") == 1, (user.name, cid)
        assert sum(len(d) for d in done.values()) == 3 * len(seats) + len(b_people)
        # every table under exactly one owner, each process its own shards' tables
        holders = await _holders(url)
        by_pid: dict[int | None, set[int]] = {}
        for shard, pid in holders.values():
            by_pid.setdefault(pid, set()).add(shard)
        assert None not in by_pid and sorted(map(sorted, by_pid.values())) == [[0, 1], [2, 3]]

        # a third process whose SHARD_IDS overlap A's is refused, and says why
        PROCESSES["C"] = "1-2"
        try:
            third = await _spawn(server, "C", url, tmp_path)
            assert await asyncio.wait_for(third.wait(), 120) == 2
        finally:
            del PROCESSES["C"]
        said = (tmp_path / "bot-C.log").read_text(errors="replace")
        assert "SHARD_IDS=1-2 overlaps the running bot process" in said, said[-2000:]
        assert "Traceback" not in said, said[-3000:]
    except BaseException:
        for name in (*PROCESSES, "C"):
            log = tmp_path / f"bot-{name}.log"
            if log.exists():
                print(name, log.read_text(errors="replace")[-4000:])
        raise
    finally:
        for proc in procs.values():
            if proc.returncode is None:
                proc.send_signal(signal.SIGKILL)
                await proc.wait()
