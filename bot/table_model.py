"""The table's data: seats, the table itself, the updates listeners hear, the answer to a move.

Front ends read these; only :class:`bot.tables.TableService` changes them.
Everything here is re-exported by :mod:`bot.tables`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from bot.decisions import DecisionClock
from bot.errors import TableError
from bot.pace import Pace, PaceError, parse_pace
from bot.store import TableRow
from bot.store_rows import Seat
from bot.timers import Deadline
from games.base import Action, Decision, Event, Game, GameOptions, OptionError, Player
from games.registry import GAMES, GameSpec

__all__ = [
    "CLAIM_PAUSE_MS",
    "LEVEL_KINDS",
    "ActResult",
    "Listener",
    "Seat",
    "Table",
    "TableStatus",
    "TableUpdate",
    "UpdateKind",
    "is_private",
    "resolve_options",
    "to_pace",
]

TableStatus = Literal["lobby", "playing", "finished", "aborted"]
UpdateKind = Literal[
    "lobby",
    "started",
    "action",
    "reminder",
    "timeout",
    "auto_seat",
    "taken_back",
    "finished",
    "aborted",
]


@dataclass(eq=False)
class Table:
    """A table in memory. Read it freely; change it only through :class:`TableService`.

    ``options`` holds the options the table set explicitly (on top of
    ``preset``); ``resolved_options`` is what the engine gets. ``rated`` is the
    table's explicit choice (``None``: rated only without bots), ``is_rated``
    the outcome. ``engine`` is the live game while playing (and after).
    """

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    game: str
    status: TableStatus
    host_user_id: int
    seats: list[Seat]
    options: dict[str, Any]
    preset: str
    pace: str
    pace_seconds: int
    rated: bool | None = None
    engine: Game | None = None
    game_id: int | None = None
    timers: dict[int, Deadline] = field(default_factory=dict)
    created_at: float = 0.0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)
    keys: set[str] = field(default_factory=set, repr=False)
    step_due: float | None = field(default=None, repr=False)
    #: (seat, step) -> when a person's seat that can only pass is passed for it
    forced_due: dict[tuple[int, int], float] = field(default_factory=dict, repr=False)
    consulted: set[int] = field(default_factory=set, repr=False)
    last_hands: list[Any] | None = field(default=None, repr=False)
    finished_event: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    _bots: dict[tuple[int, str], Player] = field(default_factory=dict, repr=False)
    #: when each pending seat's decision opened (bot.decisions): what a control is bound to
    decisions: DecisionClock = field(default_factory=DecisionClock, repr=False)
    #: ``bot_level`` when the table sets none: the service's (``strong`` where the bots think
    #: off the event loop, :mod:`bot.thinking`), fixed in the game's options at the start
    default_bot_level: str = field(default="normal", repr=False)
    #: bot decisions being worked out off the loop: (seat, engine id, action count)
    thinking: set[tuple[int, int, int]] = field(default_factory=set, repr=False)

    @property
    def deadlines(self) -> dict[int, float]:
        """Seat -> clock seconds when its bot plays for it (required decisions of people only)."""
        return {seat: d.due for seat, d in self.timers.items()}

    @property
    def spec(self) -> GameSpec:
        return GAMES[self.game]

    @property
    def engine_type(self) -> type[Game]:
        return self.spec.engine()

    @property
    def seed(self) -> int | None:
        return self.engine.seed if self.engine is not None else None

    @property
    def pace_obj(self) -> Pace:
        return Pace(self.pace, self.pace_seconds)

    @property
    def has_bots(self) -> bool:
        return any(s.bot is not None for s in self.seats)

    @property
    def is_rated(self) -> bool:
        """Rated when the table says so, else only when no bot is seated."""
        return self.rated if self.rated is not None else not self.has_bots

    @property
    def free_seats(self) -> list[int]:
        return [s.index for s in self.seats if s.empty]

    def seat_of(self, user_id: int) -> int | None:
        """The seat of ``user_id`` (``None`` if not seated or left)."""
        for seat in self.seats:
            if seat.user_id == user_id and seat.bot is None and not seat.left:
                return seat.index
        return None

    def resolved_options(self) -> GameOptions:
        """The engine's options: preset, then explicit options, then the pace's deal and,
        with a person seated, the claim pause (``claim_pause_ms``), and the service's
        ``bot_level`` (:attr:`default_bot_level`).

        Raises ``TableError`` ``bad_preset``/``bad_option``.
        """
        people = any(s.user_id is not None and s.bot is None for s in self.seats)
        return resolve_options(
            self.engine_type,
            self.preset,
            self.options,
            self.pace_obj,
            people=people,
            bot_level=self.default_bot_level,
        )

    @classmethod
    def from_row(cls, row: TableRow) -> Table:
        """The table a stored row describes (no engine yet: the caller replays it)."""
        return cls(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            game=row.game,
            status=row.status,  # type: ignore[arg-type]
            host_user_id=row.host_user_id,
            seats=[Seat.from_json(s) for s in row.seats],
            options=dict(row.options),
            preset=row.preset,
            pace=row.pace,
            pace_seconds=row.pace_seconds,
            rated=row.rated,
            game_id=row.game_id,
            created_at=row.created_at,
        )

    def to_row(self) -> TableRow:
        return TableRow(
            id=self.id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            thread_id=self.thread_id,
            game=self.game,
            status=self.status,
            host_user_id=self.host_user_id,
            preset=self.preset,
            options=dict(self.options),
            pace=self.pace,
            pace_seconds=self.pace_seconds,
            rated=self.rated,
            seats=[s.to_json() for s in self.seats],
            game_id=self.game_id,
            created_at=self.created_at,
        )


@dataclass(frozen=True)
class TableUpdate:
    """What a listener hears after every change.

    Attributes:
        table: the table (after the change).
        kind: ``lobby`` (seats/options/host), ``started``, ``action`` (a move by a
            person, bot or the table), ``reminder`` (half time for ``reminder_seat``),
            ``timeout`` (a bot played for a late player), ``auto_seat`` (a seat was
            handed to its bot), ``taken_back``, ``finished``, ``aborted``.
        events: the engine's events of this change.
        seats_whose_hand_changed: seats whose private hand changed (send them a new picture).
        reminder_seat: the seat reminded, for ``kind == "reminder"``.
        action: the applied action, if any.
    """

    table: Table
    kind: UpdateKind
    events: list[Event] = field(default_factory=list)
    seats_whose_hand_changed: set[int] = field(default_factory=set)
    reminder_seat: int | None = None
    action: Action | None = None


@dataclass(frozen=True)
class ActResult:
    """The answer to :meth:`TableService.act`: the events, and whether the key was a duplicate."""

    events: list[Event]
    duplicate: bool = False


Listener = Callable[[TableUpdate], Awaitable[None]]


LEVEL_KINDS: dict[str, str] = {"easy": "random", "normal": "heuristic", "strong": "strong"}
"""The bot kind that plays at each ``bot_level`` (``games.base.BOT_LEVELS``)."""

CLAIM_PAUSE_MS = 2000
"""The claim pause's mean at a table with people (option ``claim_pause_ms``): each pause is
drawn from 1 to 3 s, as the forced pass's delay (``cogs.client.FORCED_PASS_DELAY``)."""


CLAIM_PAUSE_MIN_MS = 1000
"""The shortest claim pause at a table with people, whatever its options say: a pause of 0
would close a window nobody may claim at once and so tell, by timing, when someone may
(docs/security.md)."""


def is_private(pending: Sequence[Decision], seat: int | None) -> bool:
    """True when ``seat`` is asked a private decision now (``Decision.private``: a mahjong
    claim): nothing public may show that it is asked, reminded, late or answered."""
    return seat is not None and any(d.private for d in pending if d.seat == seat)


def resolve_options(
    engine: type[Game],
    preset: str,
    explicit: Mapping[str, Any],
    pace: Pace,
    *,
    people: bool = False,
    bot_level: str = "normal",
) -> GameOptions:
    if preset not in engine.presets:
        names = ", ".join(engine.presets)
        raise TableError(
            "bad_preset",
            f"{engine.title} has no preset {preset!r}: the presets are {names}",
            {"preset": preset, "presets": names},
        )
    merged = dict(engine.presets[preset])
    merged.update(explicit)
    fields = {f.name for f in dataclasses.fields(engine.options_type)}
    if "deal" in fields and "deal" not in merged:
        # a live table deals in rounds (declare as cards arrive); others deal all at once
        merged["deal"] = "progressive" if pace.live else "all_at_once"
    if "claim_pause_ms" in fields and "claim_pause_ms" not in merged:
        # a table with people holds every discard for one pause, so that nobody learns
        # from the table or its timing who could claim it (docs/security.md); bots alone
        # need no pause
        merged["claim_pause_ms"] = CLAIM_PAUSE_MS if people else 0
    elif "claim_pause_ms" in fields and people:
        # a host's shorter pause would let the timing tell who may claim again: with people
        # seated the pause is never below the floor, whatever the table says
        with contextlib.suppress(TypeError, ValueError):  # from_dict names a bad value
            merged["claim_pause_ms"] = max(int(merged["claim_pause_ms"]), CLAIM_PAUSE_MIN_MS)
    if "bot_level" in fields and "bot_level" not in merged:
        # the service's level: strong where its bots think off the event loop (every pace
        # leaves at least 10 s a move, the search takes at most 1 s), else normal
        merged["bot_level"] = bot_level
    try:
        return engine.options_type.from_dict(merged)
    except OptionError as exc:
        raise TableError(
            "bad_option",
            str(exc),
            {"options": dict(explicit), **exc.params, "reason": exc.reason},
        ) from None


def to_pace(value: str | int) -> Pace:
    try:
        return parse_pace(value)
    except PaceError as exc:
        raise TableError(
            "bad_pace", str(exc), {"pace": str(value), **exc.params, "reason": exc.reason}
        ) from None
