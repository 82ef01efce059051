"""金华麻将 (Jinhua): the mahjong family's moments (:mod:`present.mahjong`) with 金华's own:
the 财神 (wild tile) turned up, a win's multipliers (倍), who pays what and 承包
(``dagun_and_jinhua-mahjong.txt:123``, ``:177``). Who pays how much is read from the hand's
score changes, so the line always matches the scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Event
from present import mahjong
from present.message import Join, Msg, Seat, Tiles

__all__ = [
    "PIECES",
    "REPLAY_QUIET",
    "event",
    "hand_result",
    "match_length",
    "match_result",
    "situation",
    "table",
    "wild_line",
    "win_parts",
]

PIECES = "tile"
"""A mahjong hand is counted in tiles."""
REPLAY_QUIET = mahjong.REPLAY_QUIET
match_result = mahjong.match_result
match_length = mahjong.match_length


def event(e: Event) -> Msg | None:
    """The 财神 indicator's line, or the family's line for any other event."""
    if e.kind == "caishen" and "caishen" in e.data:
        return Msg(
            "jh.event.caishen",
            indicator=Tiles([e.data.get("indicator")]),
            caishen=Tiles([e.data.get("caishen")]),
        )
    return mahjong.event(e)


def _hands(details: Mapping[str, Any]) -> Join:
    """``混一色 one suit and honours ×2 · 财神头 … ×4``: each multiplying hand and its value."""
    keys = [str(k) for k in details.get("hands") or []]
    values = list(details.get("values") or [])
    shown: list[Any] = []
    for i, key in enumerate(keys):
        label = mahjong.named(f"jh.hand.{key}", key)
        shown.append(
            Msg("jh.hand_value", hand=label, value=values[i]) if i < len(values) else label
        )
    return Join(shown, sep="dot")


def win_parts(
    win: Mapping[str, Any], summary: Mapping[str, Any], deltas: Sequence[int]
) -> list[Any]:
    """金华's worth of a win: the multipliers and their product, 白板 as the 财神's face, the
    share, each payer (the discarder first, then in turn order) and 承包 when it applies."""
    seat, source = int(win["seat"]), str(win["source"])
    details = win.get("details") or {}
    parts: list[Any] = [
        Msg("jh.detail.multipliers", hands=_hands(details), multiplier=details.get("multiplier"))
    ]
    white = int(details.get("white_as_caishen") or 0)
    if white:
        parts.append(Msg("jh.detail.white", count=white))
    parts.append(Msg("jh.detail.unit", unit=int(win.get("score", 0))))
    first = win.get("from") if source != "self_draw" else None
    payers = sorted(
        (s for s in range(len(deltas)) if deltas[s] < 0), key=lambda s: (s != first, (s - seat) % 4)
    )
    parts += [Msg("mj.pays.one", who=Seat(s), amount=-deltas[s]) for s in payers]
    liable = [p for p in summary.get("liable") or [] if isinstance(p, Sequence) and len(p) == 2]
    for claimer, victim in liable:
        if seat not in (claimer, victim):
            continue
        payer = victim if claimer == seat else claimer
        key = "jh.chengbao.victim" if claimer == seat else "jh.chengbao.claimer"
        amount = -deltas[payer] if 0 <= payer < len(deltas) else 0
        parts.append(Msg(key, claimer=Seat(claimer), victim=Seat(victim), amount=amount))
    return parts


def hand_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a 金华 hand (:func:`present.mahjong.hand_result` with its multipliers)."""
    return mahjong.hand_result(result, win_parts)


def wild_line(view: Mapping[str, Any]) -> Msg | None:
    """The 财神 reminder on the table and above a hand, or ``None`` before it is turned up."""
    caishen = view.get("caishen")
    if not isinstance(caishen, str) or not caishen or caishen == "?":
        return None
    return Msg("jh.table.caishen", caishen=Tiles([caishen]))


def table(view: Mapping[str, Any]) -> list[Msg]:
    """The public state of play with the 财神 (:func:`present.mahjong.table`)."""
    return mahjong.table(view, wild_line)


def situation(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """What a seat's decision needs, with the 财神 (:func:`present.mahjong.situation`)."""
    return mahjong.situation(view, seat, wild_line, hand_result)


def screen(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """A seat's whole screen, with the 财神 (:func:`present.mahjong.screen`)."""
    return mahjong.screen(view, seat, wild_line, hand_result)


hand = mahjong.hand
