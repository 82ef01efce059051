"""A whole 打滚 hand through the loopback Discord (issue 10): two people and two bots, every
person's move made from the controls of their DM hand message, as on a phone: 硬牌 and pass
buttons, plays ticked card by card in the menus (by rank, jokers apart) and sent with *Play*,
and, for a play whose jokers read several ways, the reading chosen from the menu after the
refusal in place names the readings. The dealer's secret partner is a person; nothing any
other reader sees (the channel, the spectator's and the other players' messages, every
version of them) names the partner before the called card is played (明鸡,
``dagun_and_jinhua-mahjong.txt:55``), and the partner alone is told.

Seed 24: Alice (seat 0) deals and holds both 大王/小王 of a kind plus a pair to lead with;
Bob (seat 1) holds the other called card, ♣3."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any

from bot.tables import TableUpdate
from cogs.client import PaijuBot
from cogs.display import step_of
from cogs.i18n import tr
from cogs.present import encode_action
from games.base import Action, IllegalAction
from games.cards import format_card_ascii, parse_card
from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage

SEED = 24
PARTNER_WORDS = ("partner", "搭档", "明鸡", "队")


def _ascii(card: str) -> str:
    return format_card_ascii(parse_card(card))


class Person:
    """A person at the table who moves only from their DM's controls."""

    def __init__(self, user: LoopbackUser, locale: str) -> None:
        self.user = user
        self.locale = locale
        self.moves: Counter[str] = Counter()  # how: button / picker / reading


def _prompt(
    server: LoopbackDiscord, user: LoopbackUser, tid: int, step: int
) -> StoredMessage | None:
    mark = f":{tid}:{step}:"
    found = [m for m in server.dms(user) if any(mark in c for c in m.custom_ids())]
    return found[-1] if found else None


async def _settled(bot: PaijuBot, server: LoopbackDiscord) -> None:
    await bot.display.drain()
    await server.idle(0.1)


async def _tick(
    h: Harness, server: LoopbackDiscord, person: Person, tid: int, step: int, cards: list[str]
) -> StoredMessage:
    """Tick ``cards`` in the menus of the person's prompt, one menu at a time, waiting for
    each redraw so that the next tap sees the choice so far."""
    want = Counter(_ascii(c) for c in cards)
    message = _prompt(server, person.user, tid, step)
    assert message is not None
    menus = [c for c in message.custom_ids() if c.startswith(f"pj:c:{tid}:{step}:")]
    assert menus, message.text()
    for menu in menus:
        options = message.component(menu)["options"]  # type: ignore[index]
        chosen = []
        for option in options:
            notation = option["value"].split("~", 1)[0]
            if want[notation] > 0:
                want[notation] -= 1
                chosen.append(option["value"])
        if not chosen:
            continue
        result = await h.select(person.user, message, menu, chosen, locale=person.locale)
        assert result.type == 6 and not result.followups

        def shows(m_id: int = message.id, menu: str = menu, chosen: list[str] = chosen) -> Any:
            m = server.message(m_id)
            comp = m.component(menu)
            ticked = [o["value"] for o in comp["options"] if o.get("default")] if comp else []
            return m if ticked == chosen else None

        message = await server.wait_until(shows, what=f"{menu} to show the ticks")
    assert +want == Counter(), f"not in the menus: {+want}"
    return message


async def _move(
    h: Harness,
    server: LoopbackDiscord,
    bot: PaijuBot,
    person: Person,
    tid: int,
    chosen: Action | None = None,
) -> Action:
    """Make the person's pending move from their DM: ``chosen``, else what the hint says."""
    table = bot.service.get(tid)
    step = step_of(table)
    await server.wait_until(
        lambda: _prompt(server, person.user, tid, step), what=f"{person.user.name}'s prompt"
    )
    await _settled(bot, server)
    action = chosen or bot.service.hint(tid, person.user.id)
    assert action is not None
    message = _prompt(server, person.user, tid, step)
    assert message is not None
    if not action.data:  # 过 pass / 硬牌: a button
        button = f"pj:a:{tid}:{step}:{action.kind}:"
        assert button in message.custom_ids(), message.custom_ids()
        result = await h.click(person.user, message, button, locale=person.locale)
        assert result.type == 6 and not result.followups
        person.moves["button"] += 1
    else:
        cards = [str(c) for c in action.data["cards"]]
        same = _readings(bot, tid, action.seat, cards)
        value = encode_action(action, 0)
        menus = [c for c in message.custom_ids() if c.startswith(f"pj:g:{tid}:{step}:")]
        by_kind = next(
            (c for c in menus if any(o["value"] == value for o in _options(message, c))), None
        )
        if by_kind is None or person.moves["group"]:
            message = await _tick(h, server, person, tid, step, cards)
        play = f"pj:p:{tid}:{step}:play"
        if by_kind is not None and not person.moves["group"]:
            # once: the play straight from its combination type's menu, one tap
            result = await h.select(person.user, message, by_kind, [value], locale=person.locale)
            assert result.type == 6 and not result.followups
            person.moves["group"] += 1
        elif len(same) > 1:  # several readings: Play is refused in place, naming them …
            result = await h.click(person.user, message, play, locale=person.locale)
            assert result.type == 6
            refused = await server.wait_until(
                lambda: (m := server.message(message.id)) and "⚠️" in m.text() and m,
                what="the refusal in place",
            )
            text = refused.text().split("⚠️", 1)[1]
            for reading in same:
                assert reading in text
            # … and the suggestions offer one option per reading, first
            menu = f"pj:s:{tid}:{step}"
            options = refused.component(menu)["options"]  # type: ignore[index]
            values = [o["value"] for o in options[: len(same)]]
            assert sorted(v.split(":", 1)[0] for v in values) == sorted(f"play@{r}" for r in same)
            pick = next(v for v in values if v.startswith(f"play@{action.data['as']}:"))
            result = await h.select(person.user, refused, menu, [pick], locale=person.locale)
            assert result.type == 6 and not result.followups
            person.moves["reading"] += 1
        else:
            result = await h.click(person.user, message, play, locale=person.locale)
            assert result.type == 6 and not result.followups
            person.moves["picker"] += 1
    await server.wait_until(
        lambda: step_of(bot.service.get(tid)) > step, what=f"{action.kind} to be applied"
    )
    return action


def _options(message: StoredMessage, custom_id: str) -> list[dict[str, Any]]:
    comp = message.component(custom_id)
    return list(comp["options"]) if comp else []


def _readings(bot: PaijuBot, tid: int, seat: int | None, cards: list[str]) -> list[str]:
    """The readings of ``cards`` legal now when there are several (the rules say which)."""
    engine: Any = bot.service.get(tid).engine
    try:
        engine.check(Action(seat, "play", {"cards": cards}))
    except IllegalAction as exc:
        if exc.code == "ambiguous_reading":
            return [k.strip() for k in str(exc.params["readings"]).split(",")]
    return []


def _versions(message: StoredMessage) -> list[tuple[float, str]]:
    """(when, text) of every version of a message, the current one last."""
    out = []
    for old in message.history:
        shadow = StoredMessage(0, 0, 0, content=old.content, components=old.components)
        out.append((old.at, shadow.text()))
    out.append((message.edited_at or message.created_at, message.text()))
    return out


async def test_a_whole_dagun_hand_from_the_controls_keeps_the_partner_secret_until_it_is_revealed(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    dave = server.add_user("dave")  # watches
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="dagun", preset="quick")).final()
    tid = table_id(table_message(server))
    await (await h.slash(bob, "table join", locale="zh-CN")).final()
    await (await h.slash(alice, "table addbot")).final()
    await (await h.slash(alice, "table addbot")).final()

    revealed_at: list[float] = []

    async def listen(update: TableUpdate) -> None:
        if any(e.kind == "partner_revealed" for e in update.events) and not revealed_at:
            revealed_at.append(time.time())

    bot.service.subscribe(listen)
    await bot.service.start(server.channel.id, alice.id, seed=SEED)
    table = bot.service.get(tid)
    engine: Any = table.engine
    assert (engine.dealer, engine.partner) == (0, 1)
    assert table.seat_of(alice.id) == 0 and table.seat_of(bob.id) == 1
    people = {0: Person(alice, "en-US"), 1: Person(bob, "zh-CN")}

    # the partner alone is told, in their DM, before anything is played
    told = await server.wait_until(
        lambda: [m for m in server.dms(bob) if "暗中搭档" in m.text()], what="Bob's secret"
    )
    assert "你有另一张 ♣3" in told[-1].text()

    first_lead = True
    for _ in range(400):
        if table.status == "finished":
            break
        waiting = [d for d in engine.pending() if d.seat in people and d.required]
        if not waiting:
            await asyncio.sleep(0.05)
            continue
        seat = waiting[0].seat
        person = people[seat]
        chosen = None
        if first_lead and seat == 0 and engine.phase == "play" and engine.standing is None:
            # Alice leads a pair and both jokers: 5566-style readings, chosen from the menu
            first_lead = False
            hand = engine.hands[0]
            jokers = [c for c in hand if c.is_joker][:2]
            ranks = Counter(c.rank for c in hand if not c.is_joker)
            pair_rank = next(r for r, n in sorted(ranks.items()) if n >= 2 and r.label not in "23A")
            pair = [c for c in hand if c.rank == pair_rank and not c.is_joker][:2]
            cards = [format_card_ascii(c) for c in pair + jokers]
            readings = _readings(bot, tid, 0, cards)
            assert len(readings) == 3, readings  # 4444, 3344 and 4455 for a pair of 4s
            chosen = Action(0, "play", {"cards": cards, "as": readings[-1]})
        await _move(h, server, bot, person, tid, chosen)
    assert table.status == "finished", table_message(server).text()
    await _settled(bot, server)

    # every person's move came from the controls: buttons, the card menus, a reading
    assert people[0].moves["reading"] == 1
    assert all(p.moves["picker"] > 0 and p.moves["button"] > 0 for p in people.values())
    assert sum(p.moves["group"] for p in people.values()) >= 1  # a menu per combination type

    # the partner was revealed during play (明鸡), and the channel said so, naming Bob
    assert revealed_at, "the called card was never played"
    channel = "\n".join(m.text() for m in server.channel_messages(server.channel))
    assert tr("en", "dagun.event.partner_revealed", who="bob", called="♣3", dealers="alice's") in (
        channel
    )

    # before that, nothing anyone but Bob could see named him as the partner
    names = {"bob", f"<@{bob.id}>"}  # as lines name him, and as the table message does
    for reader in (alice, dave):
        for message in server.visible_to(reader):
            for when, text in _versions(message):
                if when >= revealed_at[0]:
                    continue
                for line in text.splitlines():
                    if any(w in line for w in PARTNER_WORDS):
                        assert not any(n in line for n in names), (reader.name, line)

    # the result line: who won, by how much, with the coins, in each reader's language
    assert "coins:" in channel and "Hand 1:" in channel
    final = table_message(server).text()
    assert "Result: " in final and " first with " in final and "levels" not in final
    bob_dm = "\n".join(m.text() for m in server.dms(bob))
    assert "第 1 局" in bob_dm and "金币" in bob_dm


async def test_typed_cards_that_read_several_ways_ask_for_the_reading_and_a_named_one_is_played(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="dagun", preset="quick")).final()
    tid = table_id(table_message(server))
    await (await h.slash(bob, "table join", locale="zh-CN")).final()
    await (await h.slash(alice, "table addbot")).final()
    await (await h.slash(alice, "table addbot")).final()
    await bot.service.start(server.channel.id, alice.id, seed=SEED)
    table = bot.service.get(tid)
    engine: Any = table.engine
    people = {0: Person(alice, "en-US"), 1: Person(bob, "zh-CN")}
    for _ in range(20):  # 硬牌 round: both people pass from the buttons
        if engine.phase == "play" and engine.turn == 0:
            break
        waiting = [d for d in engine.pending() if d.seat in people and d.required]
        if waiting:
            await _move(
                h, server, bot, people[waiting[0].seat], tid, Action(waiting[0].seat, "pass")
            )
        else:
            await asyncio.sleep(0.05)
    assert engine.phase == "play" and engine.turn == 0 and engine.alone is None
    typed = await h.slash(alice, "play", cards="4s 4h SJ BJ")
    refused = (await typed.final()).text()
    assert "❌" in refused and "4444, 3344, 4455" in refused
    assert engine.standing is None  # nothing was played
    # the reading named with the cards, as the DM's menu of readings carries it
    value = "play@4455:4s 4h SJ BJ"
    played = await h.slash(alice, "play", cards=value)
    assert "✅" in (await played.final()).text()
    assert engine.standing is not None and engine.standing.combo.key() == "4455"
