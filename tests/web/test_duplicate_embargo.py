"""A duplicate tournament's round still being played shows no table's result or match link on
its page: the other tables play the same deal (bot.board_embargo)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from tests.web.league import GUILD
from web.data import WebData
from web.tournaments import tournament


async def test_a_duplicate_round_in_play_shows_no_result(league_db: Path, tmp_path: Path) -> None:
    db = tmp_path / "duplicate.sqlite3"
    shutil.copy(league_db, db)
    with sqlite3.connect(db) as conn:
        cup, first = conn.execute(
            "SELECT tournament_id, table_id FROM tournament_tables WHERE round = 1"
            " ORDER BY tournament_id"
        ).fetchone()
        conn.execute("UPDATE tournaments SET duplicate = 1 WHERE id = ?", (cup,))
        # round 2: table 1 still plays; table 2 played the same board and finished
        conn.execute(
            "INSERT INTO tournament_tables (tournament_id, round, number, seats, seed, table_id,"
            " status, shown, absent, outcome, deadline) VALUES (?, 2, 2, '[101, 102, 103, 104]',"
            " 8, ?, 'finished', '[]', '[]', ?, 1)",
            (
                cup,
                first,
                '{"number": 2, "teams": [0, 1, 0, 1], "ranks": [1, 2, 1, 2],'
                ' "scores": [3, 2, 3, 2], "absent": []}',
            ),
        )
    data = await WebData.open(db)
    try:
        page = await tournament(data, GUILD, cup)
        assert page is not None
        lines = {(t.round, t.number): t for _, tables in page.rounds for t in tables}
    finally:
        await data.close()
    done = lines[(2, 2)]
    assert done.status == "finished" and done.outcome is None and done.match_id is None
    assert lines[(1, 1)].outcome is not None  # a finished round shows its results
