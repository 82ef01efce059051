"""Ratings: openskill Plackett–Luce with teams rated as teams, free-for-all by rank, bot seats
never stored, and ratings kept apart per server and per game."""

from __future__ import annotations

import pytest

from bot.ratings import leaderboard, rate_match, rating
from bot.store import RatingRow, Store
from bot.tables import TableService
from bot.timers import ManualScheduler
from games.base import MatchResult
from tests.host.test_play import USERS, four_people

# openskill 6 PlackettLuce from the default rating (mu 25, sigma 25/3)
TEAM_WIN, TEAM_LOSS, TEAM_SIGMA = 26.964294621803063, 23.035705378196937, 8.177962604389991
FFA = (27.795252672501135, 26.55291815138952, 24.689416369722096, 20.962412806387245)


def test_two_teams_are_rated_as_teams() -> None:
    result = MatchResult(teams=((0, 2), (1, 3)), ranks=(2, 1))
    changes = rate_match(result, [10, 11, 12, 13], {}, guild_id=1, game="pajiwo")
    assert [c.seat for c in changes] == [0, 1, 2, 3]
    mus = [c.after.mu for c in changes if c.after]
    assert mus == pytest.approx([TEAM_LOSS, TEAM_WIN, TEAM_LOSS, TEAM_WIN])
    assert all(c.after and c.after.sigma == pytest.approx(TEAM_SIGMA) for c in changes)
    assert [c.after.wins for c in changes if c.after] == [0, 1, 0, 1]


def test_free_for_all_is_rated_by_rank() -> None:
    result = MatchResult(teams=((0,), (1,), (2,), (3,)), ranks=(3, 1, 4, 2))
    changes = rate_match(result, [10, 11, 12, 13], {}, guild_id=1, game="dagun")
    mus = [c.after.mu for c in changes if c.after]
    assert mus == pytest.approx([FFA[2], FFA[0], FFA[3], FFA[1]])


def test_a_bot_seat_takes_part_but_is_not_stored() -> None:
    result = MatchResult(teams=((0, 2), (1, 3)), ranks=(1, 2))
    current = {10: RatingRow(1, "pajiwo", 10, 30.0, 5.0, 4, 3)}
    changes = rate_match(result, [10, None, 12, None], current, guild_id=1, game="pajiwo")
    assert changes[1].before is None and changes[1].after is None
    assert changes[0].before == current[10] and changes[0].after is not None
    assert changes[0].after.games == 5 and changes[0].after.wins == 4
    assert changes[0].after.mu > 30.0


def test_teams_and_ranks_must_match() -> None:
    with pytest.raises(ValueError, match="2 teams and 1 ranks"):
        rate_match(
            MatchResult(teams=((0, 2), (1, 3)), ranks=(1,)), [1, 2, 3, 4], {}, guild_id=1, game="x"
        )


async def test_ratings_are_kept_per_server_and_per_game(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
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
    assert table.status == "finished"
    assert await rating(store, 5, "toy", USERS[0]) is not None
    assert await rating(store, 6, "toy", USERS[0]) is None  # another server
    assert await rating(store, 5, "pajiwo", USERS[0]) is None  # another game
    assert await rating(store, None, "toy", USERS[0]) is None  # the terminal's league
    assert await leaderboard(store, 6, "toy") == []
    assert len(await leaderboard(store, 5, "toy")) == 4
