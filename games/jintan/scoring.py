"""金坛麻将 scoring: 花 (flower points), 番 (doublings), the cap, and payments.

Score of a win (``jintan-mahjong.txt:129``): ``(底数 + 花 × 花分值) × 2^番``, capped at
``(底数 + 花 × 花分值) × 4`` (:133-135), so every hand of 2 番 or more pays ×4 as the seed
writes it. When a hand reads several ways it is scored by its best reading (:131).

花 (:115): each flower 1; an honour (风将: winds and dragons) pong exposed 1, concealed 2;
an honour kong exposed 3, concealed 4; a suited kong exposed 1, concealed 2. A triplet
completed by the winning discard counts as exposed (reading).

番 (:117-127), added together: 1 番 混一色, 对对胡, 杠开 (once, :121, :145), 独吊; 2 番
清一色, 七对. 混一色对对胡 is 混一色 + 对对胡 = 2 番 (:123), never more. None: 鸡胡 (:127).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.jintan.options import JintanOptions
from games.mahjong import shapes
from games.mahjong.engine import WinContext
from games.mahjong.melds import FLOWER_START, Meld, is_honour

__all__ = [
    "Valuation",
    "cap_score",
    "is_lone_wait",
    "meld_hua",
    "value_hand",
]

FAN_NAMES = {
    "qingyise": "清一色",
    "hunyise": "混一色",
    "duiduihu": "对对胡",
    "qidui": "七对",
    "gangkai": "杠开",
    "dudiao": "独吊",
}
FAN_VALUES = {"qingyise": 2, "hunyise": 1, "duiduihu": 1, "qidui": 2, "gangkai": 1, "dudiao": 1}


@dataclass(frozen=True)
class Valuation:
    """One reading's value: 花, the 番 by name, and the capped score."""

    hua: int
    fans: tuple[str, ...]
    fan: int
    unit: int  # 底数 + 花 × 花分值
    raw: int  # unit × 2^番
    score: int  # after the cap

    @property
    def qualifies(self) -> bool:
        """一花起胡 (:111): at least one 花 or one 番."""
        return self.hua > 0 or self.fan > 0


def meld_hua(meld: Meld) -> int:
    """花 of a declared meld (:115)."""
    honour = is_honour(meld.first)
    if meld.kind == "pong":
        return 1 if honour else 0
    if meld.kind == "kong":
        if honour:
            return 4 if meld.concealed else 3
        return 2 if meld.concealed else 1
    return 0


def cap_score(unit: int, fan: int, options: JintanOptions) -> tuple[int, int]:
    """``(raw, capped)``: ``unit × 2^fan`` and the score after the table's cap (:133-135)."""
    raw = unit * (1 << fan)
    if options.cap == "times4":
        return raw, min(raw, unit * 4)
    if options.cap == "fixed":
        return raw, min(raw, options.cap_points)
    return raw, raw


def is_lone_wait(ctx: WinContext) -> bool:
    """The winning tile was the hand's only winning tile (独吊 reading, part one)."""
    before = list(ctx.counts)
    before[ctx.tile] -= 1
    return shapes.waits(before, 0, not ctx.melds) == [ctx.tile]


def _suits(ctx: WinContext) -> tuple[set[int], bool]:
    tiles = [k for k in range(shapes.KINDS) if ctx.counts[k]]
    tiles += [m.first for m in ctx.melds]
    suits = {t // 9 for t in tiles if t < 27}
    honours = any(t >= 27 for t in tiles)
    return suits, honours


def value_hand(ctx: WinContext, options: JintanOptions) -> Valuation | None:
    """The best-scoring reading of a complete hand (:131), or ``None`` if it is not complete.

    Ties go to more 番, then more 花.
    """
    readings = shapes.readings(ctx.counts, seven_pairs=not ctx.melds)
    if not readings:
        return None
    flowers = sum(1 for f in ctx.flowers if f >= FLOWER_START)
    melds_hua = sum(meld_hua(m) for m in ctx.melds)
    suits, honours = _suits(ctx)
    colour: list[str] = []
    if len(suits) == 1 and not honours:
        colour = ["qingyise"]
    elif len(suits) <= 1 and honours:
        colour = ["hunyise"]  # reading: an all-honours hand counts as 混一色
    after_kong = ctx.after_kong or (options.flower_gangkai and ctx.after_flower)
    lone = None  # computed only when a reading could be 独吊
    outside = ctx.source != "self_draw"
    best: Valuation | None = None
    for reading in readings:
        fans = list(colour)
        hua = flowers + melds_hua
        if reading.seven_pairs:
            fans.append("qidui")
        else:
            for s in reading.sets:
                if s.kind == "pong" and is_honour(s.tile):
                    exposed = outside and s.tile == ctx.tile
                    hua += 1 if exposed else 2
            if all(s.kind == "pong" for s in reading.sets) and all(
                m.kind != "chow" for m in ctx.melds
            ):
                fans.append("duiduihu")
            if reading.pair == ctx.tile:
                if lone is None:
                    lone = is_lone_wait(ctx)
                if lone:
                    fans.append("dudiao")
        if after_kong:
            fans.append("gangkai")
        fan = sum(FAN_VALUES[f] for f in fans)
        unit = options.base + hua * options.flower_value
        raw, score = cap_score(unit, fan, options)
        val = Valuation(hua, tuple(fans), fan, unit, raw, score)
        if best is None or (val.score, val.fan, val.hua) > (best.score, best.fan, best.hua):
            best = val
    return best


def has_dudiao(ctx: WinContext) -> bool:
    """Some regular reading has the winning tile as its pair, and it was the only wait."""
    readings = shapes.readings(ctx.counts, seven_pairs=False)
    if not any(r.pair == ctx.tile for r in readings):
        return False
    return is_lone_wait(ctx)


def eight_flower_score(hua: int, options: JintanOptions) -> int:
    """All eight flowers to one player: the cap with their 花 at that moment (:137)."""
    unit = options.base + hua * options.flower_value
    if options.cap == "fixed":
        return options.cap_points
    return unit * 4  # 'times4', and the seed's cap too when the table plays without one
