"""Helpers for the end-to-end tests: find what a user sees, and act on it as they would."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tests.discord_loopback import (
    Harness,
    InteractionResult,
    LoopbackDiscord,
    LoopbackUser,
    StoredMessage,
)

if TYPE_CHECKING:
    from cogs.client import PaijuBot

CONTROL = re.compile(r"pj:[as]:(\d+):(\d+)")


def table_message(server: LoopbackDiscord) -> StoredMessage:
    """The one table message in the default channel (it carries pj:l / pj:v buttons, or none
    at the end: then the message that names the table)."""
    found = [
        m
        for m in server.channel_messages(server.channel)
        if any(c.startswith(("pj:l:", "pj:v:")) for c in m.custom_ids()) or "· #" in m.text()
    ]
    assert len(found) == 1, [m.text()[:60] for m in found]
    return found[0]


async def posted_table_message(server: LoopbackDiscord) -> StoredMessage:
    """:func:`table_message` once it is there: ``/table open`` answers privately, then posts
    the table message; the harness waits for that only for a bot in the test's own process
    (``InteractionResult.final``), so a test of a bot process of its own waits here."""

    def found() -> StoredMessage | None:
        try:
            return table_message(server)
        except AssertionError:
            return None

    return await server.wait_until(found, timeout=20, what="the table message")


def table_id(message: StoredMessage) -> int:
    match = re.search(r"· #(\d+)", message.text())
    assert match, message.text()
    return int(match.group(1))


def seat_user(bot: PaijuBot, tid: int, people: list[LoopbackUser], seat: int) -> LoopbackUser:
    """The one of ``people`` sitting at ``seat`` of table ``tid``."""
    table = bot.service.get(tid)
    return next(u for u in people if table.seat_of(u.id) == seat)


async def four_people_all_dealt(
    h: Harness, server: LoopbackDiscord, bot: PaijuBot, seed: int
) -> tuple[int, list[LoopbackUser]]:
    """A 扒鸡窝 table of four people (alice, bob, carol, dave; nothing moves unless a test
    moves it), every card dealt at once, started with ``seed``: ``(table id, the people)``."""
    people = server.add_users("alice", "bob", "carol", "dave")
    alice = people[0]
    await (await h.slash(alice, "table open", game="pajiwo", preset="quick")).final()
    tid = table_id(table_message(server))
    await (await h.slash(alice, "table options", set="deal=all_at_once")).final()
    for user in people[1:]:
        await (await h.slash(user, "table join")).final()
    await bot.service.start(server.channel.id, alice.id, seed=seed)
    return tid, people


def hand_messages(server: LoopbackDiscord, user: LoopbackUser) -> list[StoredMessage]:
    """The user's private hand messages: in their DMs and their ephemeral replies."""
    mine = server.dms(user) + server.ephemerals(user)
    return [m for m in mine if m.attachment("hand.png") is not None or "· #" in m.text()]


def controls(message: StoredMessage) -> tuple[int, list[str]] | None:
    """``(step, custom_ids)`` of the move controls on a hand message, or None."""
    ids = [c for c in message.custom_ids() if CONTROL.match(c)]
    if not ids:
        return None
    steps = {int(CONTROL.match(c).group(2)) for c in ids}  # type: ignore[union-attr]
    return max(steps), ids


async def answer(result: InteractionResult) -> StoredMessage:
    """The bot's answer: the deferred reply once it is filled in (type 5), else the first
    follow-up (after a silent type-6 acknowledgement); type 4 is the reply itself."""
    if result.type in (4, 5):
        return await result.final()
    return await result.followup()


@dataclass
class Player:
    """A person at the table and how they get their hand (DM, or View hand when DMs are closed)."""

    user: LoopbackUser
    via_view_hand: bool = False
    done_steps: set[int] = field(default_factory=set)
    moves: int = 0
    slash_plays: int = 0  # this many of their plays go through /play and its autocomplete


async def act_once(h: Harness, server: LoopbackDiscord, player: Player) -> bool:
    """If ``player`` sees move controls they have not used yet, use the most useful one.

    Select menus offer legal moves most useful first: take the first option. A
    button alone (pass) is clicked. Returns True when a move was sent.
    """
    if player.via_view_hand:
        table = table_message(server)
        if f"<@{player.user.id}>" not in _turn_lines(table.text()):
            return False
        tid = table_id(table)
        result = await h.click(player.user, table, f"pj:v:{tid}:hand")
        message = await answer(result)
    else:
        candidates = [m for m in server.dms(player.user) if controls(m)]
        if not candidates:
            return False
        message = candidates[-1]
    found = controls(message)
    if found is None:
        return False
    step, ids = found
    if step in player.done_steps:
        return False
    select = next((c for c in ids if c.startswith("pj:s:")), None)
    first = message.component(select)["options"][0]["value"] if select else ""  # type: ignore[index]
    if player.slash_plays > 0 and first.startswith("play:"):
        choices = await h.autocomplete(player.user, "play", "cards", "")
        assert choices and choices[0]["value"] == first  # same list, most useful first
        played = await h.slash(player.user, "play", cards=choices[0]["value"])
        assert "✅" in (await played.final()).text()
        player.slash_plays -= 1
        player.done_steps.add(step)
        player.moves += 1
        return True
    if select is not None:
        component = message.component(select)
        assert component is not None
        value = component["options"][0]["value"]
        result = await h.select(player.user, message, select, [value])
    else:
        result = await h.click(player.user, message, ids[0])
    assert result.type == 6, f"a move must be acknowledged silently, got {result.type}"
    player.done_steps.add(step)
    player.moves += 1
    # a refusal would come as an ephemeral follow-up naming the rule
    assert not [f.text() for f in result.followups if "❌" in f.text()], result.followups
    return True


def _turn_lines(content: str) -> str:
    return "\n".join(line for line in content.splitlines() if "Turn:" in line or "轮到" in line)
