"""A seat handed to its bot after 3 timeouts stays handed over across a restart, and the
player can take it back in the new process."""

from __future__ import annotations

from pathlib import Path

from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from tests.host.test_timers import USERS, four_people


async def test_hand_over_survives_a_restart_and_is_taken_back_after(db_path: Path) -> None:
    clock = FakeClock()
    store = await Store.open(db_path)
    scheduler = ManualScheduler(clock)
    first = TableService(store, scheduler=scheduler)
    table = await four_people(first, hands=5)
    engine = table.engine
    assert engine is not None
    for _ in range(60):  # seats 1-3 answer at once; seat 0 never does
        if table.seats[0].auto:
            break
        for seat in (1, 2, 3):
            if any(d.seat == seat and d.required for d in engine.pending()):
                move = first.hint(table.id, USERS[seat])
                assert move is not None
                await first.act(table.id, USERS[seat], move, f"s{seat}-{len(engine.actions)}")
                break
        else:
            await scheduler.advance(60)
    assert table.seats[0].auto and table.seats[0].timeouts_in_a_row == 3
    actions = len(engine.actions)
    await first.shut_down()
    await store.close()

    store = await Store.open(db_path)
    scheduler = ManualScheduler(clock)
    second = TableService(store, scheduler=scheduler)
    await second.start_up()
    again = second.get(table.id)
    assert again.seats[0].auto and again.seats[0].timeouts_in_a_row == 3
    assert again.engine is not None and len(again.engine.actions) == actions
    assert 0 not in again.deadlines  # the bot plays seat 0: nobody waits for it
    await second.take_back(again.id, USERS[0])
    assert not again.seats[0].auto and again.seats[0].timeouts_in_a_row == 0
    await second.shut_down()
    await store.close()

    store = await Store.open(db_path)  # and the take-back itself was stored
    third = TableService(store, scheduler=ManualScheduler(clock))
    await third.start_up()
    assert not third.get(table.id).seats[0].auto
    await third.shut_down()
    await store.close()
