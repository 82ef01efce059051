"""The real bot process (``python -m bot run``) against the loopback Discord, as the container
and the systemd unit run it: ``python -m bot health`` says it is healthy while it runs, and the
stop signal they send (SIGINT), or SIGTERM, ends it cleanly, with every table snapshotted at
its last action (so the next start replays nothing) and the claim released."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.backup import check
from tests.discord.play import posted_table_message, table_id
from tests.discord.test_process_kill import _move, _spawn
from tests.discord_loopback import LoopbackDiscord
from tests.discord_loopback.harness import Harness

ROOT = Path(__file__).resolve().parents[2]


async def _health(db: Path) -> int:
    env = {**os.environ, "DATABASE_PATH": str(db), "PYTHONPATH": str(ROOT)}
    done = await asyncio.to_thread(
        subprocess.run,
        [sys.executable, "-m", "bot", "health"],
        env=env,
        cwd=db.parent,
        capture_output=True,
        timeout=60,
    )
    return done.returncode


@pytest.mark.parametrize(
    ("stop", "ignore_sigint"),
    [(signal.SIGINT, False), (signal.SIGTERM, False), (signal.SIGTERM, True)],
    # SIGINT ignored: started in the background by a script, or under nohup (a review found
    # SIGTERM did nothing then: it was turned into a SIGINT)
    ids=["SIGINT", "SIGTERM", "SIGTERM-SIGINT-ignored"],
)
async def test_health_while_running_and_a_clean_stop_on_the_stop_signal(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    tmp_path: Path,
    stop: int,
    ignore_sigint: bool,
) -> None:
    server, h = discord_server, discord_harness
    h.timeout = 20
    alice = server.add_user("alice")
    db = tmp_path / "paiju.sqlite3"
    proc = await _spawn(server, db, tmp_path, ignore_sigint=ignore_sigint)
    try:
        await server.wait_until(
            lambda: server.connected and server.commands(server.guild.id),
            timeout=60,
            what="the bot process to connect and register its commands",
        )
        await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
        tid = table_id(await posted_table_message(server))
        await (await h.slash(alice, "table addbot")).final()
        await (await h.slash(alice, "table start")).final()
        done: set[str] = set()
        for _ in range(2):
            await _move(h, server, alice, done)
        assert await _health(db) == 0

        # SIGINT: the Dockerfile's STOPSIGNAL and systemd's KillSignal; SIGTERM: `kill`,
        # Kubernetes, Docker without our STOPSIGNAL
        proc.send_signal(stop)
        assert await asyncio.wait_for(proc.wait(), 60) == 130  # SuccessExitStatus=130
        with sqlite3.connect(db) as conn:
            (game_id,) = conn.execute("SELECT game_id FROM tables WHERE id = ?", (tid,)).fetchone()
            (count,) = conn.execute(
                "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)
            ).fetchone()
            snapshots = conn.execute("SELECT game_id, seq FROM snapshots").fetchall()
        assert snapshots == [(game_id, count)]
        assert await _health(db) == 1  # the claim went with the process
        report = check(db)
        assert report.ok and report.snapshots_checked == 1
    except BaseException:
        print((tmp_path / "bot.log").read_text(errors="replace")[-5000:])
        raise
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
