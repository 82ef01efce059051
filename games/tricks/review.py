"""The trick engines' part in the cost of a decision (:mod:`games.review`, 扒鸡窝 and 打滚子): the
search bot's worlds (the game's own sampler, :func:`games.pajiwo.strong.sample_world` or
:func:`games.dagunzi.strong.sample_world`, from the seat's view), and what a finished hand gave
the seat's side.

The points are the card points (5, 10, K) that count in these games: the defenders' (抓分, with
the kitty's multiplier when they win the last trick). A defender's side gains them; the dealer's
side loses them (the points it takes itself do not count), so for either side a larger score is
better and the cost of a move is the card points it gave away or failed to take. The second
figure is the hand's result in levels: the levels the seat's side went up, less the levels the
other side went up.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.base import Game, Player
from games.review import Evaluator
from games.tricks.search import sample_world

__all__ = ["evaluator", "side_levels", "side_points"]

#: rollout moves for the costs of a whole hand's review: about 2.5 s of CPU at the rollouts'
#: 0.2 ms a move measured (a review of a hand with many differences, docs/bots.md)
WORK = 12_000


def side_points(game: Game, seat: int) -> float:
    """The card points of the last finished hand for ``seat``'s side: the defenders' points,
    counted for the defenders and against the dealer's side."""
    summary = game.hand_results[-1].summary
    points = float(summary["defenders_points"])
    return -points if seat in summary["dealer_team"] else points


def side_levels(game: Game, seat: int) -> float:
    """The levels of the last finished hand for ``seat``'s side: up for its own side, down for
    the other side's."""
    summary = game.hand_results[-1].summary
    up = float(summary["levels_up"])
    return up if seat in summary["winner_team"] else -up


def evaluator(
    heuristic: Callable[[], Player],
    work: int = WORK,
    sample: Callable[[Game, int, random.Random], Game | None] = sample_world,
) -> Evaluator:
    """The trick engines' :class:`~games.review.Evaluator` with ``heuristic`` finishing the
    hands, ``work`` rollout moves for a hand's review and ``sample`` dealing the worlds (the
    game's search bot's sampler; default the shared one, :func:`games.tricks.search.sample_world`);
    a cost under 5 points (one 5) reads "about even"."""
    return Evaluator(
        sample=sample,
        score=side_points,
        rollout=heuristic,
        unit="points",
        result=side_levels,
        result_unit="levels",
        even=5.0,
        work=work,
    )
