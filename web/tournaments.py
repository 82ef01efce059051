"""A server's tournaments as the web pages read them (``tournaments``, ``tournament_players``,
``tournament_tables``: :mod:`bot.tournaments.store`'s rows), read-only through
:class:`web.data.WebData`'s connection.

The standings are :func:`bot.tournaments.scoring.standings` of the finished rounds, as the
tournament service posts them (:meth:`bot.tournaments.service_base.TournamentBase.standings`):
the points, then the tie-breaks (opponents' points, tops, sign-up order). A table's finished
match is linked to its page, and so to the replay of its hands; a table still playing shows
its seats only (no hand in play is ever shown).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.tournaments.model import RoundPlan, Standing, TableOutcome, TablePlan
from bot.tournaments.scoring import standings
from web.data import FINISHED, WebData

__all__ = ["RoundTableLine", "TournamentLine", "TournamentPage", "tournament", "tournaments"]


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


def _line(r: Any) -> TournamentLine:
    return TournamentLine(
        id=r["id"],
        game=r["game"],
        format=r["format"],
        duplicate=bool(r["duplicate"]),
        rounds=r["rounds"],
        round=r["round"],
        status=r["status"],
        start_at=r["start_at"],
    )


async def tournaments(data: WebData, guild_id: int) -> list[TournamentLine]:
    """The server's tournaments, newest first (cancelled ones left out)."""
    rows = await data.query(
        "SELECT * FROM tournaments WHERE guild_id = ? AND status <> 'cancelled' ORDER BY id DESC",
        (guild_id,),
    )
    return [_line(r) for r in rows]


async def tournament(data: WebData, guild_id: int, tournament_id: int) -> TournamentPage | None:
    """One tournament of the server with its standings and rounds; ``None`` if none."""
    rows = await data.query(
        "SELECT * FROM tournaments WHERE id = ? AND guild_id = ? AND status <> 'cancelled'",
        (tournament_id, guild_id),
    )
    if not rows:
        return None
    line = _line(rows[0])
    players = await data.query(
        "SELECT user_id, name, status FROM tournament_players WHERE tournament_id = ? ORDER BY seq",
        (tournament_id,),
    )
    names = {int(p["user_id"]): str(p["name"]) for p in players}
    order = [int(p["user_id"]) for p in players if p["status"] == "in"]
    table_rows = await data.query(
        "SELECT t.*, m.id AS match_id FROM tournament_tables t LEFT JOIN matches m"
        f" ON m.table_id = t.table_id AND t.status = 'finished' AND {FINISHED}"
        " WHERE t.tournament_id = ? ORDER BY t.round, t.number",
        (tournament_id,),
    )
    # a duplicate round still played shows no table's result: the others play that deal
    # (bot.board_embargo)
    embargoed = (
        {int(r["round"]) for r in table_rows if r["status"] != "finished"}
        if line.duplicate and line.status not in ("finished", "cancelled")
        else set()
    )
    by_round: dict[int, list[RoundTableLine]] = {}
    for r in table_rows:
        shown = int(r["round"]) not in embargoed
        outcome = json.loads(r["outcome"]) if r["outcome"] and shown else None
        by_round.setdefault(int(r["round"]), []).append(
            RoundTableLine(
                round=int(r["round"]),
                number=int(r["number"]),
                seats=tuple(json.loads(r["seats"])),
                status=str(r["status"]),
                absent=frozenset(int(x) for x in json.loads(r["absent"])),
                outcome=TableOutcome.from_json(outcome) if outcome else None,
                match_id=int(r["match_id"]) if r["match_id"] is not None and shown else None,
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
