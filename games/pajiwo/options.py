"""Table options for 扒鸡窝 (Pajiwo) and the named presets.

Every default is the seed's reading (``pajiwo.txt``); the other choices are
regional variants a table may pick. See ``docs/rules/pajiwo.md#options``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.base import GameOptions, OptionError, option

__all__ = ["PRESETS", "PajiwoOptions"]


@dataclass(frozen=True)
class PajiwoOptions(GameOptions):
    """The options of one Pajiwo table (all validated by :meth:`GameOptions.from_dict`)."""

    deal: str = option(
        "progressive",
        "how cards are dealt: 'progressive' = in rounds, anyone may declare trump as cards "
        "arrive (live table); 'all_at_once' = 25 each at once, then a declaring auction in turn "
        "(asynchronous table)",
        choices=("progressive", "all_at_once"),
    )
    deal_round: int = option(
        5, "cards each seat receives per deal step in a progressive deal", minimum=1, maximum=25
    )
    deal_delay_ms: int = option(
        1500, "milliseconds a live table waits between deal steps", minimum=0, maximum=60000
    )
    next_hand_delay_ms: int = option(
        8000,
        "milliseconds a live table shows a hand's result before the next deal",
        minimum=0,
        maximum=600000,
    )
    match: str = option(
        "full",
        "match length: 'full' = until a side playing A goes up (pajiwo.txt:133), 'one_hand', "
        "or 'to_level' = first side to reach target_level",
        choices=("full", "one_hand", "to_level"),
    )
    target_level: int = option(
        8,
        "the level that ends a 'to_level' match (11=J 12=Q 13=K 14=A)",
        minimum=3,
        maximum=14,
        rank=True,
    )
    start_level: int = option(
        2, "both sides' level in the first hand (pajiwo.txt:41)", minimum=2, maximum=14, rank=True
    )
    failed_throw: str = option(
        "smallest_card",
        "what a failed throw (甩牌失败) plays: the throw's smallest card (pajiwo.txt:105) or "
        "the unit that was beaten",
        choices=("smallest_card", "beaten_unit"),
    )
    tractor_follow: str = option(
        "longest_tractor",
        "following a tractor lead without a tractor as long: 'longest_tractor' = the longest "
        "tractor of the suit held, then pairs (pajiwo.txt:107); 'same_length' = any pairs",
        choices=("longest_tractor", "same_length"),
    )
    rebels_per_hand: int = option(
        1,
        "how many times 造反 (rebellion) may redeal one hand; 0 = no 造反",
        minimum=0,
        maximum=3,
    )
    rebel_below: int = option(
        15,
        "a defender may call 造反 holding fewer than this many points (pajiwo.txt:65)",
        minimum=5,
        maximum=200,
    )
    kitty_multiplier: str = option(
        "by_unit",
        "扣底 multiplier: 'by_unit' = by the largest unit of the winning play (pajiwo.txt:129), "
        "'double' = always ×2",
        choices=("by_unit", "double"),
    )

    def unused(self, given: Iterable[str]) -> dict[str, str]:
        """``target_level`` counts only in a ``to_level`` match, ``next_hand_delay_ms`` only
        when there is a next hand, ``deal_round``/``deal_delay_ms`` only in a progressive deal."""
        given = set(given)
        out = {}
        if "target_level" in given and self.match != "to_level":
            out["target_level"] = (
                f"target_level has no effect in a {self.match} match: it counts only with"
                " match=to_level"
            )
        if "next_hand_delay_ms" in given and self.match == "one_hand":
            out["next_hand_delay_ms"] = (
                "next_hand_delay_ms has no effect in a one_hand match: there is no next hand"
            )
        for name in ("deal_round", "deal_delay_ms"):
            if name in given and self.deal == "all_at_once":
                out[name] = (
                    f"{name} has no effect when the cards are dealt all at once (deal=all_at_once,"
                    " the default at every pace but live)"
                )
        return out

    def __post_init__(self) -> None:
        """Refuse a ``to_level`` match whose target is not above the start level.

        Raises :class:`OptionError`: such a match would end at the first level gained.
        """
        if self.match == "to_level" and self.target_level <= self.start_level:
            raise OptionError(
                f"option 'target_level' {self.target_level} must be above start_level "
                f"{self.start_level} in a to_level match",
                "target_not_above_start",
                {"target_level": self.target_level, "start_level": self.start_level},
            )


PRESETS: Mapping[str, Mapping[str, Any]] = {
    "standard": {},
    "quick": {"match": "one_hand"},
    "async": {"deal": "all_at_once"},
    "short": {"match": "to_level", "target_level": 6},
}
"""Named option sets; ``standard`` is the seed's reading."""
