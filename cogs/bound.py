"""Controls bound to decisions (issue 19 item 3, issue 20 F5): what a tap on a move control
means now, from the decision number its custom_id carries (:mod:`bot.decisions`).

A control is good while the seat's decision it was drawn for stands (in 打滚子's live deal,
whatever deal steps came between); one for a decision that has ended is out of date; a number
the game has not reached was never drawn (forged). Nothing here answers Discord: the callers
(:mod:`cogs.actions`, :mod:`cogs.client`) turn a verdict into the reply.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

from bot.decisions import current_step, judge

if TYPE_CHECKING:
    from bot.tables import Table

__all__ = ["Tap", "judge_tap", "stale_elsewhere"]

#: ``ok``: for the decision that stands; ``already_done``: that decision was made from its
#: controls by this user (a double tap, a retried interaction); ``stale``: an ended decision;
#: ``bad_control``: never drawn.
Tap = Literal["ok", "already_done", "stale", "bad_control"]

_DRAWN = re.compile(r"pj:[ascpg]:(?P<table>[0-9]{1,18}):(?P<step>[0-9]{1,18})(?::.*)?", re.DOTALL)


async def judge_tap(table: Table, seat: int, user_id: int, drawn: int, value: str = "") -> Tap:
    """What a tap by ``user_id`` (at ``seat``) on a control drawn for decision number
    ``drawn`` means now. A ``#<index>`` ``value`` names a place in the legal list it was drawn
    with, which holds only while no step has passed."""
    verdict = judge(table, seat, drawn)
    if verdict == "current" and value.startswith("#") and drawn != current_step(table):
        verdict = "ended"
    if verdict == "forged":
        return "bad_control"
    if verdict == "current":
        return "ok"
    async with table.lock:
        pass  # a move in flight (the first tap of a double tap) is stored and keyed now
    # the idempotency key the controls of that decision use (cogs.actions.perform_control)
    if f"u:{user_id}:c:{table.id}:{user_id}:{drawn}" in table.keys:
        return "already_done"
    return "stale"


def stale_elsewhere(service: Any, custom_id: str, user_id: int) -> bool:
    """True when ``custom_id`` is a move control of a playing table, for a decision of the
    user's seat that has ended (so once drawn, now gone from its message); False for anything
    else (a step the game has not reached, another table, not seated: never drawn)."""
    match = _DRAWN.fullmatch(custom_id)
    if match is None:
        return False
    try:
        table = service.get(int(match["table"]))
    except Exception:  # TableError no_table: another table's id, or crafted
        return False
    seat = table.seat_of(user_id)
    if table.status != "playing" or seat is None:
        return False
    return judge(table, seat, int(match["step"])) == "ended"
