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
