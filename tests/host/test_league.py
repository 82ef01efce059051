"""Leagues on a real SQLite file: organisers and the league role, seasons with their own
openskill ratings fed by rated matches (worked values), archived standings, refusals that
change nothing, and a player's statistics."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.league.errors import LeagueError
from bot.league.organisers import is_organiser, require_organiser, set_league_role
from bot.league.rating import Standing, placement_points, rate_season_match
from bot.league.seasons import archive, end_season, season_standings, start_season
from bot.league.stats import player_stats
from bot.ratings import rating
from bot.store import MatchPlayerRow, MatchRow, RatingRow, Store, TableRow
from bot.tables import TableService
from bot.timers import ManualScheduler
from tests.host.test_play import USERS, four_people
from tests.host.test_ratings import TEAM_LOSS, TEAM_SIGMA, TEAM_WIN

GUILD = 77


async def _match(
    store: Store,
    users: list[int | None],
    teams: list[list[int]],
    ranks: list[int],
    *,
    rated: bool = True,
    game: str = "pajiwo",
    guild: int = GUILD,
    now: float = 1000.0,
    ratings: list[RatingRow] | None = None,
) -> int:
    """Record one finished match of ``users`` (None: a bot) straight into the store."""
    seats = [{"index": i, "user_id": u, "name": f"P{i}"} for i, u in enumerate(users)]
    table = TableRow(guild, 1000 + int(now), game, "lobby", 1, "standard", {}, "live", 60, None, [])
    tid = await store.insert_table(table, now)
    gid = await store.start_game(tid, game, {}, 1, seats, now)
    team_of = {s: i for i, t in enumerate(teams) for s in t}
    match = MatchRow(
        game_id=gid,
        table_id=tid,
        guild_id=guild,
        game=game,
        rated=rated,
        started_at=now - 10,
        finished_at=now,
        result={"teams": teams, "ranks": ranks, "scores": [], "summary": {}, "text": ""},
        players=[
            MatchPlayerRow(
                seat=i,
                user_id=u,
                name=f"P{i}",
                bot=None if u is not None else "heuristic",
                team=team_of[i],
                rank=ranks[team_of[i]],
            )
            for i, u in enumerate(users)
        ],
    )
    return await store.record_match(match, ratings or [], now)


def test_league_points_by_place() -> None:
    assert [placement_points([2, 1], t) for t in (0, 1)] == [0, 2]
    assert [placement_points([1, 1], t) for t in (0, 1)] == [1, 1]
    assert [placement_points([3, 1, 4, 2], t) for t in range(4)] == [2, 6, 0, 4]


def test_a_season_update_is_openskills() -> None:
    new = rate_season_match([[0, 2], [1, 3]], [2, 1], {0: 10, 1: 11, 2: 12, 3: None}, {})
    assert [s.user_id for s in new] == [10, 11, 12]  # the bot at seat 3 is not kept
    assert [s.mu for s in new] == pytest.approx([TEAM_LOSS, TEAM_WIN, TEAM_LOSS])
    assert all(s.sigma == pytest.approx(TEAM_SIGMA) for s in new)
    assert [(s.games, s.wins, s.points) for s in new] == [(1, 0, 0), (1, 1, 2), (1, 0, 0)]
    with pytest.raises(ValueError, match="2 teams and 1 ranks"):
        rate_season_match([[0], [1]], [1], {0: 1, 1: 2}, {})


async def test_organisers_are_managers_or_hold_the_league_role(store: Store) -> None:
    assert await is_organiser(store, GUILD, [], True)
    assert not await is_organiser(store, GUILD, [5, 6], False)
    assert await set_league_role(store, GUILD, 6, 1.0)
    assert not await set_league_role(store, GUILD, 6, 2.0)  # the same again: nothing changes
    assert await is_organiser(store, GUILD, [5, 6], False)
    assert not await is_organiser(store, GUILD + 1, [5, 6], False)  # another server
    assert await require_organiser(store, GUILD, [6], False) == GUILD
    with pytest.raises(LeagueError) as refused:
        await require_organiser(store, GUILD, [7], False)
    assert refused.value.code == "not_organiser"
    with pytest.raises(LeagueError) as refused:
        await require_organiser(store, None, [6], True)
    assert refused.value.code == "no_server"
    assert await set_league_role(store, GUILD, None, 3.0)
    assert await store.league_role(GUILD) is None


async def test_a_season_through_rated_matches_to_its_archive(store: Store) -> None:
    # before the season: a match that counts all-time only
    old = RatingRow(GUILD, "pajiwo", 10, 30.0, 5.0, 4, 3)
    await _match(store, [10, 11, 12, 13], [[0, 2], [1, 3]], [1, 2], ratings=[old], now=500.0)
    season = await start_season(store, GUILD, "pajiwo", 1, 1000.0)
    assert (season.number, season.status) == (1, "active")

    # 1: 11 & 13 beat 10 & 12; the season starts everyone fresh, whatever their all-time rating
    await _match(store, [10, 11, 12, 13], [[0, 2], [1, 3]], [2, 1], now=1100.0)
    first = await season_standings(store, GUILD, "pajiwo")
    assert first.season.id == season.id
    by_user = {ln.user_id: ln for ln in first.lines}
    assert by_user[11].mu == pytest.approx(TEAM_WIN)
    assert by_user[10].mu == pytest.approx(TEAM_LOSS)
    assert by_user[11].rating == pytest.approx(TEAM_WIN - 3 * TEAM_SIGMA)
    assert (by_user[11].games, by_user[11].wins, by_user[11].points) == (1, 1, 2)
    assert [ln.user_id for ln in first.lines][:2] == [11, 13]  # winners first, by user id
    # the all-time rating is untouched by the season (this match stored no all-time rows)
    assert await rating(store, GUILD, "pajiwo", 10) == old

    # 2: a free-for-all rematch, worked by openskill directly from the season's ratings
    await _match(store, [10, 11], [[0], [1]], [1, 2], now=1200.0)
    model = PlackettLuce()
    [[a], [b]] = model.rate(
        [
            [model.rating(mu=TEAM_LOSS, sigma=TEAM_SIGMA)],
            [model.rating(mu=TEAM_WIN, sigma=TEAM_SIGMA)],
        ],
        ranks=[1, 2],
    )
    second = {ln.user_id: ln for ln in (await season_standings(store, GUILD, "pajiwo")).lines}
    assert second[10].mu == pytest.approx(a.mu) and second[10].sigma == pytest.approx(a.sigma)
    assert second[11].mu == pytest.approx(b.mu) and second[11].sigma == pytest.approx(b.sigma)
    assert (second[10].games, second[10].wins, second[10].points) == (2, 1, 2)
    assert (second[11].games, second[11].wins, second[11].points) == (2, 1, 2)

    # unrated (a bot seated) and other games or servers stay out
    await _match(store, [10, None], [[0], [1]], [1, 2], rated=False, now=1300.0)
    await _match(store, [10, 11], [[0], [1]], [1, 2], game="dagun", now=1310.0)
    await _match(store, [10, 11], [[0], [1]], [1, 2], guild=GUILD + 1, now=1320.0)
    assert {ln.user_id: ln.games for ln in (await season_standings(store, GUILD, "pajiwo")).lines}[
        10
    ] == 2
    assert len(await store.season_match_ids(season.id)) == 2

    # the end: archived standings, as they were at the end
    ended = await end_season(store, GUILD, "pajiwo", 1, 2000.0)
    assert ended.season.status == "ended" and ended.season.ended_at == 2000.0
    final = [(ln.rank, ln.user_id, round(ln.rating, 6)) for ln in ended.lines]
    await _match(store, [10, 11], [[0], [1]], [2, 1], now=2100.0)  # after the end: no season
    assert len(await store.season_match_ids(season.id)) == 2
    again = await season_standings(store, GUILD, "pajiwo", 1)
    assert [(ln.rank, ln.user_id, round(ln.rating, 6)) for ln in again.lines] == final
    assert (await season_standings(store, GUILD, "pajiwo")).season.number == 1  # the latest

    # season 2 starts fresh; the archive lists both, newest first
    two = await start_season(store, GUILD, "pajiwo", 1, 3000.0)
    assert two.number == 2
    assert (await season_standings(store, GUILD, "pajiwo")).lines == []
    listed = await archive(store, GUILD, "pajiwo")
    assert [(s.season.number, s.season.status) for s in listed] == [(2, "active"), (1, "ended")]
    assert [ln.user_id for ln in listed[1].lines] == [ln.user_id for ln in ended.lines][:3]


async def test_bad_league_commands_are_refused_and_change_nothing(store: Store) -> None:
    async def refused(coro: object) -> LeagueError:
        with pytest.raises(LeagueError) as caught:
            await coro  # type: ignore[misc]
        return caught.value

    assert (await refused(end_season(store, GUILD, "pajiwo", 1, 1.0))).code == "no_season"
    assert (await refused(season_standings(store, GUILD, "pajiwo"))).code == "no_seasons"
    assert (await refused(start_season(store, GUILD, "chess", 1, 1.0))).code == "unknown_game"
    assert await store.seasons(GUILD) == []
    await start_season(store, GUILD, "pajiwo", 1, 1.0)
    error = await refused(start_season(store, GUILD, "pajiwo", 2, 2.0))
    assert (error.code, error.params) == ("season_running", {"number": 1})
    assert [(s.number, s.started_by, s.started_at) for s in await store.seasons(GUILD)] == [
        (1, 1, 1.0)
    ]
    error = await refused(season_standings(store, GUILD, "pajiwo", 9))
    assert (error.code, error.params) == ("unknown_season", {"number": 9})
    await end_season(store, GUILD, "pajiwo", 1, 3.0)
    assert (await refused(end_season(store, GUILD, "pajiwo", 1, 4.0))).code == "no_season"
    assert (await store.seasons(GUILD))[0].ended_at == 3.0  # the second end changed nothing


async def test_a_finished_table_feeds_the_season(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    await start_season(store, 5, "toy", 1, 0.0)
    table = await four_people(service, seed=4, hands=1)  # guild 5, game toy, four people
    engine = table.engine
    assert engine is not None
    n = 0
    while table.status == "playing":
        seat = next(d.seat for d in engine.pending() if d.seat is not None)
        move = service.hint(table.id, USERS[seat])
        assert move is not None
        await service.act(table.id, USERS[seat], move, f"k{n}")
        n += 1
        await scheduler.run_due()
    lines = (await season_standings(store, 5, "toy")).lines
    assert sorted(ln.user_id for ln in lines) == sorted(USERS)
    assert all(ln.games == 1 for ln in lines)
    # the season's rating equals the all-time one after a first match from scratch
    for ln in lines:
        alltime = await rating(store, 5, "toy", ln.user_id)
        assert alltime is not None and ln.mu == pytest.approx(alltime.mu)
    stats = await player_stats(store, 5, USERS[0])
    assert stats.total.games == 1 and stats.chart_game == "toy" and len(stats.chart) == 1
    mine = await rating(store, 5, "toy", USERS[0])
    assert mine is not None and stats.chart[0][1] == pytest.approx(mine.ordinal)


async def test_player_statistics_streaks_points_and_chart(store: Store) -> None:
    t = 100.0
    # user 10 at pajiwo: W W L W W W, then at dagun: L
    for won in (True, True, False, True, True, True):
        t += 10
        await _match(store, [10, 11], [[0], [1]], [1, 2] if won else [2, 1], now=t)
    await _match(store, [10, 11, 12], [[0], [1], [2]], [3, 1, 2], game="dagun", now=t + 10)
    stats = await player_stats(store, GUILD, 10)
    assert [g.game for g in stats.favourites] == ["pajiwo", "dagun"]
    pajiwo = stats.games[0]
    assert (pajiwo.games, pajiwo.wins, pajiwo.points) == (6, 5, 10)
    assert (pajiwo.current_streak, pajiwo.best_streak) == (3, 3)
    assert (stats.total.games, stats.total.wins, stats.total.current_streak) == (7, 5, 0)
    # these matches stored no all-time rating: no chart
    assert stats.chart_game is None and stats.chart == []
    only = await player_stats(store, GUILD, 10, "dagun")
    assert only.total.games == 1 and only.total.points == 0
    assert (await player_stats(store, GUILD, 99)).games == []


def test_standing_ordinal() -> None:
    assert Standing(1, 25.0, 25 / 3).ordinal == pytest.approx(0.0)


def test_every_league_refusal_has_its_text_in_both_languages() -> None:
    import re

    from bot.league import errors
    from present.i18n import MESSAGES, tr

    codes = set(re.findall(r"``([a-z_]+)``", errors.LeagueError.__doc__ or ""))
    codes -= {"code", "number", "league"}
    assert {"not_organiser", "season_running", "no_season", "unknown_game"} <= codes
    for code in sorted(codes):
        en, zh = MESSAGES[f"league.err.{code}"]
        assert en != zh, code
    assert tr("en", "league.err.season_running", number=3).startswith("Season 3 of this game")
    assert tr("zh", "league.err.season_running", number=3).startswith("这个游戏的第 3 赛季")
    assert "第 3 賽季" in tr("zh-TW", "league.err.season_running", number=3)  # converted


async def test_a_match_recorded_twice_feeds_the_season_once(store: Store) -> None:
    import sqlite3

    season = await start_season(store, GUILD, "pajiwo", 1, 0.0)
    await _match(store, [10, 11], [[0], [1]], [1, 2], now=10.0)
    before = await store.season_standings(season.id)
    (mid,) = await store.season_match_ids(season.id)
    game_id = (await store.matches(GUILD, 10, "pajiwo"))[0].game_id
    again = (await store.matches(GUILD, 10, "pajiwo"))[0]
    assert again.id == mid and again.game_id == game_id
    with pytest.raises(sqlite3.IntegrityError):
        await store.record_match(again, [], 20.0)  # the same game: the transaction rolls back
    assert await store.season_standings(season.id) == before
    assert await store.season_match_ids(season.id) == [mid]


async def test_a_table_with_bots_stays_out_of_the_season_even_when_rated(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    season = await start_season(store, 5, "toy", 1, 0.0)

    async def play(channel: int, rated: bool | None) -> None:
        table = await service.open_table(
            guild_id=5,
            channel_id=channel,
            game="toy",
            user_id=USERS[0],
            name="P0",
            pace="async",
            options={"hands": 1},
        )
        await service.join(channel, USERS[1], "P1")
        await service.add_bot(channel, USERS[0], 2)
        if rated is not None:
            await service.set_options(channel, USERS[0], rated=rated)
        await service.start(channel, USERS[0], seed=4)
        for n in range(500):
            if table.status != "playing":
                break
            engine = table.engine
            assert engine is not None
            people = [d.seat for d in engine.pending() if d.seat in (0, 1)]
            if not people:
                await scheduler.advance(5.0)
                continue
            user = USERS[people[0]]
            move = service.hint(table.id, user)
            assert move is not None
            await service.act(table.id, user, move, f"{channel}:{n}")
            await scheduler.run_due()
        assert table.status == "finished"

    await play(9001, None)  # bots seated: unrated, out of the season
    assert await store.season_standings(season.id) == []
    await play(9002, True)  # the host made it rated: the all-time ratings count it …
    assert set(await store.ratings(5, "toy", USERS[:2])) == set(USERS[:2])
    # … but not the season: a host cannot farm the organiser's season against bots (only a
    # tournament's table, the organiser's event, counts with bots seated)
    assert await store.season_standings(season.id) == []
    assert await store.season_match_ids(season.id) == []
