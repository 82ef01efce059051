"""Playing from a phone (issue 15), through the loopback Discord: choosing any cards from the
hand message's menus, a refusal shown in place, a fresh notifying message at each decision,
silenced alerts, one View-hand reply kept current, the hint's play-this button.

The table is four people so that nothing moves unless the test moves it; seed 1 with every
card dealt at once and the other seats passing makes Alice (seat 0) declare and take the
kitty (found by searching the engine, see ``_drive_to_bury``)."""

from __future__ import annotations

from typing import Any

from bot.errors import TableError
from cogs.client import PaijuBot
from games.base import Action
from tests.discord.conftest import BotFactory
from tests.discord.play import four_people_all_dealt, seat_user, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage

SEED = 1


async def _drive_to_bury(bot: PaijuBot, tid: int, people: list[LoopbackUser]) -> None:
    """Seat 0 declares when it can, every other seat passes, until seat 0 must bury."""
    for n in range(60):
        table = bot.service.get(tid)
        engine = table.engine
        assert engine is not None
        required = [d for d in engine.pending() if d.seat is not None and d.required]
        if any(d.seat == 0 and "bury" in d.kinds for d in required):
            return
        if not required:
            await bot.display.drain()
            continue
        d = required[0]
        assert d.seat is not None
        user = seat_user(bot, tid, people, d.seat)
        legal = bot.service.legal_actions(tid, user.id, None)
        chosen: Action | None = None
        if d.seat == 0:
            chosen = next((a for a in legal if a.kind == "declare"), None)
        chosen = chosen or next(a for a in legal if a.kind == "pass")
        try:
            await bot.service.act(tid, user.id, chosen, f"drive:{n}")
        except TableError:  # passed for them meanwhile (a forced pass)
            continue
    raise AssertionError("seat 0 never came to bury")


def _ids(message: Any) -> list[str]:
    """custom_ids of a message or of one of its earlier versions."""
    if isinstance(message, StoredMessage):
        return message.custom_ids()
    return StoredMessage(0, 0, 0, components=message.components).custom_ids()


def _picker(message: StoredMessage) -> list[str]:
    return [c for c in message.custom_ids() if c.startswith("pj:c:")]


async def _prompt(server: LoopbackDiscord, user: LoopbackUser, with_: str) -> StoredMessage:
    def ready() -> StoredMessage | None:
        found = [m for m in server.dms(user) if any(c.startswith(with_) for c in m.custom_ids())]
        return found[-1] if found else None

    return await server.wait_until(ready, what=f"{user.name}'s prompt with {with_}")


async def _shows(server: LoopbackDiscord, message: StoredMessage, *texts: str) -> StoredMessage:
    """The message once its text shows one of ``texts`` (edits land asynchronously)."""

    def ready() -> StoredMessage | None:
        m = server.message(message.id)
        return m if any(t in m.text() for t in texts) else None

    return await server.wait_until(ready, what=f"the message to show {texts}")


def _options(message: StoredMessage, custom_id: str) -> list[dict[str, Any]]:
    comp = message.component(custom_id)
    assert comp is not None
    return list(comp["options"])


async def test_bury_eight_chosen_cards_from_the_menus_with_a_refusal_in_place(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    alice = people[0]
    await _drive_to_bury(bot, tid, people)
    prompt = await _prompt(server, alice, "pj:c:")
    selects = _picker(prompt)
    # 33 cards (25 + the kitty) in groups as the picture groups them: trumps, then suits
    offered = [o for s in selects for o in _options(prompt, s)]
    assert len(offered) == 33
    assert sum(1 for o in offered if o.get("description")) == 8  # the kitty's cards marked
    bury_id = next(c for c in prompt.custom_ids() if c.endswith(":bury"))
    bury_button = prompt.component(bury_id)
    assert bury_button is not None and bury_button.get("disabled")  # nothing ticked yet
    taps = 0

    # tick seven cards of the largest group, then press Bury: refused in place, kept ticked
    largest = max(selects, key=lambda s: len(_options(prompt, s)))
    seven = [o["value"] for o in _options(prompt, largest)[-7:]]
    picked = await h.select(alice, prompt, largest, seven)
    taps += 1
    assert picked.type == 6 and not picked.followups
    prompt = await _shows(server, prompt, "(7)", "7张")
    ticked = [o["value"] for o in _options(prompt, largest) if o.get("default")]
    assert ticked == seven
    refused = await h.click(alice, prompt, bury_id)
    taps += 1
    assert refused.type == 6
    prompt = await _shows(server, prompt, "⚠️")
    assert "8" in prompt.text().split("⚠️", 1)[1]  # names the count the rule asks for
    assert [o["value"] for o in _options(prompt, largest) if o.get("default")] == seven
    assert bot.service.get(tid).engine.phase == "bury"  # type: ignore[union-attr]

    # one more card from another group: eight, buried
    other = next(s for s in _picker(prompt) if s != largest)
    eighth = _options(prompt, other)[-1]["value"]
    await h.select(alice, prompt, other, [eighth])
    taps += 1
    prompt = await _shows(server, prompt, "(8)", "8张")
    done = await h.click(alice, prompt, bury_id)
    taps += 1
    assert done.type == 6
    engine = bot.service.get(tid).engine
    assert engine is not None
    await server.wait_until(lambda: engine.phase != "bury", what="the bury to be accepted")
    buried = sorted(v.split("~")[0] for v in [*seven, eighth])
    view = bot.service.view(tid, alice.id)
    assert sorted(view["kitty"]) == buried
    assert taps <= 5  # discord_ux.taps_bury_8

    # the DM now says what was buried
    def says_buried() -> StoredMessage | None:
        found = [m for m in server.dms(alice) if "buried" in m.text()]
        return found[-1] if found else None

    await server.wait_until(says_buried, what="the bury shown in the DM")
    assert len([m for m in server.dms(alice) if "· #" in m.text()]) == 1  # one live prompt


async def test_each_decision_is_a_new_message_unless_alerts_are_off(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    alice = people[0]
    first = await _prompt(server, alice, "pj:")
    await _drive_to_bury(bot, tid, people)
    # a new decision (bury) came as a new message, and the old prompt is gone
    bury_prompt = await _prompt(server, alice, "pj:c:")
    assert bury_prompt.id != first.id
    await server.wait_until(lambda: server.message(first.id).deleted, what="the old prompt gone")
    # silenced: the next decision edits the same message quietly
    await (await h.slash(alice, "alerts", on=False)).final()
    assert alice.id in bot.state.alerts_off
    hint = bot.service.hint(tid, alice.id)
    assert hint is not None and hint.kind == "bury"
    await bot.service.act(tid, alice.id, hint, "bury-by-hint")
    engine = bot.service.get(tid).engine
    assert engine is not None
    for n in range(12):  # the 扒鸡窝 round: everyone passes, then Alice leads
        required = [d for d in engine.pending() if d.seat is not None and d.required]
        if any(d.seat == 0 and "play" in d.kinds for d in required):
            break
        if required:
            seat = required[0].seat
            assert seat is not None
            user = seat_user(bot, tid, people, seat)
            await bot.service.act(tid, user.id, Action(seat, "pass", {}), f"round:{n}")
        else:
            await bot.display.drain()

    def alice_leads() -> StoredMessage | None:
        m = server.message(bury_prompt.id)
        return m if ":play" in " ".join(m.custom_ids()) else None

    edited = await server.wait_until(alice_leads, what="the same message, now asking to play")
    assert not edited.deleted and len([m for m in server.dms(alice) if "· #" in m.text()]) == 1


async def test_view_hand_keeps_one_private_reply_and_the_hint_plays_with_one_tap(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    bob = people[1]
    table = await server.wait_until(
        lambda: (t := table_message(server)) and f"pj:v:{tid}:hand" in t.custom_ids() and t,
        what="the table message's View hand",
    )
    first = await (await h.click(bob, table, f"pj:v:{tid}:hand")).final()
    second = await (await h.click(bob, table_message(server), f"pj:v:{tid}:hand")).final()
    await server.idle()
    assert server.message(first.id).deleted and not server.message(second.id).deleted
    live = [m for m in server.ephemerals(bob) if "· #" in m.text()]
    assert [m.id for m in live] == [second.id]

    # Bob's turn in the auction: the hint offers its move as a button, one tap plays it
    engine = bot.service.get(tid).engine
    assert engine is not None
    await server.wait_until(
        lambda: any(d.seat == 0 and d.required for d in engine.pending()), what="alice's turn"
    )
    await bot.service.act(tid, people[0].id, Action(0, "pass", {}), "alice-pass")
    await server.wait_until(
        lambda: any(d.seat == 1 and d.required for d in engine.pending()), what="bob's turn"
    )
    steps = len(engine.actions)
    hint = await (await h.slash(bob, "hint")).final()
    [control] = [c for c in hint.custom_ids() if c.startswith("pj:")]
    if control.startswith("pj:s:"):  # a move with cards: a menu of that one move
        [option] = _options(hint, control)
        played = await h.select(bob, hint, control, [option["value"]])
    else:
        played = await h.click(bob, hint, control)
    assert played.type == 6
    await server.wait_until(lambda: len(engine.actions) > steps, what="the hinted move")
    assert engine.actions[steps].seat == 1


async def test_a_seat_that_can_only_pass_is_passed_for_without_a_tap(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot(forced_pass_delay=(0.05, 0.3))
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    alice, bob, carol = people[0], people[1], people[2]
    engine = bot.service.get(tid).engine
    assert engine is not None
    await server.wait_until(lambda: engine.pending(), what="the auction")
    declare = next(a for a in bot.service.legal_actions(tid, alice.id, None) if a.kind == "declare")
    await bot.service.act(tid, alice.id, declare, "alice-declares")
    await bot.service.act(tid, bob.id, Action(1, "pass", {}), "bob-passes")
    # carol and dave cannot declare, and bob and dave cannot rebel: nobody taps, and the
    # kitty comes to alice
    await server.wait_until(
        lambda: any(d.seat == 0 and "bury" in d.kinds for d in engine.pending()),
        what="passes made for the seats that had no choice",
        timeout=40,  # forced passes wait 0.05-0.3 s each; a loaded machine is slow
    )
    moves = [(a.seat, a.kind) for a in engine.actions]
    assert moves[:4] == [(0, "declare"), (1, "pass"), (2, "pass"), (3, "pass")]
    # the 造反 window asks both defenders at once; their passes land in random order
    assert sorted(moves[4:]) == [(1, "pass"), (3, "pass")]
    # carol was never offered a lone pass button, nor pinged for it
    seen = [*server.dms(carol), *(v for dm in server.dms(carol) for v in dm.history)]
    for version in seen:
        assert not any(c.startswith("pj:a:") and c.endswith(":pass:") for c in _ids(version))


async def test_the_lobby_shows_partners_and_players_choose_their_seats(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    alice, bob, carol = server.add_users("alice", "bob", "carol")
    await (await h.slash(alice, "table open", game="pajiwo")).final()
    tid = table_id(table_message(server))
    await (await h.slash(bob, "table join")).final()
    await (await h.slash(carol, "table join")).final()
    await server.wait_until(
        lambda: "carol" in table_message(server).text(), what="carol in the lobby"
    )
    lobby = table_message(server)
    assert "1 & 3 (alice, carol)" in lobby.text() and "2 & 4 (bob, (empty))" in lobby.text()
    # Bob wants to partner Alice: seat 3 is Carol's, a person's, so only the host may swap
    refused = await h.select(bob, lobby, f"pj:l:{tid}:seat", ["2"])
    assert "taken" in (await refused.followup()).text()
    # he takes the empty seat 4 instead, and Alice moves to seat 2, opposite him
    moved = await h.select(bob, table_message(server), f"pj:l:{tid}:seat", ["3"])
    assert "seat 4" in (await moved.followup()).text()
    swapped = await h.select(alice, table_message(server), f"pj:l:{tid}:seat", ["1"])
    assert "seat 2" in (await swapped.followup()).text()
    table = bot.service.get(tid)
    assert [s.user_id for s in table.seats] == [None, alice.id, carol.id, bob.id]
    await server.wait_until(
        lambda: "2 & 4 (alice, bob)" in table_message(server).text(), what="the new partners"
    )
