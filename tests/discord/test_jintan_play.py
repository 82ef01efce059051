"""金坛麻将 through the loopback Discord: a whole hand with two people and two bots, every
move of the people made from their DM controls (the discard select, the claim buttons).

Seed 14 (``quick``: one hand) with every seat playing as the heuristic bot would is a hand
with flower replacements, two pongs (seats 2 and 3, bots), an exposed kong of 8m with its
replacement draw (seat 1, Bob, from the 杠 button) and Bob's win on a discard (the 胡
button); the people follow the hint, so the hand is the heuristic's, found by playing the
engine alone (``_hand_of_seed``). Alice is seat 0 and reads English, Bob seat 1 and Chinese.

Privacy (``docs/security.md``, claims): while a window waits for Bob, the table message, the
channel, Alice's DM, her hint and her refusal show only the last discard;
no channel message ever lists a claim kind as someone's turn.
"""

from __future__ import annotations

import json
import random
import re

from bot.errors import TableError
from cogs.client import PaijuBot
from cogs.display import step_of
from cogs.present import encode_action
from games.base import Action
from games.jintan import HeuristicPlayer, JintanGame, JintanOptions
from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage

SEED = 14
CLAIM_WORDS = re.compile(r"(碰|吃|胡|过|pong|chow|win|pass)")


def _hand_of_seed() -> list[tuple[str, int | None]]:
    """The hand's events (kind, seat) when every seat plays as the heuristic bot."""
    game = JintanGame(SEED, JintanOptions.from_dict({"match": "one_hand"}))
    events: list[tuple[str, int | None]] = []
    while game.phase == "discard" or game.phase == "claim":
        d = next(d for d in game.pending() if d.required)
        assert d.seat is not None
        move = HeuristicPlayer().choose(game, d.seat, random.Random(0))
        events += [(e.kind, e.seat) for e in game.apply(move)]
    return events


def test_the_seed_gives_a_pong_a_kong_a_flower_and_a_win() -> None:
    events = _hand_of_seed()
    kinds = [k for k, _ in events]
    assert ("kong", 1) in events and ("pong", 2) in events and ("pong", 3) in events
    assert "flower" in kinds and kinds[-2:] == ["hand_over", "match_over"]
    kong_at = events.index(("kong", 1))
    assert events[kong_at + 1][0] == "draw"  # the kong's replacement draw


async def _open(
    h: Harness, server: LoopbackDiscord, bot: PaijuBot
) -> tuple[int, LoopbackUser, LoopbackUser]:
    alice, bob = server.add_users("alice", "bob")
    bob.locale = "zh-CN"
    await (await h.slash(alice, "table open", game="jintan", preset="quick")).final()
    tid = table_id(table_message(server))
    await (await h.slash(bob, "table join", locale="zh-CN")).final()
    await (await h.slash(alice, "table addbot")).final()
    await (await h.slash(alice, "table addbot")).final()
    await bot.service.start(server.channel.id, alice.id, seed=SEED)
    return tid, alice, bob


def _step(bot: PaijuBot, tid: int) -> int:
    return step_of(bot.service.get(tid))


async def _prompt(
    server: LoopbackDiscord, user: LoopbackUser, tid: int, step: int
) -> StoredMessage:
    """The user's DM hand message once it carries controls of this step."""
    marks = (f"pj:a:{tid}:{step}:", f"pj:s:{tid}:{step}")

    def ready() -> StoredMessage | None:
        found = [m for m in server.dms(user) if any(c.startswith(marks) for c in m.custom_ids())]
        return found[-1] if found else None

    return await server.wait_until(ready, what=f"{user.name}'s controls at step {step}")


async def _play_hint(
    h: Harness, server: LoopbackDiscord, bot: PaijuBot, tid: int, user: LoopbackUser
) -> Action:
    """Make the move the hint names, from the DM controls (a button or a select option)."""
    step = _step(bot, tid)
    hint = bot.service.hint(tid, user.id)
    assert hint is not None
    value = encode_action(hint, 0)
    prompt = await _prompt(server, user, tid, step)
    button = f"pj:a:{tid}:{step}:{value}"
    if button in prompt.custom_ids():
        result = await h.click(user, prompt, button)
    else:
        select = f"pj:s:{tid}:{step}"
        component = prompt.component(select)
        assert component is not None, (value, prompt.custom_ids())
        assert value in [o["value"] for o in component["options"]], (value, component)
        result = await h.select(user, prompt, select, [value])
    assert result.type == 6
    assert not [f.text() for f in result.followups if "❌" in f.text()]
    await server.wait_until(lambda: _step(bot, tid) > step, what=f"{user.name}'s {hint.kind}")
    return hint


async def _check_window_is_private(
    h: Harness,
    server: LoopbackDiscord,
    bot: PaijuBot,
    tid: int,
    alice: LoopbackUser,
    bob: LoopbackUser,
) -> None:
    """A window waits for Bob (and maybe bots), not Alice: nobody but Bob learns it."""
    await bot.display.drain()
    await server.idle()
    table = table_message(server)
    text = table.text()
    # the table reads as after any discard: the last discard, no word of a claim
    assert "last discard: " in text
    assert "claim" not in text.lower() and "View hand" not in text
    assert not [line for line in text.splitlines() if "Turn:" in line]
    # Alice's DM: no claim controls, no word of a claim
    for dm in server.dms(alice):
        assert not [c for c in dm.custom_ids() if c.startswith("pj:a:") and c.endswith("pass:")]
        assert "claim it or pass" not in dm.text()
    # her hint has nothing, and a pass is refused without naming anyone
    assert bot.service.hint(tid, alice.id) is None
    try:
        await bot.service.act(tid, alice.id, Action(0, "pass", {}), "alice-pokes")
    except TableError as exc:
        assert "bob" not in exc.message and "seat 1" not in exc.message
        assert exc.message in ("it is not your turn", "you have no claim on this tile")
    else:
        raise AssertionError("alice's pass was accepted")
    # the public view and the spectator's picture come from the same view: no offers in it
    public = json.dumps(bot.service.view(tid, None))
    assert "offers" not in public and '"claim": {' not in public
    assert bot.service.view(tid, alice.id).get("claim") is None
    # Bob sees his own offer, in Chinese
    offered = await _prompt(server, bob, tid, _step(bot, tid))
    assert "要吃碰胡，还是过" in offered.text()


async def test_a_whole_hand_from_the_dm_controls_with_pong_kong_flower_and_win(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, alice, bob = await _open(h, server, bot)
    engine = bot.service.get(tid).engine
    assert isinstance(engine, JintanGame)
    people = {0: alice, 1: bob}
    assert [bot.service.get(tid).seat_of(u.id) for u in (alice, bob)] == [0, 1]
    made: list[Action] = []
    windows_for_bob_only = 0
    for _ in range(200):
        if engine.phase not in ("discard", "claim"):
            break
        waiting = [d.seat for d in engine.pending() if d.required and d.seat in people]
        if not waiting:
            await server.wait_until(
                lambda: (
                    engine.phase not in ("discard", "claim")
                    or any(d.required and d.seat in people for d in engine.pending())
                ),
                what="the bots' moves",
            )
            continue
        if engine.phase == "claim" and waiting == [1] and 0 not in engine.window.offers:  # type: ignore[union-attr]
            windows_for_bob_only += 1
            if windows_for_bob_only == 1:
                await _check_window_is_private(h, server, bot, tid, alice, bob)
        made.append(await _play_hint(h, server, bot, tid, people[waiting[0]]))
    assert engine.phase == "match_over"
    assert windows_for_bob_only >= 1
    kinds = [(a.seat, a.kind) for a in made]
    assert (1, "kong") in kinds and (1, "win") in kinds and (0, "discard") in kinds
    assert [e for e in engine.hand_results[-1].summary["winners"]] == [1]  # type: ignore[union-attr]

    result_line = (
        "Hand 1: bob wins on Bot 4's 5 Characters: 2 花, 鸡胡 no 番, worth 3, Bot 4 pays 3"
    )

    def channel_text() -> str:
        channel = server.channel_messages(server.channel)
        return "\n".join(
            [m.text() for m in channel] + [v.content for m in channel for v in m.history]
        )

    await server.wait_until(lambda: result_line in channel_text(), what="the result posted")
    await bot.display.drain()
    await server.idle()
    channel = server.channel_messages(server.channel)
    every = [m.text() for m in channel] + [v.content for m in channel for v in m.history]
    joined = "\n".join(every)
    # what happened, replayed from the stored moves: flowers replaced, two pongs, Bob's
    # exposed kong and its replacement draw, Bob's win
    replay = JintanGame(SEED, engine.options)
    events = [(e.kind, e.seat) for a in engine.actions for e in replay.apply(a)]
    assert events == _hand_of_seed()
    assert "flower" in [k for k, _ in events] and ("pong", 2) in events
    assert events[events.index(("kong", 1)) + 1] == ("draw", 1)
    # the lines the table saw: flowers, the result with 花, 番 and the payment
    assert "lays out a flower" in joined
    lines = [line.removeprefix("· ") for line in joined.splitlines()]
    assert result_line in lines
    # no channel message ever named a claim as someone's turn, nor timed anyone out
    for text in every:
        for line in text.splitlines():
            if "Turn:" in line:
                assert not CLAIM_WORDS.search(line.split("—", 1)[1]), line
        assert "ran out of time" not in text
    # Bob's DM ends with the result, in Chinese
    last = server.dms(bob)[-1].text()
    assert "第 1 局" in last and "胡" in last and "付" in last
    # the pictures: a hand picture in each DM, the table picture on the table message
    assert server.dms(alice)[-1].attachment("hand.png") is not None
    assert table_message(server).attachment("table.png") is not None


def _with(message: StoredMessage | None, custom_id: str) -> StoredMessage | None:
    return message if message is not None and custom_id in message.custom_ids() else None


async def test_standing_choices_are_settings_not_a_prompt(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, alice, bob = await _open(h, server, bot)
    engine = bot.service.get(tid).engine
    assert engine is not None

    def with_settings() -> StoredMessage | None:
        found = [m for m in server.dms(alice) if f"pj:m:{tid}:settings" in m.custom_ids()]
        return found[-1] if found else None

    message = await server.wait_until(with_settings, what="alice's settings control")
    bobs_prompt = await _prompt(server, bob, tid, 0)  # Bob deals: his discard is asked
    await server.idle()
    bobs_versions = len(server.message(bobs_prompt.id).history)
    assert "Settings: none on" in message.text()
    assert "standing" not in message.text().split("Settings")[0]  # never offered as a move
    # one settings control on the prompt, not three toggles
    assert [c for c in message.custom_ids() if c.startswith("pj:m:")] == [f"pj:m:{tid}:settings"]
    opened = await h.click(alice, message, f"pj:m:{tid}:settings")
    panel = opened.message
    assert panel is not None and panel.ephemeral_to == alice.id
    assert f"pj:m:{tid}:no_calls:1" in panel.custom_ids()
    assert "Settings: none on" in panel.text()
    await h.click(alice, panel, f"pj:m:{tid}:no_calls:1")
    # the setting is in place once the store has it (the click is answered first)
    await server.wait_until(
        lambda: engine.standing[0]["no_calls"] is True or None, what="the setting stored"
    )
    panel_id = panel.id
    panel = await server.wait_until(
        lambda: _with(server.message(panel_id), f"pj:m:{tid}:no_calls:0"),
        what="the panel redrawn with the toggle on",
    )
    assert "No calls: on" in panel.text() and "Settings: No calls" in panel.text()
    assert panel.ephemeral_to == alice.id
    await server.wait_until(
        lambda: any("Settings: No calls" in m.text() for m in server.dms(alice)),
        what="the hand message says the setting is on",
    )
    # nobody else is told
    assert not [m for m in server.channel_messages(server.channel) if "No calls" in m.text()]
    assert engine.standing[1]["no_calls"] is False
    # a setting is not a step: Bob's prompt is neither re-sent nor edited, still current
    await server.idle()
    assert [m.id for m in server.dms(bob) if "· #" in m.text()] == [bobs_prompt.id]
    assert len(server.message(bobs_prompt.id).history) == bobs_versions
    assert f"pj:s:{tid}:0" in server.message(bobs_prompt.id).custom_ids()


async def test_rules_of_jintan_in_english_and_chinese(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    await h.start_bot(make_bot())
    reader, leser = server.add_users("reader", "duzhe")
    en = (await (await h.slash(reader, "rules", game="jintan")).final()).text()
    assert en.startswith("**金坛麻将 Jintan mahjong")
    assert "144 tiles" in en and "docs/rules" not in en
    zh = (await (await h.slash(leser, "rules", game="jintan", locale="zh-CN")).final()).text()
    assert zh.startswith("**金坛麻将")
    assert "144 张" in zh and "docs/rules" not in zh
    assert "144 tiles" not in zh and len(zh) <= 2000


async def test_a_player_with_closed_dms_is_not_mentioned_for_a_claim(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    """Bob's DMs are closed: his discards are announced with a mention (whose turn it is is
    public), his claim windows are not (a mention would tell the channel he may claim)."""
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, alice, bob = await _open(h, server, bot)
    bob.dms_open = False
    engine = bot.service.get(tid).engine
    assert isinstance(engine, JintanGame)
    people = {0: alice, 1: bob}

    def alerts() -> list[str]:
        return [
            m.text()
            for m in server.channel_messages(server.channel)
            if m.text().startswith(f"{bob.mention} 🔔")
        ]

    turns = windows = 0
    for n in range(200):
        if engine.phase not in ("discard", "claim"):
            break
        waiting = [d.seat for d in engine.pending() if d.required and d.seat in people]
        if not waiting:
            await server.wait_until(
                lambda: (
                    engine.phase not in ("discard", "claim")
                    or any(d.required and d.seat in people for d in engine.pending())
                ),
                what="the bots' moves",
            )
            continue
        seat = waiting[0]
        if seat == 1:
            await bot.display.drain()
            await server.idle()
            if engine.phase == "claim":
                windows += 1
                assert len(alerts()) == turns, alerts()  # no mention for a claim
            else:
                turns += 1
                await server.wait_until(lambda t=turns: len(alerts()) == t, what="bob's mention")
                # in the table's language (the server's: English) like every line of the channel
                assert alerts()[-1].endswith(": 打 discard"), alerts()[-1]
        hint = bot.service.hint(tid, people[seat].id)
        assert hint is not None
        await bot.service.act(tid, people[seat].id, hint, f"move:{n}")
    assert engine.phase == "match_over" and windows >= 1 and turns >= 1


async def test_play_reads_typed_tiles_as_the_moves_are_printed(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    """Review finding: `/play cards:1m` at a mahjong table said "not a card"; then it
    pointed at the menus. Now (issue 21: every printed move is accepted typed back) tiles are
    read as tiles: one the rules refuse changes nothing and is not called "not a card", and
    the move as its label prints it (``打 discard 5p``) is played."""
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, alice, bob = await _open(h, server, bot)
    engine = bot.service.get(tid).engine
    assert engine is not None
    moves = len(engine.actions)
    seat = {0: alice, 1: bob}
    turn = engine.pending()[0].seat
    waiting = bob if turn == 0 else alice
    refused = (await (await h.slash(waiting, "play", cards="1m")).final()).text()
    assert refused.startswith("❌") and "not a card" not in refused
    assert len(engine.actions) == moves
    if turn in seat:
        from cogs.present import action_label

        move = bot.service.legal_actions(tid, seat[turn].id, 1)[0]
        label = action_label("en", move)
        done = (await (await h.slash(seat[turn], "play", cards=label)).final()).text()
        assert done.startswith("✅"), (label, done)
        assert engine.actions[moves] == move
