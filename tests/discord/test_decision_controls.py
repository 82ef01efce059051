"""Controls bound to decisions, not steps (issue 19 item 3, issue 20 F5), through the loopback
Discord: a person declares in 打滚子's live deal with a 3 s reaction while the deal goes on; a
hint's "play this" drawn for an earlier decision is refused as out of date (and the reply says
what to do); a forged step is refused; nothing of it changes the game."""

from __future__ import annotations

import asyncio
import random

from bot.decisions import step_count
from cogs.client import PaijuBot
from tests.discord.conftest import BotFactory
from tests.discord.play import answer, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage

OUT_OF_DATE = "This control is out of date"
REACTION_S = 3.0


def _early_grab_seed(seat: int = 0) -> tuple[int, int]:
    """A seed whose live deal gives ``seat`` a 大王 within three deal steps, with at least five
    more to come: ``(seed, deal steps before it can grab)``."""
    from games.registry import GAMES

    engine_type = GAMES["dagunzi"].engine()
    options = engine_type.options_type.from_dict({"deal": "progressive", "match": "one_hand"})
    from games.base import Action

    for seed in range(1, 500):
        engine = engine_type(seed, options)
        for steps in range(4):
            if any(a.kind == "declare" for a in engine.legal_actions(seat, None)):
                return seed, steps
            engine.apply(Action(None, "deal"))
    raise AssertionError("no seed gives seat 1 an early 大王")


def _declare_menu(message: StoredMessage) -> tuple[str, str] | None:
    """``(custom_id, value)`` of the grab (declare) option in a hand message's move menu."""
    for custom_id in message.custom_ids():
        if not custom_id.startswith("pj:s:"):
            continue
        component = message.component(custom_id) or {}
        for option in component.get("options") or []:
            if str(option["value"]).startswith("declare:"):
                return custom_id, str(option["value"])
    return None


async def test_a_declaration_is_accepted_three_seconds_into_the_live_deal(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    people = server.add_users("alice", "bob", "carol", "dave")  # nobody else declares
    alice = people[0]
    bot = make_bot()
    await h.start_bot(bot)
    seed, _ = _early_grab_seed(0)
    opened = await h.slash(alice, "table open", game="dagunzi", preset="quick", pace="live")
    await opened.final()
    tid = table_id(table_message(server))
    for user in people[1:]:
        await (await h.slash(user, "table join")).final()
    await bot.service.start(server.channel.id, alice.id, seed=seed)
    engine = bot.service.get(tid).engine
    assert engine is not None and engine.options.deal == "progressive"

    def offered() -> tuple[StoredMessage, str, str] | None:
        for message in reversed(server.dms(alice)):
            found = _declare_menu(message)
            if found is not None:
                return message, *found
        return None

    message, custom_id, value = await server.wait_until(offered, what="the grab", timeout=20)
    seen_at = step_count(engine.actions)
    bob = people[1]
    pass_id = f"pj:a:{tid}:0:pass:"
    bobs = await server.wait_until(
        lambda: next((m for m in server.dms(bob) if pass_id in m.custom_ids()), None),
        what="Bob's pass button",
    )
    await asyncio.sleep(REACTION_S)  # a person on a phone: read, think, tap
    # the deal went on meanwhile (a step every 1.5 s; at least one on a busy machine)
    assert step_count(engine.actions) > seen_at, "the deal went on meanwhile"
    assert not any(a.kind == "declare" for a in engine.actions)
    # the tap reaches the bot with the message as it is now (redrawn at every deal step)
    tapped = await h.select(alice, message.id, custom_id, [value])
    assert tapped.type == 6, tapped
    await server.wait_until(
        lambda: any(a.kind == "declare" for a in engine.actions) or None, what="the grab"
    )
    assert not [f.text() for f in tapped.followups if "❌" in f.text()], tapped.followups
    declared = [a for a in engine.actions if a.kind == "declare"]
    assert [(a.seat, a.data["cards"]) for a in declared] == [(0, ["BJ"])]

    # Bob's pass button was for his declaring decision, which ended with Alice's grab: out of
    # date, and the reply says to use the newest hand message; the game does not change
    before = len(engine.actions)
    stale = await h.click(bob, bobs.id, pass_id, strict=False)
    text = (await answer(stale)).text()
    assert text.startswith("❌") and OUT_OF_DATE in text and "newest hand message" in text, text
    # a forged step (one the game has not reached) is refused as not valid
    forged = await h.select(alice, message.id, f"pj:s:{tid}:1000", [value], strict=False)
    assert "This control is not valid" in (await answer(forged)).text()
    assert [a for a in engine.actions[before:] if a.seat in (0, 1)] == []
    await (await h.slash(alice, "table abort")).final()


async def _my_turn(server: LoopbackDiscord, bot: PaijuBot, tid: int, user: LoopbackUser) -> None:
    seat = bot.service.get(tid).seat_of(user.id)
    await server.wait_until(
        lambda: {d.seat for d in bot.service.pending(tid) if d.required} == {seat} or None,
        what=f"{user.name}'s turn",
    )


async def test_an_old_hint_button_is_refused_as_out_of_date_in_the_readers_language(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(bob, "table open", game="pajiwo", preset="quick")).final()
    tid = table_id(table_message(server))
    await (await h.slash(bob, "table options", set="deal=all_at_once")).final()
    await (await h.slash(bob, "table addbot")).final()
    await (await h.slash(bob, "table start")).final()
    table = bot.service.get(tid)
    rng = random.Random(5)
    hint: tuple[StoredMessage, str] | None = None
    hint_id = f"pj:v:{tid}:hint"
    plays = 0
    while plays < 2:  # Bob's first two plays: the hint is drawn for the first
        await _my_turn(server, bot, tid, bob)
        kinds = {k for d in bot.service.pending(tid) if d.seat == 0 for k in d.kinds}
        if "play" in kinds and hint is None:
            shown_table = await server.wait_until(
                lambda: next(
                    (m for m in [table_message(server)] if hint_id in m.custom_ids()), None
                ),
                what="the Hint button",
            )
            shown = await answer(await h.click(bob, shown_table, hint_id))
            button = [c for c in shown.custom_ids() if c.startswith(("pj:a:", "pj:s:"))]
            assert button, shown.text()
            hint = shown, button[0]
        legal = bot.service.legal_actions(tid, bob.id, 25)
        move = legal[-1] if "play" in kinds else rng.choice(legal)
        await bot.service.act(tid, bob.id, move, f"test:{len(table.engine.actions)}")
        plays += "play" in kinds
    await _my_turn(server, bot, tid, bob)  # a later trick: the hint's decision is over
    assert hint is not None
    message, custom_id = hint
    before = list(table.engine.actions)
    if custom_id.startswith("pj:a:"):
        result = await h.click(bob, message.id, custom_id)
    else:
        option = message.component(custom_id)["options"][0]["value"]  # type: ignore[index]
        result = await h.select(bob, message.id, custom_id, [option])
    text = (await answer(result)).text()
    assert text.startswith("❌ 这个按钮已过期") and "最新的手牌消息" in text, text
    await server.idle()
    assert list(table.engine.actions) == before


def _late_grab_seed() -> tuple[int, int]:
    """A seed whose live deal first offers seat 0 a grab at deal step 2 or later (so there is
    time to switch the standing grab on first): ``(seed, that deal step)``."""
    from games.base import Action
    from games.registry import GAMES

    engine_type = GAMES["dagunzi"].engine()
    options = engine_type.options_type.from_dict({"deal": "progressive", "match": "one_hand"})
    for seed in range(1, 500):
        engine = engine_type(seed, options)
        for steps in range(8):
            if any(a.kind == "declare" for a in engine.legal_actions(0, None)):
                if steps >= 2:
                    return seed, steps
                break
            engine.apply(Action(None, "deal"))
    raise AssertionError("no seed offers seat 1 a late 大王")


async def test_the_standing_grab_takes_the_deal_the_moment_a_big_joker_is_dealt(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    people = server.add_users("alice", "bob", "carol", "dave")
    alice = people[0]
    bot = make_bot()
    await h.start_bot(bot)
    seed, at = _late_grab_seed()
    opened = await h.slash(alice, "table open", game="dagunzi", preset="quick", pace="live")
    await opened.final()
    tid = table_id(table_message(server))
    for user in people[1:]:
        await (await h.slash(user, "table join")).final()
    await bot.service.start(server.channel.id, alice.id, seed=seed)
    engine = bot.service.get(tid).engine
    assert engine is not None
    switch = f"pj:t:{tid}:grab:1"
    message = await server.wait_until(
        lambda: next((m for m in reversed(server.dms(alice)) if switch in m.custom_ids()), None),
        what="the standing grab's switch",
    )
    assert step_count(engine.actions) < at, "switched on before the 大王 comes"
    result = await h.click(alice, message, switch)
    assert "⚡" in (await answer(result)).text()
    await server.wait_until(
        lambda: any(a.kind == "declare" for a in engine.actions) or None,
        what="the grab",
        timeout=30,
    )
    declared = next(i for i, a in enumerate(engine.actions) if a.kind == "declare")
    assert engine.actions[declared].seat == 0 and engine.actions[declared].data == {"cards": ["BJ"]}
    # at the first chance: right after the deal step that brought it, no other step between
    assert step_count(engine.actions[:declared]) == at
    await (await h.slash(alice, "table abort")).final()
