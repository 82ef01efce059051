"""Points and the result table (升级); the 扣底 multiplier is :func:`games.tricks.kitty_multiplier`.

Seed: points pajiwo.txt:123; 扣底 pajiwo.txt:125-129; the result table
pajiwo.txt:133-143.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import Card

__all__ = [
    "TOTAL_POINTS",
    "Outcome",
    "card_points",
    "level_label",
    "outcome",
]

TOTAL_POINTS = 200
"""Points in the two decks: 8 fives, 8 tens and 8 kings (pajiwo.txt:123)."""

LEVEL_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}


def level_label(level: int) -> str:
    """``2``..``10``, ``J Q K A`` for a level 2..14."""
    return LEVEL_NAMES.get(level, str(level))


def card_points(cards: Iterable[Card]) -> int:
    """5 counts 5, 10 and K count 10, every other card 0 (pajiwo.txt:123)."""
    return sum(c.points for c in cards)


@dataclass(frozen=True)
class Outcome:
    """What the defenders' points mean (pajiwo.txt:133-137).

    Attributes:
        dealer_up: levels the dealer side goes up (0..3).
        defenders_up: levels the defenders go up (0 when they do not take over).
        takeover: True when the defenders become the dealer side (上台, 80 or more).
        name: the seed's word: 大光, 小光, 不上台, 上庄, 升级.
    """

    dealer_up: int
    defenders_up: int
    takeover: bool
    name: str


def outcome(defenders_points: int) -> Outcome:
    """The result row for the defenders' points (a multiple of 5, may exceed 200 after 扣底).

    0: dealer side +3 (大光); 5-35: +2 (小光); 40-75: +1 (不上台); 80-115: the
    defenders take over with no level change (上庄); 120-155: defenders +1 and
    take over; +1 more for each further 40 (pajiwo.txt:135-137).
    Raises ``ValueError`` for negative points.
    """
    if defenders_points < 0:
        raise ValueError(f"points cannot be negative: {defenders_points}")
    if defenders_points == 0:
        return Outcome(3, 0, False, "大光")
    if defenders_points < 40:
        return Outcome(2, 0, False, "小光")
    if defenders_points < 80:
        return Outcome(1, 0, False, "不上台")
    if defenders_points < 120:
        return Outcome(0, 0, True, "上庄")
    return Outcome(0, 1 + (defenders_points - 120) // 40, True, "升级")
