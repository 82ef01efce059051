"""Table ownership across bot processes that split the shards on one PostgreSQL database
(:mod:`bot.owners`): each process owns the tables of its shards' servers, exactly one owner a
table; a process that is gone owns nothing, and its tables are taken over."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest

from bot.errors import TableError
from bot.owners import shard_of
from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from games.base import Action

pytestmark = pytest.mark.postgres

G0 = 1000 << 22  # a server of shard 0 of 2
G1 = 1001 << 22  # a server of shard 1 of 2


class Processes:
    """Services standing for bot processes on one database; ``kill`` ends one's connections
    as SIGKILL would (no shut-down, no snapshots)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.running: list[TableService] = []

    async def start(
        self, shard_ids: tuple[int, ...], interval: float = 0.0, patience: float = 0.0
    ) -> TableService:
        store = await Store.open(self.url)
        service = TableService(
            store,
            scheduler=ManualScheduler(FakeClock()),
            rng_seed=3,
            shards=(2, shard_ids),
            takeover_interval_s=interval,
            register_patience_s=patience,
        )
        await service.start_up()
        self.running.append(service)
        return service

    async def kill(self, service: TableService) -> None:
        for task in list(service._background):
            task.cancel()
        assert service._claim is not None
        service._claim.release()  # the server drops every lock of the connection
        service._claim = None
        await service.store.close()
        self.running.remove(service)

    async def stop_all(self) -> None:
        for service in list(self.running):
            await service.shut_down()
            await service.store.close()
        self.running.clear()


@pytest.fixture
async def processes(postgres_url: str) -> AsyncIterator[Processes]:
    procs = Processes(postgres_url)
    yield procs
    await procs.stop_all()


async def _playing(service: TableService, guild_id: int, channel_id: int, user_id: int) -> int:
    table = await service.open_table(
        guild_id=guild_id, channel_id=channel_id, game="pajiwo", user_id=user_id, name="p"
    )
    await service.add_bot(channel_id, user_id, 3)
    await service.start(channel_id, user_id, seed=5)
    return table.id


async def _until(check: Callable[[], object], what: str, timeout: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(what)
        await asyncio.sleep(0.05)


async def _gone(service: TableService, table_id: int) -> None:
    assert service.owners is not None
    for _ in range(200):
        if await service.owners.owner(table_id) is None:
            return
        await asyncio.sleep(0.05)
    raise TimeoutError(f"table {table_id} still has an owner")


def test_shard_of_follows_discord() -> None:
    assert (shard_of(G0, 2), shard_of(G1, 2), shard_of(None, 2)) == (0, 1, 0)
    assert shard_of(G1, 1) == 0


async def test_each_process_owns_its_shards_tables_and_a_restart_takes_them_back(
    processes: Processes,
) -> None:
    a = await processes.start((0,))
    b = await processes.start((1,))
    ta = await _playing(a, G0, 10, 1)
    tb = await _playing(b, G1, 20, 2)
    assert a.owners is not None and b.owners is not None
    assert a.owners.held == {ta} and b.owners.held == {tb}
    assert await a.owners.owner(tb) == b.owners.pid and await b.owners.owner(ta) == a.owners.pid
    # a process that would run every table cannot start beside them
    whole = TableService(await Store.open(processes.url))
    with pytest.raises(TableError) as refused:
        await whole.start_up()
    assert refused.value.code == "database_in_use"
    await whole.store.close()

    table = a.get(ta)
    seat0 = [d for d in table.engine.pending() if d.seat == 0] if table.engine else []
    moved = 0
    if seat0:  # the person's move, accepted and stored before the process dies
        legal = table.engine.legal_actions(0, 1)  # type: ignore[union-attr]
        await a.act(ta, 1, Action(None, legal[0].kind, dict(legal[0].data)), "k1")
        moved = 1
    actions = len(a.get(ta).engine.actions)  # type: ignore[union-attr]

    await processes.kill(a)
    await _gone(b, ta)  # its owner is gone: the server dropped the connection's locks
    assert await b.take_over() == []  # not B's shard: B leaves it to A's shard
    a2 = await processes.start((0,))
    assert a2.owners is not None and a2.owners.held == {ta} and tb not in a2._tables
    assert len(a2.get(ta).engine.actions) == actions  # type: ignore[union-attr]
    if moved:  # the same move again is the same move: applied once
        legal_again = Action(None, legal[0].kind, dict(legal[0].data))
        assert (await a2.act(ta, 1, legal_again, "k1")).duplicate
    assert await b.owners.owner(ta) == a2.owners.pid


async def test_an_orphan_is_adopted_on_demand_and_taken_over_when_free(
    processes: Processes,
) -> None:
    a = await processes.start((0,))
    b = await processes.start((1,))
    ta = await _playing(a, G0, 10, 1)
    await processes.kill(a)
    await _gone(b, ta)
    # an interaction for it reached B (a DM click on B's shard 0 in real life): B adopts it
    assert await b.adopt([ta]) == [ta]
    assert b.get(ta).status == "playing" and b.owners is not None and ta in b.owners.held
    assert await b.adopt([ta]) == []  # already B's
    # A comes back: the table has an owner, A's start-up leaves it alone
    a2 = await processes.start((0,), interval=0.1)
    assert ta not in a2._tables and a2.owners is not None and a2.owners.held == set()
    # B stops cleanly: A's shard takes its table over within a look or two
    await b.shut_down()
    await b.store.close()
    processes.running.remove(b)
    await _until(lambda: ta in a2._tables, "A's shard to take its table over")
    assert a2.owners.held == {ta} and a2.get(ta).status == "playing"


async def test_a_closed_table_gives_its_lock_up(processes: Processes) -> None:
    a = await processes.start((0, 1))
    table = await a.open_table(guild_id=G1, channel_id=30, game="pajiwo", user_id=1, name="p")
    assert a.owners is not None and a.owners.held == {table.id}
    await a.abort(30, 1)
    await _until(lambda: not a.owners.held, "the lock to be given up")  # type: ignore[union-attr]
    assert await a.owners.owner(table.id) is None


async def test_a_payload_is_handed_to_the_owner_short_or_long(processes: Processes) -> None:
    a = await processes.start((0,))
    b = await processes.start((1,))
    assert a.owners is not None and b.owners is not None
    heard: list[dict[str, object]] = []
    await a.owners.listen(heard.append)
    short = {"id": "1", "data": {"custom_id": "pj:a:1:2:pass:"}}
    # an interaction payload with its message can pass NOTIFY's 8,000 bytes even compressed
    long = {"id": "2", "message": {"content": "".join(f"{n:08x}" for n in range(4000))}}
    await b.owners.hand_to(a.owners.pid, short)
    await b.owners.hand_to(a.owners.pid, long)
    await _until(lambda: len(heard) == 2, "both payloads to arrive")
    assert sorted(heard, key=lambda p: str(p["id"])) == [short, long]
    conn = a.owners.conn  # the long one went through the hand-off table, read and emptied
    assert await conn.fetchval("SELECT count(*) FROM paiju_handoff") == 0
    used = "SELECT pg_sequence_last_value(pg_get_serial_sequence('paiju_handoff', 'id'))"
    assert await conn.fetchval(used) == 1
