"""金华麻将 through the loopback Discord: a whole hand with two people and two bots, every
move of the people made from their DM controls (the discard select, the private claim
buttons), won with a 财神 in the winning hand; and ``/rules game:金华麻将`` in both languages.

Seed 71 (``quick``: one hand) with every seat playing as the heuristic bot would: the 财神
is 4m (its indicator turned up from the dead wall, :103); two pongs and two chows; Bob
(seat 1) wins on Bot 4's 2s holding one 4m as a wild, for 混一色 ×2: Bot 4 (the discarder)
pays 2X·m = 4, the other two X·m = 2 each (:125, :139). The people follow the hint, so the
hand is the heuristic's, found by playing the engine alone (``_hand_of_seed``). Alice is seat
0 and reads English, Bob seat 1 and Chinese.

Privacy (``docs/architecture.md``, claim windows): while a window waits for Bob alone, the
table message, the channel, Alice's DM, her hint and her refusal show only that a window is
open; no channel message ever lists a claim kind as someone's turn.
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
from games.jinhua import JinhuaGame, JinhuaHeuristicPlayer, JinhuaOptions
from games.mahjong.melds import name
from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser, StoredMessage

SEED = 71
CLAIM_WORDS = re.compile(r"(碰|吃|胡|过|pong|chow|win|pass)")
RESULT = (
    "Hand 1: bob wins on Bot 4's 2 Bamboo: 混一色 one suit and honours ×2 = ×2, worth 2 a share,"
    " Bot 4 pays 4, Bot 3 pays 2, alice pays 2"
)


def _hand_of_seed() -> tuple[JinhuaGame, list[tuple[str, int | None]]]:
    """The game and its events (kind, seat) when every seat plays as the heuristic bot."""
    game = JinhuaGame(SEED, JinhuaOptions.from_dict({"match": "one_hand"}))
    events: list[tuple[str, int | None]] = []
    while game.phase in ("discard", "claim"):
        d = next(d for d in game.pending() if d.required)
        assert d.seat is not None
        move = JinhuaHeuristicPlayer().choose(game, d.seat, random.Random(0))
        events += [(e.kind, e.seat) for e in game.apply(move)]
    return game, events


def test_the_seed_gives_bob_a_win_with_a_caishen_in_hand() -> None:
    game, events = _hand_of_seed()
    assert name(game.caishen) == "4m"
    summary = game.hand_results[-1].summary
    (win,) = summary["wins"]
    assert (win["seat"], win["source"], win["from"], win["tile"]) == (1, "discard", 3, "2s")
    assert "4m" in summary["hands"][1]
    assert win["details"]["hands"] == ["hunyise"] and win["score"] == 2
    assert list(game.hand_results[-1].scores) == [-2, 8, -2, -4]
    kinds = [k for k, _ in events]
    assert kinds.count("pong") == 2 and kinds.count("chow") == 2
    assert kinds[:2] == ["hand_started", "caishen"] and kinds[-2:] == ["hand_over", "match_over"]


async def _open(
    h: Harness, server: LoopbackDiscord, bot: PaijuBot
) -> tuple[int, LoopbackUser, LoopbackUser]:
    alice, bob = server.add_users("alice", "bob")
    bob.locale = "zh-CN"
    await (await h.slash(alice, "table open", game="jinhua", preset="quick")).final()
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
    server: LoopbackDiscord, bot: PaijuBot, tid: int, alice: LoopbackUser, bob: LoopbackUser
) -> None:
    """A window waits for Bob alone: nobody but Bob learns that he was offered a claim."""
    await bot.display.drain()
    await server.idle()
    text = table_message(server).text()
    # the table reads as after any discard: the last discard, no word of a claim
    assert "last discard: " in text
    assert "claim" not in text.lower() and "View hand" not in text
    assert not [line for line in text.splitlines() if "Turn:" in line]
    assert "财神 (wild): 4 Characters" in text  # the table always shows the 财神
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
    # the public view (the channel's text and picture come from it) holds no offers
    public = json.dumps(bot.service.view(tid, None))
    assert "offers" not in public and '"claim": {' not in public
    assert bot.service.view(tid, alice.id).get("claim") is None
    # the channel says nothing about Bob's offer either
    for message in server.channel_messages(server.channel):
        for version in [message.text()] + [v.content for v in message.history]:
            assert "要吃碰胡" not in version and "claim it or pass" not in version
    # Bob sees his own offer, in Chinese, with his buttons
    offered = await _prompt(server, bob, tid, _step(bot, tid))
    assert "要吃碰胡，还是过" in offered.text()
    assert any(c.endswith("pass:") for c in offered.custom_ids() if c.startswith("pj:a:"))


async def test_a_whole_hand_won_with_a_caishen_from_the_dm_controls(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, alice, bob = await _open(h, server, bot)
    engine = bot.service.get(tid).engine
    assert isinstance(engine, JinhuaGame)
    people = {0: alice, 1: bob}
    assert [bot.service.get(tid).seat_of(u.id) for u in (alice, bob)] == [0, 1]
    made: list[Action] = []
    windows_for_bob_only = 0
    for _ in range(300):
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
        window = engine.window
        if engine.phase == "claim" and window is not None and set(window.offers) == {1}:
            windows_for_bob_only += 1
            if windows_for_bob_only == 1:
                await _check_window_is_private(server, bot, tid, alice, bob)
        made.append(await _play_hint(h, server, bot, tid, people[waiting[0]]))
    assert engine.phase == "match_over"
    assert windows_for_bob_only >= 1
    kinds = [(a.seat, a.kind) for a in made]
    assert (1, "win") in kinds and (0, "discard") in kinds and (1, "discard") in kinds
    summary = engine.hand_results[-1].summary
    assert summary["winners"] == [1]
    assert "4m" in summary["hands"][1]  # the 财神 in Bob's hand

    def channel_text() -> str:
        channel = server.channel_messages(server.channel)
        return "\n".join(
            [m.text() for m in channel] + [v.content for m in channel for v in m.history]
        )

    await server.wait_until(lambda: RESULT in channel_text(), what="the result posted")
    await bot.display.drain()
    await server.idle()
    channel = server.channel_messages(server.channel)
    every = [m.text() for m in channel] + [v.content for m in channel for v in m.history]
    # what happened, replayed from the stored moves, is the seed's hand
    replay = JinhuaGame(SEED, engine.options)
    events = [(e.kind, e.seat) for a in engine.actions for e in replay.apply(a)]
    assert events == _hand_of_seed()[1]
    # the lines the table saw: the 财神 announced, the result with its multiplier and payments
    joined = "\n".join(every)
    assert (
        "The 财神 indicator is 4 Characters: the other three 4 Characters are wild (财神)" in joined
    )
    assert RESULT in [line.removeprefix("· ") for line in joined.splitlines()]
    # no channel message ever named a claim as someone's turn, nor timed anyone out
    for text in every:
        for line in text.splitlines():
            if "Turn:" in line:
                assert not CLAIM_WORDS.search(line.split("—", 1)[1]), line
        assert "ran out of time" not in text
    # Bob's DM ends with the result, in Chinese, the multiplier named
    last = server.dms(bob)[-1].text()
    assert (
        "第 1 局：你胡 机器人4 的二条：混一色 ×2 = 2 倍，每份 2，机器人4 付 4" in last
    )  # bob reads "you", and bots in his words (机器人4)
    assert "财神：四万" in last
    # the pictures: a hand picture in each DM, the table picture on the table message
    assert server.dms(alice)[-1].attachment("hand.png") is not None
    assert table_message(server).attachment("table.png") is not None


async def test_rules_of_jinhua_in_english_and_chinese(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    await h.start_bot(make_bot())
    reader, duzhe = server.add_users("reader", "duzhe")
    en = (await (await h.slash(reader, "rules", game="jinhua")).final()).text()
    assert en.startswith("**金华麻将 Jinhua mahjong")
    assert "136 tiles" in en and "docs/rules" not in en
    zh = (await (await h.slash(duzhe, "rules", game="jinhua", locale="zh-CN")).final()).text()
    assert zh.startswith("**金华麻将")
    assert "136 张" in zh and "docs/rules" not in zh
    assert "136 tiles" not in zh and len(zh) <= 2000
