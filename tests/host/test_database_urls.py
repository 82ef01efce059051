"""A database named by a URL that cannot be used is one ``error:`` line and exit status 2
(never a traceback), and a PostgreSQL URL's password is never printed: ``check``, ``health``,
``web``, ``migrate --to`` and ``play``'s closing "to carry on" line."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.console import play_command
from bot.store import Store

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "LOG_LEVEL": "WARNING", "PYTHONPATH": str(ROOT)}
for _name in ("DATABASE_URL", "DATABASE_PATH", "SHARD_COUNT", "SHARD_IDS", "WEB_PORT"):
    ENV.pop(_name, None)
SECRET = "s3kr1t"
BAD_PORT = f"postgresql://paiju:{SECRET}@/p3?host=/tmp/x&port=notaport"


def bot(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=ROOT,
        env=ENV,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=180,
    )


def _sqlite(path: Path) -> Path:
    async def make() -> None:
        await (await Store.open(path)).close()

    asyncio.run(make())
    return path


@pytest.mark.parametrize(
    "url",
    [
        BAD_PORT,  # asyncpg's int() of the port raised ValueError: a traceback, exit 1
        f"postgresql://paiju:{SECRET}@/p3?host=/tmp/x&sslmode=bogus",
        f"postgresql://paiju:{SECRET}@[::1/p3",  # "Invalid IPv6 URL", even in redact()
    ],
)
def test_an_unreadable_postgresql_url_is_one_error_line(tmp_path: Path, url: str) -> None:
    source = _sqlite(tmp_path / "source.sqlite3")
    for args in (
        ("check", url),
        ("health", "--db", url),
        ("web", "--db", url, "--port", "0"),
        ("migrate", "--to", url, "--db", str(source)),
    ):
        done = bot(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr, (args, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (args, done.stderr)
        assert "not a valid PostgreSQL URL" in lines[0], (args, lines)
        assert SECRET not in done.stderr + done.stdout and ":***@" in lines[0], (args, lines)


@pytest.mark.parametrize("args", [("check", "mysql://x:pw@y/z"), ("health", "--db", "sqlite:///x")])
def test_another_kind_of_url_is_not_taken_for_a_path(args: tuple[str, ...]) -> None:
    """``check mysql://x@y/z`` said "there is no database mysql:/x@y/z" (the URL folded into
    a path): it is no database Paiju opens."""
    done = bot(*args)
    assert done.returncode == 2
    assert done.stderr.startswith("error: ") and "not a supported database URL" in done.stderr
    assert "mysql:/x" not in done.stderr and ":pw@" not in done.stderr


def test_the_carry_on_command_masks_the_password() -> None:
    shown = play_command("pajiwo", f"postgresql://user:{SECRET}@db.example/paiju")
    assert SECRET not in shown and "postgresql://user:***@db.example/paiju" in shown
    assert play_command("pajiwo", Path("a b.sqlite3")).endswith("--db 'a b.sqlite3'")


@pytest.mark.postgres
def test_play_on_postgresql_never_prints_the_password(postgres_url: str) -> None:
    """The closing "to carry on: …" line of ``play --db postgresql://user:password@…``."""
    scheme, rest = postgres_url.split("://", 1)
    user_host = rest.split("@", 1)  # the test server trusts the socket: a password is ignored
    user = user_host[0] if len(user_host) == 2 else "paiju"
    url = f"{scheme}://{user.split(':')[0]}:{SECRET}@{user_host[-1]}"
    done = bot("play", "pajiwo", "--db", url, "--seed", "3", "--pace", "async", stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert "python" in done.stdout and "play pajiwo --db" in done.stdout
    assert SECRET not in done.stdout + done.stderr and ":***@" in done.stdout
