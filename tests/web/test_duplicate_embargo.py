"""A duplicate tournament's round still being played shows no table's result or match link on
its page, and none of its boards moves a rating the pages show: the other tables play the same
deal (bot.board_embargo)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store
from bot.tournaments.store import TournamentStore
from tests.host.test_duplicate_league import _tables
from tests.host.test_duplicate_ratings import _finish
from tests.host.test_league import GUILD as LEAGUE
from tests.web.league import GUILD
from web.app import create_app
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


async def _page(db: Path, path: str) -> tuple[int, str]:
    data = await WebData.open(db)
    try:
        async with TestClient(TestServer(create_app(data))) as client:
            response = await client.get(path)
            return response.status, await response.text()
    finally:
        await data.close()


async def test_a_held_board_moves_no_rating_on_the_pages(tmp_path: Path) -> None:
    """The all-time rating a duplicate board moves (the player page's rating and rated wins,
    the game's leaderboard) waits for the round, as ``/rating`` and ``/leaderboard`` do."""
    db = tmp_path / "held.sqlite3"
    store = await Store.open(db)
    try:
        await store.set_web_listing(LEAGUE, True, "Club", 1.0)
        people = [10, 11, 12, 13]
        await _finish(store, people, [1, 2], 50.0)  # an ordinary table: rated at once
        rows = TournamentStore(store)
        first, second = await _tables(rows, True, [2, 3])  # the host tables opened next
        await _finish(store, people, [1, 2], 100.0)  # table 1 of the duplicate round
        await rows.update_table(first, status="finished")
        await _finish(store, [20, 21, 22, 23], [1, 2], 110.0)  # table 2: still playing
        once = await store.ratings(LEAGUE, "pajiwo", people)
        status, html = await _page(db, f"/s/{LEAGUE}/p/10")
        assert status == 200
        assert "<td>1/1</td>" in html and f"<td>{once[10].ordinal:.1f}</td>" in html
        data = await WebData.open(db)
        try:
            assert {ln.user_id for ln in await data.leaderboard(LEAGUE, "pajiwo")} == set(people)
        finally:
            await data.close()
        assert (await _page(db, f"/s/{LEAGUE}/p/20"))[0] == 404  # nothing of table 2's board
        await rows.update_table(second, status="finished")  # the round is over
        twice = await store.ratings(LEAGUE, "pajiwo", people)
    finally:
        await store.close()
    status, html = await _page(db, f"/s/{LEAGUE}/p/10")
    assert "<td>2/2</td>" in html and f"<td>{twice[10].ordinal:.1f}</td>" in html
    assert (await _page(db, f"/s/{LEAGUE}/p/20"))[0] == 200
