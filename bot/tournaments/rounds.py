"""The tournament service's rounds: a round stored whole, its tables opened through the table
service, people seated and checked in, no-shows replaced by bots at the deadline, results
read back (live, or from the store after a restart), standings and the next round.
See :mod:`bot.tournaments.service`."""

from __future__ import annotations

from bot.errors import TableError
from bot.tables import Table, TableUpdate
from bot.tournaments.deals import table_options
from bot.tournaments.model import RoundPlan, TableOutcome, outcome_from_match
from bot.tournaments.pairing import round_robin_round, swiss_round
from bot.tournaments.scoring import standings
from bot.tournaments.service_base import (
    RETRY_S,
    SYSTEM_USER,
    THREAD_BASE,
    ServiceBase,
    ThreadRefused,
    TournamentError,
    TournamentUpdate,
    log,
)
from bot.tournaments.store import Entrant, RoundTable, Tournament
from games.base import MatchResult
from games.registry import get_game

__all__ = ["RoundsMixin", "pairs_of"]


class RoundsMixin(ServiceBase):
    """Opening, starting and finishing rounds (under each tournament's lock)."""

    # --------------------------------------------------------------- rounds
    async def _plan(self, t: Tournament, number: int) -> RoundPlan:
        people = await self.entrants(t.id)
        if t.format == "round_robin":
            return round_robin_round(number, pairs_of(people), duplicate=t.duplicate, seed=t.seed)
        played = await self.played(t.id)
        table = standings([e.user_id for e in people], played)
        return swiss_round(
            number,
            [s.participant for s in table],
            {s.participant: s.points for s in table},
            [plan for plan, _ in played],
            team_game=get_game(t.game).fixed_partners,
            duplicate=t.duplicate,
            seed=t.seed,
        )

    async def _open_round_safely(self, t: Tournament, number: int) -> None:
        """:meth:`_open_round`; when a step fails (Discord refused a thread, a table could not
        open) it is logged and the whole round is tried again in :data:`RETRY_S` seconds,
        from what is stored (the steps done are skipped). A thread refused for want of a
        permission (:class:`ThreadRefused`) is told to the organiser once (a
        ``threads_refused`` update), not at every try, until a round opens."""
        try:
            await self._open_round(t, number)
        except ThreadRefused as exc:
            log.warning(
                "tournament %s: round %s has no thread (missing %s); trying again in %ss",
                t.id,
                number,
                exc.permission,
                RETRY_S,
            )
            self._schedule_retry(t)
            if t.id not in self._refusal_told:
                self._refusal_told.add(t.id)
                await self._notify(
                    TournamentUpdate("threads_refused", t, number, permission=exc.permission)
                )
        except Exception:
            log.exception("tournament %s: round %s could not open; trying again", t.id, number)
            self._schedule_retry(t)
        else:
            self._refusal_told.discard(t.id)

    def _schedule_retry(self, t: Tournament) -> None:
        self.tables.scheduler.call_at(
            self._now() + RETRY_S, ("tour", t.id, "retry"), lambda: self._retry(t.id)
        )

    async def _retry(self, tournament_id: int) -> None:
        async with self._lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status == "running":
                await self._open_round_safely(t, t.round)
                await self._advance(t)

    async def _open_round(self, t: Tournament, number: int) -> None:
        """Open round ``number`` (under the tournament's lock): stored whole first, then each
        table opened; a step already done is skipped (restart)."""
        rows = await self.rows.tables(t.id, number)
        fresh = not rows
        if fresh:
            plan = await self._plan(t, number)
            deadline = self._now() + t.show_s
            rows = [
                RoundTable(t.id, number, p.number, p.seats, p.seed, deadline=deadline)
                for p in plan.tables
            ]
            await self.rows.start_round(t.id, number, rows, self._now())
            t.round, t.status = number, "running"
        unopened = any(r.table_id is None for r in rows)
        for row in rows:
            await self._open_table(t, row)
        if fresh or unopened:  # a round opened now, or finished opening after a failure
            await self._notify(TournamentUpdate("round_opened", t, number, rows))
        for row in rows:
            await self._maybe_start(t, row)

    def _host(self, row: RoundTable) -> Table | None:
        if row.table_id is None:
            return None
        try:
            return self.tables.get(row.table_id)
        except TableError:
            return None

    async def _open_table(self, t: Tournament, row: RoundTable) -> None:
        if row.status == "finished":
            return
        if row.thread_id is None:
            if self.open_thread is not None:
                thread = await self.open_thread(t, row)
            else:
                thread = THREAD_BASE + t.id * 10_000 + row.round * 100 + row.number
            await self.rows.update_table(row, thread_id=thread)
        assert row.thread_id is not None
        if row.table_id is None:
            try:
                host = await self.tables.open_table(
                    guild_id=t.guild_id,
                    channel_id=row.thread_id,
                    game=t.game,
                    user_id=SYSTEM_USER,
                    name="Paiju",
                    preset=t.preset,
                    pace=t.pace,
                    options=table_options(t.game, t.preset, t.duplicate),
                    sit=False,
                    rated=True,  # results feed the ratings (and the season) as any rated match
                )
            except TableError as exc:  # opened before a crash, not yet written down
                if exc.code != "table_exists":
                    raise
                host = self.tables.get(int(exc.params["table_id"]))
            await self.rows.update_table(row, table_id=host.id)
        assert row.table_id is not None
        self._by_table[row.table_id] = (t.id, row.round, row.number)
        lobby = self._host(row)
        if lobby is not None and lobby.status == "lobby":
            # everyone in their seat and the bots in theirs at once: a full lobby, which
            # nobody else can join
            await self._fill(t, row, lobby, set(await self._people(t, row)))
            if row.status == "waiting":
                self.tables.scheduler.call_at(
                    row.deadline,
                    ("tour", t.id, row.round, row.number),
                    lambda: self._deadline(t.id, row.round, row.number),
                )

    async def _fill(self, t: Tournament, row: RoundTable, host: Table, seated: set[int]) -> None:
        """Seat the lobby as planned, seat by seat in order: each person of ``seated`` in their
        seat, a bot (of a bot participant's kind, else the heuristic) in every other seat;
        anyone else sitting there (a person who joined a free seat) is moved out."""
        assert row.thread_id is not None
        names = {e.user_id: e for e in await self.rows.entrants(t.id)}
        for seat, who in enumerate(row.seats):
            occupant = host.seats[seat]
            person = who is not None and who in seated
            if person and occupant.user_id == who and occupant.bot is None:
                continue
            if not person and occupant.bot is not None:
                continue
            if not occupant.empty:
                await self.tables.kick(row.thread_id, SYSTEM_USER, seat)
            if person:
                assert who is not None
                await self.tables.join(row.thread_id, who, names[who].name, seat)
            else:  # the first free seat is this one: the earlier ones are all filled
                kind = names[who].bot if who is not None and who in names else None
                await self.tables.add_bot(row.thread_id, SYSTEM_USER, 1, kind or "heuristic")

    async def _people(self, t: Tournament, row: RoundTable) -> list[int]:
        names = {e.user_id: e for e in await self.rows.entrants(t.id)}
        return [p for p in row.players_in() if p in names and names[p].bot is None]

    async def _maybe_start(self, t: Tournament, row: RoundTable, due: bool = False) -> None:
        """Start the table when everyone checked in, or at the deadline (``due``), or bring
        the row up to date with a host table a crash left ahead of it."""
        host = self._host(row)
        if row.status == "finished":
            return
        if host is None:  # closed while we were down
            await self._record_stored(t, row)
            return
        if host.status in ("finished", "aborted"):
            await self._record(t, row, host)
            return
        if host.status == "playing":
            if row.status != "playing":
                await self.rows.update_table(row, status="playing", absent=_absent(row, host))
            return
        people = await self._people(t, row)
        missing = [p for p in people if p not in row.shown]
        if missing and not due and self._now() < row.deadline:
            return
        assert row.thread_id is not None
        await self._fill(t, row, host, {p for p in people if p not in missing})
        await self.rows.update_table(row, status="playing", absent=set(missing))
        self.tables.scheduler.cancel(("tour", t.id, row.round, row.number))
        await self.tables.start(row.thread_id, SYSTEM_USER, seed=row.seed)
        await self._notify(TournamentUpdate("table_started", t, row.round, [row]))

    async def _deadline(self, tournament_id: int, number: int, table: int) -> None:
        async with self._lock(tournament_id):
            t = await self.get(tournament_id)
            rows = [r for r in await self.rows.tables(t.id, number) if r.number == table]
            if t.status == "running" and rows and rows[0].status == "waiting":
                await self._maybe_start(t, rows[0], due=True)

    async def check_in(self, tournament_id: int, user_id: int) -> RoundTable:
        """Check in at one's table of the current round; the table starts when everyone has.
        Again, or after the start: nothing changes. Raises ``TournamentError``:
        ``no_tournament``, ``not_in_round``."""
        async with self._lock(tournament_id):
            t = await self.get(tournament_id)
            rows = await self.rows.tables(t.id, t.round) if t.status == "running" else []
            row = next((r for r in rows if user_id in r.seats), None)
            if row is None:
                raise TournamentError(
                    "not_in_round", "you have no table in this round", {"round": t.round}
                )
            if row.status == "waiting" and user_id not in row.shown:
                await self.rows.update_table(row, shown=row.shown | {user_id})
                await self._maybe_start(t, row)
            return row

    # -------------------------------------------------------------- results
    async def _on_table(self, update: TableUpdate) -> None:
        if update.kind not in ("finished", "aborted", "auto_seat"):
            return
        where = self._by_table.get(update.table.id)
        if where is None:
            return
        async with self._lock(where[0]):
            t = await self.get(where[0])
            rows = [r for r in await self.rows.tables(t.id, where[1]) if r.number == where[2]]
            if t.status != "running" or not rows or rows[0].status == "finished":
                return
            row = rows[0]
            if update.kind == "auto_seat":
                # a person who left the table during play (``/table leave``) forfeits it:
                # written down at once, so a restart or a table closed while the bot was
                # down scores them as absent too
                absent = row.absent | _absent(row, update.table)
                if row.status == "playing" and absent != row.absent:
                    left = tuple(sorted(absent - row.absent))
                    await self.rows.update_table(row, absent=absent)
                    # said in the table's thread and the tournament's channel
                    await self._notify(
                        TournamentUpdate("forfeit", t, row.round, [row], forfeit=left)
                    )
                return
            await self._record(t, row, update.table)

    async def _record(self, t: Tournament, row: RoundTable, host: Table) -> None:
        result = host.engine.match_result if host.engine is not None else None
        await self._finish_table(t, row, result, row.absent | _absent(row, host))

    async def _record_stored(self, t: Tournament, row: RoundTable) -> None:
        stored = await self.rows.match_result(row.table_id) if row.table_id else None
        result = None
        if stored is not None:
            result = MatchResult(
                teams=tuple(tuple(x) for x in stored["teams"]),
                ranks=tuple(stored["ranks"]),
                scores=tuple(stored.get("scores") or ()),
            )
        await self._finish_table(t, row, result, row.absent)

    async def _finish_table(
        self, t: Tournament, row: RoundTable, result: MatchResult | None, absent: set[int]
    ) -> None:
        seats = len(row.seats)
        if result is None:  # aborted: a draw for everyone at the table
            outcome = TableOutcome(
                row.number, tuple(range(seats)), (1,) * seats, (0.0,) * seats, frozenset(absent)
            )
        else:
            outcome = outcome_from_match(row.number, result, seats, sorted(absent))
        await self.rows.update_table(row, status="finished", outcome=outcome, absent=absent)
        await self._advance(t)

    async def _advance(self, t: Tournament) -> None:
        """After a table finished: the round's standings when it is over, then the next
        round or the end."""
        rows = await self.rows.tables(t.id, t.round)
        if not rows or any(r.status != "finished" for r in rows):
            return
        table = await self.standings(t.id)
        if t.round >= t.rounds:
            await self.rows.update(t.id, self._now(), status="finished")
            t.status = "finished"
            await self._notify(TournamentUpdate("finished", t, t.round, rows, table))
            return
        await self._notify(TournamentUpdate("round_finished", t, t.round, rows, table))
        await self._open_round_safely(t, t.round + 1)


def _absent(row: RoundTable, host: Table) -> set[int]:
    """The planned people whose seat a bot plays at the host table: no-shows (someone else,
    a bot, in their seat) and those who left it during play (forfeit, ``docs/tournaments.md``);
    both score 0 for the table."""
    return {
        who
        for seat, who in enumerate(row.seats)
        if who is not None
        and who >= 0
        and (host.seats[seat].user_id != who or host.seats[seat].left)
    }


def pairs_of(people: list[Entrant]) -> list[tuple[int | None, int | None]]:
    """Round-robin pairs: registered partners together, the others in sign-up order, the last
    one alone with a bot partner."""
    ids = {e.user_id for e in people}
    pairs: list[tuple[int | None, int | None]] = []
    done: set[int] = set()
    for e in people:
        p = e.partner_id
        if e.user_id in done or p is None or p not in ids or p in done or p == e.user_id:
            continue
        pairs.append((e.user_id, p))
        done |= {e.user_id, p}
    rest = [e.user_id for e in people if e.user_id not in done]
    for i in range(0, len(rest), 2):
        pairs.append((rest[i], rest[i + 1] if i + 1 < len(rest) else None))
    return pairs
