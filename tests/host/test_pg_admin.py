"""Moving to PostgreSQL and administering it: ``python -m bot migrate --to URL`` copies a
SQLite database and verifies it (counts, every open game replayed), and ``backup``,
``check`` and ``health`` work on a PostgreSQL database (bot/pg_admin.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import redact
from bot.pg_admin import (
    AdminError,
    backup_postgres,
    check_postgres,
    health_postgres,
    libpq_url,
    migrate_to_postgres,
)
from bot.simulate import simulate
from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}
CH = 4242


def bot(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=180,
    )


async def _playing_table(target: Path | str, moves: int = 12) -> tuple[int, list[object]]:
    """A 扒鸡窝 table with a person and three bots, ``moves`` moves into its first hand, left
    open (as a stopped bot leaves it); returns its id and its engine's snapshot."""
    store = await Store.open(target)
    scheduler = ManualScheduler(FakeClock())
    service = TableService(store, scheduler=scheduler, rng_seed=3)
    await service.start_up()
    table = await service.open_table(
        guild_id=1, channel_id=CH, game="pajiwo", user_id=1, name="A", pace="async"
    )
    await service.add_bot(CH, 1, 3, "heuristic")
    await service.start(CH, 1, seed=11)
    done = 0
    while done < moves:
        await scheduler.run_due()
        move = service.hint(table.id, 1)
        if move is not None:
            await service.act(table.id, 1, move, f"u:move-{done}")
        done += 1
    await scheduler.run_due()
    assert table.engine is not None and table.status == "playing"
    state = table.engine.snapshot()
    await service.shut_down()
    await store.close()
    return table.id, state


@pytest.fixture
async def sqlite_file(tmp_path: Path) -> tuple[Path, int, object]:
    path = tmp_path / "paiju.sqlite3"
    async for line in simulate(
        "pajiwo", games=2, seed=5, db_path=path, options={"match": "one_hand"}
    ):
        assert line["status"] == "finished"
    table_id, state = await _playing_table(path)
    return path, table_id, state


@pytest.mark.postgres
async def test_migrate_copies_verifies_and_the_bot_plays_on(
    sqlite_file: tuple[Path, int, object], postgres_url: str
) -> None:
    path, table_id, state = sqlite_file
    said: list[str] = []
    report = await migrate_to_postgres(path, postgres_url, say=said.append)
    assert report.problems == []
    assert report.counts["matches"] == 2 and report.counts["actions"] > 100
    assert report.open_games == 1 and report.actions > 0
    assert any(line.startswith("copied") for line in said)
    # a second migration into a database with data is refused, nothing changed
    with pytest.raises(AdminError, match="already holds Paiju data"):
        await migrate_to_postgres(path, postgres_url)
    # start-up on PostgreSQL rebuilds the open table as it was, and new rows get new ids
    store = await Store.open(postgres_url)
    service = TableService(store, scheduler=ManualScheduler(FakeClock()))
    await service.start_up()
    table = service.table_in_channel(CH)
    assert table is not None and table.id == table_id and table.engine is not None
    assert table.engine.snapshot() == state
    other = await service.open_table(
        guild_id=1, channel_id=CH + 1, game="pajiwo", user_id=2, name="B"
    )
    assert other.id > table_id
    # the store's history reads the same finished matches
    assert len(await store.matches(None, limit=10)) == 2
    await service.shut_down()
    await store.close()
    report = await check_postgres(postgres_url)
    assert report.problems == [] and report.games_replayed == 1 and report.finished_matches == 2


@pytest.mark.postgres
async def test_a_file_in_use_or_missing_is_not_migrated(tmp_path: Path, postgres_url: str) -> None:
    with pytest.raises(AdminError, match="there is no database"):
        await migrate_to_postgres(tmp_path / "none.sqlite3", postgres_url)
    path = tmp_path / "live.sqlite3"
    store = await Store.open(path)
    claim = await store.claim()
    try:
        with pytest.raises(AdminError, match="stop it first"):
            await migrate_to_postgres(path, postgres_url)
    finally:
        claim.release()
        await store.close()


@pytest.mark.postgres
async def test_health_sees_the_claim_and_backup_is_a_pg_dump(
    postgres_url: str, tmp_path: Path
) -> None:
    store = await Store.open(postgres_url)
    healthy, why = await health_postgres(postgres_url)
    assert not healthy and "no process runs the tables" in why
    claim = await store.claim()
    healthy, why = await health_postgres(postgres_url)
    assert healthy, why
    claim.release()
    path, size, _ = backup_postgres(postgres_url, tmp_path)
    assert path.name.endswith(".pgdump") and size > 0
    assert path.read_bytes()[:5] == b"PGDMP"
    with pytest.raises(AdminError, match="exists"):
        backup_postgres(postgres_url, path)
    await store.close()
    healthy, why = await health_postgres(postgres_url.replace("search_path=", "search_path=x"))
    assert not healthy


def test_libpq_url_moves_the_schema_to_an_argument() -> None:
    assert libpq_url("postgresql://u@/db?host=/tmp/x&search_path=s1") == (
        "postgresql://u@/db?host=%2Ftmp%2Fx",
        ["--schema=s1"],
    )


@pytest.mark.postgres
def test_the_commands(tmp_path: Path, postgres_url: str) -> None:
    import asyncio

    path = tmp_path / "paiju.sqlite3"
    table_id, _ = asyncio.run(_playing_table(path, moves=4))
    done = bot("migrate", "--to", postgres_url, "--db", str(path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 open games replay equal" in done.stdout
    done = bot("check", postgres_url)
    assert done.returncode == 0 and ": ok (schema version" in done.stdout, done.stderr
    done = bot("health", "--db", postgres_url)
    assert done.returncode == 1 and done.stdout.startswith("unhealthy: no process")
    done = bot("backup", "--db", postgres_url, str(tmp_path / "copy.pgdump"))
    assert done.returncode == 0 and "pg_restore" in done.stdout, done.stderr
    done = bot("migrate", "--to", "mysql://x", "--db", str(path))
    assert done.returncode == 2 and "postgresql:// URL" in done.stderr
    assert table_id > 0


@pytest.mark.postgres
async def test_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    url = f"postgresql://paiju@/none?host={tmp_path}&port=1"
    with pytest.raises(Exception, match="cannot connect to"):
        await Store.open(url)
    healthy, why = await health_postgres(url)
    assert not healthy and "cannot connect" in why


def test_compose_has_a_postgres_service_the_readme_url_reaches() -> None:
    import yaml

    with open(ROOT / "compose.yaml", encoding="utf-8") as f:
        services = yaml.safe_load(f)["services"]
    postgres = services["postgres"]
    assert postgres["profiles"] == ["postgres"]  # SQLite stays the default
    env = postgres["environment"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    url = f"postgresql://{env['POSTGRES_USER']}:paiju@postgres:5432/{env['POSTGRES_DB']}"
    assert f"DATABASE_URL={url}" in readme
    assert services["paiju"]["depends_on"]["postgres"]["required"] is False


@pytest.mark.postgres
async def test_check_of_an_empty_database_creates_nothing(postgres_url: str) -> None:
    import asyncpg

    report = await check_postgres(postgres_url)
    assert report.problems == [f"{redact(postgres_url)} holds no Paiju tables (schema version 0)"]
    conn = await asyncpg.connect(postgres_url)
    try:
        assert await conn.fetchval("SELECT to_regclass('schema_version')") is None
    finally:
        await conn.close()


@pytest.mark.postgres
def test_run_refuses_an_unreachable_or_newer_database_before_discord(
    tmp_path: Path, postgres_url: str
) -> None:
    import asyncio

    import asyncpg

    env = {**ENV, "DISCORD_TOKEN": "x", "DATABASE_PATH": str(tmp_path / "state.sqlite3")}
    nowhere = f"postgresql://paiju:secret@/none?host={tmp_path}&port=1"
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=ROOT,
        env={**env, "DATABASE_URL": nowhere},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("error: cannot connect to postgresql://paiju:***@")
    assert "secret" not in done.stderr

    async def newer() -> None:
        await (await Store.open(postgres_url)).close()
        conn = await asyncpg.connect(postgres_url)
        try:
            await conn.execute("UPDATE schema_version SET version = version + 1")
        finally:
            await conn.close()

    asyncio.run(newer())
    done = subprocess.run(
        [sys.executable, "-m", "bot", "run"],
        cwd=ROOT,
        env={**env, "DATABASE_URL": postgres_url},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "newer than this code's" in done.stderr, done.stderr
