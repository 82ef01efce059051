"""``/play cards:`` on Discord: digits are ranks or tiles, never a position in a list the
player never sees (the terminal prints numbered moves; Discord does not); typed cards are
never a move that takes no cards (硬牌, 造反, pass)."""

from __future__ import annotations

from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser


async def _play(h: Harness, user: LoopbackUser, cards: str, locale: str | None = None) -> str:
    return (await (await h.slash(user, "play", cards=cards, locale=locale)).final()).text()


async def test_dagun_digits_are_ranks_and_cards_are_no_alone(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="dagun")).final()
    await (await h.slash(alice, "table options", set="match=one_hand")).final()
    await (await h.slash(bob, "table join", locale="zh-CN")).final()
    await (await h.slash(alice, "table addbot")).final()
    await bot.service.start(server.channel.id, alice.id, seed=24)
    await bot.display.drain()
    await server.idle(0.3)
    tid = table_id(table_message(server))
    # at the 硬牌 question cards are no answer: never a 硬牌 declared with them
    said = await _play(h, alice, "♥3 ♥3 ♥3")
    assert said == "❌ You cannot 出牌 play now: your move is 硬牌 play alone or 过 pass"
    assert await _play(h, alice, "３３３") == said
    # the autocomplete's form of a move, with cards the move does not take: the rules refuse
    said = await _play(h, alice, "declare_alone:3h 3h 3h")
    assert said == "❌ Not a valid move: 硬牌 (playing alone) takes no cards: it is the move alone"
    assert bot.service.get(tid).engine.alone is None  # nothing declared
    await (await h.slash(alice, "pass")).final()
    await bot.display.drain()
    await server.idle(0.5)
    said = await _play(h, bob, "♥3 ♥3 ♥3", "zh-CN")
    assert said == "❌ 现在不能出牌：你可以硬牌或过"
    said = await _play(h, bob, "declare_alone:3h 3h 3h", "zh-CN")
    assert said == "❌ 不是有效的操作：硬牌不带牌：只说硬牌即可"
    await (await h.slash(bob, "pass", locale="zh-CN")).final()
    await server.wait_until(
        lambda: f"Turn: <@{alice.id}> — 出牌" in table_message(server).text(),
        timeout=30,
        what="alice to lead",
    )
    # she holds two threes: 333 (full-width, as a Chinese input method types it) is no move,
    # never "choose a number from 1 to 2"
    said = await _play(h, alice, "３３３")
    assert said == ("❌ No move now is just '333': write it with its suit, e.g. 10s 10s")
    assert "No move now is just '0'" in await _play(h, alice, "0")
    # the autocomplete offers ♦10 as 10 for "10"; typed, 10 is that ten (not move #10, ♠J)
    offered = await h.autocomplete(alice, "play", "cards", "10")
    assert offered[0]["name"] == "出牌 play ♦10 as 10", offered[:2]
    assert await _play(h, alice, "10") == "✅ 出牌 play ♦10 as 10"
