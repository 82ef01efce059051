"""Suggestions and hints agree (issue 19, "Suggestions and hints disagree"): every list of
suggested moves is ordered as the hint orders them, the hint's move first.

Over bot-played seeds of 扒鸡窝, 打滚子 and 打滚 (a person moving by the hint, three bots,
a real SQLite store), at every decision of the person the service's suggestions open with
the hint's move, and so does the hand message built from them: the first option of its
first menu of moves (打滚's menus per combination type included), or its first button for a
move without cards. Before, 打滚子's leads were listed strongest first and the hint came
first in only 33 of 59 decisions; the tests count the decisions where the engine's own
order would not have put the hint first, so they can fail.

The hint for burying the kitty is among the suggestions (first) and the hint's reply has a
"play this" button for it (its cards carried as ``bury:3c+4c+…``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.store import Store
from bot.tables import TableService, same_move
from bot.timers import FakeClock, ManualScheduler
from cogs.hand_compose import hand_payload
from cogs.move_controls import ActButton, button_value, from_button_value
from cogs.present import decode_action, encode_action
from games.base import Action
from tests.discord.conftest import BotFactory
from tests.discord.play import answer, table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, StoredMessage

USER = 78
CH = 4321


def _first_suggestion(rows: list[Any], with_cards: bool) -> str | None:
    """The value of the first suggested move a hand message offers: for a move with cards
    the first option of its first menu of moves (``pj:s``, ``pj:g``), for one without its
    first move button (``pj:a``, before the menus)."""
    items = [item for row in rows for item in row.children]
    for item in items:
        custom_id = str(getattr(item.item, "custom_id", ""))
        if with_cards and custom_id.startswith(("pj:s:", "pj:g:")):
            return str(item.item.options[0].value)
        if not with_cards and isinstance(item, ActButton):
            return item.value
    return None


async def _decisions(tmp_path: Path, game: str, seed: int, options: dict[str, str]) -> Counter[str]:
    store = await Store.open(tmp_path / f"{game}-{seed}.sqlite3")
    scheduler = ManualScheduler(FakeClock())
    service = TableService(store, scheduler=scheduler, rng_seed=7)
    await service.start_up()
    counts: Counter[str] = Counter()
    try:
        table = await service.open_table(
            guild_id=3,
            channel_id=CH,
            game=game,
            user_id=USER,
            name="me",
            pace="relaxed",
            options=options,
        )
        await service.add_bot(CH, USER, 3)
        await service.start(CH, USER, seed=seed)
        engine = table.engine
        assert engine is not None
        for n in range(2000):
            await scheduler.run_due()
            if table.status != "playing":
                break
            hint = service.hint(table.id, USER)
            if hint is None:
                continue
            suggested = service.suggestions(table.id, USER)
            assert same_move(suggested[0], hint), (n, hint, suggested[:3])
            engine.check(suggested[0])  # a legal move
            counts["decisions"] += 1
            counts[hint.kind] += 1
            if not same_move(engine.legal_actions(hint.seat, 25)[0], hint):
                counts["reordered"] += 1
            seat = table.seat_of(USER)
            assert seat is not None
            view = service.view(table.id, USER)
            payload = hand_payload(table, USER, "en", None, view, legal=suggested, step=n)
            shown = _first_suggestion(payload.rows, bool(hint.data))
            assert shown is not None
            assert same_move(decode_action(shown, seat, suggested) or hint, hint), (n, shown)
            assert decode_action(shown, seat, suggested) is not None
            await service.act(table.id, USER, hint, f"m{n}")
        assert table.status == "finished"
    finally:
        await service.shut_down()
        await store.close()
    return counts


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("dagunzi", {"match": "one_hand"}),
        ("pajiwo", {"match": "one_hand", "deal": "all_at_once"}),
        ("dagun", {"match": "one_hand"}),
    ],
)
async def test_the_hints_move_is_the_first_suggestion_in_every_decision(
    tmp_path: Path, game: str, options: dict[str, str]
) -> None:
    total: Counter[str] = Counter()
    for seed in (11, 12, 13):
        total += await _decisions(tmp_path, game, seed, options)
    assert total["decisions"] >= 30, total
    assert total["play"] >= 20, total
    # the engine's own order disagrees with the hint often: the reordering is what is tested
    assert total["reordered"] >= 5, total


async def test_the_bury_hint_is_a_suggestion_with_a_play_this_button(tmp_path: Path) -> None:
    counts = await _decisions(tmp_path, "dagunzi", 11, {"match": "one_hand"})
    counts += await _decisions(tmp_path, "dagunzi", 12, {"match": "one_hand"})
    counts += await _decisions(tmp_path, "dagunzi", 13, {"match": "one_hand"})
    assert counts["bury"] >= 1, counts  # checked first in the menu above, at each bury
    # the button carries the six cards in one word and gives the same move back
    bury = Action(0, "bury", {"cards": ["3c", "4c", "5d", "6d", "7h", "8s"]})
    value = encode_action(bury, 0)
    carried = button_value(value)
    assert carried == "bury:3c+4c+5d+6d+7h+8s" and " " not in carried
    button = ActButton(1, 5, value, "Play this")
    assert button.item.custom_id == "pj:a:1:5:bury:3c+4c+5d+6d+7h+8s"
    assert from_button_value(carried) == value
    assert decode_action(from_button_value(carried), 0) == bury
    declare = encode_action(Action(0, "declare", {"suit": "S"}), 0)  # JSON: kept as it is
    assert button_value(declare) == declare == from_button_value(declare)
    assert isinstance(button.item, discord.ui.Button)


async def test_the_bury_hints_play_this_button_buries_over_the_loopback(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bob = server.add_user("bob")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(bob, "table open", game="dagunzi")).final()
    tid = table_id(table_message(server))
    await (await h.slash(bob, "table options", set="match=one_hand")).final()
    await (await h.slash(bob, "table addbot")).final()
    await bot.service.start(server.channel.id, bob.id, seed=11)  # Bob gets the kitty

    def bobs_kinds() -> set[str]:
        return {k for d in bot.service.pending(tid) if d.seat == 0 and d.required for k in d.kinds}

    for n in range(100):  # Bob declares or passes by the hint until he buries
        kinds = await server.wait_until(lambda: bobs_kinds() or None, what="Bob's decision")
        if "bury" in kinds:
            break
        move = bot.service.hint(tid, bob.id)
        assert move is not None
        await bot.service.act(tid, bob.id, move, f"t:{n}")
    hinted = bot.service.hint(tid, bob.id)
    assert hinted is not None and hinted.kind == "bury" and len(hinted.data["cards"]) == 6
    assert same_move(bot.service.suggestions(tid, bob.id)[0], hinted)
    shown = await server.wait_until(
        lambda: _with(table_message(server), f"pj:v:{tid}:hint"), what="the Hint button"
    )
    reply = await answer(await h.click(bob, shown, f"pj:v:{tid}:hint"))
    [button] = [c for c in reply.custom_ids() if c.startswith("pj:a:")]  # a button, one tap
    assert button.endswith(button_value(encode_action(hinted, 0))) and "+" in button
    engine = bot.service.get(tid).engine
    assert engine is not None
    before = len(engine.actions)
    result = await h.click(bob, reply, button)
    assert result.type in (5, 6, 4)
    await server.wait_until(
        lambda: any(a.kind == "bury" and a.seat == 0 for a in engine.actions[before:]) or None,
        what="the bury",
    )
    buried = next(a for a in engine.actions[before:] if a.kind == "bury")
    assert same_move(buried, hinted)


def _with(message: StoredMessage, custom_id: str) -> StoredMessage | None:
    return message if custom_id in message.custom_ids() else None
