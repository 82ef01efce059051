"""A message sent through an interaction token that is slow but succeeds (found by a review):
the display waits ``token_call_s`` for it, then posts the message with the bot's own call;
the slow one, which Discord had taken, still lands later and must not stay beside it (a
second table message with live lobby buttons, a second hand prompt): it is deleted."""

from __future__ import annotations

from tests.discord.conftest import BotFactory
from tests.discord.play import four_people_all_dealt, table_id, table_message
from tests.discord.test_budget_paths import SEED, _pass_until_alice_must_move, _prompt
from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.faults import Fault

SEND = "/webhooks/{webhook_id}/{webhook_token}"  # a follow-up (POST)


async def _all_answered(server: LoopbackDiscord) -> None:
    """Wait until every follow-up the bot sent has been answered (the slow one included)."""
    await server.wait_until(
        lambda: all(
            r.status != 0 for r in server.requests if r.method == "POST" and "/webhooks/" in r.path
        ),
        what="the slow follow-up to land",
    )


async def test_a_slow_open_follow_up_leaves_one_table_message(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice, bob = server.add_users("alice", "bob")
    bot = make_bot()
    await h.start_bot(bot)
    bot.display.token_call_s = 0.3
    server.faults.add(Fault(0, delay=1.5), method="POST", template=SEND)
    opened = await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    assert opened.text().splitlines()[0] == "Table opened."
    await _all_answered(server)
    await bot.display.drain()
    await server.idle()
    assert server.faults.injected  # the follow-up was slow, and it did land
    lobby = table_message(server)  # exactly one
    assert bot.state.table_messages[table_id(lobby)][1] == lobby.id
    # the one left is the table's, and works: a join edits it
    await (await h.click(bob, lobby, f"pj:l:{table_id(lobby)}:join")).final()
    await server.wait_until(
        lambda: f"<@{bob.id}>" in server.message(lobby.id).text(), what="bob on the table"
    )


async def test_a_slow_fresh_hand_through_a_token_leaves_one_prompt(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, SEED)
    alice = people[0]
    step = await _pass_until_alice_must_move(bot, tid, people, alice)
    first = await _prompt(server, alice, tid, step)
    pass_id = next(c for c in first.custom_ids() if c.startswith("pj:a:") and c.endswith(":pass:"))
    await (await h.click(alice, first, pass_id)).final()
    await bot.display.drain()
    await server.idle()
    bot.display.token_call_s = 0.3
    # her next prompt is a fresh follow-up through her click's token: slow, but it lands
    server.faults.add(Fault(0, delay=1.5), method="POST", template=SEND, times=None)
    second_step = await _pass_until_alice_must_move(bot, tid, people, alice)
    await _prompt(server, alice, tid, second_step)
    await _all_answered(server)
    await bot.display.drain()
    await server.idle()
    server.faults.calm()
    assert server.faults.injected
    prompts = [m for m in server.dms(alice) if m.custom_ids()]
    assert len(prompts) == 1, [(m.id, m.text()[:40]) for m in prompts]
    assert bot.state.hand_messages[(tid, alice.id)][1] == prompts[0].id
    assert any(f":{tid}:{second_step}:" in c for c in prompts[0].custom_ids())
