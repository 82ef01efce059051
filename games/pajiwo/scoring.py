"""Points and the result table (升级); the 扣底 multiplier is :func:`games.tricks.kitty_multiplier`.

Seed: points pajiwo.txt:123; 扣底 pajiwo.txt:125-129; the result table
pajiwo.txt:133-143.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import Card

__all__ = [
    "ACE",
    "TOTAL_POINTS",
    "Outcome",
    "Settlement",
    "card_points",
    "level_label",
    "outcome",
    "settle",
]

TOTAL_POINTS = 200
"""Points in the two decks: 8 fives, 8 tens and 8 kings (pajiwo.txt:123)."""

LEVEL_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
ACE = 14
"""The highest level; levels stop there (pajiwo.txt:133-137 read with docs/rules/pajiwo.md#11)."""


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


@dataclass(frozen=True)
class Settlement:
    """A hand's effect on the match (pajiwo.txt:133-143).

    Attributes:
        outcome: the result-table row.
        winner_team: the team (0 = seats 0 & 2, 1 = seats 1 & 3) that went up or took over.
        levels_up: levels that team went up (may be 0: 上庄).
        levels: both teams' levels after the hand, capped at A (14).
        next_dealer: the dealer's partner when the dealer side went up (pajiwo.txt:139), the
            old dealer's next player when the defenders took over (pajiwo.txt:143).
        match_won: the match ends with this hand, won by ``winner_team``.
    """

    outcome: Outcome
    winner_team: int
    levels_up: int
    levels: tuple[int, int]
    next_dealer: int
    match_won: bool


def settle(
    defenders_points: int,
    dealer: int,
    levels: tuple[int, int],
    match: str = "full",
    target_level: int = ACE,
) -> Settlement:
    """Levels, next dealer and match end after a hand with ``defenders_points`` (after 扣底).

    ``dealer`` is the seat 0..3 that dealt, ``levels`` the teams' levels before
    (2..14). ``match``: ``"full"`` — a dealer side playing A that goes up wins
    (docs/rules/pajiwo.md#11; defenders who reach A by taking over must still
    deal at A and go up); ``"one_hand"`` — every hand ends the match;
    ``"to_level"`` — a side that goes up to ``target_level`` or beyond wins.
    Raises ``ValueError`` for negative points.
    """
    res = outcome(defenders_points)
    dealer_team = dealer % 2
    if res.takeover:
        team, up, next_dealer = 1 - dealer_team, res.defenders_up, (dealer + 1) % 4
    else:
        team, up, next_dealer = dealer_team, res.dealer_up, (dealer + 2) % 4
    after = list(levels)
    after[team] = min(ACE, levels[team] + up)
    if match == "one_hand":
        won = True
    elif match == "to_level":
        won = up > 0 and after[team] >= target_level
    else:
        won = not res.takeover and levels[dealer_team] == ACE
    return Settlement(res, team, up, (after[0], after[1]), next_dealer, won)
