"""A whole 扒鸡窝 match through the table service and a real SQLite store: one person (moving
through ``act`` with the hint) and three heuristic bots, rated by the table's choice."""

from __future__ import annotations

import pytest

from bot.history import history
from bot.ratings import rating
from bot.store import Store
from bot.tables import TableService
from bot.timers import ManualScheduler
from games.registry import GAMES

pytestmark = pytest.mark.skipif(not GAMES["pajiwo"].available, reason="pajiwo not built yet")

USER = 77
CH = 1234


async def test_whole_pajiwo_match(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    table = await service.open_table(
        guild_id=3,
        channel_id=CH,
        game="扒鸡窝",
        user_id=USER,
        name="me",
        pace="relaxed",
        rated=True,
    )
    assert table.resolved_options().to_dict()["deal"] == "all_at_once"
    await service.add_bot(CH, USER, 3)
    await service.start(CH, USER, seed=2026)
    engine = table.engine
    assert engine is not None and table.game_id is not None
    moves = 0
    while table.status == "playing":
        await scheduler.run_due()
        if table.status != "playing":
            break
        assert set(table.deadlines) <= {0}
        move = service.hint(table.id, USER)
        assert move is not None, engine.pending()
        result = await service.act(table.id, USER, move, f"m{moves}")
        assert not result.duplicate
        moves += 1
    assert table.status == "finished"
    match = engine.match_result
    assert match is not None
    # a full match ends when a side playing A goes up (pajiwo.txt:133)
    assert "A" in [str(level) for level in match.summary["levels"]]
    assert all(engine.invariants().values())
    stored = await store.actions(table.game_id)
    assert len(stored) == len(engine.actions)
    row = await store.game(table.game_id)
    assert type(engine).replay(row.seed, row.options, stored).snapshot() == engine.snapshot()
    (record,) = await history(store, 3, USER)
    assert record.rated and len(record.hands) == len(engine.hand_results) > 1
    assert [h.result for h in record.hands] == [h.to_json() for h in engine.hand_results]
    mine = await rating(store, 3, "pajiwo", USER)
    assert mine is not None and mine.games == 1
    won = match.ranks[next(i for i, t in enumerate(match.teams) if 0 in t)] == 1
    assert mine.wins == int(won) and (mine.mu > 25) == won
