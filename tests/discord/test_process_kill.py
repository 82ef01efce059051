"""The real bot process (``python -m bot run``) against the loopback Discord, killed with
SIGKILL mid-hand and started again on the same SQLite file: the table message is edited in
place, the player's hand message comes back with its controls, and play goes on."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.discord.play import controls, posted_table_message, table_id, table_message
from tests.discord_loopback import LoopbackDiscord
from tests.discord_loopback.harness import Harness


async def _spawn(
    server: LoopbackDiscord, db: Path, cwd: Path, *, ignore_sigint: bool = False
) -> asyncio.subprocess.Process:
    """``python -m bot run`` against ``server`` (``ignore_sigint``: started with SIGINT
    ignored, as a shell script's ``&`` or ``nohup`` starts it)."""
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN=server.token,
        DATABASE_PATH=str(db),
        DEV_GUILD_ID=str(server.guild.id),
        DEFAULT_PACE="relaxed",
        DISCORD_API_BASE=server.api_base,
        DISCORD_GATEWAY_URL=server.gateway_url,
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(Path(__file__).resolve().parents[2]),  # this checkout's code
    )
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "run", env=env, cwd=cwd,
        stdout=asyncio.subprocess.DEVNULL, stderr=(cwd / "bot.log").open("ab"),
        preexec_fn=_ignore_sigint if ignore_sigint else None,
    )  # fmt: skip


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


async def _move(h: Harness, server: LoopbackDiscord, user: object, done: set[str]) -> None:
    """Wait for the user's hand message to offer a move they have not made; make it."""

    def fresh() -> tuple[object, str] | None:
        for m in server.dms(user):  # type: ignore[arg-type]
            found = controls(m)
            if found is not None and found[1][0] not in done:
                return m, found[1][0]  # the select if any (it comes last), else a button
        return None

    message, cid = await server.wait_until(fresh, timeout=30, what="a move to make")
    ids = controls(message)[1]  # type: ignore[arg-type,index]
    select = next((c for c in ids if c.startswith("pj:s:")), None)
    if select is not None:
        value = message.component(select)["options"][0]["value"]  # type: ignore[attr-defined]
        result = await h.select(user, message, select, [value])  # type: ignore[arg-type]
    else:
        result = await h.click(user, message, cid)  # type: ignore[arg-type]
    assert result.type == 6
    done.add(cid)

    # applied and stored: the hand message no longer offers that control (it was redrawn,
    # or replaced by a new message for the next decision)
    def applied() -> bool:
        shown = server.message(message.id)  # type: ignore[attr-defined]
        return shown.deleted or cid not in shown.custom_ids()

    await server.wait_until(applied, timeout=30, what="the move to be applied")


async def test_sigkill_mid_hand_and_restart_on_the_same_file(
    discord_server: LoopbackDiscord, discord_harness: Harness, tmp_path: Path
) -> None:
    server, h = discord_server, discord_harness
    h.timeout = 20
    alice = server.add_user("alice")
    db = tmp_path / "paiju.sqlite3"
    proc = await _spawn(server, db, tmp_path)
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
        for _ in range(3):
            await _move(h, server, alice, done)
        before = table_message(server)
        moves_before = sum(1 for r in server.interactions.values() if r.user_id == alice.id)

        proc.send_signal(signal.SIGKILL)  # no goodbye: the socket just drops
        await proc.wait()
        proc = await _spawn(server, db, tmp_path)
        await server.wait_until(
            lambda: server.identify_count >= 2 and server.connected,
            timeout=60,
            what="the new process to connect",
        )
        for _ in range(3):
            await _move(h, server, alice, done)
        after = table_message(server)
        assert after.id == before.id and table_id(after) == tid  # edited in place
        assert len([m for m in server.dms(alice) if "· #" in m.text()]) == 1
        assert sum(1 for r in server.interactions.values() if r.user_id == alice.id) > moves_before
    except BaseException:
        print((tmp_path / "bot.log").read_text(errors="replace")[-5000:])
        print([(m.text(), m.custom_ids()) for m in server.dms(alice)], proc.returncode)
        print([(r.method, r.path, r.status) for r in server.requests[-8:]])
        raise
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
