"""Play through the table service: idempotency, refusals that change nothing, several pending
seats, optional decisions, table steps, bots, multi-hand matches, history and ratings."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.errors import TableError
from bot.history import history
from bot.ratings import leaderboard, rating
from bot.store import Store
from bot.tables import Table, TableService
from bot.timers import ManualScheduler
from games.base import Action
from tests.host.conftest import Recorder

CH = 600
USERS = [21, 22, 23, 24]
OUTSIDER = 99


async def four_people(
    service: TableService, *, seed: int = 3, pace: str = "async", **options: Any
) -> Table:
    table = await service.open_table(
        guild_id=5,
        channel_id=CH,
        game="toy",
        user_id=USERS[0],
        name="P0",
        pace=pace,
        options=options,
    )
    for i, user in enumerate(USERS[1:], 1):
        await service.join(CH, user, f"P{i}")
    await service.start(CH, USERS[0], seed=seed)
    return table


async def state(store: Store, table: Table) -> tuple[Any, int, Any]:
    assert table.engine is not None and table.game_id is not None
    return (table.engine.snapshot(), await store.action_count(table.game_id), table.timers)


async def test_simultaneous_decisions_in_any_order(service: TableService) -> None:
    table = await four_people(service)
    assert table.engine is not None
    assert [d.seat for d in table.engine.pending()] == [0, 1, 2, 3]  # all ante at once
    for user in (USERS[2], USERS[0], USERS[3]):
        await service.act(table.id, user, Action(None, "ante", {"amount": 1}), f"a{user}")
    assert [d.seat for d in table.engine.pending()] == [1]
    await service.act(table.id, USERS[1], Action(1, "ante", {"amount": 2}), "a22")
    assert table.engine.view(None)["phase"] == "play"


async def test_same_key_applied_once(service: TableService, store: Store) -> None:
    table = await four_people(service)
    assert table.game_id is not None
    first = await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 2}), "k-1")
    assert not first.duplicate and [e.kind for e in first.events] == ["ante"]
    again = await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 2}), "k-1")
    assert again.duplicate and again.events == []
    assert await store.action_count(table.game_id) == 1
    # a key is per game and per user action: another seat may use the same text
    other = await service.act(table.id, USERS[1], Action(None, "ante", {"amount": 1}), "k-2")
    assert not other.duplicate
    assert await store.action_count(table.game_id) == 2


async def test_refusals_change_nothing(service: TableService, store: Store) -> None:
    table = await four_people(service)
    for user in USERS:
        await service.act(table.id, user, Action(None, "ante", {"amount": 1}), f"a{user}")
    assert table.engine is not None
    leader = table.engine.pending()[0].seat
    assert leader == 0  # hand 1: seat 0 leads
    before = await state(store, table)
    cases = [
        ("not_seated", OUTSIDER, Action(None, "play", {"cards": ["As"]})),
        ("not_your_turn", USERS[1], Action(None, "play", {"cards": ["As"]})),
        ("not_your_seat", USERS[0], Action(2, "play", {"cards": ["As"]})),
        ("illegal", USERS[0], Action(None, "ante", {"amount": 1})),
    ]
    for code, user, action in cases:
        with pytest.raises(TableError) as info:
            await service.act(table.id, user, action, f"bad-{code}")
        assert info.value.code == code
    hand = table.engine.view(0)["hand"]
    absent = next(c for c in ("As", "Ah", "2s", "2h", "Ks", "Kh") if c not in hand)
    with pytest.raises(TableError) as info:
        await service.act(table.id, USERS[0], Action(None, "play", {"cards": [absent]}), "x")
    assert (info.value.code, info.value.rule_code) == ("illegal", "not_in_hand")
    with pytest.raises(TableError) as info:
        await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 1}), "y")
    assert (info.value.code, info.value.rule_code) == ("illegal", "not_open")
    assert await state(store, table) == before
    # the refused keys were not used up
    lead = service.legal_actions(table.id, USERS[0])[0]
    result = await service.act(table.id, USERS[0], lead, "bad-not_seated")
    assert not result.duplicate


async def test_must_follow_suit_names_the_rule(service: TableService, store: Store) -> None:
    # find a deal where seat 1 holds both suits, so that following can be refused
    for seed in range(40):
        table = await four_people(service, seed=seed)
        assert table.engine is not None
        for user in USERS:
            await service.act(table.id, user, Action(None, "ante", {"amount": 1}), f"a{user}")
        hand1 = table.engine.view(1)["hand"]
        suits = {c[-1] for c in hand1}
        if len(suits) == 2:
            break
        await service.abort(CH, USERS[0])
    else:  # pragma: no cover
        pytest.fail("no deal with two suits")
    lead = service.legal_actions(table.id, USERS[0])[0]
    await service.act(table.id, USERS[0], lead, "lead")
    led_suit = lead.data["cards"][0][-1]
    off = next(c for c in hand1 if c[-1] != led_suit)
    before = await state(store, table)
    with pytest.raises(TableError) as info:
        await service.act(table.id, USERS[1], Action(None, "play", {"cards": [off]}), "off")
    err = info.value
    assert (err.code, err.rule_code) == ("illegal", "must_follow_suit")
    assert err.message.startswith("you must follow ")
    assert await state(store, table) == before


async def test_optional_decisions_and_live_table_steps(
    service: TableService, scheduler: ManualScheduler, recorder: Recorder
) -> None:
    table = await four_people(service, pace="live", deal_delay_ms=1000)
    engine = table.engine
    assert engine is not None and table.resolved_options().to_dict()["deal"] == "progressive"
    await scheduler.run_due()
    # the deal waits delay_s at a live table; nobody has a deadline for an optional bid
    assert engine.view(None)["hand_sizes"] == [0, 0, 0, 0]
    assert table.deadlines == {}
    await scheduler.advance(0.99)
    assert engine.view(None)["hand_sizes"] == [0, 0, 0, 0]
    await scheduler.advance(0.01)
    assert engine.view(None)["hand_sizes"] == [1, 1, 1, 1]
    assert recorder.updates[-1].seats_whose_hand_changed == {0, 1, 2, 3}
    # a person may bid while cards arrive; it does not stop the deal's clock
    await service.act(table.id, USERS[2], Action(None, "bid"), "bid")
    assert engine.view(None)["bids"] == [2]
    assert recorder.updates[-1].seats_whose_hand_changed == set()
    await scheduler.advance(1.0)
    await scheduler.advance(1.0)
    assert engine.view(None)["hand_sizes"] == [3, 3, 3, 3]
    assert engine.view(None)["phase"] == "ante"
    assert sorted(table.deadlines) == [0, 1, 2, 3]  # now everyone must ante
    assert all(due == scheduler.clock() + 60 for due in table.deadlines.values())


async def test_non_live_pace_applies_table_steps_at_once(
    service: TableService, scheduler: ManualScheduler
) -> None:
    table = await four_people(service, pace="relaxed", deal="progressive")
    assert table.engine is not None
    await scheduler.run_due()
    assert table.engine.view(None)["phase"] == "ante"
    assert table.engine.view(None)["hand_sizes"] == [3, 3, 3, 3]


async def test_bots_play_a_whole_multi_hand_match_and_history_is_written(
    service: TableService, scheduler: ManualScheduler, store: Store, recorder: Recorder
) -> None:
    table = await service.open_table(
        guild_id=5,
        channel_id=CH,
        game="toy",
        user_id=USERS[0],
        name="P0",
        pace="live",
        options={"hands": 3},
    )
    await service.add_bot(CH, USERS[0], 3, "heuristic")
    await service.start(CH, USERS[0], seed=11)
    engine = table.engine
    assert engine is not None
    for _ in range(200):
        if table.status != "playing":
            break
        seat0 = [d for d in engine.pending() if d.seat == 0 and d.required]
        if seat0:
            move = service.hint(table.id, USERS[0])
            assert move is not None
            await service.act(table.id, USERS[0], move, f"m{len(engine.actions)}")
        else:
            await scheduler.advance(1.0)
    assert table.status == "finished"
    assert len(engine.hand_results) == 3
    assert recorder.kinds()[-1] == "finished"
    matches = await history(store, 5, USERS[0])
    assert len(matches) == 1
    match = matches[0]
    assert not match.rated  # bots were seated and the table did not ask for ratings
    assert [h.number for h in match.hands] == [1, 2, 3]
    assert match.result == engine.match_result.to_json()  # type: ignore[union-attr]
    assert [p.bot for p in match.players] == [None, "heuristic", "heuristic", "heuristic"]
    assert await rating(store, 5, "toy", USERS[0]) is None
    assert service.table_in_channel(CH) is None


async def test_ratings_written_after_a_match_of_people(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    table = await four_people(service, seed=4, hands=1)
    engine = table.engine
    assert engine is not None
    n = 0
    while table.status == "playing":
        decision = next(d for d in engine.pending() if d.seat is not None)
        assert decision.seat is not None
        move = service.hint(table.id, USERS[decision.seat])
        assert move is not None
        await service.act(table.id, USERS[decision.seat], move, f"k{n}")
        n += 1
        await scheduler.run_due()
    result = engine.match_result
    assert result is not None and table.is_rated
    winners = {
        USERS[s] for team, r in zip(result.teams, result.ranks, strict=True) if r == 1 for s in team
    }
    board = await leaderboard(store, 5, "toy")
    assert len(board) == 4
    for row in board:
        assert row.games == 1
        assert row.wins == (1 if row.user_id in winners else 0)
        if result.ranks[0] != result.ranks[1]:
            assert (row.mu > 25) == (row.user_id in winners)
    if result.ranks[0] != result.ranks[1]:
        assert {r.user_id for r in board[:2]} == winners
    (match,) = await history(store, 5)
    assert match.rated
    assert all(p.mu_before == pytest.approx(25.0) for p in match.players)


async def test_view_legal_and_hint(service: TableService) -> None:
    table = await four_people(service)
    view = service.view(table.id, USERS[1])
    assert view["seat"] == 1 and len(view["hand"]) == 3
    assert "hand" not in service.view(table.id, OUTSIDER)  # a spectator sees no hand
    assert service.legal_actions(table.id, USERS[1]) == [
        Action(1, "ante", {"amount": 1}),
        Action(1, "ante", {"amount": 2}),
    ]
    assert service.hint(table.id, USERS[1]) == Action(1, "ante", {"amount": 1})
    with pytest.raises(TableError) as info:
        service.legal_actions(table.id, OUTSIDER)
    assert info.value.code == "not_seated"


async def test_leaving_mid_game_hands_the_seat_to_a_bot(
    service: TableService, scheduler: ManualScheduler, recorder: Recorder
) -> None:
    table = await four_people(service)
    await service.leave(CH, USERS[0])
    assert table.host_user_id == USERS[1]
    assert table.seats[0].left and table.seats[0].auto
    await scheduler.run_due()
    assert table.engine is not None
    assert 0 in table.engine.view(None)["anted"]  # the bot anted for the leaver
    with pytest.raises(TableError) as info:
        await service.act(table.id, USERS[0], Action(None, "play", {"cards": ["As"]}), "z")
    assert info.value.code == "not_seated"
    await service.kick(CH, USERS[1], 2)
    assert table.seats[2].auto
    with pytest.raises(TableError) as info:
        await service.kick(CH, USERS[1], 0)
    assert info.value.code == "seat_empty"
    await service.leave(CH, USERS[1])
    await service.leave(CH, USERS[3])
    assert table.status == "aborted"  # nobody left to play for


async def test_a_table_may_rate_a_match_with_bots(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    table = await service.open_table(
        guild_id=None,
        channel_id=CH,
        game="toy",
        user_id=USERS[0],
        name="P0",
        pace="async",
        options={"hands": 1},
        rated=True,
    )
    await service.add_bot(CH, USERS[0], 3, "random")
    assert table.is_rated
    await service.start(CH, USERS[0], seed=8)
    engine = table.engine
    assert engine is not None
    for n in range(20):
        await scheduler.run_due()
        if table.status != "playing":
            break
        move = service.hint(table.id, USERS[0])
        assert move is not None
        await service.act(table.id, USERS[0], move, f"k{n}")
    assert table.status == "finished"
    mine = await rating(store, None, "toy", USERS[0])
    assert mine is not None and mine.games == 1
    assert (await leaderboard(store, None, "toy")) == [mine]  # bots are never stored
    (match,) = await history(store, None)
    assert match.rated and match.players[0].mu_after == mine.mu


async def test_two_deliveries_at_once_apply_once(service: TableService, store: Store) -> None:
    table = await four_people(service)
    assert table.game_id is not None
    move = Action(None, "ante", {"amount": 2})
    first, second = await asyncio.gather(
        service.act(table.id, USERS[0], move, "click-1"),
        service.act(table.id, USERS[0], move, "click-1"),
    )
    assert sorted([first.duplicate, second.duplicate]) == [False, True]
    assert await store.action_count(table.game_id) == 1


async def test_moves_refused_before_start_and_after_the_end(service: TableService) -> None:
    table = await service.open_table(
        guild_id=5, channel_id=CH, game="toy", user_id=USERS[0], name="P0"
    )
    with pytest.raises(TableError) as info:
        await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 1}), "k")
    assert info.value.code == "not_started"
    await service.abort(CH, USERS[0])
    with pytest.raises(TableError) as info:
        await service.act(table.id, USERS[0], Action(None, "ante", {"amount": 1}), "k")
    assert info.value.code == "finished"
    with pytest.raises(TableError) as info:
        await service.take_back(table.id, USERS[0])
    assert info.value.code == "finished"
