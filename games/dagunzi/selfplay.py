"""Drive a Dagunzi game with bot players only (tests, benchmarks).

The driver applies table steps itself and, during a live (progressive) deal, offers every
seat its optional declaration once per deal step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import Action, Player
from games.dagunzi.engine import DagunziGame

__all__ = ["play_hand", "step"]


def step(game: DagunziGame, players: Sequence[Player], rng: random.Random) -> list[Action]:
    """Apply the next required decision (after any optional declarations); ``[]`` when over."""
    done: list[Action] = []
    if game.phase == "dealing" and game.options.deal == "progressive":
        for seat in range(4):
            if not game.declaring_open():
                break
            choice = players[seat].choose(game, seat, rng)
            if choice.kind == "declare":
                game.apply(choice)
                done.append(choice)
    required = [d for d in game.pending() if d.required]
    if not required:
        return done
    d = required[0]
    action = (
        Action(None, d.kinds[0]) if d.seat is None else players[d.seat].choose(game, d.seat, rng)
    )
    game.apply(action)
    done.append(action)
    return done


def play_hand(
    game: DagunziGame, players: Sequence[Player], rng: random.Random, max_actions: int = 3000
) -> list[Action]:
    """Play until the current hand's result is in (starting the next hand first in
    ``hand_over``). Raises ``RuntimeError`` past ``max_actions``."""
    done: list[Action] = []
    if game.phase == "hand_over":
        done += step(game, players, rng)
    while game.phase not in ("hand_over", "match_over"):
        applied = step(game, players, rng)
        if not applied:
            break
        done += applied
        if len(done) > max_actions:
            raise RuntimeError(f"the hand did not end within {max_actions} actions")
    return done
