"""Table options for 金华麻将 (Jinhua) and the named presets.

Every default is the seed's reading (``dagun_and_jinhua-mahjong.txt:101-192``) or the
reading decided in issue 12, recorded in ``docs/rules/jinhua.md#options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.base import GameOptions, option

__all__ = ["PRESETS", "JinhuaOptions"]


@dataclass(frozen=True)
class JinhuaOptions(GameOptions):
    """The options of one Jinhua table (validated by :meth:`GameOptions.from_dict`)."""

    base: int = option(
        1,
        "底注 X: a win is worth X × its multipliers (dagun_and_jinhua-mahjong.txt:125)",
        minimum=1,
        maximum=1000,
    )
    flowers: bool = option(
        False,
        "play with the 8 flowers (144 tiles, :183); they are replaced from the dead wall and "
        "score nothing (reading: the Jinhua rules never score flowers, so 136 by default)",
    )
    baotou_multiplier: int = option(
        2,
        "爆头 (敲响): 2 as :165 states; 4 as :149 and :173 imply (the seed's conflict)",
        choices=(2, 4),
    )
    rob_kong: bool = option(False, "robbing an added kong (抢杠): not in the seed, off by default")
    pong_restriction: bool = option(
        True,
        "a seat that passes a tile without ponging it may not pong that tile again until "
        "its own next turn (:179)",
    )
    chizhang_dazhang: str = option(
        "after_two_chows",
        "吃张打张 (chow one end, discard the other end of the run, :179): "
        "'after_two_chows' = refused once a seat has chowed twice from the previous player "
        "in the hand (the seed); 'allowed' = always allowed; 'refused' = never allowed",
        choices=("after_two_chows", "allowed", "refused"),
    )
    win_on_discarded_caishen: bool = option(
        True,
        "a win on a discarded 财神 is allowed, the tile counting as its own face (reading)",
    )
    chengbao: bool = option(
        True, "承包: liability after three claims in a row from the same player (:123, :177)"
    )
    match: str = option(
        "one_round",
        "match length: 'one_round' = until the deal has passed four times, 'four_rounds' = "
        "sixteen passes, 'one_hand'",
        choices=("one_round", "four_rounds", "one_hand"),
    )
    max_hands: int = option(
        32,
        "the match ends after this many hands at the latest (0 = no limit)",
        minimum=0,
        maximum=1000,
    )
    claim_pause_ms: int = option(
        0,
        "the claim pause: above 0, every discard (and every robbable added kong) is held "
        "open for a pause drawn uniformly from half to one and a half times this many "
        "milliseconds at a live table, whether anyone may claim it or not, so that neither "
        "the table's messages nor its timing tell who could claim; 0 = no pause. If the "
        "table does not set it, the host sets 2000 for a table with people and 0 for bots "
        "alone; with people seated it is never below 1000 (docs/security.md)",
        minimum=0,
        maximum=60000,
    )
    next_hand_delay_ms: int = option(
        8000,
        "milliseconds a live table shows a hand's result before the next deal",
        minimum=0,
        maximum=600000,
    )


PRESETS: Mapping[str, Mapping[str, Any]] = {
    "standard": {},
    "quick": {"match": "one_hand"},
    "long": {"match": "four_rounds", "max_hands": 0},
    "flowers": {"flowers": True},
    "baotou_four": {"baotou_multiplier": 4},
    "rob_kong": {"rob_kong": True},
}
"""Named option sets; ``standard`` is the seed's reading."""
