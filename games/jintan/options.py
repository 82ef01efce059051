"""Table options for 金坛麻将 (Jintan) and the named presets.

Every default is the seed's reading (``jintan-mahjong.txt``) or, where the seed is silent,
the reading recorded in ``docs/rules/jintan.md#options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.base import GameOptions, option

__all__ = ["PRESETS", "JintanOptions"]


@dataclass(frozen=True)
class JintanOptions(GameOptions):
    """The options of one Jintan table (validated by :meth:`GameOptions.from_dict`)."""

    base: int = option(
        1,
        "底数: the base of every win, (底数 + 花 × 花分值) × 2^番 (jintan-mahjong.txt:129)",
        minimum=1,
        maximum=1000,
    )
    flower_value: int = option(
        1, "花分值: points per 花 (jintan-mahjong.txt:129)", minimum=0, maximum=1000
    )
    cap: str = option(
        "times4",
        "封顶 (jintan-mahjong.txt:133-135): 'times4' = at most (底数 + 花 × 花分值) × 4, as the "
        "seed writes it; 'fixed' = at most cap_points; 'none' = no cap",
        choices=("times4", "fixed", "none"),
    )
    cap_points: int = option(
        64, "the fixed cap in points when cap is 'fixed'", minimum=1, maximum=100000
    )
    multiple_winners: bool = option(
        True,
        "一炮多响: every seat that can win on a discard wins (jintan-mahjong.txt:95); "
        "off = only the first in turn order from the discarder",
    )
    flower_gangkai: bool = option(
        False,
        "a self-draw on a flower's replacement tile counts as 杠开 (reading: it does not)",
    )
    match: str = option(
        "one_round",
        "match length: 'one_round' = until the deal has passed four times (each seat deals "
        "at least once), 'four_rounds' = sixteen passes, 'one_hand'",
        choices=("one_round", "four_rounds", "one_hand"),
    )
    max_hands: int = option(
        32,
        "the match ends after this many hands at the latest (0 = no limit): a dealer who "
        "keeps the deal by drawn hands could otherwise hold a table for ever",
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
    "first_winner_only": {"multiple_winners": False},
}
"""Named option sets; ``standard`` is the seed's reading."""
