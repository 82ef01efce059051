"""打滚's part in the cost of a decision (:mod:`games.review`): the search bot's worlds
(:func:`games.dagun.search.sample_world`: the hidden cards and the secret partner as the seat's
view allows, in the play and at 硬牌) and the seat's coins for the hand (bonuses included,
``coins_value``).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.base import Game, Player
from games.dagun.search import coins_value, sample_world
from games.review import Evaluator

__all__ = ["evaluator"]

#: rollout moves for the costs of a whole hand's review: about 3 s of CPU at the rollouts'
#: 0.11 ms a move measured (a review of a hand with many differences, docs/bots.md)
WORK = 25_000


def review_world(game: Game, seat: int, rng: random.Random) -> Game | None:
    """:func:`~games.dagun.search.sample_world` in the play and also at 硬牌 (playing alone
    or not, before any card is played: the other hands dealt afresh, the secret partner among
    the seats that may hold the called card), so a 硬牌 difference has a cost too."""
    return sample_world(game, seat, rng, phases=("play", "alone"))


def evaluator(heuristic: Callable[[], Player]) -> Evaluator:
    """打滚's :class:`~games.review.Evaluator` with ``heuristic`` finishing the hands; a cost
    under half a coin reads "about even"."""
    return Evaluator(
        sample=review_world,
        score=coins_value,
        rollout=heuristic,
        unit="coins",
        even=0.5,
        work=WORK,
    )
