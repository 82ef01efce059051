"""金华麻将 scoring: the hand's multipliers (倍), the best reading, and who pays.

The multipliers of a win multiply into ``m`` (``dagun_and_jinhua-mahjong.txt:127``: 2*2*2);
a win is worth ``X·m`` with ``X`` the base (底注, :125). When a hand reads several ways (a
财神 as itself or as a substitute, each 白板 as itself or as the 财神's face) it is scored
by its best reading.

Multipliers (:139-175), by key: 平胡 1; 碰碰胡 2; 全求人 2; 清七对 4; 七对 2; 七对爆头 8
(fixed); 十三不靠 1; 七风 2; 杠上开花 2; 清一色 4 without 财神, 2 with; 乱风 8; 财神头 4;
三财一刻 8; 爆头 2 (option ``baotou_multiplier``); 天胡 2; 地胡 2; 海底捞月 2; 混一色 2.
杠爆 (:167) is 爆头 × 杠上开花, named as one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.jinhua.wilds import (
    WHITE,
    assignments,
    bukao_kind,
    is_all_honours,
    is_regular,
    is_seven_pairs,
)
from games.mahjong import shapes
from games.mahjong.melds import Meld

__all__ = ["HAND_NAMES", "Situation", "Valuation", "best_valuation", "payments"]

HAND_NAMES: dict[str, str] = {
    "pinghu": "平胡",
    "pengpenghu": "碰碰胡",
    "quanqiuren": "全求人",
    "qingqidui": "清七对",
    "qidui": "七对",
    "qidui_baotou": "七对爆头",
    "shisanbukao": "十三不靠",
    "qifeng": "七风",
    "gangkai": "杠上开花",
    "qingyise": "清一色",
    "qingyise_caishen": "清一色(有财神)",
    "luanfeng": "乱风",
    "caishentou": "财神头",
    "sancai": "三财一刻",
    "baotou": "爆头",
    "gangbao": "杠爆",
    "tianhu": "天胡",
    "dihu": "地胡",
    "haidi": "海底捞月",
    "hunyise": "混一色",
}
"""Chinese name of each multiplier key."""


@dataclass(frozen=True)
class Situation:
    """What a win's value depends on besides the tiles.

    Attributes:
        tile: the winning tile (a self-drawn 财神 plays as a wild; a 财神 won on a
            discard plays as its face, reading).
        self_drawn: a self-draw (自摸); else a discard (or a robbed kong).
        melds: the winner's declared melds.
        after_kong: a self-draw on a kong's replacement (杠上开花, :155).
        tianhu, dihu, haidi: 天胡, 地胡 (:169-171), 海底捞月 (:173).
        baotou: the 爆头 multiplier (2, the seed's :165; option 4).
    """

    tile: int
    self_drawn: bool
    melds: tuple[Meld, ...] = ()
    after_kong: bool = False
    tianhu: bool = False
    dihu: bool = False
    haidi: bool = False
    baotou: int = 2


@dataclass(frozen=True)
class Valuation:
    """The best reading: ``multiplier`` m, the multiplier keys (``HAND_NAMES``) with their
    values, and how many 白板 played as the 财神's face."""

    multiplier: int
    hands: tuple[tuple[str, int], ...]
    white_as_caishen: int = 0

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.hands)

    def names(self) -> list[str]:
        return [HAND_NAMES[k] for k, _ in self.hands]


def _product(hands: Sequence[tuple[str, int]]) -> int:
    m = 1
    for _, v in hands:
        m *= v
    return m


def _colour(natural: Sequence[int], melds: Sequence[Meld], wilds: int) -> list[tuple[str, int]]:
    """清一色 (:157) or 混一色 (:175), judged on the natural tiles and melds (a wild takes
    whatever part it plays)."""
    kinds = [k for k in range(shapes.KINDS) if natural[k]] + [m.first for m in melds]
    suits = {k // 9 for k in kinds if k < 27}
    honours = any(k >= 27 for k in kinds)
    if len(suits) != 1:
        return []
    if not honours:
        return [("qingyise_caishen", 2)] if wilds else [("qingyise", 4)]
    return [("hunyise", 2)]


def _roles(tile: int, natural: Sequence[int], caishen: int, j: int) -> list[int]:
    """What the natural winning tile plays as in this assignment (a 白板 may be either)."""
    if tile == WHITE and caishen != WHITE:
        out = [WHITE] if natural[WHITE] else []
        return out + ([caishen] if j else [])
    return [tile] if natural[tile] else []


def _pair_kind(rest: Sequence[int], wilds: int) -> str | None:
    """The pair two tiles make: ``"ww"`` two wilds, ``"nw"``, ``"nn"``; ``None`` if not."""
    n = sum(rest)
    if n + wilds != 2:
        return None
    if wilds == 2:
        return "ww"
    if wilds == 1:
        return "nw"
    return "nn" if max(rest) == 2 else None


def _pengpeng(
    natural: list[int], wilds: int, tile_wild: bool, roles: list[int]
) -> list[list[tuple[str, int]]]:
    """The 碰碰胡 readings (:141) of a five-tile concealed part: a triplet that holds the
    winning tile, and a pair; with 财神头 when the pair is two wilds, 三财一刻 when the
    triplet is three."""
    out: list[list[tuple[str, int]]] = []

    def add(left: list[int], spare: int, wild_triplet: bool) -> None:
        pair = _pair_kind(left, spare)
        if pair is None:
            return
        parts = [("pengpenghu", 2)]
        if pair == "ww":
            parts.append(("caishentou", 4))
        if wild_triplet:
            parts.append(("sancai", 8))
        out.append(parts)

    if tile_wild:  # the drawn wild completes a triplet of any kind, or of wilds
        if wilds >= 3:
            add(list(natural), wilds - 3, True)
        for k in range(shapes.KINDS):
            for held in range(1, min(2, natural[k]) + 1):
                if 2 - held <= wilds - 1:
                    left = list(natural)
                    left[k] -= held
                    add(left, wilds - 1 - (2 - held), False)
        return out
    for r in roles:
        rest = list(natural)
        rest[r] -= 1
        for held in range(min(2, rest[r]) + 1):
            if 2 - held <= wilds:
                left = list(rest)
                left[r] -= held
                add(left, wilds - (2 - held), False)
    return out


def _regular_choices(
    natural: list[int], wilds: int, sit: Situation, tile_wild: bool, caishen: int, j: int
) -> list[list[tuple[str, int]]]:
    """The multiplier sets of the regular readings (sets and a pair) of one assignment."""
    if not is_regular(natural, wilds):
        return []
    out: list[list[tuple[str, int]]] = [[]]
    if wilds >= 3 and shapes.min_wilds(natural) <= wilds - 3:
        out.append([("sancai", 8)])
    if wilds >= 2 and shapes.min_wilds_sets(natural) <= wilds - 2:
        if sit.self_drawn and tile_wild:  # the lone 财神 paired by a drawn 财神
            out.append([("caishentou", 4), ("baotou", sit.baotou)])
        else:
            out.append([("caishentou", 4)])
    roles = [] if tile_wild else _roles(sit.tile, natural, caishen, j)
    if sit.self_drawn and wilds >= 1:
        for r in roles:
            rest = list(natural)
            rest[r] -= 1
            if shapes.min_wilds_sets(rest) <= wilds - 1:
                out.append([("baotou", sit.baotou)])
                break
    claimed = [m for m in sit.melds if m.kind in ("pong", "kong") and not m.concealed]
    if len(sit.melds) == 3 and len(claimed) == 3:
        out += _pengpeng(natural, wilds, tile_wild, roles)
    if len(sit.melds) == 4 and not sit.self_drawn and wilds == 0:
        # 全求人 (:143): the one tile left was not a 财神 (the other tile is the discard)
        out = [[*o, ("quanqiuren", 2)] for o in out]
    return out


def best_valuation(counts: Sequence[int], caishen: int, sit: Situation) -> Valuation | None:
    """The best reading of a complete concealed part (winning tile included), or ``None``
    when it does not win. Ties go to the reading naming more multipliers."""
    tile_wild = sit.self_drawn and sit.tile == caishen
    natural_caishen = 1 if not sit.self_drawn and sit.tile == caishen else 0
    honour_melds = all(m.first >= 27 for m in sit.melds)
    context: list[tuple[str, int]] = []
    if sit.after_kong and sit.self_drawn:
        context.append(("gangkai", 2))
    if sit.tianhu:
        context.append(("tianhu", 2))
    if sit.dihu:
        context.append(("dihu", 2))
    if sit.haidi:
        context.append(("haidi", 2))
    best: Valuation | None = None
    for natural, wilds, j in assignments(counts, caishen, natural_caishen):
        colour = _colour(natural, sit.melds, wilds)
        choices: list[list[tuple[str, int]]] = []
        for reading in _regular_choices(natural, wilds, sit, tile_wild, caishen, j):
            choices.append(reading + colour)
        if not sit.melds and is_seven_pairs(natural, wilds):
            pairs = ("qingqidui", 4) if wilds == 0 else ("qidui", 2)
            choices.append([pairs, *colour])
            if sit.self_drawn and _seven_pairs_baotou(natural, wilds, sit, tile_wild, caishen, j):
                choices.append([("qidui_baotou", 8), *colour])
        if not sit.melds:
            kind = bukao_kind(natural, wilds)
            if kind == "qifeng":
                choices.append([("qifeng", 2)])
            elif kind == "shisanbukao":
                choices.append([("shisanbukao", 1)])
        if honour_melds and is_all_honours(natural):
            choices.append([("luanfeng", 8)])
        for choice in choices:
            hands = _name_gangbao(choice + context) or [("pinghu", 1)]
            val = Valuation(_product(hands), tuple(hands), j)
            if best is None or (val.multiplier, len(val.hands)) > (
                best.multiplier,
                len(best.hands),
            ):
                best = val
    return best


def _seven_pairs_baotou(
    natural: list[int], wilds: int, sit: Situation, tile_wild: bool, caishen: int, j: int
) -> bool:
    """七对爆头 (:149): before the draw six pairs and a lone 财神; any drawn tile pairs it."""
    if tile_wild:
        return wilds >= 2 and is_seven_pairs(natural, wilds) and _singles(natural) <= wilds - 2
    for r in _roles(sit.tile, natural, caishen, j):
        rest = list(natural)
        rest[r] -= 1
        if wilds >= 1 and _singles(rest) <= wilds - 1 and (wilds - 1 - _singles(rest)) % 2 == 0:
            return True
    return False


def _singles(natural: Sequence[int]) -> int:
    return sum(c & 1 for c in natural)


def _name_gangbao(hands: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """爆头 won on a kong's replacement is named 杠爆 (:167): one entry, the product."""
    keys = [k for k, _ in hands]
    if "baotou" in keys and "gangkai" in keys:
        b = dict(hands)["baotou"]
        return [(k, v) for k, v in hands if k not in ("baotou", "gangkai")] + [("gangbao", b * 2)]
    return hands


def payments(
    winner: int,
    from_seat: int | None,
    unit: int,
    liable: set[tuple[int, int]],
) -> tuple[list[int], list[str]]:
    """Score changes of one win worth ``unit`` = X·m, and 承包 notes.

    Normal (:125, :139): a discard win, the discarder pays 2·unit and the other two unit
    each; a self-draw, each pays 2·unit. 承包 (:123, :177): for each pair ``(claimer,
    victim)`` in ``liable``: when the claimer wins, the victim alone pays the whole win
    (4·unit, self-draw 6·unit); when the victim wins, the claimer pays it doubled (8·unit,
    12·unit). Every pair counts; the normal payments then do not apply.
    """
    deltas = [0, 0, 0, 0]
    notes: list[str] = []
    whole = 6 * unit if from_seat is None else 4 * unit
    payers: list[tuple[int, int]] = []
    for claimer, victim in sorted(liable):
        if claimer == winner:
            payers.append((victim, whole))
            notes.append(f"承包: seat {victim} pays the whole win ({whole})")
        elif victim == winner:
            payers.append((claimer, 2 * whole))
            notes.append(f"承包: seat {claimer} pays the whole win doubled ({2 * whole})")
    if not payers:
        for o in range(4):
            if o == winner:
                continue
            pay = 2 * unit if from_seat is None or o == from_seat else unit
            payers.append((o, pay))
    for o, pay in payers:
        deltas[o] -= pay
        deltas[winner] += pay
    return deltas, notes
