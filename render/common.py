"""Shared drawing helpers: colours, PNG encoding, badges and panels."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.fonts import draw_text, text_width

__all__ = [
    "BG",
    "GOLD",
    "INK",
    "MUTED",
    "PANEL",
    "RED",
    "TABLE",
    "WHITE",
    "badge",
    "new_canvas",
    "panel",
    "to_png",
]

TABLE = (22, 92, 62)  # felt green
TABLE_DARK = (16, 70, 47)
BG = (30, 33, 40)  # dark page, matches Discord's dark theme
PANEL = (245, 242, 232)
PANEL_DIM = (214, 210, 198)
INK = (26, 26, 30)
MUTED = (110, 110, 118)
RED = (200, 30, 40)
GREEN = (20, 130, 60)
BLUE = (30, 70, 160)
GOLD = (240, 180, 30)
WHITE = (255, 255, 255)
TEAM_COLOURS = ((60, 120, 220), (220, 90, 40), (140, 80, 200), (40, 160, 120))


def new_canvas(width: int, height: int, colour: tuple[int, int, int] = TABLE) -> Image.Image:
    """A fresh RGB canvas of ``width`` x ``height`` pixels."""
    return Image.new("RGB", (width, height), colour)


def to_png(img: Image.Image, colors: int = 256) -> bytes:
    """Encode ``img`` as PNG bytes, quantised to a ``colors``-entry palette to keep it small.

    Pictures here are flat colours plus anti-aliased text, so a 256-colour palette keeps
    them visually identical at a third of the size.
    """
    if img.mode != "P":
        img = img.convert("RGB").quantize(
            colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


def panel(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: tuple[int, int, int] = PANEL,
    outline: tuple[int, int, int] | None = None,
    width: int = 3,
    radius: int = 12,
) -> None:
    """A rounded rectangle ``box`` = (x0, y0, x1, y1)."""
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def badge(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: tuple[int, int, int],
    ink: tuple[int, int, int] = WHITE,
    bold: bool = True,
) -> int:
    """A pill with ``text`` whose left-middle point is ``xy``; returns its width."""
    pad = size // 2
    w = text_width(text, size, bold) + 2 * pad
    x, y = xy
    h = size * 1.45
    draw.rounded_rectangle((x, y - h / 2, x + w, y + h / 2), radius=int(h / 2), fill=fill)
    draw_text(draw, (x + w / 2, y), text, size, ink, bold=bold, anchor="mm")
    return w
