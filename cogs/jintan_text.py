"""金坛 Jintan on Discord: its own lines, those of the mahjong family (:mod:`cogs.mahjong_text`).

Found by name by :func:`cogs.present.game_text`, as every game's own lines.
"""

from __future__ import annotations

from cogs.mahjong_text import hand_line as hand_text
from cogs.mahjong_text import table_lines as play_lines

__all__ = ["TYPED_CARDS", "hand_text", "play_lines"]

#: tiles, not cards: every move is made with the hand message's controls, never typed (/play)
TYPED_CARDS = False
