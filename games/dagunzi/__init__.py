"""打滚子 (Dagunzi, Dalian): 3 decks, 4 players, 39 cards each, a 6-card kitty, 棒子 and 滚子,
tribute (喝血) and jokers buried in the kitty. Seed: ``dagunzi.txt``; rules page:
``docs/rules/dagunzi.md``.

Exports ``GAME`` (:class:`games.dagunzi.engine.DagunziGame`) and ``BOTS``
(``{"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": StrongPlayer}``; the
strong bot is the search of :mod:`games.dagunzi.strong` over the heuristic).
"""

from collections.abc import Callable
from typing import Any

from games.base import Player
from games.dagunzi.bots import HeuristicPlayer, RandomPlayer
from games.dagunzi.engine import DagunziGame
from games.dagunzi.options import DagunziOptions
from games.dagunzi.rules import RULES
from games.dagunzi.strong import sample_world, strong_player
from games.reasons import Reason
from games.tricks.reasons import trick_reasons
from games.tricks.review import evaluator


def StrongPlayer(**budget: Any) -> Player:
    """The search bot (determinized Monte Carlo over the heuristic, :mod:`games.dagunzi.strong`);
    ``budget``: ``rollouts``, ``budget_ms``, ``candidates``, ``work`` (see
    :class:`games.search.SearchPlayer`)."""
    return strong_player(**budget)


GAME = DagunziGame
BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "strong": StrongPlayer,
}

#: the cost of a decision in the review of one's play (:mod:`games.review`)
#: (39 cards a hand: a longer hand than 扒鸡窝's, so more rollout moves for the same worlds)
EVALUATOR = evaluator(HeuristicPlayer, work=16_000, sample=sample_world)


def REASONS(game: Any, seat: int, move: Any) -> list[Reason]:
    """The hint's reading of a move (:mod:`games.tricks.reasons`)."""
    return trick_reasons(game, seat, move, RULES)


__all__ = [
    "BOTS",
    "EVALUATOR",
    "GAME",
    "REASONS",
    "DagunziGame",
    "DagunziOptions",
    "HeuristicPlayer",
    "RandomPlayer",
]


#: the shared trick engine (:mod:`games.tricks`) cites 扒鸡窝's seed; the same rules in this
#: game's seed, so that a refusal points at 打滚子's rules page (:mod:`present.rule_links`)
SHARED_RULES = {
    "pajiwo.txt:101": "dagunzi.txt:67",  # follow the led suit (all trumps are one suit)
    "pajiwo.txt:103": "dagunzi.txt:70",  # what a lead may be: single, 棒子, 滚子
    "pajiwo.txt:105": "dagunzi.txt:70",  # no throws
    "pajiwo.txt:107": "dagunzi.txt:75",  # what a follow owes (死棒)
    "pajiwo.txt:109": "dagunzi.txt:75",
}
