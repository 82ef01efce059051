"""Drive a mahjong game with bot players only (tests, benchmarks).

Every seat of a claim window is asked in turn order; the table step ``next_hand`` is
applied by the driver.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import Action, Player
from games.mahjong.engine import MahjongGame

__all__ = ["play_hand", "step"]


def step(game: MahjongGame, players: Sequence[Player], rng: random.Random) -> Action | None:
    """Apply the first pending decision (a seat's bot move or the table step); ``None`` when
    nothing is pending (the match is over)."""
    pending = [d for d in game.pending() if d.required]
    if not pending:
        return None
    d = pending[0]
    action = (
        Action(None, d.kinds[0]) if d.seat is None else players[d.seat].choose(game, d.seat, rng)
    )
    game.apply(action)
    return action


def play_hand(
    game: MahjongGame, players: Sequence[Player], rng: random.Random, max_actions: int = 2000
) -> list[Action]:
    """Play until the current hand's result is in (starting the next hand first when the
    previous one is over). Raises ``RuntimeError`` past ``max_actions``."""
    done: list[Action] = []
    if game.phase == "hand_over":
        first = step(game, players, rng)
        if first is not None:
            done.append(first)
    while game.phase not in ("hand_over", "match_over"):
        applied = step(game, players, rng)
        if applied is None:
            break
        done.append(applied)
        if len(done) > max_actions:
            raise RuntimeError(f"the hand did not end within {max_actions} actions")
    return done
