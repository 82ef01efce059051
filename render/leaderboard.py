"""A server's leaderboard for one game: :func:`leaderboard_image`."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import BG, GOLD, INK, PANEL, PANEL_DIM, to_png
from render.fonts import draw_text, text_width, truncate
from render.scenes import LeaderboardRow

__all__ = ["leaderboard_image", "leaderboard_png"]

_W = 760
_ROW_H = 58
_MEDALS = ((236, 184, 40), (190, 196, 204), (205, 127, 50))


def _fit(text: str, size: int, max_w: int, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``max_w`` px (a huge
    rank, rating or game count shrinks rather than running into the next column)."""
    while size > 12 and text_width(text, size, bold) > max_w:
        size -= 1
    return size


def leaderboard_image(rows: Sequence[LeaderboardRow], title: str = "") -> Image.Image:
    """Draw a table of ``rows`` in the given order: rank (top three as medals), name,
    rating (rounded), games and win rate (per cent). 760 px wide; returns RGB."""
    title_h = 70 if title else 16
    head_h = 40
    height = title_h + head_h + max(1, len(rows)) * _ROW_H + 20
    img = Image.new("RGB", (_W, height), BG)
    d = ImageDraw.Draw(img)
    if title:
        draw_text(
            d,
            (24, 38),
            truncate(title, 32, _W - 48, True),
            32,
            (255, 255, 255),
            bold=True,
            anchor="lm",
        )
    cols = {"rank": 58, "name": 108, "rating": 520, "games": 620, "win": 730}
    y = title_h
    for key, text, anchor in (
        ("rank", "#", "mm"),
        ("name", "玩家 player", "lm"),
        ("rating", "积分 rating", "rm"),
        ("games", "局 games", "rm"),
        ("win", "胜率 win", "rm"),
    ):
        draw_text(
            d, (cols[key], y + head_h / 2), text, 18, (180, 180, 190), bold=True, anchor=anchor
        )
    y += head_h
    if not rows:
        draw_text(
            d, (_W / 2, y + _ROW_H / 2), "还没有对局 no games yet", 24, (200, 200, 200), anchor="mm"
        )
    for i, row in enumerate(rows):
        fill = PANEL if i % 2 == 0 else PANEL_DIM
        d.rounded_rectangle((16, y + 3, _W - 16, y + _ROW_H - 3), radius=10, fill=fill)
        cy = y + _ROW_H / 2
        if 1 <= row.rank <= 3:
            r = 19
            d.ellipse(
                (cols["rank"] - r, cy - r, cols["rank"] + r, cy + r), fill=_MEDALS[row.rank - 1]
            )
        rank, rating, games = str(row.rank), f"{row.rating:.0f}", str(row.games)
        size = _fit(rank, 24, 2 * (cols["name"] - cols["rank"]) - 24, True)
        draw_text(d, (cols["rank"], cy), rank, size, INK, bold=True, anchor="mm")
        name = truncate(row.name, 26, cols["rating"] - cols["name"] - 90, True)
        draw_text(d, (cols["name"], cy), name, 26, INK, bold=True, anchor="lm")
        size = _fit(rating, 26, 84, True)
        draw_text(d, (cols["rating"], cy), rating, size, INK, bold=True, anchor="rm")
        size = _fit(games, 24, cols["games"] - cols["rating"] - 12)
        draw_text(d, (cols["games"], cy), games, size, INK, anchor="rm")
        pct = f"{row.win_rate * 100:.0f}%"
        draw_text(d, (cols["win"], cy), pct, 24, INK, anchor="rm")
        # A bar under the win rate makes the column scannable.
        bw = 70 * max(0.0, min(1.0, row.win_rate))
        d.rectangle((cols["win"] - 70, cy + 19, cols["win"] - 70 + bw, cy + 23), fill=GOLD)
        y += _ROW_H
    return img


def leaderboard_png(rows: Sequence[LeaderboardRow], title: str = "") -> bytes:
    """:func:`leaderboard_image` encoded as PNG bytes."""
    return to_png(leaderboard_image(rows, title))
