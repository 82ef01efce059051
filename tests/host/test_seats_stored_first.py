"""Seat changes are stored before they are made, as moves are: when the store cannot write a
take-back or a seat change, the table in memory (what every front end shows) is as before,
and the person is told why in their language; the retry works."""

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
from present.refusals import refusal_text
from tests.host.test_timers import USERS, four_people


class FlakyTableStore(Store):
    """A real store whose next ``fail`` table updates raise an I/O error before writing."""

    fail = 0

    async def update_table(self, *args: Any, **kwargs: Any) -> None:
        if self.fail:
            self.fail -= 1
            raise sqlite3.OperationalError("disk I/O error")
        await super().update_table(*args, **kwargs)


@pytest.fixture
async def flaky(db_path: Path) -> AsyncIterator[FlakyTableStore]:
    store = await FlakyTableStore.open(db_path)
    assert isinstance(store, FlakyTableStore)
    yield store
    await store.close()


async def _handed_over(service: TableService, scheduler: ManualScheduler) -> Table:
    """A live table where seat 0 timed out three times and its bot plays it."""
    table = await four_people(service, hands=5)
    engine = table.engine
    assert engine is not None
    for _ in range(60):  # seats 1-3 answer at once; seat 0 never does
        if table.seats[0].auto:
            break
        for seat in (1, 2, 3):
            if any(d.seat == seat and d.required for d in engine.pending()):
                move = service.hint(table.id, USERS[seat])
                assert move is not None
                await service.act(table.id, USERS[seat], move, f"s{seat}-{len(engine.actions)}")
                break
        else:
            await scheduler.advance(60)
    assert table.seats[0].auto
    return table


async def _stored_seats(store: Store, table_id: int) -> list[dict[str, Any]]:
    row = await store.table(table_id)
    assert row is not None
    return [dict(s) for s in row.seats]


async def test_a_take_back_the_store_refuses_says_so_and_leaves_the_bot_playing(
    flaky: FlakyTableStore, scheduler: ManualScheduler
) -> None:
    service = TableService(flaky, scheduler=scheduler)
    table = await _handed_over(service, scheduler)
    seat = table.seats[0]
    before = (seat.auto, seat.timeouts_in_a_row)
    flaky.fail = 1
    with pytest.raises(TableError) as refused:
        await service.take_back(table.id, USERS[0])
    assert refused.value.code == "take_back_not_stored"
    assert isinstance(refused.value.__cause__, sqlite3.OperationalError)
    assert (table.seats[0].auto, table.seats[0].timeouts_in_a_row) == before
    assert table.seats[0] is seat  # the same seat object, unchanged
    assert refusal_text("en", refused.value) == (
        "Your seat could not be taken back: the change could not be saved, so a bot still"
        " plays it. Try again in a moment."
    )
    assert refusal_text("zh", refused.value) == (
        "没能收回你的座位：这次改动没能保存，机器人仍在替你出牌。请稍后再试。"
    )
    await service.take_back(table.id, USERS[0])  # the retry is stored and made
    assert not table.seats[0].auto
    assert not (await _stored_seats(flaky, table.id))[0].get("auto")
