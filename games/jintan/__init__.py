"""金坛麻将 (Jintan mahjong, Jiangsu): 144 tiles with 8 flowers, 花 and 番 scoring with a cap,
一炮多响, 抢杠 and the go-around restrictions. Seed: ``jintan-mahjong.txt``; rules page:
``docs/rules/jintan.md``. Built on the shared machinery of :mod:`games.mahjong`.

Exports ``GAME`` (:class:`games.jintan.engine.JintanGame`) and ``BOTS``
(``{"random": RandomPlayer, "heuristic": HeuristicPlayer, "strong": StrongPlayer}``; the strong
bot weighs each discard's danger, :mod:`games.mahjong.strong`).
"""

from collections.abc import Callable

from games.base import Player
from games.jintan.engine import JintanGame
from games.jintan.options import JintanOptions
from games.mahjong.bots import HeuristicPlayer, RandomPlayer
from games.mahjong.reasons import mahjong_reasons
from games.mahjong.review import evaluator
from games.mahjong.strong import StrongPlayer

GAME = JintanGame
BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "heuristic": HeuristicPlayer,
    "strong": StrongPlayer,
}

#: the cost of a decision in the review of one's play (:mod:`games.review`)
EVALUATOR = evaluator(HeuristicPlayer)

#: the hint's reading of a move (:mod:`games.mahjong.reasons`)
REASONS = mahjong_reasons

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
