"""What the web pages read: listed servers, leaderboards, players, finished matches.

:class:`WebData` holds its own read-only connection to the bot's SQLite file (``mode=ro``):
it never writes, migrates or claims the file, so it runs beside the Discord bot (WAL lets
readers in while the bot writes) or alone (``python -m bot web``). A server is shown only
while its organisers have it listed (``web_listing``, ``/league web on``); a match only once it
is finished (a ``matches`` row, written when the match ended), so no hand still in play is
ever read here. A database from before the ``web_listing`` migration lists no server.

Every query is plain SQL that PostgreSQL also accepts.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import aiosqlite

from bot.board_embargo import BOARD_IN_PLAY_SQL, board_in_play_sql
from bot.config import is_postgres_url
from bot.replay import GameRecord
from bot.store_rows import conservative

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


@dataclass(frozen=True)
class Server:
    guild_id: int
    name: str


@dataclass(frozen=True)
class LeaderLine:
    """One line of a leaderboard: ``ordinal`` is ``mu - 3 sigma``, the figure ranked by."""

    place: int
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        return conservative(self.mu, self.sigma)


@dataclass(frozen=True)
class Season:
    """A season of a game on a server (``bot.league.seasons``): ``status`` ``active`` or
    ``ended`` (archived)."""

    id: int
    game: str
    number: int
    status: str
    started_at: float
    ended_at: float | None


@dataclass(frozen=True)
class SeasonLine:
    """One line of a season's standings, ranked as ``/league season standings`` ranks them:
    by ``mu - 3 sigma``, then league points, games."""

    place: int
    user_id: int
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    points: int

    @property
    def ordinal(self) -> float:
        return conservative(self.mu, self.sigma)


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None
    name: str
    bot: str | None
    team: int
    rank: int
    mu_before: float | None
    mu_after: float | None


@dataclass
class MatchLine:
    """A finished match: ``result`` is ``MatchResult.to_json()``, ``hands`` each hand's
    ``HandResult.to_json()`` in order."""

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


FINISHED = (
    "EXISTS (SELECT 1 FROM games g WHERE g.id = m.game_id AND g.status = 'finished')"
    f" AND NOT EXISTS ({board_in_play_sql('m.table_id')})"
)
"""The condition on a ``matches m`` row that its game really finished: a row whose game is still
``playing`` (a damaged file could have one) is neither listed nor shown, as :meth:`WebData.record`
refuses its replay; nor is a duplicate tournament board that other tables of its round still play
(its result and winning hand would tell them the deal)."""


class WebData:
    """Read-only queries for the pages. Open with :meth:`open`, close with :meth:`close`."""

    def __init__(self, path: str | Path) -> None:
        # a postgresql:// URL (DATABASE_URL): read through bot.store_pg's adapter, read-only
        self.url = path if is_postgres_url(path) else None
        self.path = Path(path) if self.url is None else Path("postgresql")
        self._db: aiosqlite.Connection | None = None
        self._opening: asyncio.Lock | None = None

    @classmethod
    async def open(cls, path: str | Path) -> WebData:
        """The pages of the database at ``path``, which must exist (``python -m bot web``)."""
        data = cls(path)
        if await data._connection() is None:
            raise FileNotFoundError(f"{path}: no such database (start the bot once first)")
        return data

    async def _connection(self) -> aiosqlite.Connection | None:
        """The read-only connection, opened at the first query once the file exists (beside
        ``python -m bot run`` the bot may create it after the pages start)."""
        if self._db is not None:
            return self._db
        if self._opening is None:
            self._opening = asyncio.Lock()
        async with self._opening:
            if self._db is None and isinstance(self.url, str):
                from bot.store_pg import PgDatabase

                pg = await PgDatabase.connect(self.url, max_size=4, read_only=True)
                self._db = cast(aiosqlite.Connection, pg)
            if self._db is None and self.path.is_file():
                db = await aiosqlite.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
                db.row_factory = sqlite3.Row
                await db.execute("PRAGMA busy_timeout=5000")
                await db.execute("PRAGMA query_only=ON")
                self._db = db
        return self._db

    async def close(self) -> None:
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        db = await self._connection()
        if db is None:
            return []
        try:
            async with db.execute(sql, params) as cur:
                return list(await cur.fetchall())
        except sqlite3.OperationalError as exc:
            if _missing_table(exc):  # a database from before that migration: nothing to show
                return []
            raise

    async def query(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of a read-only query (``?`` placeholders; a table a migration has not made yet
        gives none), for the other readers of the pages (:mod:`web.tournaments`)."""
        return await self._rows(sql, params)

    # ----------------------------------------------------------------- servers
    async def servers(self) -> list[Server]:
        """The servers listed on the web pages, by name."""
        rows = await self._rows(
            "SELECT guild_id, name FROM web_listing WHERE listed = 1 ORDER BY name, guild_id"
        )
        return [Server(r["guild_id"], r["name"]) for r in rows]

    async def server(self, guild_id: int) -> Server | None:
        """The server if it is listed, else ``None`` (then every page of it is a 404)."""
        rows = await self._rows(
            "SELECT guild_id, name FROM web_listing WHERE guild_id = ? AND listed = 1",
            (guild_id,),
        )
        return Server(rows[0]["guild_id"], rows[0]["name"]) if rows else None

    async def games_played(self, guild_id: int) -> dict[str, int]:
        """``game -> finished matches`` on the server."""
        rows = await self._rows(
            f"SELECT game, COUNT(*) AS n FROM matches m WHERE guild_id = ? AND {FINISHED}"
            " GROUP BY game",
            (guild_id,),
        )
        return {r["game"]: r["n"] for r in rows}

    # ----------------------------------------------------------------- names
    async def names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        """Each user's name as it was at their newest finished match on the server."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        rows = await self._rows(
            "SELECT p.user_id, p.name FROM match_players p JOIN matches m ON m.id = p.match_id"
            f" WHERE m.guild_id = ? AND p.user_id IN ({marks})"
            " ORDER BY m.finished_at, m.id",
            (guild_id, *ids),
        )
        return {r["user_id"]: r["name"] for r in rows}

    # ----------------------------------------------------------------- ratings
    async def leaderboard(self, guild_id: int, game: str, limit: int = 100) -> list[LeaderLine]:
        """The server's ratings in ``game``, best first by ``mu - 3 sigma`` (as
        ``/leaderboard``)."""
        rows = await self._rows(
            "SELECT user_id, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        )
        names = await self.names(guild_id, (r["user_id"] for r in rows))
        return [
            LeaderLine(
                place=i + 1,
                user_id=r["user_id"],
                name=names.get(r["user_id"], str(r["user_id"])),
                mu=r["mu"],
                sigma=r["sigma"],
                games=r["games"],
                wins=r["wins"],
            )
            for i, r in enumerate(rows)
        ]

    async def player_games(self, guild_id: int, user_id: int) -> list[PlayerGame]:
        """The player's rating and finished matches per game on the server."""
        ratings = {
            r["game"]: r
            for r in await self._rows(
                "SELECT game, mu, sigma, games, wins FROM ratings"
                " WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
        }
        counts = {
            r["game"]: r
            for r in await self._rows(
                "SELECT m.game, COUNT(*) AS n,"
                " SUM(CASE WHEN p.rank = 1 THEN 1 ELSE 0 END) AS firsts"
                " FROM matches m JOIN match_players p ON p.match_id = m.id"
                f" WHERE m.guild_id = ? AND p.user_id = ? AND {FINISHED} GROUP BY m.game",
                (guild_id, user_id),
            )
        }
        out = []
        for game in sorted(set(ratings) | set(counts)):
            rating, count = ratings.get(game), counts.get(game)
            out.append(
                PlayerGame(
                    game=game,
                    mu=rating["mu"] if rating else None,
                    sigma=rating["sigma"] if rating else None,
                    rated_games=rating["games"] if rating else 0,
                    rated_wins=rating["wins"] if rating else 0,
                    matches=count["n"] if count else 0,
                    firsts=(count["firsts"] or 0) if count else 0,
                )
            )
        return out

    # ----------------------------------------------------------------- seasons
    async def seasons(self, guild_id: int, game: str | None = None) -> list[Season]:
        """The server's seasons (of ``game``), newest first."""
        where, params = "guild_id = ?", [guild_id]
        if game is not None:
            where += " AND game = ?"
            params.append(game)  # type: ignore[arg-type]
        rows = await self._rows(
            f"SELECT * FROM seasons WHERE {where} ORDER BY started_at DESC, id DESC", params
        )
        return [
            Season(r["id"], r["game"], r["number"], r["status"], r["started_at"], r["ended_at"])
            for r in rows
        ]

    async def standings(self, guild_id: int, season: Season, limit: int = 500) -> list[SeasonLine]:
        """A season's standings, best first."""
        rows = await self._rows(
            "SELECT * FROM season_ratings WHERE season_id = ?"
            " ORDER BY mu - 3 * sigma DESC, points DESC, games DESC, user_id LIMIT ?",
            (season.id, limit),
        )
        names = await self.names(guild_id, (r["user_id"] for r in rows))
        return [
            SeasonLine(
                place=i + 1,
                user_id=r["user_id"],
                name=names.get(r["user_id"], str(r["user_id"])),
                mu=r["mu"],
                sigma=r["sigma"],
                games=r["games"],
                wins=r["wins"],
                points=r["points"],
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
        """Finished matches on the server, newest first, with their seats (not their hands)."""
        where, params = ["m.guild_id = ?", FINISHED], [guild_id]
        if game is not None:
            where.append("m.game = ?")
            params.append(game)  # type: ignore[arg-type]
        if user_id is not None:
            where.append(
                "EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = m.id AND p.user_id = ?)"
            )
            params.append(user_id)
        rows = await self._rows(
            f"SELECT * FROM matches m WHERE {' AND '.join(where)}"
            " ORDER BY m.finished_at DESC, m.id DESC LIMIT ?",
            (*params, limit),
        )
        matches = [self._match(r) for r in rows]
        await self._add_seats(matches)
        return matches

    async def match(self, guild_id: int, match_id: int) -> MatchLine | None:
        """A finished match of the server, with seats and hands; ``None`` if there is none."""
        rows = await self._rows(
            f"SELECT * FROM matches m WHERE id = ? AND guild_id = ? AND {FINISHED}",
            (match_id, guild_id),
        )
        if not rows:
            return None
        match = self._match(rows[0])
        await self._add_seats([match])
        hands = await self._rows(
            "SELECT result FROM hands WHERE match_id = ? ORDER BY number", (match_id,)
        )
        match.hands = [json.loads(h["result"]) for h in hands]
        return match

    async def record(self, match: MatchLine) -> GameRecord | None:
        """The finished match's game as :mod:`bot.replay` replays it (seed, options, every
        action, the seats' names as the match recorded them); ``None`` when its game is not
        finished (a damaged file's stray row: a hand in play is never shown) or is a duplicate
        tournament board that other tables of its round still play (the same deal)."""
        rows = await self._rows(
            "SELECT game, seed, options, table_id FROM games WHERE id = ? AND status = 'finished'",
            (match.game_id,),
        )
        if not rows:
            return None
        if await self._rows(BOARD_IN_PLAY_SQL, (rows[0]["table_id"],)):
            return None  # a duplicate board other tables of its round still play
        actions = await self._rows(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY seq", (match.game_id,)
        )
        return GameRecord(
            game=rows[0]["game"],
            seed=int(rows[0]["seed"]),
            options=json.loads(rows[0]["options"]),
            actions=[json.loads(a["action"]) for a in actions],
            names=tuple(match.names),
            bots=tuple(s.bot for s in match.seats),
            game_id=match.game_id,
            table_id=rows[0]["table_id"],
            status="finished",
            guild_id=match.guild_id,
            user_ids=tuple(s.user_id for s in match.seats),
        )

    @staticmethod
    def _match(r: sqlite3.Row) -> MatchLine:
        return MatchLine(
            id=r["id"],
            game_id=r["game_id"],
            guild_id=r["guild_id"],
            game=r["game"],
            rated=bool(r["rated"]),
            started_at=r["started_at"],
            finished_at=r["finished_at"],
            hands_played=r["hands_played"],
            result=json.loads(r["result"]),
        )

    async def _add_seats(self, matches: list[MatchLine]) -> None:
        if not matches:
            return
        by_id = {m.id: m for m in matches}
        marks = ",".join("?" * len(by_id))
        rows = await self._rows(
            f"SELECT * FROM match_players WHERE match_id IN ({marks}) ORDER BY match_id, seat",
            tuple(by_id),
        )
        for p in rows:
            by_id[p["match_id"]].seats.append(
                Seat(
                    seat=p["seat"],
                    user_id=p["user_id"],
                    name=p["name"],
                    bot=p["bot"],
                    team=p["team"],
                    rank=p["rank"],
                    mu_before=p["mu_before"],
                    mu_after=p["mu_after"],
                )
            )
