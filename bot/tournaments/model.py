"""The tournament core's data: round plans, table outcomes and standings (pure, JSON-able).

A *participant* is an ``int`` id: a Discord user id for a person, a negative id for a bot that
signed up as a participant. A seat of a :class:`TablePlan` holding ``None`` is a *filler bot*:
it plays the seat (the byes rule, ``docs/tournaments.md``) but is no participant and is never
in the standings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.base import MatchResult

__all__ = [
    "RoundPlan",
    "Standing",
    "TableOutcome",
    "TablePlan",
    "outcome_from_match",
]


@dataclass(frozen=True)
class TablePlan:
    """One table of a round: who holds each engine seat, and the deal's seed.

    Attributes:
        number: 1, 2, … in the round (table 1 holds the leaders).
        seats: participant id per engine seat; ``None`` for a filler bot.
        seed: the game seed (in duplicate mode the same at every table of the round).
    """

    number: int
    seats: tuple[int | None, ...]
    seed: int

    @property
    def players(self) -> list[int]:
        """The participants seated here, in seat order."""
        return [p for p in self.seats if p is not None]

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "seats": list(self.seats), "seed": self.seed}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> TablePlan:
        return cls(int(obj["number"]), tuple(obj["seats"]), int(obj["seed"]))


@dataclass(frozen=True)
class RoundPlan:
    """A round: its tables. ``duplicate``: every table plays the same deal (one seed)."""

    number: int
    tables: tuple[TablePlan, ...]
    duplicate: bool = False

    @property
    def players(self) -> list[int]:
        return [p for t in self.tables for p in t.players]

    def table_of(self, participant: int) -> TablePlan | None:
        return next((t for t in self.tables if participant in t.seats), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "duplicate": self.duplicate,
            "tables": [t.to_json() for t in self.tables],
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> RoundPlan:
        return cls(
            int(obj["number"]),
            tuple(TablePlan.from_json(t) for t in obj["tables"]),
            bool(obj.get("duplicate", False)),
        )


@dataclass(frozen=True)
class TableOutcome:
    """A finished table, per engine seat.

    Attributes:
        number: the table's number in its round.
        teams: team index per seat (a free-for-all game: the seat itself).
        ranks: rank per seat, 1 = first, equal = tied (the match result's, seat by seat).
        scores: the match score per seat (levels, coins, points: the game's own).
        absent: participants who did not show; a bot played their seat and they score zero.
    """

    number: int
    teams: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    absent: frozenset[int] = field(default_factory=frozenset)

    def key(self, seat: int) -> tuple[float, float]:
        """What a seat's result is compared by: a better rank, then a higher score."""
        return (-self.ranks[seat], self.scores[seat])

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "teams": list(self.teams),
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "absent": sorted(self.absent),
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> TableOutcome:
        return cls(
            int(obj["number"]),
            tuple(int(x) for x in obj["teams"]),
            tuple(int(x) for x in obj["ranks"]),
            tuple(float(x) for x in obj["scores"]),
            frozenset(int(x) for x in obj.get("absent", ())),
        )


def outcome_from_match(
    number: int, result: MatchResult, seat_count: int, absent: Sequence[int] = ()
) -> TableOutcome:
    """A :class:`TableOutcome` from an engine's :class:`~games.base.MatchResult`."""
    teams = [0] * seat_count
    ranks = [0] * seat_count
    scores = [0.0] * seat_count
    for index, team in enumerate(result.teams):
        for seat in team:
            teams[seat] = index
            ranks[seat] = int(result.ranks[index])
            scores[seat] = float(result.scores[index]) if result.scores else 0.0
    return TableOutcome(number, tuple(teams), tuple(ranks), tuple(scores), frozenset(absent))


@dataclass(frozen=True)
class Standing:
    """One line of the standings.

    Attributes:
        rank: 1, 2, …; equal when everything down to the sign-up order ties (never: that
            order is unique), so ranks are 1..N.
        participant: the participant id.
        points: the sum of the round scores (each 0..1).
        opponents: the first tie-break: the mean of the points of the opponents met.
        tops: the second tie-break: rounds in which the participant's score was the best
            of its table.
        order: the last tie-break: the sign-up order (earlier first).
        rounds: the score of each round played so far.
    """

    rank: int
    participant: int
    points: float
    opponents: float
    tops: int
    order: int
    rounds: tuple[float, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "participant": self.participant,
            "points": self.points,
            "opponents": self.opponents,
            "tops": self.tops,
            "order": self.order,
            "rounds": list(self.rounds),
        }
