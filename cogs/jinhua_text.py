"""金华麻将 (Jinhua) text for Discord's table and hand messages: the 财神 (wild tile) reminder.

The 财神 indicator's event, a win's multipliers (倍), the payments and 承包 are said by
:mod:`present.jinhua`, for every front end; what is left here is the line the table and
the hand show while a 金华 hand is played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.i18n import Lang, tr
from present.tiles import tile_name

__all__ = ["caishen_line"]


def caishen_line(lang: Lang, view: Mapping[str, Any]) -> str | None:
    """The table's and a hand's reminder of the 财神, or ``None`` for a view without one."""
    caishen = view.get("caishen")
    if not isinstance(caishen, str) or not caishen or caishen == "?":
        return None
    return tr(lang, "jh.table.caishen", caishen=tile_name(lang, caishen))
