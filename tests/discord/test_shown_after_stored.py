"""A move is shown on Discord only once the store has it (review B, durability).

The store's append is made to wait while the table message and every hand message are
edited anyway (a coalesced edit that was due): they must still show the state before the
move. Then the append fails (the disk is full): the person is told the move was not made, the
displays show the state before the move, with the controls of the decision that stands, and
the mover's seat is as it was.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.errors import TableError
from cogs.i18n import refusal_text
from games.base import Action
from tests.discord.play import controls, four_people_all_dealt, hand_messages, table_message


def _hands(server: Any, people: list[Any]) -> dict[int, tuple[str, Any]]:
    out = {}
    for user in people:
        mine = hand_messages(server, user)
        assert mine, f"{user.name} has no hand message"
        out[user.id] = (mine[-1].text(), controls(mine[-1]))
    return out


async def test_a_move_is_shown_only_once_stored_and_a_refused_one_never(
    discord_server: Any, discord_harness: Any, make_bot: Any
) -> None:
    server, h = discord_server, discord_harness
    bot = make_bot()
    await h.start_bot(bot)
    tid, people = await four_people_all_dealt(h, server, bot, seed=3)
    await bot.display.drain()
    await server.idle()
    table = bot.service.get(tid)
    mover = next(u for u in people if bot.service.legal_actions(tid, u.id, 1))
    legal = bot.service.legal_actions(tid, mover.id, 1)[0]
    message = table_message(server)
    text_before = server.message(message.id).text()
    hands_before = _hands(server, people)
    seat_before = dict(vars(table.seats[table.seat_of(mover.id)]))
    store = bot.service.store
    real = store.append_action
    gate = asyncio.Event()
    waiting = asyncio.Event()

    async def full_disk(game_id: int, seq: int, action: Any, key: str, *a: Any, **k: Any) -> Any:
        if key.startswith("u:"):
            waiting.set()
            await gate.wait()
            raise OSError(28, "No space left on device")
        return await real(game_id, seq, action, key, *a, **k)

    store.append_action = full_disk
    actions_before = len(table.engine.actions)
    move = Action(None, legal.kind, dict(legal.data))
    act = asyncio.create_task(bot.service.act(tid, mover.id, move, "x1"))
    await waiting.wait()
    # the service itself answers with the stored state while the append waits
    assert len(bot.service.get(tid).engine.actions) == actions_before
    assert bot.service.legal_actions(tid, mover.id, 1)[0] == legal
    # coalesced edits that were due anyway run now, while the append waits
    bot.display.refresh_table(tid)
    bot.display.refresh_hands(table, {0, 1, 2, 3})
    await bot.display.drain()
    await server.idle()
    assert server.message(message.id).text() == text_before, "a move shown before it was stored"
    assert _hands(server, people) == hands_before, "a hand shown with a move not yet stored"
    gate.set()
    try:
        await act
        raised: BaseException | None = None
    except Exception as exc:
        raised = exc
    # the person is told, in their language, that the move was not made
    assert isinstance(raised, TableError) and raised.code == "not_stored"
    assert isinstance(raised.__cause__, OSError) and raised.__cause__.errno == 28
    assert "could not be saved, so it was not made" in refusal_text("en", raised)
    assert "没能保存" in refusal_text("zh_CN", raised)
    store.append_action = real
    await bot.display.drain()
    await server.idle()
    table = bot.service.get(tid)
    assert len(table.engine.actions) == actions_before
    assert len(await store.actions(table.game_id)) == actions_before
    assert server.message(message.id).text() == text_before
    assert _hands(server, people) == hands_before  # the same controls: the decision stands
    assert dict(vars(table.seats[table.seat_of(mover.id)])) == seat_before
    # and the move can be made again, now that the store takes it
    result = await bot.service.act(tid, mover.id, move, "x2")
    assert not result.duplicate
    assert len(await store.actions(table.game_id)) == actions_before + 1
