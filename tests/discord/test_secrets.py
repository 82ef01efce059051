"""Secrets kept on Discord (issue 20 F1-F3, docs/security.md), through the loopback server.

* F1: at a 金坛 table with two people, Alice's discard that Bob could pong gives the same
  table message (every edit), the same channel lines and the same seat markers as the same
  discard nobody can claim; only Bob's own DM offers the pong.
* F2: claim windows offered to a person time out again and again: nothing is posted (no
  "ran out of time", no "missed three turns"), no 🤖(auto) marker, no missed turn counted.
* F3: 打滚子: a non-dealer picks the first 扣王 option of her own menu; the answer is the same
  whether the dealer's hidden kitty has one small card to pay back or six.

The table service runs on a manual scheduler (``bot.timers.ManualScheduler``): the test
moves the clock instead of waiting out the pace.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.config import Settings
from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from cogs.client import PaijuBot, create_bot
from cogs.mahjong_text import tile_text
from games.base import Action
from games.tiles import parse_tile
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage
from tests.discord_loopback.models import Channel

SEED = 14
SEED_DAGUNZI = 5
HONOURS = ("C", "F", "P", "E", "S", "W", "N")


@asynccontextmanager
async def _running(
    server: LoopbackDiscord, h: Harness, db_path: Path
) -> AsyncIterator[tuple[PaijuBot, TableService, ManualScheduler]]:
    store = await Store.open(db_path)
    scheduler = ManualScheduler(FakeClock())
    service = TableService(store, scheduler=scheduler, default_pace="relaxed", rng_seed=3)
    settings = Settings(
        database_path=db_path,
        dev_guild_id=server.guild.id,
        discord_api_base=server.api_base,
        discord_gateway_url=server.gateway_url,
    )
    bot = create_bot(settings, service=service, edit_intervals=(0.2, 0.1), guild_ready_timeout=0.05)

    async def pump() -> None:  # what the asyncio scheduler would do: run what is due
        while True:
            await scheduler.run_due()
            await asyncio.sleep(0.02)

    pumping = asyncio.create_task(pump())
    try:
        await h.start_bot(bot)
        yield bot, service, scheduler
    finally:
        pumping.cancel()
        await bot.close()
        await service.shut_down()
        await store.close()


def _table_message(server: LoopbackDiscord, channel: Channel) -> StoredMessage:
    found = [m for m in server.channel_messages(channel) if "· #" in m.text()]
    assert len(found) == 1, [m.text()[:60] for m in found]
    return found[0]


def _contents(message: StoredMessage) -> list[str]:
    """Every version the message was shown in, oldest first."""
    return [v.content for v in message.history] + [message.text()]


def _plain(text: str) -> str:
    """A table's text with what differs between two tables of one test cut out: the table
    number, and the turn's deadline (an edit may be drawn between a move and its deadline)."""
    return re.sub(r" · deadline <t:\d+:R>", "", re.sub(r"#\d+", "#…", text))


async def _settle(bot: PaijuBot, server: LoopbackDiscord) -> None:
    await asyncio.sleep(0.1)
    await bot.display.drain()
    await server.idle()


# ----------------------------------------------------------------------------- F1
def _rig_honour(engine: Any, counts: dict[int, int]) -> str:
    """Give each seat exactly ``counts[seat]`` of one honour tile nobody has discarded or
    melded, swapping with tiles of the live wall (the tiles stay conserved)."""
    for text in HONOURS:
        tile = parse_tile(text).index
        played = any(t == tile for r in engine.river for t, _ in r) or any(
            tile in m.tiles for melds in engine.melds for m in melds
        )
        if not played:
            break
    else:  # pragma: no cover - seven honours unplayed at the first discard
        raise AssertionError("no honour tile left to rig")
    wall = engine.wall
    live = range(wall.front, wall.back)
    for seat, want in sorted(counts.items(), key=lambda kv: kv[1]):  # surplus out first
        hand = engine.hands[seat]
        while hand.count(tile) > want:
            i = next(i for i in live if wall.tiles[i] != tile)
            j = hand.index(tile)
            hand[j], wall.tiles[i] = wall.tiles[i], hand[j]
        while hand.count(tile) < want:
            i = next(i for i in live if wall.tiles[i] == tile)
            j = next(j for j, t in enumerate(hand) if t != tile and t != engine.drawn)
            hand[j], wall.tiles[i] = wall.tiles[i], hand[j]
    return text


async def _one_discard(
    h: Harness,
    server: LoopbackDiscord,
    bot: PaijuBot,
    service: TableService,
    scheduler: ManualScheduler,
    channel: Channel,
    alice: LoopbackUser,
    bob: LoopbackUser,
    bob_may_pong: bool,
) -> tuple[list[str], list[str], list[str]]:
    """Open a table in ``channel``, play to Alice's first discard, rig it, discard, settle.
    Returns the table message once the discard is shown (held for the pause) and once
    the pause is over, the channel's other lines from the discard on, and the seat lines."""
    await (
        await h.slash(
            alice, "table open", channel=channel, game="jintan", preset="quick", pace="live"
        )
    ).final()
    await (await h.slash(bob, "table join", channel=channel)).final()
    for _ in range(2):
        await (await h.slash(alice, "table addbot", channel=channel)).final()
    table = await service.start(channel.id, alice.id, seed=SEED)
    engine = table.engine
    assert engine is not None and engine.options.claim_pause_ms == 2000
    people = {alice.id: 0, bob.id: 1}
    for n in range(400):  # the people follow the hint (and pass every claim)
        if engine.phase == "discard" and engine.turn == 0:
            break
        waiting = [d.seat for d in engine.pending() if d.required and d.seat in (0, 1)]
        if not waiting:
            await scheduler.advance(0.5)  # bots at once; a claim pause is 1 to 3 s
            await asyncio.sleep(0.01)
            continue
        user = alice if waiting[0] == 0 else bob
        move = service.hint(table.id, user.id)
        assert move is not None
        if engine.phase == "claim":
            move = Action(people[user.id], "pass")
        await service.act(table.id, user.id, move, f"m{n}")
    assert engine.phase == "discard" and engine.turn == 0
    tile = _rig_honour(engine, {0: 1, 1: 2 if bob_may_pong else 0, 2: 0, 3: 0})
    await _settle(bot, server)
    message = _table_message(server, channel)
    shown_before = len(_contents(message))
    shown_tile = tile_text("en", tile)
    lines_before = len(server.channel_messages(channel))
    await service.act(table.id, alice.id, Action(0, "discard", {"tile": tile}), "the-discard")
    window = engine.window
    assert window is not None and set(window.offers) == ({1} if bob_may_pong else set())
    pause = next(d.delay_s for d in engine.pending() if d.seat is None)
    assert pause is not None and 1.0 <= pause <= 3.0
    await _settle(bot, server)
    assert engine.phase == "claim"  # held for the pause, whoever may claim
    shown = [_plain(_table_message(server, channel).text())]  # the settled states
    if bob_may_pong:
        offered = [m for m in server.dms(bob) if any("pong" in c for c in m.custom_ids())]
        assert offered, "Bob's own DM offers the pong"
        await service.act(table.id, bob.id, Action(1, "pass"), "bob-passes")  # at once
        await _settle(bot, server)
        assert engine.phase == "claim"  # his answer shows nothing: the pause goes on
        assert _plain(_table_message(server, channel).text()) == shown[0]
    await scheduler.advance(pause)
    assert engine.phase == "discard" and engine.turn == 1
    await _settle(bot, server)
    message = _table_message(server, channel)
    shown.append(_plain(message.text()))
    assert f"last discard: alice {shown_tile}" in shown[0]
    # every version since the discard, also one drawn mid-move, names no claim
    for text in _contents(message)[shown_before:]:
        assert "claim" not in text.lower() and "window" not in text.lower(), text
    others = [
        _plain(m.text()) for m in server.channel_messages(channel)[lines_before:] if m != message
    ]
    seats = [line for line in message.text().splitlines() if re.match(r"\d\. ", line)]
    await (await h.slash(alice, "table abort", channel=channel)).final()
    return shown, others, seats


async def test_a_discard_bob_could_pong_reads_like_one_nobody_can_claim(
    discord_server: LoopbackDiscord, discord_harness: Harness, db_path: Path
) -> None:
    server, h = discord_server, discord_harness
    alice, bob = server.add_users("alice", "bob")
    async with _running(server, h, db_path) as (bot, service, scheduler):
        first, second = server.add_channel("pong"), server.add_channel("nothing")
        pong = await _one_discard(h, server, bot, service, scheduler, first, alice, bob, True)
        nothing = await _one_discard(h, server, bot, service, scheduler, second, alice, bob, False)
    shown, others, seats = pong
    # the table message went through the same versions, the channel got the same lines,
    # and the seat markers are the same: nothing public tells that Bob could pong
    assert (shown, others, seats) == nothing  # the held discard, then Bob's turn
    for text in [*shown, *others]:
        assert "claim" not in text.lower() and "window" not in text.lower(), text
        assert "View hand" not in text


# ----------------------------------------------------------------------------- F2
async def test_a_missed_claim_posts_nothing_and_is_no_missed_turn(
    discord_server: LoopbackDiscord, discord_harness: Harness, db_path: Path
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    async with _running(server, h, db_path) as (bot, service, scheduler):
        await (await h.slash(alice, "table open", game="jintan", pace="10s")).final()
        for _ in range(3):
            await (await h.slash(alice, "table addbot")).final()
        table = await service.start(server.channel.id, alice.id, seed=SEED)
        engine = table.engine
        assert engine is not None
        missed = 0
        for n in range(5000):
            if engine.is_over or missed >= 3:
                break
            mine = [d for d in engine.pending() if d.required and d.seat == 0]
            if not mine:
                await asyncio.sleep(0.01)
                continue
            if mine[0].private:  # a claim: let it run out (to its deadline, no further)
                deadline = service.get(table.id).timers.get(0)
                if deadline is None:  # the move that opened it is still being stored
                    await asyncio.sleep(0.01)
                    continue
                due = deadline.due
                await scheduler.advance(due - scheduler.clock() + 0.01)
                missed += 1
                await asyncio.sleep(0.05)
                continue
            move = service.hint(table.id, alice.id)
            assert move is not None
            await service.act(table.id, alice.id, move, f"m{n}")
        assert missed >= 3
        await _settle(bot, server)
        seat = service.get(table.id).seats[0]
        assert (seat.timeouts_in_a_row, seat.auto) == (0, False)
        channel = server.channel_messages(server.channel)
        every = [m.text() for m in channel] + [v.content for m in channel for v in m.history]
        text = "\n".join(every)
        assert "missed three" not in text and "ran out of time" not in text
        assert "🤖(auto)" not in text and "⏰" not in text


# ----------------------------------------------------------------------------- F3
def _rig_kitty(engine: Any, seat: int, small: int) -> None:
    """Make the hidden kitty hold ``small`` cards a joker burial takes back (neither points
    nor jokers) and point cards for the rest, swapping with the hands of the seats other
    than ``seat`` (whose view stays the same)."""
    from games.dagunzi import rules as R

    def wanted(i: int, card: Any) -> bool:
        return bool(R.pickable([card])) if i < small else card.points > 0

    others = [engine.hands[s] for s in range(4) if s != seat]
    for i, card in enumerate(engine.kitty):
        if wanted(i, card):
            continue
        hand, j = next((hand, j) for hand in others for j, c in enumerate(hand) if wanted(i, c))
        engine.kitty[i], hand[j] = hand[j], card
    assert len(R.pickable(engine.kitty)) == small


async def _first_joker_burial(
    h: Harness,
    server: LoopbackDiscord,
    bot: PaijuBot,
    service: TableService,
    channel: Channel,
    people: list[LoopbackUser],
    small: int,
) -> tuple[int, list[str], str]:
    """A 打滚子 table of four people in ``channel``, played by the hint to the first 扣王
    decision of a seat holding jokers; the hidden kitty is rigged to hold ``small`` cards to
    take back; that seat picks the first 扣王 entry of its own menu (its DM controls).
    Returns the answer's type, its follow-ups' texts, and what the seat's DM then says."""
    host = people[0]
    await (
        await h.slash(host, "table open", channel=channel, game="dagunzi", preset="quick")
    ).final()
    for user in people[1:]:
        await (await h.slash(user, "table join", channel=channel)).final()
    table = await service.start(channel.id, host.id, seed=SEED_DAGUNZI)
    engine: Any = table.engine
    user_at = {table.seat_of(u.id): u for u in people}
    for n in range(3000):
        if engine.phase == "bury_jokers" and any(c.is_joker for c in engine.hands[engine.turn]):
            break
        waiting = [d.seat for d in engine.pending() if d.required and d.seat is not None]
        if not waiting:
            await asyncio.sleep(0.01)
            continue
        user = user_at[waiting[0]]
        move = service.hint(table.id, user.id)
        assert move is not None
        await service.act(table.id, user.id, move, f"m{n}")
    assert engine.phase == "bury_jokers", engine.phase
    seat = engine.turn
    _rig_kitty(engine, seat, small)
    user = user_at[seat]
    menu = [a for a in service.legal_actions(table.id, user.id) if a.kind == "bury_jokers"]
    assert len(menu[0].data["cards"]) >= 2, menu  # more jokers than one small card pays
    step = len(engine.actions)
    mark = f":{table.id}:{step}"

    def ready() -> StoredMessage | None:
        found = [
            m
            for m in server.dms(user)
            if not m.deleted and any(c.startswith("pj:") and mark in c for c in m.custom_ids())
        ]
        return found[-1] if found else None

    prompt = await server.wait_until(ready, what="the 扣王 controls")
    select = f"pj:s:{table.id}:{step}"
    component = prompt.component(select)
    assert component is not None, prompt.custom_ids()
    first = next(o for o in component["options"] if "bury_jokers" in o["value"])
    result = await h.select(user, prompt, select, [first["value"]])
    await server.wait_until(lambda: len(engine.actions) > step, what="the 扣王 to land")
    buried = engine.actions[step]
    assert (buried.seat, buried.kind) == (seat, "bury_jokers")
    # the seat's next hand may ride this click's token as a follow-up or come as a DM edit,
    # as the hand delivery's timing falls: the answer itself is what must read the same
    texts = [f.text() for f in result.followups if not f.text().startswith("**Your hand at")]
    await (await h.slash(host, "table abort", channel=channel)).final()
    return result.type, texts, first["label"]


async def test_a_dagunzi_joker_burial_reads_the_same_whatever_the_kitty_holds(
    discord_server: LoopbackDiscord, discord_harness: Harness, db_path: Path
) -> None:
    server, h = discord_server, discord_harness
    people = server.add_users("alice", "bob", "carol", "dave")
    async with _running(server, h, db_path) as (bot, service, _):
        few = await _first_joker_burial(
            h, server, bot, service, server.add_channel("few"), people, small=1
        )
        many = await _first_joker_burial(
            h, server, bot, service, server.add_channel("many"), people, small=6
        )
    # the probe of issue 20 F3: with one small card in the kitty the first entry was
    # refused ("the kitty has 1 card to take back"); now both are accepted alike
    assert few == many
    kind, texts, _label = few
    assert kind == 6 and not [t for t in texts if "❌" in t or "kitty" in t.lower()]


# ----------------------------------------------------------------------------- closed DMs
async def test_closed_dms_learn_of_a_claim_in_view_hand_never_in_the_channel(
    discord_server: LoopbackDiscord, discord_harness: Harness, db_path: Path
) -> None:
    """Bob's DMs are closed. His View-hand reply, kept up to date, offers him the pong of
    Alice's discard; the channel never mentions him for it (a mention would tell everyone
    that he may claim)."""
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", dms_open=False)
    async with _running(server, h, db_path) as (bot, service, scheduler):
        await (
            await h.slash(alice, "table open", game="jintan", preset="quick", pace="live")
        ).final()
        await (await h.slash(bob, "table join")).final()
        for _ in range(2):
            await (await h.slash(alice, "table addbot")).final()
        table = await service.start(server.channel.id, alice.id, seed=SEED)
        engine: Any = table.engine
        for n in range(400):  # the people follow the hint (and pass every claim)
            if engine.phase == "discard" and engine.turn == 0:
                break
            waiting = [d.seat for d in engine.pending() if d.required and d.seat in (0, 1)]
            if not waiting:
                await scheduler.advance(0.5)
                await asyncio.sleep(0.01)
                continue
            user = alice if waiting[0] == 0 else bob
            move = service.hint(table.id, user.id)
            assert move is not None
            if engine.phase == "claim":
                move = Action(waiting[0], "pass")
            await service.act(table.id, user.id, move, f"m{n}")
        tile = _rig_honour(engine, {0: 1, 1: 2, 2: 0, 3: 0})
        await (await h.slash(bob, "hand")).final()  # View hand: kept up to date from now
        await _settle(bot, server)
        mentions_before = [
            m.id for m in server.channel_messages(server.channel) if f"<@{bob.id}>" in m.text()
        ]
        await service.act(table.id, alice.id, Action(0, "discard", {"tile": tile}), "discard")
        assert set(engine.window.offers) == {1}

        def offered() -> StoredMessage | None:
            return next(
                (m for m in server.ephemerals(bob) if any("pong" in c for c in m.custom_ids())),
                None,
            )

        await server.wait_until(offered, what="the pong in Bob's View-hand reply")
        await _settle(bot, server)
        late = [
            m.text()
            for m in server.channel_messages(server.channel)
            if f"<@{bob.id}>" in m.text()
            and m.id not in mentions_before
            and "· #" not in m.text()  # the table message names its seats
        ]
        assert late == []
        table_text = _table_message(server, server.channel).text()
        assert "claim" not in table_text.lower() and "View hand" not in table_text
