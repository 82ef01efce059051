"""A duplicate tournament's board tells nothing in the league before every table of its round
has finished (bot.board_embargo): a finished table's match stays out of the season standings
(the store's ``season_ratings``, which ``/league season standings`` and the web pages read)
and out of ``/stats`` until the round is over; then the season counts it, once."""

from __future__ import annotations

from bot.league.rating import Standing, rate_season_match
from bot.league.seasons import end_season, season_standings, start_season
from bot.league.stats import player_stats
from bot.store import Store
from bot.tournaments.store import RoundTable, Tournament, TournamentStore
from tests.host.test_league import GUILD, _match


async def _tables(rows: TournamentStore, duplicate: bool, tables: list[int]) -> list[RoundTable]:
    t = Tournament(
        0, GUILD, 500, 11, "pajiwo", "standard", "swiss", duplicate, 2, "1m", 0.0, 60, 5,
        "running", 1,
    )  # fmt: skip
    tid = await rows.insert(t, 1.0)
    plan = [
        RoundTable(tid, 1, n + 1, (None,) * 4, 7, status="playing", table_id=table_id)
        for n, table_id in enumerate(tables)
    ]
    await rows.start_round(tid, 1, plan, 1.0)
    return await rows.tables(tid, 1)


async def _table_of(store: Store, match_id: int) -> int:
    async with store._db.execute("SELECT table_id FROM matches WHERE id = ?", (match_id,)) as cur:
        row = await cur.fetchone()
    assert row is not None
    return int(row[0])


async def _standings(store: Store) -> dict[int, tuple[int, int, int]]:
    s = await season_standings(store, GUILD, "pajiwo")
    return {ln.user_id: (ln.games, ln.wins, ln.points) for ln in s.lines}


async def test_the_season_and_stats_wait_for_the_round(store: Store) -> None:
    season = await start_season(store, GUILD, "pajiwo", 1, 0.0)
    rows = TournamentStore(store)
    # two host tables of one duplicate round, opened before their matches finish
    first, second = await _tables(rows, True, [1, 2])
    teams = [[0, 2], [1, 3]]
    one = await _match(store, [10, 11, 12, 13], teams, [1, 2], now=100.0)  # host table 1 finishes
    assert await _table_of(store, one) == first.table_id
    assert await _standings(store) == {}  # the season does not count it yet
    assert (await player_stats(store, GUILD, 10)).games == []  # nor does /stats
    await rows.update_table(first, status="finished")
    assert await _standings(store) == {}  # host table 2 still plays the deal
    assert (await player_stats(store, GUILD, 11)).games == []
    two = await _match(store, [20, 21, 22, 23], teams, [2, 1], now=110.0)
    assert await _table_of(store, two) == second.table_id
    assert await _standings(store) == {}
    await rows.update_table(second, status="finished")  # the round is over: both count, once
    assert await _standings(store) == {
        10: (1, 1, 2), 12: (1, 1, 2), 11: (1, 0, 0), 13: (1, 0, 0),
        21: (1, 1, 2), 23: (1, 1, 2), 20: (1, 0, 0), 22: (1, 0, 0),
    }  # fmt: skip
    assert await store.season_match_ids(season.id) == [one, two]
    expected = rate_season_match(teams, [1, 2], {0: 10, 1: 11, 2: 12, 3: 13}, {})
    lines = {ln.user_id: ln for ln in (await season_standings(store, GUILD, "pajiwo")).lines}
    for s in expected:
        assert (lines[s.user_id].mu, lines[s.user_id].sigma) == (s.mu, s.sigma)
        assert lines[s.user_id].rating == Standing(s.user_id, s.mu, s.sigma).ordinal
    stats = (await player_stats(store, GUILD, 10)).games[0]
    assert (stats.games, stats.wins, stats.points) == (1, 1, 2)
    # released once: a later finished update changes nothing
    await rows.update_table(second, status="finished")
    assert await store.season_match_ids(season.id) == [one, two]


async def test_a_round_that_is_not_duplicate_counts_at_once(store: Store) -> None:
    season = await start_season(store, GUILD, "pajiwo", 1, 0.0)
    rows = TournamentStore(store)
    await _tables(rows, False, [1, 2])
    one = await _match(store, [10, 11, 12, 13], [[0, 2], [1, 3]], [1, 2], now=100.0)
    assert await store.season_match_ids(season.id) == [one]
    assert (await player_stats(store, GUILD, 10)).games[0].wins == 1


async def test_a_cancelled_duplicate_tournament_lets_its_boards_count(store: Store) -> None:
    season = await start_season(store, GUILD, "pajiwo", 1, 0.0)
    rows = TournamentStore(store)
    first, _ = await _tables(rows, True, [1, 2])
    one = await _match(store, [10, 11, 12, 13], [[0, 2], [1, 3]], [1, 2], now=100.0)
    await rows.update_table(first, status="finished")
    assert await store.season_match_ids(season.id) == []
    await rows.update(first.tournament_id, 200.0, status="cancelled")  # table 2 never plays
    assert await store.season_match_ids(season.id) == [one]
    assert (await _standings(store))[10] == (1, 1, 2)


async def test_a_held_board_counts_in_the_season_it_was_played_in(store: Store) -> None:
    """A season that ends while a duplicate round is played still counts the round's boards
    that finished before its end, once the round is over; the next season counts those
    that finished after its start."""
    first_season = await start_season(store, GUILD, "pajiwo", 1, 0.0)
    rows = TournamentStore(store)
    first, second = await _tables(rows, True, [1, 2])
    teams = [[0, 2], [1, 3]]
    one = await _match(store, [10, 11, 12, 13], teams, [1, 2], now=100.0)  # in season 1
    await rows.update_table(first, status="finished")
    await end_season(store, GUILD, "pajiwo", 1, 105.0)  # mid-round
    second_season = await start_season(store, GUILD, "pajiwo", 1, 106.0)
    two = await _match(store, [20, 21, 22, 23], teams, [2, 1], now=110.0)  # in season 2
    await rows.update_table(second, status="finished")  # the round is over
    assert await store.season_match_ids(first_season.id) == [one]
    assert await store.season_match_ids(second_season.id) == [two]
    archived = await season_standings(store, GUILD, "pajiwo", 1)
    assert {ln.user_id: ln.games for ln in archived.lines} == {10: 1, 11: 1, 12: 1, 13: 1}
    assert set(await _standings(store)) == {20, 21, 22, 23}  # the running season 2


async def test_a_held_board_played_between_seasons_counts_in_none(store: Store) -> None:
    season = await start_season(store, GUILD, "pajiwo", 1, 0.0)
    await end_season(store, GUILD, "pajiwo", 1, 50.0)
    rows = TournamentStore(store)
    first, second = await _tables(rows, True, [1, 2])
    await _match(store, [10, 11, 12, 13], [[0, 2], [1, 3]], [1, 2], now=100.0)
    await rows.update_table(first, status="finished")
    later = await start_season(store, GUILD, "pajiwo", 1, 120.0)  # after the board was played
    await rows.update_table(second, status="finished")
    assert await store.season_match_ids(season.id) == []
    assert await store.season_match_ids(later.id) == []
