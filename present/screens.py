"""The end of a hand as a seat's situation shows it: the result screen, and at the end of the
match the match's screen instead of anything about a next hand. Shared by every game's
``situation`` (the DM, the terminal)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from present.message import Msg

__all__ = ["NEXT_HAND", "finished", "finished_screen"]

NEXT_HAND = frozenset({"tricks.screen.next_dealer", "dagunzi.outcome.blood"})
"""Lines about the next hand, left out of the screen of a match's last hand."""

Screen = Callable[[Mapping[str, Any]], Sequence[Msg]]


def finished(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The result of the hand the view shows as over, or ``None`` while a hand is played."""
    results = view.get("hand_results")
    if view.get("phase") in ("hand_over", "match_over") and isinstance(results, list) and results:
        last = results[-1]
        return last if isinstance(last, Mapping) else None
    return None


def finished_screen(
    view: Mapping[str, Any], hand_result: Screen, match_result: Screen
) -> list[Msg]:
    """The finished hand's screen (``[]`` while a hand is played); once the match is over,
    without its lines about a next hand and followed by the match's screen."""
    last = finished(view)
    if last is None:
        return []
    lines = list(hand_result(last))
    match = view.get("match_result")
    if view.get("match_over") and isinstance(match, Mapping):
        lines = [m for m in lines if m.id not in NEXT_HAND] + list(match_result(match))
    return lines
