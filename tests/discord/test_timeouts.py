"""Timeouts through the loopback Discord: three missed turns hand a seat to its bot; the
channel says so, the player's hand message offers "Take my seat back", and it works.

The table service runs on a manual scheduler (``bot.timers.ManualScheduler``) so the test
moves the clock instead of waiting out the 10-second pace.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from bot.config import Settings
from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from cogs.client import create_bot
from tests.discord.play import answer, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord


async def test_three_timeouts_hand_the_seat_over_and_the_player_takes_it_back(
    discord_server: LoopbackDiscord, discord_harness: Harness, db_path: Path
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    store = await Store.open(db_path)
    scheduler = ManualScheduler(FakeClock())
    service = TableService(
        store, scheduler=scheduler, default_pace="relaxed", rng_seed=3, bot_delay_s=5
    )
    settings = Settings(
        database_path=db_path,
        dev_guild_id=server.guild.id,
        discord_api_base=server.api_base,
        discord_gateway_url=server.gateway_url,
    )
    bot = create_bot(settings, service=service, edit_intervals=(0.2, 0.1), guild_ready_timeout=0.05)

    async def pump() -> None:  # what the asyncio scheduler would do: run what is due
        while True:
            await scheduler.run_due()
            await asyncio.sleep(0.02)

    pumping = asyncio.create_task(pump())
    try:
        await h.start_bot(bot)
        await (
            await h.slash(alice, "table open", game="pajiwo", preset="quick", pace="10s")
        ).final()
        tid = table_id(table_message(server))
        await (await h.slash(alice, "table addbot")).final()
        await (await h.slash(alice, "table start")).final()
        for _ in range(200):  # bots move 5 s apart; Alice never moves, her 10 s run out
            if service.get(tid).seats[0].auto:
                break
            await scheduler.advance(6)
            await asyncio.sleep(0.05)
        assert service.get(tid).seats[0].timeouts_in_a_row == 3
        notice = await server.wait_until(
            lambda: [
                m for m in server.channel_messages(server.channel) if "missed three" in m.text()
            ],
            what="the hand-over notice",
        )
        assert f"<@{alice.id}>" in notice[0].text()
        assert "ran out of time" in "\n".join(
            m.text() for m in server.channel_messages(server.channel)
        )
        hand = await server.wait_until(
            lambda: next(
                (m for m in server.dms(alice) if f"pj:v:{tid}:back" in m.custom_ids()), None
            ),
            what="the take-back button",
        )
        assert "A bot plays your seat" in hand.text()
        back = await h.click(alice, hand, f"pj:v:{tid}:back")
        assert "yours again" in (await answer(back)).text()
        assert not service.get(tid).seats[0].auto
        again = await h.click(alice, hand, f"pj:v:{tid}:back")
        assert "not handed to a bot" in (await answer(again)).text()  # named refusal
    finally:
        pumping.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pumping
        await h.stop_bot()
        await service.shut_down()
        await store.close()
