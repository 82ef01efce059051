"""打滚子 (Dagunzi, Dalian): 3 decks, 4 players, 39 cards each, a 6-card kitty, 棒子 and 滚子,
tribute (喝血) and jokers buried in the kitty. Seed: ``dagunzi.txt``; rules page:
``docs/rules/dagunzi.md``.

Exports ``GAME`` (:class:`games.dagunzi.engine.DagunziGame`) and ``BOTS``
(``{"random": RandomPlayer, "heuristic": HeuristicPlayer}``).
"""

from collections.abc import Callable

from games.base import Player
from games.dagunzi.bots import HeuristicPlayer, RandomPlayer
from games.dagunzi.engine import DagunziGame
from games.dagunzi.options import DagunziOptions

GAME = DagunziGame
BOTS: dict[str, Callable[[], Player]] = {"random": RandomPlayer, "heuristic": HeuristicPlayer}

__all__ = ["BOTS", "GAME", "DagunziGame", "DagunziOptions", "HeuristicPlayer", "RandomPlayer"]
