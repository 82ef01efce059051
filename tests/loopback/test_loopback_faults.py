"""The loopback server's permissions, injected faults and layout (components v2) messages,
against the real discord.py client."""

from __future__ import annotations

import asyncio
import io
import time

import discord
import pytest

from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.faults import ATTACH_FILES, SEND_MESSAGES, VIEW_CHANNEL, Fault
from tests.discord_loopback.models import IS_COMPONENTS_V2


class Quiet(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.05)


async def _channel(bot: discord.Client, server: LoopbackDiscord) -> discord.TextChannel:
    channel = bot.get_channel(server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def test_a_channel_that_denies_send_answers_403_50013(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    discord_server.set_bot_permissions(discord_server.channel, deny=SEND_MESSAGES)
    channel = await _channel(bot, discord_server)
    await discord_server.wait_until(
        lambda: not channel.permissions_for(channel.guild.me).send_messages,
        what="CHANNEL_UPDATE to reach the cache",
    )
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hello")
    assert refused.value.code == 50013
    assert discord_server.channel_messages(discord_server.channel) == []
    assert discord_server.permission_refusals[-1][2] == ("send_messages",)
    # the other channel is untouched
    other = bot.get_channel(discord_server.channel2.id)
    assert isinstance(other, discord.TextChannel)
    await other.send("fine")


async def test_attach_files_denied_refuses_a_picture_but_not_text(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    discord_server.set_bot_permissions(discord_server.channel, deny=ATTACH_FILES)
    channel = await _channel(bot, discord_server)
    message = await channel.send("text only")
    with pytest.raises(discord.Forbidden) as refused:
        await message.edit(
            content="with a picture", attachments=[discord.File(io.BytesIO(b"x"), "t.png")]
        )
    assert refused.value.code == 50013
    [stored] = discord_server.channel_messages(discord_server.channel)
    assert stored.content == "text only" and stored.attachments == []


async def test_a_channel_the_bot_cannot_see_answers_50001_and_interactions_say_so(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    bot = Quiet()
    await discord_harness.start_bot(bot)
    discord_server.set_bot_permissions(discord_server.channel, deny=VIEW_CHANNEL | SEND_MESSAGES)
    record = discord_server.inject_interaction(
        2, alice, discord_server.channel, {"id": "1", "name": "x", "type": 1}
    )
    perms = discord.Permissions(int(record.payload["app_permissions"]))
    assert not perms.view_channel and not perms.send_messages and perms.attach_files
    channel = await _channel(bot, discord_server)
    with pytest.raises(discord.Forbidden) as refused:
        await channel.send("hello")
    assert refused.value.code == 50001


async def test_server_errors_are_retried_by_discord_py_then_succeed(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    discord_server.faults.add(Fault(502), template="/channels/{channel_id}/messages", times=2)
    channel = await _channel(bot, discord_server)
    await channel.send("after two 502s")
    assert [f.fault.status for f in discord_server.faults.injected] == [502, 502]
    [stored] = discord_server.channel_messages(discord_server.channel)
    assert stored.content == "after two 502s"


async def test_a_burst_of_503s_reaches_the_bot_as_an_error_and_changes_nothing(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    discord_server.faults.add(Fault(503), template="/channels/{channel_id}/messages", times=None)
    channel = await _channel(bot, discord_server)
    with pytest.raises(discord.HTTPException) as failed:
        await channel.send("lost")
    assert failed.value.status == 503
    assert discord_server.channel_messages(discord_server.channel) == []
    discord_server.faults.calm()
    await channel.send("back")
    assert [m.content for m in discord_server.channel_messages(discord_server.channel)] == ["back"]


async def test_429_with_retry_after_is_waited_out(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    discord_server.faults.add(
        Fault(429, 20028, retry_after=0.3), template="/channels/{channel_id}/messages"
    )
    channel = await _channel(bot, discord_server)
    started = time.monotonic()
    await channel.send("patient")
    assert time.monotonic() - started >= 0.25
    assert len(discord_server.channel_messages(discord_server.channel)) == 1


async def test_a_slow_answer_is_slow_but_succeeds(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    discord_server.faults.add(Fault(0, delay=0.4), method="POST")
    channel = await _channel(bot, discord_server)
    task = asyncio.create_task(channel.send("slowly"))
    await asyncio.sleep(0.2)
    assert not task.done()
    await task
    assert len(discord_server.channel_messages(discord_server.channel)) == 1


async def test_chaos_is_seeded_and_spares_interaction_callbacks(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    discord_server.faults.chaos(1.0, [Fault(404, 10008)], seed=3)
    channel = await _channel(bot, discord_server)
    with pytest.raises(discord.NotFound):
        await channel.send("gone")
    assert (
        discord_server.faults.take(
            "POST", "/interactions/{interaction_id}/{interaction_token}/callback", "/x", None
        )
        is None
    )


class Layout(discord.ui.LayoutView):
    def __init__(self, rows: int = 1) -> None:
        super().__init__(timeout=None)
        container: discord.ui.Container[Layout] = discord.ui.Container()
        container.add_item(discord.ui.TextDisplay("**Your hand**"))
        container.add_item(
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://hand.png"))
        )
        for n in range(rows):
            row: discord.ui.ActionRow[Layout] = discord.ui.ActionRow()
            row.add_item(
                discord.ui.Select(
                    custom_id=f"pick:{n}",
                    min_values=0,
                    max_values=3,
                    options=[
                        discord.SelectOption(label=f"card {i}", value=f"{n}-{i}") for i in range(3)
                    ],
                )
            )
            container.add_item(row)
        self.add_item(container)


async def test_a_layout_message_with_more_than_five_rows_is_accepted_and_read(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    channel = await _channel(bot, discord_server)
    png = discord.File(io.BytesIO(b"png"), "hand.png")
    await channel.send(view=Layout(rows=7), file=png)
    [stored] = discord_server.channel_messages(discord_server.channel)
    assert stored.flags & IS_COMPONENTS_V2
    assert "**Your hand**" in stored.text()
    assert [c for c in stored.custom_ids()] == [f"pick:{n}" for n in range(7)]
    pick = stored.component("pick:6")
    assert pick is not None and pick["max_values"] == 3
    discord_server.assert_clean()


async def test_a_layout_message_naming_a_missing_attachment_is_refused(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    channel = await _channel(bot, discord_server)
    with pytest.raises(discord.HTTPException) as refused:
        await channel.send(view=Layout())
    assert refused.value.code == 50035
    assert "attachment://hand.png" in str(discord_server.take_violations())


async def test_six_classic_rows_are_refused(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = Quiet()
    await discord_harness.start_bot(bot)
    channel = await _channel(bot, discord_server)
    rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": f"b{n}"}]}
        for n in range(6)
    ]
    params = discord.http.MultipartParameters(
        payload={"content": "x", "components": rows}, multipart=None, files=None
    )
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.send_message(channel.id, params=params)
    assert refused.value.code == 50035
    assert "at most 5" in str(discord_server.take_violations())
