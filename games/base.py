"""The engine contract: one interface that every Paiju game implements.

A game is a pure, deterministic state machine. Its whole state is
``(seed, options, actions)``: constructing a game from a seed and options and
applying the same actions in the same order always gives the same state, so
the host stores only those three things (event sourcing) and replays them
after a restart. See ``docs/architecture.md`` for how each of the five games
maps onto this contract.

Nothing here knows about asyncio, Discord, Pillow or SQL.

The pieces:

* :class:`Action` — one state change, made by a seat (or by the table itself,
  ``seat=None``, for steps such as dealing the next round of cards).
* :class:`Decision` — who may act now and how. Several seats can be pending at
  once (a mahjong claim window; declaring trump while cards are dealt), each
  with its own action kinds; a decision is *required* (play waits for it and
  the host runs a timer) or *optional* (the seat may act, nobody waits).
* :class:`IllegalAction` — the refusal, naming the rule broken, with a stable
  ``code`` and ``params`` so that front ends can translate it.
* :class:`Game` — the abstract engine.
* :class:`Player` — a bot that chooses an action for a seat.
* :class:`HandResult` and :class:`MatchResult` — what ratings and history use.
* :class:`GameOptions` — table options as a validated frozen dataclass.
"""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, Self, TypeAlias

__all__ = [
    "BOT_LEVELS",
    "JSON",
    "Action",
    "Decision",
    "Event",
    "Game",
    "GameOptions",
    "HandResult",
    "IllegalAction",
    "MatchResult",
    "OptionError",
    "Player",
    "option",
]

JSON: TypeAlias = Any
"""A value made only of dict/list/str/int/float/bool/None."""


class IllegalAction(Exception):
    """An action refused by the rules. Nothing in the game changed.

    Attributes:
        code: stable identifier of the rule, e.g. ``"must_follow_suit"``; front
            ends translate by it.
        message: plain English sentence naming the rule and the cards involved,
            e.g. ``"you must follow ♥: you hold ♥7"``.
        params: the values substituted into the message (strings/ints), for
            translation.
        rule: where the rule comes from, e.g. ``"pajiwo.txt:101"`` or
            ``"docs/rules/pajiwo.md#following"``; may be empty.
    """

    def __init__(
        self,
        code: str,
        message: str,
        params: Mapping[str, Any] | None = None,
        rule: str = "",
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = dict(params or {})
        self.rule = rule

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Action:
    """One state change.

    Attributes:
        seat: the acting seat (0-based, in play order), or ``None`` for a step
            the table takes itself (deal the next round, close a claim window).
        kind: what is done, a lowercase word from the game's vocabulary:
            ``"declare"``, ``"pass"``, ``"play"``, ``"bury"``, ``"rebel"``,
            ``"discard"``, ``"claim"``, ``"deal"`` …
        data: the arguments, JSON-ready; cards and tiles are lists of their
            ASCII notation, e.g. ``{"cards": ["S10", "S10"]}``.
    """

    seat: int | None
    kind: str
    data: Mapping[str, JSON] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        """``{"seat": 0, "kind": "play", "data": {...}}``."""
        return {"seat": self.seat, "kind": self.kind, "data": dict(self.data)}

    @classmethod
    def from_json(cls, obj: Mapping[str, JSON]) -> Action:
        """Inverse of :meth:`to_json`. Raises ``ValueError`` on a malformed object."""
        try:
            seat = obj["seat"]
            kind = obj["kind"]
            data = obj.get("data", {})
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not an action: {obj!r}") from exc
        if seat is not None and not isinstance(seat, int):
            raise ValueError(f"action seat must be an integer or null, not {seat!r}")
        if not isinstance(kind, str) or not isinstance(data, Mapping):
            raise ValueError(f"not an action: {obj!r}")
        return cls(seat, kind, dict(data))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Action):
            return NotImplemented
        return (self.seat, self.kind, dict(self.data)) == (other.seat, other.kind, dict(other.data))

    def __hash__(self) -> int:
        return hash((self.seat, self.kind, repr(sorted(self.data.items()))))


@dataclass(frozen=True)
class Decision:
    """Who may act now, and how.

    Attributes:
        seat: the seat, or ``None`` for a step the table takes itself (the
            host applies ``Game.table_action()`` after ``delay_s``).
        kinds: the action kinds open to this seat now, e.g. ``("play",)`` or
            ``("declare", "pass")``.
        required: True when play waits for this seat (the host runs the
            seat's timer); False when the seat *may* act but nobody waits
            (declaring trump while a live deal goes on).
        delay_s: for table steps, seconds the host waits before applying it
            at a live table (0 = at once). ``None`` for seat decisions.
        prompt: a short English description for front ends, e.g. ``"lead a
            trick"``.
        private: True when *that this seat is asked at all* is hidden information
            (a mahjong claim window: only seats that can claim are asked). The host
            then shows it to that seat alone: no public reminder, timeout line or seat
            marker, and a timeout here is not a missed turn.
    """

    seat: int | None
    kinds: tuple[str, ...]
    required: bool = True
    delay_s: float | None = None
    prompt: str = ""
    private: bool = False


@dataclass(frozen=True)
class Event:
    """Something people care about, returned by :meth:`Game.apply`.

    ``kind`` is stable (``"trump_declared"``, ``"kitty_taken"``,
    ``"trick_won"``, ``"hand_over"``, ``"level_up"`` …), ``data`` is JSON-ready
    and ``text`` an English line for a log.
    """

    kind: str
    seat: int | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)
    text: str = ""


@dataclass(frozen=True)
class HandResult:
    """The outcome of one hand (one deal).

    Attributes:
        number: 1-based hand number within the match.
        teams: seats per team for this hand (e.g. ``[[0, 2], [1, 3]]``); in
            a game with secret partners, the teams as revealed at the end.
        scores: per team, the game's points for this hand (e.g. defenders'
            card points, or mahjong score changes), same order as ``teams``.
        summary: game-specific JSON (levels before/after, dealer, multipliers).
        text: one English line, e.g. ``"defenders 85: they take over the deal"``.
    """

    number: int
    teams: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    summary: Mapping[str, JSON] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {
            "number": self.number,
            "teams": [list(t) for t in self.teams],
            "scores": list(self.scores),
            "summary": dict(self.summary),
            "text": self.text,
        }


@dataclass(frozen=True)
class MatchResult:
    """The outcome of a whole match, for ratings and history.

    Attributes:
        teams: seats per team; a free-for-all game has one seat per team.
        ranks: per team, 1 = first; equal numbers are ties. Same order as
            ``teams``. This is what openskill's ``rate(..., ranks=...)`` takes.
        scores: per team, the final level or score (game-specific meaning).
        summary: game-specific JSON.
        text: one English line.
    """

    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...] = ()
    summary: Mapping[str, JSON] = field(default_factory=dict)
    text: str = ""

    def to_json(self) -> dict[str, JSON]:
        return {
            "teams": [list(t) for t in self.teams],
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "summary": dict(self.summary),
            "text": self.text,
        }


class OptionError(ValueError):
    """A table option that is unknown or has a bad value; the message names it and says why.

    Attributes:
        message: one English sentence, e.g. ``"option 'hands' is a whole number, not 'x'"``.
        reason: stable code of what is wrong, for translation: ``unknown_option`` (params
            ``name``, ``known``), ``not_bool``, ``not_int``, ``not_text`` (``name``,
            ``value``), ``too_small`` (``name``, ``min``, ``value``), ``too_large``
            (``name``, ``max``, ``value``), ``not_a_choice`` (``name``, ``choices``,
            ``value``), or a game's own (Pajiwo: ``target_not_above_start``).
        params: the values in the message (strings and ints).
    """

    def __init__(
        self, message: str, reason: str = "invalid", params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.params: dict[str, Any] = dict(params or {})


def option(
    default: Any,
    help: str,
    choices: Sequence[Any] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    rank: bool = False,
) -> Any:
    """Declare a :class:`GameOptions` field with its help text and allowed values.

    ``rank=True`` marks a whole-number option that is a card rank (a level): it also
    accepts ``J Q K A`` for 11 12 13 14, as players write levels.
    """
    meta: dict[str, Any] = {
        "help": help,
        "choices": tuple(choices) if choices else None,
        "min": minimum,
        "max": maximum,
        "rank": rank,
    }
    return field(default=default, metadata=meta)


#: the values of every game's ``bot_level`` option, weakest first
BOT_LEVELS: tuple[str, ...] = ("easy", "normal", "strong")


@dataclass(frozen=True)
class GameOptions:
    """Base class for a game's table options: a frozen dataclass of named fields.

    Subclasses declare fields with :func:`option`. Values are bool, int or str.
    :meth:`from_dict` validates a mapping and raises :class:`OptionError` with a
    specific message for an unknown name, a wrong type, a value outside
    ``choices`` or outside ``min``/``max``.

    Every game has ``bot_level``, which the engine ignores: how the host's bots play at the
    table (its bot seats and a timed-out seat's takeover): ``easy`` the game's ``random`` bot,
    ``normal`` its ``heuristic``, ``strong`` its search bot (``BOTS["strong"]``).
    """

    bot_level: str = option(
        "normal",
        "how the bots play: easy (random moves), normal (rules of thumb) or strong (they look"
        " ahead by playing out sampled deals)",
        choices=BOT_LEVELS,
    )

    @classmethod
    def describe(cls) -> list[dict[str, JSON]]:
        """Every option: ``{"name", "default", "help", "choices", "min", "max", "type", "rank"}``
        (``rank``: J Q K A are accepted for 11-14)."""
        out = []
        for f in dataclasses.fields(cls):
            out.append(
                {
                    "name": f.name,
                    "default": f.default,
                    "type": type(f.default).__name__,
                    "help": f.metadata.get("help", ""),
                    "choices": list(f.metadata["choices"]) if f.metadata.get("choices") else None,
                    "min": f.metadata.get("min"),
                    "max": f.metadata.get("max"),
                    "rank": bool(f.metadata.get("rank")),
                }
            )
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None = None) -> Self:
        """Build options from ``{name: value}``; missing names take their defaults.

        String values are converted for bool (``true/false/yes/no/on/off/1/0``)
        and int fields, so text typed by a user can be passed as is.
        Raises :class:`OptionError`.
        """
        data = dict(data or {})
        fields = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(fields))
        if unknown:
            known = ", ".join(sorted(fields)) or "none"
            raise OptionError(
                f"unknown option {_shown(unknown[0])}: the options are {known}",
                "unknown_option",
                {"name": unknown[0], "known": known},
            )
        values: dict[str, Any] = {}
        for name, value in data.items():
            f = fields[name]
            values[name] = _coerce_option(name, f.default, value, f.metadata)
        return cls(**values)

    def unused(self, given: Iterable[str]) -> dict[str, str]:
        """Of the option names ``given`` (those a table set), the ones that have no effect with
        the other options (e.g. a target level in a one-hand match): ``{name: reason}``.
        The base class knows of none; games override it."""
        return {}

    def to_dict(self) -> dict[str, JSON]:
        """``{name: value}`` for every option, JSON-ready."""
        return dataclasses.asdict(self)

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed, validated like :meth:`from_dict`."""
        merged = self.to_dict()
        merged.update(changes)
        return type(self).from_dict(merged)


_SHOWN_MAX = 40
"""Longest value an option refusal quotes in full (a typed value may be thousands long)."""


def _shown(value: Any, plain: bool = False) -> str:
    """``repr(value)`` (or ``str`` when ``plain``) cut to :data:`_SHOWN_MAX` characters."""
    try:
        text = str(value) if plain else repr(value)
    except ValueError:  # an int too long to print (over 4,300 digits)
        text = "a number too long to show"
    return text if len(text) <= _SHOWN_MAX else text[: _SHOWN_MAX - 1] + "…"


_RANK_NUMBERS = {"J": 11, "Q": 12, "K": 13, "A": 14}
_TRUE = {"true", "yes", "on", "1", "y", "是", "开"}
_FALSE = {"false", "no", "off", "0", "n", "否", "关"}


def _coerce_option(name: str, default: Any, value: Any, meta: Mapping[str, Any]) -> Any:
    if isinstance(default, bool):
        if isinstance(value, bool):
            result: Any = value
        elif isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            result = value.strip().lower() in _TRUE
        else:
            raise OptionError(
                f"option {name!r} is yes or no, not {_shown(value)}",
                "not_bool",
                {"name": name, "value": str(value)},
            )
    elif isinstance(default, int):
        not_int = OptionError(
            f"option {name!r} is a whole number, not {_shown(value)}",
            "not_int",
            {"name": name, "value": str(value)},
        )
        if isinstance(value, bool):
            raise not_int
        if meta.get("rank") and isinstance(value, str) and value.strip().upper() in _RANK_NUMBERS:
            value = _RANK_NUMBERS[value.strip().upper()]
        try:
            result = int(value)
        except (TypeError, ValueError):
            raise not_int from None
        if meta.get("min") is not None and result < meta["min"]:
            raise OptionError(
                f"option {name!r} must be at least {meta['min']}, not {_shown(result, plain=True)}",
                "too_small",
                {"name": name, "min": meta["min"], "value": result},
            )
        if meta.get("max") is not None and result > meta["max"]:
            raise OptionError(
                f"option {name!r} must be at most {meta['max']}, not {_shown(result, plain=True)}",
                "too_large",
                {"name": name, "max": meta["max"], "value": result},
            )
    elif isinstance(default, str):
        if not isinstance(value, str):
            raise OptionError(
                f"option {name!r} is text, not {_shown(value)}",
                "not_text",
                {"name": name, "value": str(value)},
            )
        result = value.strip()
    else:  # pragma: no cover - subclasses only use bool, int and str
        result = value
    choices = meta.get("choices")
    if choices and result not in choices:
        allowed = ", ".join(str(c) for c in choices)
        raise OptionError(
            f"option {name!r} must be one of {allowed}, not {_shown(result)}",
            "not_a_choice",
            {"name": name, "choices": allowed, "value": str(result)},
        )
    return result


class Game(ABC):
    """A game engine: a whole match (a series of hands) at one table.

    Subclasses set the class attributes and implement the abstract methods.
    The constructor deals the first hand from ``seed``; every later change
    goes through :meth:`apply`.

    Class attributes:
        name: registry key, ASCII, e.g. ``"pajiwo"``.
        title: display name, Chinese then English, e.g. ``"扒鸡窝 Pajiwo"``.
        seat_count: number of seats (4 for every current game).
        options_type: the :class:`GameOptions` subclass.
        presets: named option sets, ``{"standard": {}, "quick": {"match": "one_hand"}}``;
            ``"standard"`` must exist and is the seed's reading.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    seat_count: ClassVar[int] = 4
    options_type: ClassVar[type[GameOptions]]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"standard": {}}

    def __init__(self, seed: int, options: GameOptions | None = None) -> None:
        self.seed = seed
        self.options = options if options is not None else self.options_type()
        self.actions: list[Action] = []

    # ----------------------------------------------------------------- replay
    @classmethod
    def replay(
        cls,
        seed: int,
        options: GameOptions | Mapping[str, Any] | None,
        actions: Sequence[Action | Mapping[str, JSON]],
    ) -> Self:
        """Rebuild a game from its seed, options and accepted actions.

        Raises :class:`IllegalAction` if a stored action is not legal (which
        means the record is corrupt), ``ValueError`` for a malformed action.
        """
        opts = options if isinstance(options, GameOptions) else cls.options_type.from_dict(options)
        game = cls(seed, opts)
        for act in actions:
            game.apply(act if isinstance(act, Action) else Action.from_json(act))
        return game

    def to_json(self) -> dict[str, JSON]:
        """``{"game", "seed", "options", "actions"}``: everything needed to rebuild the state."""
        return {
            "game": self.name,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, JSON]) -> Self:
        """Inverse of :meth:`to_json` (replays the actions)."""
        if obj.get("game") != cls.name:
            raise ValueError(f"this record is for {obj.get('game')!r}, not {cls.name!r}")
        return cls.replay(int(obj["seed"]), obj.get("options") or {}, obj.get("actions") or [])

    # -------------------------------------------------------------- the face
    @abstractmethod
    def pending(self) -> list[Decision]:
        """Who may act now. Empty once the match is over."""

    @abstractmethod
    def legal_actions(self, seat: int, limit: int | None = None) -> list[Action]:
        """Legal actions for ``seat`` now, most useful first, at most ``limit``.

        Where the legal set is combinatorial (discarding any N cards) the list
        holds useful representatives; :meth:`check` is the authority.
        Empty when the seat may not act.
        """

    @abstractmethod
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` if ``action`` may not be applied now; change nothing."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply an action already checked; return the events it caused."""

    def apply(self, action: Action) -> list[Event]:
        """Check and apply ``action``, record it, and return the events it caused.

        Raises :class:`IllegalAction` (the state is unchanged).
        """
        self.check(action)
        events = self._apply(action)
        self.actions.append(action)
        return events

    def opening_events(self) -> list[Event]:
        """The events of the game's creation (a first deal the engine made itself), handed
        over once so the host tells them as the game starts, before anyone moves; ``[]``
        when there are none (the first move's events then tell the start)."""
        return []

    def table_action(self) -> Action | None:
        """The step the table takes itself now (a pending ``seat=None`` decision), if any."""
        for decision in self.pending():
            if decision.seat is None:
                return Action(None, decision.kinds[0])
        return None

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see (own hand plus everything public); ``None`` for spectators."""

    @abstractmethod
    def snapshot(self) -> dict[str, JSON]:
        """The full derived state as JSON (all hands included), for replay checks and debugging."""

    def invariants(self) -> dict[str, bool]:
        """Named self-checks, e.g. ``{"cards_conserved": True}``; all True in a sound state."""
        return {}

    @abstractmethod
    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """Seats per team as publicly known now, or ``None`` while they are secret."""

    @property
    @abstractmethod
    def hand_results(self) -> list[HandResult]:
        """Results of the hands finished so far, in order."""

    @property
    @abstractmethod
    def match_result(self) -> MatchResult | None:
        """The match's result once it is over, else ``None``."""

    @property
    def is_over(self) -> bool:
        """True once the match has ended."""
        return self.match_result is not None


class Player(Protocol):
    """A bot player. It must only use what ``game.view(seat)`` shows and the
    game's legality functions, never other seats' hands.
    """

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        """Return a legal action for ``seat``, which must have a pending decision."""
        ...
