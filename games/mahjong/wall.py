"""The wall (牌墙), the dice that break it, the deal, and replacement draws.

Tiles are indexes (:attr:`games.tiles.Tile.index`: 0-33 the kinds, 34-41 the flowers).

Building (``jintan-mahjong.txt:15-17``): the shuffled tiles stand as four sides of
``tiles / 8`` stacks of two (18 stacks, 36 tiles a side with 144 tiles), side 0 in front of
the dealer (东), sides counted counter-clockwise. Two dice are thrown; their sum counted
from the dealer counter-clockwise (dealer = 1) picks the side, and on it, from the right,
``sum`` stacks are left standing: the live wall starts after them and runs clockwise; the
stacks left standing are the wall's far end (牌尾), taken last in normal draws and first for
replacement tiles (``jintan-mahjong.txt:65``: 麻将摸牌顺序中的最后一张).

A reserved dead wall (Jinhua's 牌尾 of 14, ``dagun_and_jinhua-mahjong.txt:189``) is
``dead_size > 0``: the live wall then ends ``dead_size`` tiles before the far end, and each
replacement draw moves the live wall's last tile onto the dead wall, so it stays that size.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

__all__ = ["Wall", "WallEmpty", "break_position", "deal_order"]


class WallEmpty(Exception):
    """No tile is left to draw (the hand is drawn, 荒庄)."""


def break_position(total: int, dice: tuple[int, int]) -> int:
    """Index in the built wall where the live wall starts, for ``total`` tiles.

    Side ``(sum - 1) % 4`` counted counter-clockwise from the dealer; on it ``sum`` stacks
    of two are left standing from the right (``jintan-mahjong.txt:15-17``).
    """
    side_tiles = total // 4
    s = dice[0] + dice[1]
    side = (s - 1) % 4
    stacks_left = min(s, side_tiles // 2)
    return (side * side_tiles + 2 * stacks_left) % total


def deal_order(dealer: int, seats: int = 4) -> list[tuple[int, int]]:
    """``(seat, tiles)`` takes of the deal: three rounds of four tiles from the dealer, then
    the dealer's jump (跳张, 2 tiles) and one tile each for the others
    (``jintan-mahjong.txt:17``): dealer 14, others 13.
    """
    order = [((dealer + k) % seats, 4) for _ in range(3) for k in range(seats)]
    order.append((dealer, 2))
    order.extend(((dealer + k) % seats, 1) for k in range(1, seats))
    return order


@dataclass
class Wall:
    """The tiles still to draw: ``tiles[front:back]`` in draw order.

    ``front`` advances for normal draws; ``back`` retreats for replacement draws (from
    the far end). With ``dead_size`` the live wall is ``tiles[front:back - dead_size]``.
    """

    tiles: list[int]
    dice: tuple[int, int]
    dead_size: int = 0
    front: int = 0
    back: int = field(default=-1)

    def __post_init__(self) -> None:
        if self.back < 0:
            self.back = len(self.tiles)

    @classmethod
    def build(cls, tiles: list[int], rng: random.Random, dead_size: int = 0) -> Wall:
        """Shuffle ``tiles`` with ``rng``, throw two dice and break the wall."""
        built = list(tiles)
        rng.shuffle(built)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        at = break_position(len(built), dice)
        # live wall clockwise from the break; the stacks left standing come last (far end)
        return cls(built[at:] + built[:at], dice, dead_size)

    @property
    def live(self) -> int:
        """Tiles left for normal draws."""
        return max(0, self.back - self.dead_size - self.front)

    @property
    def dead(self) -> int:
        """Tiles in the reserved dead wall (0 without one)."""
        return min(self.dead_size, self.back - self.front)

    def remaining(self) -> list[int]:
        """Every tile still in the wall, live and dead (for conservation checks)."""
        return self.tiles[self.front : self.back]

    def draw(self) -> int:
        """The next tile of the live wall. Raises :class:`WallEmpty`."""
        if self.live <= 0:
            raise WallEmpty
        tile = self.tiles[self.front]
        self.front += 1
        return tile

    def draw_replacement(self) -> int:
        """A replacement tile from the far end (牌尾). Raises :class:`WallEmpty`.

        Without a dead wall the live wall must still hold a tile. With one, the dead wall
        gives the tile and the live wall's last tile moves onto it (it stays ``dead_size``);
        when the live wall is empty there is nothing to move and the hand is drawn.
        """
        if self.live <= 0:
            raise WallEmpty
        self.back -= 1
        return self.tiles[self.back]
