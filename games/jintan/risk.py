"""What a 金坛 discard is worth, deal-in risk included (放铳的代价): the seat's expected score
for the rest of the hand after the discard, against the chance the discard is another seat's
winning tile.

The measure is the duplicate harness's: the seat's points minus the other seats' mean. Dealing
in costs ``4/3·S`` of the winner's score ``S`` (the discarder pays ``S``; the others' mean
rises by ``S/3``): about 4.7 a deal-in over heuristic play (:data:`DEAL_IN`).

* :func:`hand_worth`: the expected measure at the end of the hand of a seat that has just
  discarded and not dealt in, from its shanten (向听) after the discard, the live wall, its
  花 (flowers and the 花 of its melds), its melds and, when ready, the value of its waits
  (:func:`games.jintan.strong.ready_worth`) or, else, its useful tiles (有效牌). Fitted by least
  squares on 1,600 hands of four heuristic bots (seeds 21 and 22 of the development runs,
  never the reported ones): e.g. ready with 50 tiles live, one 花, no meld and waits worth 20
  is +0.8, one from ready with 12 useful tiles −1.2, two from ready with 30 −1.8; a
  straight line in the live wall, trusted between 25 and 85 tiles (held there outside).
* :func:`deal_in_chance`: ``0.07·x²`` (at most 0.5), ``x`` the sum over the other seats of
  :func:`games.mahjong.danger.ready_chance` × :func:`games.mahjong.danger.danger` of the
  tile; calibrated on the same hands (x = 0.6: 2.5% against 2.0–2.5% measured; x = 1.0: 7%
  against 5.4–6.4%; x = 1.4: 14% against 13.5%).
* :func:`discard_value`: ``(1 − p)·worth − p·DEAL_IN``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.jintan.scoring import meld_hua
from games.mahjong.danger import danger, ready_chance
from games.mahjong.melds import seat_melds

__all__ = ["DEAL_IN", "deal_in_chance", "discard_value", "hand_worth", "seat_hua", "threat_of"]

#: the measure lost by dealing in (4/3 of the winner's score, 4.69 on average over heuristic
#: play)
DEAL_IN = 4.7
#: the live walls the fit saw most (outside them the straight line is not trusted)
_LIVE = (25, 85)

#: per shanten after the discard (0 ready, 1, 2, 3 or more): the constant, per live tile, per
#: 花 (at most 3), per meld, and per unit of the last feature (the waits' worth when ready,
#: else the useful tiles)
_WORTH: dict[int, tuple[float, float, float, float, float]] = {
    0: (-4.125, 0.0629, 0.298, -0.341, 0.0749),
    1: (-6.528, 0.0752, 0.687, -0.461, 0.0735),
    2: (-6.869, 0.0697, 0.834, -0.566, 0.0253),
    3: (-7.228, 0.0718, 0.650, -0.068, 0.0031),
}


def seat_hua(view: Mapping[str, Any], seat: int) -> int:
    """The seat's 花 so far: its flowers and the 花 of its melds (a concealed kong's faces are
    its own to see)."""
    melds = seat_melds(view, seat)
    return len(view["players"][seat]["flowers"]) + sum(meld_hua(m) for m in melds if m.tiles)


def hand_worth(shanten: int, live: int, hua: int, melds: int, feature: float) -> float:
    """The expected measure of the rest of the hand (see the module docstring); ``feature``
    is the waits' worth when ``shanten`` is 0, else the useful tiles."""
    c, per_live, per_hua, per_meld, per_feature = _WORTH[min(max(shanten, 0), 3)]
    live = min(max(live, _LIVE[0]), _LIVE[1])
    return c + per_live * live + per_hua * min(hua, 3) + per_meld * melds + per_feature * feature


def threat_of(tile: int, view: Mapping[str, Any], seat: int, unseen: Sequence[int]) -> float:
    """``x``: the sum over the other seats of their chance of being ready times the tile's
    danger to them."""
    return sum(
        ready_chance(p) * danger(tile, p, unseen) for p in view["players"] if p["seat"] != seat
    )


def deal_in_chance(x: float) -> float:
    """The chance a discard of threat ``x`` (:func:`threat_of`) deals in."""
    return min(0.5, 0.07 * x * x)


def discard_value(worth: float, chance: float) -> float:
    """The discard's expected measure: ``worth`` when it survives, ``-DEAL_IN`` when not."""
    return (1 - chance) * worth - chance * DEAL_IN
