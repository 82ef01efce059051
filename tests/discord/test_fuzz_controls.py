"""Crafted custom_ids and select values are refused with a clear message and never raise
(issue 20 F9), through the loopback Discord: a few hundred hypothesis cases (see
:mod:`tests.discord.fuzz_controls`; ``python -m benchmarks fuzz_controls`` runs 10,000) on
a lobby's table message (the seat menu's values) and on a player's hand message during play.
"""

from __future__ import annotations

import logging

import pytest

from tests.discord.conftest import BotFactory
from tests.discord.fuzz_controls import cases, poke
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord


async def test_crafted_controls_are_answered_and_never_go_wrong(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    caplog: pytest.LogCaptureFixture,
) -> None:
    server, h = discord_server, discord_harness
    alice, bob = server.add_users("alice", "bob")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    tid = table_id(table_message(server))
    caplog.set_level(logging.ERROR)
    answered = 0
    for case in cases(tid, 60, seed=1):
        texts = await poke(h, bob, table_message(server), case)  # bob is not seated
        assert not any("went wrong" in t.lower() for t in texts), (case, texts)
        answered += bool(texts)
    # the game starts: crafted controls on Alice's own hand message
    await (await h.slash(alice, "table addbot")).final()
    await bot.service.start(server.channel.id, alice.id, seed=3)
    hand = await server.wait_until(
        lambda: next((m for m in reversed(server.dms(alice)) if m.custom_ids()), None),
        what="Alice's hand message",
    )
    for case in cases(tid, 60, seed=2):
        texts = await poke(h, alice, hand, case)
        assert not any("went wrong" in t.lower() for t in texts), (case, texts)
        answered += bool(texts)
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], errors[:3]
    assert answered >= 300  # nearly every crafted control gets a refusal to read
    assert server.take_violations() == []
