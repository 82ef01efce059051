"""扒鸡窝 (Pajiwo): what each moment says, as language-neutral messages.

Events use the trick family's templates (``event.<kind>`` in ``tricks.po``/``pajiwo.po``);
the hand's result comes from ``HandResult.to_json()`` (``games/pajiwo/engine.py``): the
defenders' points (抓分方), who takes the deal or goes up, then the shared trick screen
(:func:`present.tricks.hand_screen`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Event
from present import tricks
from present.message import Msg, Seats

__all__ = ["event", "hand_result", "match_result"]

SHOWN = frozenset(
    {
        "hand_started",
        "throw_failed",
        "trick_won",
        "kitty_won",
        "trump_declared",
        "trump_overcalled",
        "trump_from_kitty",
        "stepped_down",
        "kitty_taken",
        "kitty_buried",
        "rebelled",
        "play_started",
    }
)
"""The events with a line of their own (the deal's steps have none)."""


def event(e: Event) -> Msg | None:
    """The line of one 扒鸡窝 event, or ``None`` for one not shown as a line."""
    if e.kind == "hand_over":
        lines = hand_result(e.data)
        return lines[0] if lines else None
    if e.kind == "match_over":
        lines = match_result(e.data)
        return lines[0] if lines else None
    if e.kind == "level_up" and "up" in e.data:
        return Msg(
            "outcome.level_up",
            team=Seats(list(e.data["team"])),
            up=int(e.data["up"]),
            level=str(e.data["level"]),
        )
    if e.kind in ("trump_declared", "trump_overcalled"):
        key = (
            "event.trump_overcalled" if e.data.get("kind") == "overcall" else "event.trump_declared"
        )
        return Msg(key, tricks.event(e).params)
    return tricks.event(e) if e.kind in SHOWN else None


def hand_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a 扒鸡窝 hand: the headline (the defenders' points; the dealer's side goes
    up, or the defenders take over the deal and perhaps go up), then the trick screen."""
    summary = result.get("summary")
    if not isinstance(summary, Mapping) or "takeover" not in summary or "case" in summary:
        return []
    up = int(summary["levels_up"])
    if not summary["takeover"]:
        key = "outcome.dealer_up"
    else:
        key = "outcome.takeover_up" if up else "outcome.takeover"
    headline = Msg(
        key,
        number=int(result["number"]),
        points=int(summary["defenders_points"]),
        team=Seats(list(summary["winner_team"])),
        up=up,
        result=str(summary["result"]),
    )
    return [headline, *tricks.hand_screen(summary, result.get("teams"))]


def match_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a 扒鸡窝 match (:func:`present.tricks.match_screen`)."""
    try:
        return tricks.match_screen(result)
    except (KeyError, TypeError, ValueError, IndexError):
        return []


def table(view: Mapping[str, Any]) -> list[Msg]:
    """The public state of play (:func:`present.tricks.table`)."""
    return tricks.table(view)


def situation(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """What a seat's decision needs, and the whole result once the hand is over."""
    return tricks.situation(view, seat, hand_result, match_result)


def screen(view: Mapping[str, Any], seat: int) -> list[Msg]:
    """A seat's whole screen (the terminal, :func:`present.tricks.screen`)."""
    return tricks.screen(view, seat, hand_result, match_result)
