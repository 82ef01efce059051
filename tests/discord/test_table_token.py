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


async def test_the_table_message_is_the_open_follow_up_edited_through_its_token(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    """``/table open`` answers privately first, then sends the table message as its public
    follow-up; that token edits the message (outside the global budget) until it is old,
    then the bot's own calls edit the same message; after a restart too."""
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    result = await h.slash(alice, "table open", game="pajiwo", preset="quick")
    opened = await result.final()
    assert opened.ephemeral and opened.text().splitlines()[0] == "Table opened."
    lobby = table_message(server)
    tid = table_id(lobby)
    rec = result.record
    assert rec.followup_ids == [lobby.id] and not lobby.ephemeral  # the answer's follow-up
    # the private answer first (the deferral's "thinking" replaced by it), then the table
    calls = [(r.method, r.path.split(rec.token)[1]) for r in server.requests if rec.token in r.path]
    assert calls == [("POST", "/callback"), ("PATCH", "/messages/@original"), ("POST", "")]
    own = f"/channels/{server.channel.id}/messages/{lobby.id}"
    hook = f"/webhooks/{server.application_id}/{rec.token}/messages/{lobby.id}"

    mark, counted = len(server.requests), server.budget_counts["global"]
    await (await h.slash(alice, "table addbot", count=3)).final()
    await server.wait_until(
        lambda: server.message(lobby.id).text().count("🤖") == 3, what="the bots shown"
    )
    await bot.display.drain()
    await server.idle()
    edits = [(r.method, r.path) for r in server.requests[mark:] if r.method == "PATCH"]
    assert ("PATCH", hook) in edits and ("PATCH", own) not in edits, edits
    assert bot.display.table_token_paths["open"] >= 1
    # the bot's own calls meanwhile: none (the slash answer is an interaction's too)
    assert server.budget_counts["global"] == counted

    # shortly before the 15 minutes (the bot's own clock says 14): handed back to the bot,
    # without trying the token
    bot.display.table_tokens.lifetime_s = 0.0
    mark = len(server.requests)
    await (await h.slash(alice, "table kick", seat=4)).final()
    await server.wait_until(
        lambda: server.message(lobby.id).text().count("🤖") == 2, what="the kick shown"
    )
    await bot.display.drain()
    await server.idle()
    edits = [(r.method, r.path, r.status) for r in server.requests[mark:] if r.method == "PATCH"]
    assert ("PATCH", own, 200) in edits and not [e for e in edits if "/webhooks/" in e[1]]
    assert server.budget_counts["global"] > counted  # these count

    # a restart: no token kept, the same message edited by the bot
    await h.stop_bot()
    bot = make_bot()
    await h.start_bot(bot)
    assert bot.display._table_token(tid) is None
    mark = len(server.requests)
    await (await h.slash(alice, "table addbot")).final()
    await server.wait_until(
        lambda: server.message(lobby.id).text().count("🤖") == 3, what="the bot shown"
    )
    patched = [r.path for r in server.requests[mark:] if r.method == "PATCH"]
    assert own in patched and table_message(server).id == lobby.id


async def test_an_expired_open_token_hands_the_edits_back_at_once(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    lobby = table_message(server)
    own = f"/channels/{server.channel.id}/messages/{lobby.id}"
    server.expire_tokens()  # Discord's 15 minutes are over (the bot's clock may be behind)
    mark = len(server.requests)
    await (await h.slash(alice, "table addbot")).final()
    await server.wait_until(lambda: "🤖" in server.message(lobby.id).text(), what="the bot")
    await bot.display.drain()
    edits = [(r.path, r.status) for r in server.requests[mark:] if r.method == "PATCH"]
    assert edits[0][0].startswith("/webhooks/") and edits[0][1] == 401  # Invalid Webhook Token
    assert (own, 200) in edits[1:]
    assert bot.display._table_token(table_id(lobby)) is None  # not tried again
