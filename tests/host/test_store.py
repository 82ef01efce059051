"""The SQLite store: migrations, WAL, atomic appends with idempotency keys, and restart rebuild."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.store import MIGRATIONS, DuplicateKey, Store, TableRow
from bot.tables import TableService
from bot.timers import Deadline, FakeClock, ManualScheduler
from games.base import Action

CH = 800


def row(channel: int = CH) -> TableRow:
    return TableRow(
        guild_id=1,
        channel_id=channel,
        game="toy",
        status="lobby",
        host_user_id=1,
        preset="standard",
        options={},
        pace="live",
        pace_seconds=60,
        rated=None,
        seats=[{"index": 0, "user_id": 1}],
    )


async def test_migrations_and_wal(db_path: Path) -> None:
    store = await Store.open(db_path)
    assert await store.schema_version() == len(MIGRATIONS)
    # FULL: the WAL is synced at every commit, so an answered move survives a power cut
    assert await store.synchronous() == 2
    await store.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    with pytest.raises(sqlite3.DatabaseError, match="newer than this code"):
        await Store.open(db_path)


async def test_reopening_keeps_data_and_skips_done_migrations(store_target: Path | str) -> None:
    store = await Store.open(store_target)
    table_id = await store.insert_table(row(), 1.0)
    await store.close()
    store = await Store.open(store_target)
    assert [t.id for t in await store.open_tables()] == [table_id]
    await store.close()


async def test_one_open_table_per_channel(store: Store) -> None:
    first = await store.insert_table(row(), 1.0)
    with pytest.raises(sqlite3.IntegrityError):
        await store.insert_table(row(), 2.0)
    await store.close_game(first, None, "aborted", 3.0)
    await store.insert_table(row(), 4.0)  # a closed table frees the channel


async def test_append_is_atomic_and_keys_unique(store: Store) -> None:
    table_id = await store.insert_table(row(), 1.0)
    game_id = await store.start_game(table_id, "toy", {"hands": 1}, 42, [], 2.0)
    deadline = {2: Deadline(2, 100.0, 70.0)}
    await store.append_action(
        game_id,
        0,
        Action(0, "ante", {"amount": 1}).to_json(),
        "u:a",
        7,
        3.0,
        table_id=table_id,
        deadlines=deadline,
        seats=[{"index": 0, "auto": True}],
    )
    with pytest.raises(DuplicateKey):
        await store.append_action(
            game_id,
            1,
            Action(1, "ante", {"amount": 1}).to_json(),
            "u:a",
            8,
            4.0,
            table_id=table_id,
            deadlines={},
        )
    # the refused append wrote nothing: not the action, not the deadlines
    assert await store.actions(game_id) == [{"seat": 0, "kind": "ante", "data": {"amount": 1}}]
    assert await store.deadlines(table_id) == deadline
    with pytest.raises(sqlite3.IntegrityError):
        await store.append_action(game_id, 0, {"seat": 1, "kind": "x", "data": {}}, "u:b", 8, 4.0)
    assert await store.action_keys(game_id) == {"u:a"}
    stored = await store.table(table_id)
    assert stored is not None and stored.seats == [{"index": 0, "auto": True}]
    game = await store.game(game_id)
    assert (game.seed, game.options, game.game) == (42, {"hands": 1}, "toy")


async def test_restart_rebuilds_tables_from_the_file(store_target: Path | str) -> None:
    clock = FakeClock()
    store = await Store.open(store_target)
    scheduler = ManualScheduler(clock)
    service = TableService(store, scheduler=scheduler)
    await service.open_table(
        guild_id=1,
        channel_id=CH + 1,
        game="toy",
        user_id=1,
        name="A",
        preset="quick",
        pace="relaxed",
        options={"deal_delay_ms": 300},
    )
    await service.join(CH + 1, 2, "B")
    table = await service.open_table(
        guild_id=1,
        channel_id=CH,
        game="toy",
        user_id=1,
        name="A",
        pace="async",
        options={"hands": 4},
    )
    await service.add_bot(CH, 1, 3, "random")
    await service.start(CH, 1, seed=99)
    await service.act(table.id, 1, Action(None, "ante", {"amount": 2}), "ante-key")
    await scheduler.run_due()
    for i in range(3):
        move = service.hint(table.id, 1)
        if move is None:
            await scheduler.run_due()
            continue
        await service.act(table.id, 1, move, f"move-{i}")
        await scheduler.run_due()
    assert table.engine is not None
    live = table.engine.snapshot()
    n = len(table.engine.actions)
    await service.shut_down()
    await store.close()

    store = await Store.open(store_target)
    scheduler = ManualScheduler(clock)
    again = TableService(store, scheduler=scheduler)
    await again.start_up()
    rebuilt = again.table_in_channel(CH)
    assert rebuilt is not None and rebuilt.engine is not None
    assert rebuilt.engine.snapshot() == live and len(rebuilt.engine.actions) == n
    assert [s.bot for s in rebuilt.seats] == [None, "random", "random", "random"]
    assert rebuilt.resolved_options().to_dict()["hands"] == 4
    # the idempotency keys survive: a retried request after the restart is not applied again
    result = await again.act(rebuilt.id, 1, Action(None, "ante", {"amount": 2}), "ante-key")
    assert result.duplicate
    back = again.table_in_channel(CH + 1)
    assert back is not None and back.status == "lobby"
    assert [s.user_id for s in back.seats] == [1, 2, None, None]
    assert (back.preset, back.pace, back.options) == ("quick", "relaxed", {"deal_delay_ms": 300})
    # and the rebuilt game plays on to the end
    for i in range(200):
        if rebuilt.status != "playing":
            break
        move = again.hint(rebuilt.id, 1)
        if move is not None:
            await again.act(rebuilt.id, 1, move, f"after-{i}")
        await scheduler.run_due()
    assert rebuilt.status == "finished"
    await again.shut_down()
    await store.close()


async def test_a_failure_after_the_action_row_rolls_the_action_back(store: Store) -> None:
    """The action, the seats and the deadlines are one transaction: when a later statement
    fails (here the deadlines name a table that does not exist), the action is not kept."""
    table_id = await store.insert_table(row(), 1.0)
    game_id = await store.start_game(table_id, "toy", {"hands": 1}, 42, [], 2.0)
    with pytest.raises(sqlite3.IntegrityError):
        await store.append_action(
            game_id,
            0,
            Action(0, "ante", {"amount": 1}).to_json(),
            "u:a",
            7,
            3.0,
            table_id=table_id + 100,
            deadlines={2: Deadline(2, 100.0, 70.0)},
        )
    assert await store.actions(game_id) == []
    assert await store.action_keys(game_id) == set()
    # and the store still works
    await store.append_action(game_id, 0, {"seat": 0, "kind": "ante", "data": {}}, "u:a", 7, 4.0)
    assert await store.action_count(game_id) == 1


async def test_playing_tables_of_a_person(service: TableService) -> None:
    """The playing tables a person sits at, read from the store (a DM command reaching a
    process that does not run the table finds it so: bot.owners)."""
    table = await service.open_table(guild_id=7, channel_id=70, game="pajiwo", user_id=17, name="p")
    assert await service.store.playing_tables_of(17) == []  # in the lobby
    await service.add_bot(70, 17, 3)
    await service.start(70, 17, seed=1)
    assert await service.store.playing_tables_of(17) == [table.id]
    assert await service.store.playing_tables_of(1) == []
    assert await service.store.playing_tables_of(170) == []  # a prefix of no one's id
