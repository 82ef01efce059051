"""Table options for 打滚子 (Dagunzi) and the named presets.

Every default is the seed's reading (``dagunzi.txt``) as decided in issue 9; the
other choices are regional variants. See ``docs/rules/dagunzi.md#options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.base import GameOptions, OptionError, option

__all__ = ["MIXED_TRUMP_CHOICES", "PRESETS", "DagunziOptions"]

MIXED_TRUMP_CHOICES = ("off", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True)
class DagunziOptions(GameOptions):
    """The options of one Dagunzi table (validated by :meth:`GameOptions.from_dict`)."""

    deal: str = option(
        "progressive",
        "'progressive' = anyone may declare while the cards arrive (live table); "
        "'all_at_once' = after every deal step the seats that can declare are asked in turn "
        "(asynchronous table; the deal order still matters, dagunzi.txt:29-30)",
        choices=("progressive", "all_at_once"),
    )
    deal_round: int = option(3, "cards each seat receives per deal step", minimum=1, maximum=39)
    deal_delay_ms: int = option(
        1500, "milliseconds a live table waits between deal steps", minimum=0, maximum=60000
    )
    next_hand_delay_ms: int = option(
        8000, "milliseconds a live table shows a hand's result", minimum=0, maximum=600000
    )
    match: str = option(
        "lun",
        "match length: 'lun' = a number of 轮 (levels 3 to past the top, dagunzi.txt:78), "
        "'hands' = a number of hands, 'one_hand'",
        choices=("lun", "hands", "one_hand"),
    )
    luns: int = option(1, "how many 轮 a 'lun' match lasts", minimum=1, maximum=9)
    hands: int = option(10, "how many hands a 'hands' match lasts", minimum=1, maximum=500)
    bang: str = option(
        "huobang",
        "following a 棒 or 滚子: 'huobang' (活棒, dagunzi.txt:72-74) = any cards of the suit; "
        "'sibang' (死棒, dagunzi.txt:75-77) = a 棒 needs a 棒, a 滚子 a 滚子, else the next best",
        choices=("huobang", "sibang"),
    )
    kitty_joker_levels: str = option(
        "one_each",
        "levels a rewarded buried joker adds: 'one_each', 'blood' (大王 2, 小王 1) or 'none' "
        "(dagunzi.txt:90-97 say jokers add levels and blood, not how many levels)",
        choices=("one_each", "blood", "none"),
    )
    next_dealer: str = option(
        "partner",
        "who deals when the dealer side keeps the deal: the dealer's 'partner' or the 'same' "
        "seat (dagunzi.txt:8 is cut off)",
        choices=("partner", "same"),
    )
    top_level: str = option(
        "10",
        "the last level of a 轮: '10' (dagunzi.txt:78) or 'J' (dagunzi.txt:113)",
        choices=("10", "J"),
    )
    j_rule: bool = option(
        False,
        "打J (dagunzi.txt:113): a dealer playing J whose kitty is won by the defenders "
        "(抠底) goes back to 3; needs top_level J",
    )
    mixed_trump: str = option(
        "off",
        "混主 (dagunzi.txt:114): a rank that is trump between the 2s and the level cards; 'off' "
        "or the rank",
        choices=MIXED_TRUMP_CHOICES,
    )

    def __post_init__(self) -> None:
        """Refuse the J rule without J as the top level (:class:`OptionError`)."""
        if self.j_rule and self.top_level != "J":
            raise OptionError(
                "option 'j_rule' needs top_level J (dagunzi.txt:113)",
                "j_rule_needs_top_j",
                {"top_level": self.top_level},
            )

    @property
    def top(self) -> int:
        """The top level as a number: 10 or 11 (J)."""
        return 11 if self.top_level == "J" else 10


PRESETS: Mapping[str, Mapping[str, Any]] = {
    "standard": {},
    "quick": {"match": "one_hand"},
    "async": {"deal": "all_at_once"},
    "sibang": {"bang": "sibang"},
    "dalian_j": {"top_level": "J", "j_rule": True},
}
"""Named option sets; ``standard`` is the seed's reading."""
