"""金坛's opening (the first hand's "Hand 1", dealer, dice, flowers: ``Game.opening_events``)
is told once, in the ``started`` update: a table rebuilt after a restart before the first
move (from its snapshot, or replayed from its log when the snapshot is not usable) does not
tell it again with that move."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from games.base import Action
from tests.host.conftest import Recorder

CH = 4343
USERS = [301, 302, 303, 304]


async def _started(db_path: Path, clock: FakeClock) -> tuple[int, int, list[str]]:
    """A 金坛 table of four people started (nobody moves), the process stopped: its id, its
    game's and the kinds of the events the ``started`` update told."""
    store = await Store.open(db_path)
    service = TableService(store, scheduler=ManualScheduler(clock), rng_seed=7)
    await service.start_up()
    heard = Recorder()
    service.subscribe(heard)
    table = await service.open_table(
        guild_id=5, channel_id=CH, game="jintan", user_id=USERS[0], name="P0", pace="async"
    )
    for i, user in enumerate(USERS[1:], 1):
        await service.join(CH, user, f"P{i}")
    await service.start(CH, USERS[0], seed=3)
    started = [u for u in heard.updates if u.kind == "started"]
    assert len(started) == 1
    told = [e.kind for e in started[0].events]
    assert table.engine is not None and table.engine.actions == []
    assert table.game_id is not None
    await service.shut_down()
    await store.close()
    return table.id, table.game_id, told


@pytest.mark.parametrize("snapshot", ["kept", "not usable"])
async def test_the_first_move_after_a_restart_does_not_tell_the_opening_again(
    db_path: Path, snapshot: str
) -> None:
    clock = FakeClock()
    table_id, game_id, told = await _started(db_path, clock)
    assert told[:2] == ["hand_started", "flower"]  # the opening, told as the game started

    store = await Store.open(db_path)
    if snapshot == "not usable":  # e.g. written by other engine code: the log is replayed
        await store.delete_snapshot(game_id)
    service = TableService(store, scheduler=ManualScheduler(clock), rng_seed=7)
    await service.start_up()
    try:
        heard = Recorder()
        service.subscribe(heard)
        table = service.get(table_id)
        engine = table.engine
        assert engine is not None and engine.actions == []
        dealer = next(d.seat for d in engine.pending() if d.seat is not None and d.required)
        tile = engine.view(dealer)["drawn"]
        result = await service.act(
            table_id, USERS[dealer], Action(dealer, "discard", {"tile": tile}), "first"
        )
        kinds = [e.kind for e in result.events]
        assert kinds and "hand_started" not in kinds and "flower" not in kinds
        assert kinds[0] == "discard"
        told_again = [e.kind for u in heard.updates for e in u.events]
        assert "hand_started" not in told_again
    finally:
        await service.shut_down()
        await store.close()
