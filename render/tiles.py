"""Mahjong tile sprites in the traditional style.

Dots (筒) are concentric circles in blue, green and red; bamboo (条) are green sticks
with red accents and the bird (幺鸡) on 1s; characters (万) are a numeral over a red 萬;
winds 東南西北 in dark blue; 中 red, 發 green, 白 a blue frame; flowers 春夏秋冬梅兰竹菊
in colour with their number. Faces are designed on a 60 x 80 grid, drawn four times
larger and scaled down, and cached per (tile, width).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageDraw

from games.tiles import Family, Tile
from render.common import GOLD
from render.fonts import draw_text

__all__ = ["TILE_H", "TILE_W", "tile_back", "tile_image", "tile_size"]

TILE_W = 60
"""Design width of a tile face; the face is ``TILE_W`` x ``TILE_H`` plus ``DEPTH`` of body."""
TILE_H = 80
DEPTH = 9
_S = 4  # supersampling factor

_IVORY = (252, 250, 240)
_EDGE = (170, 165, 150)
_BODY = (28, 120, 78)  # the green back of a traditional set
_BODY_DARK = (18, 86, 55)
_BLUE = (32, 72, 170)
_GREEN = (22, 128, 66)
_RED = (206, 36, 40)
_NAVY = (24, 36, 84)
_BAMBOO = (30, 140, 70)
_BAMBOO_DARK = (12, 80, 40)

Pen = ImageDraw.ImageDraw


def _p(v: float) -> float:
    return v * _S


def _dot(d: Pen, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    """One coin of the dots suit: coloured ring, white ring, coloured centre, white eye."""
    for rr, fill in ((r, colour), (r * 0.74, _IVORY), (r * 0.52, colour), (r * 0.16, _IVORY)):
        d.ellipse((_p(cx - rr), _p(cy - rr), _p(cx + rr), _p(cy + rr)), fill=fill)


def _big_dot(d: Pen) -> None:
    """1p: the large ornamental coin."""
    cx, cy = 30, 40
    rings = ((22, _GREEN), (19, _IVORY), (17, _BLUE), (13.5, _IVORY), (12, _RED), (7, _IVORY))
    for rr, fill in rings:
        d.ellipse((_p(cx - rr), _p(cy - rr), _p(cx + rr), _p(cy + rr)), fill=fill)
    for i in range(12):  # petals on the blue ring
        a = i * math.pi / 6
        px, py = cx + 15.2 * math.cos(a), cy + 15.2 * math.sin(a)
        d.ellipse((_p(px - 1.3), _p(py - 1.3), _p(px + 1.3), _p(py + 1.3)), fill=_IVORY)
    d.ellipse((_p(cx - 3), _p(cy - 3), _p(cx + 3), _p(cy + 3)), fill=_GREEN)


_B, _G, _R = _BLUE, _GREEN, _RED
_DOTS: dict[int, tuple[float, list[tuple[float, float, tuple[int, int, int]]]]] = {
    2: (11, [(30, 23, _G), (30, 57, _B)]),
    3: (9.5, [(15, 18, _B), (30, 40, _R), (45, 62, _G)]),
    4: (10, [(18, 24, _B), (42, 24, _G), (18, 56, _G), (42, 56, _B)]),
    5: (9, [(16, 18, _B), (44, 18, _G), (30, 40, _R), (16, 62, _G), (44, 62, _B)]),
    6: (8.5, [(19, 15, _G), (41, 15, _G), (19, 46, _R), (41, 46, _R), (19, 65, _R), (41, 65, _R)]),
    7: (
        7.5,
        [
            (14, 13, _G),
            (30, 20, _G),
            (46, 27, _G),
            (19, 48, _R),
            (41, 48, _R),
            (19, 66, _R),
            (41, 66, _R),
        ],
    ),
    8: (8, [(x, y, _B) for y in (13, 31, 49, 67) for x in (19, 41)]),
    9: (
        7.8,
        [(x, y, c) for y, c in ((17, _B), (40, _R), (63, _G)) for x in (14, 30, 46)],
    ),
}


def _draw_dots(d: Pen, n: int) -> None:
    if n == 1:
        _big_dot(d)
        return
    r, coins = _DOTS[n]
    for cx, cy, colour in coins:
        _dot(d, cx, cy, r, colour)


def _stick(
    d: Pen,
    cx: float,
    cy: float,
    length: float,
    colour: tuple[int, int, int] = _BAMBOO,
    angle: float = 0.0,
) -> None:
    """One bamboo stick centred at (cx, cy): a rounded rod with three nodes."""
    w = 5.2
    dx, dy = math.sin(angle) * length / 2, math.cos(angle) * length / 2
    dark = _BAMBOO_DARK if colour == _BAMBOO else (130, 20, 24)
    d.line((_p(cx - dx), _p(cy - dy), _p(cx + dx), _p(cy + dy)), fill=dark, width=int(_p(w + 1.6)))
    d.line((_p(cx - dx), _p(cy - dy), _p(cx + dx), _p(cy + dy)), fill=colour, width=int(_p(w)))
    for t in (-0.5, 0.0, 0.5):
        nx, ny = cx + 2 * t * dx, cy + 2 * t * dy
        ox, oy = math.cos(angle) * (w / 2 + 0.9), -math.sin(angle) * (w / 2 + 0.9)
        d.line((_p(nx - ox), _p(ny - oy), _p(nx + ox), _p(ny + oy)), fill=dark, width=int(_p(1.3)))
    # A light streak gives the rod some roundness.
    sx, sy = math.cos(angle) * 0.8, -math.sin(angle) * 0.8
    d.line(
        (_p(cx - dx * 0.8 - sx), _p(cy - dy * 0.8 - sy), _p(cx - sx), _p(cy - sy)),
        fill=(170, 225, 180) if colour == _BAMBOO else (250, 170, 160),
        width=int(_p(0.9)),
    )


_L = 24  # stick length for the sparse layouts
_STICKS: dict[int, list[tuple[float, float, float, bool]]] = {
    2: [(30, 22, _L, False), (30, 58, _L, False)],
    3: [(30, 22, _L, False), (18, 58, _L, False), (42, 58, _L, False)],
    4: [(18, 22, _L, False), (42, 22, _L, False), (18, 58, _L, False), (42, 58, _L, False)],
    5: [
        (14, 22, _L, False),
        (46, 22, _L, False),
        (30, 40, _L, True),
        (14, 58, _L, False),
        (46, 58, _L, False),
    ],
    6: [(x, y, _L, False) for y in (22.0, 58.0) for x in (14.0, 30.0, 46.0)],
    7: [(30.0, 14.0, 18.0, True)] + [(x, y, 18.0, False) for y in (40, 64) for x in (14, 30, 46)],
    9: [(x, y, 19.0, x == 30) for y in (15.0, 40.0, 65.0) for x in (14.0, 30.0, 46.0)],
}


def _draw_bamboo(d: Pen, n: int) -> None:
    if n == 1:
        _bird(d)
        return
    if n == 8:
        # The traditional "M over W": outer sticks upright, inner ones leaning.
        for y, lean in ((22, 1), (58, -1)):
            _stick(d, 10, y, _L)
            _stick(d, 50, y, _L)
            _stick(d, 23, y, _L + 2, angle=lean * 0.38)
            _stick(d, 37, y, _L + 2, angle=-lean * 0.38)
        return
    for cx, cy, length, red in _STICKS[n]:
        _stick(d, cx, cy, length, _RED if red else _BAMBOO)


def _poly(d: Pen, pts: list[tuple[float, float]], fill: tuple[int, int, int]) -> None:
    d.polygon([(_p(x), _p(y)) for x, y in pts], fill=fill)


def _bird(d: Pen) -> None:
    """1s (幺鸡): a peacock-like bird standing on a branch."""
    # Tail feathers fanning down-left.
    for i, colour in enumerate((_GREEN, _BLUE, _RED, _GREEN)):
        a = 2.25 + i * 0.22
        x2, y2 = 28 + 24 * math.cos(a), 46 + 24 * math.sin(a) * -1
        d.line((_p(30), _p(48), _p(x2), _p(y2 + 20)), fill=colour, width=int(_p(3)))
        d.ellipse((_p(x2 - 3), _p(y2 + 17), _p(x2 + 3), _p(y2 + 23)), fill=colour)
    # Body and wing.
    d.ellipse((_p(22), _p(30), _p(44), _p(56)), fill=_GREEN)
    _poly(d, [(27, 38), (44, 40), (36, 54), (26, 50)], _BLUE)
    _poly(d, [(30, 42), (42, 43), (35, 51)], (80, 170, 210))
    # Neck, head, crest, beak, eye.
    _poly(d, [(36, 34), (42, 20), (47, 22), (42, 38)], _GREEN)
    d.ellipse((_p(39), _p(12), _p(50), _p(23)), fill=_GREEN)
    for dx in (-2.5, 0, 2.5):
        d.line((_p(44), _p(13), _p(44 + dx * 1.6), _p(6)), fill=_RED, width=int(_p(1.6)))
        d.ellipse((_p(44 + dx * 1.6 - 1.5), _p(4.5), _p(44 + dx * 1.6 + 1.5), _p(7.5)), fill=_RED)
    _poly(d, [(49, 16), (55, 18.5), (49, 20)], (225, 150, 20))
    d.ellipse((_p(44.5), _p(15), _p(47.5), _p(18)), fill=_IVORY)
    d.ellipse((_p(45.3), _p(15.8), _p(46.8), _p(17.3)), fill=(0, 0, 0))
    # Legs and branch.
    d.line((_p(31), _p(55), _p(29), _p(66)), fill=_RED, width=int(_p(1.6)))
    d.line((_p(37), _p(55), _p(38), _p(66)), fill=_RED, width=int(_p(1.6)))
    d.line((_p(12), _p(68), _p(50), _p(65)), fill=(120, 80, 40), width=int(_p(2.6)))
    d.ellipse((_p(46), _p(61), _p(52), _p(67)), fill=_GREEN)


_NUMERALS = "一二三四五六七八九"


def _draw_characters(d: Pen, n: int) -> None:
    draw_text(d, (_p(30), _p(23)), _NUMERALS[n - 1], int(_p(27)), _NAVY, bold=True, anchor="mm")
    draw_text(d, (_p(30), _p(56)), "萬", int(_p(32)), _RED, bold=True, anchor="mm")


def _draw_honor(d: Pen, tile: Tile) -> None:
    if tile.family is Family.WIND:
        char = "東南西北"[tile.number - 1]
        draw_text(d, (_p(30), _p(40)), char, int(_p(42)), _NAVY, bold=True, anchor="mm")
    elif tile.number == 1:
        draw_text(d, (_p(30), _p(40)), "中", int(_p(46)), _RED, bold=True, anchor="mm")
    elif tile.number == 2:
        draw_text(d, (_p(30), _p(40)), "發", int(_p(42)), _GREEN, bold=True, anchor="mm")
    else:  # 白: the framed white dragon
        for inset, width in ((9, 2.6), (13.5, 1.2)):
            d.rounded_rectangle(
                (_p(inset), _p(inset + 3), _p(60 - inset), _p(77 - inset)),
                radius=int(_p(2)),
                outline=_BLUE,
                width=int(_p(width)),
            )


_FLOWER_CHARS = "春夏秋冬梅兰竹菊"
_FLOWER_COLOURS = (
    (40, 150, 70),
    (210, 50, 40),
    (215, 120, 20),
    (40, 90, 190),
    (205, 50, 110),
    (125, 60, 170),
    (25, 125, 60),
    (200, 140, 0),
)


def _blossom(d: Pen, cx: float, cy: float, r: float, colour: tuple[int, int, int]) -> None:
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        px, py = cx + r * math.cos(a), cy + r * math.sin(a)
        d.ellipse(
            (_p(px - r * 0.75), _p(py - r * 0.75), _p(px + r * 0.75), _p(py + r * 0.75)),
            fill=colour,
        )
    d.ellipse(
        (_p(cx - r * 0.55), _p(cy - r * 0.55), _p(cx + r * 0.55), _p(cy + r * 0.55)), fill=GOLD
    )


def _draw_flower(d: Pen, n: int) -> None:
    colour = _FLOWER_COLOURS[n - 1]
    number = (n - 1) % 4 + 1
    # Seasons carry blue numbers, plants red ones, as on many sets.
    draw_text(
        d,
        (_p(6), _p(4)),
        str(number),
        int(_p(15)),
        _BLUE if n <= 4 else _RED,
        bold=True,
        anchor="lt",
    )
    draw_text(
        d, (_p(32), _p(34)), _FLOWER_CHARS[n - 1], int(_p(34)), colour, bold=True, anchor="mm"
    )
    _blossom(d, 30, 63, 4.2, colour)
    d.line((_p(14), _p(66), _p(23), _p(63)), fill=_GREEN, width=int(_p(1.5)))
    d.line((_p(37), _p(63), _p(46), _p(66)), fill=_GREEN, width=int(_p(1.5)))


_DRAWERS: dict[Family, Callable[[Pen, Tile], None]] = {
    Family.CHARACTERS: lambda d, t: _draw_characters(d, t.number),
    Family.DOTS: lambda d, t: _draw_dots(d, t.number),
    Family.BAMBOO: lambda d, t: _draw_bamboo(d, t.number),
    Family.WIND: _draw_honor,
    Family.DRAGON: _draw_honor,
    Family.FLOWER: lambda d, t: _draw_flower(d, t.number),
}


def _blank(face_up: bool) -> Image.Image:
    w, h = _p(TILE_W), _p(TILE_H + DEPTH)
    img = Image.new("RGBA", (int(w), int(h)), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = int(_p(7))
    # The body shows below the face as the tile's thickness.
    d.rounded_rectangle((0, _p(DEPTH - 2), w - 1, h - 1), radius=r, fill=_BODY_DARK)
    d.rounded_rectangle((0, _p(3), w - 1, h - _p(3)), radius=r, fill=_BODY if face_up else _IVORY)
    face = _IVORY if face_up else _BODY
    d.rounded_rectangle(
        (0, 0, w - 1, _p(TILE_H)),
        radius=r,
        fill=face,
        outline=_EDGE if face_up else _BODY_DARK,
        width=int(_p(1)),
    )
    return img


@lru_cache(maxsize=64)
def _tile_big(tile: Tile) -> Image.Image:
    img = _blank(face_up=True)
    _DRAWERS[tile.family](ImageDraw.Draw(img), tile)
    return img


def tile_size(width: int) -> tuple[int, int]:
    """(width, height) in pixels of a tile sprite ``width`` px wide, body included."""
    return width, round(width * (TILE_H + DEPTH) / TILE_W)


@lru_cache(maxsize=1024)
def tile_image(tile: Tile, width: int = TILE_W, wildcard: bool = False) -> Image.Image:
    """The face of ``tile`` as an RGBA sprite ``width`` px wide (see :func:`tile_size`).

    ``wildcard=True`` marks a 财神 (Jinhua wildcard) tile with a gold frame and a
    财 corner badge.
    """
    img = _tile_big(tile).resize(tile_size(width), Image.Resampling.LANCZOS)
    if wildcard:
        img = img.copy()
        d = ImageDraw.Draw(img)
        k = width / TILE_W
        face_h = round(TILE_H * k)
        d.rounded_rectangle(
            (1, 1, width - 2, face_h - 1),
            radius=round(6 * k),
            outline=GOLD,
            width=max(2, round(3 * k)),
        )
        r = round(10 * k)
        d.ellipse((width - 2 * r - 1, 0, width - 1, 2 * r), fill=GOLD)
        draw_text(
            d, (width - r - 1, r), "财", max(8, round(13 * k)), (120, 30, 0), bold=True, anchor="mm"
        )
    return img


@lru_cache(maxsize=16)
def tile_back(width: int = TILE_W) -> Image.Image:
    """A face-down tile (concealed kong, the wall), ``width`` px wide."""
    return _blank(face_up=False).resize(tile_size(width), Image.Resampling.LANCZOS)
