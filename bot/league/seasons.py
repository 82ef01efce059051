"""Seasons per server and game: start, end, standings and the archive of past seasons.

A season has its own openskill ratings beside the all-time ones (which never change because
of a season): every rated match of the game finished on the server while the season runs
feeds it, in the transaction that records the match (:func:`bot.store_league.feed_season`).
Unrated matches (by default those with a bot seated, unless the table says otherwise) stay
out. A match belongs to the season running when it finishes.

Standings rank players by the conservative rating ``mu - 3 sigma`` (the figure
``/leaderboard`` shows), then league points (:func:`bot.league.rating.placement_points`),
then games. An ended season is archived: its standings stay as they were at its end.

Every refusal is a :class:`bot.league.errors.LeagueError` raised before anything is
written. Starting a season while one runs and ending one when none runs are refused, so a
repeated command (a double click, a retried interaction) changes nothing.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from bot.league.errors import LeagueError
from bot.league.rating import Standing
from bot.store import SeasonRow, Store
from games.registry import GAMES

__all__ = [
    "SeasonStandings",
    "StandingLine",
    "archive",
    "check_game",
    "end_season",
    "season_standings",
    "start_season",
]


@dataclass(frozen=True)
class StandingLine:
    """One line of a season's standings: ``rank`` from 1, ``rating`` the conservative figure
    ``mu - 3 sigma``, games, wins (matches ranked first) and league points."""

    rank: int
    user_id: int
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    points: int


@dataclass(frozen=True)
class SeasonStandings:
    """A season and its standings, best first."""

    season: SeasonRow
    lines: list[StandingLine]


def check_game(game: str) -> str:
    """``game`` when it is a game key Paiju has; else :class:`LeagueError` ``unknown_game``."""
    if game not in GAMES:
        raise LeagueError("unknown_game", f"there is no game {game!r}", game=game)
    return game


def _lines(rows: list[Standing]) -> list[StandingLine]:
    return [
        StandingLine(i, r.user_id, r.ordinal, r.mu, r.sigma, r.games, r.wins, r.points)
        for i, r in enumerate(rows, 1)
    ]


async def start_season(
    store: Store, guild_id: int, game: str, user_id: int, now: float, bots_count: bool = False
) -> SeasonRow:
    """Start the next season of ``game`` on the server (numbered from 1). ``bots_count``:
    rated tables with a bot seated count for it too (by default only a tournament's do).

    Raises :class:`LeagueError` ``unknown_game``, or ``season_running`` (``number``) when a
    season of the game already runs.
    """
    check_game(game)
    running = await store.active_season(guild_id, game)
    if running is not None:
        raise LeagueError(
            "season_running", f"season {running.number} is running", number=running.number
        )
    try:
        return await store.start_season(guild_id, game, user_id, now, bots_count)
    except sqlite3.IntegrityError:  # started by a command that ran at the same moment
        running = await store.active_season(guild_id, game)
        number = running.number if running else 0
        raise LeagueError("season_running", f"season {number} is running", number=number) from None


async def end_season(
    store: Store, guild_id: int, game: str, user_id: int, now: float
) -> SeasonStandings:
    """End the running season of ``game`` and archive it; returns its final standings.

    Raises :class:`LeagueError` ``unknown_game``, or ``no_season`` when none runs.
    """
    check_game(game)
    running = await store.active_season(guild_id, game)
    if running is None or not await store.end_season(running.id, user_id, now):
        raise LeagueError("no_season", "no season is running")
    ended = await store.season_by_id(running.id)
    assert ended is not None
    return SeasonStandings(ended, _lines(await store.season_standings(ended.id)))


async def season_standings(
    store: Store, guild_id: int, game: str, number: int | None = None, limit: int | None = None
) -> SeasonStandings:
    """The standings of season ``number`` of ``game`` on the server; with ``None``, of the
    running season, or else of the latest one. At most ``limit`` lines (``None``: all).

    Raises :class:`LeagueError` ``unknown_game``, ``unknown_season`` (``number``), or
    ``no_seasons`` when the game never had a season on the server.
    """
    check_game(game)
    if number is not None:
        season = await store.season(guild_id, game, number)
        if season is None:
            raise LeagueError("unknown_season", f"there is no season {number}", number=number)
    else:
        season = await store.active_season(guild_id, game)
        if season is None:
            past = await store.seasons(guild_id, game)
            if not past:
                raise LeagueError("no_seasons", "no season yet")
            season = past[0]
    return SeasonStandings(season, _lines(await store.season_standings(season.id, limit)))


async def archive(store: Store, guild_id: int, game: str) -> list[SeasonStandings]:
    """Every season of ``game`` on the server, newest first (the running one too, if any),
    each with its top three. Raises :class:`LeagueError` ``unknown_game``."""
    check_game(game)
    out = []
    for season in await store.seasons(guild_id, game):
        out.append(SeasonStandings(season, _lines(await store.season_standings(season.id, 3))))
    return out
