"""A bot-only tournament through the real services and store (``python -m bot tournament
simulate --store``): :class:`bot.tournaments.service.TournamentService` over
:class:`bot.tables.TableService` and a :class:`bot.store.Store` (in memory, or ``--db``), with a
manual clock, every participant a bot (one in three ``random``, the others ``heuristic``).

The invariants are read back from what the store holds:

* ``seated_once``: every participant is seated exactly once in every round;
* ``tables_full``: every table has one participant or filler bot per seat;
* ``duplicate_deals_identical``: (duplicate) the deals the stored games of each round started
  from are one deal (:meth:`TournamentService.same_deals`);
* ``standings_add_up``: the standings' points are each participant's round scores summed,
  and the same as the core computes from the stored outcomes;
* ``replay_equal``: every stored game replays from its seed, options and actions to a
  finished match whose result is the stored one.
"""

from __future__ import annotations

from pathlib import Path

from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from bot.tournaments.runner import SimulationResult
from bot.tournaments.scoring import round_scores, standings
from bot.tournaments.service import TournamentService
from games.base import Action
from games.registry import get_game

__all__ = ["simulate_stored"]

ORGANISER = 1


async def simulate_stored(
    game: str,
    fmt: str = "swiss",
    *,
    duplicate: bool = False,
    players: int = 12,
    rounds: int = 3,
    seed: int = 1,
    db: Path | None = None,
) -> SimulationResult:
    """Run and check one bot-only tournament through the services and a store. Raises
    :class:`~bot.tournaments.service.TournamentError` for a tournament that cannot be made
    (round robin of a game without partnerships, too few players)."""
    store = await Store.open(db if db is not None else ":memory:")
    scheduler = ManualScheduler(FakeClock())
    tables = TableService(store, scheduler=scheduler, rng_seed=seed)
    try:
        await tables.start_up()
        service = TournamentService(tables)
        t = await service.create(
            guild_id=None,
            channel_id=1,
            organiser_id=ORGANISER,
            game=game,
            preset="quick",
            fmt=fmt,
            duplicate=duplicate,
            rounds=rounds,
            pace="async",
            seed=seed,
        )
        for i in range(players):
            kind = "random" if i % 3 == 2 else "heuristic"
            await service.add(t.id, ORGANISER, organiser=True, bot=kind, name=f"Bot {i + 1}")
        await service.close(t.id, ORGANISER, organiser=True)
        for _ in range(100_000):
            if (await service.get(t.id)).status != "running":
                break
            if not await scheduler.run_due():
                await scheduler.advance(60)
        t = await service.get(t.id)
        people = [e.user_id for e in await service.entrants(t.id)]
        rows = await service.round_tables(t.id)
        played = await service.played(t.id)
        final = await service.standings(t.id)
        checks = {"finished": t.status == "finished" and len(played) == t.rounds}
        checks["seated_once"] = all(
            sorted(p for r in rows if r.round == n for p in r.players_in()) == sorted(people)
            for n in range(1, t.rounds + 1)
        )
        seats = get_game(game).engine().seat_count
        checks["tables_full"] = all(len(r.seats) == seats for r in rows)
        if duplicate:
            checks["duplicate_deals_identical"] = all(
                [await service.same_deals(t.id, n) for n in range(1, t.rounds + 1)]
            )
        total = sum(sum(round_scores(plan, out).values()) for plan, out in played)
        checks["standings_add_up"] = (
            final == standings(people, played)
            and abs(sum(s.points for s in final) - total) < 1e-6
            and all(abs(s.points - sum(s.rounds)) < 1e-6 for s in final)
        )
        checks["replay_equal"] = await _replays(service, [r.table_id for r in rows])
        return SimulationResult(
            game=get_game(game).key,
            format=t.format,
            duplicate=duplicate,
            players=players,
            rounds=t.rounds,
            seed=seed,
            standings=final,
            invariants=checks,
            tables=len(rows),
        )
    finally:
        await tables.shut_down()
        await store.close()


async def _replays(service: TournamentService, table_ids: list[int | None]) -> bool:
    """Every table's stored game replays to the stored match result."""
    store = service.tables.store
    for table_id in table_ids:
        row = await store.table(table_id) if table_id is not None else None
        if row is None or row.game_id is None:
            return False
        game = await store.game(row.game_id)
        engine = get_game(game.game).engine()
        actions = [Action.from_json(a) for a in await store.actions(row.game_id)]
        rebuilt = engine.replay(game.seed, engine.options_type.from_dict(game.options), actions)
        result = rebuilt.match_result
        saved = await service.rows.match_result(row.id)
        if result is None or saved is None:
            return False
        if [list(t) for t in result.teams] != saved["teams"]:
            return False
        if list(result.ranks) != saved["ranks"]:
            return False
    return True
