"""The 金华麻将 (Jinhua) engine on the shared mahjong machinery (:mod:`games.mahjong`).

Seed: ``dagun_and_jinhua-mahjong.txt`` lines 101-192; rules page: ``docs/rules/jinhua.md``.
What is Jinhua's own:

* 136 tiles (144 with the ``flowers`` option), a 14-tile dead wall (牌尾) kept at 14
  (:189), one winner per discard, the first in turn order (:179), no robbing the kong.
* The 财神 (:103): after the deal the larger die counts stacks along the dead wall from the
  break and that stack's upper tile is turned up, face up and out of play: its other three
  copies are wild (:mod:`games.jinhua.wilds`), 白板 may play as its face.
* A discarded 财神 cannot be chowed, ponged or konged by the others (:179); a win on it is
  allowed, the tile as its own face (reading).
* The pong restriction: a seat that passes a tile without ponging it may not pong that tile
  again until its own next turn (:179). 吃张打张: after a chow, discarding the tile that
  makes a run with the chow's two own tiles is refused once the seat has chowed twice from
  the previous player in the hand (:179).
* Multiplying special hands (:mod:`games.jinhua.scoring`) and 承包 (:123, :177).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import JSON, Action, Event, IllegalAction
from games.jinhua import wilds
from games.jinhua.options import PRESETS, JinhuaOptions
from games.jinhua.scoring import HAND_NAMES, Situation, best_valuation, payments
from games.mahjong import shapes
from games.mahjong.engine import ClaimWindow, CoreRules, HandEnd, MahjongGame, Win, WinContext
from games.mahjong.melds import is_flower, name, names, read_tile

__all__ = ["JinhuaGame"]

DEAD_WALL = 14
"""牌尾: 7 stacks kept for replacement tiles (:189)."""


class JinhuaGame(MahjongGame):
    """金华麻将: the core's actions (:mod:`games.mahjong.engine`). Refusal codes of its own:
    ``caishen_not_claimable``, ``pong_passed``, ``chizhang_dazhang`` (and the core's
    ``not_complete`` naming Jinhua's shapes). The view adds ``caishen`` and ``indicator``."""

    name: ClassVar[str] = "jinhua"
    title: ClassVar[str] = "金华麻将 Jinhua mahjong"
    options_type: ClassVar[type[JinhuaOptions]] = JinhuaOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    options: JinhuaOptions

    def __init__(self, seed: int, options: JinhuaOptions | None = None) -> None:
        self._reset_hand_state()
        super().__init__(seed, options)

    def _reset_hand_state(self) -> None:
        self.caishen = -1  # the wild kind; set by after_deal
        self.indicator = -1
        self.passed_pongs: list[set[int]] = [set(), set(), set(), set()]
        self.streak: list[tuple[int, int] | None] = [None, None, None, None]  # (from, count)
        self.liable: set[tuple[int, int]] = set()  # (claimer, victim) pairs of 承包
        self.last_chow: tuple[int, int, tuple[int, int]] | None = None  # seat, tile, own two

    def core_rules(self) -> CoreRules:
        return CoreRules(
            flowers=self.options.flowers,  # :183
            dead_wall=DEAD_WALL,  # :189
            multiple_winners=False,  # :179 the first in turn order
            rob_kong=self.options.rob_kong,  # not in the seed
            seven_pairs=True,  # :145-149
        )

    def _start_hand(self) -> None:
        self._reset_hand_state()
        super()._start_hand()

    # ------------------------------------------------------------- 财神
    def after_deal(self) -> list[Event]:
        """Turn up the 财神 indicator (:103): the larger die counts stacks along the dead
        wall from the break (the replacement end); the stack's upper tile goes face up out
        of play. A flower is passed over (reading: flowers are never 财神)."""
        wall = self.wall
        at = wall.back - 2 * max(wall.dice) + 1
        while is_flower(wall.tiles[at]):
            at -= 1
        tile = wall.tiles.pop(at)
        wall.back -= 1  # the live wall's last tile joins the dead wall: it stays 14
        self.set_aside = [tile]
        self.indicator = tile
        self.caishen = tile
        return [
            Event(
                "caishen",
                None,
                {"indicator": name(tile), "caishen": name(tile)},
                f"the 财神 indicator is {name(tile)}: its other three copies are wild",
            )
        ]

    # ---------------------------------------------------------- shapes
    def _shape_wins(self, seat: int, tile: int | None) -> bool:
        """Jinhua's own win-shape check in place of the core's: the core's ``shape_counts``
        hook (natural counts and a number of wilds) cannot say that a discarded 财神 plays
        as its face, nor judge 十三不靠, 七风 and 乱风 (:mod:`games.jinhua.wilds`)."""
        extra = 0 if tile is None else 1
        if not self._concealed_size_ok(seat, extra):
            return False
        counts = self.counts(seat)
        natural = 0
        if tile is not None:
            counts[tile] += 1
            if tile == self.caishen:
                if not self.options.win_on_discarded_caishen:
                    return False
                natural = 1  # a discarded 财神 plays as its own face (reading)
        melds = self.melds[seat]
        return wilds.is_complete(
            counts, self.caishen, natural, len(melds), all(m.first >= 27 for m in melds)
        )

    def waits(self, seat: int) -> list[int]:
        """The kinds that would complete ``seat``'s 13-tile concealed part when drawn."""
        if not self._concealed_size_ok(seat, 1):
            return []
        melds = self.melds[seat]
        honour_melds = all(m.first >= 27 for m in melds)
        counts = self.counts(seat)
        out = []
        for t in range(shapes.KINDS):
            if counts[t] < 4:
                counts[t] += 1
                if wilds.is_complete(counts, self.caishen, 0, len(melds), honour_melds):
                    out.append(t)
                counts[t] -= 1
        return out

    # ---------------------------------------------------------- valuing
    def score_win(self, ctx: WinContext) -> Win | IllegalAction:
        sit = Situation(
            tile=ctx.tile,
            self_drawn=ctx.self_drawn,
            melds=ctx.melds,
            after_kong=ctx.after_kong,
            tianhu=ctx.self_drawn
            and ctx.seat == self.dealer
            and ctx.discards_before == 0
            and ctx.claims_before == 0
            and self.draw_kind == "deal",
            dihu=ctx.source == "discard"
            and ctx.from_seat == self.dealer
            and ctx.discards_before == 1
            and ctx.claims_before == 0,
            haidi=ctx.self_drawn and ctx.live_left <= 3,
            baotou=self.options.baotou_multiplier,
        )
        val = best_valuation(ctx.counts, self.caishen, sit)
        if val is None:
            return IllegalAction(
                "not_complete",
                "your hand is not complete: four sets and a pair, seven pairs, 十三不靠, "
                "七风 or 乱风",
                {},
                "dagun_and_jinhua-mahjong.txt:129-159",
            )
        unit = self.options.base * val.multiplier
        details: dict[str, JSON] = {
            "multiplier": val.multiplier,
            "hands": list(val.keys),
            "hand_names": val.names(),
            "values": [v for _, v in val.hands],
            "white_as_caishen": val.white_as_caishen,
            "caishen": name(self.caishen),
        }
        return Win(ctx.seat, ctx.source, ctx.from_seat, ctx.tile, unit, details)

    # ---------------------------------------------------------- claims
    def claim_kinds(self, seat: int, tile: int, kinds: list[str]) -> list[str]:
        if tile == self.caishen:
            return [k for k in kinds if k == "win"]  # :179 others may not chow or pong it
        if self.options.pong_restriction and tile in self.passed_pongs[seat]:
            kinds = [k for k in kinds if k != "pong"]
        return kinds

    def _chow_options(self, seat: int, tile: int) -> list[tuple[int, int]]:
        # a 财神 stays wild in the hand: it is never laid in a chow as its face (reading)
        return [p for p in super()._chow_options(seat, tile) if self.caishen not in p]

    def on_window_resolved(self, window: ClaimWindow) -> None:
        if window.kind != "discard" or not self.options.pong_restriction:
            return
        for s, kinds in window.offers.items():
            answer = window.answers.get(s)
            if "pong" in kinds and (answer is None or answer.kind != "pong"):
                self.passed_pongs[s].add(window.tile)

    def on_moved(self, seat: int) -> None:
        self.passed_pongs[seat].clear()  # the seat's own next turn
        if self.draw_kind is not None:  # a draw: the seat no longer discards after a chow
            self.last_chow = None
            return
        meld = self.melds[seat][-1]  # just claimed (the core calls this right after)
        victim = meld.from_seat
        assert victim is not None
        old = self.streak[seat]
        count = old[1] + 1 if old is not None and old[0] == victim else 1
        self.streak[seat] = (victim, count)
        if count >= 3 and self.options.chengbao:
            self.liable.add((seat, victim))
        if meld.kind == "chow" and meld.claimed is not None:
            own = list(meld.tiles)
            own.remove(meld.claimed)
            self.last_chow = (seat, meld.claimed, (own[0], own[1]))
        else:
            self.last_chow = None

    def on_discarded(self, seat: int, tile: int) -> None:
        self.last_chow = None

    def discard_refusal(self, seat: int, tile: int) -> IllegalAction | None:
        rule = self.options.chizhang_dazhang
        if self.last_chow is None or rule == "allowed" or self.last_chow[0] != seat:
            return None
        _, claimed, (a, b) = self.last_chow
        if tile == claimed or tile >= 27 or tile // 9 != a // 9:
            return None
        run = sorted((tile, a, b))
        if run != [run[0], run[0] + 1, run[0] + 2]:
            return None
        previous = (seat - 1) % 4
        chows = sum(1 for m in self.melds[seat] if m.kind == "chow" and m.from_seat == previous)
        if rule == "after_two_chows" and chows < 2:
            return None
        return IllegalAction(
            "chizhang_dazhang",
            f"you may not discard {name(tile)} right after chowing {name(claimed)} with "
            f"{name(a)} {name(b)} (吃张打张)"
            + (": you have chowed twice from the previous player" if chows >= 2 else ""),
            {"tile": name(tile), "claimed": name(claimed)},
            "dagun_and_jinhua-mahjong.txt:179",
        )

    def legal_actions(self, seat: int, limit: int | None = None) -> list[Action]:
        out = [
            a
            for a in super().legal_actions(seat)
            if a.kind != "discard"
            or self.discard_refusal(seat, read_tile(a.data.get("tile"))) is None
        ]
        return out[:limit] if limit is not None else out

    def _validate(self, action: Action) -> Any:
        window = self.window
        seat = action.seat
        if (
            self.phase == "claim"
            and window is not None
            and window.kind == "discard"
            and isinstance(seat, int)
            and 0 <= seat < 4
            and seat != window.from_seat
            and action.kind in ("chow", "pong", "kong")
            and (window.offers.get(seat) is None or action.kind not in window.offers[seat])
        ):
            tile = window.tile
            if tile == self.caishen:
                raise IllegalAction(
                    "caishen_not_claimable",
                    f"{name(tile)} is the 财神: a discarded 财神 cannot be chowed, ponged or "
                    "konged by the others",
                    {"tile": name(tile)},
                    "dagun_and_jinhua-mahjong.txt:179",
                )
            if (
                action.kind == "pong"
                and tile in self.passed_pongs[seat]
                and self.hands[seat].count(tile) >= 2
            ):
                raise IllegalAction(
                    "pong_passed",
                    f"you passed {name(tile)} without ponging it: you may not pong it again "
                    "until your own next turn",
                    {"tile": name(tile)},
                    "dagun_and_jinhua-mahjong.txt:179",
                )
        return super()._validate(action)

    # ---------------------------------------------------------- payments
    def settle(self, end: HandEnd) -> tuple[list[int], dict[str, JSON], str]:
        deltas = [0, 0, 0, 0]
        parts: list[str] = []
        chengbao: list[str] = []
        for win in end.wins:
            from_seat = None if win.source == "self_draw" else win.from_seat
            d, notes = payments(win.seat, from_seat, win.score, self.liable)
            deltas = [x + y for x, y in zip(deltas, d, strict=True)]
            chengbao += notes
            hands = " × ".join(
                f"{HAND_NAMES[str(k)]} {v}"
                for k, v in zip(
                    list(win.details["hands"]),
                    list(win.details["values"]),
                    strict=True,
                )
            )
            how = "self-draw" if win.source == "self_draw" else f"on seat {win.from_seat}'s discard"
            parts.append(
                f"seat {win.seat} wins {how} on {name(win.tile)}: {hands} = "
                f"×{win.details['multiplier']}, {win.score} a unit"
            )
            parts += notes
        if not parts:
            parts.append("drawn hand (荒庄)")
        summary: dict[str, JSON] = {
            "caishen": name(self.caishen),
            "indicator": name(self.indicator),
            "chengbao": chengbao,
            "liable": [list(p) for p in sorted(self.liable)],
        }
        return deltas, summary, "; ".join(parts)

    # ---------------------------------------------------------- views
    def view(self, seat: int | None) -> dict[str, JSON]:
        out = super().view(seat)
        out["caishen"] = name(self.caishen)
        out["indicator"] = name(self.indicator)
        return out

    def snapshot(self) -> dict[str, JSON]:
        out = super().snapshot()
        out["jinhua"] = {
            "passed_pongs": [names(sorted(p)) for p in self.passed_pongs],
            "streak": [None if s is None else list(s) for s in self.streak],
            "liable": [list(p) for p in sorted(self.liable)],
            "last_chow": None
            if self.last_chow is None
            else [self.last_chow[0], name(self.last_chow[1]), names(self.last_chow[2])],
        }
        return out
