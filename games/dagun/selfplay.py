"""Bot-only play without the host, for tests and benchmarks: :func:`play_hand`."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.base import Player
from games.dagun.engine import DagunGame

__all__ = ["play_hand", "play_match"]


def play_hand(game: DagunGame, players: Sequence[Player], rng: random.Random) -> None:
    """Play the current hand to its result with ``players[seat]`` (then the table's
    ``next_hand`` step, if the hand was already over and the match is not)."""
    start = len(game.hand_results)
    if game.phase == "hand_over":
        game.apply(game.table_action())  # type: ignore[arg-type]
    while len(game.hand_results) == start and not game.is_over:
        (decision,) = game.pending()
        assert decision.seat is not None
        game.apply(players[decision.seat].choose(game, decision.seat, rng))


def play_match(game: DagunGame, players: Sequence[Player], rng: random.Random) -> None:
    """Play hands until the match is over."""
    while not game.is_over:
        play_hand(game, players, rng)
