"""打滚 (Dagun, southern Hubei / northern Hunan): a climbing game for four with 2 decks, wild
jokers, bombs and a secret partner. Seed: ``dagun_and_jinhua-mahjong.txt`` lines 1-75; rules
page: ``docs/rules/dagun.md``.

Exports ``GAME`` (:class:`games.dagun.engine.DagunGame`) and ``BOTS``
(``{"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": StrongPlayer}``; the
strong bot is the search of :mod:`games.dagun.search` over the heuristic).
"""

from collections.abc import Callable
from typing import Any

from games.base import Player
from games.dagun.bots import HeuristicPlayer, RandomPlayer
from games.dagun.engine import DagunGame
from games.dagun.options import DagunOptions
from games.dagun.reasons import dagun_reasons
from games.dagun.review import evaluator
from games.dagun.search import strong_player


def StrongPlayer(**budget: Any) -> Player:
    """The search bot (determinized Monte Carlo over the heuristic, :mod:`games.dagun.search`);
    ``budget``: ``rollouts``, ``budget_ms``, ``candidates``, ``work``
    (:class:`games.search.SearchPlayer`)."""
    return strong_player(HeuristicPlayer, **budget)


GAME = DagunGame
BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "strong": StrongPlayer,
}

#: the cost of a decision in the review of one's play (:mod:`games.review`)
EVALUATOR = evaluator(HeuristicPlayer)

#: the hint's reading of a move (:mod:`games.dagun.reasons`)
REASONS = dagun_reasons

__all__ = [
    "BOTS",
    "EVALUATOR",
    "GAME",
    "REASONS",
    "DagunGame",
    "DagunOptions",
    "HeuristicPlayer",
    "RandomPlayer",
]
