"""Deadlines with a fake clock: reminder at half time, the bot plays at the deadline, three
timeouts in a row hand the seat to the bot, taking it back, and deadlines kept across a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import TableError
from bot.pace import PaceError, parse_pace
from bot.store import Store
from bot.tables import Table, TableService
from bot.timers import Deadline, FakeClock, ManualScheduler, plan_deadlines
from games.base import Action
from tests.host.conftest import Recorder

CH = 700
USERS = [31, 32, 33, 34]


async def four_people(
    service: TableService, pace: str = "live", seed: int = 2, hands: int = 3
) -> Table:
    table = await service.open_table(
        guild_id=None,
        channel_id=CH,
        game="toy",
        user_id=USERS[0],
        name="P0",
        pace=pace,
        options={"deal": "all_at_once", "hands": hands},
    )
    for i, user in enumerate(USERS[1:], 1):
        await service.join(CH, user, f"P{i}")
    await service.start(CH, USERS[0], seed=seed)
    return table


def test_pace_presets_and_custom() -> None:
    assert parse_pace("live").seconds == 60
    assert parse_pace("relaxed").seconds == 600
    assert parse_pace("async").seconds == 86_400
    assert parse_pace("90s") == parse_pace(90) == parse_pace("90")
    assert parse_pace("5m").seconds == 300 and parse_pace("5m").name == "custom"
    assert parse_pace("10m").name == "relaxed"  # a custom time equal to a preset is the preset
    for bad in ("soon", "5s", "9d", "-3", "", "٥m", "²m"):  # ASCII digits only
        with pytest.raises(PaceError):
            parse_pace(bad)


def test_plan_keeps_deadlines_of_seats_still_waiting() -> None:
    old = {1: Deadline(1, 160.0, 130.0, True), 2: Deadline(2, 160.0, 130.0)}
    new = plan_deadlines(old, [1, 2, 3], actor=2, now=100.0, pace_seconds=60)
    assert new[1] == old[1]  # another seat acted: the claim window stays as it was
    assert new[2] == Deadline(2, 160.0, 130.0)  # the actor's new decision: a new deadline
    assert new[2] is not old[2] or new[2].due == 100.0 + 60
    assert new[3] == Deadline(3, 160.0, 130.0)
    assert plan_deadlines(old, [], actor=None, now=100.0, pace_seconds=60) == {}


async def test_reminder_at_half_time_then_bot_plays_at_deadline(
    service: TableService, scheduler: ManualScheduler, store: Store, recorder: Recorder
) -> None:
    start = scheduler.clock()
    table = await four_people(service)
    assert table.deadlines == {s: start + 60 for s in range(4)}
    await service.act(table.id, USERS[1], Action(None, "ante", {"amount": 2}), "a1")
    await scheduler.advance(29.9)
    assert "reminder" not in recorder.kinds()
    await scheduler.advance(0.1)
    reminded = sorted(u.reminder_seat or 0 for u in recorder.updates if u.kind == "reminder")
    assert reminded == [0, 2, 3]  # seat 1 already acted
    stored = await store.deadlines(table.id)
    assert all(d.reminded for d in stored.values()) and sorted(stored) == [0, 2, 3]
    await scheduler.advance(29.9)
    assert "timeout" not in recorder.kinds()
    await scheduler.advance(0.1)
    timeouts = [u for u in recorder.updates if u.kind == "timeout"]
    assert sorted(u.action.seat or 0 for u in timeouts if u.action) == [0, 2, 3]
    assert all(u.action.kind == "ante" for u in timeouts if u.action)
    assert [s.timeouts_in_a_row for s in table.seats] == [1, 0, 1, 1]
    # the leader (seat 0) now has a fresh deadline for the first trick
    assert table.deadlines == {0: scheduler.clock() + 60}
    row = await store.table(table.id)
    assert row is not None and [s["timeouts_in_a_row"] for s in row.seats] == [1, 0, 1, 1]


async def test_three_timeouts_hand_the_seat_to_the_bot_until_taken_back(
    service: TableService, scheduler: ManualScheduler, recorder: Recorder
) -> None:
    table = await four_people(service, hands=5)
    engine = table.engine
    assert engine is not None
    # seats 1-3 answer at once; seat 0 never does
    steps = 0
    while not table.seats[0].auto:
        steps += 1
        assert steps < 50
        for seat in (1, 2, 3):
            if any(d.seat == seat and d.required for d in engine.pending()):
                move = service.hint(table.id, USERS[seat])
                assert move is not None
                await service.act(table.id, USERS[seat], move, f"s{seat}-{len(engine.actions)}")
                break
        else:
            await scheduler.advance(60)
    assert table.seats[0].timeouts_in_a_row == 3
    assert "auto_seat" in recorder.kinds()
    assert 0 not in table.deadlines
    # handed to the bot: seat 0's decisions are now played at once, without deadlines
    for _ in range(6):
        seats = [d.seat for d in engine.pending() if d.seat is not None]
        if not seats:  # the pause before the next hand (a live table step)
            await scheduler.advance(2.0)
            continue
        move = service.hint(table.id, USERS[seats[0]])
        assert move is not None
        await service.act(table.id, USERS[seats[0]], move, f"t{len(engine.actions)}")
        await scheduler.run_due()
        assert not any(d.seat == 0 and d.required for d in engine.pending())
    assert table.status == "playing"
    with pytest.raises(TableError) as info:
        await service.take_back(table.id, USERS[1])
    assert info.value.code == "not_handed_over"
    await service.take_back(table.id, USERS[0])
    assert not table.seats[0].auto and table.seats[0].timeouts_in_a_row == 0
    assert "taken_back" in recorder.kinds()


async def test_own_move_resets_the_timeout_count(
    service: TableService, scheduler: ManualScheduler
) -> None:
    table = await four_people(service)
    for seat in (1, 2, 3):
        await service.act(table.id, USERS[seat], Action(None, "ante", {"amount": 1}), f"a{seat}")
    await scheduler.advance(60)
    assert table.seats[0].timeouts_in_a_row == 1
    move = service.hint(table.id, USERS[0])
    assert move is not None and move.kind == "play"
    await service.act(table.id, USERS[0], move, "mine")
    assert table.seats[0].timeouts_in_a_row == 0


async def test_deadlines_survive_a_restart(db_path: Path) -> None:
    clock = FakeClock()
    store = await Store.open(db_path)
    first = TableService(store, scheduler=ManualScheduler(clock))
    table = await four_people(first)
    await first.act(table.id, USERS[0], Action(None, "ante", {"amount": 1}), "a0")
    await ManualScheduler(clock).run_due()
    due = dict(table.deadlines)
    assert sorted(due) == [1, 2, 3]
    await first.shut_down()
    await store.close()

    clock.advance(45)  # the process was down for 45 s: the reminders are late, the deadline not
    store = await Store.open(db_path)
    scheduler = ManualScheduler(clock)
    second = TableService(store, scheduler=scheduler)
    recorder = Recorder()
    second.subscribe(recorder)
    await second.start_up()
    again = second.table_in_channel(CH)
    assert again is not None and again.deadlines == due
    await scheduler.run_due()
    reminded = [u.reminder_seat for u in recorder.updates if u.kind == "reminder"]
    assert sorted(s for s in reminded if s is not None) == [1, 2, 3]
    await scheduler.advance(14.9)
    assert "timeout" not in recorder.kinds()
    await scheduler.advance(0.1)
    assert len([u for u in recorder.updates if u.kind == "timeout"]) == 3
    await second.shut_down()
    await store.close()
