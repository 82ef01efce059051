"""The tournament service over the real table service and store: rounds opened as tables,
check-ins, a no-show filled by a bot, standings, refusals, and a restart mid-round."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from bot.errors import TableError
from bot.league.seasons import start_season
from bot.store import Store
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from bot.tournaments.rounds import pairs_of
from bot.tournaments.scoring import standings
from bot.tournaments.service import TournamentError, TournamentService, TournamentUpdate
from bot.tournaments.service_base import RETRY_S
from bot.tournaments.store import Entrant, RoundTable


class Run:
    """A table service and a tournament service over one database file and a fake clock."""

    def __init__(self, db: Path, clock: FakeClock) -> None:
        self.db = db
        self.scheduler = ManualScheduler(clock)
        self.updates: list[TournamentUpdate] = []

    async def __aenter__(self) -> Run:
        self.store = await Store.open(self.db)
        self.tables = TableService(self.store, scheduler=self.scheduler, rng_seed=3)
        await self.tables.start_up()
        self.service = TournamentService(self.tables)

        async def keep(update: TournamentUpdate) -> None:
            self.updates.append(update)

        self.service.subscribe(keep)
        await self.service.start_up()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.tables.shut_down()
        await self.store.close()

    async def until(self, done: Callable[[], Awaitable[bool]], limit: int = 3000) -> None:
        for _ in range(limit):
            await self.scheduler.run_due()
            if await done():
                return
            await self.scheduler.advance(5)
        raise AssertionError("the tournament did not get there")


PEOPLE = [(11, "Ann"), (12, "Bo"), (13, "Cy"), (14, "Di")]


async def _create(run: Run, **kw: object) -> int:
    args: dict[str, object] = {
        "guild_id": 1,
        "channel_id": 500,
        "organiser_id": 11,
        "game": "jintan",
        "fmt": "swiss",
        "duplicate": True,
        "rounds": 2,
        "pace": "10s",
        "show_s": 60,
        "seed": 5,
    }
    args.update(kw)
    t = await run.service.create(**args)  # type: ignore[arg-type]
    for user, name in PEOPLE:
        await run.service.sign_up(t.id, user, name)
    for _ in range(3):
        await run.service.add(t.id, 11, organiser=False, bot="heuristic")
    return t.id


async def test_a_duplicate_swiss_tournament_runs_to_the_end(tmp_path: Path) -> None:
    async with Run(tmp_path / "t.sqlite3", FakeClock()) as run:
        season = await start_season(run.store, 1, "jintan", 11, 0.0)
        tid = await _create(run)
        assert (await run.service.close(tid, 11, organiser=False)).changed
        assert not (await run.service.close(tid, 11, organiser=False)).changed  # idempotent
        rows = await run.service.round_tables(tid, 1)
        assert len(rows) == 2 and sorted(p for r in rows for p in r.players_in()) == sorted(
            [11, 12, 13, 14, -1, -2, -3]
        )
        assert len({r.seed for r in rows}) == 1  # one deal for the round
        # three people check in; Di (14) does not show: a bot takes her seat at the deadline
        for user in (11, 12, 13):
            await run.service.check_in(tid, user)

        async def over() -> bool:
            return (await run.service.get(tid)).status == "finished"

        await run.until(over)
        every = await run.service.round_tables(tid)
        first = [r for r in every if r.round == 1]
        assert next(r for r in first if 14 in r.seats).absent == {14}
        final = await run.service.standings(tid)
        assert {s.participant for s in final} == {11, 12, 13, 14, -1, -2, -3}
        assert next(s for s in final if s.participant == 14).rounds[0] == 0.0
        # the standings are those computed from the stored outcomes
        played = await run.service.played(tid)
        assert len(played) == 2
        assert standings([11, 12, 13, 14, -1, -2, -3], played) == final
        kinds = [u.kind for u in run.updates]
        assert kinds.count("round_opened") == 2 and kinds[-1] == "finished"
        assert "round_finished" in kinds
        # rated: the results fed the ratings of the people (bots are never stored)
        matches = await run.store.matches(1, limit=50)
        assert len(matches) == 4
        assert all(m.rated for m in matches if any(p.user_id for p in m.players))
        rated = await run.store.ratings(1, "jintan", [11, 12, 13, 14])
        assert set(rated) == {11, 12, 13}  # 14 never played: a bot had her seat
        # a tournament's tables feed the season although bots sit at them (the organiser's
        # event; a host's own rated table of bots would not)
        counted = await run.store.season_standings(season.id)
        assert {s.user_id for s in counted} == {11, 12, 13}
        # the host tables really got one deal per round, from the stored games
        for number in (1, 2):
            assert await run.service.same_deals(tid, number)
            assert len(set(await run.service.deals(tid, number))) == 1


async def test_a_restart_mid_round_resumes(tmp_path: Path) -> None:
    clock = FakeClock()
    db = tmp_path / "t.sqlite3"
    async with Run(db, clock) as run:
        tid = await _create(run, duplicate=False, game="dagun")
        await run.service.close(tid, 11, organiser=False)
        for user in (11, 12, 13, 14):
            await run.service.check_in(tid, user)

        async def in_round_two() -> bool:
            return (await run.service.get(tid)).round == 2

        await run.until(in_round_two)
        await run.scheduler.advance(5)
    async with Run(db, clock) as again:

        async def over() -> bool:
            return (await again.service.get(tid)).status == "finished"

        await again.until(over)
        rows = await again.service.round_tables(tid)
        assert [r.round for r in rows].count(2) == 2
        assert all(r.outcome is not None for r in rows)
        assert (await again.service.get(tid)).round == 2


async def test_bad_commands_are_refused_and_change_nothing(tmp_path: Path) -> None:
    async with Run(tmp_path / "t.sqlite3", FakeClock()) as run:
        service = run.service
        for kw, code in [
            ({"game": "chess"}, "unknown_game"),
            ({"preset": "nosuch"}, "bad_preset"),
            ({"fmt": "round_robin", "game": "jintan"}, "bad_format"),
            ({"rounds": 0}, "bad_rounds"),
            ({"pace": "never"}, "bad_pace"),
            ({"start_at": run.scheduler.clock() - 1}, "start_in_past"),
        ]:
            with pytest.raises(TournamentError) as info:
                await _create(run, **kw)
            assert info.value.code == code
        assert await service.tournaments() == []
        tid = await _create(run)
        with pytest.raises(TournamentError, match="your own partner"):
            await service.sign_up(tid, 15, "Ed", partner_id=15)
        with pytest.raises(TournamentError, match="already signed up"):
            await service.sign_up(tid, 12, "Bo")
        with pytest.raises(TournamentError) as info:
            await service.close(tid, 12, organiser=False)
        assert info.value.code == "not_organiser"
        assert not (await service.remove(tid, 11, 99, organiser=False)).changed
        assert not (await service.add(tid, 11, organiser=False, user_id=12, name="Bo")).changed
        # a round that cannot start: too few after removals
        for user in (12, 13, 14, -1, -2, -3):
            await service.remove(tid, 11, user, organiser=False)
        with pytest.raises(TournamentError) as info:
            await service.close(tid, 11, organiser=False)
        assert info.value.code == "cannot_start"
        assert (await service.get(tid)).status == "signup"
        assert (await service.cancel(tid, 12, organiser=True)).changed
        assert not (await service.cancel(tid, 12, organiser=True)).changed
        with pytest.raises(TournamentError) as info:
            await service.sign_up(tid, 15, "Ed")
        assert info.value.code == "signups_closed"


async def test_a_round_table_is_seated_as_planned_and_nobody_else_sits_down(
    tmp_path: Path,
) -> None:
    async with Run(tmp_path / "t.sqlite3", FakeClock()) as run:
        tid = await _create(run, rounds=1)
        await run.service.close(tid, 11, organiser=False)
        rows = await run.service.round_tables(tid, 1)
        row = next(r for r in rows if 11 in r.seats)
        assert row.thread_id is not None and row.table_id is not None
        host = run.tables.get(row.table_id)
        assert host.status == "lobby" and not host.free_seats  # people and bots seated at once
        with pytest.raises(TableError) as info:
            await run.tables.join(row.thread_id, 99, "Intruder")
        assert info.value.code == "seat_full"
        # Ann leaves the lobby and a stranger takes her seat; she checks in: hers again
        await run.tables.leave(row.thread_id, 11)
        await run.tables.join(row.thread_id, 99, "Intruder")
        others = [p for p in row.seats if p is not None and p > 0 and p != 11]
        for user in [11, *others]:
            await run.service.check_in(tid, user)
        assert host.status == "playing"
        assert host.seat_of(11) == row.seats.index(11) and host.seat_of(99) is None


async def test_a_round_that_fails_to_open_is_tried_again(tmp_path: Path) -> None:
    async with Run(tmp_path / "t.sqlite3", FakeClock()) as run:
        calls: list[int] = []

        async def flaky(t: object, row: RoundTable) -> int:
            calls.append(row.number)
            if len(calls) == 1:
                raise RuntimeError("Discord said no")
            return 7_000_000 + row.number

        run.service.open_thread = flaky
        tid = await _create(run, rounds=1)
        assert (await run.service.close(tid, 11, organiser=False)).changed
        rows = await run.service.round_tables(tid, 1)
        assert len(rows) == 2 and all(r.table_id is None for r in rows)
        await run.scheduler.advance(RETRY_S + 1)
        rows = await run.service.round_tables(tid, 1)
        assert [r.thread_id for r in rows] == [7_000_001, 7_000_002]
        assert all(r.table_id is not None for r in rows)
        assert [u.kind for u in run.updates].count("round_opened") == 1


def test_round_robin_pairs_keep_registered_partners() -> None:
    people = [
        Entrant(1, "a", None, None, 1),
        Entrant(2, "b", None, 4, 2),
        Entrant(3, "c", None, None, 3),
        Entrant(4, "d", None, 2, 4),
        Entrant(5, "e", None, 1, 5),
    ]
    assert pairs_of(people) == [(2, 4), (5, 1), (3, None)]


async def test_a_player_who_leaves_during_play_forfeits_the_table(tmp_path: Path) -> None:
    """Leaving = forfeit (docs/tournaments.md): a person who checked in and then leaves the
    table with ``/table leave`` scores 0 for it, as a no-show, even across a restart; the
    bot that plays on keeps the seat's result for the others."""
    clock = FakeClock()
    db = tmp_path / "t.sqlite3"
    async with Run(db, clock) as run:
        tid = await _create(run, rounds=1, duplicate=False)
        await run.service.close(tid, 11, organiser=False)
        for user in (11, 12, 13, 14):
            await run.service.check_in(tid, user)
        rows = await run.service.round_tables(tid, 1)
        row = next(r for r in rows if 11 in r.seats)
        host = run.tables.get(row.table_id)
        assert host.status == "playing" and row.absent == set()
        await run.scheduler.advance(5)  # a few moves are played
        await run.tables.leave(row.thread_id, 11)
        stored = next(r for r in await run.service.round_tables(tid, 1) if 11 in r.seats)
        assert stored.absent == {11}  # written down at once
        assert host.status == "playing"  # the bot plays on for the seat
        # and said: the Discord front end posts it in the thread and the channel
        said = [u for u in run.updates if u.kind == "forfeit"]
        assert [(u.forfeit, u.round, u.tables[0].number) for u in said] == [((11,), 1, row.number)]
        assert said[0].tables[0].thread_id == row.thread_id
    async with Run(db, clock) as again:

        async def over() -> bool:
            return (await again.service.get(tid)).status == "finished"

        await again.until(over)
        row = next(r for r in await again.service.round_tables(tid, 1) if 11 in r.seats)
        assert row.absent == {11} and row.outcome is not None and row.outcome.absent == {11}
        final = await again.service.standings(tid)
        assert next(s for s in final if s.participant == 11).rounds[0] == 0.0
        # the others at the table are scored on the match as played
        others = [s for s in final if s.participant in row.seats and s.participant != 11]
        assert others and any(s.rounds[0] > 0 for s in others)


async def test_a_thread_refused_for_a_permission_is_told_once(tmp_path: Path) -> None:
    from bot.tournaments.service_base import ThreadRefused

    async with Run(tmp_path / "t.sqlite3", FakeClock()) as run:
        allowed = False

        async def opener(t: object, row: RoundTable) -> int:
            if not allowed:
                raise ThreadRefused("create_public_threads")
            return 7_000_000 + row.number

        run.service.open_thread = opener
        tid = await _create(run, rounds=1)
        await run.service.close(tid, 11, organiser=False)
        for _ in range(3):  # tried again every RETRY_S, told once
            await run.scheduler.advance(RETRY_S + 1)
        told = [u for u in run.updates if u.kind == "threads_refused"]
        assert len(told) == 1 and told[0].permission == "create_public_threads"
        assert told[0].round == 1 and told[0].tournament.organiser_id == 11
        allowed = True
        await run.scheduler.advance(RETRY_S + 1)
        rows = await run.service.round_tables(tid, 1)
        assert [r.thread_id for r in rows] == [7_000_001, 7_000_002]
        assert [u.kind for u in run.updates].count("threads_refused") == 1


async def test_a_bot_asked_for_twice_at_once_is_added_once(tmp_path: Path) -> None:
    clock = FakeClock()
    async with Run(tmp_path / "t.sqlite3", clock) as run:
        t = await run.service.create(
            guild_id=1,
            channel_id=500,
            organiser_id=11,
            game="jintan",
            fmt="swiss",
            duplicate=False,
            rounds=2,
            pace="10s",
            show_s=60,
            seed=5,
        )
        add = run.service.add
        assert (await add(t.id, 11, organiser=False, bot="heuristic", same_within_s=10)).changed
        # a double click, or a second organiser at the same moment: the same request
        assert not (await add(t.id, 12, organiser=True, bot="heuristic", same_within_s=10)).changed
        assert [e.user_id for e in await run.service.rows.entrants(t.id)] == [-1]
        clock.advance(11)
        assert (await add(t.id, 11, organiser=False, bot="heuristic", same_within_s=10)).changed
        assert sorted(e.user_id for e in await run.service.rows.entrants(t.id)) == [-2, -1]


async def test_a_start_too_far_ahead_is_refused_and_too_few_at_the_start_is_told(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    async with Run(tmp_path / "t.sqlite3", clock) as run:
        args: dict[str, object] = {
            "guild_id": 1, "channel_id": 500, "organiser_id": 11, "game": "jintan",
            "fmt": "swiss", "duplicate": False, "rounds": 2, "pace": "10s", "show_s": 60,
        }  # fmt: skip
        for far in (91 * 86400, 99999 * 3600, 99_999_999_999 - clock()):
            with pytest.raises(TournamentError) as refused:
                await run.service.create(**args, start_at=clock() + far)  # type: ignore[arg-type]
            assert refused.value.code == "start_too_far" and refused.value.params["days"] == 90
        assert await run.service.tournaments() == []
        t = await run.service.create(**args, start_at=clock() + 3600)  # type: ignore[arg-type]
        await run.service.sign_up(t.id, 11, "Ann")
        await run.scheduler.advance(3601)
        await run.scheduler.run_due()
        assert (await run.service.get(t.id)).status == "cancelled"
        told = [u for u in run.updates if u.kind == "cancelled"]
        assert len(told) == 1 and told[0].too_few is not None and told[0].too_few[0] == 1
