"""Refusals found in review: malformed input from a front end gets a specific ``TableError`` and
changes nothing (in memory and in the file), and an idempotency key is scoped to its user."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.errors import TableError
from bot.store import Store
from bot.tables import Table, TableService, TableUpdate
from games.base import Action
from tests.host.test_lobby import refused, stored
from tests.host.test_play import USERS, four_people, state

CH = 600  # the channel of tests.host.test_play.four_people
OUTSIDER = 99


async def lobby(service: TableService) -> Table:
    return await service.open_table(
        guild_id=1, channel_id=CH, game="toy", user_id=USERS[0], name="P0", pace="async"
    )


async def test_a_key_used_by_another_user_is_not_their_duplicate(
    service: TableService, store: Store
) -> None:
    table = await four_people(service)
    await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 2}), "click-1")
    before = await state(store, table)
    # an outsider replaying a seated player's key is refused as an outsider, not told "duplicate"
    await refused(
        "not_seated",
        service.act(table.id, OUTSIDER, Action(None, "ante", {"amount": 1}), "click-1"),
    )
    assert await state(store, table) == before
    # another seated player's key is theirs alone: the same text from seat 1 is a new move
    other = await service.act(table.id, USERS[1], Action(None, "ante", {"amount": 1}), "click-1")
    assert not other.duplicate and [e.kind for e in other.events] == ["ante"]
    assert table.engine is not None and 1 in table.engine.view(None)["anted"]
    # and the first player's retry is still recognised as theirs
    again = await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 2}), "click-1")
    assert again.duplicate


async def test_keys_stay_scoped_to_their_user_after_a_restart(
    service: TableService, store: Store
) -> None:
    table = await four_people(service)
    await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 2}), "click-1")
    await service.shut_down()
    second = TableService(store, scheduler=service.scheduler)
    await second.start_up()
    again = second.get(table.id)
    assert (
        await second.act(again.id, USERS[0], Action(None, "ante", {"amount": 2}), "click-1")
    ).duplicate
    await refused(
        "not_seated", second.act(again.id, OUTSIDER, Action(None, "ante", {"amount": 1}), "click-1")
    )
    assert not (
        await second.act(again.id, USERS[1], Action(None, "ante", {"amount": 1}), "click-1")
    ).duplicate


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action("0", "ante", {"amount": 1}), "bad_action"),  # type: ignore[arg-type]
        (Action(True, "ante", {"amount": 1}), "bad_action"),
        (Action(None, "ante", [("amount", 1)]), "bad_action"),  # type: ignore[arg-type]
        (Action(None, 5, {"amount": 1}), "bad_action"),  # type: ignore[arg-type]
    ],
)
async def test_malformed_actions_are_refused_and_change_nothing(
    service: TableService, store: Store, action: Action, code: str
) -> None:
    table = await four_people(service)
    before = await state(store, table)
    error = await refused(code, service.act(table.id, USERS[0], action, "k"))
    assert "action" in error.message
    assert await state(store, table) == before


async def test_bad_rated_value_is_refused_and_the_table_still_works(
    service: TableService, store: Store
) -> None:
    table = await lobby(service)
    before = await stored(store, table)
    error = await refused("bad_option", service.set_options(CH, USERS[0], rated="yes"))  # type: ignore[arg-type]
    assert "rated" in error.message
    assert table.rated is None and await stored(store, table) == before
    await service.join(CH, USERS[1], "P1")  # the table is not left broken
    await service.set_options(CH, USERS[0], rated=True)
    assert (await stored(store, table))["rated"] is True


@pytest.mark.parametrize("seat", [True, "1", 1.0])
async def test_a_seat_that_is_no_whole_number_is_refused(
    service: TableService, store: Store, seat: Any
) -> None:
    table = await lobby(service)
    before = await stored(store, table)
    await refused("bad_seat", service.join(CH, USERS[1], "P1", seat=seat))
    await refused("bad_seat", service.kick(CH, USERS[0], seat))
    assert await stored(store, table) == before
    assert [s.index for s in table.seats] == [0, 1, 2, 3]


@pytest.mark.parametrize("count", [0, -1, True, "2"])
async def test_a_bot_count_that_is_no_positive_number_is_refused(
    service: TableService, store: Store, count: Any
) -> None:
    table = await lobby(service)
    before = await stored(store, table)
    error = await refused("bad_count", service.add_bot(CH, USERS[0], count))
    assert "bots" in error.message
    assert await stored(store, table) == before


async def test_too_many_bots_still_says_how_many_seats_are_free(service: TableService) -> None:
    await lobby(service)
    error = await refused("seat_full", service.add_bot(CH, USERS[0], 4))
    assert error.message == "there are 3 free seats, not room for 4 bots"


async def test_a_retried_final_move_is_a_duplicate_not_an_error(
    service: TableService, store: Store
) -> None:
    table = await four_people(service, hands=1, deal="all_at_once")
    engine = table.engine
    assert engine is not None
    last: tuple[int, Action, str] | None = None
    for n in range(40):
        if table.status != "playing":
            break
        seat = next(d.seat for d in engine.pending() if d.seat is not None)
        move = service.hint(table.id, USERS[seat])
        assert move is not None
        last = (USERS[seat], move, f"m{n}")
        await service.act(table.id, *last)
    assert table.status == "finished" and last is not None
    assert (await service.act(table.id, *last)).duplicate
    with pytest.raises(TableError) as info:  # a new move is refused: the match is over
        await service.act(table.id, last[0], last[1], "new-key")
    assert info.value.code == "finished"


async def test_concurrent_moves_of_different_players_are_all_stored_in_order(
    service: TableService, store: Store
) -> None:
    table = await four_people(service)
    assert table.game_id is not None
    results = await asyncio.gather(
        *(
            service.act(table.id, user, Action(None, "ante", {"amount": 1 + i % 2}), f"c{i}")
            for i, user in enumerate(USERS)
        )
    )
    assert [r.duplicate for r in results] == [False] * 4
    assert table.engine is not None
    stored = await store.actions(table.game_id)
    assert stored == [a.to_json() for a in table.engine.actions[: len(stored)]]
    assert sorted(a["seat"] for a in stored[:4]) == [0, 1, 2, 3]


async def test_a_listener_hears_of_a_move_only_once_it_is_stored(
    service: TableService, store: Store
) -> None:
    table = await four_people(service)
    seen: list[tuple[int, int]] = []

    async def listener(update: TableUpdate) -> None:
        if update.action is not None and update.table.engine is not None:
            assert update.table.game_id is not None
            seen.append(
                (len(update.table.engine.actions), await store.action_count(update.table.game_id))
            )

    service.subscribe(listener)
    for user in USERS:
        await service.act(table.id, user, Action(None, "ante", {"amount": 1}), f"a{user}")
    assert len(seen) >= 4
    assert all(stored >= live for live, stored in seen)
