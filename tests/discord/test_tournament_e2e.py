"""A whole tournament over the loopback Discord with a real bot process (``python -m bot
run``'s bot with bots moving at once, :mod:`tests.discord.fast_bot`): 12 participants (2
people, 10 bots), 3 Swiss rounds in duplicate mode of 打滚, one
person who does not check in for round 1 (a bot plays the seat, the person scores 0), and the
process killed with SIGKILL in round 2 and started again on the same file. The people play
their own seats as a player does on a phone (the first of the DM's suggested moves, or its one
button), so no seat waits for the pace's timeouts. The final standings posted in the channel
equal a table computed here by hand from the stored match results."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sqlite3
import sys
from collections import Counter, defaultdict
from pathlib import Path

from tests.discord_loopback import LoopbackDiscord, LoopbackUser
from tests.discord_loopback.harness import Harness
from tests.discord_loopback.models import PRIVATE_THREAD, StoredMessage

MANAGE_GUILD = 1 << 5
ROOT = Path(__file__).resolve().parents[2]


async def _spawn(server: LoopbackDiscord, db: Path, cwd: Path) -> asyncio.subprocess.Process:
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN=server.token,
        DATABASE_PATH=str(db),
        DEV_GUILD_ID=str(server.guild.id),
        DISCORD_API_BASE=server.api_base,
        DISCORD_GATEWAY_URL=server.gateway_url,
        LOG_LEVEL="WARNING",
        PYTHONPATH=str(ROOT),  # this checkout's code, whatever is installed
    )
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.discord.fast_bot", env=env, cwd=cwd,
        stdout=asyncio.subprocess.DEVNULL, stderr=(cwd / "bot.log").open("ab"),
    )  # fmt: skip


CONTROL = re.compile(r"pj:[as]:([0-9]+):([0-9]+)")


async def _play_along(
    h: Harness, server: LoopbackDiscord, people: list[LoopbackUser]
) -> Counter[int]:
    """The people's moves, until cancelled: whenever a person's newest DM carries move controls
    they have not used, they take the first suggested move (the hint's), or press the one
    button (a pass, 硬牌's choice). Returns how many moves each made (a Counter by user id).
    Each move is sent on its own, so one the killed process never answers does not hold up
    the next; a move that came too late (the table moved on, the process gone) is let be."""
    moves: Counter[int] = Counter()
    done: set[tuple[int, str]] = set()
    sent: set[asyncio.Task[None]] = set()

    async def move(user: LoopbackUser, message: StoredMessage, custom_id: str, value: str) -> None:
        try:
            if value:
                await h.select(user, message, custom_id, [value])
            else:
                await h.click(user, message, custom_id)
        except Exception:  # refused, gone, or never answered (the process was killed)
            return
        moves[user.id] += 1

    try:
        while True:
            for user in people:
                prompts = [m for m in server.dms(user) if any(map(CONTROL.match, m.custom_ids()))]
                if not prompts:
                    continue
                message = prompts[-1]
                ids = [c for c in message.custom_ids() if CONTROL.match(c)]
                key = (message.id, max(CONTROL.match(c)[2] for c in ids))  # type: ignore[index]
                if key in done:
                    continue
                done.add(key)
                select = next((c for c in ids if c.startswith("pj:s:")), None)
                options = (message.component(select) or {}).get("options") or [] if select else []
                if select is not None and not options:
                    continue
                value = str(options[0]["value"]) if select is not None else ""
                task = asyncio.create_task(move(user, message, select or ids[0], value))
                sent.add(task)
                task.add_done_callback(sent.discard)
            await asyncio.sleep(0.05)
    except asyncio.CancelledError:
        for task in list(sent):
            task.cancel()
        return moves


def _read(db: Path, sql: str) -> list[sqlite3.Row]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        return list(conn.execute(sql))
    finally:
        conn.close()


def _by_hand(db: Path) -> dict[int, float]:
    """Each participant's points from the stored match results, as the rules of
    docs/tournaments.md say: per round, a seat's result (rank, then score) against the same
    seat's results at the other tables, 1 for each beaten, half for each tie, over the number
    of others; 0 for a participant who did not check in."""
    points: dict[int, float] = defaultdict(float)
    rows = _read(db, "SELECT * FROM tournament_tables ORDER BY round, number")
    results = {r["table_id"]: json.loads(r["result"]) for r in _read(db, "SELECT * FROM matches")}
    rounds: dict[int, list[sqlite3.Row]] = defaultdict(list)
    for row in rows:
        rounds[row["round"]].append(row)
    for tables in rounds.values():
        keys: dict[int, list[tuple[int, int]]] = {}
        for row in tables:
            result = results[row["table_id"]]
            per_seat = [(0, 0)] * 4
            for team, rank, score in zip(
                result["teams"], result["ranks"], result["scores"], strict=True
            ):
                for seat in team:
                    per_seat[seat] = (-rank, score)
            keys[row["number"]] = per_seat
        for row in tables:
            seats = json.loads(row["seats"])
            absent = set(json.loads(row["absent"]))
            for seat, who in enumerate(seats):
                if who is None:
                    continue
                mine = keys[row["number"]][seat]
                others = [keys[n][seat] for n in keys if n != row["number"]]
                won = sum(1.0 if mine > o else 0.5 if mine == o else 0.0 for o in others)
                points[who] += 0.0 if who in absent else won / len(others)
    return dict(points)


async def test_twelve_participants_three_duplicate_swiss_rounds_a_no_show_and_a_kill(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    tmp_path: Path,
) -> None:
    server, h = discord_server, discord_harness
    h.timeout = 30
    admin = server.add_role("Admin", MANAGE_GUILD)
    boss = server.add_user("boss", roles=[admin])
    people = [server.add_user(n) for n in ("ann", "di")]
    absent = people[1]
    db = tmp_path / "paiju.sqlite3"
    proc = await _spawn(server, db, tmp_path)

    async def slash(user: LoopbackUser, command: str, **options: object) -> str:
        result = await h.slash(user, command, **options)  # type: ignore[arg-type]
        return (await result.final(timeout=30)).text()

    def calls(number: int) -> list[StoredMessage]:
        """The round's posts in its threads (one per table, with the Check in button)."""
        return [
            m
            for c in list(server.channels.values())
            if c.parent_id == server.channel.id
            for m in server.channel_messages(c)
            if "pt:ci:1" in m.custom_ids() and f"Round {number} of 3" in m.text()
        ]

    async def check_in(number: int, who: list[LoopbackUser]) -> None:
        await server.wait_until(
            lambda: len(calls(number)) == 3, timeout=120, what=f"round {number}'s tables"
        )
        for user in who:
            post = next(m for m in calls(number) if f"<@{user.id}>" in m.text())
            text = (await (await h.click(user, post, "pt:ci:1")).final(timeout=30)).text()
            assert "checked in" in text

    mover = asyncio.create_task(_play_along(h, server, people))
    try:
        await server.wait_until(
            lambda: server.connected and server.commands(server.guild.id),
            timeout=60,
            what="the bot process to connect and register its commands",
        )
        text = await slash(
            boss, "tournament create", game="dagun", duplicate=True, rounds=3,
            pace="10s", checkin="10s",
        )  # fmt: skip
        assert "Tournament 1 is created" in text
        post = next(
            m for m in server.channel_messages(server.channel) if "pt:su:1" in m.custom_ids()
        )
        for user in people:
            await (await h.click(user, post, "pt:su:1")).final(timeout=30)
        for _ in range(10):
            assert "is in tournament 1" in await slash(boss, "tournament add")
        assert "round 1 is open" in await slash(boss, "tournament close")

        await check_in(1, people[:1])  # di does not show: a bot plays her seat at the deadline
        await check_in(2, people)

        def playing(number: int) -> bool:
            rows = _read(db, f"SELECT status FROM tournament_tables WHERE round = {number}")
            return len(rows) == 3 and all(r["status"] == "playing" for r in rows)

        await server.wait_until(lambda: playing(2), timeout=60, what="round 2 in play")
        proc.send_signal(signal.SIGKILL)  # mid round 2: no goodbye, the socket just drops
        await proc.wait()
        proc = await _spawn(server, db, tmp_path)
        await server.wait_until(
            lambda: server.identify_count >= 2 and server.connected,
            timeout=60,
            what="the new process to connect",
        )
        await check_in(3, people)

        def final() -> StoredMessage | None:
            return next(
                (
                    m
                    for m in server.channel_messages(server.channel)
                    if "final standings" in m.text()
                ),
                None,
            )

        message = await server.wait_until(final, timeout=300, what="the final standings")
    except BaseException:
        print((tmp_path / "bot.log").read_text(errors="replace")[-5000:])
        raise
    finally:
        mover.cancel()
        moves = await mover
        if proc.returncode is None:
            proc.send_signal(signal.SIGKILL)
            await proc.wait()
    # the people played their seats themselves (round 1 for ann, rounds 2 and 3 for both)
    assert moves[people[0].id] >= 3 and moves[absent.id] >= 2, moves

    rows = _read(db, "SELECT * FROM tournament_tables ORDER BY round, number")
    assert [r["round"] for r in rows] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    # duplicate: every table played in a private thread whose members are its seated people
    # (the no-show too) and the bot, before and after the restart
    for r in rows:
        thread = server.channels[r["thread_id"]]
        seated = {p for p in json.loads(r["seats"]) if p is not None and p >= 0}
        assert thread.type == PRIVATE_THREAD
        assert thread.members == seated | {server.bot_user.id}
    assert [json.loads(r["absent"]) for r in rows if r["round"] == 1 and absent.id in
            json.loads(r["seats"])] == [[absent.id]]  # fmt: skip
    hand = _by_hand(db)
    assert hand[absent.id] <= 2.0  # round 1 scored 0
    posted = {}
    lines = message.text().splitlines()
    assert lines[-1] == "✅ Every table of the round played the same deal."
    for line in lines[1:-1]:
        found = re.match(r"(\d+)\. (?:<@(\d+)>|🤖 Bot (\d+)): ([\d.]+) points", line)
        assert found, line
        who = int(found[2]) if found[2] else -int(found[3])
        posted[who] = float(found[4])
    assert len(posted) == 12
    assert posted == {who: round(p, 2) for who, p in hand.items()}
    order = list(posted.values())
    assert order == sorted(order, reverse=True)
    await asyncio.sleep(0)
