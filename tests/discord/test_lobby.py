"""The lobby and the command surface through the loopback Discord: localisation of every
command, the lobby buttons, host-only commands, abort by Manage Channels, idempotent moves."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.config import Settings
from cogs.client import create_bot
from cogs.info import rules_summary
from tests.discord.conftest import BotFactory
from tests.discord.play import answer, controls, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord


def _walk(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for opt in options:
        out.append(opt)
        out += _walk(opt.get("options") or [])
    return out


async def test_every_command_and_option_has_a_chinese_name_and_description(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    await discord_harness.start_bot(make_bot())
    commands = discord_server.commands(discord_server.guild.id)
    by_name = {c["name"]: c for c in commands}
    assert by_name["table"]["name_localizations"]["zh-CN"] == "牌桌"
    assert by_name["play"]["name_localizations"]["zh-CN"] == "出牌"
    missing = []
    for cmd in commands:
        for item in [cmd, *_walk(cmd.get("options") or [])]:
            if not (item.get("name_localizations") or {}).get("zh-CN"):
                missing.append(f"{cmd['name']}:{item['name']} name")
            if item.get("description") and not (item.get("description_localizations") or {}).get(
                "zh-CN"
            ):
                missing.append(f"{cmd['name']}:{item['name']} description")
    assert missing == []
    open_cmd = next(o for o in by_name["table"]["options"] if o["name"] == "open")
    game = next(o for o in open_cmd["options"] if o["name"] == "game")
    assert {"name": "扒鸡窝 Pajiwo", "value": "pajiwo"} in [
        {"name": c["name"], "value": c["value"]} for c in game["choices"]
    ]


async def test_lobby_buttons_host_rules_and_abort_by_a_channel_manager(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice, bob = server.add_user("alice"), server.add_user("bob", locale="zh-CN")
    mod = server.add_user("mod", roles=[server.manager_role])
    await h.start_bot(make_bot())
    await (await h.slash(alice, "table open", game="pajiwo")).final()
    lobby = table_message(server)
    tid = table_id(lobby)
    ops = ("join", "leave", "addbot", "start", "seat")
    assert lobby.custom_ids() == [f"pj:l:{tid}:{op}" for op in ops]

    again = await h.slash(bob, "table open", game="pajiwo", locale="zh-CN")
    assert "本频道已经有牌桌了" in (await again.final()).text()

    join = await h.click(bob, lobby, f"pj:l:{tid}:join", locale="zh-CN")
    assert "2号座" in (await answer(join)).text()
    await h.click(alice, lobby, f"pj:l:{tid}:addbot")
    await server.wait_until(lambda: "Bot 3" in table_message(server).text(), what="bot 3")
    kick = await h.slash(bob, "table kick", seat=3, locale="zh-CN")
    assert "只有桌主" in (await kick.final()).text()
    kick = await h.slash(alice, "table kick", seat=3)
    assert "Seat 3 is free" in (await kick.final()).text()
    leave = await h.click(bob, lobby, f"pj:l:{tid}:leave", locale="zh-CN")
    assert "离开" in (await answer(leave)).text()
    await server.wait_until(
        lambda: f"<@{bob.id}>" not in table_message(server).text(), what="bob to leave"
    )
    start = await h.click(alice, lobby, f"pj:l:{tid}:start")
    assert "Every seat needs a player or a bot" in (await answer(start)).text()

    status = await h.slash(bob, "table status")
    assert "扒鸡窝 牌桌" in (await status.final()).text()  # the table speaks Chinese
    options = await h.slash(alice, "table options", set="match=one_hand")
    assert "`match` = `one_hand`" in (await options.final()).text()
    bad = await h.slash(alice, "table options", set="colour=blue")
    assert "❌" in (await bad.final()).text()

    abort = await h.slash(bob, "table abort", locale="zh-CN")
    assert "❌" in (await abort.final()).text()
    abort = await h.slash(mod, "table abort")
    assert "closed" in (await abort.final()).text()
    await server.wait_until(
        lambda: "Closed" in table_message(server).text(), what="the table to show it closed"
    )
    assert table_message(server).custom_ids() == []
    assert len(server.channel_messages(server.channel)) == 1  # one table message, edited


async def test_a_double_click_applies_once(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    tid = table_id(table_message(server))
    await h.slash(alice, "table addbot")
    await h.slash(alice, "table start")
    message = await server.wait_until(
        lambda: next((m for m in server.dms(alice) if controls(m)), None),
        what="Alice's turn",
    )
    found = controls(message)
    assert found is not None
    _step, ids = found
    select = next(c for c in ids if c.startswith("pj:s:"))
    options = message.component(select)["options"]  # type: ignore[index]
    steps_before = len(bot.service.get(tid).engine.actions)
    first, second = await asyncio.gather(
        h.select(alice, message, select, [options[0]["value"]]),
        h.select(alice, message, select, [options[-1]["value"]]),
    )
    # the second one waits for the first (the table's lock), then is told it is done: once
    # that note is there, both have been judged (no fixed sleep: a busy machine is slower)
    notes = await server.wait_until(
        lambda: [
            f.text() for r in (first, second) for f in r.followups if "already done" in f.text()
        ],
        what="the note that the second click was already done",
    )
    mine = [a for a in bot.service.get(tid).engine.actions[steps_before:] if a.seat == 0]
    assert len(mine) == 1, mine
    assert len(notes) == 1, notes


async def test_rules_show_a_summary_of_the_rules_page(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    tmp_path: Path,
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(make_bot())
    rules = await discord_harness.slash(alice, "rules", game="pajiwo")
    text = (await rules.final()).text()
    assert text.startswith("**扒鸡窝 Pajiwo")
    assert "108 cards" in text and "docs/rules" not in text  # no repository path (issue 19)
    assert len(text) <= 2000
    assert rules_summary("pajiwo", tmp_path) is None  # a game without a page


async def test_moves_and_looks_work_in_the_bots_dms_for_a_seated_player(
    discord_server: LoopbackDiscord, discord_harness: Harness, db_path: Path
) -> None:
    server, h = discord_server, discord_harness
    alice, dave = server.add_user("alice"), server.add_user("dave")
    settings = Settings(  # no dev guild: commands are global, so they exist in DMs too
        database_path=db_path,
        default_pace="relaxed",
        discord_api_base=server.api_base,
        discord_gateway_url=server.gateway_url,
    )
    await h.start_bot(
        create_bot(settings, rng_seed=5, edit_intervals=(0.2, 0.1), guild_ready_timeout=0.05)
    )
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    await (await h.slash(alice, "table addbot")).final()
    await (await h.slash(alice, "table start")).final()
    hand = await h.slash(alice, "hand", channel="dm")
    shown = await hand.final()
    assert shown.ephemeral_to == alice.id and "Your hand at 扒鸡窝" in shown.text()
    nothing = await h.slash(dave, "hand", channel="dm")
    assert "no table" in (await nothing.final()).text()


async def test_closed_dms_are_told_once_per_table_and_tried_again_at_the_next(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice, carol = server.add_user("alice"), server.add_user("carol", dms_open=False)
    await h.start_bot(make_bot())

    def notices() -> list[str]:
        return [
            m.text()
            for m in server.channel_messages(server.channel)
            if f"<@{carol.id}>" in m.text() and "direct messages" in m.text()
        ]

    async def play_a_table() -> None:
        await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
        await (await h.slash(carol, "table join")).final()
        await (await h.slash(alice, "table addbot")).final()
        await (await h.slash(alice, "table start")).final()

    await play_a_table()
    await server.wait_until(notices, what="the closed-DM notice")
    await server.idle()
    assert len(notices()) == 1 and server.dms(carol) == []
    await (await h.slash(alice, "table abort")).final()

    server.set_dms_open(carol, True)  # Carol opens her DMs; her next table sends her hand
    await play_a_table()
    await server.wait_until(lambda: server.dms(carol), what="Carol's hand by DM")
    assert len(notices()) == 1
