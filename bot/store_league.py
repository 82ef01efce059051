"""Leagues in the game store: the league role, seasons and their ratings, player statistics.

Part of :class:`bot.store.Store` (a base class of it). A finished rated match feeds the
server's active season of its game inside the transaction that records it
(:func:`feed_season`, called by :meth:`bot.store_history.HistoryStore.record_match`), so a
season never counts a match twice nor misses one a crash interrupted.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.board_embargo import board_in_play_sql
from bot.league.rating import Standing, rate_season_match
from bot.store_base import StoreBase
from bot.store_rows import MatchPlayerRow, MatchRow

__all__ = ["LeagueStore", "PlayedRow", "SeasonRow", "feed_season", "release_boards"]


@dataclass(frozen=True)
class SeasonRow:
    """A ``seasons`` row: ``number`` counts from 1 per server and game; ``status`` is
    ``active`` or ``ended`` (archived). ``bots_count``: tables with a bot seated count for it
    (set at its start), not only a tournament's tables."""

    id: int
    guild_id: int
    game: str
    number: int
    status: str
    started_at: float
    started_by: int
    ended_at: float | None = None
    ended_by: int | None = None
    bots_count: bool = False

    @property
    def active(self) -> bool:
        return self.status == "active"


@dataclass(frozen=True)
class PlayedRow:
    """One finished match as one player saw it (:meth:`LeagueStore.played`).

    ``team`` is the player's side (index into ``ranks``; -1: outside every side), ``ranks``
    every side's rank, ``mu_after``/``sigma_after`` the all-time rating after it (``None``
    when unrated, or ``sigma_after`` for a match recorded before migration 4).
    """

    match_id: int
    game: str
    finished_at: float
    rated: bool
    team: int
    rank: int
    ranks: tuple[int, ...]
    mu_after: float | None
    sigma_after: float | None


def _season(r: sqlite3.Row) -> SeasonRow:
    return SeasonRow(
        id=r["id"],
        guild_id=r["guild_id"],
        game=r["game"],
        number=r["number"],
        status=r["status"],
        started_at=r["started_at"],
        started_by=r["started_by"],
        ended_at=r["ended_at"],
        ended_by=r["ended_by"],
        bots_count=bool(r["bots_count"]),
    )


def _standing(r: sqlite3.Row) -> Standing:
    return Standing(
        user_id=r["user_id"],
        mu=r["mu"],
        sigma=r["sigma"],
        games=r["games"],
        wins=r["wins"],
        points=r["points"],
    )


async def _tournament_table(db: aiosqlite.Connection, table_id: int) -> bool:
    async with db.execute("SELECT 1 FROM tournament_tables WHERE table_id = ?", (table_id,)) as cur:
        return await cur.fetchone() is not None


async def feed_season(
    db: aiosqlite.Connection, match: MatchRow, match_id: int, now: float, held: bool = False
) -> int | None:
    """Rate a recorded match in its server's active season of its game, inside the caller's
    transaction. Returns the season's id, or ``None`` when the match is unrated, has no
    person seated, has a bot seated outside a tournament (an organiser's event) in a season
    that does not count tables with bots (``bots_count``), or no season is running.

    A board of a duplicate tournament that other tables of its round still play is held back
    (``None``; :mod:`bot.board_embargo`): the standings would tell its result to the tables
    still playing the deal. :func:`release_boards` feeds it once the round is over
    (``held``), to the season that was running when the board finished, even one that has
    ended since (mid-round), not to whichever runs when the round ends."""
    if not match.rated:
        return None
    async with db.execute(board_in_play_sql(), (match.table_id,)) as cur:
        if await cur.fetchone() is not None:
            return None
    if held:
        query = (
            "SELECT id, bots_count FROM seasons WHERE guild_id = ? AND game = ?"
            " AND started_at <= ? AND (ended_at IS NULL OR ended_at >= ?)"
            " ORDER BY started_at DESC, id DESC LIMIT 1"
        )
        args: tuple[Any, ...] = (match.guild_id, match.game, match.finished_at, match.finished_at)
    else:
        query = (
            "SELECT id, bots_count FROM seasons WHERE guild_id = ? AND game = ?"
            " AND status = 'active'"
        )
        args = (match.guild_id, match.game)
    async with db.execute(query, args) as cur:
        row = await cur.fetchone()
    if row is None:
        return None
    season_id, bots_count = int(row[0]), bool(row[1])
    seat_users = {p.seat: (p.user_id if p.bot is None else None) for p in match.players}
    people = [u for u in seat_users.values() if u is not None]
    if not people:
        return None
    if (
        len(people) < len(seat_users)
        and not bots_count
        and not await _tournament_table(db, match.table_id)
    ):
        # a host's rated:True on a table of bots is the host's choice, not the organiser's:
        # it counts for the all-time rating only (a bot at easy level farms a season), unless
        # the organiser started the season with bots_count
        return None
    marks = ",".join("?" * len(people))
    async with db.execute(
        f"SELECT * FROM season_ratings WHERE season_id = ? AND user_id IN ({marks})",
        (season_id, *people),
    ) as cur:
        current = {r["user_id"]: _standing(r) for r in await cur.fetchall()}
    result = match.result
    teams = [list(t) for t in result["teams"]]
    ranks = [int(r) for r in result["ranks"]]
    new = rate_season_match(teams, ranks, seat_users, current)
    await db.executemany(
        "INSERT INTO season_ratings (season_id, user_id, mu, sigma, games, wins, points,"
        " updated_at) VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (season_id, user_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
        " wins = excluded.wins, points = excluded.points, updated_at = excluded.updated_at",
        [(season_id, s.user_id, s.mu, s.sigma, s.games, s.wins, s.points, now) for s in new],
    )
    await db.execute(
        "INSERT INTO season_matches (season_id, match_id) VALUES (?,?)", (season_id, match_id)
    )
    return season_id


async def release_boards(db: aiosqlite.Connection, tournament_id: int, now: float) -> list[int]:
    """Feed the seasons, inside the caller's transaction, the matches of a duplicate
    tournament's boards that :func:`feed_season` held back and that no table plays any more
    (the round over, or the tournament finished or cancelled), oldest first. Returns the ids
    of the matches a season counted, each in the season running when it finished
    (:func:`feed_season`). Called when a round's table is marked finished and when a
    tournament ends (:class:`bot.tournaments.store.TournamentRows`)."""
    async with db.execute(
        "SELECT m.* FROM matches m JOIN tournament_tables tt ON tt.table_id = m.table_id"
        " JOIN tournaments t ON t.id = tt.tournament_id"
        " WHERE tt.tournament_id = ? AND t.duplicate = 1 AND m.rated = 1"
        " AND NOT EXISTS (SELECT 1 FROM season_matches sm WHERE sm.match_id = m.id)"
        f" AND NOT EXISTS ({board_in_play_sql('m.table_id')}) ORDER BY m.id",
        (tournament_id,),
    ) as cur:
        rows = list(await cur.fetchall())
    fed = []
    for r in rows:
        match = MatchRow.of(r)
        async with db.execute(
            "SELECT * FROM match_players WHERE match_id = ? ORDER BY seat", (match.id,)
        ) as cur:
            match.players = [MatchPlayerRow.of(p) for p in await cur.fetchall()]
        if await feed_season(db, match, int(r["id"]), now, held=True) is not None:
            fed.append(int(r["id"]))
    return fed


class LeagueStore(StoreBase):
    """The league role, seasons, season ratings and per-player match lists
    (``league_settings``, ``seasons``, ``season_ratings``, ``season_matches``)."""

    # ------------------------------------------------------------ league role
    async def league_role(self, guild_id: int) -> int | None:
        """The server's league role (its holders are organisers), ``None`` when unset."""
        async with self._db.execute(
            "SELECT role_id FROM league_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return None if row is None or row[0] is None else int(row[0])

    async def set_league_role(self, guild_id: int, role_id: int | None, now: float) -> None:
        """Set (or with ``None`` clear) the server's league role."""
        async with self._txn() as db:
            await db.execute(
                "INSERT INTO league_settings (guild_id, role_id, updated_at) VALUES (?,?,?)"
                " ON CONFLICT (guild_id) DO UPDATE SET role_id = excluded.role_id,"
                " updated_at = excluded.updated_at",
                (guild_id, role_id, now),
            )

    # ---------------------------------------------------------------- seasons
    async def active_season(self, guild_id: int, game: str) -> SeasonRow | None:
        """The season of ``game`` running on the server, if any."""
        async with self._db.execute(
            "SELECT * FROM seasons WHERE guild_id = ? AND game = ? AND status = 'active'",
            (guild_id, game),
        ) as cur:
            row = await cur.fetchone()
        return _season(row) if row else None

    async def season(self, guild_id: int, game: str, number: int) -> SeasonRow | None:
        """Season ``number`` of ``game`` on the server, running or ended."""
        async with self._db.execute(
            "SELECT * FROM seasons WHERE guild_id = ? AND game = ? AND number = ?",
            (guild_id, game, number),
        ) as cur:
            row = await cur.fetchone()
        return _season(row) if row else None

    async def season_by_id(self, season_id: int) -> SeasonRow | None:
        """One season by its id."""
        async with self._db.execute("SELECT * FROM seasons WHERE id = ?", (season_id,)) as cur:
            row = await cur.fetchone()
        return _season(row) if row else None

    async def seasons(self, guild_id: int, game: str | None = None) -> list[SeasonRow]:
        """The server's seasons (of ``game``, or of every game), newest first."""
        where = "guild_id = ?"
        params: list[Any] = [guild_id]
        if game is not None:
            where += " AND game = ?"
            params.append(game)
        async with self._db.execute(
            f"SELECT * FROM seasons WHERE {where} ORDER BY started_at DESC, id DESC",
            tuple(params),
        ) as cur:
            rows = await cur.fetchall()
        return [_season(r) for r in rows]

    async def start_season(
        self, guild_id: int, game: str, user_id: int, now: float, bots_count: bool = False
    ) -> SeasonRow:
        """Start the next season of ``game`` on the server; returns it. ``bots_count``: tables
        with a bot seated count for it (else only a tournament's tables do).

        Raises ``sqlite3.IntegrityError`` (nothing written) when one is already running.
        """
        async with self._txn() as db:
            async with db.execute(
                "SELECT COALESCE(MAX(number), 0) FROM seasons WHERE guild_id = ? AND game = ?",
                (guild_id, game),
            ) as cur:
                row = await cur.fetchone()
            number = (int(row[0]) if row else 0) + 1
            cur2 = await db.execute(
                "INSERT INTO seasons (guild_id, game, number, status, started_at, started_by,"
                " bots_count) VALUES (?,?,?,'active',?,?,?)",
                (guild_id, game, number, now, user_id, int(bots_count)),
            )
            season_id = cur2.lastrowid
        assert season_id is not None
        return SeasonRow(
            season_id, guild_id, game, number, "active", now, user_id, bots_count=bots_count
        )

    async def end_season(self, season_id: int, user_id: int, now: float) -> bool:
        """End (archive) a running season. False, nothing written, when it is not running."""
        async with self._txn() as db:
            cur = await db.execute(
                "UPDATE seasons SET status = 'ended', ended_at = ?, ended_by = ?"
                " WHERE id = ? AND status = 'active'",
                (now, user_id, season_id),
            )
            changed = cur.rowcount == 1
        return changed

    async def season_standings(self, season_id: int, limit: int | None = None) -> list[Standing]:
        """A season's players, best first: by conservative rating (``mu - 3 sigma``), then
        points, games, user id."""
        sql = (
            "SELECT * FROM season_ratings WHERE season_id = ?"
            " ORDER BY mu - 3 * sigma DESC, points DESC, games DESC, user_id"
        )
        params: tuple[Any, ...] = (season_id,)
        if limit is not None:
            sql += " LIMIT ?"
            params = (season_id, limit)
        async with self._db.execute(sql, params) as cur:
            rows = await cur.fetchall()
        return [_standing(r) for r in rows]

    async def season_match_ids(self, season_id: int) -> list[int]:
        """The matches that fed a season, oldest first."""
        async with self._db.execute(
            "SELECT match_id FROM season_matches WHERE season_id = ? ORDER BY match_id",
            (season_id,),
        ) as cur:
            rows = await cur.fetchall()
        return [int(r[0]) for r in rows]

    # ------------------------------------------------------------ statistics
    async def played(self, guild_id: int, user_id: int, game: str | None = None) -> list[PlayedRow]:
        """Every finished match ``user_id`` played on the server (of ``game``), oldest first;
        a duplicate board other tables of its round still play is left out."""
        # a duplicate board other tables still play tells nothing yet (bot.board_embargo)
        where = (
            "m.guild_id = ? AND p.user_id = ? AND p.bot IS NULL"
            f" AND NOT EXISTS ({board_in_play_sql('m.table_id')})"
        )
        params: list[Any] = [guild_id, user_id]
        if game is not None:
            where += " AND m.game = ?"
            params.append(game)
        async with self._db.execute(
            "SELECT m.id, m.game, m.finished_at, m.rated, m.result, p.team, p.rank, p.mu_after,"
            " p.sigma_after FROM match_players p JOIN matches m ON m.id = p.match_id"
            f" WHERE {where} ORDER BY m.finished_at, m.id",
            tuple(params),
        ) as cur:
            rows = await cur.fetchall()
        out = []
        for r in rows:
            result = json.loads(r["result"])
            out.append(
                PlayedRow(
                    match_id=r["id"],
                    game=r["game"],
                    finished_at=r["finished_at"],
                    rated=bool(r["rated"]),
                    team=r["team"],
                    rank=r["rank"],
                    ranks=tuple(int(x) for x in result.get("ranks", ())),
                    mu_after=r["mu_after"],
                    sigma_after=r["sigma_after"],
                )
            )
        return out

    async def player_names(
        self, user_ids: Sequence[int], guild_id: int | None = None
    ) -> dict[int, str]:
        """The name each user last played under on any table (``guild_id``: at a table of
        that server; users never seated there: absent)."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        where, params = f"p.user_id IN ({marks}) AND p.bot IS NULL", [*ids]
        if guild_id is not None:
            where += " AND m.guild_id = ?"
            params.append(guild_id)
        async with self._db.execute(
            "SELECT p.user_id, p.name FROM match_players p JOIN matches m ON m.id = p.match_id"
            f" WHERE {where} ORDER BY m.finished_at, m.id",
            tuple(params),
        ) as cur:
            rows = await cur.fetchall()
        return {int(r[0]): str(r[1]) for r in rows}
