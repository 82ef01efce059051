"""Lobby flow of the table service and every refusal, each of which must change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.errors import TableError
from bot.store import Store
from bot.tables import Table, TableService
from tests.host.conftest import Recorder

CH = 500
HOST, BOB, CAROL, DAN, EVE = 11, 12, 13, 14, 15


async def open_toy(service: TableService, **kwargs: Any) -> Table:
    return await service.open_table(
        guild_id=1, channel_id=CH, game="toy", user_id=HOST, name="Host", **kwargs
    )


async def stored(store: Store, table: Table) -> dict[str, Any]:
    row = await store.table(table.id)
    assert row is not None
    return {
        "seats": row.seats,
        "host": row.host_user_id,
        "options": row.options,
        "preset": row.preset,
        "pace": (row.pace, row.pace_seconds),
        "rated": row.rated,
        "status": row.status,
    }


async def refused(code: str, coro: Any) -> TableError:
    with pytest.raises(TableError) as info:
        await coro
    assert info.value.code == code, info.value
    return info.value


async def test_open_seats_host_and_persists(
    service: TableService, store: Store, recorder: Recorder
) -> None:
    table = await open_toy(service)
    assert table.status == "lobby"
    assert table.seats[0].user_id == HOST and table.host_user_id == HOST
    assert table.free_seats == [1, 2, 3]
    assert service.table_in_channel(CH) is table
    assert (await stored(store, table))["seats"][0]["user_id"] == HOST
    assert recorder.kinds() == ["lobby"]


async def test_open_refusals(service: TableService) -> None:
    await refused("unknown_game", open_toy_game(service, "chess"))
    await refused("bad_preset", open_toy(service, preset="blitz"))
    err = await refused("bad_option", open_toy(service, options={"hands": 9}))
    assert "at most 5" in err.message
    await refused("bad_option", open_toy(service, options={"colour": "red"}))
    await refused("bad_pace", open_toy(service, pace="soon"))
    await refused("bad_pace", open_toy(service, pace="2s"))
    assert service.table_in_channel(CH) is None
    await open_toy(service)
    err = await refused("table_exists", open_toy(service))
    assert "already has" in err.message


def open_toy_game(service: TableService, game: str) -> Any:
    return service.open_table(guild_id=1, channel_id=CH, game=game, user_id=HOST, name="Host")


async def test_join_and_join_refusals(service: TableService, store: Store) -> None:
    table = await open_toy(service)
    await service.join(CH, BOB, "Bob", seat=2)
    assert table.seats[2].user_id == BOB
    before = await stored(store, table)
    await refused("already_seated", service.join(CH, BOB, "Bob"))
    await refused("seat_taken", service.join(CH, CAROL, "Carol", seat=2))
    await refused("bad_seat", service.join(CH, CAROL, "Carol", seat=4))
    await refused("no_table", service.join(CH + 1, CAROL, "Carol"))
    assert await stored(store, table) == before
    await service.join(CH, CAROL, "Carol")
    await service.join(CH, DAN, "Dan")
    assert [s.user_id for s in table.seats] == [HOST, CAROL, BOB, DAN]
    await refused("seat_full", service.join(CH, EVE, "Eve"))


async def test_host_only_commands(service: TableService, store: Store) -> None:
    table = await open_toy(service)
    await service.join(CH, BOB, "Bob")
    before = await stored(store, table)
    await refused("not_host", service.add_bot(CH, BOB))
    await refused("not_host", service.kick(CH, BOB, 0))
    await refused("not_host", service.set_options(CH, BOB, preset="quick"))
    await refused("not_host", service.start(CH, BOB))
    await refused("not_host", service.abort(CH, BOB))
    assert await stored(store, table) == before
    assert table.status == "lobby"


async def test_bots_and_kick(service: TableService) -> None:
    table = await open_toy(service)
    await refused("bad_bot_kind", service.add_bot(CH, HOST, 1, "genius"))
    err = await refused("seat_full", service.add_bot(CH, HOST, 4))
    assert err.params == {"free": 3, "count": 4}
    await service.add_bot(CH, HOST, 2, "random")
    assert [s.bot for s in table.seats] == [None, "random", "random", None]
    assert table.has_bots and not table.is_rated
    await refused("kick_self", service.kick(CH, HOST, 0))
    await refused("seat_empty", service.kick(CH, HOST, 3))
    await refused("bad_seat", service.kick(CH, HOST, 7))
    await service.kick(CH, HOST, 1)
    assert table.seats[1].empty
    await service.join(CH, BOB, "Bob")
    assert table.seats[1].user_id == BOB
    await service.kick(CH, HOST, 1)
    assert table.seats[1].empty


async def test_host_passes_on_and_empty_table_closes(
    service: TableService, store: Store, recorder: Recorder
) -> None:
    table = await open_toy(service)
    await service.join(CH, BOB, "Bob", seat=3)
    await service.join(CH, CAROL, "Carol", seat=1)
    await service.leave(CH, HOST)
    assert table.host_user_id == CAROL  # the next person after seat 0 in play order
    assert (await stored(store, table))["host"] == CAROL
    await refused("not_seated", service.leave(CH, HOST))
    await service.leave(CH, CAROL)
    assert table.host_user_id == BOB
    await service.leave(CH, BOB)
    assert table.status == "aborted"
    assert service.table_in_channel(CH) is None
    assert (await stored(store, table))["status"] == "aborted"
    assert recorder.kinds()[-1] == "aborted"


async def test_options_presets_and_pace(service: TableService, store: Store) -> None:
    table = await open_toy(service, pace="live")
    assert table.resolved_options().to_dict()["deal"] == "progressive"
    await service.set_options(CH, HOST, pace="async")
    assert table.resolved_options().to_dict()["deal"] == "all_at_once"
    await service.set_options(CH, HOST, preset="quick", options={"deal_delay_ms": "250"})
    resolved = table.resolved_options().to_dict()
    assert resolved["hands"] == 1 and resolved["deal_delay_ms"] == 250
    await service.set_options(CH, HOST, options={"deal": "progressive"})
    assert table.resolved_options().to_dict()["deal"] == "progressive"  # the table's choice wins
    await service.set_options(CH, HOST, pace="90s", rated=True)
    assert (table.pace, table.pace_seconds, table.is_rated) == ("custom", 90, True)
    before = await stored(store, table)
    await refused("bad_option", service.set_options(CH, HOST, options={"hands": 0}))
    await refused("bad_preset", service.set_options(CH, HOST, preset="nope"))
    await refused("bad_pace", service.set_options(CH, HOST, pace="forever"))
    assert await stored(store, table) == before
    assert before["pace"] == ("custom", 90)
    assert before["options"] == {"deal_delay_ms": "250", "deal": "progressive"}


async def test_start_refusals_then_lobby_closed(service: TableService, store: Store) -> None:
    table = await open_toy(service)
    err = await refused("seats_empty", service.start(CH, HOST))
    assert err.params == {"free": 3}
    await service.add_bot(CH, HOST, 3)
    await service.start(CH, HOST, seed=3)
    assert table.status == "playing" and table.engine is not None and table.seed == 3
    assert (await stored(store, table))["status"] == "playing"
    await refused("already_started", service.join(CH, BOB, "Bob"))
    await refused("already_started", service.set_options(CH, HOST, preset="quick"))
    await refused("already_started", service.add_bot(CH, HOST))
    await refused("already_started", service.start(CH, HOST))
    await refused("already_started", service.kick(CH, HOST, 1))


async def test_force_abort_by_moderator(service: TableService) -> None:
    table = await open_toy(service)
    await refused("not_host", service.abort(CH, BOB))
    await service.abort(CH, BOB, force=True)
    assert table.status == "aborted"
    # the channel is free again
    again = await open_toy(service)
    assert again.id != table.id


async def test_lobby_reads_refused_before_start(service: TableService) -> None:
    table = await open_toy(service)
    with pytest.raises(TableError) as info:
        service.view(table.id, HOST)
    assert info.value.code == "not_started"
    with pytest.raises(TableError) as info:
        service.legal_actions(table.id, HOST)
    assert info.value.code == "not_started"
    with pytest.raises(TableError) as info:
        service.get(9999)
    assert info.value.code == "no_table"


async def test_a_table_in_its_own_thread_frees_the_channel(
    service: TableService, store: Store
) -> None:
    first = await open_toy(service)
    await service.set_thread(first.id, 9001)
    assert service.table_in_channel(9001) is first
    assert service.table_in_channel(CH) is first  # until another table opens there
    await refused(
        "table_exists",
        service.open_table(guild_id=1, channel_id=9001, game="toy", user_id=BOB, name="Bob"),
    )
    second = await service.open_table(
        guild_id=1, channel_id=CH, game="toy", user_id=BOB, name="Bob"
    )
    assert service.table_in_channel(CH) is second
    assert service.table_in_channel(9001) is first
    await refused(
        "table_exists",
        service.open_table(guild_id=1, channel_id=CH, game="toy", user_id=CAROL, name="Carol"),
    )
    row = await store.table(first.id)
    assert row is not None and row.thread_id == 9001


async def test_game_seeds_come_from_the_os_unless_a_test_seeds_them(store: Store) -> None:
    """A finished match's seed is shown (exports, replays): a Mersenne Twister's outputs would
    let enough of them predict the next table's deal, so without ``rng_seed`` seeds come from
    the OS; with it, they are reproducible for tests and simulation."""
    import random

    assert isinstance(TableService(store)._rng, random.SystemRandom)
    one, two = TableService(store, rng_seed=3), TableService(store, rng_seed=3)
    assert not isinstance(one._rng, random.SystemRandom)
    assert [one._rng.getrandbits(62) for _ in range(3)] == [
        two._rng.getrandbits(62) for _ in range(3)
    ]
