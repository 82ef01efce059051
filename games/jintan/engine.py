"""The 金坛麻将 (Jintan) engine on the shared mahjong machinery (:mod:`games.mahjong`).

Seed: ``jintan-mahjong.txt``; rules page: ``docs/rules/jintan.md``. What is Jintan's own:

* 一花起胡 (:111): a discard win needs at least one 花 or one 番; a self-draw and robbing
  a kong (抢杠, :147) need neither.
* The go-around restrictions (:81-93, :105-107), a go-around being from a seat's discard
  until its next draw or claim (reading):
  - no win on a tile one discarded in this go-around (:83), except a 独吊 win (:85, :105-107);
  - after passing up a winnable discard, no discard win until one's own next draw, chow,
    pong or kong (:87, :91-93), unless the new win has more 番 and that raises the capped
    score (:89); more 花 does not lift it.
* 花 and 番 scoring with the cap (:115-137), the eight-flower end (:137), and payments
  (:141-149): self-draw and 杠开 all three pay; a discard win the discarder pays; 抢杠 the
  konger alone pays 3× each robber's score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import JSON, IllegalAction
from games.jintan.options import PRESETS, JintanOptions
from games.jintan.scoring import (
    FAN_NAMES,
    eight_flower_score,
    has_dudiao,
    meld_hua,
    value_hand,
)
from games.mahjong.engine import CoreRules, HandEnd, MahjongGame, Win, WinContext
from games.mahjong.melds import name

__all__ = ["JintanGame"]


class JintanGame(MahjongGame):
    """金坛麻将: 144 tiles with 8 flowers, no dead wall, 一炮多响, 抢杠 on added kongs.

    Actions are the core's (:mod:`games.mahjong.engine`). Refusal codes of its own:
    ``no_flower_no_fan`` (一花起胡), ``own_discard_this_go_around``,
    ``passed_win_this_go_around``.
    """

    name: ClassVar[str] = "jintan"
    title: ClassVar[str] = "金坛麻将 Jintan mahjong"
    options_type: ClassVar[type[JintanOptions]] = JintanOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    options: JintanOptions

    def __init__(self, seed: int, options: JintanOptions | None = None) -> None:
        # go-around state, kept per seat; reset by each hand's first on_moved/discard
        self.own_discards: list[set[int]] = [set(), set(), set(), set()]
        self.passed: list[tuple[int, int] | None] = [None, None, None, None]
        super().__init__(seed, options)

    def core_rules(self) -> CoreRules:
        return CoreRules(
            flowers=True,  # :3-5
            dead_wall=0,  # :65 replacements from the far end
            multiple_winners=self.options.multiple_winners,  # :95
            rob_kong=True,  # :147-149
            seven_pairs=True,  # :123
        )

    def _start_hand(self) -> None:
        self.own_discards = [set(), set(), set(), set()]
        self.passed = [None, None, None, None]
        super()._start_hand()

    # ---------------------------------------------------------- go-around
    def on_discarded(self, seat: int, tile: int) -> None:
        self.own_discards[seat].add(tile)

    def on_moved(self, seat: int) -> None:
        self.own_discards[seat].clear()
        self.passed[seat] = None

    def on_passed_win(self, seat: int, win: Win) -> None:
        fan = int(win.details["fan"])
        old = self.passed[seat]
        if old is None or (fan, win.score) > old:
            self.passed[seat] = (fan, win.score)

    # ------------------------------------------------------------ valuing
    def score_win(self, ctx: WinContext) -> Win | IllegalAction:
        val = value_hand(ctx, self.options)
        if val is None:
            return IllegalAction(
                "not_complete",
                "your hand is not complete: four sets and a pair, or seven pairs",
                {},
                "jintan-mahjong.txt:33",
            )
        details: dict[str, JSON] = {
            "hua": val.hua,
            "fan": val.fan,
            "fans": list(val.fans),
            "fan_names": [FAN_NAMES[f] for f in val.fans],
            "unit": val.unit,
            "raw": val.raw,
            "flowers": len(ctx.flowers),
        }
        win = Win(ctx.seat, ctx.source, ctx.from_seat, ctx.tile, val.score, details)
        if ctx.source != "discard":
            return win  # self-draw and 抢杠 (:111, :147)
        if not val.qualifies:
            return IllegalAction(
                "no_flower_no_fan",
                f"you cannot win on {name(ctx.tile)}: a discard win needs at least one 花 or "
                "one 番 (一花起胡); without either only a self-draw wins",
                {"tile": name(ctx.tile)},
                "jintan-mahjong.txt:111",
            )
        seat = ctx.seat
        if ctx.tile in self.own_discards[seat] and not has_dudiao(ctx):
            return IllegalAction(
                "own_discard_this_go_around",
                f"you cannot win on {name(ctx.tile)}: you discarded it yourself in this "
                "go-around (a 独吊 win is the exception)",
                {"tile": name(ctx.tile)},
                "jintan-mahjong.txt:83-85",
            )
        passed = self.passed[seat]
        if passed is not None and not (val.fan > passed[0] and val.score > passed[1]):
            return IllegalAction(
                "passed_win_this_go_around",
                f"you cannot win on {name(ctx.tile)}: you passed up a win in this go-around; "
                "until your next draw, chow, pong or kong only a win with more 番 that raises "
                "the capped score is allowed",
                {"tile": name(ctx.tile)},
                "jintan-mahjong.txt:87-93",
            )
        return win

    def after_flower(self, seat: int) -> HandEnd | None:
        if len(self.flowers[seat]) < 8:
            return None
        hua = 8 + sum(meld_hua(m) for m in self.melds[seat])
        return HandEnd(
            special="eight_flowers",
            special_seat=seat,
            special_score=eight_flower_score(hua, self.options),
        )

    # ----------------------------------------------------------- payments
    def settle(self, end: HandEnd) -> tuple[list[int], dict[str, JSON], str]:
        deltas = [0, 0, 0, 0]
        parts: list[str] = []
        if end.special == "eight_flowers" and end.special_seat is not None:
            s = end.special_seat
            for o in range(4):
                if o != s:
                    deltas[o] -= end.special_score
                    deltas[s] += end.special_score
            parts.append(f"seat {s} holds all eight flowers: {end.special_score} from each")
        for win in end.wins:
            if win.source == "self_draw":
                payers = [o for o in range(4) if o != win.seat]
                amount = win.score
            elif win.source == "rob_kong":
                assert win.from_seat is not None
                payers = [win.from_seat]
                amount = 3 * win.score  # :147 the konger pays for all three
            else:
                assert win.from_seat is not None
                payers = [win.from_seat]
                amount = win.score
            for o in payers:
                deltas[o] -= amount
                deltas[win.seat] += amount
            fans = "+".join(str(f) for f in win.details["fan_names"]) or "鸡胡"
            how = {
                "self_draw": "self-draw",
                "discard": "on a discard",
                "rob_kong": "robbing the kong",
            }
            pay = (
                f"{win.score} from each"
                if win.source == "self_draw"
                else f"{amount} from seat {payers[0]}"
                + (f" (3 × {win.score})" if win.source == "rob_kong" else "")
            )
            parts.append(
                f"seat {win.seat} wins {how[win.source]} on {name(win.tile)}: "
                f"{win.details['hua']} 花, {fans}, {pay}"
            )
        if not parts:
            parts.append("drawn hand (荒庄)")
        summary: dict[str, JSON] = {"special": end.special, "special_seat": end.special_seat}
        return deltas, summary, "; ".join(parts)
