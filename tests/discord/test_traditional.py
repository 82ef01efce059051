"""Traditional Chinese end to end over the loopback Discord: commands registered with zh-TW
names converted from the simplified catalogue, refusals to a zh-TW user in traditional
characters, and a Chinese refusal of an unknown preset or pace with no English inside."""

from __future__ import annotations

from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord


async def test_commands_and_refusals_in_traditional_chinese(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice", locale="zh-CN")
    bob = server.add_user("bob", locale="zh-TW")
    await h.start_bot(make_bot())
    by_name = {c["name"]: c for c in server.commands(server.guild.id)}
    assert by_name["table"]["name_localizations"]["zh-TW"] == "牌桌"
    addbot = next(o for o in by_name["table"]["options"] if o["name"] == "addbot")
    assert addbot["name_localizations"] == {"zh-CN": "加机器人", "zh-TW": "加機器人"}
    assert by_name["hint"]["description_localizations"]["zh-TW"] == "機器人會怎麼出？"

    preset = await h.slash(alice, "table open", game="pajiwo", preset="fast", locale="zh-CN")
    assert "❌ 没有这个预设：「fast」；可选的预设：standard、quick" in (await preset.final()).text()
    pace = await h.slash(alice, "table open", game="pajiwo", pace="forever", locale="zh-CN")
    assert "「forever」；请写 live、relaxed、async" in (await pace.final()).text()

    await (await h.slash(alice, "table open", game="pajiwo", locale="zh-CN")).final()
    tid = table_id(table_message(server))
    await h.click(bob, table_message(server), f"pj:l:{tid}:join", locale="zh-TW")
    refused = await h.slash(bob, "table start", locale="zh-TW")
    assert "只有桌主能這樣做。" in (await refused.final()).text()
