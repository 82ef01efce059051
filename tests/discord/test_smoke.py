"""The bot starts against the loopback Discord, registers its commands and opens a table."""

from __future__ import annotations

from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord


async def test_open_table_posts_one_lobby_message(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(make_bot())
    names = {c["name"] for c in discord_server.commands(discord_server.guild.id)}
    assert {"table", "play", "pass", "hand", "hint", "rules", "rating"} <= names
    table = next(
        c for c in discord_server.commands(discord_server.guild.id) if c["name"] == "table"
    )
    opening = next(o for o in table["options"] if o["name"] == "open")
    game = next(o for o in opening["options"] if o["name"] == "game")
    pajiwo = next(c for c in game["choices"] if c["value"] == "pajiwo")
    assert pajiwo["name"] == "扒鸡窝 Pajiwo"  # registered with the game's name in each script
    assert pajiwo["name_localizations"]["zh-TW"] == "扒雞窩"
    assert pajiwo["name_localizations"]["zh-CN"] == "扒鸡窝"
    result = await discord_harness.slash(alice, "table open", game="pajiwo", preset="quick")
    reply = await result.final()
    assert reply.ephemeral_to == alice.id
    assert "Table opened" in reply.text()
    await discord_server.idle()
    lobby = discord_server.channel_messages(discord_server.channel)
    assert len(lobby) == 1
    assert "扒鸡窝 Pajiwo" in lobby[0].text()
    assert any(cid.endswith(":join") for cid in lobby[0].custom_ids())
