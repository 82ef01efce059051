"""A table or hand edit through an interaction token that times out is given up (the bot's own
call follows at once), but Discord may still have taken it: it lands later, with what was the
newest state then, over the newer edits. The display edits the message again
``late_edit_s`` later, so what stays on Discord is the newest state, not the late one."""

from __future__ import annotations

from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.faults import Fault

EDIT = r"/webhooks/.*/messages/@original"


async def test_a_late_token_edit_of_the_table_message_does_not_stay(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice, bob, carol = server.add_users("alice", "bob", "carol")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    lobby = table_message(server)
    tid = table_id(lobby)
    await bot.display.drain()
    await server.idle()
    bot.display.token_call_s = 0.3
    bot.display.late_edit_s = 6.0
    # bob's join is edited through his click's token: Discord takes it, but answers in 3 s
    server.faults.add(Fault(0, delay=3.0), method="PATCH", template=EDIT, times=1)
    await (await h.click(bob, lobby, f"pj:l:{tid}:join")).final()
    await server.wait_until(
        lambda: f"<@{bob.id}>" in server.message(lobby.id).text(), what="bob's join shown"
    )
    # carol joins while bob's edit is still on its way: the newer state is shown
    await (await h.click(carol, server.message(lobby.id), f"pj:l:{tid}:join")).final()
    await server.wait_until(
        lambda: f"<@{carol.id}>" in server.message(lobby.id).text(), what="carol's join shown"
    )
    # bob's slow edit lands now, showing the table without carol
    await server.wait_until(
        lambda: server.faults.injected and all(r.status != 0 for r in server.requests),
        what="the slow edit to land",
    )
    assert f"<@{carol.id}>" not in server.message(lobby.id).text()
    # and the display puts the newest state back
    await server.wait_until(
        lambda: f"<@{carol.id}>" in server.message(lobby.id).text(),
        timeout=20,
        what="the table message to show carol again",
    )
    await bot.display.drain()
    await server.idle()
    assert f"<@{bob.id}>" in server.message(lobby.id).text()
