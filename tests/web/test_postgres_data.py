"""The web pages read a PostgreSQL store (``DATABASE_URL``) as they read the SQLite file: the
league database of :mod:`tests.web.league` migrated to PostgreSQL gives the same servers,
leaderboards, seasons, matches and replays (web/data.py through bot/store_pg.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.pg_admin import migrate_to_postgres
from web.data import WebData

pytestmark = pytest.mark.postgres


async def test_the_same_pages_from_postgresql(league_db: Path, postgres_url: str) -> None:
    # an empty PostgreSQL database shows nothing, as an empty file does
    empty = WebData(postgres_url)
    assert await empty.servers() == []
    await empty.close()
    report = await migrate_to_postgres(league_db, postgres_url, say=lambda _: None)
    assert report.problems == []
    lite, pg = await WebData.open(league_db), await WebData.open(postgres_url)
    try:
        servers = await lite.servers()
        assert servers and await pg.servers() == servers
        for server in servers:
            guild = server.guild_id
            played = await lite.games_played(guild)
            assert await pg.games_played(guild) == played
            for game in played:
                assert await pg.leaderboard(guild, game) == await lite.leaderboard(guild, game)
                seasons = await lite.seasons(guild, game)
                assert await pg.seasons(guild, game) == seasons
                for season in seasons:
                    assert await pg.standings(guild, season) == await lite.standings(guild, season)
            matches = await lite.matches(guild, limit=5)
            assert await pg.matches(guild, limit=5) == matches
            for line in matches[:2]:
                full = await pg.match(guild, line.id)
                assert full == await lite.match(guild, line.id)
                assert full is not None
                assert await pg.record(full) == await lite.record(full)
    finally:
        await lite.close()
        await pg.close()
