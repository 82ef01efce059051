"""Trying to break the front end through the loopback Discord (issue 4 §4): crafted
custom_ids, retries, bad /play text, /table commands where they make no sense. Every
refusal must be ephemeral to the one who tried, name the rule in their language, and
change nothing."""

from __future__ import annotations

from typing import Any

from cogs.client import PaijuBot
from tests.discord.conftest import BotFactory
from tests.discord.play import answer, controls, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage


async def _solo_table(
    h: Harness, server: LoopbackDiscord, host: LoopbackUser, locale: str | None = None
) -> int:
    """``host`` and three bots at a one-hand table (all cards dealt at once), started."""
    await (await h.slash(host, "table open", game="pajiwo", preset="quick", locale=locale)).final()
    tid = table_id(table_message(server))
    await (await h.slash(host, "table options", set="deal=all_at_once", locale=locale)).final()
    await (await h.slash(host, "table addbot", locale=locale)).final()
    await (await h.slash(host, "table start", locale=locale)).final()
    return tid


async def _my_turn(
    server: LoopbackDiscord, bot: PaijuBot, tid: int, user: LoopbackUser
) -> StoredMessage:
    """Wait until only ``user`` is awaited (so nothing moves until they do) and their DM hand
    message shows controls drawn at the current step; return that message."""
    from cogs.display import step_of

    seat = bot.service.get(tid).seat_of(user.id)

    def ready() -> StoredMessage | None:
        table = bot.service.get(tid)
        waited = {d.seat for d in bot.service.pending(tid) if d.required}
        if waited != {seat}:
            return None
        for m in server.dms(user):
            found = controls(m)
            if found and found[0] == step_of(table):
                return m
        return None

    return await server.wait_until(ready, what=f"{user.name}'s turn")


async def test_crafted_custom_ids_are_refused_and_change_nothing(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice, dave = server.add_user("alice"), server.add_user("dave")
    bot = make_bot()
    await h.start_bot(bot)
    tid = await _solo_table(h, server, alice)
    message = await _my_turn(server, bot, tid, alice)
    found = controls(message)
    assert found is not None
    step, ids = found
    select = next(c for c in ids if c.startswith("pj:s:"))
    value = message.component(select)["options"][0]["value"]  # type: ignore[index]
    actions_before = len(bot.service.get(tid).engine.actions)

    async def refused(user: LoopbackUser, custom_id: str, expect: str) -> None:
        result = await h.select(user, message, custom_id, [value], strict=False)
        shown = await answer(result)
        assert shown.ephemeral_to == user.id, shown.text()
        assert shown.text().startswith("❌") and expect in shown.text(), shown.text()

    # custom_ids that are not on the message (Discord itself would not send them; a forged
    # interaction is refused): a step the game has not reached, another table's id
    await refused(alice, f"pj:s:{tid}:{step + 1000}", "This control is not valid")
    await server.idle()
    assert len(bot.service.get(tid).engine.actions) == actions_before
    assert server.take_violations() == []
    await refused(alice, f"pj:s:{tid + 50}:{step}", "This control is not valid")
    await refused(alice, f"pj:a:{tid}:{step}:play:{value.partition(':')[2]}", "not valid")
    # a spectator replaying the seated player's own control
    await refused(dave, select, "You are not seated at this table")
    assert len(bot.service.get(tid).engine.actions) == actions_before

    # the real control still works, and a retry of it applies once (on the newest prompt:
    # a new decision is a new DM message, so take the one on screen now)
    message = await _my_turn(server, bot, tid, alice)
    found = controls(message)
    assert found is not None
    select = next(c for c in found[1] if c.startswith("pj:s:"))
    value = message.component(select)["options"][0]["value"]  # type: ignore[index]
    done = await h.select(alice, message, select, [value])
    assert done.type == 6 and not done.followups
    retried = await h.select(alice, message, select, [value], strict=False)
    # the decision it was drawn for is over: "out of date" (or "already done" when it comes
    # in before the move is through): either way a refusal, and the move counts once
    again = (await answer(retried)).text()
    assert "already done" in again or "This control is out of date" in again, again
    mine = [a for a in bot.service.get(tid).engine.actions[actions_before:] if a.seat == 0]
    assert len(mine) == 1


async def test_play_refusals_name_the_rule_in_the_players_language(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    tid = await _solo_table(h, server, bob, locale="zh-CN")
    # the bot before Bob has passed once the store has its pass (a move is never seen sooner)
    await _my_turn(server, bot, tid, bob)

    garbage = await h.slash(bob, "play", cards="hello world")
    shown = await garbage.final()
    assert shown.ephemeral_to == bob.id
    assert shown.text().startswith("❌ 不是牌：「hello」；请写 ♠10"), shown.text()
    blank = await h.slash(bob, "play", cards="   ")
    assert (await blank.final()).text() == "❌ 请至少写一张牌。"

    # Bob makes his moves from his DM until he is to play a card to a trick
    while True:
        message = await _my_turn(server, bot, tid, bob)
        kinds = {k for d in bot.service.pending(tid) for k in d.kinds}
        if "play" in kinds:
            break
        _step, ids = controls(message)  # type: ignore[misc]
        select = next((c for c in ids if c.startswith("pj:s:")), None)
        if select is not None:
            first = message.component(select)["options"][0]["value"]  # type: ignore[index]
            await h.select(bob, message, select, [first])
        else:
            await h.click(bob, message, ids[0])

    held = set(bot.service.view(tid, bob.id)["hand"])
    from games.cards import format_card, format_card_ascii, full_deck, parse_card

    missing = next(c for c in (format_card_ascii(x) for x in full_deck()) if c not in held)
    steps = len(bot.service.get(tid).engine.actions)
    wrong = await h.slash(bob, "play", cards=missing)
    text = (await wrong.final()).text()
    assert text == f"❌ 你没有这些牌：{format_card(parse_card(missing))}", text
    assert len(bot.service.get(tid).engine.actions) == steps


async def test_table_commands_in_a_channel_without_a_table(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice, bob = server.add_user("alice"), server.add_user("bob", locale="zh-CN")
    await h.start_bot(make_bot())
    empty = server.channel2
    cases: list[tuple[str, dict[str, Any]]] = [
        ("table join", {}),
        ("table leave", {}),
        ("table addbot", {}),
        ("table kick", {"seat": 2}),
        ("table start", {}),
        ("table status", {}),
        ("table options", {}),
        ("table abort", {}),
        ("play", {"cards": "10s"}),
        ("pass", {}),
        ("hand", {}),
        ("hint", {}),
    ]
    for command, options in cases:
        result = await h.slash(alice, command, channel=empty, **options)
        shown = await result.final()
        assert shown.ephemeral_to == alice.id, command
        assert "There is no table in this channel" in shown.text(), (command, shown.text())
    result = await h.slash(bob, "table start", channel=empty, locale="zh-CN")
    assert "本频道没有牌桌" in (await result.final()).text()
    assert server.channel_messages(empty) == []  # nothing was posted there

    # opening twice in one channel: the second is refused, the first table is untouched
    await (await h.slash(alice, "table open", game="pajiwo")).final()
    again = await h.slash(alice, "table open", game="pajiwo")
    assert "This channel already has a table" in (await again.final()).text()
    assert len(server.channel_messages(server.channel)) == 1


def test_chinese_refusals_fill_the_rules_detail_from_its_params() -> None:
    from bot.errors import TableError
    from cogs.i18n import refusal_text

    follow = TableError(
        "illegal",
        "you must follow ♥: you hold ♥7",
        {"suit": "♥", "card": "♥7", "cards": "♥7"},
        rule_code="must_follow_suit",
        rule="pajiwo.txt:101",
    )
    # the rules page's section, never the seed file name (issue 15)
    assert refusal_text("zh", follow) == "必须跟出首家的花色：♥里你有♥7（规则：扒鸡窝 · 9. 出牌）"
    assert refusal_text("en", follow).startswith("You must follow ♥: you hold ♥7 (")
    not_open = TableError(
        "illegal",
        "you cannot play now: you may declare, pass",
        {"kind": "play", "kinds": "declare, pass"},
        rule_code="not_open",
    )
    assert refusal_text("zh", not_open) == "现在不能出牌：你可以亮主 / 过"
    seat = TableError("bad_seat", "there is no seat 7: seats are 1 to 4", {"seat": 6, "seats": 4})
    assert refusal_text("zh", seat) == "没有这个座位：座位号是 1 到 4"
    from cogs.tables import parse_option_text

    try:
        parse_option_text("match")
    except Exception as exc:  # the front end's own Refusal
        assert refusal_text("zh", exc) == "选项不对：「match」不是 名称=值 的形式"
    else:
        raise AssertionError("'match' has no '='")
    # params of another shape keep the rules' own (English) detail rather than failing
    odd = TableError("illegal", "you do not hold ♠3", {"count": 1}, rule_code="not_in_hand")
    assert refusal_text("zh", odd) == "你没有这些牌：you do not hold ♠3"


async def test_an_interaction_delivered_twice_moves_once(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    tid = await _solo_table(h, server, alice)
    await _my_turn(server, bot, tid, alice)
    before = len(bot.service.get(tid).engine.actions)
    passed = await h.slash(alice, "pass")
    assert (await passed.final()).text().startswith("✅")
    # the gateway delivers the same INTERACTION_CREATE again (a resume replaying it)
    server.dispatch("INTERACTION_CREATE", server.interactions[passed.id].payload)
    await server.idle()
    mine = [a for a in bot.service.get(tid).engine.actions[before:] if a.seat == 0]
    assert [a.kind for a in mine] == ["pass"]
    # the second answer is refused by Discord (already acknowledged); nothing else went wrong
    seen = server.take_violations()
    assert [(v.kind, v.detail[:5]) for v in seen] == [("api", "40060")], seen
