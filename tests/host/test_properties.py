"""Hypothesis: whatever people send, in whatever order, with retried keys and time passing,
the store holds exactly the live game (replaying it gives the same snapshot), refusals change
nothing, and no user's key is applied twice."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import TableError
from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from games.base import Action
from tests.host import toygame

USERS = [41, 42, 43, 44]

# a step: (user index or 4 = outsider, move choice, key number, seconds to let pass)
steps = st.lists(
    st.tuples(
        st.integers(0, 4),
        st.integers(0, 5),
        st.integers(0, 12),
        st.sampled_from([0, 0, 0, 1, 30, 61]),
    ),
    max_size=40,
)


async def scenario(seed: int, plan: list[tuple[int, int, int, int]], pace: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "p.sqlite3")
        scheduler = ManualScheduler(FakeClock())
        service = TableService(store, scheduler=scheduler)
        table = await service.open_table(
            guild_id=1,
            channel_id=1,
            game="toy",
            user_id=USERS[0],
            name="a",
            pace=pace,
            options={"hands": 2},
        )
        await service.join(1, USERS[1], "b")
        await service.add_bot(1, USERS[0], 1, "random")
        await service.join(1, USERS[3], "d")
        await service.start(1, USERS[0], seed=seed)
        engine = table.engine
        assert engine is not None and table.game_id is not None
        used: set[tuple[int, int]] = set()  # (user, key) of accepted moves: a key is per user
        for who, choice, key_no, wait in plan:
            user = USERS[who] if who < 4 else 999
            seat = table.seat_of(user)
            legal = engine.legal_actions(seat) if seat is not None else []
            options = [
                *legal,
                Action(None, "play", {"cards": ["As"]}),
                Action(None, "ante", {"amount": 3}),
            ]
            action = options[choice % len(options)]
            key = f"key-{key_no}"
            before = (engine.snapshot(), len(engine.actions))
            if table.status != "playing":
                break
            try:
                result = await service.act(table.id, user, action, key)
            except TableError:
                assert (engine.snapshot(), len(engine.actions)) == before
            else:
                assert user != 999, "an outsider is refused, even with a key used before"
                assert result.duplicate == ((who, key_no) in used)
                if result.duplicate:
                    assert (engine.snapshot(), len(engine.actions)) == before
                else:
                    assert len(engine.actions) >= before[1] + 1
                    used.add((who, key_no))
            await scheduler.advance(wait)
            row = await store.game(table.game_id)
            stored = await store.actions(table.game_id)
            assert len(stored) == len(engine.actions)
            rebuilt = type(engine).replay(row.seed, row.options, stored)
            assert rebuilt.snapshot() == engine.snapshot()
            assert all(engine.invariants().values())
        await service.shut_down()
        await store.close()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plan=steps, pace=st.sampled_from(["live", "async"]))
def test_store_always_equals_the_live_game(
    seed: int, plan: list[tuple[int, int, int, int]], pace: str
) -> None:
    toygame.register()
    asyncio.run(scenario(seed, plan, pace))
