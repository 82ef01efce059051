"""/replay over the loopback (issue 24): a whole hand of each game stepped with ▶ in one
message, its narration the live table's presentation lines; a hand in play refused; the
export's JSON validating against its schema and replaying to the same final state; the review
private to the asker."""

from __future__ import annotations

import asyncio
import json
import re

import jsonschema
import pytest

from bot.replay import event_msg, load_hand
from bot.replay_export import load_export, schema, state_digest
from bot.table_model import TableUpdate
from cogs.present import event_line
from cogs.table_message import names_of
from games.registry import GAMES
from present.message import Reader, render
from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.models import StoredMessage

GAME_KEYS = sorted(GAMES)
SEEDS = {"pajiwo": 3, "dagunzi": 3, "dagun": 3, "jintan": 3, "jinhua": 3}


async def _bots_hand(
    bot, server: LoopbackDiscord, host, key: str, lg: str, options: dict | None = None
) -> tuple[int, list[str]]:
    """A one-hand match of four bots at a table in the test channel; returns its game id and
    the lines the table said for the events the presentation narrates, in ``lg``."""
    service = bot.service
    table = await service.open_table(
        guild_id=server.guild.id,
        channel_id=server.channel.id,
        game=key,
        user_id=host.id,
        name=host.name,
        options=options or {"match": "one_hand"},
        sit=False,
    )
    lines: list[str] = []

    async def listen(update: TableUpdate) -> None:
        if update.table.id != table.id:
            return
        names = names_of(update.table)
        for e in update.events:
            if event_msg(key, e) is not None:
                lines.append(event_line(lg, e, names, key))

    service.subscribe(listen)
    await service.add_bot(server.channel.id, host.id, 4)
    await service.start(server.channel.id, host.id, seed=SEEDS[key])
    await service.wait_finished(table.id)
    assert table.game_id is not None
    return table.game_id, lines


def _said(message: StoredMessage) -> list[str]:
    return [ln[2:] for ln in (message.content or "").split("\n") if ln.startswith("> ")]


def _way(message: StoredMessage, way: str) -> str:
    return next(c for c in message.custom_ids() if re.fullmatch(rf"rp:\d+:\d+:\d+:{way}", c))


@pytest.mark.parametrize("key", GAME_KEYS)
async def test_replay_steps_through_a_whole_hand_as_the_table_narrated_it(
    key: str, discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    host = server.add_user("host")
    reader = server.add_user("reader", locale="zh-CN")  # any member, not a player
    bot = make_bot()
    await h.start_bot(bot)
    game_id, live = await _bots_hand(bot, server, host, key, "zh")
    shown = await (await h.slash(reader, "replay", locale="zh-CN")).final()
    assert not shown.ephemeral  # one public message
    assert f"#{game_id}" in shown.text() and "第 0 步" in shown.text()
    assert shown.attachments and shown.attachments[0].filename.endswith(".png")
    ids = shown.custom_ids()
    assert all(shown.component(i) for i in (_way(shown, "f"), _way(shown, "n")))
    assert (shown.component(_way(shown, "p")) or {}).get("disabled")
    narrated = _said(shown) if "发牌后" not in shown.text() else []
    message = shown
    steps = 0
    while not (message.component(_way(message, "n")) or {}).get("disabled"):
        result = await h.click(reader, message, _way(message, "n"), locale="zh-CN")
        message = await server.wait_until(
            lambda m=message, n=steps: (
                m if f"第 {n + 1} 步" in (server.messages[m.id].content or "") else None
            ),
            what=f"step {steps + 1}",
        )
        message = server.messages[message.id]
        assert result.message is None or result.message.id == shown.id  # the same message
        narrated += _said(message)
        steps += 1
    assert steps >= 5
    # the live table's lines, in order, none missing; and the replay's own lines apart (the
    # kitty shown at the start and what a 扣底 buried: the hand is over)
    replay = await load_hand(bot.service.store, game_id)
    zh = Reader("zh", list(replay.names))
    own = {render(zh, m) for s in replay.steps for m in s.narration if m.id.startswith("replay.")}
    assert [line for line in narrated if line not in own] == live
    assert (message.component(_way(message, "l")) or {}).get("disabled")
    assert message.attachments and message.attachments[0].filename.endswith(f"-{steps}.png")
    # ⏮ goes back to the start: the first message again
    back = await h.click(reader, message, _way(message, "f"), locale="zh-CN")
    assert back.type == 6
    await server.wait_until(
        lambda: "第 0 步" in (server.messages[shown.id].content or "") or None, what="step 0"
    )
    assert server.messages[shown.id].custom_ids() == ids


async def test_a_hand_in_play_is_refused_even_to_its_players(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="dagun")).final()
    await (await h.slash(alice, "table options", set="match=one_hand")).final()
    await (await h.slash(alice, "table addbot")).final()
    table = await bot.service.start(server.channel.id, alice.id, seed=5)
    assert table.game_id is not None
    said = await (await h.slash(alice, "replay")).final()
    assert said.ephemeral and "No finished hand" in said.text()
    said = await (await h.slash(alice, "replay", match=table.game_id, hand=1)).final()
    assert said.ephemeral and "still being played" in said.text()
    said = await (await h.slash(alice, "replay", match=table.game_id + 99)).final()
    assert said.ephemeral and "no such match" in said.text()
    # Alice plays the hand out (by the hint); then it is hers to replay and to review
    loop = asyncio.get_running_loop()
    until, n = loop.time() + 120, 0
    while table.status == "playing" and loop.time() < until:
        if not any(d.seat == 0 and d.required for d in bot.service.pending(table.id)):
            await asyncio.sleep(0.01)
            continue
        move = bot.service.hint(table.id, alice.id)
        assert move is not None
        await bot.service.act(table.id, alice.id, move, f"t:{n}")
        n += 1
    await asyncio.wait_for(bot.service.wait_finished(table.id), 10)
    shown = await (await h.slash(alice, "replay")).final()
    assert f"#{table.game_id}" in shown.text() and not shown.ephemeral
    review = next(c for c in shown.custom_ids() if c.endswith(":r"))
    said = await (await h.click(alice, shown, review)).final(timeout=120)
    assert said.ephemeral and "decisions" in said.text() and "%" in said.text()
    # the buttons survive a restart: a new process answers ▶ on the old message
    await h.stop_bot()
    await h.start_bot(make_bot())
    await h.click(alice, shown, _way(shown, "n"))
    await server.wait_until(
        lambda: "step 1 of" in (server.messages[shown.id].content or "") or None, what="step 1"
    )


async def test_export_replays_to_the_same_final_state_and_the_review_is_private(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    host = server.add_user("host")
    reader = server.add_user("reader")
    bot = make_bot()
    await h.start_bot(bot)
    game_id, _live = await _bots_hand(bot, server, host, "pajiwo", "en")
    shown = await (await h.slash(reader, "replay", match=game_id)).final()
    export = next(c for c in shown.custom_ids() if c.endswith(":x"))
    answer = await (await h.click(reader, shown, export)).final(timeout=60)
    assert answer.ephemeral
    names = sorted(a.filename for a in answer.attachments)
    assert names == [
        f"paiju-{game_id}-en.txt",
        f"paiju-{game_id}-hand1.gif",
        f"paiju-{game_id}.json",
    ]
    data = answer.attachment(f"paiju-{game_id}.json")
    assert data is not None
    doc = json.loads(data.data)
    jsonschema.Draft202012Validator(schema()).validate(doc)
    engine = bot.service.get(next(iter(bot.service._tables))).engine  # the live table's
    game = load_export(doc)
    assert engine is not None and game.snapshot() == engine.snapshot()
    assert state_digest(game) == doc["final"]["state_sha256"]
    log = answer.attachment(f"paiju-{game_id}-en.txt")
    assert log is not None and b"Hand 1" in log.data
    gif = answer.attachment(f"paiju-{game_id}-hand1.gif")
    assert gif is not None and gif.data[:6] == b"GIF89a" and len(gif.data) < 10 * 2**20
    # a second export while the first is prepared waits for nothing: one at a time each
    first = await h.click(reader, shown, export)
    again = await (await h.click(reader, shown, export)).final(timeout=60)
    assert again.ephemeral and "one at a time" in again.text()
    assert (await first.final(timeout=60)).attachment(f"paiju-{game_id}.json") is not None
    # the review: a reader who did not play is told so, privately
    review = next(c for c in shown.custom_ids() if c.endswith(":r"))
    said = await (await h.click(reader, shown, review)).final(timeout=60)
    assert said.ephemeral and "did not play" in said.text()


async def test_a_hand_of_a_longer_match_is_chosen_by_its_number(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    host = server.add_user("host")
    bot = make_bot()
    await h.start_bot(bot)
    options = {"match": "full", "hands": 2}
    game_id, _live = await _bots_hand(bot, server, host, "dagun", "en", options)
    last = await (await h.slash(host, "replay")).final()
    assert "hand 2 of 2" in last.text() and "Hand 2" in last.text()  # its deal is narrated
    first = await (await h.slash(host, "replay", match=game_id, hand=1)).final()
    assert "hand 1 of 2" in first.text() and "as dealt" in first.text()
    assert any(c.startswith(f"rp:{game_id}:1:") for c in first.custom_ids())
    none = await (await h.slash(host, "replay", match=game_id, hand=3)).final()
    assert none.ephemeral and "no finished hand 3" in none.text()
