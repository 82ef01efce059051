"""A duplicate tournament's board is replayed only once every table of its round has finished:
the other tables play the same deal (docs/tournaments.md, docs/replay-schema.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.replay import ReplayRefused, load_game
from bot.store import MatchRow, Store
from bot.store_rows import TableRow
from bot.tournaments.store import RoundTable, Tournament, TournamentStore


async def _finished_game(store: Store, channel: int) -> tuple[int, int]:
    """A host table whose (empty) game is finished: (table id, game id)."""
    row = TableRow(1, channel, "jintan", "lobby", 11, "standard", {}, "1m", 60, True, [])
    table_id = await store.insert_table(row, 1.0)
    game_id = await store.start_game(table_id, "jintan", {}, 5, [], 1.0)
    await store.close_game(table_id, game_id, "finished", 2.0)
    return table_id, game_id


async def _tournament(rows: TournamentStore, duplicate: bool, tables: list[int | None]) -> int:
    t = Tournament(
        0, 1, 500, 11, "jintan", "standard", "swiss", duplicate, 2, "1m", 0.0, 60, 5, "running", 1
    )
    tid = await rows.insert(t, 1.0)
    plan = [
        RoundTable(tid, 1, n + 1, (None,) * 4, 7, status="playing", table_id=table_id)
        for n, table_id in enumerate(tables)
    ]
    await rows.start_round(tid, 1, plan, 1.0)
    return tid


async def test_a_board_others_still_play_is_refused_until_the_round_is_over(
    tmp_path: Path,
) -> None:
    store = await Store.open(tmp_path / "t.sqlite3")
    try:
        rows = TournamentStore(store)
        done, game = await _finished_game(store, 1)
        tid = await _tournament(rows, True, [done, None])  # table 2 has still to open
        first, second = await rows.tables(tid, 1)
        await rows.update_table(first, status="finished")
        with pytest.raises(ReplayRefused) as refused:
            await load_game(store, game)
        assert refused.value.code == "board_in_play"
        result = {"teams": [[0], [1], [2], [3]], "ranks": [1, 2, 3, 4], "scores": [], "text": ""}
        match = MatchRow(game, done, 1, "jintan", False, 1.0, 2.0, result)
        await store.record_match(match, [], 2.0)
        assert await store.matches(1) == []  # /history does not tell its result yet either
        await rows.update_table(second, status="finished")  # the round is over
        assert (await load_game(store, game)).game_id == game
        assert [m.game_id for m in await store.matches(1)] == [game]
        # a table of a tournament that is not duplicate plays a deal of its own
        other, other_game = await _finished_game(store, 2)
        await _tournament(rows, False, [other, None])
        assert (await load_game(store, other_game)).game_id == other_game
    finally:
        await store.close()
