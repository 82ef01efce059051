"""A player's statistics on a server (``/stats``): games, wins, points and win streaks per
game and in all, the favourite games, and the all-time rating over time.

* A *win* is a match where the player's side ranked first (a shared first place too).
* *Points* are league points (:func:`bot.league.rating.placement_points`): two for each
  side ranked below the player's, one for each side level with it.
* A *streak* is a run of wins in a row, in the order the matches finished: ``current`` is
  the run ending with the latest match (0 after a loss), ``best`` the longest.
* *Favourite games* are the most played, at most three, ties by name.
* The rating over time is the conservative figure ``mu - 3 sigma`` of ``/leaderboard``
  after each rated match of one game (the one asked for, else the most played rated one);
  matches recorded before sigma was kept (migration 4) are left out of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.league.rating import placement_points
from bot.store import PlayedRow, Store
from bot.store_rows import conservative

__all__ = ["GameStats", "PlayerStats", "player_stats", "summarise"]


@dataclass(frozen=True)
class GameStats:
    """Totals over some matches; ``game`` is ``""`` for every game together."""

    game: str
    games: int
    wins: int
    points: int
    current_streak: int
    best_streak: int


@dataclass(frozen=True)
class PlayerStats:
    """``games``: per game, most played first; ``total``: all of them; ``favourites``: the
    top three of ``games``; ``chart``: ``(finished_at, rating)`` after each rated match of
    ``chart_game``, oldest first."""

    total: GameStats
    games: list[GameStats]
    favourites: list[GameStats]
    chart_game: str | None = None
    chart: list[tuple[float, float]] = field(default_factory=list)


def _points(row: PlayedRow) -> int:
    if row.team < 0 or row.team >= len(row.ranks):
        return 0
    return placement_points(row.ranks, row.team)


def summarise(game: str, rows: Sequence[PlayedRow]) -> GameStats:
    """Totals of ``rows`` (oldest first) as :class:`GameStats` named ``game``."""
    wins = points = current = best = 0
    for row in rows:
        won = row.team >= 0 and row.rank == 1
        wins += won
        points += _points(row)
        current = current + 1 if won else 0
        best = max(best, current)
    return GameStats(game, len(rows), wins, points, current, best)


async def player_stats(
    store: Store, guild_id: int, user_id: int, game: str | None = None
) -> PlayerStats:
    """``user_id``'s statistics on server ``guild_id`` (0: outside any server), for one
    ``game`` or every game."""
    rows = await store.played(guild_id, user_id, game)
    by_game: dict[str, list[PlayedRow]] = {}
    for row in rows:
        by_game.setdefault(row.game, []).append(row)
    games = sorted(
        (summarise(key, played) for key, played in by_game.items()),
        key=lambda g: (-g.games, g.game),
    )
    rated = {
        key: [r for r in played if r.rated and r.mu_after is not None and r.sigma_after is not None]
        for key, played in by_game.items()
    }
    chart_game = game if game is not None else next((g.game for g in games if rated[g.game]), None)
    chart: list[tuple[float, float]] = []
    if chart_game is not None:
        for r in rated.get(chart_game, []):
            assert r.mu_after is not None and r.sigma_after is not None
            chart.append((r.finished_at, conservative(r.mu_after, r.sigma_after)))
    return PlayerStats(
        total=summarise("", rows),
        games=games,
        favourites=games[:3],
        chart_game=chart_game if chart else None,
        chart=chart,
    )
