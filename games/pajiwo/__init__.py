"""扒鸡窝 (Pajiwo, Henan): 2 decks, 4 players, 25 cards each, an 8-card kitty, re-declaring
trump after the kitty is buried. Seed: ``pajiwo.txt``; rules page: ``docs/rules/pajiwo.md``.

Exports ``GAME`` (the engine class :class:`games.pajiwo.engine.PajiwoGame`) and
``BOTS`` (``{"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": StrongPlayer}``; the
strong bot is the search of :mod:`games.pajiwo.strong` over the heuristic).
"""

from collections.abc import Callable
from typing import Any

from games.base import Player
from games.pajiwo.bots import HeuristicPlayer, RandomPlayer
from games.pajiwo.engine import PajiwoGame
from games.pajiwo.options import PajiwoOptions
from games.pajiwo.strong import sample_world, strong_player
from games.reasons import Reason
from games.tricks.reasons import trick_reasons
from games.tricks.review import evaluator


def StrongPlayer(**budget: Any) -> Player:
    """The search bot (determinized Monte Carlo over the heuristic, :mod:`games.pajiwo.strong`);
    ``budget``: ``rollouts``, ``budget_ms``, ``candidates``, ``work`` (see
    :class:`games.search.SearchPlayer`)."""
    return strong_player(**budget)


GAME = PajiwoGame
BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "strong": StrongPlayer,
}

#: the cost of a decision in the review of one's play (:mod:`games.review`)
EVALUATOR = evaluator(HeuristicPlayer, sample=sample_world)


def REASONS(game: Any, seat: int, move: Any) -> list[Reason]:
    """The hint's reading of a move (:mod:`games.tricks.reasons`)."""
    return trick_reasons(game, seat, move, game.rules)


__all__ = [
    "BOTS",
    "EVALUATOR",
    "GAME",
    "REASONS",
    "HeuristicPlayer",
    "PajiwoGame",
    "PajiwoOptions",
    "RandomPlayer",
]
