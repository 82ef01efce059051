"""When the store cannot write (disk full, I/O error), nothing is half-applied: a person's move
fails with the error and the game is as before; bot and timeout moves are tried again later."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.errors import TableError
from bot.store import Store
from bot.tables import Table, TableService
from bot.timers import ManualScheduler
from games.base import Action

CH = 900
USERS = [51, 52, 53, 54]


class FlakyStore(Store):
    """A real store whose next ``fail`` appends raise an I/O error before writing."""

    fail = 0

    async def append_action(self, *args: Any, **kwargs: Any) -> None:
        if self.fail:
            self.fail -= 1
            raise sqlite3.OperationalError("disk I/O error")
        await super().append_action(*args, **kwargs)


@pytest.fixture
async def flaky(db_path: Path) -> AsyncIterator[FlakyStore]:
    store = await FlakyStore.open(db_path)
    assert isinstance(store, FlakyStore)
    yield store
    await store.close()


async def start(service: TableService, bots: int, pace: str = "async") -> Table:
    table = await service.open_table(
        guild_id=1,
        channel_id=CH,
        game="toy",
        user_id=USERS[0],
        name="a",
        pace=pace,
        options={"deal": "all_at_once"},
    )
    for i in range(1, 4 - bots):
        await service.join(CH, USERS[i], f"p{i}")
    if bots:
        await service.add_bot(CH, USERS[0], bots)
    await service.start(CH, USERS[0], seed=1)
    return table


async def test_a_persons_move_fails_whole(flaky: FlakyStore, scheduler: ManualScheduler) -> None:
    service = TableService(flaky, scheduler=scheduler)
    table = await start(service, bots=0)
    assert table.engine is not None and table.game_id is not None
    before = table.engine.snapshot()
    flaky.fail = 1
    with pytest.raises(TableError) as refused:
        await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 1}), "k")
    # the person is told the move was not made; the store's own error is kept as the cause
    assert refused.value.code == "not_stored"
    assert isinstance(refused.value.__cause__, sqlite3.OperationalError)
    assert table.engine.snapshot() == before and table.engine.actions == []
    assert await flaky.action_count(table.game_id) == 0
    # the key was not used up: the retry is applied
    result = await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 1}), "k")
    assert not result.duplicate and await flaky.action_count(table.game_id) == 1


async def test_bot_moves_are_retried(flaky: FlakyStore, scheduler: ManualScheduler) -> None:
    service = TableService(flaky, scheduler=scheduler)
    table = await start(service, bots=3)
    assert table.engine is not None
    flaky.fail = 1
    await scheduler.run_due()
    assert table.engine.actions == []  # the first bot move failed and nothing else ran
    await scheduler.advance(5.0)
    assert sorted(table.engine.view(None)["anted"]) == [1, 2, 3]


async def test_timeout_moves_are_retried(flaky: FlakyStore, scheduler: ManualScheduler) -> None:
    service = TableService(flaky, scheduler=scheduler)
    table = await start(service, bots=3, pace="live")
    assert table.engine is not None
    await scheduler.run_due()
    flaky.fail = 1
    await scheduler.advance(60)
    assert 0 not in table.engine.view(None)["anted"]
    assert table.seats[0].timeouts_in_a_row == 0
    await scheduler.advance(5)
    assert 0 in table.engine.view(None)["anted"]
    assert table.seats[0].timeouts_in_a_row == 1
