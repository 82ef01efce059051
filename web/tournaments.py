"""A server's tournaments as the web pages read them (``tournaments``, ``tournament_players``,
``tournament_tables``: :mod:`bot.tournaments.store`'s rows), read-only through
:class:`bot.tournaments.store.TournamentStore` on :class:`web.data.WebData`'s store.

The standings are :func:`bot.tournaments.scoring.standings` of the finished rounds, as the
tournament service posts them (:meth:`bot.tournaments.service_base.TournamentBase.standings`):
the points, then the tie-breaks (opponents' points, tops, sign-up order). A table's finished
match is linked to its page, and so to the replay of its hands; a table still playing shows
its seats only (no hand in play is ever shown).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.store import Store
from bot.tournaments.model import RoundPlan, Standing, TableOutcome, TablePlan
from bot.tournaments.scoring import standings
from bot.tournaments.store import Entrant, RoundTable, Tournament, TournamentStore
from web.data import WebData

__all__ = ["RoundTableLine", "TournamentLine", "TournamentPage", "tournament", "tournaments"]


#: the statuses a page shows (a cancelled tournament is left out)
SHOWN = ("signup", "running", "finished")


@dataclass(frozen=True)
class _Read:
    """What one page reads of a tournament, in one go."""

    tournament: Tournament
    entrants: list[Entrant]
    tables: list[RoundTable]
    matches: dict[int, int]


@dataclass(frozen=True)
class TournamentLine:
    id: int
    game: str
    format: str
    duplicate: bool
    rounds: int
    round: int
    status: str
    start_at: float


@dataclass(frozen=True)
class RoundTableLine:
    """A table of a round: each seat's participant (``None``: a filler bot), its status, the
    outcome once finished, and the finished match's id (its page and replays)."""

    round: int
    number: int
    seats: tuple[int | None, ...]
    status: str
    absent: frozenset[int]
    outcome: TableOutcome | None
    match_id: int | None


@dataclass
class TournamentPage:
    tournament: TournamentLine
    names: dict[int, str]
    standings: list[Standing]
    rounds: list[tuple[int, list[RoundTableLine]]] = field(default_factory=list)

    def name(self, participant: int | None) -> str:
        if participant is None:
            return "🤖"
        return self.names.get(participant, str(participant))


def _line(t: Tournament) -> TournamentLine:
    return TournamentLine(
        id=t.id,
        game=t.game,
        format=t.format,
        duplicate=t.duplicate,
        rounds=t.rounds,
        round=t.round,
        status=t.status,
        start_at=t.start_at,
    )


async def tournaments(data: WebData, guild_id: int) -> list[TournamentLine]:
    """The server's tournaments, newest first (cancelled ones left out)."""
    found = await data.read(
        lambda store: TournamentStore(store).select(guild_id, SHOWN), list[Tournament]()
    )
    return [_line(t) for t in found]


async def tournament(data: WebData, guild_id: int, tournament_id: int) -> TournamentPage | None:
    """One tournament of the server with its standings and rounds; ``None`` if none."""

    async def read(store: Store) -> _Read | None:
        stored = TournamentStore(store)
        found = await stored.get(tournament_id)
        if found is None or found.guild_id != guild_id or found.status not in SHOWN:
            return None
        return _Read(
            found,
            await stored.entrants(tournament_id),
            await stored.tables(tournament_id),
            await stored.shown_matches(tournament_id),
        )

    got = await data.read(read, None)
    if got is None:
        return None
    line = _line(got.tournament)
    names = {e.user_id: e.name for e in got.entrants}
    order = [e.user_id for e in got.entrants if e.status == "in"]
    # a duplicate round still played shows no table's result: the others play that deal
    # (bot.board_embargo)
    embargoed = (
        {t.round for t in got.tables if t.status != "finished"}
        if line.duplicate and line.status not in ("finished", "cancelled")
        else set()
    )
    by_round: dict[int, list[RoundTableLine]] = {}
    for t in got.tables:
        shown = t.round not in embargoed
        match_id = got.matches.get(t.table_id) if t.table_id is not None and shown else None
        by_round.setdefault(t.round, []).append(
            RoundTableLine(
                round=t.round,
                number=t.number,
                seats=t.seats,
                status=t.status,
                absent=frozenset(t.absent),
                outcome=t.outcome if shown else None,
                match_id=match_id,
            )
        )
    played: list[tuple[RoundPlan, dict[int, TableOutcome]]] = []
    for number in range(1, line.round + 1):
        mine = by_round.get(number, [])
        if not mine or any(t.outcome is None for t in mine):
            break
        plan = RoundPlan(
            number, tuple(TablePlan(t.number, t.seats, 0) for t in mine), line.duplicate
        )
        played.append((plan, {t.number: t.outcome for t in mine if t.outcome is not None}))
    return TournamentPage(
        tournament=line,
        names=names,
        standings=standings(order, played),
        rounds=sorted(by_round.items()),
    )
