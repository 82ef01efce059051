"""A player's rating over time as a small line chart: :func:`rating_chart_image` (Pillow
only; the colours of :mod:`render.leaderboard`)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import BG, GOLD, to_png
from render.fonts import draw_text, truncate

__all__ = ["rating_chart_image", "rating_chart_png"]

_W, _H = 640, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 64, 20, 56, 36
_GRID = (70, 74, 84)
_LABEL = (180, 180, 190)


def _ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round values from ``low`` to ``high`` for grid lines (steps of 1, 2 or 5 × 10^k)."""
    span = max(high - low, 1e-9)
    raw = span / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(low / step) * step
    out = []
    value = first
    while value <= high + 1e-9:
        out.append(round(value, 6))
        value += step
    return out


def rating_chart_image(points: Sequence[tuple[float, float]], title: str = "") -> Image.Image:
    """Draw ``(time, rating)`` points, oldest first, as a line over match number (one step
    per match, so a busy day does not squeeze its matches together), with grid lines and
    the latest value marked. 640×300 px; returns RGB. No points: an empty frame."""
    img = Image.new("RGB", (_W, _H), BG)
    d = ImageDraw.Draw(img)
    if title:
        draw_text(
            d,
            (16, 26),
            truncate(title, 22, _W - 32, True),
            22,
            (255, 255, 255),
            bold=True,
            anchor="lm",
        )
    values = [v for _, v in points]
    x0, x1, y0, y1 = _LEFT, _W - _RIGHT, _TOP, _H - _BOTTOM
    if not values:
        draw_text(d, (_W / 2, _H / 2), "还没有对局 no games yet", 20, _LABEL, anchor="mm")
        return img
    low, high = min(values), max(values)
    pad = max((high - low) * 0.1, 1.0)
    low, high = low - pad, high + pad

    def ys(v: float) -> float:
        return y1 - (v - low) / (high - low) * (y1 - y0)

    for tick in _ticks(low, high):
        y = ys(tick)
        d.line((x0, y, x1, y), fill=_GRID, width=1)
        draw_text(d, (x0 - 8, y), f"{tick:g}", 14, _LABEL, anchor="rm")
    n = len(values)

    def xs(i: int) -> float:
        return x0 + (x1 - x0) * (i / (n - 1) if n > 1 else 0.5)

    line = [(xs(i), ys(v)) for i, v in enumerate(values)]
    if n > 1:
        d.line(line, fill=GOLD, width=3, joint="curve")
    for x, y in line[-1:]:
        d.ellipse((x - 5, y - 5, x + 5, y + 5), fill=GOLD)
        draw_text(
            d,
            (min(x, x1 - 30), y - 16),
            f"{values[-1]:.1f}",
            16,
            (255, 255, 255),
            bold=True,
            anchor="mm",
        )
    draw_text(d, (x0, _H - 16), "1", 14, _LABEL, anchor="lm")
    draw_text(d, (x1, _H - 16), f"{n} 局 matches", 14, _LABEL, anchor="rm")
    return img


def rating_chart_png(points: Sequence[tuple[float, float]], title: str = "") -> bytes:
    """:func:`rating_chart_image` encoded as PNG bytes."""
    return to_png(rating_chart_image(points, title))
