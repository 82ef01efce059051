"""金华麻将 (Jinhua) text for Discord: the 财神 indicator, the multipliers (倍) of a win, the
payments and 承包, in the reader's language.

Called by the generic mahjong lines (:mod:`cogs.mahjong_text`) when the data has Jinhua's
shape: a ``caishen`` event, a view with ``caishen``, a win whose ``details`` carry a
``multiplier`` (:meth:`games.jinhua.engine.JinhuaGame.settle`). The multipliers are named
by their keys (``jh.hand.<key>``, e.g. ``jh.hand.caishentou``); who pays how much is read
from the hand's score changes, so the line always matches the scores; 承包 is named from
the summary's ``liable`` pairs (``[claimer, victim]``, ``dagun_and_jinhua-mahjong.txt:123``,
``:177``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cogs.i18n import Lang, tr

__all__ = ["caishen_line"]


def _tile(lang: Lang, tile: Any) -> str:
    from cogs.mahjong_text import tile_text

    return tile_text(lang, tile)


def _name(lang: Lang, names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return tr(lang, "seat_n", n=seat + 1) if isinstance(seat, int) else "—"




def caishen_line(lang: Lang, view: Mapping[str, Any]) -> str | None:
    """The table's and a hand's reminder of the 财神, or ``None`` for a view without one."""
    caishen = view.get("caishen")
    if not isinstance(caishen, str) or not caishen or caishen == "?":
        return None
    return tr(lang, "jh.table.caishen", caishen=_tile(lang, caishen))





