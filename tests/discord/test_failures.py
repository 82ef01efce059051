"""Discord's failures, as a new user meets them (issue 13): a channel the bot may not send in,
Discord down while a table opens, a channel without Attach Files, an unforeseen error.

Every interaction gets an answer naming what is wrong in the user's language, ``/table open``
leaves no table behind when its message cannot be posted, and the table message falls back to
text without its picture."""

from __future__ import annotations

from typing import Any

from cogs.client import PaijuBot
from tests.discord.conftest import BotFactory
from tests.discord.play import Player, act_once, answer, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.faults import ATTACH_FILES, SEND_MESSAGES, VIEW_CHANNEL, Fault


def _open_tables(bot: PaijuBot) -> list[Any]:
    return bot.service.open_tables()  # type: ignore[no-any-return]


async def _stored_tables(bot: PaijuBot) -> list[Any]:
    return await bot.store.open_tables()  # type: ignore[no-any-return]


async def test_open_where_the_bot_may_not_send_names_the_permission_and_stores_nothing(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    server.set_bot_permissions(server.channel, deny=SEND_MESSAGES)

    refused = await (await h.slash(alice, "table open", game="pajiwo")).final(timeout=10)
    assert "❌" in refused.text() and "**Send Messages**" in refused.text()
    assert "Attach" not in refused.text()  # only what is missing is named
    zh = await (await h.slash(bob, "table open", game="pajiwo", locale="zh-CN")).final(timeout=10)
    assert "缺少权限 **发送消息**" in zh.text()
    assert _open_tables(bot) == [] and await _stored_tables(bot) == []
    assert server.channel_messages(server.channel) == []

    server.set_bot_permissions(server.channel, deny=VIEW_CHANNEL | SEND_MESSAGES)
    unseen = await (await h.slash(alice, "table open", game="pajiwo")).final(timeout=10)
    assert "**View Channel**, **Send Messages**" in unseen.text()

    server.set_bot_permissions(server.channel)  # an admin grants them: a retry just works
    opened = await (await h.slash(alice, "table open", game="pajiwo")).final(timeout=10)
    assert opened.text().splitlines()[0] == "Table opened."
    assert table_id(table_message(server)) == _open_tables(bot)[0].id


async def test_open_while_discord_fails_withdraws_the_table_and_a_retry_works(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    # permissions look fine, but Discord answers the post with 503s (or a 403 it decided on):
    # the table message's follow-up of /table open, and then the bot's own post
    follow_up = "/webhooks/{webhook_id}/{webhook_token}"
    server.faults.add(Fault(503), method="POST", template=follow_up, times=None)
    server.faults.add(Fault(503), template="/channels/{channel_id}/messages", times=None)
    failed = await (await h.slash(alice, "table open", game="pajiwo")).final(timeout=20)
    assert "The table was not opened" in failed.text() and "HTTP 503" in failed.text()
    assert failed.ephemeral and server.channel_messages(server.channel) == []
    assert _open_tables(bot) == [] and await _stored_tables(bot) == []
    server.faults.calm()

    server.faults.add(Fault(403, 50013), method="POST", template=follow_up)
    server.faults.add(Fault(403, 50013), template="/channels/{channel_id}/messages")
    failed = await (await h.slash(alice, "table open", game="pajiwo")).final(timeout=20)
    assert "missing permissions, code 50013" in failed.text()
    assert _open_tables(bot) == [] and await _stored_tables(bot) == []

    again = await (await h.slash(alice, "table open", game="pajiwo")).final(timeout=10)
    assert again.text().splitlines()[0] == "Table opened."
    assert [t.id for t in await _stored_tables(bot)] == [table_id(table_message(server))]


async def test_open_whose_follow_up_fails_posts_the_table_message_as_the_bot(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    follow_up = "/webhooks/{webhook_id}/{webhook_token}"
    server.faults.add(Fault(503), method="POST", template=follow_up, times=None)
    posted = await (await h.slash(alice, "table open", game="pajiwo")).final(timeout=20)
    assert posted.ephemeral and posted.text().splitlines()[0] == "Table opened."
    lobby = table_message(server)
    assert lobby.webhook_id is None  # the bot's own message, edited by the bot's own calls
    assert [t.id for t in await _stored_tables(bot)] == [table_id(lobby)]
    assert bot.display._table_token(table_id(lobby)) is None


async def test_without_attach_files_the_table_is_text_and_the_host_is_told_once(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    for _ in range(3):
        await (await h.slash(alice, "table addbot")).final()
    await (await h.slash(alice, "table start")).final()
    # the admin takes Attach Files away mid-game, past the 15 minutes of the /table open
    # token that carried the table's edits so far: the bot's own edits, which need it
    server.set_bot_permissions(server.channel, deny=ATTACH_FILES)
    server.expire_tokens()
    player = Player(alice)

    def shows_latest() -> bool:
        table = bot.service.table_in_channel(server.channel.id)
        message = table_message(server)
        if table is None or message.attachment("table.png") is not None:
            return False
        return message.text() == bot.display.table_text(table, "en")

    for _ in range(3):  # alice's moves change the table; each time it shows the latest state
        await server.wait_until(lambda: bool(act_once_ready(server, player)), what="a decision")
        assert await act_once(h, server, player)
        await server.wait_until(shows_latest, what="the table message to show the move")
    notices = [
        m for m in server.channel_messages(server.channel) if "may not attach files" in m.text()
    ]
    assert len(notices) == 1 and f"<@{alice.id}>" in notices[0].text()
    assert "**Attach Files**" in notices[0].text()


def act_once_ready(server: LoopbackDiscord, player: Player) -> bool:
    from tests.discord.play import controls

    found = [controls(m) for m in server.dms(player.user)]
    return any(f is not None and f[0] not in player.done_steps for f in found[-1:])


async def test_open_without_attach_files_opens_and_says_the_table_is_text(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    await h.start_bot(make_bot())
    server.set_bot_permissions(server.channel, deny=ATTACH_FILES)
    opened = await (await h.slash(alice, "table open", game="pajiwo")).final(timeout=10)
    assert opened.text().startswith("Table opened.")
    assert "lack **Attach Files** here" in opened.text()


async def test_an_unforeseen_error_in_a_command_is_logged_and_answered(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    monkeypatch: Any,
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo")).final()

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(bot.display, "table_text", broken)
    result = await h.slash(alice, "table status", locale="zh-CN")
    assert "我这边出错了（RuntimeError）" in (await result.final(timeout=10)).text()


async def test_an_unforeseen_error_behind_a_button_is_answered(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    monkeypatch: Any,
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo")).final()
    tid = table_id(table_message(server))

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(bot.service, "leave", broken)
    result = await h.click(alice, table_message(server), f"pj:l:{tid}:leave")
    said = await answer(result)
    assert said.text() == "❌ Something went wrong on my side (RuntimeError); it was logged."
    assert said.ephemeral_to == alice.id
