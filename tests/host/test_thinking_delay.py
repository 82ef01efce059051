"""The bot delay overlaps the strong bot's thinking (issue 22): a bot that thinks off the loop
starts at once after the previous move, and its move is still played no earlier than the
delay after it. Ordering on a fake clock, not timings."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from bot.store import Store
from bot.table_model import TableUpdate
from bot.tables import TableService
from bot.thinking import PoolThinker
from bot.timers import ManualScheduler

USER = 71
CH = 5432
DELAY = 5.0


class _Clocked(ThreadPoolExecutor):
    """A thread pool (standing in for the worker processes) that notes the table's clock when
    each decision is handed to it."""

    def __init__(self, clock: Callable[[], float], log: list[tuple[str, float]]) -> None:
        super().__init__(max_workers=1)
        self.clock = clock
        self.log = log

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.log.append(("asked", self.clock()))
        return super().submit(fn, *args, **kwargs)


async def test_a_strong_bot_thinks_during_the_delay_and_plays_after_it(
    store: Store, scheduler: ManualScheduler
) -> None:
    log: list[tuple[str, float]] = []  # in order: a decision sent to the pool, a bot move
    pool = _Clocked(scheduler.clock, log)
    service = TableService(
        store,
        scheduler=scheduler,
        rng_seed=7,
        bot_delay_s=DELAY,
        thinker=PoolThinker(executor=pool),
    )
    await service.start_up()

    async def listen(update: TableUpdate) -> None:
        if update.action is not None and update.action.seat is not None:
            log.append(("played", scheduler.clock()))

    service.subscribe(listen)
    try:
        table = await service.open_table(
            guild_id=1,
            channel_id=CH,
            game="jintan",
            user_id=USER,
            name="me",
            pace="relaxed",
            options={"match": "one_hand"},
            sit=False,
        )
        await service.add_bot(CH, USER, 4)
        await service.start(CH, USER, seed=11)
        engine = service.get(table.id).engine
        assert engine is not None and engine.options.bot_level == "strong"
        for _ in range(40):
            await scheduler.advance(1.0)
        played = [t for what, t in log if what == "played"]
        assert len(played) >= 5
        # a move is shown no earlier than the delay after the previous one ...
        assert all(b >= a + DELAY for a, b in itertools.pairwise(played))
        # ... but the next decision goes to the pool at once after a move, before the clock
        # moves on: the thinking overlaps the delay instead of following it
        first = log.index(("played", played[0]))
        for (what, at), (then, later) in itertools.pairwise(log[first:]):
            if what == "played":
                assert (then, later) == ("asked", at), log
    finally:
        await service.shut_down()
        pool.shutdown()
