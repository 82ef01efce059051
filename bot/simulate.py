"""Bot-only matches through the real table service and store: ``python -m bot simulate``.

Each match is a table whose four seats are bots, opened, started with a known
seed and played to the end by the service's scheduler, exactly as at a
Discord table, with every action stored. Then two checks, as booleans:

* ``cards_conserved``: the engine's ``cards_conserved`` invariant (``Game.invariants()``);
  ``invariants_ok``: every invariant it reports holds;
* ``replay_equal``: rebuilding the game from the *store* (seed, options and
  actions read back from SQLite) gives the same ``snapshot()`` as the live game.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any

from bot.claim import DatabaseClaim
from bot.store import Store
from bot.tables import Table, TableService, TableUpdate
from games.registry import GAMES

__all__ = ["SIM_USER", "check_table", "resume", "simulate"]

SIM_USER = 0
"""The user id of the simulator, host of its tables (it does not sit)."""
SIM_CHANNEL_BASE = 1_000_000_000
"""Simulated tables use channel ids from here up, clear of real Discord ids and the terminal's."""

ProgressFn = Callable[[int, int], None]


async def check_table(store: Store, table: Table) -> dict[str, Any]:
    """The JSON line of a finished (or aborted) simulated table, with the invariant checks."""
    engine = table.engine
    assert engine is not None and table.game_id is not None
    row = await store.game(table.game_id)
    actions = await store.actions(table.game_id)
    rebuilt = type(engine).replay(row.seed, row.options, actions)
    result = engine.match_result
    invariants = engine.invariants()
    return {
        "game": table.game,
        "seed": row.seed,
        "status": table.status,
        "hands": len(engine.hand_results),
        "scores": list(result.scores) if result else None,
        "ranks": list(result.ranks) if result else None,
        "teams": [list(t) for t in result.teams] if result else None,
        "final": dict(result.summary) if result else None,
        "actions": len(actions),
        # the engine's own card check if it names one, else all its self-checks
        "cards_conserved": invariants.get("cards_conserved", all(invariants.values())),
        "invariants": invariants,
        "invariants_ok": all(invariants.values()),
        "replay_equal": rebuilt.snapshot() == engine.snapshot(),
    }


def _progress_listener(progress: ProgressFn) -> Callable[[TableUpdate], Any]:
    async def listener(update: TableUpdate) -> None:
        # listeners run after the store committed the action: the number printed is durable
        if update.action is not None and update.table.engine is not None:
            progress(update.table.id, len(update.table.engine.actions))

    return listener


async def simulate(
    game: str,
    *,
    games: int,
    seed: int,
    db_path: str | Path,
    options: Mapping[str, Any] | None = None,
    preset: str | None = None,
    bot: str = "heuristic",
    pace: str = "async",
    bot_delay_s: float = 0.0,
    progress: ProgressFn | None = None,
) -> AsyncIterator[dict[str, Any]]:
    """Play ``games`` bot-only matches of ``game`` one after another; yield one result dict each.

    Match ``i`` uses seed ``seed + i``. ``options``/``preset`` are table options
    (e.g. ``{"match": "one_hand"}``). ``progress(table_id, actions)`` is called
    after every stored action. Raises ``bot.errors.TableError`` for bad options or pace,
    and ``database_in_use`` while another process runs the tables of ``db_path``: the
    simulator writes there, so it claims the file as every writer does (:mod:`bot.claim`).
    """
    store = await Store.open(db_path)
    claim: DatabaseClaim | None = None
    try:
        claim = await store.claim()
        service = TableService(store, rng_seed=seed, default_pace=pace, bot_delay_s=bot_delay_s)
    except BaseException:
        if claim is not None:
            claim.release()
        await store.close()
        raise
    if progress is not None:
        service.subscribe(_progress_listener(progress))
    try:
        channels = itertools.count(SIM_CHANNEL_BASE)
        for i in range(games):
            channel = next(channels)
            while service.table_in_channel(channel) is not None:
                channel = next(channels)
            table = await service.open_table(
                guild_id=None,
                channel_id=channel,
                game=game,
                user_id=SIM_USER,
                name="simulator",
                preset=preset,
                options=options,
                sit=False,
            )
            await service.add_bot(channel, SIM_USER, table.spec.engine().seat_count, bot)
            started = time.perf_counter()
            await service.start(channel, SIM_USER, seed=seed + i)
            await service.wait_finished(table.id)
            line = await check_table(store, table)
            line["seconds"] = round(time.perf_counter() - started, 4)
            yield line
    finally:
        await service.shut_down()
        claim.release()
        await store.close()


async def resume(
    db_path: str | Path, *, progress: ProgressFn | None = None
) -> AsyncIterator[dict[str, Any]]:
    """Open the store, rebuild every unfinished table (replay), and play the bot-only ones
    to the end, yielding one result dict per table (as :func:`simulate`)."""
    store = await Store.open(db_path)
    service = TableService(store)
    if progress is not None:
        service.subscribe(_progress_listener(progress))
    try:
        await service.start_up()
        for table in list(service.open_tables()):
            if table.status != "playing" or table.game not in GAMES:
                continue
            if any(s.bot is None for s in table.seats):
                continue  # people play here; nothing to simulate
            await service.wait_finished(table.id)
            yield await check_table(store, table)
    finally:
        await service.shut_down()
        await store.close()
