"""Bots that think off the event loop (bot.thinking): the same moves as on the loop, the
``strong`` default, and no stale move played when the table moved on meanwhile."""

from __future__ import annotations

import asyncio
import pickle
import random
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from bot.store import Store
from bot.tables import TableService
from bot.thinking import PoolThinker, Thinker, choose_in_worker
from bot.timers import ManualScheduler
from games.base import Action, Game, Player
from games.jintan import BOTS as JINTAN_BOTS
from games.registry import GAMES

USER = 61
CH = 4321


async def _table(service: TableService, options: dict[str, str], bots: int = 3) -> int:
    table = await service.open_table(
        guild_id=1,
        channel_id=CH,
        game="jintan",
        user_id=USER,
        name="me",
        pace="relaxed",
        options={"match": "one_hand", **options},
        sit=bots < 4,
    )
    await service.add_bot(CH, USER, bots)
    await service.start(CH, USER, seed=11)
    return table.id


@pytest.fixture
async def pooled(store: Store, scheduler: ManualScheduler) -> AsyncIterator[TableService]:
    # a thread pool stands in for the processes: the same trip (the engine pickled, the
    # random source rebuilt from its key) without starting processes in every test
    thinker = PoolThinker(executor=ThreadPoolExecutor(max_workers=1))
    svc = TableService(store, scheduler=scheduler, rng_seed=7, thinker=thinker)
    await svc.start_up()
    yield svc
    await svc.shut_down()


async def test_strong_is_the_default_only_where_bots_think_off_the_loop(
    store: Store, pooled: TableService
) -> None:
    assert TableService(store).default_bot_level == "normal"  # bots think on the loop
    assert pooled.default_bot_level == "strong"
    table_id = await _table(pooled, {})
    engine = pooled.get(table_id).engine
    assert engine is not None and engine.options.bot_level == "strong"


async def test_a_table_that_sets_its_level_keeps_it(pooled: TableService) -> None:
    table_id = await _table(pooled, {"bot_level": "normal"})
    engine = pooled.get(table_id).engine
    assert engine is not None and engine.options.bot_level == "normal"


async def test_the_pool_plays_what_the_bot_plays_on_the_loop(
    pooled: TableService, scheduler: ManualScheduler
) -> None:
    table_id = await _table(pooled, {}, bots=4)
    table = pooled.get(table_id)
    await scheduler.run_due()
    engine = table.engine
    assert engine is not None and engine.is_over
    assert isinstance(pooled.thinker, PoolThinker) and pooled.thinker.asked > 20
    # every bot move is the strong bot's own choice from the state's random source
    replay = type(engine)(engine.seed, engine.options)
    strong = JINTAN_BOTS["strong"]()
    for action in engine.actions:
        if action.seat is not None:
            rng = random.Random(f"{engine.seed}:{len(replay.actions)}:{action.seat}")
            assert strong.choose(replay, action.seat, rng) == action
        replay.apply(action)


def test_a_worker_process_makes_the_same_choice() -> None:
    spec = GAMES["pajiwo"]
    engine = spec.engine()(5, spec.engine().options_type.from_dict({"match": "one_hand"}))
    heuristic, rng = spec.bots()["heuristic"](), random.Random(1)
    while getattr(engine, "phase", None) != "play":
        decision = next(d for d in engine.pending() if d.required)
        if decision.seat is None:
            step = engine.table_action()
            assert step is not None
            engine.apply(step)
        else:
            engine.apply(heuristic.choose(engine, decision.seat, rng))
    seat = next(d.seat for d in engine.pending() if d.required)
    assert seat is not None
    data = pickle.dumps(engine)
    import multiprocessing

    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        kind, move = pool.submit(choose_in_worker, data, "pajiwo", "heuristic", seat, "k").result()
    here = spec.bots()["heuristic"]().choose(engine, seat, random.Random("k"))
    assert (kind, move) == (here.kind, dict(here.data))


class _Gate(Thinker):
    """Off the loop in name: a decision of a held seat waits until the test lets it through."""

    off_loop = True

    def __init__(self) -> None:
        self.asked: asyncio.Queue[asyncio.Event] = asyncio.Queue()
        self.hold: set[int] = set()

    async def choose(
        self, player: Player, engine: Game, game: str, kind: str, seat: int, rng_key: str
    ) -> Action:
        move = player.choose(engine, seat, random.Random(rng_key))  # the state asked about
        if seat in self.hold:
            go = asyncio.Event()
            await self.asked.put(go)
            await go.wait()
        return Action(seat, move.kind, dict(move.data))


@pytest.mark.parametrize("handed_over", [False, True])
async def test_a_move_made_while_the_bot_thinks_is_kept_and_the_bot_s_is_dropped(
    store: Store, scheduler: ManualScheduler, handed_over: bool
) -> None:
    """The person moves while the bot works out their timeout (or, once the seat is handed
    over, their turn): the person's move is played, the bot's answer is not."""
    gate = _Gate()
    service = TableService(store, scheduler=scheduler, rng_seed=7, thinker=gate)
    await service.start_up()
    try:
        table_id = await _table(service, {})
        table = service.get(table_id)
        engine = table.engine
        assert engine is not None
        while table.seats[0].timeouts_in_a_row < 2:
            await scheduler.advance(600)
        gate.hold.add(0)
        running = asyncio.create_task(scheduler.advance(600))
        go = await asyncio.wait_for(gate.asked.get(), 10)  # the third timeout
        if handed_over:
            go.set()
            go = await asyncio.wait_for(gate.asked.get(), 10)  # the seat's next turn
            assert table.seats[0].auto
        asked_at = len(engine.actions)
        mine = service.legal_actions(table_id, USER)[-1]
        await service.act(table_id, USER, mine, "my-move")  # moving again takes the seat back
        assert not table.seats[0].auto
        gate.hold.clear()
        go.set()  # the bot's answer arrives for a state that is gone
        await asyncio.wait_for(running, 10)
        await scheduler.run_due()
        assert engine.actions[asked_at] == mine
        assert table.seats[0].timeouts_in_a_row == 0
        stored = await store.actions(table.game_id or 0)
        assert [Action.from_json(a) for a in stored] == engine.actions
        keys = await store.action_keys(table.game_id or 0)
        assert f"u:{USER}:my-move" in keys
        assert not {f"sys:bot:{asked_at}", f"sys:timeout:{asked_at}"} & keys
    finally:
        await service.shut_down()


async def test_the_hint_is_the_strong_bot_s_move_and_why_worked_out_in_the_pool(
    pooled: TableService, scheduler: ManualScheduler
) -> None:
    table_id = await _table(pooled, {"bot_level": "normal"})
    engine = pooled.get(table_id).engine
    assert engine is not None and isinstance(pooled.thinker, PoolThinker)
    while not any(d.seat == 0 and "discard" in d.kinds for d in engine.pending()):
        await scheduler.advance(600)  # the person's timeouts play until it is a discard
    asked = pooled.thinker.asked
    found = await pooled.hint_why(table_id, USER)
    assert found is not None and pooled.thinker.asked == asked + 1
    move, reasons = found
    engine.check(move)
    assert move == JINTAN_BOTS["strong"]().choose(
        engine, 0, random.Random(f"hint:{engine.seed}:{len(engine.actions)}:0")
    )
    assert reasons and reasons[0].id.startswith("bots.mj.")
    # remembered for the decision: asked again, and the quick hint and suggestions agree
    assert await pooled.hint_why(table_id, USER) == found
    assert pooled.thinker.asked == asked + 1
    assert pooled.hint(table_id, USER) == move
    assert pooled.suggestions(table_id, USER)[0] == move


def test_the_loop_benchmark_prints_its_figures() -> None:
    from benchmarks.bench_bot_loop import measure

    figures = {f.name: f for f in measure(tables=1, seconds=0.3, inline=True, bot_delay=0.0)}
    assert set(figures) == {"bot_loop.lag_p99_ms", "bot_loop.moves_per_s"}
    lag = figures["bot_loop.lag_p99_ms"]
    assert lag.value >= 0 and lag.extra is not None and lag.extra["bots_think"] == "on the loop"
