"""What the web pages read: listed servers, leaderboards, players, finished matches.

:class:`WebData` reads through the game store's own interface (:class:`bot.store.Store`,
opened read-only by :meth:`bot.store.Store.open_reader`: SQLite ``mode=ro`` or a read-only
PostgreSQL pool), so the pages parse no row themselves: it never writes, migrates or claims the
database, so it runs beside the Discord bot (WAL lets readers in while the bot writes) or alone
(``python -m bot web``). A server is shown only while its organisers have it listed
(``web_listing``, ``/league web on``); a match only once it is finished (a ``matches`` row,
written when the match ended, whose game is ``finished``), so no hand still in play is ever
read here. A database from before the ``web_listing`` migration lists no server.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot.config import is_postgres_url
from bot.league.rating import Standing
from bot.replay import GameRecord, ReplayRefused, load_game
from bot.store import Store
from bot.store_league import SeasonRow
from bot.store_rows import MatchPlayerRow, MatchRow, RatingRow, conservative

__all__ = [
    "LeaderLine",
    "MatchLine",
    "PlayerGame",
    "Season",
    "SeasonLine",
    "Seat",
    "Server",
    "WebData",
]

T = TypeVar("T")

Season = SeasonRow
"""A season of a game on a server (the store's row): ``status`` ``active`` or ``ended``."""
Seat = MatchPlayerRow
"""One seat of a finished match (the store's row)."""


@dataclass(frozen=True)
class Server:
    guild_id: int
    name: str


@dataclass(frozen=True)
class LeaderLine(RatingRow):
    """A rating (the store's row) as a line of a leaderboard: its ``place`` and the player's
    ``name``; ``ordinal`` (``mu - 3 sigma``) is the figure ranked by."""

    place: int = 0
    name: str = ""


@dataclass(frozen=True)
class SeasonLine(Standing):
    """A season standing (the store's) as a line, ranked as ``/league season standings``
    ranks them: by ``mu - 3 sigma``, then league points, games."""

    place: int = 0
    name: str = ""


@dataclass
class MatchLine:
    """A finished match: ``result`` is ``MatchResult.to_json()``, ``hands`` each hand's
    ``HandResult.to_json()`` in order, ``seats`` the store's players."""

    id: int
    game_id: int
    guild_id: int
    game: str
    rated: bool
    started_at: float
    finished_at: float
    hands_played: int
    result: dict[str, Any]
    seats: list[Seat] = field(default_factory=list)
    hands: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def of(cls, row: MatchRow) -> MatchLine:
        return cls(
            id=row.id,
            game_id=row.game_id,
            guild_id=row.guild_id,
            game=row.game,
            rated=row.rated,
            started_at=row.started_at,
            finished_at=row.finished_at,
            hands_played=row.hands_played,
            result=row.result,
            seats=list(row.players),
            hands=[h.result for h in row.hands],
        )

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]


@dataclass(frozen=True)
class PlayerGame:
    """A player's figures in one game on one server."""

    game: str
    mu: float | None
    sigma: float | None
    rated_games: int
    rated_wins: int
    matches: int
    firsts: int

    @property
    def ordinal(self) -> float | None:
        return None if self.mu is None or self.sigma is None else conservative(self.mu, self.sigma)


def _missing_table(exc: sqlite3.OperationalError) -> bool:
    text = str(exc)
    return "no such table" in text or ("relation" in text and "does not exist" in text)


class WebData:
    """Read-only queries for the pages, through the store. Open with :meth:`open`, close with
    :meth:`close`."""

    def __init__(self, path: str | Path) -> None:
        # a postgresql:// URL (DATABASE_URL): read through bot.store_pg's adapter, read-only
        self.url = path if is_postgres_url(path) else None
        self.path = Path(path) if self.url is None else Path("postgresql")
        self._store: Store | None = None
        self._opening: asyncio.Lock | None = None

    @classmethod
    async def open(cls, path: str | Path) -> WebData:
        """The pages of the database at ``path``, which must exist (``python -m bot web``)."""
        data = cls(path)
        if await data._reader() is None:
            raise FileNotFoundError(f"{path}: no such database (start the bot once first)")
        return data

    async def _reader(self) -> Store | None:
        """The read-only store, opened at the first query once the file exists (beside
        ``python -m bot run`` the bot may create it after the pages start)."""
        if self._store is not None:
            return self._store
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._store is None:
                self._store = await Store.open_reader(self.url or self.path)
        return self._store

    async def close(self) -> None:
        if self._store is not None:
            await self._store.close()
            self._store = None

    async def _read(self, read: Callable[[Store], Awaitable[Any]], empty: T) -> T:
        """``await read(store)``, or ``empty`` when there is no database yet or the table it
        reads is one a migration has not made yet (nothing to show)."""
        store = await self._reader()
        if store is None:
            return empty
        try:
            got: T = await read(store)
            return got
        except sqlite3.OperationalError as exc:
            if _missing_table(exc):
                return empty
            raise

    async def read(self, read: Callable[[Store], Awaitable[T]], empty: T) -> T:
        """``await read(store)`` on the read-only store, or ``empty`` when there is no database
        yet or the table it reads is one a migration has not made yet: for the other readers
        of the pages (:mod:`web.tournaments`), which read through the store's own classes."""
        return await self._read(read, empty)

    # ----------------------------------------------------------------- servers
    async def servers(self) -> list[Server]:
        """The servers listed on the web pages, by name."""
        listed = await self._read(lambda s: s.web_servers(), list[tuple[int, str]]())
        return [Server(guild, name) for guild, name in listed]

    async def server(self, guild_id: int) -> Server | None:
        """The server if it is listed, else ``None`` (then every page of it is a 404)."""
        listed = await self._read(lambda s: s.web_servers(guild_id), list[tuple[int, str]]())
        return Server(*listed[0]) if listed else None

    async def games_played(self, guild_id: int) -> dict[str, int]:
        """``game -> finished matches`` on the server."""
        counts = await self._read(lambda s: s.match_counts(guild_id), dict[str, tuple[int, int]]())
        return {game: n for game, (n, _) in counts.items()}

    async def names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """Each user's name as it was at their newest finished match on the server."""
        ids = list(user_ids)
        return await self._read(lambda s: s.player_names(ids, guild_id), dict[int, str]())

    # ----------------------------------------------------------------- ratings
    async def leaderboard(self, guild_id: int, game: str, limit: int = 100) -> list[LeaderLine]:
        """The server's ratings in ``game``, best first by ``mu - 3 sigma`` (as
        ``/leaderboard``)."""
        rows = await self._read(lambda s: s.leaderboard(guild_id, game, limit), list[RatingRow]())
        names = await self.names(guild_id, (r.user_id for r in rows))
        return [
            LeaderLine(
                **dataclasses.asdict(r), place=i + 1, name=names.get(r.user_id, str(r.user_id))
            )
            for i, r in enumerate(rows)
        ]

    async def player_games(self, guild_id: int, user_id: int) -> list[PlayerGame]:
        """The player's rating and finished matches per game on the server."""
        counts = await self._read(
            lambda s: s.match_counts(guild_id, user_id), dict[str, tuple[int, int]]()
        )
        ratings = await self._read(
            lambda s: s.player_ratings(guild_id, user_id), dict[str, RatingRow]()
        )
        out = []
        for game in sorted(set(counts) | set(ratings)):
            rating = ratings.get(game)
            n, firsts = counts.get(game, (0, 0))
            out.append(
                PlayerGame(
                    game=game,
                    mu=rating.mu if rating else None,
                    sigma=rating.sigma if rating else None,
                    rated_games=rating.games if rating else 0,
                    rated_wins=rating.wins if rating else 0,
                    matches=n,
                    firsts=firsts,
                )
            )
        return out

    # ----------------------------------------------------------------- seasons
    async def seasons(self, guild_id: int, game: str | None = None) -> list[Season]:
        """The server's seasons (of ``game``), newest first."""
        return await self._read(lambda s: s.seasons(guild_id, game), list[Season]())

    async def standings(self, guild_id: int, season: Season, limit: int = 500) -> list[SeasonLine]:
        """A season's standings, best first."""
        rows = await self._read(lambda s: s.season_standings(season.id, limit), list[Standing]())
        names = await self.names(guild_id, (r.user_id for r in rows))
        return [
            SeasonLine(
                **dataclasses.asdict(r), place=i + 1, name=names.get(r.user_id, str(r.user_id))
            )
            for i, r in enumerate(rows)
        ]

    # ----------------------------------------------------------------- matches
    async def matches(
        self,
        guild_id: int,
        *,
        user_id: int | None = None,
        game: str | None = None,
        limit: int = 20,
    ) -> list[MatchLine]:
        """Finished matches on the server, newest first, with their seats and hands."""
        rows = await self._read(
            lambda s: s.matches(guild_id, user_id, game, limit, finished_games=True),
            list[MatchRow](),
        )
        return [MatchLine.of(r) for r in rows]

    async def match(self, guild_id: int, match_id: int) -> MatchLine | None:
        """A finished match of the server, with seats and hands; ``None`` if there is none."""
        rows = await self._read(
            lambda s: s.matches(guild_id, match_id=match_id, limit=1, finished_games=True),
            list[MatchRow](),
        )
        return MatchLine.of(rows[0]) if rows else None

    async def record(self, match: MatchLine) -> GameRecord | None:
        """The finished match's game as :mod:`bot.replay` replays it (:func:`bot.replay.load_game`,
        with the seats' names as the match recorded them); ``None`` when its game is not
        finished (a damaged file's stray row: a hand in play is never shown) or is a duplicate
        tournament board that other tables of its round still play (the same deal)."""
        store = await self._reader()
        if store is None:
            return None
        try:
            record = await load_game(store, match.game_id)
        except ReplayRefused:
            return None
        if record.status != "finished":
            return None
        return dataclasses.replace(
            record,
            names=tuple(match.names),
            bots=tuple(s.bot for s in match.seats),
            guild_id=match.guild_id,
            user_ids=tuple(s.user_id for s in match.seats),
        )
