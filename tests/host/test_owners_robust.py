"""Ownership across bot processes made robust (issue 25): the processes register their shard
settings (an overlap or another SHARD_COUNT is refused), ``health`` judges each process, an
adopted table goes back to its own process when it returns (a move under way stays exactly
once), and a claim connection the server ends is noticed at once: the process stops acting as
owner, reconnects and takes its tables back, with no move lost."""

from __future__ import annotations

import asyncio
import re

import asyncpg
import pytest

from bot.errors import TableError
from bot.pg_admin import health_postgres
from bot.shard_registry import conflict, processes, shard_ranges
from bot.store import Store
from bot.tables import TableService
from games.base import Action
from tests.host.test_owners import G0, G1, Processes, _gone, _playing, _until

pytestmark = pytest.mark.postgres


@pytest.fixture
async def processes_(postgres_url: str) -> Processes:  # type: ignore[misc]
    procs = Processes(postgres_url)
    yield procs
    await procs.stop_all()


def _person_move(service: TableService, table_id: int) -> Action | None:
    """A legal move of seat 0 (the person) if it is pending, else ``None``."""
    engine = service.get(table_id).engine
    assert engine is not None
    if not any(d.seat == 0 for d in engine.pending()):
        return None
    legal = engine.legal_actions(0, 1)[0]
    return Action(None, legal.kind, dict(legal.data))


def _record(service: TableService) -> list[tuple[str, list[int], set[int], bool]]:
    """The ownership changes the service tells, each with the tables then loaded and
    whether the claim was then counted as lost."""
    events: list[tuple[str, list[int], set[int], bool]] = []

    async def listener(kind: str, table_ids: list[int]) -> None:
        assert service.owners is not None
        events.append((kind, table_ids, set(service._tables) & set(table_ids), service.owners.lost))

    service.subscribe_ownership(listener)
    return events


async def _stored_actions(url: str, table_id: int) -> list[str]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(
            "SELECT a.idempotency_key FROM actions a JOIN tables t ON t.game_id = a.game_id"
            " WHERE t.id = $1 ORDER BY a.seq",
            table_id,
        )
        return [r[0] for r in rows]
    finally:
        await conn.close()


def test_shard_ranges_and_the_conflict_sentences() -> None:
    assert shard_ranges([5, 0, 1, 2, 7]) == "0-2,5,7" and shard_ranges([]) == ""
    assert conflict(4, [0, 1], []) is None


async def test_overlapping_shard_ids_or_another_shard_count_are_refused(
    processes_: Processes,
) -> None:
    a = await processes_.start((0,))
    assert a.owners is not None
    # shard 0 again: refused, naming the other process and its shards; nothing is held
    with pytest.raises(TableError) as overlap:
        await processes_.start((0, 1))
    assert overlap.value.code == "shard_conflict"
    assert "SHARD_IDS=0-1 overlaps" in overlap.value.message
    assert "SHARD_IDS=0 (both would run shard 0)" in overlap.value.message
    # another SHARD_COUNT: refused
    other = TableService(
        await Store.open(processes_.url), shards=(4, (2, 3)), register_patience_s=0
    )
    with pytest.raises(TableError) as count:
        await other.start_up()
    assert count.value.code == "shard_conflict" and "SHARD_COUNT=4 disagrees" in count.value.message
    assert other._claim is None and other.owners is None  # the refused claim was given up
    await other.store.close()
    # the refused ones left no row behind; the disjoint one starts
    b = await processes_.start((1,))
    assert b.owners is not None
    rows = await processes(a.owners.conn)
    assert [(r.shard_ids, r.live) for r in rows] == [((0,), True), ((1,), True)]
    # a process that is gone blocks nothing: its row is dead, then deleted
    await processes_.kill(a)
    a2 = await processes_.start((0,))
    assert a2.owners is not None
    assert sorted(r.shard_ids for r in await processes(a2.owners.conn)) == [(0,), (1,)]


async def test_a_process_restarted_at_once_waits_for_its_killed_selfs_session(
    processes_: Processes,
) -> None:
    """A process killed and started again at once may find its old session still holding the
    claim for a moment: it tries again (for ``register_patience_s``) instead of refusing; and a
    live session that stopped its heartbeat long ago (a half-open connection) blocks nothing."""
    a = await processes_.start((0,))
    assert a.owners is not None
    starting = asyncio.create_task(processes_.start((0,), patience=30))
    await asyncio.sleep(1.5)
    assert not starting.done()  # waiting, not refused
    await processes_.kill(a)
    a2 = await starting
    assert a2.owners is not None
    # a session whose process stopped answering 60 s ago does not count
    await a2.owners.conn.execute(
        "UPDATE shard_processes SET seen_at = seen_at - 60 WHERE token = $1", a2.owners.token
    )
    a3 = await processes_.start((0,))
    assert a3.owners is not None and a3.owners.token != a2.owners.token


async def test_health_reports_each_process_and_the_shards_nobody_runs(
    processes_: Processes,
) -> None:
    url = processes_.url
    a = await processes_.start((0,))
    healthy, why = await health_postgres(url, (2, (0,)))
    assert healthy, why
    assert why.startswith("this process's shard 0 of 2 run by 1 live process (postgresql://")
    # the whole bot: shard 1 has no process
    healthy, why = await health_postgres(url)
    assert not healthy, why
    assert why.startswith("shard 1 of 2 has no live process that answers (every"), why
    healthy, why = await health_postgres(url, (2, (1,)))
    assert not healthy and why.startswith("this process's shard 1 of 2 has no live process")
    b = await processes_.start((1,))
    healthy, why = await health_postgres(url)
    assert healthy and why.startswith("shards 0-1 of 2 run by 2 live processes ("), why
    lines = why.splitlines()[1:]
    assert len(lines) == 2 and all(re.search(r"last seen \d+ s ago$", x) for x in lines), lines
    assert ": shard 0 of 2, last seen" in lines[0] and ": shard 1 of 2, last seen" in lines[1]
    # one of the two processes runs this process's shard 1: one, not both
    healthy, why = await health_postgres(url, (2, (1,)))
    assert healthy and why.startswith("this process's shard 1 of 2 run by 1 live process ("), why
    # a SHARD_COUNT that is not the live processes' one is said as such, not as missing shards
    healthy, why = await health_postgres(url, (4, (1,)))
    assert not healthy and why.startswith(
        "SHARD_COUNT=4 here disagrees with the live processes' SHARD_COUNT=2: every process of"
        " the bot must give the same ("
    ), why
    healthy, why = await health_postgres(url, (4, None))
    assert not healthy and why.startswith("SHARD_COUNT=4 here disagrees"), why
    # a process whose heartbeat stopped is reported as not answering: its shards are unhealthy
    assert b.owners is not None
    await b.owners.conn.execute(
        "UPDATE shard_processes SET seen_at = seen_at - 120 WHERE token = $1", b.owners.token
    )
    healthy, why = await health_postgres(url)
    assert not healthy and why.startswith("shard 1 of 2 has no live process that answers")
    assert "(not answering)" in why
    await b.owners.heartbeat(timeout=5)
    assert (await health_postgres(url))[0]
    # a killed process's line says it is gone
    await processes_.kill(a)
    healthy, why = await health_postgres(url)
    assert not healthy and "gone" in why.splitlines()[1], why


async def test_an_adopted_table_goes_back_to_its_own_process_with_a_move_under_way(
    processes_: Processes,
) -> None:
    url = processes_.url
    a = await processes_.start((0,))
    b = await processes_.start((1,))
    ta = await _playing(a, G0, 10, 1)
    await processes_.kill(a)
    await _gone(b, ta)
    assert await b.adopt([ta]) == [ta]
    assert await b.hand_back() == []  # shard 0's process is gone: B keeps it
    a2 = await processes_.start((0,))  # A returns; the table is B's until B hands it back
    assert ta not in a2._tables and b.owners is not None
    moves_before = len(await _stored_actions(url, ta))
    move = _person_move(b, ta)
    table = b.get(ta)
    # a move under way at B while B hands the table back: it ends first, under the lock
    await table.lock.acquire()
    acting = asyncio.create_task(b.act(ta, 1, move, "k-flight")) if move else None
    handing = asyncio.create_task(b.hand_back())
    await asyncio.sleep(0.05)
    assert not handing.done()  # waits for the table's lock
    table.lock.release()
    assert await handing == [ta]
    result = await acting if acting is not None else None
    assert ta not in b._tables and ta not in b.owners.held
    await _until(lambda: ta in a2._tables, "A to take its table back")
    assert a2.owners is not None and a2.owners.held == {ta}
    stored = await _stored_actions(url, ta)
    engine = a2.get(ta).engine
    assert engine is not None and len(engine.actions) == len(stored)
    if result is not None:  # the move under way was applied once, at B, before the hand-back
        assert not result.duplicate and stored.count("u:1:k-flight") == 1
        assert len(stored) >= moves_before + 1
        # the same move again, now at A: a duplicate, not a second move
        assert (await a2.act(ta, 1, move, "k-flight")).duplicate  # type: ignore[arg-type]
    # B no longer runs it: a move that reached B now is refused as moved, not applied
    with pytest.raises(TableError) as moved:
        await b.act(ta, 1, Action(None, "pass", {}), "k-late")
    assert moved.value.code == "table_moved"
    assert await b.owners.owner(ta) == a2.owners.pid


async def test_a_killed_claim_connection_is_noticed_and_the_tables_taken_back(
    processes_: Processes,
) -> None:
    url = processes_.url
    a = await processes_.start((0, 1))
    t1 = await _playing(a, G0, 10, 1)
    t2 = await _playing(a, G1, 20, 2)
    assert a.owners is not None
    events = _record(a)
    move = _person_move(a, t1)
    assert move is not None
    assert not (await a.act(t1, 1, move, "before")).duplicate
    before = {t: len(await _stored_actions(url, t)) for t in (t1, t2)}
    old_pid = a.owners.pid
    killer = await asyncpg.connect(url)
    try:  # the server ends the connection that holds the locks
        assert await killer.fetchval("SELECT pg_terminate_backend($1)", old_pid)
    finally:
        await killer.close()
    await _until(lambda: events, "the loss to be noticed")
    # at once: nothing was run as owner any more (no table loaded, no lock counted as held)
    assert events[0] == ("lost", [t1, t2], set(), True)
    await _until(
        lambda: a.owners is not None and not a.owners.lost and {t1, t2} <= set(a._tables),
        "the tables to be taken back",
    )
    assert a.owners.pid != old_pid and a.owners.held == {t1, t2}
    for t in (t1, t2):  # nothing lost: the games are as stored
        engine = a.get(t).engine
        assert engine is not None and len(engine.actions) == before[t]
        assert len(await _stored_actions(url, t)) == before[t]
    assert events[1][:2] == ("gained", [t1, t2])
    # the move made before the loss is remembered: a retry is a duplicate
    assert (await a.act(t1, 1, move, "before")).duplicate
    # the new connection holds the locks and the claim; the registry row follows it
    check = await asyncpg.connect(url)
    try:
        rows = await processes(check)
    finally:
        await check.close()
    assert [(r.backend_pid, r.live) for r in rows] == [(a.owners.pid, True)]
    # and the next loss is noticed too
    killer = await asyncpg.connect(url)
    try:
        await killer.fetchval("SELECT pg_terminate_backend($1)", a.owners.pid)
    finally:
        await killer.close()
    await _until(lambda: len(events) == 4, "the tables to be taken back again")
    assert [e[:2] for e in events[2:]] == [("lost", [t1, t2]), ("gained", [t1, t2])]
    assert a.owners.held == {t1, t2} and {t1, t2} <= set(a._tables)


async def test_a_move_during_the_loss_waits_for_the_tables_to_come_back(
    processes_: Processes,
) -> None:
    url = processes_.url
    a = await processes_.start((0,))
    t1 = await _playing(a, G0, 10, 1)
    assert a.owners is not None
    events = _record(a)
    move = _person_move(a, t1)
    assert move is not None
    killer = await asyncpg.connect(url)
    try:
        await killer.fetchval("SELECT pg_terminate_backend($1)", a.owners.pid)
    finally:
        await killer.close()
    await _until(lambda: events, "the loss to be noticed")
    # a move that comes while the process reconnects is applied once, after its table is back
    result = await a.act(t1, 1, move, "during")
    assert not result.duplicate
    stored = await _stored_actions(url, t1)
    assert stored.count("u:1:during") == 1
    engine = a.get(t1).engine
    assert engine is not None and len(engine.actions) == len(stored)


async def test_a_claim_connection_that_does_not_answer_its_heartbeat_is_ended_and_replaced(
    processes_: Processes,
) -> None:
    """The periodic check: a heartbeat that does not answer in time (here: its row is locked by
    another session, as a hung connection would hang it) ends the connection; the process then
    carries on as after any loss."""
    url = processes_.url
    a = await processes_.start((0,))
    t1 = await _playing(a, G0, 10, 1)
    assert a.owners is not None
    events = _record(a)
    old_pid = a.owners.pid
    blocker = await asyncpg.connect(url)
    try:
        hold = blocker.transaction()
        await hold.start()
        await blocker.execute("SELECT * FROM shard_processes FOR UPDATE")
        await a.owners.heartbeat(timeout=0.5)
        assert a.owners.lost and t1 not in a._tables  # at once
        await _until(lambda: events, "the loss to be told")
        assert events == [("lost", [t1], set(), True)]
        await hold.rollback()
    finally:
        await blocker.close()
    await _until(lambda: len(events) == 2, "the tables to be taken back")
    assert events[1][:2] == ("gained", [t1]) and a.owners.pid != old_pid
    assert a.owners.held == {t1} and t1 in a._tables
