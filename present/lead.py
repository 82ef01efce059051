"""How the lead of the trick in play was read, and how to follow it (issue 8): for every
front end that shows a trick to a seat that follows (Discord's DM and hint, the terminal).

Reads only ``view["trick"]["lead"]`` (how the engine read the lead: units, their kinds and,
for a throw 甩牌, whether it stood; ``games.pajiwo.views.trick_json``), never engine
attributes. Messages are the ``lead.*`` ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.cards import Suit
from present.message import Cards, Join, Msg

__all__ = ["lead_msg"]

_KINDS = ("single", "pair", "triple", "tractor")


def _units(units: Any) -> Join:
    parts = [
        Msg(
            f"lead.{u.get('kind')}" if u.get("kind") in _KINDS else "lead.single",
            cards=Cards(u.get("cards") or []),
            length=u.get("length"),
        )
        for u in (units if isinstance(units, list) else [])
        if isinstance(u, Mapping)
    ]
    return Join(parts, sep="and")


def lead_msg(
    view: Mapping[str, Any], seat: int | None, tractor_follow: str = "longest_tractor"
) -> Msg | None:
    """``Lead: tractor of 3 pairs ♠4 ♠4 ♠3 ♠3 ♠2 ♠2 — follow ♠: your longest tractor first,
    then pairs`` for a seat that follows the current trick's lead; ``None`` when there is no
    lead or it is ``seat``'s own.

    ``tractor_follow`` is the table's option (``"same_length"``: only a tractor as long as
    the lead obliges, docs/rules/pajiwo.md#9), so that the advice is the table's rule.
    """
    trick = view.get("trick")
    lead = trick.get("lead") if isinstance(trick, Mapping) else None
    if not isinstance(lead, Mapping) or lead.get("seat") == seat:
        return None
    units = lead.get("units")
    throw = lead.get("throw")
    what: Any
    if not isinstance(throw, Mapping):
        what = _units(units)
    elif throw.get("stood"):
        what = Msg("lead.throw_stood", units=_units(throw.get("units")))
    else:
        what = Msg("lead.throw_failed", units=_units(throw.get("units")), played=_units(units))
    kinds = {u.get("kind") for u in units or [] if isinstance(u, Mapping)}
    suit = lead.get("suit")
    suit_text: Any = Msg("lead.trump") if suit == "trump" else Suit(str(suit)).symbol
    if "tractor" in kinds:
        same = tractor_follow != "longest_tractor"
        advice = "lead.follow.tractor_same" if same else "lead.follow.tractor"
    elif "pair" in kinds or "triple" in kinds:
        advice = "lead.follow.pair"
    else:
        advice = "lead.follow.suit"
    return Msg("lead.line", what=what, advice=Msg(advice, suit=suit_text))
