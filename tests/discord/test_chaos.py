"""20 tables of bots and people played through random Discord faults (issue 13).

Each table: a person opens it (``/table open`` is tried again until it opens: a post refused
or failed withdraws the table), fills it with bots, starts a one-hand match at the live pace
and makes a few moves from their DM hand message, while Discord answers a share of all REST
calls with 403 50013, 404 10008, 429, 500, 503 or late, and drops the gateway once.  Then:

* every interaction was answered (the callback reached Discord);
* every move the service accepted is in the store, in order (and the store replays);
* every table message shows the latest state, once Discord behaves again, also when every
  edit of the last moves was refused (403) or failed (503).

Seeded: the bot's dealing (``rng_seed``) and the faults (``chaos(seed=...)``).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from cogs.client import PaijuBot
from tests.discord.conftest import BotFactory
from tests.discord.play import Player, act_once, controls
from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.faults import Fault
from tests.discord_loopback.models import Channel, LoopbackUser

TABLES = 20
MOVES = 4  # each person's moves (the bots play theirs at once)
CHAOS_RATE = 0.2
FAULTS = [
    Fault(403, 50013),
    Fault(404, 10008),
    Fault(429, retry_after=0.05),
    Fault(500),
    Fault(503),
    Fault(0, delay=0.4),
]


async def _command(h: Harness, user: LoopbackUser, channel: Channel, name: str, **opts: Any) -> str:
    """Run a slash command; its final text, or "" when Discord lost the answer too."""
    result = await h.slash(user, name, channel=channel, **opts)
    with contextlib.suppress(TimeoutError):
        return (await result.final(timeout=30)).text()
    return ""


def _shows_latest(bot: PaijuBot, server: LoopbackDiscord, table: Any) -> bool:
    known = bot.state.table_messages.get(table.id)
    if known is None:
        return False
    message = server.messages.get(known[1])
    return message is not None and message.text() == bot.display.table_text(table, "en")


def _has_new_decision(server: LoopbackDiscord, player: Player) -> bool:
    dms = [m for m in server.dms(player.user) if controls(m)]
    found = controls(dms[-1]) if dms else None
    return found is not None and found[0] not in player.done_steps


async def test_twenty_tables_played_through_random_faults(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    channels = [server.add_channel(f"chaos-{i}") for i in range(TABLES)]
    users = [server.add_user(f"player-{i}") for i in range(TABLES)]
    bot = make_bot()
    await h.start_bot(bot)
    # a refused edit is tried again 5 s later, doubling up to 10 min; here sooner
    bot.display.refused_retry_s, bot.display.refused_retry_max_s = 0.5, 2.0
    server.faults.chaos(CHAOS_RATE, FAULTS, seed=13)
    refused_opens = 0

    async def one_table(i: int) -> Player:
        nonlocal refused_opens
        user, channel = users[i], channels[i]
        await asyncio.sleep(0.05 * i)
        for _ in range(10):
            said = await _command(
                h, user, channel, "table open", game="pajiwo", preset="quick", pace="live"
            )
            if bot.service.table_in_channel(channel.id) is not None:
                break
            assert said == "" or said.startswith("❌"), said  # why, or why the answer failed
            refused_opens += 1
        else:
            raise AssertionError(f"table {i} never opened")
        await _command(h, user, channel, "table addbot")
        await _command(h, user, channel, "table start")
        table = bot.service.table_in_channel(channel.id)
        assert table is not None and table.status == "playing", i
        player = Player(user)
        for _ in range(MOVES):
            await server.wait_until(
                lambda: _has_new_decision(server, player), timeout=40, what=f"table {i} hand"
            )
            assert await act_once(h, server, player)
        return player

    async def last_move(player: Player) -> None:
        await server.wait_until(lambda: _has_new_decision(server, player), timeout=40)
        assert await act_once(h, server, player)

    async def drop_once() -> None:
        await asyncio.sleep(3.0)
        await server.drop_gateway()

    dropper = asyncio.create_task(drop_once())
    players = await asyncio.gather(*(one_table(i) for i in range(TABLES)))
    await dropper
    # Last moves while every table message edit fails (503 in half the channels, 403 in the
    # other half): only trying again later can bring the messages up to date.
    for i, channel in enumerate(channels):
        fault = Fault(503) if i % 2 else Fault(403, 50013)
        server.faults.add(
            fault,
            method="PATCH",
            template="/channels/{channel_id}/messages/{message_id}",
            channel_id=channel.id,
            times=None,
        )
    await asyncio.gather(*(last_move(p) for p in players))
    await asyncio.sleep(1.0)
    server.faults.calm()
    statuses = {f.fault.status for f in server.faults.injected}
    assert statuses == {0, 403, 404, 429, 500, 503}, statuses  # every kind was met

    # every interaction was answered (acknowledged within Discord's 3 s)
    unanswered = [r for r in server.interactions.values() if r.callback_type is None]
    assert unanswered == []
    late = [r for r in server.interactions.values() if r.callback_at - r.created_at > 3.0]
    assert late == []

    tables = [bot.service.table_in_channel(c.id) for c in channels]
    assert all(t is not None and t.status == "playing" for t in tables)
    # every accepted move is in the store, in order (once the bots' last moves, which may
    # be in flight now, are written: the people's last moves are awaited above)
    for table in tables:
        for _ in range(100):
            stored = await bot.store.actions(table.game_id)
            if stored == [a.to_json() for a in table.engine.actions]:
                break
            await asyncio.sleep(0.1)
        assert stored == [a.to_json() for a in table.engine.actions], table.id
    assert len(await bot.store.open_tables()) == TABLES  # no withdrawn table left behind

    # every table message shows the latest state (a refused edit is tried again)
    await server.wait_until(
        lambda: all(_shows_latest(bot, server, t) for t in tables),
        timeout=20,
        what="every table message to show the latest state",
    )

    # each person's moves: every one not refused was applied once (an optional declaration
    # offered at a step may be gone by the time the click arrives: refused, as on Discord)
    for table in tables:
        user_id = table.seats[0].user_id
        clicks = [
            r
            for r in server.interactions.values()
            if r.user_id == user_id
            and str(r.data.get("custom_id", "")).startswith(("pj:a", "pj:s"))
        ]
        refused = [
            r for r in clicks if any("❌" in server.messages[m].text() for m in r.followup_ids)
        ]
        mine = [a for a in table.engine.actions if a.seat == 0]
        assert len(clicks) == MOVES + 1 and len(mine) == len(clicks) - len(refused), table.id
