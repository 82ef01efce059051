"""A duplicate tournament's board changes no all-time rating before every table of its round
has finished (bot.board_embargo): ``/rating``, ``/leaderboard``, the web's player page and the
``/stats`` chart would tell its result to the tables still playing the deal. At the round's
end the held updates are applied, once, in the order the boards finished, exactly as openskill
rates that sequence (:func:`bot.ratings.rate_match`)."""

from __future__ import annotations

from bot.league.stats import player_stats
from bot.ratings import leaderboard, rate_match, rating
from bot.store import RatingRow, Store
from bot.tournaments.store import TournamentStore
from games.base import MatchResult
from tests.host.test_duplicate_league import _tables
from tests.host.test_league import GUILD, _match

TEAMS = [[0, 2], [1, 3]]


async def _finish(store: Store, users: list[int], ranks: list[int], now: float) -> int:
    """Record a match as the table service does: with the ratings it computes at the finish
    (``bot.results.match_record``), which the store sets aside while the board is held."""
    current = await store.ratings(GUILD, "pajiwo", users)
    changes = rate_match(_result(ranks), list(users), current, guild_id=GUILD, game="pajiwo")
    new = [c.after for c in changes if c.after is not None]
    return await _match(store, list(users), TEAMS, ranks, now=now, ratings=new)


def _result(ranks: list[int]) -> MatchResult:
    return MatchResult(teams=((0, 2), (1, 3)), ranks=tuple(ranks), scores=(0, 0), summary={})


def _expected(sequence: list[tuple[list[int], list[int]]]) -> dict[int, RatingRow]:
    """openskill's ratings after ``(users, ranks)`` matches in this order, from nothing."""
    ratings: dict[int, RatingRow] = {}
    for users, ranks in sequence:
        changes = rate_match(_result(ranks), list(users), ratings, guild_id=GUILD, game="pajiwo")
        ratings.update({c.after.user_id: c.after for c in changes if c.after is not None})
    return ratings


async def _changes(store: Store, match_id: int) -> list[tuple[float | None, ...]]:
    async with store._db.execute(
        "SELECT mu_before, mu_after, sigma_after FROM match_players WHERE match_id = ?"
        " ORDER BY seat",
        (match_id,),
    ) as cur:
        return [tuple(r) for r in await cur.fetchall()]


async def _all(store: Store, users: list[int]) -> dict[int, RatingRow]:
    return await store.ratings(GUILD, "pajiwo", users)


async def test_ratings_wait_for_the_round_then_follow_the_finishing_order(store: Store) -> None:
    rows = TournamentStore(store)
    first, second = await _tables(rows, True, [1, 2])
    # person 10 plays both boards here (the store does not care), so the order matters
    a, b = [10, 11, 12, 13], [10, 21, 22, 23]
    one = await _finish(store, a, [1, 2], 100.0)
    assert await rating(store, GUILD, "pajiwo", 10) is None  # /rating: nothing yet
    assert await leaderboard(store, GUILD, "pajiwo") == []  # /leaderboard: nobody
    assert (await store.player_ratings(GUILD, 10)) == {}  # the web's rated games and wins
    assert await _changes(store, one) == [(None, None, None)] * 4  # nor its players' rows
    await rows.update_table(first, status="finished")
    assert await leaderboard(store, GUILD, "pajiwo") == []  # table 2 still plays the deal
    assert (await player_stats(store, GUILD, 10)).games == []  # the /stats chart too
    two = await _finish(store, b, [2, 1], 110.0)
    assert await leaderboard(store, GUILD, "pajiwo") == []
    await rows.update_table(second, status="finished")  # the round is over
    expected = _expected([(a, [1, 2]), (b, [2, 1])])
    people = sorted(set(a) | set(b))
    assert await _all(store, people) == expected
    assert expected[10].games == 2 and expected[10].wins == 1
    # /leaderboard now: every person, best first, with the released figures
    board = await leaderboard(store, GUILD, "pajiwo")
    assert [r.user_id for r in board] == sorted(
        people, key=lambda u: (-expected[u].ordinal, -expected[u].games, u)
    )
    # each match's players carry their change as if rated at the finish, in order
    after_one = _expected([(a, [1, 2])])
    (m1,) = await store.matches(GUILD, match_id=one)
    (m2,) = await store.matches(GUILD, match_id=two)
    assert {p.user_id: (p.mu_before, p.mu_after) for p in m1.players} == {
        u: (25.0, after_one[u].mu) for u in a
    }
    assert m2.players[0].mu_before == after_one[10].mu
    assert (m2.players[0].mu_after, m2.players[0].sigma_after) == (
        expected[10].mu,
        expected[10].sigma,
    )
    chart = (await player_stats(store, GUILD, 10)).games
    assert chart and chart[0].games == 2
    # counted once: marking a finished table again, or ending the tournament, changes nothing
    await rows.update_table(second, status="finished")
    await rows.update(first.tournament_id, 300.0, status="finished")
    assert await _all(store, people) == expected


async def test_a_match_outside_a_duplicate_round_is_rated_at_once(store: Store) -> None:
    rows = TournamentStore(store)
    await _tables(rows, False, [1, 2])
    users = [10, 11, 12, 13]
    await _finish(store, users, [1, 2], 100.0)  # a tournament that is not duplicate
    await _finish(store, users, [2, 1], 110.0)  # an ordinary table
    assert await _all(store, users) == _expected([(users, [1, 2]), (users, [2, 1])])


async def test_a_cancelled_duplicate_tournament_releases_its_ratings(store: Store) -> None:
    rows = TournamentStore(store)
    first, _ = await _tables(rows, True, [1, 2])
    users = [10, 11, 12, 13]
    await _finish(store, users, [1, 2], 100.0)
    await rows.update_table(first, status="finished")
    assert await leaderboard(store, GUILD, "pajiwo") == []
    await rows.update(first.tournament_id, 200.0, status="cancelled")  # table 2 never plays
    assert await _all(store, users) == _expected([(users, [1, 2])])
    await rows.update(first.tournament_id, 201.0, status="cancelled")
    assert (await rating(store, GUILD, "pajiwo", 10)) == _expected([(users, [1, 2])])[10]
