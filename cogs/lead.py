"""The lead's reading in the player's words, for the DM and the hint (issue 8).

Reads only ``view["trick"]["lead"]`` (how the engine read the lead: units, their kinds
and, for a throw 甩牌, whether it stood; ``games.pajiwo.views.trick_json``), never
engine attributes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.i18n import Lang, tr
from cogs.present import cards_text
from games.cards import Suit

__all__ = ["lead_line"]


def _units(lang: Lang, units: Any) -> str:
    parts = []
    for unit in units if isinstance(units, list) else []:
        if not isinstance(unit, Mapping):
            continue
        kind = str(unit.get("kind"))
        key = f"lead.{kind}" if kind in ("single", "pair", "triple", "tractor") else "lead.single"
        parts.append(
            tr(lang, key, cards=cards_text(unit.get("cards") or []), length=unit.get("length"))
        )
    return " + ".join(parts)


def lead_line(
    lang: Lang, view: Mapping[str, Any], seat: int | None, tractor_follow: str = "longest_tractor"
) -> str | None:
    """``Lead: tractor of 3 pairs ♠4 ♠4 ♠3 ♠3 ♠2 ♠2 — follow ♠: your longest tractor first,
    then pairs`` for a seat that follows the current trick's lead; ``None`` when there is
    no lead or it is ``seat``'s own.

    ``tractor_follow`` is the table's option (``"same_length"``: only a tractor as long
    as the lead obliges, docs/rules/pajiwo.md#9), so that the advice is the table's rule.
    """
    trick = view.get("trick")
    lead = trick.get("lead") if isinstance(trick, Mapping) else None
    if not isinstance(lead, Mapping) or lead.get("seat") == seat:
        return None
    units = lead.get("units")
    throw = lead.get("throw")
    if not isinstance(throw, Mapping):
        what = _units(lang, units)
    elif throw.get("stood"):
        what = tr(lang, "lead.throw_stood", units=_units(lang, throw.get("units")))
    else:
        what = tr(
            lang,
            "lead.throw_failed",
            units=_units(lang, throw.get("units")),
            played=_units(lang, units),
        )
    kinds = {u.get("kind") for u in units or [] if isinstance(u, Mapping)}
    suit = lead.get("suit")
    suit_text = tr(lang, "lead.trump") if suit == "trump" else Suit(str(suit)).symbol
    if "tractor" in kinds:
        advice = (
            "lead.follow.tractor"
            if tractor_follow == "longest_tractor"
            else "lead.follow.tractor_same"
        )
    elif "pair" in kinds or "triple" in kinds:
        advice = "lead.follow.pair"
    else:
        advice = "lead.follow.suit"
    return tr(lang, "lead.line", what=what, advice=tr(lang, advice, suit=suit_text))
