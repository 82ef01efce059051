"""Requests the bot does not spend from Discord's global budget (issue 13, latency), through
the loopback Discord: after a player clicks their DM hand message, the hand's next versions
(the edit after the move, the fresh prompt of the next decision and the old prompt's
deletion) go through that click's interaction token, not the bot's own channel calls; a hand
whose cards did not change keeps its picture (nothing uploaded); a table edit that would
change nothing is not made.

Four people (nothing moves unless the test moves it), every card dealt at once and everybody
passing in the auction, so that Alice's turn comes round twice."""

from __future__ import annotations

import asyncio

from bot.errors import TableError
from cogs.client import PaijuBot
from tests.discord.conftest import BotFactory
from tests.discord.play import four_people_all_dealt, seat_user, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage
from tests.discord_loopback.faults import Fault

SEED = 1


def _required_seat(bot: PaijuBot, tid: int) -> int | None:
    engine = bot.service.get(tid).engine
    assert engine is not None
    seats = [d.seat for d in engine.pending() if d.seat is not None and d.required]
    return seats[0] if seats else None


async def _pass_until_alice_must_move(
    bot: PaijuBot, tid: int, people: list[LoopbackUser], alice: LoopbackUser
) -> int:
    """Everyone else passes (through the service) until Alice has a required decision;
    returns its step."""
    table = bot.service.get(tid)
    for n in range(12):
        seat = _required_seat(bot, tid)
        assert seat is not None
        user = seat_user(bot, tid, people, seat)
        if user is alice:
            return len(table.engine.actions) if table.engine else 0
        legal = bot.service.legal_actions(tid, user.id, None)
        try:
            await bot.service.act(tid, user.id, next(a for a in legal if a.kind == "pass"), f"p{n}")
        except TableError:
            continue
    raise AssertionError("Alice's turn never came")


async def _prompt(
    server: LoopbackDiscord, user: LoopbackUser, tid: int, step: int
) -> StoredMessage:
    """The user's DM prompt with controls for this step (buttons, menus, the card picker)."""
    marker = f":{tid}:{step}:"

    def ready() -> StoredMessage | None:
        found = [m for m in server.dms(user) if any(marker in c for c in m.custom_ids())]
        return found[-1] if found else None

    return await server.wait_until(ready, what=f"{user.name}'s prompt {marker}")


async def test_a_players_hand_rides_their_clicks_token_and_keeps_its_picture(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    alice = people[0]

    step = await _pass_until_alice_must_move(bot, tid, people, alice)
    first = await _prompt(server, alice, tid, step)
    dm = first.channel_id
    pass_id = next(c for c in first.custom_ids() if c.startswith("pj:a:") and c.endswith(":pass:"))
    assert first.attachment("hand.png") is not None
    await bot.display.drain()
    mark = len(server.requests)

    await (await h.click(alice, first, pass_id)).final()
    # her pass is in place once stored (the click is answered first)
    await server.wait_until(
        lambda: len(bot.service.get(tid).engine.actions) > step or None, what="her pass stored"
    )
    second_step = await _pass_until_alice_must_move(bot, tid, people, alice)
    assert second_step > step
    second = await _prompt(server, alice, tid, second_step)  # (here: bury the kitty)
    await bot.display.drain()
    await server.idle()

    after = server.requests[mark:]
    # nothing of Alice's DM went through the bot's own (budgeted) calls after her click
    own = [f"{r.method} {r.path}" for r in after if r.path.startswith(f"/channels/{dm}/")]
    assert own == []
    # her hand's, not the table message's (edited through the /table open token meanwhile)
    table = f"/messages/{table_message(server).id}"
    hooks = [r for r in after if r.path.startswith("/webhooks/") and not r.path.endswith(table)]
    edits = [r for r in hooks if r.method == "PATCH"]
    sends = [r for r in hooks if r.method == "POST"]
    deletes = [r for r in hooks if r.method == "DELETE"]
    # her pass changed her controls, not her cards: the edit uploads no picture and keeps
    # the one the message has
    assert edits, [f"{r.method} {r.path}" for r in hooks]
    assert all("attachments" not in (r.body or {}) and not r.files for r in edits)
    # the next decision is a fresh (notifying) message with the picture, the old one deleted
    assert len(sends) == 1 and sends[0].files == ["hand.png"]
    assert second.channel_id == dm and second.id != first.id
    assert second.attachment("hand.png") is not None
    assert len(deletes) == 1 and server.message(first.id).deleted
    assert [m.id for m in server.dms(alice) if m.custom_ids()] == [second.id]


async def test_a_table_edit_that_would_change_nothing_is_not_made(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    await bot.display.drain()
    await server.idle()
    message = table_message(server)
    versions = len(message.history)
    mark = len(server.requests)

    bot.display.refresh_table(tid)  # as after a move that shows nothing (a no-op pass)
    await bot.display.drain()
    # neither the bot's own call nor one through the /table open token
    calls = [r.path for r in server.requests[mark:]]
    assert [p for p in calls if p.startswith(("/channels/", "/webhooks/"))] == []

    seat = _required_seat(bot, tid)
    assert seat is not None
    user = seat_user(bot, tid, people, seat)
    legal = bot.service.legal_actions(tid, user.id, None)
    await bot.service.act(tid, user.id, next(a for a in legal if a.kind == "pass"), "p")
    await bot.display.drain()
    edited = server.message(message.id)
    assert len(edited.history) == versions + 1  # a real change is shown, once


async def test_a_failing_token_falls_back_to_the_bots_own_call_without_a_long_wait(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    # discord.py retries a webhook's 503 for ~25 s; the display gives a token call
    # token_call_s, then makes the bot's own call (found by a review of this change)
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    bot.display.token_call_s = 0.5
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    alice = people[0]
    step = await _pass_until_alice_must_move(bot, tid, people, alice)
    first = await _prompt(server, alice, tid, step)
    pass_id = next(c for c in first.custom_ids() if c.startswith("pj:a:") and c.endswith(":pass:"))
    await (await h.click(alice, first, pass_id)).final()
    await bot.display.drain()
    server.faults.add(Fault(503), template=r"/webhooks/.*", times=None)
    loop = asyncio.get_running_loop()
    began = loop.time()
    second_step = await _pass_until_alice_must_move(bot, tid, people, alice)
    second = await _prompt(server, alice, tid, second_step)
    assert loop.time() - began < 5.0
    await bot.display.drain()
    server.faults.calm()
    assert server.faults.injected  # the token was tried, and Discord failed it
    assert second.attachment("hand.png") is not None
    assert [m.id for m in server.dms(alice) if m.custom_ids()] == [second.id]


async def test_a_new_trump_regroups_the_other_players_hands(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    # a declaration changes no card in the others' hands, but their pictures group trumps
    # first: each is drawn again, not kept (the picture is kept only when what it shows is
    # the same)
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    for n in range(12):
        seat = _required_seat(bot, tid)
        assert seat is not None
        user = seat_user(bot, tid, people, seat)
        legal = bot.service.legal_actions(tid, user.id, None)
        declare = next((a for a in legal if a.kind == "declare"), None)
        if declare is not None:
            break
        await bot.service.act(tid, user.id, next(a for a in legal if a.kind == "pass"), f"p{n}")
    else:
        raise AssertionError("nobody could declare")
    await bot.display.drain()
    await server.idle()
    others = [u for u in people if u is not user]

    def picture(u: LoopbackUser) -> bytes:
        attachment = server.dms(u)[-1].attachment("hand.png")
        assert attachment is not None, u.name
        return attachment.data

    before = {u.id: picture(u) for u in others}
    mark = len(server.requests)
    await bot.service.act(tid, user.id, declare, "declare")
    await bot.display.drain()
    await server.idle()
    uploads = [r for r in server.requests[mark:] if r.files == ["hand.png"]]
    assert len(uploads) >= len(others)
    for u in others:
        assert picture(u) != before[u.id], u.name  # drawn again: trumps first now
