"""Tiles as indexes, their notation, and declared melds (明牌: chow 吃, pong 碰, kong 杠).

Engines keep tiles as indexes (:attr:`games.tiles.Tile.index`, 0-33 the kinds, 34-41 the
flowers) and speak ASCII notation (``5p``, ``E``, ``3f``) in actions and views.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import JSON, IllegalAction
from games.tiles import ALL_KINDS, FLOWERS, Tile, TileParseError, format_tile, parse_tile

__all__ = [
    "FLOWER_START",
    "NAMES",
    "TILES",
    "Meld",
    "is_flower",
    "is_honour",
    "name",
    "names",
    "read_tile",
    "seat_melds",
    "suit_of",
]

TILES: tuple[Tile, ...] = ALL_KINDS + FLOWERS
"""Tile by index: 0-33 the kinds, 34-41 the flowers 春夏秋冬梅兰竹菊."""
NAMES: tuple[str, ...] = tuple(format_tile(t) for t in TILES)
"""ASCII notation by index (``1m`` … ``9s``, ``E S W N``, ``C F P``, ``1f`` … ``8f``)."""
FLOWER_START = 34
_BY_NAME = {n: i for i, n in enumerate(NAMES)}


def name(tile: int) -> str:
    """ASCII notation of a tile index."""
    return NAMES[tile]


def names(tiles: Iterable[int]) -> list[str]:
    """ASCII notation of tile indexes, in the given order."""
    return [NAMES[t] for t in tiles]


def is_flower(tile: int) -> bool:
    return tile >= FLOWER_START


def is_honour(tile: int) -> bool:
    """Winds and dragons (字牌, 风将 in ``jintan-mahjong.txt:115``)."""
    return 27 <= tile < FLOWER_START


def suit_of(tile: int) -> int:
    """0-2 for the three suits, 3 for honours, 4 for flowers."""
    return min(tile // 9, 3) if tile < FLOWER_START else 4


def read_tile(value: JSON, what: str = "tile") -> int:
    """The index of a tile given in any notation :func:`games.tiles.parse_tile` reads.

    Raises :class:`IllegalAction` ``bad_tile`` naming the text.
    """
    if isinstance(value, str):
        fast = _BY_NAME.get(value)
        if fast is not None:
            return fast
        try:
            return parse_tile(value).index
        except TileParseError as exc:
            raise IllegalAction("bad_tile", str(exc), {"text": value}) from None
    raise IllegalAction("bad_tile", f"{what} must be a tile such as 5p, not {value!r}", {})


@dataclass(frozen=True)
class Meld:
    """A declared set.

    Attributes:
        kind: ``"chow"`` (吃), ``"pong"`` (碰) or ``"kong"`` (杠).
        tiles: the tile indexes, sorted (three, or four for a kong).
        claimed: the tile taken from another seat's discard, or ``None``.
        from_seat: the seat it was taken from, or ``None``.
        concealed: a concealed kong (暗杠, ``jintan-mahjong.txt:75``): others see its back.
        added: a kong added to one's own pong (补杠/加杠, ``jintan-mahjong.txt:69-73``).
    """

    kind: str
    tiles: tuple[int, ...]
    claimed: int | None = None
    from_seat: int | None = None
    concealed: bool = False
    added: bool = False

    @property
    def first(self) -> int:
        return self.tiles[0]

    def to_json(self, hidden: bool = False) -> dict[str, JSON]:
        """The meld as others see it; ``hidden`` shows a concealed kong without its faces."""
        return {
            "kind": self.kind,
            "tiles": None if hidden and self.concealed else names(self.tiles),
            "claimed": None if self.claimed is None else NAMES[self.claimed],
            "from": self.from_seat,
            "concealed": self.concealed,
            "added": self.added,
        }


def sorted_tiles(tiles: Sequence[int]) -> list[int]:
    return sorted(tiles)


def seat_melds(view: Mapping[str, Any], seat: int) -> tuple[Meld, ...]:
    """The melds (副露) of ``seat`` as a view shows them (``view["players"][seat]["melds"]``),
    read back into :class:`Meld`; a concealed kong's tiles are ``()`` where the view hides them."""
    out = []
    for m in view["players"][seat]["melds"]:
        tiles = tuple(read_tile(t) for t in m["tiles"] or [])
        claimed = None if m["claimed"] is None else read_tile(m["claimed"])
        out.append(Meld(m["kind"], tiles, claimed, m["from"], m["concealed"], m["added"]))
    return tuple(out)
