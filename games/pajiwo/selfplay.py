"""Drive a Pajiwo game with bot players only (tests, benchmarks, simulations).

The driver applies table steps (``deal``, ``next_hand``) itself and, during a
progressive deal, offers every seat its optional declaration once per deal step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import Action, Player
from games.pajiwo.engine import PajiwoGame

__all__ = ["play_hand", "step"]


def step(game: PajiwoGame, players: Sequence[Player], rng: random.Random) -> list[Action]:
    """Apply the next required decision (after any optional declarations); return what was applied.

    Returns ``[]`` when nothing is pending (the match is over).
    """
    done: list[Action] = []
    if game.phase == "dealing":
        for seat in range(4):
            choice = players[seat].choose(game, seat, rng)
            if choice.kind == "declare":
                game.apply(choice)
                done.append(choice)
    required = [d for d in game.pending() if d.required]
    if not required:
        return done
    d = required[0]
    if d.seat is None:
        action = Action(None, d.kinds[0])
    else:
        action = players[d.seat].choose(game, d.seat, rng)
    game.apply(action)
    done.append(action)
    return done


def play_hand(
    game: PajiwoGame, players: Sequence[Player], rng: random.Random, max_actions: int = 2000
) -> list[Action]:
    """Play from now until the current hand's result is in (phase ``hand_over`` or ``match_over``).

    Starts the next hand first when called in ``hand_over``. Raises
    ``RuntimeError`` if the hand does not end within ``max_actions``.
    """
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
