"""扒鸡窝 (Pajiwo, Henan): 2 decks, 4 players, 25 cards each, an 8-card kitty, re-declaring
trump after the kitty is buried. Seed: ``pajiwo.txt``; rules page: ``docs/rules/pajiwo.md``.

Exports ``GAME`` (the engine class :class:`games.pajiwo.engine.PajiwoGame`) and
``BOTS`` (``{"random": RandomPlayer, "heuristic": HeuristicPlayer}``).
"""

from collections.abc import Callable

from games.base import Player
from games.pajiwo.bots import HeuristicPlayer, RandomPlayer
from games.pajiwo.engine import PajiwoGame
from games.pajiwo.options import PajiwoOptions

GAME = PajiwoGame
BOTS: dict[str, Callable[[], Player]] = {"random": RandomPlayer, "heuristic": HeuristicPlayer}

__all__ = ["BOTS", "GAME", "HeuristicPlayer", "PajiwoGame", "PajiwoOptions", "RandomPlayer"]
