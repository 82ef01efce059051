"""The host keeps a mahjong claim window private: a seat without a claim is refused
without learning who may claim, and no view names the waiting seats."""

from __future__ import annotations

import random

import pytest

from bot.errors import TableError
from bot.tables import TableService, private_turn
from bot.timers import ManualScheduler
from games.base import Action, Decision
from games.mahjong.bots import HeuristicPlayer
from tests.host.conftest import Recorder

CH = 4242
USERS = [201, 202, 203, 204]


async def _jintan_table(service: TableService):  # type: ignore[no-untyped-def]
    table = await service.open_table(
        guild_id=5, channel_id=CH, game="jintan", user_id=USERS[0], name="P0", pace="async"
    )
    for i, user in enumerate(USERS[1:], 1):
        await service.join(CH, user, f"P{i}")
    await service.start(CH, USERS[0], seed=11)
    return table


async def test_a_seat_without_a_claim_learns_nothing(
    service: TableService, scheduler: ManualScheduler
) -> None:
    table = await _jintan_table(service)
    engine = table.engine
    assert engine is not None
    bot = HeuristicPlayer()
    rng = random.Random(1)
    for n in range(2000):
        pending = [d.seat for d in engine.pending() if d.seat is not None and d.required]
        window = engine.window
        outsiders = [
            s for s in range(4) if window is not None and s != window.from_seat and s not in pending
        ]
        if outsiders and len(pending) == 1:
            break
        if not pending:  # a table step: the claim pause's end, or the next hand
            await scheduler.run_due()
            continue
        seat = pending[0]
        move = bot.choose(engine, seat, rng)
        if engine.phase == "claim":
            move = Action(seat, "pass")
        await service.act(table.id, USERS[seat], move, f"m{n}")
    else:  # pragma: no cover - seed 11 reaches such a window
        pytest.fail("no claim window with a seat left out")
    outsider = outsiders[0]
    with pytest.raises(TableError) as err:
        await service.act(table.id, USERS[outsider], Action(None, "pong"), "x")
    assert err.value.code == "not_your_turn"
    assert err.value.message == "it is not your turn"
    assert err.value.params == {"seat": outsider}
    for user in (USERS[outsider], None):
        view = service.view(table.id, user)
        assert view["turn"] is None and view["claim_window"]["open"]
        assert "claim" not in view
    claimant = pending[0]
    assert "claim" in service.view(table.id, USERS[claimant])


def test_private_turn_cuts_a_list_down_to_the_viewer() -> None:
    pending = [Decision(1, ("pong", "pass")), Decision(3, ("chow", "pass"))]
    view = {"turn": [1, 3], "other": 1}
    assert private_turn(view, pending, 2)["turn"] == []
    assert private_turn(view, pending, 3)["turn"] == [3]
    assert private_turn(view, pending[:1], 2)["turn"] == [1, 3]  # one seat: public


async def test_a_missed_claim_is_no_missed_turn(
    service: TableService, scheduler: ManualScheduler
) -> None:
    """Claim windows offered to people time out again and again: no seat counts a missed
    turn, none is handed to its bot, and no update says "timeout" (issue 20 F2)."""
    recorder = Recorder()
    service.subscribe(recorder)
    table = await _jintan_table(service)
    engine = table.engine
    assert engine is not None
    assert engine.options.claim_pause_ms == 2000  # type: ignore[attr-defined]  # people
    bot = HeuristicPlayer()
    rng = random.Random(2)
    missed = 0
    for n in range(3000):
        if missed >= 4 or engine.is_over:
            break
        pending = [d for d in engine.pending() if d.seat is not None and d.required]
        if not pending:  # the claim pause's end, or the next hand
            await scheduler.run_due()
            continue
        if engine.phase == "claim":
            assert all(d.private for d in pending)
            await scheduler.advance(table.pace_seconds + 1)  # every claim in it times out
            missed += 1
            continue
        seat = pending[0].seat
        assert seat is not None
        await service.act(table.id, USERS[seat], bot.choose(engine, seat, rng), f"m{n}")
    assert missed >= 3
    assert [(s.timeouts_in_a_row, s.auto) for s in table.seats] == [(0, False)] * 4
    kinds = recorder.kinds()
    assert "timeout" not in kinds and "auto_seat" not in kinds
    assert "reminder" in kinds  # reminders were due: the front end keeps a claim's to itself


def test_a_host_cannot_shorten_the_claim_pause_with_people_seated() -> None:
    """A table's ``claim_pause_ms=0`` would let the timing tell who may claim: with a person
    seated the pause is at least ``CLAIM_PAUSE_MIN_MS``; bots alone keep what was set."""
    from bot.table_model import CLAIM_PAUSE_MIN_MS, resolve_options, to_pace
    from games.jintan.engine import JintanGame

    pace = to_pace("live")
    people = resolve_options(JintanGame, "standard", {"claim_pause_ms": 0}, pace, people=True)
    assert people.claim_pause_ms == CLAIM_PAUSE_MIN_MS == 1000  # type: ignore[attr-defined]
    longer = resolve_options(JintanGame, "standard", {"claim_pause_ms": 5000}, pace, people=True)
    assert longer.claim_pause_ms == 5000  # type: ignore[attr-defined]
    bots = resolve_options(JintanGame, "standard", {"claim_pause_ms": 0}, pace)
    assert bots.claim_pause_ms == 0  # type: ignore[attr-defined]
