"""The game store's schema: the migrations, applied in order at start-up (:class:`bot.store.Store`).

Schema (``PRAGMA user_version`` = number of migrations applied; see
:data:`MIGRATIONS`):

* ``tables``: one row per table ever opened: channel, thread, game, status
  (``lobby``/``playing``/``finished``/``aborted``), host, preset, explicit
  options (JSON), pace, rated (NULL = automatic), seats (JSON), current game.
  A partial unique index allows one open table per channel, where a table
  that moved to a thread of its own counts for the thread.
* ``games``: table, game key, full options (JSON), seed, seats at the start
  (JSON), started/finished times, status.
* ``actions``: ``(game_id, seq)`` primary key, the action JSON, the
  idempotency key (unique per game), the acting user, the time.
* ``deadlines``: ``(table_id, seat)``: due time, reminder time, reminded flag.
* ``matches`` / ``match_players`` / ``hands``: finished matches with each
  seat's team, rank and rating change, and each hand's result, for history.
* ``ratings``: ``(guild_id, game, user_id)``: openskill ``mu``/``sigma``,
  games and wins. ``guild_id`` 0 stands for "no server" (the terminal).
* ``snapshots``: the newest engine snapshot of each open game (a cache of the
  log, :mod:`bot.snapshots`): action count, engine code version, SHA-256, the
  pickled engine, the SHA-256 of the log's first ``seq`` actions (NULL when
  written before migration 3). Dropped when the game closes.
* ``league_settings``: per server, the league role whose holders are organisers
  (:mod:`bot.league.organisers`).
* ``seasons``: per server and game, numbered from 1; at most one ``active`` season
  (partial unique index), the others ``ended`` (archived).
* ``season_ratings``: ``(season_id, user_id)``: the season's own openskill ``mu``/``sigma``,
  games, wins and league points (:mod:`bot.league.seasons`).
* ``season_matches``: which finished matches fed which season.
* ``match_players.sigma_after`` (migration 4): the all-time sigma after the match, NULL for
  bots, unrated matches and matches recorded before it.
* ``web_listing``: per server, whether its organisers show it on the read-only web pages
  (``/league web on|off``, :mod:`web`) and the server's name as Discord last gave it.
* ``tournaments`` / ``tournament_players`` / ``tournament_tables``: a tournament (game,
  preset, format, duplicate, rounds, pace, start, check-in window, seed, status, current
  round), its participants (sign-up order, bot kind for a bot participant, partner,
  ``in``/``removed``) and each round's tables (seats JSON, seed, host table, thread,
  ``waiting``/``playing``/``finished``, check-ins, no-shows, outcome JSON)
  (:mod:`bot.tournaments.store`).
* ``discord_*`` (migration 7): the Discord front end's small state (:mod:`cogs.state`): the
  table message of each table, each seat's hand message, old hand messages still to delete,
  languages, silenced alerts, standing choices, closed DMs. On PostgreSQL the front end reads
  and writes them through the store, shared by every bot process.
* ``shard_processes`` (migration 7): the bot processes that split the shards on PostgreSQL
  (:mod:`bot.shard_registry`): a random token per run, the server pid of its claim
  connection, host and process id, ``SHARD_COUNT`` and ``SHARD_IDS`` (JSON), start and last
  heartbeat (the server's clock, epoch seconds). A row whose claim connection is gone is dead.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.store_pg import PgDatabase

__all__ = [
    "MIGRATIONS",
    "PG_MIGRATIONS",
    "has_pages",
    "migrate_postgres",
    "postgres_schema_version",
]

# The Discord front end's small state (cogs.state), made by migration 7 in the store and by
# cogs.state in a front end's own SQLite file: one text for both. Part of a migration, so
# frozen: a change to these tables is a new migration (and a new statement in cogs.state).
FRONT_END_TABLES = """
CREATE TABLE IF NOT EXISTS discord_old_prompt (
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (channel_id, message_id)
);
CREATE TABLE IF NOT EXISTS discord_table_message (
    table_id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    lang TEXT NOT NULL DEFAULT 'en'
);
CREATE TABLE IF NOT EXISTS discord_hand_message (
    table_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
CREATE TABLE IF NOT EXISTS discord_table_lang (
    table_id INTEGER PRIMARY KEY,
    lang TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS discord_user_lang (
    user_id INTEGER PRIMARY KEY,
    lang TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS discord_alerts_off (
    user_id INTEGER PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS discord_auto_grab (
    user_id INTEGER PRIMARY KEY
);
CREATE TABLE IF NOT EXISTS discord_dm_closed_at (
    table_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    told_channel_id INTEGER,
    PRIMARY KEY (table_id, user_id)
);
"""

MIGRATIONS: tuple[str, ...] = (
    # 1: the first schema
    """
    CREATE TABLE tables (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        thread_id INTEGER,
        game TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'aborted')),
        host_user_id INTEGER NOT NULL,
        preset TEXT NOT NULL,
        options TEXT NOT NULL,
        pace TEXT NOT NULL,
        pace_seconds INTEGER NOT NULL,
        rated INTEGER,
        seats TEXT NOT NULL,
        game_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (COALESCE(thread_id, channel_id))
        WHERE status IN ('lobby', 'playing');
    CREATE INDEX tables_status ON tables (status);
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        table_id INTEGER NOT NULL REFERENCES tables (id),
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'playing',
        started_at REAL NOT NULL,
        finished_at REAL
    );
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        idempotency_key TEXT NOT NULL,
        user_id INTEGER,
        at REAL NOT NULL,
        PRIMARY KEY (game_id, seq),
        UNIQUE (game_id, idempotency_key)
    ) WITHOUT ROWID;
    CREATE TABLE deadlines (
        table_id INTEGER NOT NULL REFERENCES tables (id),
        seat INTEGER NOT NULL,
        due REAL NOT NULL,
        remind_at REAL NOT NULL,
        reminded INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    ) WITHOUT ROWID;
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL UNIQUE REFERENCES games (id),
        table_id INTEGER NOT NULL REFERENCES tables (id),
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        rated INTEGER NOT NULL,
        started_at REAL NOT NULL,
        finished_at REAL NOT NULL,
        hands_played INTEGER NOT NULL,
        result TEXT NOT NULL
    );
    CREATE INDEX matches_guild_game ON matches (guild_id, game, finished_at);
    CREATE TABLE match_players (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        seat INTEGER NOT NULL,
        user_id INTEGER,
        name TEXT NOT NULL,
        bot TEXT,
        team INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        mu_before REAL,
        mu_after REAL,
        PRIMARY KEY (match_id, seat)
    ) WITHOUT ROWID;
    CREATE INDEX match_players_user ON match_players (user_id);
    CREATE TABLE hands (
        match_id INTEGER NOT NULL REFERENCES matches (id),
        number INTEGER NOT NULL,
        result TEXT NOT NULL,
        PRIMARY KEY (match_id, number)
    ) WITHOUT ROWID;
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
    ) WITHOUT ROWID;
    """,
    # 2: engine snapshots beside the log (bot.snapshots): the newest one of each open game
    """
    CREATE TABLE snapshots (
        game_id INTEGER PRIMARY KEY REFERENCES games (id),
        seq INTEGER NOT NULL,
        version TEXT NOT NULL,
        digest TEXT NOT NULL,
        state BLOB NOT NULL,
        at REAL NOT NULL
    );
    """,
    # 3: each snapshot records the SHA-256 of the log it was taken at (bot.damage: start-up
    # compares the stored log with it, and a log that its snapshot contradicts is damage)
    """
    ALTER TABLE snapshots ADD COLUMN log_digest TEXT;
    """,
    # 4: leagues (bot.league): each server's league role, seasons per server and game with
    # their own openskill ratings and the matches that fed them, and each match seat's sigma
    # after the match (the rating over time of /stats)
    """
    CREATE TABLE league_settings (
        guild_id INTEGER PRIMARY KEY,
        role_id INTEGER,
        updated_at REAL NOT NULL
    );
    CREATE TABLE seasons (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        number INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'ended')),
        started_at REAL NOT NULL,
        started_by INTEGER NOT NULL,
        ended_at REAL,
        ended_by INTEGER,
        UNIQUE (guild_id, game, number)
    );
    CREATE UNIQUE INDEX seasons_one_active ON seasons (guild_id, game) WHERE status = 'active';
    CREATE TABLE season_ratings (
        season_id INTEGER NOT NULL REFERENCES seasons (id),
        user_id INTEGER NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        wins INTEGER NOT NULL DEFAULT 0,
        points INTEGER NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL,
        PRIMARY KEY (season_id, user_id)
    );
    CREATE TABLE season_matches (
        season_id INTEGER NOT NULL REFERENCES seasons (id),
        match_id INTEGER NOT NULL REFERENCES matches (id),
        PRIMARY KEY (season_id, match_id)
    );
    ALTER TABLE match_players ADD COLUMN sigma_after REAL;
    """,
    # 5: the servers whose organisers listed them on the web pages (/league web on|off)
    """
    CREATE TABLE web_listing (
        guild_id INTEGER PRIMARY KEY,
        listed INTEGER NOT NULL,
        name TEXT NOT NULL,
        updated_at REAL NOT NULL
    );
    """,
    # 6: tournaments (bot.tournaments.store): the tournament, its participants, and each
    # round's tables with their seats, seed, host table, check-ins, no-shows and outcome
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER,
        channel_id INTEGER NOT NULL,
        organiser_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        preset TEXT NOT NULL,
        format TEXT NOT NULL,
        duplicate INTEGER NOT NULL,
        rounds INTEGER NOT NULL,
        pace TEXT NOT NULL,
        start_at REAL NOT NULL,
        show_s REAL NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL,
        round INTEGER NOT NULL DEFAULT 0,
        message_id INTEGER,
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX tournaments_open ON tournaments (status);
    CREATE TABLE tournament_players (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        bot TEXT,
        partner_id INTEGER,
        seq INTEGER NOT NULL,
        status TEXT NOT NULL,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_tables (
        tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
        round INTEGER NOT NULL,
        number INTEGER NOT NULL,
        seats TEXT NOT NULL,
        seed INTEGER NOT NULL,
        table_id INTEGER,
        thread_id INTEGER,
        status TEXT NOT NULL,
        shown TEXT NOT NULL,
        absent TEXT NOT NULL,
        outcome TEXT,
        deadline REAL NOT NULL,
        PRIMARY KEY (tournament_id, round, number)
    );
    """,
    # 7: the Discord front end's small state (cogs.state: which message shows which table,
    # each seat's DM hand message, languages, standing choices) in the store, so that the bot
    # processes sharing a PostgreSQL database share it too (a process that takes a table over
    # edits the same messages); on SQLite the front end kept these tables in the same file
    # already (IF NOT EXISTS: the same tables, left as they are). And the bot processes that
    # split the shards (bot.owners): each one's settings and when it was last seen
    FRONT_END_TABLES
    + """
    CREATE TABLE shard_processes (
        token TEXT PRIMARY KEY,
        backend_pid INTEGER NOT NULL,
        host TEXT NOT NULL,
        os_pid INTEGER NOT NULL,
        shard_count INTEGER NOT NULL,
        shard_ids TEXT NOT NULL,
        started_at REAL NOT NULL,
        seen_at REAL NOT NULL
    );
    """,
    # 8: a season's switch set at its start (/league season start bots_count:): tables with a
    # bot seated count for it too, not only tournament tables (bot.store_league.feed_season)
    """
    ALTER TABLE seasons ADD COLUMN bots_count INTEGER NOT NULL DEFAULT 0;
    """,
)
"""Migration ``i`` (0-based) brings ``PRAGMA user_version`` from ``i`` to ``i + 1``.

The same migrations run on PostgreSQL, their DDL translated mechanically
(:func:`bot.store_pg.ddl`: ``id INTEGER PRIMARY KEY`` is an identity column, ``INTEGER`` is
``BIGINT``, ``REAL`` is ``DOUBLE PRECISION``, ``TEXT`` compares bytewise, ``WITHOUT ROWID``
goes); the version is kept in the table ``schema_version``. Write new migrations in that
plain SQL; one that PostgreSQL must run differently gets an entry in :data:`PG_MIGRATIONS`.
"""

PG_MIGRATIONS: dict[int, str] = {}
"""PostgreSQL's own DDL for migration ``i`` (0-based), where the translation does not do."""

# the advisory lock that serialises migrations of one PostgreSQL schema (the claim's is 0x5061696A)
_MIGRATION_LOCK = 0x5061_696B


async def postgres_schema_version(pg: PgDatabase) -> int:
    """How many migrations the PostgreSQL database has (0 for an empty one)."""
    exists = await pg.fetch_value("SELECT to_regclass('schema_version') IS NOT NULL")
    if not exists:
        return 0
    version = await pg.fetch_value("SELECT version FROM schema_version")
    return int(version or 0)


async def migrate_postgres(
    pg: PgDatabase, migrations: tuple[str, ...], own: dict[int, str] | None = None
) -> None:
    """Apply the migrations the PostgreSQL database lacks, each in a transaction with its
    version bump, under an advisory lock (two processes starting at once migrate once).

    Raises ``sqlite3.DatabaseError`` for a database of a newer schema, or for a database
    with tables but no ``schema_version`` (not a Paiju database).
    """
    import sqlite3

    from bot.store_pg import ddl

    async with pg.transaction() as db:
        await db.execute(
            f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK}, hashtext(current_schema()))"
        )
        await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        version = await db.fetch_value("SELECT version FROM schema_version")
        if version is None:
            others = await db.fetch_value(
                "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema ="
                " current_schema() AND table_name <> 'schema_version'"
            )
            if others:
                raise sqlite3.DatabaseError(
                    f"{pg.name} is not a Paiju database (it has tables but no schema_version)"
                )
            await db.execute("INSERT INTO schema_version (version) VALUES (0)")
            version = 0
        if version > len(migrations):
            raise sqlite3.DatabaseError(
                f"{pg.name} has schema version {version}, newer than this code's"
                f" {len(migrations)}: update Paiju"
            )
        for number in range(int(version), len(migrations)):
            sql = (own or {}).get(number) or ddl(migrations[number])
            await db.execute(sql)
            await db.execute("UPDATE schema_version SET version = ?", (number + 1,))
    await pg.refresh_identity()


def has_pages(path: Path) -> bool:
    """True when ``path`` holds a database already (its main file or its WAL has bytes)."""
    wal = Path(f"{path}-wal")
    return (path.exists() and path.stat().st_size > 0) or (wal.exists() and wal.stat().st_size > 0)
