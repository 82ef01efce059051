"""Table options for 打滚 (Dagun) and the named presets.

Every default is the seed's reading or the issue's decided reading
(``dagun_and_jinhua-mahjong.txt:1-75``); the other values are variants a table may pick. See
``docs/rules/dagun.md#options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.base import GameOptions, option
from games.climbing import ClimbRules

__all__ = ["PRESETS", "DagunOptions"]


@dataclass(frozen=True)
class DagunOptions(GameOptions):
    """The options of one Dagun table (validated by :meth:`GameOptions.from_dict`)."""

    match: str = option(
        "full",
        "match length: 'full' = `hands` hands, 'one_hand' = a single hand",
        choices=("full", "one_hand"),
    )
    hands: int = option(
        8, "hands in a match; seats are ranked by total coins", minimum=1, maximum=64
    )
    stake: int = option(
        1, "coins per stake (房间底金, dagun_and_jinhua-mahjong.txt:69)", minimum=1, maximum=1000
    )
    pairs: bool = option(
        True, "a plain pair is a combination (reading: the seed builds runs of pairs, :3, :35)"
    )
    straights: bool = option(
        False, "single straights (顺子) of straight_min cards or more are allowed (not in the seed)"
    )
    straight_min: int = option(
        5, "fewest cards in a straight when straights are on", minimum=3, maximum=12
    )
    alone: bool = option(True, "硬牌: a seat may declare to play 1 against 3 (:51)")
    points_to: str = option(
        "stood",
        "who takes a round's point cards: 'stood' = the player whose play stood (reading), "
        "'free_lead' = the player who gets the free lead, as the seed words it (:67)",
        choices=("stood", "free_lead"),
    )
    bang_multiplier: int = option(
        2, "multiplier of 绑 (一游 and 二游 on one side)", minimum=1, maximum=16
    )
    qing_multiplier: int = option(
        2, "multiplier of 清 (a side took all 200 points)", minimum=1, maximum=16
    )
    guangtou_multiplier: int = option(
        4, "multiplier of 光头 (绑 with the other side at 0)", minimum=1, maximum=32
    )
    alone_multiplier: int = option(
        2,
        "multiplier of a 硬牌 hand (the lone player against each of three)",
        minimum=1,
        maximum=16,
    )
    next_hand_delay_ms: int = option(
        8000,
        "milliseconds a live table shows a hand's result before the next deal",
        minimum=0,
        maximum=600000,
    )

    @property
    def match_hands(self) -> int:
        """Hands in the match: 1 for ``match=one_hand``, else ``hands``."""
        return 1 if self.match == "one_hand" else self.hands

    def climb_rules(self) -> ClimbRules:
        """The combination types these options allow."""
        return ClimbRules(pairs=self.pairs, straight_min=self.straight_min if self.straights else 0)


PRESETS: Mapping[str, Mapping[str, Any]] = {
    "standard": {},
    "quick": {"match": "one_hand"},
    "short": {"hands": 4},
}
"""Named option sets; ``standard`` is the seed's reading."""
