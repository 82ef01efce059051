"""金坛麻将 (Jintan mahjong, Jiangsu): 144 tiles with 8 flowers, 花 and 番 scoring with a cap,
一炮多响, 抢杠 and the go-around restrictions. Seed: ``jintan-mahjong.txt``; rules page:
``docs/rules/jintan.md``. Built on the shared machinery of :mod:`games.mahjong`.

Exports ``GAME`` (:class:`games.jintan.engine.JintanGame`) and ``BOTS``
(``{"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": JintanStrongPlayer}``; the
strong bot chooses ready hands by their value, defends wider and weighs a discard's deal-in risk,
:mod:`games.jintan.strong`).
"""

from collections.abc import Callable

from games.base import Player
from games.jintan.engine import JintanGame
from games.jintan.options import JintanOptions
from games.jintan.reasons import jintan_reasons
from games.jintan.strong import JintanStrongPlayer
from games.mahjong.bots import HeuristicPlayer, RandomPlayer
from games.mahjong.review import evaluator

GAME = JintanGame
BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "strong": JintanStrongPlayer,
}

#: the cost of a decision in the review of one's play (:mod:`games.review`)
EVALUATOR = evaluator(HeuristicPlayer)

#: the hint's reading of a move (:mod:`games.jintan.reasons`)
REASONS = jintan_reasons

__all__ = [
    "BOTS",
    "EVALUATOR",
    "GAME",
    "REASONS",
    "HeuristicPlayer",
    "JintanGame",
    "JintanOptions",
    "RandomPlayer",
]
