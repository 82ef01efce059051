"""打滚's part in the cost of a decision (:mod:`games.review`): the search bot's worlds
(:func:`games.dagun.search.sample_world`: the hidden cards and the secret partner as the seat's
view allows) and the seat's coins for the hand (bonuses included, ``coins_value``).
"""

from __future__ import annotations

from collections.abc import Callable

from games.base import Player
from games.dagun.search import coins_value, sample_world
from games.review import Evaluator

__all__ = ["evaluator"]

#: rollout moves for the costs of a whole hand's review: about 3 s of CPU at the rollouts'
#: 0.11 ms a move measured (a review of a hand with many differences, docs/bots.md)
WORK = 25_000


def evaluator(heuristic: Callable[[], Player]) -> Evaluator:
    """打滚's :class:`~games.review.Evaluator` with ``heuristic`` finishing the hands; a cost
    under half a coin reads "about even"."""
    return Evaluator(
        sample=sample_world,
        score=coins_value,
        rollout=heuristic,
        unit="coins",
        even=0.5,
        work=WORK,
    )
