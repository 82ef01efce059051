"""金华 Jinhua on Discord: the hand message's own controls, those of the mahjong family
(:mod:`cogs.mahjong_controls`: the discard select, claim buttons and standing toggles).

Found by name by :func:`cogs.hand_compose.game_controls`, as every game's own controls.
"""

from __future__ import annotations

from cogs.mahjong_controls import settings
from cogs.mahjong_controls import tile_rows as hand_rows

__all__ = ["hand_rows", "settings"]
