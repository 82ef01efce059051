"""The review of your play counts only the decisions the person took: a move the bot made for
the seat after a timeout is stored without the person's user id and is not judged (issue 24)."""

from __future__ import annotations

from bot.replay import load_game
from bot.review import review_hand
from bot.store import Store
from bot.tables import TableService
from bot.timers import ManualScheduler
from cogs.replay import review_text
from games.registry import GAMES

USER = 61
CH = 4321


async def _played_with_timeouts(
    service: TableService, scheduler: ManualScheduler
) -> tuple[int, int, int]:
    """A one-hand jintan match: the person at seat 0 plays by the hint but lets every third
    of their turns time out. Returns the game id and how many turns were played / timed out."""
    table = await service.open_table(
        guild_id=1,
        channel_id=CH,
        game="jintan",
        user_id=USER,
        name="me",
        pace="relaxed",
        options={"match": "one_hand"},
    )
    await service.add_bot(CH, USER, 3)
    await service.start(CH, USER, seed=3)
    turns = timeouts = 0
    for _ in range(5000):
        if table.status != "playing":
            break
        await scheduler.run_due()
        if not any(d.seat == 0 and d.required for d in service.pending(table.id)):
            await scheduler.advance(1)
            continue
        turns += 1
        if turns % 3 == 0:
            before = len(table.engine.actions) if table.engine else 0
            await scheduler.advance(600)  # the person's deadline passes: the bot plays
            assert table.engine is not None and len(table.engine.actions) > before
            timeouts += 1
        else:
            move = service.hint(table.id, USER)
            assert move is not None
            await service.act(table.id, USER, move, f"t:{turns}")
    assert table.status == "finished" and table.game_id is not None
    return table.game_id, turns - timeouts, timeouts


async def test_moves_the_bot_made_after_a_timeout_are_not_the_persons(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    game_id, own, timeouts = await _played_with_timeouts(service, scheduler)
    assert timeouts >= 2
    record = await load_game(store, game_id)
    assert len(record.actors) == len(record.actions)
    seat0 = [i for i, a in enumerate(record.actions) if a.get("seat") == 0]
    mine = [i for i in seat0 if record.actors[i] == USER]
    assert len(mine) == own  # every move the person sent is stored as theirs ...
    assert len(seat0) - len(mine) >= timeouts  # ... and the timeout moves are not
    assert all(record.actors[i] is None for i in seat0 if i not in mine)

    heuristic = GAMES["jintan"].bots()["heuristic"]
    everyone = review_hand(record, 1, 0, player=heuristic())
    theirs = review_hand(record, 1, 0, player=heuristic(), user_id=USER)
    assert theirs.bot_moves >= 1
    assert theirs.decisions + theirs.bot_moves == everyone.decisions
    assert theirs.decisions <= own
    judged = {d.action_index for d in theirs.differences}
    assert all(record.actors[i] == USER for i in judged)
    # deterministic: the same review again
    assert review_hand(record, 1, 0, player=heuristic(), user_id=USER) == theirs

    from bot.replay import replay_hand

    replay = replay_hand(record, 1)
    en = review_text(replay, theirs, "en")
    zh = review_text(replay, theirs, "zh")
    assert f"{theirs.bot_moves} of your moves in this hand were the bot's" in en
    assert f"有 {theirs.bot_moves} 步是你超时后机器人替你走的" in zh
    assert "bot's" not in review_text(replay, everyone, "en")


async def test_the_pool_judges_the_review_as_the_thread_does(
    service: TableService, scheduler: ManualScheduler, store: Store
) -> None:
    """The review in the bots' worker process (one decision a trip, bot.thinking) is the
    review worked out in one go: the same decisions, differences, reasons and costs."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from bot.thinking import InlineThinker, PoolThinker

    game_id, _, _ = await _played_with_timeouts(service, scheduler)
    record = await load_game(store, game_id)
    budget = {"rollouts": 3, "budget_ms": 60_000}  # counted, not timed: the same under load
    here = review_hand(record, 1, 0, budget=budget, worlds=2, user_id=USER)
    threaded = await InlineThinker().review(record, 1, 0, user_id=USER, budget=budget, worlds=2)
    assert threaded == here
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    thinker = PoolThinker(executor=pool)
    try:
        pooled = await thinker.review(record, 1, 0, user_id=USER, budget=budget, worlds=2)
    finally:
        pool.shutdown()
    assert pooled == here
    assert thinker.asked == here.decisions  # every judged decision went to the worker
    assert here.bot_moves >= 1 and here.decisions >= 3
