"""Set a Jinhua table to a chosen position (hands, melds, wall, 财神) for rule tests.

Built on the Jintan helpers (:func:`tests.jintan.helpers.rig`): the game is built from a
seed, then its hand is replaced, so every later move goes through the real engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.jinhua import JinhuaGame, JinhuaOptions
from games.jinhua.scoring import Situation, Valuation, best_valuation
from games.mahjong import shapes
from games.mahjong.melds import Meld
from tests.jintan.helpers import IDLE, act, discard, meld, offers, rig, tiles

__all__ = ["IDLE", "act", "discard", "jrig", "meld", "offers", "tiles", "value"]


def jrig(
    hands: Mapping[int, str],
    caishen: str = "9s",
    wall: str = "1p 1p 1p 8p 8p 8p 7p 7p",
    turn: int = 0,
    dealer: int = 3,
    melds: Mapping[int, Sequence[Meld]] | None = None,
    options: JinhuaOptions | None = None,
) -> JinhuaGame:
    """A Jinhua game in the given position, the 财神 ``caishen``; no dead wall (the wall's
    end gives replacement tiles). The dealer is seat 3 unless a test says (so the first
    discard of seat 0 is no 地胡)."""
    game = rig(hands, wall=wall, turn=turn, dealer=dealer, melds=melds, cls=JinhuaGame)
    assert isinstance(game, JinhuaGame)
    if options is not None:
        game.options = options
    game._reset_hand_state()
    c = tiles(caishen)[0]
    game.caishen = game.indicator = c
    game.set_aside = [c]
    game.river = [[], [], [], []]
    return game


def value(
    hand: str,
    caishen: str = "9s",
    tile: str | None = None,
    self_drawn: bool = False,
    melds: Sequence[Meld] = (),
    **context: bool | int,
) -> Valuation | None:
    """The best reading of ``hand`` (the concealed part with the winning tile, which is
    ``tile`` or the hand's last tile)."""
    ts = tiles(hand)
    win = tiles(tile)[0] if tile else ts[-1]
    sit = Situation(tile=win, self_drawn=self_drawn, melds=tuple(melds), **context)  # type: ignore[arg-type]
    return best_valuation(shapes.counts_of(ts), tiles(caishen)[0], sit)
