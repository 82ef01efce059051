"""A season's rating arithmetic, pure: openskill's Plackett–Luce update and league points.

The same model and defaults as the all-time ratings (:mod:`bot.ratings`): a season's rating
starts at mu 25, sigma 25/3 for everyone and moves by the same update; only the starting
point differs (the all-time rating carries over from match to match forever, a season's
starts fresh). Bot seats are rated with a fresh default rating that is never stored.

League points (:func:`placement_points`): two for each other side ranked below yours, one
for each other side ranked level with yours. A two-sided game gives 2 for a win, 1 for a
draw, 0 for a loss; a four-player free-for-all gives 6, 4, 2, 0 by place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from bot.store_rows import conservative

__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "Standing", "placement_points", "rate_season_match"]

_MODEL = PlackettLuce()
DEFAULT_MU = float(_MODEL.mu)
DEFAULT_SIGMA = float(_MODEL.sigma)


@dataclass(frozen=True)
class Standing:
    """One player's line in a season: openskill ``mu``/``sigma``, games, wins (matches ranked
    first), league points. ``ordinal`` is the conservative figure ``mu - 3 sigma`` that
    ``/leaderboard`` shows."""

    user_id: int
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0
    wins: int = 0
    points: int = 0

    @property
    def ordinal(self) -> float:
        return conservative(self.mu, self.sigma)


def placement_points(ranks: Sequence[int], team: int) -> int:
    """League points of side ``team`` (an index into ``ranks``, 1 = first, equal = tie)."""
    mine = ranks[team]
    beaten = sum(1 for i, r in enumerate(ranks) if i != team and r > mine)
    level = sum(1 for i, r in enumerate(ranks) if i != team and r == mine)
    return 2 * beaten + level


def rate_season_match(
    teams: Sequence[Sequence[int]],
    ranks: Sequence[int],
    seat_users: Mapping[int, int | None],
    current: Mapping[int, Standing],
) -> list[Standing]:
    """The new season standings of the people in one match.

    Args:
        teams: seats per side, as in :class:`games.base.MatchResult`.
        ranks: per side, 1 = first; equal numbers are ties.
        seat_users: the person at each seat, ``None`` for a bot.
        current: the season's standings so far by user id (absent: a fresh start).

    Returns one :class:`Standing` per person seated, in seat order. Raises ``ValueError``
    when teams and ranks do not match.
    """
    if len(teams) != len(ranks) or len(teams) < 2:
        raise ValueError(
            f"a match result needs at least 2 teams and one rank per team, got"
            f" {len(teams)} teams and {len(ranks)} ranks"
        )
    model_teams = []
    for team in teams:
        members = []
        for seat in team:
            user = seat_users.get(seat)
            row = current.get(user) if user is not None else None
            if row is not None:
                members.append(_MODEL.rating(mu=row.mu, sigma=row.sigma))
            else:
                members.append(_MODEL.rating())
        model_teams.append(members)
    rated = _MODEL.rate(model_teams, ranks=list(ranks))
    out: list[tuple[int, Standing]] = []
    for index, (team, new_team) in enumerate(zip(teams, rated, strict=True)):
        points = placement_points(ranks, index)
        for seat, new in zip(team, new_team, strict=True):
            user = seat_users.get(seat)
            if user is None:
                continue
            old = current.get(user) or Standing(user)
            out.append(
                (
                    seat,
                    Standing(
                        user,
                        float(new.mu),
                        float(new.sigma),
                        old.games + 1,
                        old.wins + (1 if ranks[index] == 1 else 0),
                        old.points + points,
                    ),
                )
            )
    out.sort(key=lambda pair: pair[0])
    return [s for _, s in out]
