"""金华麻将 (Jinhua mahjong, Zhejiang): 136 tiles, 财神 wild tiles with the 白板 stand-in,
multiplying special hands, 承包, one winner per discard. Seed:
``dagun_and_jinhua-mahjong.txt`` lines 101-192; rules page: ``docs/rules/jinhua.md``.
Built on the shared machinery of :mod:`games.mahjong`.

Exports ``GAME`` (:class:`games.jinhua.engine.JinhuaGame`) and ``BOTS``
(``{"random": RandomPlayer, "heuristic": JinhuaHeuristicPlayer, "strong": JinhuaStrongPlayer}``;
the strong bot counts the 财神 and its 白板 stand-in and values ready hands by their
multipliers, :mod:`games.jinhua.strong`).
"""

from collections.abc import Callable

from games.base import Player
from games.jinhua.bots import JinhuaHeuristicPlayer, RandomPlayer
from games.jinhua.engine import JinhuaGame
from games.jinhua.options import JinhuaOptions
from games.jinhua.reasons import jinhua_reasons
from games.jinhua.strong import JinhuaStrongPlayer
from games.mahjong.review import evaluator

GAME = JinhuaGame
BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "heuristic": JinhuaHeuristicPlayer,
    "strong": JinhuaStrongPlayer,
}

#: the cost of a decision in the review of one's play (:mod:`games.review`)
EVALUATOR = evaluator(JinhuaHeuristicPlayer)

#: the hint's reading of a move (:mod:`games.jinhua.reasons`)
REASONS = jinhua_reasons

__all__ = [
    "BOTS",
    "EVALUATOR",
    "GAME",
    "REASONS",
    "JinhuaGame",
    "JinhuaHeuristicPlayer",
    "JinhuaOptions",
    "RandomPlayer",
]

#: the shared mahjong engine (:mod:`games.mahjong`) cites 金坛's seed; the same rules in this
#: game's seed, so that a refusal points at 金华's rules page (:mod:`present.rule_links`)
SHARED_RULES = {
    "jintan-mahjong.txt:33": "dagun_and_jinhua-mahjong.txt:129",  # a complete hand
    "jintan-mahjong.txt:49": "dagun_and_jinhua-mahjong.txt:107",  # chow from the previous player
    "jintan-mahjong.txt:61": "dagun_and_jinhua-mahjong.txt:113",  # kongs
}
