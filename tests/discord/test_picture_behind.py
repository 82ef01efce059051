"""A table picture kept beside a newer text (new pictures only as often as the CPU allows)
is marked as showing an earlier moment, so nobody reads the picture's turn or trick as the
table's; once the picture catches up, the mark is gone."""

from __future__ import annotations

import asyncio

from tests.discord.conftest import BotFactory
from tests.discord.play import Player, act_once, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord

NOTE = "🖼 The picture shows an earlier moment"


async def test_a_kept_picture_is_marked_as_earlier_until_it_catches_up(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    tid = table_id(table_message(server))
    for _ in range(3):
        await (await h.slash(alice, "table addbot")).final()
    await bot.service.start(server.channel.id, alice.id, seed=5)
    await server.wait_until(
        lambda: [a for a in table_message(server).attachments if a.filename == "table.png"],
        what="the first table picture",
    )
    first = next(a.data for a in table_message(server).attachments if a.filename == "table.png")
    assert NOTE not in table_message(server).text()
    bot.display.render_s = 1e6  # a busy machine: no new picture for a long while
    alice_seat = Player(alice)
    for _ in range(200):
        if NOTE in table_message(server).text():
            break
        await act_once(h, server, alice_seat)
        await server.idle(0.1)
        await asyncio.sleep(0.05)
    shown = table_message(server)
    assert NOTE in shown.text()
    assert next(a.data for a in shown.attachments if a.filename == "table.png") == first
    assert shown.text().rstrip().endswith("the text above is the table now.")

    bot.display.render_s = 0.05  # the picture catches up: the mark goes
    bot.display.drawn_at.pop(tid, None)
    bot.display.table_shown.pop(tid, None)
    bot.display.refresh_table(tid)
    await bot.display.drain()
    await server.idle(0.3)
    shown = table_message(server)
    assert NOTE not in shown.text()
    assert next(a.data for a in shown.attachments if a.filename == "table.png") != first
