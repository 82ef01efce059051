"""A tournament's rows in the game store (``tournaments``, ``tournament_players``,
``tournament_tables``; migration 6 of :mod:`bot.store_schema`).

Plain SQL that PostgreSQL accepts too. Every write is one transaction, so a restart finds a
tournament exactly as its last completed step left it (:mod:`bot.tournaments.service`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.board_embargo import BOARD_IN_PLAY_SQL, FINISHED_MATCH_SQL
from bot.store import Store
from bot.store_history import release_held
from bot.tournaments.model import TableOutcome, TablePlan

__all__ = [
    "BOARD_IN_PLAY_SQL",
    "Entrant",
    "RoundTable",
    "Tournament",
    "TournamentStore",
]


TOURNAMENT_FIELDS = frozenset({"status", "round", "rounds", "message_id", "start_at"})
TABLE_FIELDS = frozenset(
    {"table_id", "thread_id", "status", "shown", "absent", "outcome", "deadline"}
)


@dataclass
class Tournament:
    """A tournament row. ``status``: ``signup``, ``running``, ``finished`` or ``cancelled``;
    ``round``: the round being played (0 before the first)."""

    id: int
    guild_id: int | None
    channel_id: int
    organiser_id: int
    game: str
    preset: str
    format: str
    duplicate: bool
    rounds: int
    pace: str
    start_at: float
    show_s: float
    seed: int
    status: str
    round: int = 0
    message_id: int | None = None
    created_at: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Entrant:
    """A participant: a person (``bot`` None) or a bot of that kind (negative ``user_id``).
    ``status``: ``in`` or ``removed``; ``seq``: the sign-up order (1, 2, …)."""

    user_id: int
    name: str
    bot: str | None
    partner_id: int | None
    seq: int
    status: str = "in"


@dataclass
class RoundTable:
    """One table of a round as stored: the plan, the host table, check-ins and outcome.

    ``status``: ``waiting`` (lobby: people check in until ``deadline``), ``playing``,
    ``finished``. ``shown``: people who checked in; ``absent``: no-shows and those who left
    the table during play (a bot plays; they score 0).
    """

    tournament_id: int
    round: int
    number: int
    seats: tuple[int | None, ...]
    seed: int
    status: str = "waiting"
    table_id: int | None = None
    thread_id: int | None = None
    shown: set[int] = field(default_factory=set)
    absent: set[int] = field(default_factory=set)
    outcome: TableOutcome | None = None
    deadline: float = 0.0

    def players_in(self) -> list[int]:
        """The participants seated here (bots that signed up too), in seat order."""
        return [p for p in self.seats if p is not None]

    @property
    def plan(self) -> TablePlan:
        return TablePlan(self.number, self.seats, self.seed)

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "number": self.number,
            "seats": list(self.seats),
            "seed": self.seed,
            "status": self.status,
            "table_id": self.table_id,
            "thread_id": self.thread_id,
            "shown": sorted(self.shown),
            "absent": sorted(self.absent),
            "outcome": self.outcome.to_json() if self.outcome else None,
            "deadline": self.deadline,
        }


def _tournament(r: Any) -> Tournament:
    return Tournament(
        id=r["id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        organiser_id=r["organiser_id"],
        game=r["game"],
        preset=r["preset"],
        format=r["format"],
        duplicate=bool(r["duplicate"]),
        rounds=r["rounds"],
        pace=r["pace"],
        start_at=r["start_at"],
        show_s=r["show_s"],
        seed=r["seed"],
        status=r["status"],
        round=r["round"],
        message_id=r["message_id"],
        created_at=r["created_at"],
    )


def _round_table(r: Any) -> RoundTable:
    outcome = json.loads(r["outcome"]) if r["outcome"] else None
    return RoundTable(
        tournament_id=r["tournament_id"],
        round=r["round"],
        number=r["number"],
        seats=tuple(json.loads(r["seats"])),
        seed=r["seed"],
        status=r["status"],
        table_id=r["table_id"],
        thread_id=r["thread_id"],
        shown=set(json.loads(r["shown"])),
        absent=set(json.loads(r["absent"])),
        outcome=TableOutcome.from_json(outcome) if outcome else None,
        deadline=r["deadline"],
    )


def _value(name: str, value: Any) -> Any:
    if name in ("shown", "absent"):
        return json.dumps(sorted(value))
    if name == "outcome":
        return json.dumps(value.to_json()) if value is not None else None
    return value


class TournamentStore:
    """Reads and writes a tournament's rows through an open :class:`bot.store.Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def _rows(self, sql: str, params: Sequence[Any]) -> list[Any]:
        async with self.store._db.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def insert(self, t: Tournament, now: float) -> int:
        """Store a new tournament; returns its id."""
        async with self.store._txn() as db:
            cur = await db.execute(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game, preset,"
                " format, duplicate, rounds, pace, start_at, show_s, seed, status, round,"
                " created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    t.guild_id,
                    t.channel_id,
                    t.organiser_id,
                    t.game,
                    t.preset,
                    t.format,
                    int(t.duplicate),
                    t.rounds,
                    t.pace,
                    t.start_at,
                    t.show_s,
                    t.seed,
                    t.status,
                    t.round,
                    now,
                    now,
                ),
            )
            assert cur.lastrowid is not None
            return int(cur.lastrowid)

    async def update(self, tournament_id: int, now: float, **fields: Any) -> None:
        """Set some of a tournament's columns (``status``, ``round``, ``rounds``,
        ``message_id``, ``start_at``). Raises ``ValueError`` for another name."""
        bad = set(fields) - TOURNAMENT_FIELDS
        if bad:
            raise ValueError(f"no tournament column {sorted(bad)[0]!r}")
        cols = ", ".join(f"{name} = ?" for name in fields)
        sql = f"UPDATE tournaments SET {cols}, updated_at = ? WHERE id = ?"
        if fields.get("status") in ("finished", "cancelled"):
            # its duplicate boards are no secret any more: ratings and seasons count them now
            async with self.store._txn() as db:
                await db.execute(sql, (*fields.values(), now, tournament_id))
                await release_held(db, tournament_id, now)
            return
        await self.store._atomically([(sql, (*fields.values(), now, tournament_id), False)])

    async def get(self, tournament_id: int) -> Tournament | None:
        rows = await self._rows("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(rows[0]) if rows else None

    async def select(
        self, guild_id: int | None = None, statuses: Sequence[str] | None = None
    ) -> list[Tournament]:
        """Tournaments, newest first: of one server (``None``: all), of some statuses."""
        where: list[str] = ["1 = 1"]
        params: list[Any] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if statuses:
            where.append(f"status IN ({', '.join('?' for _ in statuses)})")
            params += list(statuses)
        rows = await self._rows(
            f"SELECT * FROM tournaments WHERE {' AND '.join(where)} ORDER BY id DESC", params
        )
        return [_tournament(r) for r in rows]

    async def put_entrant(self, tournament_id: int, entrant: Entrant) -> None:
        """Add a participant, or update the one with that id (name, partner, status)."""
        await self.store._atomically(
            [
                (
                    "INSERT INTO tournament_players (tournament_id, user_id, name, bot,"
                    " partner_id, seq, status) VALUES (?,?,?,?,?,?,?)"
                    " ON CONFLICT (tournament_id, user_id) DO UPDATE SET name = excluded.name,"
                    " partner_id = excluded.partner_id, status = excluded.status",
                    (
                        tournament_id,
                        entrant.user_id,
                        entrant.name,
                        entrant.bot,
                        entrant.partner_id,
                        entrant.seq,
                        entrant.status,
                    ),
                    False,
                )
            ]
        )

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """Every participant ever signed up (removed ones too), in sign-up order."""
        rows = await self._rows(
            "SELECT * FROM tournament_players WHERE tournament_id = ? ORDER BY seq",
            (tournament_id,),
        )
        return [
            Entrant(r["user_id"], r["name"], r["bot"], r["partner_id"], r["seq"], r["status"])
            for r in rows
        ]

    async def start_round(
        self, tournament_id: int, number: int, tables: Sequence[RoundTable], now: float
    ) -> None:
        """Store a round's tables and make it the tournament's current round, in one
        transaction (a round is stored whole or not at all)."""
        await self.store._atomically(
            [
                (
                    "INSERT INTO tournament_tables (tournament_id, round, number, seats, seed,"
                    " table_id, thread_id, status, shown, absent, outcome, deadline)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    [
                        (
                            tournament_id,
                            t.round,
                            t.number,
                            json.dumps(list(t.seats)),
                            t.seed,
                            t.table_id,
                            t.thread_id,
                            t.status,
                            _value("shown", t.shown),
                            _value("absent", t.absent),
                            _value("outcome", t.outcome),
                            t.deadline,
                        )
                        for t in tables
                    ],
                    True,
                ),
                (
                    "UPDATE tournaments SET round = ?, status = 'running', updated_at = ?"
                    " WHERE id = ?",
                    (number, now, tournament_id),
                    False,
                ),
            ]
        )

    async def update_table(self, t: RoundTable, **fields: Any) -> None:
        """Store some columns of a round's table (and set them on ``t``)."""
        bad = set(fields) - TABLE_FIELDS
        if bad:
            raise ValueError(f"no tournament table column {sorted(bad)[0]!r}")
        cols = ", ".join(f"{name} = ?" for name in fields)
        sql = (
            f"UPDATE tournament_tables SET {cols}"
            " WHERE tournament_id = ? AND round = ? AND number = ?"
        )
        params = (*(_value(k, v) for k, v in fields.items()), t.tournament_id, t.round, t.number)
        if fields.get("status") == "finished":
            # the round's last table: its duplicate board is no secret any more, and the
            # all-time ratings and seasons count the matches held back until now (release_held)
            async with self.store._txn() as db:
                await db.execute(sql, params)
                await release_held(db, t.tournament_id, time.time())
        else:
            await self.store._atomically([(sql, params, False)])
        for name, value in fields.items():
            setattr(t, name, value)

    async def tables(self, tournament_id: int, number: int | None = None) -> list[RoundTable]:
        """The tables of one round (``None``: of every round), by round and number."""
        sql = "SELECT * FROM tournament_tables WHERE tournament_id = ?"
        params: list[Any] = [tournament_id]
        if number is not None:
            sql += " AND round = ?"
            params.append(number)
        rows = await self._rows(sql + " ORDER BY round, number", params)
        return [_round_table(r) for r in rows]

    async def shown_matches(self, tournament_id: int) -> dict[int, int]:
        """Host table id -> the id of the match it finished, for the tournament's finished
        tables whose match may be shown (:data:`bot.board_embargo.FINISHED_MATCH_SQL`: its
        game finished, and no other table of a duplicate round still plays the board)."""
        rows = await self._rows(
            "SELECT t.table_id, max(m.id) AS match_id FROM tournament_tables t"
            f" JOIN matches m ON m.table_id = t.table_id AND {FINISHED_MATCH_SQL}"
            " WHERE t.tournament_id = ? AND t.status = 'finished' GROUP BY t.table_id",
            (tournament_id,),
        )
        return {int(r["table_id"]): int(r["match_id"]) for r in rows}

    async def board_in_play(self, table_id: int) -> bool:
        """True when the host table ``table_id`` played a duplicate board that another table
        of its round still plays (:data:`BOARD_IN_PLAY_SQL`)."""
        return bool(await self._rows(BOARD_IN_PLAY_SQL, (table_id,)))

    async def match_result(self, table_id: int) -> Mapping[str, Any] | None:
        """The stored result of the match a host table finished (``None``: none yet)."""
        rows = await self._rows(
            "SELECT result FROM matches WHERE table_id = ? ORDER BY id DESC", (table_id,)
        )
        return json.loads(rows[0]["result"]) if rows else None
