"""Player-given text is shown inertly (issue 20 F7), through the loopback Discord: a player
named ``<@victim>`` declares trump and plays a hand, another is named like a masked link; every
request the bot sends is read back: no content mentions the victim or carries the link, and
every ``allowed_mentions`` pings at most the table's own people, never by parsing the text."""

from __future__ import annotations

import random
from typing import Any

from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord

LINK_NAME = "[Open hand](https://evil.example/login)"


def _sent(server: LoopbackDiscord) -> list[dict[str, Any]]:
    """The bodies of every message the bot posted or edited (channel, DM, interaction)."""
    out = []
    for record in server.requests:
        body = record.body
        if (
            record.method in ("POST", "PATCH")
            and isinstance(body, dict)
            and ("content" in body or "allowed_mentions" in body or "components" in body)
        ):
            out.append(body)
    return out


def _texts(body: dict[str, Any]) -> list[str]:
    """The content and every text display of a message body (components v2 included)."""
    texts = [str(body.get("content") or "")]

    def walk(items: Any) -> None:
        for item in items or []:
            if isinstance(item, dict):
                if isinstance(item.get("content"), str):
                    texts.append(item["content"])
                walk(item.get("components"))
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])

    walk(body.get("components"))
    return texts


async def test_a_name_that_looks_like_a_mention_or_a_link_stays_text(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    victim = server.add_user("victim")
    mallory = server.add_user(f"<@{victim.id}>")
    linky = server.add_user(LINK_NAME)
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(mallory, "table open", game="pajiwo", preset="quick")).final()
    tid = table_id(table_message(server))
    await (await h.slash(mallory, "table options", set="deal=all_at_once")).final()
    await (await h.slash(linky, "table join")).final()
    await (await h.slash(mallory, "table addbot")).final()
    await (await h.slash(mallory, "table start")).final()
    table = bot.service.get(tid)
    engine = table.engine
    assert engine is not None
    people = {table.seat_of(mallory.id): mallory, table.seat_of(linky.id): linky}
    rng = random.Random(1)
    while not engine.is_over:
        waiting = [d.seat for d in engine.pending() if d.required and d.seat in people]
        if not waiting:
            await server.wait_until(
                lambda: (
                    engine.is_over
                    or any(d.required and d.seat in people for d in engine.pending())
                    or None
                ),
                what="a person's turn",
            )
            continue
        user = people[waiting[0]]
        legal = bot.service.legal_actions(tid, user.id, None)
        declares = [a for a in legal if a.kind == "declare"]  # Mallory declares when she can
        move = declares[0] if declares and user is mallory else rng.choice(legal[:3])
        await bot.service.act(tid, user.id, move, f"t:{len(engine.actions)}")
    await bot.display.drain()
    await server.idle()

    bodies = _sent(server)
    shown = "\n".join(t for b in bodies for t in _texts(b))
    # the names were shown (else this test would prove nothing) ...
    assert "Open hand" in shown
    assert f"<\u200b@\u200b{victim.id}>" in shown, "Mallory's name is shown, inert"
    # ... and never as a mention or a masked link, nor as a link at all
    assert f"<@{victim.id}>" not in shown
    assert LINK_NAME not in shown and "https://evil.example" not in shown
    assert "\\[Open hand]" in shown
    # nobody is pinged by parsing; a ping names its users, and only the table's people
    allowed_users = {str(mallory.id), str(linky.id)}
    for body in bodies:
        mentions = body.get("allowed_mentions")
        if mentions is None:
            # Discord parses every mention of a message sent without allowed_mentions
            assert not any(_texts(body)), body
            continue
        assert not set(mentions.get("parse") or []) & {"users", "everyone", "roles"}, body
        assert set(mentions.get("users") or []) <= allowed_users, body
    assert server.take_violations() == []
