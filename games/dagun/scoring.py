"""Results and coins of a Dagun hand (``dagun_and_jinhua-mahjong.txt:59-75``).

Coins = stake × multiplier (:69). Bonus hands are paid to their holder by each other seat, win or
lose (:25-29, :71-75): 天炸 (all four jokers) 1 stake each (×3), 8喜 2 each (×6), 7喜 1 each (×3).
A hand's win is 1 stake per winner from the losers, ×2 for 绑, ×2 for 清, ×4 for 光头 (the largest
applies); a 硬牌 hand is ×2, the lone player winning or paying 1 stake from or to each of the
three. The seed names these results without amounts: the multipliers are table options.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.cards import Card
from games.dagun.options import DagunOptions

__all__ = ["Settlement", "bonuses_of", "settle_alone", "settle_partners"]

SRC = "dagun_and_jinhua-mahjong.txt"


@dataclass
class Settlement:
    """One hand's outcome: ``result`` (``win``, ``bang`` 绑, ``qing`` 清, ``guangtou`` 光头,
    ``tie_last`` (100-100 decided by 末游), ``alone_won``, ``alone_lost``), the multiplier, the
    winning seats, coins per seat (before bonuses), notes, and an English line."""

    result: str
    multiplier: int
    winners: tuple[int, ...]
    coins: list[int]
    text: str
    notes: list[str] = field(default_factory=list)


def bonuses_of(hands: Sequence[Sequence[Card]]) -> dict[int, list[tuple[str, int]]]:
    """Bonus hands held at the deal: ``{seat: [(name, stakes from each other seat)]}`` for 天炸
    (all four jokers, 1), 8喜 (eight natural cards of a rank, 2), 7喜 (seven, 1) (:25-29)."""
    out: dict[int, list[tuple[str, int]]] = {}
    for seat, hand in enumerate(hands):
        found: list[tuple[str, int]] = []
        counts = Counter(c.rank for c in hand if c.suit is not None)
        jokers = sum(1 for c in hand if c.suit is None)
        if jokers == 4:
            found.append(("天炸", 1))
        for rank, n in sorted(counts.items()):
            if n == 8:
                found.append((f"8喜 of {rank.label}", 2))
            elif n == 7:
                found.append((f"7喜 of {rank.label}", 1))
        if found:
            out[seat] = found
    return out


def settle_alone(alone: int, first: int, options: DagunOptions) -> Settlement:
    """硬牌 (:51, :63): the lone player wins if it goes out first (一游)."""
    unit = options.stake * options.alone_multiplier
    won = first == alone
    coins = [(-unit if won else unit) for _ in range(4)]
    coins[alone] = 3 * unit if won else -3 * unit
    winners = (alone,) if won else tuple(s for s in range(4) if s != alone)
    verb = "goes out first and wins" if won else f"loses: seat {first} goes out first"
    return Settlement(
        "alone_won" if won else "alone_lost",
        options.alone_multiplier,
        winners,
        coins,
        f"硬牌: seat {alone} {verb} (×{options.alone_multiplier})",
    )


def settle_partners(
    teams: tuple[tuple[int, ...], ...],
    out: Sequence[int],
    last: int | None,
    captured: Sequence[int],
    options: DagunOptions,
) -> Settlement:
    """Two against two (:61, :65): 绑 wins outright; otherwise more points wins, and at
    100-100 the side with 末游 loses. 清 = a side took all 200 points; 光头 = 绑 with the other
    side at 0."""
    points = [sum(captured[s] for s in team) for team in teams]
    side_of = {s: i for i, team in enumerate(teams) for s in team}
    mult = 1
    if len(out) == 2:  # 绑: 一游 and 二游 on one side
        win = side_of[out[0]]
        result, mult = "bang", options.bang_multiplier
        if points[1 - win] == 0:
            result, mult = "guangtou", max(mult, options.guangtou_multiplier)
        why = "绑: 一游 and 二游 on one side" + (
            ", the other side at 0 (光头)" if result == "guangtou" else ""
        )
    else:
        assert last is not None
        if points[0] == points[1]:
            win = 1 - side_of[last]
            result, why = (
                "tie_last",
                f"{points[0]}-{points[1]}: the side with 末游 (seat {last}) loses",
            )
        else:
            win = 0 if points[0] > points[1] else 1
            result, why = "win", f"{points[win]} points to {points[1 - win]}"
    if points[win] == 200 and options.qing_multiplier > mult:
        result, mult = "qing", options.qing_multiplier
        why += " (清: all 200 points)"
    unit = options.stake * mult
    coins = [unit if side_of[s] == win else -unit for s in range(4)]
    names = " & ".join(f"seat {s}" for s in teams[win])
    return Settlement(result, mult, teams[win], coins, f"{names} win: {why} (×{mult})")
