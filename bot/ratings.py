"""Ratings: openskill's Plackett–Luce model, per server and per game (issue 3, "Ratings").

A match's :class:`games.base.MatchResult` gives teams (seats) and ranks
(1 = first, equal = tie): teams are rated as teams, a free-for-all game has
one seat per team and is rated by rank. Bot seats take part with a fresh
default rating that is never stored. Whether a match is rated at all is the
table's decision (``bot.tables``: unrated with bots seated unless the table
says otherwise).

Front ends read ratings with :func:`rating` and :func:`leaderboard`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.store import RatingRow, Store
from games.base import MatchResult

__all__ = ["NO_GUILD", "RatingChange", "leaderboard", "rate_match", "rating"]

NO_GUILD = 0
"""``guild_id`` under which matches outside any server (the terminal) are rated."""

_MODEL = PlackettLuce()


@dataclass(frozen=True)
class RatingChange:
    """One seat's rating change: ``before``/``after`` are ``None`` for bot seats."""

    seat: int
    before: RatingRow | None
    after: RatingRow | None


def rate_match(
    result: MatchResult,
    seat_users: Sequence[int | None],
    current: Mapping[int, RatingRow],
    *,
    guild_id: int,
    game: str,
) -> list[RatingChange]:
    """New ratings after ``result``.

    Args:
        result: the match result; ``teams`` are seat tuples, ``ranks`` per team.
        seat_users: the user id seated at each seat, ``None`` for a bot.
        current: stored ratings by user id (missing users start at mu 25, sigma 25/3).
        guild_id, game: where the ratings belong.

    Returns one :class:`RatingChange` per seat in ``result.teams``, in seat
    order. Raises ``ValueError`` when teams and ranks do not match.
    """
    if len(result.teams) != len(result.ranks) or len(result.teams) < 2:
        raise ValueError(
            f"a match result needs at least 2 teams and one rank per team, got"
            f" {len(result.teams)} teams and {len(result.ranks)} ranks"
        )
    teams = []
    for team in result.teams:
        members = []
        for seat in team:
            user = seat_users[seat]
            row = current.get(user) if user is not None else None
            if row is not None:
                members.append(_MODEL.rating(mu=row.mu, sigma=row.sigma))
            else:
                members.append(_MODEL.rating())
        teams.append(members)
    rated = _MODEL.rate(teams, ranks=list(result.ranks))
    changes: list[RatingChange] = []
    for team, new_team, rank in zip(result.teams, rated, result.ranks, strict=True):
        for seat, new in zip(team, new_team, strict=True):
            user = seat_users[seat]
            if user is None:
                changes.append(RatingChange(seat, None, None))
                continue
            old = current.get(user) or RatingRow(
                guild_id, game, user, _MODEL.mu, _MODEL.sigma, 0, 0
            )
            after = RatingRow(
                guild_id,
                game,
                user,
                float(new.mu),
                float(new.sigma),
                old.games + 1,
                old.wins + (1 if rank == 1 else 0),
            )
            changes.append(RatingChange(seat, old, after))
    changes.sort(key=lambda c: c.seat)
    return changes


async def rating(store: Store, guild_id: int | None, game: str, user_id: int) -> RatingRow | None:
    """A user's rating for ``game`` on a server (``None``: the terminal); ``None`` if unrated."""
    rows = await store.ratings(NO_GUILD if guild_id is None else guild_id, game, [user_id])
    return rows.get(user_id)


async def leaderboard(
    store: Store, guild_id: int | None, game: str, limit: int = 10
) -> list[RatingRow]:
    """The server's best players of ``game`` by ordinal (``mu - 3 sigma``), at most ``limit``."""
    return await store.leaderboard(NO_GUILD if guild_id is None else guild_id, game, limit)
