"""``/league web on|off`` through the loopback Discord: only organisers change it (refused in
English and Chinese, nothing written), anyone may ask which it is, and the web pages list the
server, by its name, exactly while it is on."""

from __future__ import annotations

import asyncio
import urllib.request
from pathlib import Path

from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser
from web.server import start

MANAGE_GUILD = 1 << 5


async def _text(h: Harness, user: LoopbackUser, command: str, **options: object) -> str:
    result = await h.slash(user, command, **options)  # type: ignore[arg-type]
    return (await result.final()).text()


def _front(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


async def test_organisers_show_and_hide_the_league_on_the_web_pages(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory, db_path: Path
) -> None:
    server, h = discord_server, discord_harness
    boss = server.add_user("boss", roles=[server.add_role("Admin", MANAGE_GUILD)])
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    store = bot.service.store
    guild = server.guild.id
    pages = await start(db_path, "127.0.0.1", 0)
    try:
        assert "not on the web pages" in await _text(h, alice, "league web")
        assert "❌ Only a league organiser may do this" in await _text(
            h, alice, "league web", state="on"
        )
        assert "❌ 只有联赛组织者可以这样做" in await _text(
            h, bob, "league web", state="on", locale="zh-CN"
        )
        assert not await store.web_listed(guild)

        assert f"/s/{guild}" in await _text(h, boss, "league web", state="on")
        assert await store.web_listed(guild)
        assert "已在网页上公开" in await _text(h, bob, "league web", locale="zh-CN")
        front = await asyncio.to_thread(_front, pages.url)
        assert server.guild.name in front and f"/s/{guild}" in front

        assert "no longer on the web pages" in await _text(h, boss, "league web", state="off")
        assert not await store.web_listed(guild)
        assert f"/s/{guild}" not in await asyncio.to_thread(_front, pages.url)
    finally:
        await pages.stop()
