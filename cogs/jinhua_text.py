"""金华 Jinhua on Discord: the mahjong family's lines (:mod:`cogs.mahjong_text`); what is 金华's
own (the 财神, a win's 倍 and 承包) is said by :mod:`present.jinhua`, for every front end.

Found by name by :func:`cogs.present.game_text`, as every game's own lines.
"""

from __future__ import annotations

from cogs.mahjong_text import hand_line as hand_text
from cogs.mahjong_text import table_lines as play_lines

__all__ = ["TYPED_CARDS", "hand_text", "play_lines"]

#: tiles, not cards: every move is made with the hand message's controls, never typed (/play)
TYPED_CARDS = False
