"""``/play cards:`` at 扒鸡窝's 造反 window and at a 金坛 table: typed cards are never a move
that takes no cards; digits name cards and tiles, never a position in a hidden list."""

from __future__ import annotations

import asyncio

from cogs.present import action_label
from games.base import Action
from games.cards import Rank, parse_card
from tests.discord.conftest import BotFactory
from tests.discord.play import Player, act_once, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser


async def _play(h: Harness, user: LoopbackUser, cards: str, locale: str | None = None) -> str:
    return (await (await h.slash(user, "play", cards=cards, locale=locale)).final()).text()


async def test_pajiwo_cards_at_the_rebel_window(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    await (await h.slash(bob, "table join", locale="zh-CN")).final()
    await (await h.slash(alice, "table addbot")).final()
    await bot.service.start(server.channel.id, alice.id, seed=5)
    tid = table_id(table_message(server))
    players = [Player(alice), Player(bob)]

    async def until(kinds: tuple[str, ...], seat: int) -> None:
        for _ in range(120):
            if any(
                d.kinds == kinds and d.seat == seat for d in bot.service.get(tid).engine.pending()
            ):
                return
            for p in players:
                await act_once(h, server, p)
            await server.idle(0.3)
            await asyncio.sleep(0.1)
        raise AssertionError(f"no {kinds} for seat {seat}")

    bob_seat = bot.service.get(tid).seat_of(bob.id)
    await until(("rebel", "pass"), bob_seat)
    # he holds one ♥3 and too many points to rebel: cards are no answer to 造反 or 过 (not
    # "too many points to rebel", a refusal of a move he never meant)
    said = await _play(h, bob, "♥3 ♥3 ♥3", "zh-CN")
    assert said == "❌ 现在不能出牌：你可以造反或过"
    assert await _play(h, bob, "3", "zh-CN") == said
    assert await _play(h, bob, "造反 ♥3", "zh-CN") == said
    assert bot.service.get(tid).engine.phase == "rebel"  # nothing changed
    await until(("play",), bob_seat)
    legal = bot.service.legal_actions(tid, bob.id, None)
    # cards typed by their ranks alone: the one move they name is played; several are listed
    by_ranks: dict[str, list[Action]] = {}
    for action in legal:
        cards = [parse_card(c) for c in action.data.get("cards", [])]
        if cards and all(c.suit is not None and c.rank <= Rank.TEN for c in cards):
            digits = " ".join(str(int(c.rank)) for c in sorted(cards, key=lambda c: c.rank))
            by_ranks.setdefault(digits, []).append(action)
    one = next(d for d, moves in by_ranks.items() if len(moves) == 1)  # "2 2 3 5 10"
    said = await _play(h, bob, one, "zh-CN")
    assert said == "✅ " + action_label("zh", by_ranks[one][0])
    assert "♣2 ♣2" in said


async def test_jintan_digits_name_tiles(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="jintan")).final()
    await (await h.slash(alice, "table options", set="match=one_hand")).final()
    await (await h.slash(bob, "table join", locale="zh-CN")).final()
    await (await h.slash(alice, "table addbot")).final()
    await bot.service.start(server.channel.id, alice.id, seed=3)
    tid = table_id(table_message(server))
    players = [Player(alice), Player(bob)]
    for _ in range(120):
        if any(d.kinds == ("discard",) for d in bot.service.get(tid).engine.pending()):
            break
        for p in players:
            await act_once(h, server, p)
        await server.idle(0.3)
        await asyncio.sleep(0.1)
    # she holds 1m, 4m 4p 4s and no 5: a digit is the tile of that number, never the 5th
    # tile of a list she never saw
    said = await _play(h, alice, "4")
    assert said == (
        "❌ '4' could be 4 Characters, 4 Dots, 4 Bamboo: name the one you mean with its suit"
    )
    said = await _play(h, alice, "5")
    assert said == "❌ No move now is just '5': write it with its suit, e.g. 5p"
    assert "No move now is just '44'" in await _play(h, alice, "４４")
    assert await _play(h, alice, "1") == "✅ 打 discard 1 Character"
    bob_seat = bot.service.get(tid).seat_of(bob.id)
    for _ in range(60):
        if any(
            d.kinds == ("discard",) and d.seat == bob_seat
            for d in bot.service.get(tid).engine.pending()
        ):
            break
        await server.idle(0.3)
        await asyncio.sleep(0.1)
    said = await _play(h, bob, "4", "zh-CN")
    assert said == "❌ 「4」可以是四筒，四条：请连同花色写出你要的那一个"
