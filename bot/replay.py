"""Replays of finished hands: the steps of one hand, front-end neutral (issue 24).

A match is stored as its seed, options and accepted actions (``games`` and ``actions``
tables); replaying them rebuilds every state it went through. This module cuts one *hand* of
a match into *steps* and gives, for each step, the engine's state with every hand face up (the
hand is over, so nothing is secret any more) and its narration as language-neutral
:class:`present.message.Msg` values, the same messages the table showed while it was played.
Nothing here imports Discord, the web or Pillow: the ``/replay`` cog, the web viewer, the
exports (:mod:`bot.replay_export`) and the pictures (:mod:`render.replay`) all read it.

**Hands in the log.** Hand 1 starts with the game (the engine deals it in its constructor).
Hand ``k`` ends with the action after which the engine holds ``k`` hand results
(``len(game.hand_results) == k``, its events carry ``hand_over``); hand ``k + 1`` starts with
the next action, the table step that deals it. The ``hands`` history table holds the same
results (``HandResult.to_json()``) once the match is recorded; a hand of a match still being
played is finished when the engine says so, and may then be replayed (the match goes on, the
hand does not). **A hand still being played is never replayed**, not even for its own players:
:func:`replay_hand` raises :class:`ReplayRefused` (``hand_in_play``).

**Steps.** How finely a hand is cut is the game's presentation's choice
(``present/<key>.py``), never a branch on the game here: a step ends after an action one of
whose events has a line in the presentation (:func:`present.games.event`) unless its kind is
in the module's ``REPLAY_QUIET`` (default: none), and the hand's last action always ends one.
So a trick game steps trick by trick (its plays have no line, ``trick_won`` has one), with
each declaration and 扣底 a step; 打滚 steps play by play (passes fold into the next play, a
round won is a step); mahjong steps discard by discard and claim by claim (its ``draw`` lines
are quiet). Step 0 is the hand's start: the dealt hand (for hand ``k > 1``, after the dealing
table step, whose ``hand_started`` line it narrates).

API (every function is pure and synchronous except :func:`load_game`/:func:`load_hand`)::

    record = await load_game(store, game_id)          # GameRecord: seed, options, actions, names
    bounds = hand_bounds(record)                      # [(start, end), ...] finished hands only
    replay = replay_hand(record, hand=None)           # HandReplay of the last finished hand
    replay = await load_hand(store, game_id, hand=2)  # the same in one call
    len(replay.steps)                                 # steps, 0 = the start
    step = replay.steps[i]                            # Step
    step.narration                                    # tuple[Msg, ...]: what happened
    step.views[seat], step.public                     # engine views after the step
    step.actions, step.events, step.seat              # what was done, by whom
    replay.screen()                                   # the result screen (list[Msg])
    narration_text(replay, i, lang)                   # the step's lines rendered for a reader

Render a ``Msg`` with :func:`present.message.render` and a :class:`present.message.Reader`
built from ``replay.names`` (Discord passes inert names) and the reader's language;
:func:`narration_text` does exactly that with ``you=None`` (a replay is public).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.tournaments.store import TournamentStore
from games.base import Action, Event, Game
from games.cards import format_card_ascii
from games.registry import GAMES
from present import games as presentation
from present.message import Cards, Msg, Reader, Seat, render

if TYPE_CHECKING:
    from bot.store import Store

__all__ = [
    "GameRecord",
    "HandReplay",
    "ReplayRefused",
    "Step",
    "event_msg",
    "hand_bounds",
    "load_game",
    "load_hand",
    "narration_text",
    "record_of",
    "replay_hand",
    "replay_hands",
    "step_ends",
]


class ReplayRefused(Exception):
    """A replay that may not be shown. ``code``: ``no_game`` (unknown id or game),
    ``no_hand`` (no such hand number), ``hand_in_play`` (the hand is still being played, or
    the match stopped in it), ``no_finished_hand`` (nothing finished to show yet),
    ``bad_record`` (stored actions that do not replay), ``board_in_play`` (a duplicate board
    other tables of its round still play: ``bot.board_embargo``),
    ``match_in_play`` / ``match_aborted`` (an export of a match not finished: its seed
    decides the hands to come)."""

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params: dict[str, Any] = dict(params or {})


@dataclass(frozen=True)
class GameRecord:
    """A stored game: everything needed to replay it.

    ``game`` the registry key, ``seed``, ``options`` (the full resolved options), ``actions``
    (``Action.to_json()`` dicts, in order), ``names`` (the seats' display names at the start),
    ``bots`` (each seat's bot kind or ``None``), ``game_id``/``table_id`` (``None`` for a
    record not from the store), ``status`` (``playing``/``finished``/``aborted``),
    ``guild_id`` (the table's server, ``None`` for the terminal's or unknown), ``user_ids``
    (each seat's person at the start, ``None`` for a bot seat), ``actors`` (below)."""

    game: str
    seed: int
    options: Mapping[str, Any]
    actions: Sequence[Mapping[str, Any]]
    names: tuple[str, ...]
    bots: tuple[str | None, ...] = ()
    game_id: int | None = None
    table_id: int | None = None
    status: str = "finished"
    guild_id: int | None = None
    user_ids: tuple[int | None, ...] = ()
    actors: tuple[int | None, ...] = ()
    """Who took each action (the ``actions`` table's ``user_id``): a person's user id, or
    ``None`` for a move the table made (a bot, a bot for a timed-out person, a table step);
    empty when not known (a record not from the store)."""

    def engine_class(self) -> type[Game]:
        spec = GAMES.get(self.game)
        if spec is None or not spec.available:
            raise ReplayRefused("no_game", f"unknown game {self.game!r}", {"game": self.game})
        return spec.engine()

    def new_game(self) -> Game:
        """The game as it starts (hand 1 dealt), before any action."""
        cls = self.engine_class()
        return cls(int(self.seed), cls.options_type.from_dict(dict(self.options)))


@dataclass(frozen=True)
class Step:
    """One step of a hand's replay.

    ``index`` (0 = the start), ``first``/``end``: the step's actions as indices into the
    match's log (``end`` exclusive; the start of hand 1 has none), ``actions``/``events``:
    what was applied and what the engine said, ``narration``: the presentation's line of each
    event that has one (in order), ``seat``: the acting seat of the step's last action
    (``None`` for a table step or the start), ``public``: the spectators' view after the step
    (``view(None)``), ``views``: every seat's own view after it (all hands face up),
    ``hand_over``: this step ends the hand."""

    index: int
    first: int
    end: int
    actions: tuple[Action, ...]
    events: tuple[Event, ...]
    narration: tuple[Msg, ...]
    seat: int | None
    public: Mapping[str, Any]
    views: tuple[Mapping[str, Any], ...]
    hand_over: bool = False


@dataclass(frozen=True)
class HandReplay:
    """One finished hand, step by step.

    ``record`` the game it comes from, ``hand`` (1-based number), ``start``/``end`` its
    actions in the log (``end`` exclusive), ``steps``, ``result`` (``HandResult.to_json()``),
    ``match_result`` (``MatchResult.to_json()`` when the match ended with this hand, else
    ``None``), ``hands_finished`` (how many hands of the match are finished)."""

    record: GameRecord
    hand: int
    start: int
    end: int
    steps: tuple[Step, ...]
    result: Mapping[str, Any]
    match_result: Mapping[str, Any] | None = None
    hands_finished: int = 0

    @property
    def game(self) -> str:
        return self.record.game

    @property
    def names(self) -> tuple[str, ...]:
        return self.record.names

    def screen(self) -> list[Msg]:
        """The hand's result screen (headline first) and, when the match ended with it, the
        match's screen, from the game's presentation."""
        final = self.match_result is not None
        lines = presentation.hand_result(self.game, self.result, final=final)
        if self.match_result is not None:
            lines += presentation.match_result(self.game, self.match_result)
        return lines


def step_ends(game: str, events: Sequence[Event]) -> bool:
    """True when an action with these ``events`` ends a replay step of ``game``: one of them
    has a line in the game's presentation and its kind is not in the presentation's
    ``REPLAY_QUIET``."""
    quiet: frozenset[str] = getattr(presentation.of(game), "REPLAY_QUIET", frozenset())
    return any(e.kind not in quiet and presentation.event(game, e) is not None for e in events)


def _actions(record: GameRecord) -> list[Action]:
    try:
        return [Action.from_json(a) for a in record.actions]
    except ValueError as exc:
        raise ReplayRefused("bad_record", str(exc)) from None


def hand_bounds(record: GameRecord) -> list[tuple[int, int]]:
    """The finished hands of the record, in order, as ``(start, end)`` indices into its
    actions (``end`` exclusive: the action that ended the hand is ``end - 1``). A hand still
    being played is not listed."""
    game = record.new_game()
    bounds: list[tuple[int, int]] = []
    start = 0
    for i, action in enumerate(_actions(record)):
        try:
            game.apply(action)
        except Exception as exc:  # a stored action that does not replay: damage
            raise ReplayRefused("bad_record", f"action {i} does not replay: {exc}") from None
        if len(game.hand_results) > len(bounds):
            bounds.append((start, i + 1))
            start = i + 1
    return bounds


def _views(game: Game) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
    public = game.view(None)
    kitty = _kitty(game)
    if kitty:  # a replayed hand is over: its kitty (底牌) is no secret any more
        public = {**public, "replay_kitty": kitty}
    return public, tuple(game.view(s) for s in range(game.seat_count))


def _kitty(game: Game) -> list[str]:
    """The cards in the kitty (底牌) now, for a game that has one (the trick games); ``[]``
    otherwise or while its owner holds it. Only ever read here, in replays of finished hands."""
    kitty = getattr(game, "kitty", None)
    return [format_card_ascii(c) for c in kitty] if isinstance(kitty, list) else []


def _replay_lines(game: Game, actions: Sequence[Action], start: bool) -> list[Msg]:
    """What only a replay says (the hand is over): the kitty at the hand's start, the cards
    a 扣底 buried."""
    out: list[Msg] = []
    if start and _kitty(game):
        out.append(Msg("replay.kitty", cards=Cards(_kitty(game))))
    for a in actions:
        if a.kind == "bury" and a.seat is not None and a.data.get("cards"):
            out.append(Msg("replay.buried", who=Seat(a.seat), cards=Cards(list(a.data["cards"]))))
    return out


def event_msg(game: str, e: Event) -> Msg | None:
    """The line of ``e`` as the table showed it: the presentation's line, or for the end of a
    hand or match that has none, the headline of its result screen (as the table's event
    lines do, ``cogs.present.outcome_line``)."""
    msg = presentation.event(game, e)
    if msg is None and e.kind in ("hand_over", "match_over"):
        screen = (
            presentation.hand_result(game, e.data)
            if e.kind == "hand_over"
            else presentation.match_result(game, e.data)
        )
        msg = screen[0] if screen else None
    return msg


def _narration(game: str, events: Sequence[Event]) -> tuple[Msg, ...]:
    return tuple(m for m in (event_msg(game, e) for e in events) if m is not None)


def replay_hand(record: GameRecord, hand: int | None = None) -> HandReplay:
    """Hand ``hand`` (1-based; ``None``: the last finished one) of ``record``, step by step.

    Raises :class:`ReplayRefused`: ``hand_in_play`` for a hand not finished (the one being
    played, or the one an aborted match stopped in), ``no_hand`` for a number outside the
    match, ``no_finished_hand`` when no hand is finished yet, ``bad_record`` for actions that do
    not replay, ``no_game`` for an unknown game."""
    bounds = hand_bounds(record)
    if hand is None:
        if not bounds:
            raise ReplayRefused("no_finished_hand", "no hand of this match is finished yet")
        hand = len(bounds)
    if hand < 1:
        raise ReplayRefused("no_hand", f"there is no hand {hand}", {"hand": hand})
    if hand > len(bounds):
        # the hand after the last finished one is the one in play (or where the match stopped)
        if hand == len(bounds) + 1 and record.status != "finished":
            raise ReplayRefused(
                "hand_in_play", f"hand {hand} is still being played", {"hand": hand}
            )
        raise ReplayRefused("no_hand", f"there is no finished hand {hand}", {"hand": hand})
    actions = _actions(record)
    game = record.new_game()
    for action in actions[: bounds[hand - 1][0]]:
        game.apply(action)
    return _walk(record, game, actions, bounds, hand, with_views=True)


def replay_hands(record: GameRecord, *, with_views: bool = False) -> list[HandReplay]:
    """Every finished hand of ``record`` in one pass over its log (the exports); with
    ``with_views=False`` the steps' ``public``/``views`` are empty (much faster)."""
    bounds = hand_bounds(record)
    actions = _actions(record)
    game = record.new_game()
    return [
        _walk(record, game, actions, bounds, hand, with_views=with_views)
        for hand in range(1, len(bounds) + 1)
    ]


def _walk(
    record: GameRecord,
    game: Game,
    actions: Sequence[Action],
    bounds: Sequence[tuple[int, int]],
    hand: int,
    *,
    with_views: bool,
) -> HandReplay:
    """Apply hand ``hand``'s actions to ``game`` (which stands at the hand's start) and cut
    them into steps."""
    start, end = bounds[hand - 1]

    def views() -> tuple[Mapping[str, Any], tuple[Mapping[str, Any], ...]]:
        return _views(game) if with_views else ({}, ())

    steps: list[Step] = []
    i = start
    if hand > 1:  # the table step that dealt this hand belongs to its start
        events = game.apply(actions[i])
        public, seen = views()
        narration = _narration(record.game, events) + tuple(_replay_lines(game, (), True))
        steps.append(Step(0, i, i + 1, (actions[i],), tuple(events), narration, None, public, seen))
        i += 1
    else:
        public, seen = views()
        narration = tuple(_replay_lines(game, (), True))
        steps.append(Step(0, 0, 0, (), (), narration, None, public, seen))
    done: list[Action] = []
    said: list[Event] = []
    first = i
    while i < end:
        action = actions[i]
        events = game.apply(action)
        done.append(action)
        said += events
        i += 1
        if i == end or step_ends(record.game, events):
            public, seen = views()
            steps.append(
                Step(
                    len(steps),
                    first,
                    i,
                    tuple(done),
                    tuple(said),
                    _narration(record.game, said) + tuple(_replay_lines(game, done, False)),
                    action.seat,
                    public,
                    seen,
                    hand_over=i == end,
                )
            )
            done, said, first = [], [], i
    result = game.hand_results[hand - 1].to_json()
    last = hand == len(bounds) and game.match_result is not None
    return HandReplay(
        record,
        hand,
        start,
        end,
        tuple(steps),
        result,
        game.match_result.to_json() if last and game.match_result is not None else None,
        hands_finished=len(bounds),
    )


def narration_text(
    replay: HandReplay,
    index: int,
    lang: str,
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> list[str]:
    """The lines of step ``index`` rendered for a reader of ``lang``; ``names`` as the front
    end shows them (default: the record's); ``you``: the reader's seat, said as "you"
    (``None``: a public reading, nobody is "you")."""
    reader = Reader(lang, list(names if names is not None else replay.names), you=you)
    return [render(reader, m) for m in replay.steps[index].narration]


def record_of(
    game: str,
    seed: int,
    options: Mapping[str, Any],
    actions: Sequence[Mapping[str, Any] | Action],
    names: Sequence[str] = (),
    *,
    status: str = "finished",
) -> GameRecord:
    """A :class:`GameRecord` from plain values (a live engine, an imported file)."""
    acts = [a.to_json() if isinstance(a, Action) else dict(a) for a in actions]
    shown = tuple(names) or tuple(f"#{s + 1}" for s in range(4))
    return GameRecord(game, int(seed), dict(options), acts, shown, status=status)


async def load_game(store: Store, game_id: int) -> GameRecord:
    """The stored game ``game_id`` (``games`` row, its ``actions`` and its table's server).
    Raises :class:`ReplayRefused`: ``no_game`` for an unknown id, ``board_in_play`` for a
    duplicate board whose round other tables still play."""
    try:
        row = await store.game(game_id)
    except KeyError:
        raise ReplayRefused("no_game", f"no game {game_id}", {"game_id": game_id}) from None
    if await TournamentStore(store).board_in_play(row.table_id):
        raise ReplayRefused("board_in_play", "other tables still play this deal")
    actions = await store.actions(game_id)
    actors = await store.action_users(game_id)
    table = await store.table(row.table_id)
    seats = sorted(row.seats, key=lambda s: int(s.get("index", 0)))
    names = tuple(str(s.get("name") or f"#{i + 1}") for i, s in enumerate(seats))
    bots = tuple(s.get("bot") for s in seats)
    users = tuple(s.get("user_id") if s.get("bot") is None else None for s in seats)
    return GameRecord(
        row.game,
        row.seed,
        row.options,
        actions,
        names,
        bots,
        game_id=row.id,
        table_id=row.table_id,
        status=row.status,
        guild_id=table.guild_id if table is not None else None,
        user_ids=users,
        actors=tuple(actors),
    )


async def load_hand(store: Store, game_id: int, hand: int | None = None) -> HandReplay:
    """:func:`replay_hand` of the stored game ``game_id``."""
    return replay_hand(await load_game(store, game_id), hand)
