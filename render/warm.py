"""Pre-draw every sprite so the first picture of a game is as fast as the rest.

A cold process spends about a second loading the font's character map and drawing
card faces and tiles at three to four times their size; the bot can call
:func:`warm_up` once at start-up (in a worker thread) instead of on a player's move.
"""

from __future__ import annotations

from games.cards import full_deck
from games.tiles import ALL_KINDS, FLOWERS
from render.cards import CARD_W, _strip, card_back, card_image, card_steps
from render.fonts import text_width
from render.mahjong import TABLE_TILE_W
from render.table import TRICK_W
from render.tiles import tile_back, tile_image

__all__ = ["warm_up"]


def warm_up(cards: bool = True, tiles: bool = True) -> int:
    """Draw and cache the card faces and/or tiles at the sizes the pictures use.

    Returns the number of sprites drawn (for logging).
    """
    text_width("张", 24)  # loads the font and its character map
    count = 0
    if cards:
        for card in full_deck(1):
            for width in (CARD_W, TRICK_W):
                card_image(card, width)
                count += 1
            _strip(card, card_steps([card])[0])
        card_back(CARD_W)
    if tiles:
        for tile in (*ALL_KINDS, *FLOWERS):
            # hand, table, melds in the hand; flowers on the table and in the hand
            for width in (64, TABLE_TILE_W, 48, TABLE_TILE_W - 6, 40):
                tile_image(tile, width)
                count += 1
        for width in (64, TABLE_TILE_W, 48):
            tile_back(width)
    return count
