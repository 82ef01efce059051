"""A finished hand as replay steps: the state after each action, every hand face up.

The match is rebuilt from its seed, options and stored actions (the engine replays exactly).
Hand ``n``'s steps are the state at its deal and after each of its actions (a table step such
as dealing a round or closing a claim window is a step too), up to the action that ended it.
Each step keeps what the page shows: the spectator's view (drawn by :mod:`render`), each
seat's hand face up (the hand is over, so nothing is hidden any more), and the events of its
action as the game's presentation says them (:mod:`present.games`), rendered in the reader's
language by the page. The last step also carries the end-of-hand screen.

Only finished matches come here (:mod:`web.data`), so no step of a hand in play exists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import present.games as presentation
from games.base import Action, Event, Game
from games.registry import get_game
from present.message import Msg
from web.data import GameRecord

__all__ = ["HandReplay", "Step", "hand_replay"]


@dataclass(frozen=True)
class Step:
    """One state of the hand.

    ``action``: what led here (``None`` for the deal); ``messages``: its events as the
    presentation says them; ``view``: the spectator's view; ``hands``: each seat's pieces, in
    notation (``"10s"``, ``"5p"``).
    """

    number: int
    action: Action | None
    messages: tuple[Msg, ...]
    view: Mapping[str, Any]
    hands: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class HandReplay:
    game: str
    hand: int
    steps: tuple[Step, ...]
    result: tuple[Msg, ...]
    """The end-of-hand screen (headline first), shown with the last step."""


def _hands(game: Game) -> tuple[tuple[str, ...], ...]:
    out = []
    for seat in range(game.seat_count):
        hand = game.view(seat).get("hand") or ()
        out.append(tuple(str(p) for p in hand))
    return tuple(out)


def _messages(key: str, events: Sequence[Event]) -> tuple[Msg, ...]:
    found = (presentation.event(key, e) for e in events)
    return tuple(m for m in found if m is not None)


def _step(number: int, game: Game, action: Action | None, events: Sequence[Event]) -> Step:
    return Step(number, action, _messages(game.name, events), game.view(None), _hands(game))


def hand_replay(record: GameRecord, hand: int, final: bool) -> HandReplay | None:
    """The steps of hand ``hand`` (1-based) of a finished match, or ``None`` when the record
    has no such hand. ``final``: the match ended with this hand (its screen then says nothing
    of a next one). Raises what the engine raises for a record that does not replay."""
    spec = get_game(record.game)
    engine = spec.engine()
    game = engine(record.seed, engine.options_type.from_dict(record.options))
    steps: list[Step] = []
    if hand == 1:
        steps.append(_step(0, game, None, ()))
    for action in record.actions:
        played = len(game.hand_results)
        if played >= hand:
            break
        events = game.apply(action)
        if played == hand - 1:
            steps.append(_step(len(steps), game, action, events))
    if len(game.hand_results) < hand or not steps:
        return None
    result = game.hand_results[hand - 1].to_json()
    return HandReplay(
        game=record.game,
        hand=hand,
        steps=tuple(steps),
        result=tuple(presentation.hand_result(record.game, result, final=final)),
    )
