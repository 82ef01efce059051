"""打滚 (Dagun, southern Hubei / northern Hunan): a climbing game for four with 2 decks, wild
jokers, bombs and a secret partner. Seed: ``dagun_and_jinhua-mahjong.txt`` lines 1-75; rules
page: ``docs/rules/dagun.md``.

Exports ``GAME`` (:class:`games.dagun.engine.DagunGame`) and ``BOTS``
(``{"random": RandomPlayer, "heuristic": HeuristicPlayer}``).
"""

from collections.abc import Callable

from games.base import Player
from games.dagun.bots import HeuristicPlayer, RandomPlayer
from games.dagun.engine import DagunGame
from games.dagun.options import DagunOptions

GAME = DagunGame
BOTS: dict[str, Callable[[], Player]] = {"random": RandomPlayer, "heuristic": HeuristicPlayer}

__all__ = ["BOTS", "GAME", "DagunGame", "DagunOptions", "HeuristicPlayer", "RandomPlayer"]
