"""The lead's reading in the player's words, for the DM and the hint (issue 8): the game's
presentation's (:func:`present.lead.lead_msg`), rendered for the reader."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cogs.i18n import Lang
from present.lead import lead_msg
from present.message import Reader, render

__all__ = ["lead_line"]


def lead_line(
    lang: Lang, view: Mapping[str, Any], seat: int | None, tractor_follow: str = "longest_tractor"
) -> str | None:
    """The lead of the trick in play and how to follow it (:func:`present.lead.lead_msg`), or
    ``None`` when there is no lead or it is ``seat``'s own."""
    msg = lead_msg(view, seat, tractor_follow)
    return None if msg is None else render(Reader(lang, []), msg)
