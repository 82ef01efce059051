"""A league database for the web tests: real finished matches of every game, played by bots
through the table service (``bot.simulate``), then given to people of a listed server.

* server :data:`GUILD` ("Paiju Club") is listed with ``/league web on``'s flag; its matches
  have players :data:`PLAYERS` (user ids 101-104) and ratings;
* server :data:`HIDDEN` has a match too but is not listed: none of it may be served;
* a season of 扒鸡窝 runs (season 2) and one of 金坛麻将 is archived, with standings;
* a Swiss tournament of 扒鸡窝 (4 people and a bot participant) has finished round 1 (its
  table is the first 扒鸡窝 match) and plays round 2 (the table still playing); a cancelled
  one is not shown;
* a table is left playing (a hand in play), which no page may show.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.simulate import simulate
from bot.store import Store

__all__ = ["GUILD", "HIDDEN", "PLAYERS", "build_league"]

GUILD = 424242424242424242
HIDDEN = 777
PLAYERS = {101: "Alice", 102: "小明", 103: "Carol", 104: "Dmitri"}
MATCHES = (
    ("pajiwo", {"match": "one_hand"}),
    ("dagunzi", {"match": "one_hand"}),
    ("dagun", {"match": "one_hand"}),
    ("jintan", {"match": "one_hand"}),
    ("jinhua", {"match": "one_hand"}),
    ("jintan", {"match": "one_round"}),
    ("pajiwo", {"match": "one_hand"}),  # on the unlisted server
)


async def _play(path: Path) -> None:
    for i, (game, options) in enumerate(MATCHES):
        async for _ in simulate(game, games=1, seed=11 + i, db_path=path, options=options):
            pass


async def _list(path: Path) -> None:
    store = await Store.open(path)
    try:
        await store.set_web_listing(GUILD, True, "Paiju Club", 1.0)
        await store.set_web_listing(HIDDEN, False, "Hidden", 1.0)
    finally:
        await store.close()


def build_league(path: Path) -> Path:
    """Write the league to ``path`` (a new file) and return it."""
    asyncio.run(_play(path))
    db = sqlite3.connect(path)
    with db:
        ids = [r[0] for r in db.execute("SELECT id FROM matches ORDER BY id")]
        for n, match_id in enumerate(ids):
            guild = HIDDEN if n == len(ids) - 1 else GUILD
            db.execute(
                "UPDATE matches SET guild_id = ?, rated = 1, finished_at = ?, started_at = ?"
                " WHERE id = ?",
                (guild, 1_780_000_000 + 3600 * n, 1_780_000_000 + 3600 * n - 900, match_id),
            )
            for seat, (user, name) in enumerate(PLAYERS.items()):
                db.execute(
                    "UPDATE match_players SET user_id = ?, name = ?, bot = NULL,"
                    " mu_before = ?, mu_after = ? WHERE match_id = ? AND seat = ?",
                    (user, name, 25.0, 25.0 + (1.5 if seat % 2 else -1.0), match_id, seat),
                )
        for game in ("pajiwo", "dagunzi", "dagun", "jintan", "jinhua"):
            for k, user in enumerate(PLAYERS):
                db.execute(
                    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, wins,"
                    " updated_at) VALUES (?,?,?,?,?,?,?,?)",
                    (GUILD, game, user, 26.0 - k, 7.0 + k / 10, 1 + k % 2, k % 2, 1.0),
                )
        for game, number, status in (("pajiwo", 1, "ended"), ("pajiwo", 2, "active")):
            season = db.execute(
                "INSERT INTO seasons (guild_id, game, number, status, started_at, started_by,"
                " ended_at) VALUES (?,?,?,?,?,?,?)",
                (
                    GUILD,
                    game,
                    number,
                    status,
                    1_779_000_000.0 + number,
                    101,
                    1_779_500_000.0 if status == "ended" else None,
                ),
            ).lastrowid
            for k, user in enumerate(PLAYERS):
                db.execute(
                    "INSERT INTO season_ratings (season_id, user_id, mu, sigma, games, wins,"
                    " points, updated_at) VALUES (?,?,?,?,?,?,?,?)",
                    (season, user, 20.0 + k, 6.0, 2, k % 2, 2 * k, 1.0),
                )
        # a hand in play: a table and game still playing, with one action, and a stray
        # matches row pointing at it (as a damaged file could have): no page may replay it
        table = db.execute(
            "INSERT INTO tables (guild_id, channel_id, game, status, host_user_id, preset,"
            " options, pace, pace_seconds, seats, created_at, updated_at) VALUES"
            " (?, 5, 'pajiwo', 'playing', 101, 'standard', '{}', 'live', 60, '[]', 1, 1)",
            (GUILD,),
        ).lastrowid
        game_id = db.execute(
            "INSERT INTO games (table_id, game, options, seed, seats, status, started_at)"
            " VALUES (?, 'pajiwo', '{}', 5, '[]', 'playing', 1)",
            (table,),
        ).lastrowid
        db.execute(
            "INSERT INTO actions (game_id, seq, action, idempotency_key, at) VALUES"
            ' (?, 0, \'{"seat": null, "kind": "deal", "data": {}}\', \'k\', 1)',
            (game_id,),
        )
        db.execute(
            "INSERT INTO matches (game_id, table_id, guild_id, game, rated, started_at,"
            " finished_at, hands_played, result) VALUES (?, ?, ?, 'pajiwo', 0, 1, 2, 1, ?)",
            (game_id, table, GUILD, '{"teams": [[0, 2], [1, 3]], "ranks": [1, 2]}'),
        )
        db.execute(
            "INSERT INTO hands (match_id, number, result) SELECT id, 1, '{}' FROM matches"
            " WHERE game_id = ?",
            (game_id,),
        )
        first = db.execute(
            "SELECT table_id FROM matches WHERE guild_id = ? AND game = 'pajiwo' ORDER BY id",
            (GUILD,),
        ).fetchone()[0]
        for status in ("running", "cancelled"):
            cup = db.execute(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game, preset,"
                " format, duplicate, rounds, pace, start_at, show_s, seed, status, round,"
                " created_at, updated_at) VALUES"
                " (?, 9, 101, 'pajiwo', 'quick', 'swiss', 0, 3, 'live', ?, 300, 4, ?, 2, 1, 1)",
                (GUILD, 1_780_100_000.0, status),
            ).lastrowid
            entrants = [*PLAYERS.items(), (-1, "Bot 1")]
            for seq, (user, name) in enumerate(entrants, start=1):
                db.execute(
                    "INSERT INTO tournament_players (tournament_id, user_id, name, bot,"
                    " partner_id, seq, status) VALUES (?,?,?,?,NULL,?,'in')",
                    (cup, user, name, "heuristic" if user < 0 else None, seq),
                )
            outcome = (
                '{"number": 1, "teams": [0, 1, 0, 1], "ranks": [2, 1, 2, 1],'
                ' "scores": [2, 3, 2, 3], "absent": [103]}'
            )
            db.execute(
                "INSERT INTO tournament_tables (tournament_id, round, number, seats, seed,"
                " table_id, status, shown, absent, outcome, deadline) VALUES"
                " (?, 1, 1, '[101, 102, 103, 104]', 7, ?, 'finished', '[101, 102, 104]',"
                " '[103]', ?, 1)",
                (cup, first, outcome),
            )
            db.execute(
                "INSERT INTO tournament_tables (tournament_id, round, number, seats, seed,"
                " table_id, status, shown, absent, outcome, deadline) VALUES"
                " (?, 2, 1, '[102, -1, 104, 101]', 8, ?, 'playing', '[]', '[]', NULL, 1)",
                (cup, table),
            )
    db.close()
    asyncio.run(_list(path))
    return path
