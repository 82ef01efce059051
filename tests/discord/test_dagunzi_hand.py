"""A whole 打滚子 hand through the loopback Discord with two people and two bots (issue 9).

Alice (seat 0) and Bob (seat 1, 简体中文) play with two heuristic bots (seats 2 and 3): Alice
partners a bot, so does Bob.  The match is two hands (``match=hands``): the first hand of a
轮 has no tribute (喝血, ``dagunzi.txt:98-104``), so the first one is played quickly through
the service (the people's moves are the hint's) and the second is the hand under test: every
move of a person in it is made from the controls of their DM hand message: the pass button
and the suggestions select while declaring, the card menus and the *Bury* button for the
dealer's bury (a 大王 among the six: a joker bury), the *Play* button after ticking a lead,
the suggestions select for a follow.  Seed 2 (found by playing the same moves offline): the
first hand ends with the defenders under 80, so the second hand's dealer Bob is paid a tribute
of four cards by Alice, and holds a 大王 to bury.
"""

from __future__ import annotations

import asyncio
from typing import Any

from cogs.client import PaijuBot
from games.cards import format_card_ascii, parse_card
from tests.discord.conftest import BotFactory
from tests.discord.play import hand_messages, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage
from tests.discord_loopback.models import MessageVersion

SEED = 2


def _notation(card: str) -> str:
    return format_card_ascii(parse_card(card))


class Seat:
    """One person and how many of their moves went through each kind of control."""

    def __init__(self, user: LoopbackUser, locale: str) -> None:
        self.user, self.locale = user, locale
        self.by: dict[str, int] = {}

    def count(self, how: str) -> None:
        self.by[how] = self.by.get(how, 0) + 1


async def _prompt(
    server: LoopbackDiscord, user: LoopbackUser, tid: int, step: int
) -> StoredMessage:
    """The user's DM hand message once it shows the controls of ``step``."""
    mark = f":{tid}:{step}"

    def ready() -> StoredMessage | None:
        found = [
            m
            for m in server.dms(user)
            if not m.deleted and any(c.startswith("pj:") and mark in c for c in m.custom_ids())
        ]
        return found[-1] if found else None

    return await server.wait_until(ready, what=f"{user.name}'s controls at step {step}")


def _pickers(message: StoredMessage) -> list[str]:
    return [c for c in message.custom_ids() if c.startswith("pj:c:")]


def _options(message: StoredMessage, custom_id: str) -> list[dict[str, Any]]:
    comp = message.component(custom_id)
    assert comp is not None, custom_id
    return list(comp["options"])


async def _tick(
    h: Harness, server: LoopbackDiscord, seat: Seat, message: StoredMessage, cards: list[str]
) -> StoredMessage:
    """Tick ``cards`` (notation) in the card menus, one select per group that holds some."""
    wanted = [_notation(c) for c in cards]
    for select in _pickers(message):
        values: list[str] = []
        for option in _options(server.message(message.id), select):
            notation = option["value"].split("~", 1)[0]
            if notation in wanted:
                wanted.remove(notation)
                values.append(option["value"])
        if not values:
            continue
        result = await h.select(seat.user, server.message(message.id), select, values)
        assert result.type == 6 and not result.followups, result.followups

        def ticked(sel: str = select, vals: list[str] = values) -> StoredMessage | None:
            m = server.message(message.id)
            shown = [o["value"] for o in (m.component(sel) or {}).get("options", [])]
            chosen = [o["value"] for o in m.component(sel)["options"] if o.get("default")]  # type: ignore[index]
            return m if shown and chosen == vals else None

        await server.wait_until(ticked, what="the ticked cards shown")
    assert wanted == [], f"cards not offered in the menus: {wanted}"
    return server.message(message.id)


async def _move(h: Harness, server: LoopbackDiscord, bot: PaijuBot, tid: int, seat: Seat) -> bool:
    """If ``seat`` must decide, decide from its DM's controls; True when it moved."""
    table = bot.service.get(tid)
    engine = table.engine
    assert engine is not None
    index = table.seat_of(seat.user.id)
    if not any(d.seat == index and d.required for d in engine.pending()):
        return False
    step = len(engine.actions)
    legal = bot.service.legal_actions(tid, seat.user.id, 25)
    kinds = {a.kind for a in legal}
    prompt = await _prompt(server, seat.user, tid, step)
    hand = bot.service.view(tid, seat.user.id)["hand"]
    if "bury" in kinds:
        # a joker bury: the strongest joker and the five lowest plain cards
        joker = "BJ" if "BJ" in hand else "SJ"
        six = [joker, *engine.bury_candidates(index)[0][:5]]  # type: ignore[attr-defined]
        prompt = await _tick(h, server, seat, prompt, [str(c) for c in six])
        result = await h.click(seat.user, prompt, f"pj:p:{tid}:{step}:bury")
        how = "picker:bury"
    elif "play" in kinds and not engine.view(None)["trick"]["plays"]:
        # a lead (a single, 棒 or 滚子: one group of the hand): tick it and press Play
        cards = list(legal[0].data["cards"])
        prompt = await _tick(h, server, seat, prompt, cards)
        result = await h.click(seat.user, prompt, f"pj:p:{tid}:{step}:play")
        how = "picker:play"
    elif "bury_jokers" in kinds and any(c in ("BJ", "SJ") for c in hand):
        joker = "BJ" if "BJ" in hand else "SJ"
        prompt = await _tick(h, server, seat, prompt, [joker])
        result = await h.click(seat.user, prompt, f"pj:p:{tid}:{step}:bury_jokers")
        how = "picker:bury_jokers"
    elif kinds & {"play", "take", "declare"}:
        select = f"pj:s:{tid}:{step}"
        value = _options(prompt, select)[0]["value"]
        result = await h.select(seat.user, prompt, select, [value])
        how = f"select:{value.split(':')[0].split('|')[0]}"
    else:
        assert "pass" in kinds, kinds
        result = await h.click(seat.user, prompt, f"pj:a:{tid}:{step}:pass:")
        how = "button:pass"
    assert result.type == 6, result.type
    await server.wait_until(
        lambda: len(engine.actions) > step or "⚠️" in server.message(prompt.id).text(),
        what=f"{seat.user.name}'s {how} to land",
    )
    assert len(engine.actions) > step, server.message(prompt.id).text()  # not refused
    assert engine.actions[step].seat == index
    seat.count(how)
    return True


async def _first_hand(bot: PaijuBot, tid: int, people: list[LoopbackUser]) -> None:
    """Hand 1 as the hint would play it for the people (the bots play themselves)."""
    engine = bot.service.get(tid).engine
    assert engine is not None
    for _ in range(5000):
        if engine.hand_number > 1:
            return
        table = bot.service.get(tid)
        waiting = [d.seat for d in engine.pending() if d.seat is not None and d.required]
        user = next((u for u in people if table.seat_of(u.id) in waiting), None)
        if user is None:
            await asyncio.sleep(0.01)
            continue
        move = bot.service.hint(tid, user.id)
        assert move is not None
        await bot.service.act(tid, user.id, move, f"h1:{len(engine.actions)}")
    raise AssertionError("the first hand did not end")


async def test_a_dagunzi_hand_with_a_tribute_and_a_joker_bury_from_the_controls(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    dave = server.add_user("dave")  # only watches
    bot = make_bot()
    await h.start_bot(bot)
    opened = await h.slash(alice, "table open", game="dagunzi")
    await opened.final()
    tid = table_id(table_message(server))
    options = "match=hands, hands=2, deal=all_at_once"
    assert "❌" not in (await (await h.slash(alice, "table options", set=options)).final()).text()
    await (await h.slash(bob, "table join", locale="zh-CN")).final()
    await (await h.slash(alice, "table addbot")).final()
    await (await h.slash(alice, "table addbot")).final()
    await bot.service.start(server.channel.id, alice.id, seed=SEED)
    await _first_hand(bot, tid, [alice, bob])

    engine = bot.service.get(tid).engine
    assert engine is not None
    first = engine.hand_results[0]
    assert first.summary["blood_next"] == 4 and first.summary["next_dealer"] == 1
    seats = [Seat(alice, "en-US"), Seat(bob, "zh-CN")]
    for _ in range(3000):
        if bot.service.get(tid).status == "finished":
            break
        moved = False
        for seat in seats:
            moved = await _move(h, server, bot, tid, seat) or moved
        if not moved:
            await asyncio.sleep(0.02)
    assert bot.service.get(tid).status == "finished"

    # the hand under test had its tribute and a joker bury, and was played to the end
    second = engine.hand_results[1]
    assert second.summary["dealer"] == 1
    kinds = [a.kind for a in engine.actions]
    assert kinds.count("tribute") == 1 and kinds.count("next_hand") == 1
    assert kinds.index("tribute") > kinds.index("next_hand")
    assert any(c in ("BJ", "SJ") for c in second.summary["kitty"])  # type: ignore[union-attr]
    assert seats[1].by.get("picker:bury") == 1
    assert seats[0].by.get("picker:play", 0) + seats[1].by.get("picker:play", 0) > 0
    assert seats[0].by.get("select:play", 0) + seats[1].by.get("select:play", 0) > 0
    moves_by_people = sum(sum(s.by.values()) for s in seats)
    assert moves_by_people >= 39  # every trick asks each person once at least

    # the channel told the tribute and the joker bury, in the table's language (English)
    await bot.display.drain()
    await server.idle()
    channel = "\n".join(
        v.content if isinstance(v, MessageVersion) else v.text()
        for m in server.channel_messages(server.channel)
        for v in (m, *m.history)
    )
    assert "喝血: alice gives bob 4 highest cards" in channel
    assert "bob buried 6 cards with 1 joker(s)" in channel
    assert "Hand 2:" in channel and "Finished" in table_message(server).text()

    # Bob's DM is in Chinese: the last result in his words
    bob_dm = [m for m in server.dms(bob) if "· #" in m.text()]
    assert len(bob_dm) == 1 and "第 2 局" in bob_dm[0].text()

    # hands were only ever in their owner's DMs: not in the channel, not with anyone else
    for seat in seats:
        for m in hand_messages(server, seat.user):
            assert server.can_see(seat.user.id, m)
            others = [u for u in (alice, bob, dave) if u.id != seat.user.id]
            assert not any(server.can_see(o.id, m) for o in others)
    assert not server.dms(dave)
    for m in server.channel_messages(server.channel):
        for version in (m, *m.history):
            assert not any(a.filename == "hand.png" for a in version.attachments)
            assert "Your hand" not in version.content and "手牌" not in version.content
