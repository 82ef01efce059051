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
from bot.tables import Table, TableService, TableUpdate
from bot.timers import ManualScheduler
from present.refusals import refusal_text
from tests.host.test_timers import USERS, four_people


class FlakyTableStore(Store):
    """A real store whose next ``fail`` table updates (and ``close_fails`` closings) raise an
    I/O error before writing."""

    fail = 0
    close_fails = 0

    async def close_game(self, *args: Any, **kwargs: Any) -> None:
        if self.close_fails:
            self.close_fails -= 1
            raise sqlite3.OperationalError("disk I/O error")
        await super().close_game(*args, **kwargs)

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


CH = 900
LOBBY = [61, 62, 63, 64]


def _state(table: Table) -> tuple[Any, ...]:
    return (
        [s.to_json() for s in table.seats],
        table.host_user_id,
        table.status,
        dict(table.options),
        table.preset,
        table.pace,
        table.rated,
    )


async def _lobby(service: TableService) -> Table:
    """A lobby: the host in seat 1, a person in seat 2, a bot in seat 3, seat 4 free."""
    table = await service.open_table(
        guild_id=1, channel_id=CH, game="toy", user_id=LOBBY[0], name="host"
    )
    await service.join(CH, LOBBY[1], "bob")
    await service.add_bot(CH, LOBBY[0], 1)
    return table


LOBBY_CHANGES = {
    "join": lambda s: s.join(CH, LOBBY[2], "carol"),
    "choose_seat": lambda s: s.choose_seat(CH, LOBBY[1], 3),
    "leave": lambda s: s.leave(CH, LOBBY[1]),
    "host_leaves": lambda s: s.leave(CH, LOBBY[0]),
    "add_bot": lambda s: s.add_bot(CH, LOBBY[0], 1),
    "kick": lambda s: s.kick(CH, LOBBY[0], 1),
    "set_options": lambda s: s.set_options(CH, LOBBY[0], pace="relaxed", rated=False),
}


@pytest.mark.parametrize("change", list(LOBBY_CHANGES))
async def test_a_lobby_change_the_store_refuses_changes_nothing(
    flaky: FlakyTableStore, scheduler: ManualScheduler, change: str
) -> None:
    service = TableService(flaky, scheduler=scheduler)
    table = await _lobby(service)
    before = _state(table)
    seen: list[str] = []

    async def listener(update: TableUpdate) -> None:
        seen.append(update.kind)

    service.subscribe(listener)
    flaky.fail = 1
    with pytest.raises(TableError) as refused:
        await LOBBY_CHANGES[change](service)
    assert refused.value.code == "not_stored"
    assert isinstance(refused.value.__cause__, sqlite3.OperationalError)
    assert "could not be saved, so it was not made" in refusal_text("en", refused.value)
    assert "没能保存" in refusal_text("zh", refused.value)
    assert _state(table) == before and seen == []  # nothing made, nothing announced
    stored = await flaky.table(table.id)
    assert stored is not None and [dict(s) for s in stored.seats] == before[0]
    await LOBBY_CHANGES[change](service)  # the retry is stored and made
    assert _state(table) != before and seen == ["lobby"]
    stored = await flaky.table(table.id)
    assert stored is not None and [dict(s) for s in stored.seats] == _state(table)[0]
    assert stored.host_user_id == table.host_user_id


@pytest.mark.parametrize("change", ["leave", "host_leaves", "kick"])
async def test_leaving_or_a_kick_during_play_the_store_refuses_changes_nothing(
    flaky: FlakyTableStore, scheduler: ManualScheduler, change: str
) -> None:
    service = TableService(flaky, scheduler=scheduler)
    table = await four_people(service)
    seat = {"leave": 1, "host_leaves": 0, "kick": 2}[change]
    user = USERS[seat]

    async def run() -> Table:
        if change == "kick":
            return await service.kick(table.channel_id, USERS[0], seat)
        return await service.leave(table.channel_id, user)

    before = _state(table)
    flaky.fail = 1
    with pytest.raises(TableError) as refused:
        await run()
    assert refused.value.code == "not_stored"
    assert _state(table) == before
    await run()
    assert table.seats[seat].left and table.seats[seat].auto
    if change == "host_leaves":
        assert table.host_user_id == USERS[1]  # the next person seated
    stored = await flaky.table(table.id)
    assert stored is not None and stored.host_user_id == table.host_user_id
    assert [dict(s) for s in stored.seats] == _state(table)[0]


async def test_the_last_person_leaving_aborts_only_once_stored(
    flaky: FlakyTableStore, scheduler: ManualScheduler
) -> None:
    service = TableService(flaky, scheduler=scheduler)
    table = await service.open_table(
        guild_id=1, channel_id=CH, game="toy", user_id=LOBBY[0], name="host"
    )
    before = _state(table)
    flaky.close_fails = 1
    with pytest.raises(TableError) as refused:
        await service.leave(CH, LOBBY[0])
    assert refused.value.code == "not_stored"
    assert _state(table) == before and service.table_in_channel(CH) is table
    await service.leave(CH, LOBBY[0])
    assert table.status == "aborted" and table.seats[0].empty
    assert service.table_in_channel(CH) is None
