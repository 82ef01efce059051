"""Engine snapshots beside the log: start-up restores them and replays only the newer
actions; a snapshot that does not fit its log is discarded, logged, and the game replayed.

Each test plays a 扒鸡窝 hand (one person moving by the hint, three heuristic bots)
part of the way in one service, restarts on the same file in a new service, and
plays on to the end: the actions must be exactly those of an uninterrupted run.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import pickle
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.backup import check
from bot.damage import DatabaseDamaged
from bot.snapshots import SNAPSHOT_EVERY, Snapshot, engine_version, restore, seal, take
from bot.store import Store
from bot.tables import Table, TableService
from bot.timers import FakeClock, ManualScheduler
from games.base import Action, Game
from games.registry import GAMES

pytestmark = pytest.mark.skipif(not GAMES["pajiwo"].available, reason="pajiwo is not built")

USER, CH, SEED = 77, 4321, 2026
STOP = 50  # actions played before the restart: a snapshot at 48, a tail after it
DEALS = ("all_at_once", "progressive")


async def opened(db: Path, clock: FakeClock) -> tuple[Store, TableService, ManualScheduler]:
    store = await Store.open(db)
    scheduler = ManualScheduler(clock)
    return store, TableService(store, scheduler=scheduler), scheduler


async def play(
    service: TableService, scheduler: ManualScheduler, table: Table, until: int | None
) -> None:
    """Move for the person by the hint (keys from the action count) until ``until`` actions."""
    engine = table.engine
    assert engine is not None
    while table.status == "playing" and (until is None or len(engine.actions) < until):
        await scheduler.run_due()
        move = service.hint(table.id, USER)
        if move is not None and table.status == "playing":
            await service.act(table.id, USER, move, f"m{len(engine.actions)}")


async def new_table(service: TableService, scheduler: ManualScheduler) -> Table:
    table = await service.open_table(
        guild_id=1,
        channel_id=CH,
        game="pajiwo",
        user_id=USER,
        name="me",
        pace="relaxed",
        options={"match": "one_hand"},
    )
    await service.add_bot(CH, USER, 3)
    await service.start(CH, USER, seed=SEED)
    return table


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> list[Action]:
    """The hand played without a restart."""
    import asyncio

    async def whole() -> list[Action]:
        db = tmp_path_factory.mktemp("reference") / "whole.sqlite3"
        store, service, scheduler = await opened(db, FakeClock())
        table = await new_table(service, scheduler)
        await play(service, scheduler, table, None)
        assert table.status == "finished" and table.engine is not None
        await store.close()
        return list(table.engine.actions)

    return asyncio.run(whole())


async def half_played(db: Path, clock: FakeClock) -> Table:
    """Play to ``STOP`` actions in a service that then "crashes": no shut-down, no claim."""
    store, service, scheduler = await opened(db, clock)
    table = await new_table(service, scheduler)
    await play(service, scheduler, table, STOP)
    await store.close()
    return table


def snapshot_row(db: Path) -> tuple[int, str, str, bytes, str | None] | None:
    with sqlite3.connect(db) as conn:
        row = conn.execute(
            "SELECT seq, version, digest, state, log_digest FROM snapshots"
        ).fetchone()
    return None if row is None else (row[0], row[1], row[2], bytes(row[3]), row[4])


def put_snapshot(db: Path, snapshot: Snapshot) -> None:
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE snapshots SET seq = ?, version = ?, digest = ?, state = ?, log_digest = ?",
            (snapshot.seq, snapshot.version, snapshot.digest, snapshot.state, snapshot.log_digest),
        )


async def restart_and_finish(
    db: Path, clock: FakeClock, table_id: int, snapshot_at: int | None = None
) -> Table:
    """Start a new service on ``db``, check the rebuilt game (and that its stored snapshot
    is now at ``snapshot_at`` actions, if given), and play it to the end."""
    store, service, scheduler = await opened(db, clock)
    await service.start_up()
    again = service.get(table_id)
    engine = again.engine
    assert engine is not None
    if snapshot_at is not None:
        row = snapshot_row(db)
        assert row is not None and row[0] == snapshot_at
    rows = await store.actions(again.game_id or 0)
    game = await store.game(again.game_id or 0)
    # whatever was restored equals the replay of the log
    assert engine.snapshot() == type(engine).replay(game.seed, game.options, rows).snapshot()
    await play(service, scheduler, again, None)
    await service.shut_down()
    await store.close()
    return again


async def test_a_crash_restores_the_snapshot_and_replays_only_the_tail(
    tmp_path: Path, reference: list[Action], caplog: pytest.LogCaptureFixture
) -> None:
    db, clock = tmp_path / "paiju.sqlite3", FakeClock()
    table = await half_played(db, clock)
    assert table.engine is not None
    played = len(table.engine.actions)
    row = snapshot_row(db)
    assert row is not None
    seq, version, digest, state, log = row
    # written every SNAPSHOT_EVERY actions: the crash lost fewer than that
    assert SNAPSHOT_EVERY <= seq <= played < seq + SNAPSHOT_EVERY
    assert version == engine_version() and seal(state, log) == digest
    with caplog.at_level(logging.INFO, logger="bot.tables"):
        again = await restart_and_finish(db, clock, table.id, snapshot_at=seq)
    assert (
        f"start-up: 1 open tables, 1 games from snapshots, {played - seq} actions replayed"
        in caplog.text
    )
    assert again.status == "finished" and again.engine is not None
    assert again.engine.actions == reference
    assert snapshot_row(db) is None  # a closed game keeps no snapshot


async def test_a_clean_stop_snapshots_every_table_at_its_last_action(tmp_path: Path) -> None:
    db, clock = tmp_path / "paiju.sqlite3", FakeClock()
    store, service, scheduler = await opened(db, clock)
    await service.start_up()
    table = await new_table(service, scheduler)
    await play(service, scheduler, table, STOP)
    assert table.engine is not None
    await service.shut_down()
    await store.close()
    row = snapshot_row(db)
    assert row is not None and row[0] == len(table.engine.actions)
    report = check(db)
    assert report.ok and report.snapshots_checked == 1


def _damaged(snapshot: Snapshot, engine: Game, log: list[Action]) -> Snapshot:
    state = bytearray(snapshot.state)
    state[len(state) // 2] ^= 0xFF
    return dataclasses.replace(snapshot, state=bytes(state))


def _other_code(snapshot: Snapshot, engine: Game, log: list[Action]) -> Snapshot:
    return dataclasses.replace(snapshot, version="0" * 32)


def _other_game(snapshot: Snapshot, engine: Game, log: list[Action]) -> Snapshot:
    other = type(engine).replay(SEED + 1, engine.options, [])
    return dataclasses.replace(take(0, other), seq=snapshot.seq)


def _ahead(snapshot: Snapshot, engine: Game, log: list[Action]) -> Snapshot:
    ahead = type(engine).replay(engine.seed, engine.options, log)
    seat = next(d.seat for d in ahead.pending() if d.seat is not None)
    ahead.apply(ahead.legal_actions(seat, 1)[0])
    return take(0, ahead)


def _diverged(snapshot: Snapshot, engine: Game, log: list[Action]) -> Snapshot:
    """The same number of actions as the log, but another last move."""
    for cut in range(len(log) - 1, 0, -1):
        branch = type(engine).replay(engine.seed, engine.options, log[:cut])
        for decision in branch.pending():
            if decision.seat is None:
                continue
            others = [a for a in branch.legal_actions(decision.seat) if a != log[cut]]
            if others:
                branch.apply(others[0])
                return take(0, branch)
    raise AssertionError("no other move anywhere in the log")


def _garbage(snapshot: Snapshot, engine: Game, log: list[Action]) -> Snapshot:
    state = pickle.dumps({"not": "an engine"})
    return dataclasses.replace(snapshot, state=state, digest=seal(state, snapshot.log_digest))


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (_damaged, "its bytes are damaged"),
        (_other_code, "written by other engine code"),
        (_other_game, "it is of another game"),
        (_garbage, "it holds a dict, not a PajiwoGame"),
    ],
)
async def test_a_snapshot_that_does_not_fit_is_discarded_and_the_table_resumes(
    tmp_path: Path,
    reference: list[Action],
    caplog: pytest.LogCaptureFixture,
    spoil: Callable[[Snapshot, Game, list[Action]], Snapshot],
    reason: str,
) -> None:
    db, clock = tmp_path / "paiju.sqlite3", FakeClock()
    table = await half_played(db, clock)
    engine = table.engine
    assert engine is not None
    row = snapshot_row(db)
    assert row is not None
    stored = Snapshot(0, *row)
    log = list(engine.actions)
    put_snapshot(db, spoil(stored, engine, log[: stored.seq] if spoil is _diverged else log))
    with caplog.at_level(logging.INFO, logger="bot.tables"):
        # after the whole log is replayed, a fresh snapshot spares the next start the work
        again = await restart_and_finish(db, clock, table.id, snapshot_at=len(log))
    assert f"the snapshot of game {table.game_id} at action" in caplog.text
    assert reason in caplog.text
    assert f"0 games from snapshots, {len(engine.actions)} actions replayed" in caplog.text
    assert again.status == "finished" and again.engine is not None
    assert again.engine.actions == reference


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (_ahead, "has {n} actions, but its snapshot was taken at action {m}: committed moves"),
        (_diverged, ": its action {k} differs from the one its snapshot holds"),
    ],
)
async def test_a_log_that_its_intact_snapshot_contradicts_is_damage_start_up_refuses(
    tmp_path: Path,
    spoil: Callable[[Snapshot, Game, list[Action]], Snapshot],
    reason: str,
) -> None:
    """A snapshot whose own digest holds is what the log was: a log shorter than it, or
    with another move, lost or changed committed moves. ``check`` calls the file damaged
    and start-up refuses it, changing nothing (the snapshot is kept as evidence)."""
    db, clock = tmp_path / "paiju.sqlite3", FakeClock()
    table = await half_played(db, clock)
    engine = table.engine
    assert engine is not None
    row = snapshot_row(db)
    assert row is not None
    stored = Snapshot(0, *row)
    log = list(engine.actions)
    spoilt = spoil(stored, engine, log[: stored.seq] if spoil is _diverged else log)
    put_snapshot(db, spoilt)
    if spoil is _diverged:
        differs = next(
            i
            for i in range(spoilt.seq)
            if log[i]
            != restore(spoilt, type(engine), engine.seed, engine.options.to_dict()).actions[i]
        )
        expected = reason.format(k=differs)
    else:
        expected = reason.format(n=len(log), m=len(log) + 1)
    report = check(db)
    assert report.damage == [f"table {table.id}: game {table.game_id}{expected}"] or (
        report.damage == [f"table {table.id}: game {table.game_id} {expected} are lost"]
    )
    store, service, _ = await opened(db, clock)
    with pytest.raises(DatabaseDamaged, match=r"is damaged .*: restore a backup"):
        await service.start_up()
    await service.shut_down()
    await store.close()
    assert snapshot_row(db) == (
        spoilt.seq,
        spoilt.version,
        spoilt.digest,
        spoilt.state,
        spoilt.log_digest,
    )
    assert check(db).damage == report.damage  # nothing was changed: same judgement
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT status FROM tables").fetchall() == [("playing",)]
        assert conn.execute("SELECT COUNT(*) FROM actions").fetchone() == (len(log),)


async def test_check_replays_each_snapshot_and_names_one_that_differs(tmp_path: Path) -> None:
    """A snapshot with intact bytes whose state no replay reaches: ``check`` finds it."""
    db, clock = tmp_path / "paiju.sqlite3", FakeClock()
    table = await half_played(db, clock)
    engine = table.engine
    assert engine is not None
    row = snapshot_row(db)
    assert row is not None
    seq = row[0]
    forged = type(engine).replay(engine.seed, engine.options, engine.actions[:seq])
    forged.points = [forged.points[0] + 40, forged.points[1]]  # type: ignore[attr-defined]
    put_snapshot(db, take(0, forged))
    report = check(db)
    assert report.problems == [
        f"table {table.id}: the engine snapshot of game {table.game_id} would be used at"
        f" start-up, but it differs from the replay of its {seq} actions; the log is sound:"
        f' delete the snapshots before restoring (sqlite3 {db} "DELETE FROM snapshots")'
    ]
    put_snapshot(db, dataclasses.replace(take(0, forged), version="0" * 32))
    report = check(db)  # a snapshot start-up would skip is only worth a note
    assert report.ok and report.notes == [
        f"table {table.id}: start-up will skip its engine snapshot (written by other engine code)"
    ]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 150), deal=st.sampled_from(DEALS))
def test_a_restored_snapshot_plays_on_exactly_as_the_engine_it_was_taken_from(
    seed: int, cut: int, deal: str
) -> None:
    """Invariant: restore(take(engine)) equals the engine, now and after every later move
    (the moves chosen by the same bots with the same random generator)."""
    from games.pajiwo import HeuristicPlayer, PajiwoGame, PajiwoOptions
    from games.pajiwo.selfplay import step

    options = PajiwoOptions.from_dict({"deal": deal, "match": "one_hand"})
    game = PajiwoGame(seed, options)
    players = [HeuristicPlayer() for _ in range(4)]
    rng = random.Random(seed)
    while len(game.actions) < cut and step(game, players, rng):
        pass
    snapshot = take(1, game)
    restored = restore(snapshot, PajiwoGame, seed, options.to_dict())
    assert restored.snapshot() == game.snapshot() and restored.actions == game.actions
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    while not game.is_over:
        done = step(game, players, rng_a)
        assert step(restored, players, rng_b) == done
        if not done:
            break
        assert restored.snapshot() == game.snapshot()
    assert restored.match_result == game.match_result


async def test_a_large_start_up_freezes_what_it_rebuilt_and_play_goes_on(tmp_path: Path) -> None:
    db, clock = tmp_path / "paiju.sqlite3", FakeClock()
    store, service, scheduler = await opened(db, clock)
    table = await new_table(service, scheduler)
    await play(service, scheduler, table, 20)
    for channel in range(100):  # lobbies are open tables too
        await service.open_table(
            guild_id=1, channel_id=10_000 + channel, game="pajiwo", user_id=1, name="host"
        )
    await store.close()
    frozen = gc.get_freeze_count()
    try:
        store, service, scheduler = await opened(db, clock)
        await service.start_up()
        assert gc.get_freeze_count() > frozen and gc.isenabled()
        again = service.get(table.id)
        assert again.engine is not None and len(again.engine.actions) >= 20
        await play(service, scheduler, again, None)
        assert again.status == "finished"
        await service.shut_down()
        await store.close()
    finally:
        gc.unfreeze()  # the other tests run on an ordinary heap
