"""What a climbing (shedding) game allows: :class:`ClimbRules`.

A climbing game (争上游, 打滚, 掼蛋 …) is one where the seat on turn plays a stronger combination
of the same type or passes. The rules here say which combination types exist and how jokers
(癞子, wildcards) may stand in; the rank order is fixed in :mod:`games.climbing.combos`
(3 low … A, 2 high).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DAGUN_RULES", "ClimbRules"]


@dataclass(frozen=True)
class ClimbRules:
    """The combination types of one climbing game.

    Attributes:
        pairs: a plain pair is a combination (打滚: yes by reading,
            ``dagun_and_jinhua-mahjong.txt:3,35``).
        pair_run_min: fewest pairs in consecutive pairs (连对); 0 = no pair runs.
        plane_min: fewest triples in consecutive triples (飞机); 0 = no planes.
        straight_min: fewest cards in a single straight (顺子); 0 = no straights.
        run_top: climbing index of the highest rank a run may reach (11 = A: 2 never runs).
        fifty_k: 5-10-K (五十K) is a bomb.
        sways: adjacent natural bombs (摇摆, 连炸) are a bomb.
        xi: seven or eight natural cards of one rank are 7喜 / 8喜.
        joker_bomb: the four jokers alone are 天炸.
    """

    pairs: bool = True
    pair_run_min: int = 2
    plane_min: int = 2
    straight_min: int = 0
    run_top: int = 11
    fifty_k: bool = True
    sways: bool = True
    xi: bool = True
    joker_bomb: bool = True


DAGUN_RULES = ClimbRules()
"""打滚 as the seed reads (``dagun_and_jinhua-mahjong.txt:3-45``): pairs, 连对 of 2+, 飞机 of 2+,
no straights, 2 in no run, 五十K, 摇摆, 7喜/8喜, 天炸."""
