"""The mahjong machinery shared by 金坛 (:mod:`games.jintan`) and 金华 mahjong.

* :mod:`games.mahjong.shapes`: win shapes on counts arrays (with and without wild tiles),
  readings for scoring, waiting tiles, shanten.
* :mod:`games.mahjong.wall`: the wall, the dice, the deal, replacement draws, a reserved
  dead wall.
* :mod:`games.mahjong.melds`: tiles as indexes, notation, declared melds.
* :mod:`games.mahjong.engine`: :class:`MahjongGame`, the turn, claim windows, kongs, robbing
  the kong, exhaustive draw, dealer rotation; a game supplies its scoring and refusals.
* :mod:`games.mahjong.bots`: random and shanten-driven players.
* :mod:`games.mahjong.selfplay`: a driver for bot-only play.
"""
