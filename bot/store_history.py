"""Finished matches and ratings in the game store: recording a match, reading history.

Part of :class:`bot.store.Store` (a base class of it).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable
from typing import Any

import aiosqlite

from bot.board_embargo import board_in_play_sql
from bot.league.rating import DEFAULT_MU, Standing, rate_season_match
from bot.store_base import StoreBase
from bot.store_league import feed_season, release_boards
from bot.store_rows import HandRow, MatchPlayerRow, MatchRow, RatingRow, dumps, rating_row

__all__ = ["HistoryStore", "release_held"]

_UPSERT_RATING = (
    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins, updated_at)"
    " VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
    " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
    " wins = excluded.wins, updated_at = excluded.updated_at"
)

# a rated match whose all-time rating update is held (a person on a side without mu_after):
# a duplicate board its round still played when it finished (bot.board_embargo)
_RATING_HELD = (
    "m.rated = 1 AND EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = m.id"
    " AND p.bot IS NULL AND p.user_id IS NOT NULL AND p.team >= 0 AND p.mu_after IS NULL)"
)


async def release_held(db: aiosqlite.Connection, tournament_id: int, now: float) -> None:
    """Apply, inside the caller's transaction, the all-time rating updates of a duplicate
    tournament's matches that :meth:`HistoryStore.record_match` held and that no table plays
    any more (the round over, or the tournament finished or cancelled), in the order they
    finished: the same openskill update :func:`bot.ratings.rate_match` makes, from the ratings
    as they stand now; then feed the seasons the boards they held
    (:func:`bot.store_league.release_boards`). Called when a round's table is marked finished
    and when a tournament ends (:class:`bot.tournaments.store.TournamentStore`)."""
    async with db.execute(
        "SELECT m.id, m.guild_id, m.game, m.result FROM matches m"
        " JOIN tournament_tables tt ON tt.table_id = m.table_id"
        f" WHERE tt.tournament_id = ? AND {_RATING_HELD}"
        f" AND NOT EXISTS ({board_in_play_sql('m.table_id')}) ORDER BY m.id",
        (tournament_id,),
    ) as cur:
        held = list(await cur.fetchall())
    for m in held:
        async with db.execute(
            "SELECT seat, user_id, bot FROM match_players WHERE match_id = ?", (m["id"],)
        ) as cur:
            seats = {
                p["seat"]: (p["user_id"] if p["bot"] is None else None)
                for p in await cur.fetchall()
            }
        people = [u for u in seats.values() if u is not None]
        marks = ",".join("?" * len(people))
        async with db.execute(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (m["guild_id"], m["game"], *people),
        ) as cur:
            current = {
                r["user_id"]: Standing(r["user_id"], r["mu"], r["sigma"], r["games"], r["wins"])
                for r in await cur.fetchall()
            }
        result = json.loads(m["result"])
        new = rate_season_match(result["teams"], result["ranks"], seats, current)
        await db.executemany(
            _UPSERT_RATING,
            [
                (m["guild_id"], m["game"], s.user_id, s.mu, s.sigma, s.games, s.wins, now)
                for s in new
            ],
        )
        seat_of = {u: seat for seat, u in seats.items() if u is not None}
        await db.executemany(
            "UPDATE match_players SET mu_before = ?, mu_after = ?, sigma_after = ?"
            " WHERE match_id = ? AND seat = ?",
            [
                (
                    current[s.user_id].mu if s.user_id in current else DEFAULT_MU,
                    s.mu,
                    s.sigma,
                    m["id"],
                    seat_of[s.user_id],
                )
                for s in new
            ],
        )
    await release_boards(db, tournament_id, now)


class HistoryStore(StoreBase):
    """Matches, their players and hands, and ratings (``matches``, ``match_players``,
    ``hands``, ``ratings``)."""

    async def record_match(
        self,
        match: MatchRow,
        ratings: Iterable[RatingRow],
        now: float,
    ) -> int:
        """Store a finished match, its players and hands, and the new ratings, feed a rated
        match to its server's active season of the game (:func:`bot.store_league.feed_season`),
        and close the table and game as ``finished`` — all in one transaction. Returns the
        match id.
        Recording the same game twice raises ``sqlite3.IntegrityError``.

        A rated board of a duplicate tournament that other tables of its round still play
        (:mod:`bot.board_embargo`) changes no rating yet, and its players' ``mu_before``/
        ``mu_after``/``sigma_after`` stay empty: ``/rating``, ``/leaderboard`` and the web
        pages would tell its result to the tables still playing the deal. :func:`release_held`
        rates it once the round is over, in the order the boards finished.
        """
        async with self._txn() as db:
            async with db.execute(board_in_play_sql(), (match.table_id,)) as cur:
                held = match.rated and await cur.fetchone() is not None
            players = match.players
            if held:
                ratings = []
                players = [
                    dataclasses.replace(p, mu_before=None, mu_after=None, sigma_after=None)
                    for p in players
                ]
            cur = await db.execute(
                "INSERT INTO matches (game_id, table_id, guild_id, game, rated, started_at,"
                " finished_at, hands_played, result) VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    match.game_id,
                    match.table_id,
                    match.guild_id,
                    match.game,
                    int(match.rated),
                    match.started_at,
                    match.finished_at,
                    match.hands_played,
                    dumps(match.result),
                ),
            )
            match_id = cur.lastrowid
            assert match_id is not None
            match.id = match_id
            await db.executemany(
                "INSERT INTO match_players (match_id, seat, user_id, name, bot, team, rank,"
                " mu_before, mu_after, sigma_after) VALUES (?,?,?,?,?,?,?,?,?,?)",
                [
                    (
                        match_id,
                        p.seat,
                        p.user_id,
                        p.name,
                        p.bot,
                        p.team,
                        p.rank,
                        p.mu_before,
                        p.mu_after,
                        p.sigma_after,
                    )
                    for p in players
                ],
            )
            await db.executemany(
                "INSERT INTO hands (match_id, number, result) VALUES (?,?,?)",
                [(match_id, h.number, dumps(h.result)) for h in match.hands],
            )
            await db.executemany(
                _UPSERT_RATING,
                [
                    (r.guild_id, r.game, r.user_id, r.mu, r.sigma, r.games, r.wins, now)
                    for r in ratings
                ],
            )
            await feed_season(db, match, match_id, now)
            await self._close_game(db, match.table_id, match.game_id, "finished", now)
        return match_id

    async def ratings(
        self, guild_id: int, game: str, user_ids: Iterable[int]
    ) -> dict[int, RatingRow]:
        """Stored ratings of these users, by user id (users never rated are absent)."""
        ids = list(user_ids)
        if not ids:
            return {}
        marks = ",".join("?" * len(ids))
        async with self._db.execute(
            f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
            (guild_id, game, *ids),
        ) as cur:
            rows = await cur.fetchall()
        return {r["user_id"]: rating_row(r) for r in rows}

    async def player_ratings(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        """A user's stored ratings on a server, by game (games never rated are absent)."""
        async with self._db.execute(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
        ) as cur:
            rows = await cur.fetchall()
        return {r["game"]: rating_row(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, limit: int = 10) -> list[RatingRow]:
        """Top ratings by ordinal (``mu - 3 sigma``), best first."""
        async with self._db.execute(
            "SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id, game, limit),
        ) as cur:
            rows = await cur.fetchall()
        return [rating_row(r) for r in rows]

    async def matches(
        self,
        guild_id: int | None,
        user_id: int | None = None,
        game: str | None = None,
        limit: int = 10,
        *,
        match_id: int | None = None,
        finished_games: bool = False,
    ) -> list[MatchRow]:
        """Finished matches, newest first, with players and hands.

        ``guild_id`` None means every server; ``user_id`` keeps the matches that user played,
        ``match_id`` that one match. A duplicate tournament board that other tables of its
        round still play is left out; with ``finished_games`` so is a row whose game is not
        ``finished`` (only a damaged file could have one: the web pages never show it).
        """
        # a duplicate board other tables still play is no history yet (bot.board_embargo)
        where = [f"NOT EXISTS ({board_in_play_sql('m.table_id')})"]
        params: list[Any] = []
        if finished_games:
            where.append(
                "EXISTS (SELECT 1 FROM games g WHERE g.id = m.game_id AND g.status = 'finished')"
            )
        if guild_id is not None:
            where.append("m.guild_id = ?")
            params.append(guild_id)
        if match_id is not None:
            where.append("m.id = ?")
            params.append(match_id)
        if game is not None:
            where.append("m.game = ?")
            params.append(game)
        if user_id is not None:
            where.append(
                "EXISTS (SELECT 1 FROM match_players p WHERE p.match_id = m.id AND p.user_id = ?)"
            )
            params.append(user_id)
        async with self._db.execute(
            f"SELECT * FROM matches m WHERE {' AND '.join(where)} ORDER BY m.finished_at DESC,"
            " m.id DESC LIMIT ?",
            (*params, limit),
        ) as cur:
            rows = await cur.fetchall()
        out = [MatchRow.of(r) for r in rows]
        if not out:
            return out
        # every match's players and hands in one query each (not two queries a match)
        by_id = {m.id: m for m in out}
        marks = ",".join("?" * len(by_id))
        async with self._db.execute(
            f"SELECT * FROM match_players WHERE match_id IN ({marks}) ORDER BY match_id, seat",
            tuple(by_id),
        ) as cur:
            for p in await cur.fetchall():
                by_id[p["match_id"]].players.append(MatchPlayerRow.of(p))
        async with self._db.execute(
            f"SELECT match_id, number, result FROM hands WHERE match_id IN ({marks})"
            " ORDER BY match_id, number",
            tuple(by_id),
        ) as cur:
            for h in await cur.fetchall():
                by_id[h[0]].hands.append(HandRow(h[1], json.loads(h[2])))
        return out

    async def match_counts(
        self, guild_id: int, user_id: int | None = None
    ) -> dict[str, tuple[int, int]]:
        """``game -> (finished matches, matches the user came first in)`` on the server, of
        the matches ``user_id`` played (``None``: every match; firsts then 0). As
        :meth:`matches` with ``finished_games``: rows of games not finished and duplicate
        boards still played are not counted."""
        where = (
            "m.guild_id = ? AND EXISTS (SELECT 1 FROM games g WHERE g.id = m.game_id"
            f" AND g.status = 'finished') AND NOT EXISTS ({board_in_play_sql('m.table_id')})"
        )
        if user_id is None:
            sql = f"SELECT m.game, COUNT(*) AS n, 0 AS firsts FROM matches m WHERE {where}"
            params: tuple[Any, ...] = (guild_id,)
        else:
            sql = (
                "SELECT m.game, COUNT(*) AS n,"
                " SUM(CASE WHEN p.rank = 1 THEN 1 ELSE 0 END) AS firsts"
                f" FROM matches m JOIN match_players p ON p.match_id = m.id WHERE {where}"
                " AND p.user_id = ?"
            )
            params = (guild_id, user_id)
        async with self._db.execute(sql + " GROUP BY m.game", params) as cur:
            rows = await cur.fetchall()
        return {r["game"]: (int(r["n"]), int(r["firsts"] or 0)) for r in rows}

    async def web_servers(self, guild_id: int | None = None) -> list[tuple[int, str]]:
        """``(guild id, name)`` of the servers shown on the web pages (``/league web on``), by
        name; ``guild_id``: that one, if it is shown."""
        sql = "SELECT guild_id, name FROM web_listing WHERE listed = 1"
        params: tuple[Any, ...] = ()
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params = (guild_id,)
        async with self._db.execute(sql + " ORDER BY name, guild_id", params) as cur:
            rows = await cur.fetchall()
        return [(int(r[0]), str(r[1])) for r in rows]

    async def set_web_listing(self, guild_id: int, listed: bool, name: str, now: float) -> None:
        """Show (``listed``) or hide a server on the web pages (``/league web on|off``),
        with its name as Discord gives it now."""
        async with self._txn() as db:
            await db.execute(
                "INSERT INTO web_listing (guild_id, listed, name, updated_at) VALUES (?,?,?,?)"
                " ON CONFLICT (guild_id) DO UPDATE SET listed = excluded.listed,"
                " name = excluded.name, updated_at = excluded.updated_at",
                (guild_id, int(listed), name, now),
            )

    async def web_listed(self, guild_id: int) -> bool:
        """True when the server is shown on the web pages."""
        async with self._db.execute(
            "SELECT listed FROM web_listing WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return bool(row and row[0])
