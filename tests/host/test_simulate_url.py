"""``python -m bot simulate`` honours ``DATABASE_URL`` as every other command does (issue 25):
the matches are played on that PostgreSQL database; ``--db`` still wins."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.postgres


def _simulate(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "simulate", "pajiwo", "--games", "1", "--seed", "3",
         "--match", "one_hand", "--json", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


async def _matches(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        exists = await conn.fetchval("SELECT to_regclass('matches') IS NOT NULL")
        return int(await conn.fetchval("SELECT count(*) FROM matches")) if exists else 0
    finally:
        await conn.close()


async def test_simulate_plays_on_the_database_of_database_url(
    postgres_url: str, tmp_path: Path
) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_PATH")}
    env.update(LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT), DATABASE_URL=postgres_url)
    done = _simulate(env)
    assert done.returncode == 0, done.stderr
    line = json.loads(done.stdout.strip().splitlines()[-1])
    assert line["invariants_ok"] and line["replay_equal"]
    assert await _matches(postgres_url) == 1
    # --db still names another database: a file here, the URL's database untouched
    db = tmp_path / "sim.sqlite3"
    done = _simulate(env, "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert db.is_file() and await _matches(postgres_url) == 1
