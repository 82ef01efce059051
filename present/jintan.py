"""金坛麻将 (Jintan): the mahjong family's moments (:mod:`present.mahjong`) with 金坛's worth
of a win: 花 and 番 (``jintan-mahjong.txt``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from present import mahjong
from present.message import Msg

__all__ = [
    "PIECES",
    "REPLAY_QUIET",
    "event",
    "hand_result",
    "match_length",
    "match_result",
    "situation",
    "table",
]

event = mahjong.event
REPLAY_QUIET = mahjong.REPLAY_QUIET
PIECES = "tile"
"""A mahjong hand is counted in tiles."""
match_result = mahjong.match_result
match_length = mahjong.match_length


def hand_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a 金坛 hand (:func:`present.mahjong.hand_result` with 花 and 番)."""
    return mahjong.hand_result(result, mahjong.jintan_parts)


def table(view: Mapping[str, Any]) -> list[Msg]:
    """The public state of play (:func:`present.mahjong.table`)."""
    return mahjong.table(view)


def situation(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """What a seat's decision needs (:func:`present.mahjong.situation`)."""
    return mahjong.situation(view, seat, hand_result=hand_result)


def screen(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """A seat's whole screen (:func:`present.mahjong.screen`)."""
    return mahjong.screen(view, seat, hand_result=hand_result)


hand = mahjong.hand
