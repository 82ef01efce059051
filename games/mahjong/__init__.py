"""The mahjong machinery shared by 金坛 (:mod:`games.jintan`) and 金华 mahjong.

* :mod:`games.mahjong.shapes`: win shapes on counts arrays (with and without wild tiles),
  readings for scoring, waiting tiles, shanten.
* :mod:`games.mahjong.wall`: the wall, the dice, the deal, replacement draws, a reserved
  dead wall.
* :mod:`games.mahjong.melds`: tiles as indexes, notation, declared melds.
* :mod:`games.mahjong.engine`: :class:`MahjongGame`, the turn, claim windows, kongs, robbing
  the kong, exhaustive draw, dealer rotation, standing choices; a game supplies its scoring
  and refusals.

A game on the core (金坛 now, 金华 next) overrides :meth:`~MahjongGame.core_rules` (flowers,
dead wall, one or several winners, robbing the kong, seven pairs),
:meth:`~MahjongGame.score_win` and :meth:`~MahjongGame.settle`, and where it needs them the
hooks ``shape_counts`` (wild tiles: 财神, 白板 as the 财神's face), ``claim_kinds`` (a tile no
one may claim), ``discard_refusal`` (吃张打张), ``on_discarded`` / ``on_moved`` /
``on_passed_win`` / ``on_window_resolved`` (go-around and pass restrictions), ``after_flower``
(金坛's eight flowers) and ``after_deal`` (an indicator tile set aside).
* :mod:`games.mahjong.bots`: random and shanten-driven players.
* :mod:`games.mahjong.selfplay`: a driver for bot-only play.
"""
