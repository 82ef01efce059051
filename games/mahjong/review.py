"""The mahjong games' part in the cost of a decision (:mod:`games.review`, 金坛 and 金华): worlds
sampled from the seat's view (:mod:`games.mahjong.sample`: the other hands, the wall, the faces
of concealed kongs), and the points the hand moved to or from the seat (its settlement: a win
it was paid, a deal-in it paid, 0 for a drawn hand).
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import Game, Player
from games.mahjong.sample import sample_world
from games.review import Evaluator

__all__ = ["evaluator", "seat_points"]

#: rollout moves for the costs of a whole hand's review: about 3 s of CPU at the rollouts'
#: 0.9 ms a move measured (a review of a hand with many differences, docs/bots.md)
WORK = 3500


def seat_points(game: Game, seat: int) -> float:
    """The points the last finished hand gave ``seat`` (negative: paid)."""
    return float(game.hand_results[-1].scores[seat])


def evaluator(heuristic: Callable[[], Player]) -> Evaluator:
    """A mahjong game's :class:`~games.review.Evaluator` with ``heuristic`` finishing the
    hands; a cost under 1 point reads "about even"."""
    return Evaluator(
        sample=sample_world,
        score=seat_points,
        rollout=heuristic,
        unit="points",
        even=1.0,
        work=WORK,
    )
