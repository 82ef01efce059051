"""金华麻将 (Jinhua) text for Discord's table and hand messages: the 财神 (wild tile) reminder.

The 财神 indicator's event, a win's multipliers (倍), the payments and 承包 are said by
:mod:`present.jinhua`, for every front end; what is left here is the line the table and
the hand show while a 金华 hand is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cogs.i18n import Lang, tr
from cogs.mahjong_text import hand_line as hand_text
from cogs.mahjong_text import situation_lines, table_lines
from present.tiles import tile_name

if TYPE_CHECKING:
    from bot.tables import Table

__all__ = ["TYPED_CARDS", "caishen_line", "hand_situation_lines", "hand_text", "play_lines"]

#: tiles, not cards: every move is made with the hand message's controls, never typed (/play)
TYPED_CARDS = False


def caishen_line(lang: Lang, view: Mapping[str, Any]) -> str | None:
    """The table's and a hand's reminder of the 财神, or ``None`` for a view without one."""
    caishen = view.get("caishen")
    if not isinstance(caishen, str) or not caishen or caishen == "?":
        return None
    return tr(lang, "jh.table.caishen", caishen=tile_name(lang, caishen))


def play_lines(
    lang: Lang, table: Table, view: Mapping[str, Any], names: Sequence[str]
) -> list[str]:
    """The table message's lines: the mahjong family's, with the 财神."""
    return table_lines(lang, table, view, names, wild=caishen_line)


def hand_situation_lines(
    lang: Lang, view: Mapping[str, Any], names: Sequence[str], seat: int
) -> list[str]:
    """The hand message's lines above the tiles: the mahjong family's, with the 财神."""
    return situation_lines(lang, view, names, seat, wild=caishen_line)
