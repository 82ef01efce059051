"""The rows the game store reads and writes (:class:`bot.store.Store`), and their columns."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "JSON_TABLE_FIELDS",
    "TABLE_COLS",
    "TABLE_FIELDS",
    "DuplicateKey",
    "GameRow",
    "HandRow",
    "MatchPlayerRow",
    "MatchRow",
    "RatingRow",
    "Seat",
    "TableRow",
    "conservative",
    "dumps",
    "game_row",
    "rating_row",
    "table_row",
]


def dumps(obj: Any) -> str:
    """JSON as the store writes it: compact, UTF-8 text kept as is."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


@dataclass
class Seat:
    """One seat at a table, as stored in the ``seats`` JSON of its ``tables`` and ``games``
    rows (re-exported by :mod:`bot.table_model` and :mod:`bot.tables`).

    Attributes:
        index: 0-based seat number, in play order.
        user_id: the person seated here, or ``None`` (empty, or a bot).
        name: display name (the user's, or ``"Bot 2"``).
        bot: the bot kind (``"heuristic"``/``"random"``) when a bot sits here, else ``None``.
        auto: True while the seat is handed to a bot (3 timeouts in a row, or the player left).
        timeouts_in_a_row: the player's consecutive timeouts.
        left: True when the player left a game in progress (a bot plays on; no take-back).
    """

    index: int
    user_id: int | None = None
    name: str = ""
    bot: str | None = None
    auto: bool = False
    timeouts_in_a_row: int = 0
    left: bool = False

    @property
    def empty(self) -> bool:
        return self.user_id is None and self.bot is None

    @property
    def automatic(self) -> bool:
        """True when the seat's bot makes its moves (a bot seat, or one handed to a bot)."""
        return self.bot is not None or self.auto

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Seat:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in obj.items() if k in names})


class DuplicateKey(Exception):
    """The idempotency key was already used in this game; nothing was written."""


@dataclass
class TableRow:
    """A ``tables`` row. ``seats`` is a list of JSON seat records (see ``bot.tables.Seat``)."""

    guild_id: int | None
    channel_id: int
    game: str
    status: str
    host_user_id: int
    preset: str
    options: dict[str, Any]
    pace: str
    pace_seconds: int
    rated: bool | None
    seats: list[dict[str, Any]]
    thread_id: int | None = None
    game_id: int | None = None
    created_at: float = 0.0
    id: int = 0


@dataclass
class GameRow:
    """A ``games`` row: everything needed, with the actions, to rebuild a game."""

    id: int
    table_id: int
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    status: str
    started_at: float
    finished_at: float | None


def conservative(mu: float, sigma: float) -> float:
    """openskill's conservative display rating ``mu - 3 * sigma`` (the figure leaderboards,
    standings and rating charts show and rank by; the store's ``ORDER BY`` says the same in
    SQL)."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class RatingRow:
    """A player's rating for one game on one server (``guild_id`` 0: no server).

    ``ordinal`` is openskill's conservative display value ``mu - 3 * sigma``.
    """

    guild_id: int
    game: str
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def ordinal(self) -> float:
        return conservative(self.mu, self.sigma)


@dataclass(frozen=True)
class MatchPlayerRow:
    """One seat of a finished match: team index and rank (1 = first) from the MatchResult;
    the all-time rating's ``mu`` before and after and ``sigma`` after (``None``: unrated)."""

    seat: int
    user_id: int | None
    name: str
    bot: str | None
    team: int
    rank: int
    mu_before: float | None = None
    mu_after: float | None = None
    sigma_after: float | None = None

    @classmethod
    def of(cls, row: Any) -> MatchPlayerRow:
        """The seat as stored: a ``match_players`` row (by column name, either backend)."""
        return cls(
            seat=row["seat"],
            user_id=row["user_id"],
            name=row["name"],
            bot=row["bot"],
            team=row["team"],
            rank=row["rank"],
            mu_before=row["mu_before"],
            mu_after=row["mu_after"],
            sigma_after=row["sigma_after"],
        )


@dataclass(frozen=True)
class HandRow:
    """One hand's result (``games.base.HandResult.to_json()``)."""

    number: int
    result: dict[str, Any]


@dataclass
class MatchRow:
    """A finished match with its players and hands."""

    game_id: int
    table_id: int
    guild_id: int
    game: str
    rated: bool
    started_at: float
    finished_at: float
    result: dict[str, Any]
    players: list[MatchPlayerRow] = field(default_factory=list)
    hands: list[HandRow] = field(default_factory=list)
    id: int = 0

    @classmethod
    def of(cls, row: Any) -> MatchRow:
        """The match as stored: a ``matches`` row, without its players and hands (read apart)."""
        return cls(
            id=row["id"],
            game_id=row["game_id"],
            table_id=row["table_id"],
            guild_id=row["guild_id"],
            game=row["game"],
            rated=bool(row["rated"]),
            started_at=row["started_at"],
            finished_at=row["finished_at"],
            result=json.loads(row["result"]),
        )

    @property
    def hands_played(self) -> int:
        return len(self.hands)


TABLE_COLS = (
    "guild_id, channel_id, thread_id, game, status, host_user_id, preset, options, pace,"
    " pace_seconds, rated, seats, game_id, created_at, updated_at"
)
JSON_TABLE_FIELDS = {"options", "seats"}
TABLE_FIELDS = {
    "guild_id",
    "channel_id",
    "thread_id",
    "game",
    "status",
    "host_user_id",
    "preset",
    "options",
    "pace",
    "pace_seconds",
    "rated",
    "seats",
    "game_id",
}


def table_row(r: sqlite3.Row) -> TableRow:
    """A ``tables`` row read back (JSON columns parsed)."""
    return TableRow(
        id=r["id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        game=r["game"],
        status=r["status"],
        host_user_id=r["host_user_id"],
        preset=r["preset"],
        options=json.loads(r["options"]),
        pace=r["pace"],
        pace_seconds=r["pace_seconds"],
        rated=None if r["rated"] is None else bool(r["rated"]),
        seats=json.loads(r["seats"]),
        game_id=r["game_id"],
        created_at=r["created_at"],
    )


def game_row(r: sqlite3.Row) -> GameRow:
    """A ``games`` row read back (JSON columns parsed)."""
    return GameRow(
        id=r["id"],
        table_id=r["table_id"],
        game=r["game"],
        options=json.loads(r["options"]),
        seed=r["seed"],
        seats=json.loads(r["seats"]),
        status=r["status"],
        started_at=r["started_at"],
        finished_at=r["finished_at"],
    )


def rating_row(r: sqlite3.Row) -> RatingRow:
    """A ``ratings`` row read back."""
    return RatingRow(
        guild_id=r["guild_id"],
        game=r["game"],
        user_id=r["user_id"],
        mu=r["mu"],
        sigma=r["sigma"],
        games=r["games"],
        wins=r["wins"],
    )
