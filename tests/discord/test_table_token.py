"""The table message rides the token of a click on it (issue 25: more table updates a second
than the global budget allows): a lobby button is acknowledged silently, so its interaction's
``@original`` is the table message, and for 14 minutes the message is edited through that token
(``/webhooks/…/messages/@original``, which Discord does not count against the bot's 50 a
second); then, or when Discord refuses the token, through the bot's own calls again."""

from __future__ import annotations

from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.faults import Fault


async def test_the_table_message_is_edited_through_the_start_clicks_token(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice, bob = server.add_users("alice", "bob")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    lobby = table_message(server)
    tid = table_id(lobby)
    channel = f"/channels/{server.channel.id}/messages/{lobby.id}"
    await (await h.click(bob, lobby, f"pj:l:{tid}:join")).final()
    await server.wait_until(
        lambda: f"<@{bob.id}>" in server.message(lobby.id).text(), what="bob on the table"
    )
    hooks = [r for r in server.requests if r.path.endswith("/messages/@original")]
    assert hooks and all(r.method == "PATCH" for r in hooks)  # bob's click carried the edit
    mark = len(server.requests)

    await (await h.slash(alice, "table addbot")).final()
    await (await h.click(alice, server.message(lobby.id), f"pj:l:{tid}:start")).final()
    await server.wait_until(
        lambda: bot.service.get(tid).status == "playing", what="the game to start"
    )
    await bot.display.drain()
    await server.idle()
    after = server.requests[mark:]
    own = [r for r in after if r.method == "PATCH" and r.path == channel]
    by_token = [r for r in after if r.method == "PATCH" and r.path.endswith("/@original")]
    assert by_token and own == [], [f"{r.method} {r.path}" for r in after]
    assert bot.display.table_edits_by["token"] >= len(by_token) - 1
    assert server.message(lobby.id).id == lobby.id  # the same message, edited in place

    # Discord refuses the token (it expired): the bot's own call takes over at once
    mark = len(server.requests)
    refused = Fault(401, code=50027, message="Invalid Webhook Token")
    server.faults.add(refused, method="PATCH", template=r"/webhooks/.*")
    bot.display.table_shown.pop(tid, None)  # an edit is due (as after a move)
    bot.display.refresh_table(tid)
    await bot.display.drain()
    await server.idle()
    after = server.requests[mark:]
    assert [r.status for r in after if r.path.endswith("/@original")] == [401]
    assert [r.status for r in after if r.method == "PATCH" and r.path == channel] == [200]
    assert bot.display._table_token(tid) is None
