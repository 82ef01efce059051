"""A server's leaderboard for one game: :func:`leaderboard_image`."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from render.common import GOLD, INK, to_png
from render.fonts import draw_text
from render.ranking import NAME_X, fit, ranking_frame
from render.scenes import LeaderboardRow

__all__ = ["leaderboard_image", "leaderboard_png"]

_W = 760


def leaderboard_image(rows: Sequence[LeaderboardRow], title: str = "") -> Image.Image:
    """Draw a table of ``rows`` in the given order: rank (top three as medals), name,
    rating (rounded), games and win rate (per cent). 760 px wide; returns RGB."""
    cols = {"rating": 520, "games": 620, "win": 730}
    img, d, centres = ranking_frame(
        _W,
        title,
        32,
        (
            ("积分 rating", cols["rating"], "rm"),
            ("局 games", cols["games"], "rm"),
            ("胜率 win", cols["win"], "rm"),
        ),
        [(row.rank, row.name) for row in rows],
        cols["rating"] - NAME_X - 90,
    )
    for row, cy in zip(rows, centres, strict=True):
        rating, games = f"{row.rating:.0f}", str(row.games)
        size = fit(rating, 26, 84, True)
        draw_text(d, (cols["rating"], cy), rating, size, INK, bold=True, anchor="rm")
        size = fit(games, 24, cols["games"] - cols["rating"] - 12)
        draw_text(d, (cols["games"], cy), games, size, INK, anchor="rm")
        pct = f"{row.win_rate * 100:.0f}%"
        draw_text(d, (cols["win"], cy), pct, 24, INK, anchor="rm")
        # A bar under the win rate makes the column scannable.
        bw = 70 * max(0.0, min(1.0, row.win_rate))
        d.rectangle((cols["win"] - 70, cy + 19, cols["win"] - 70 + bw, cy + 23), fill=GOLD)
    return img


def leaderboard_png(rows: Sequence[LeaderboardRow], title: str = "") -> bytes:
    """:func:`leaderboard_image` encoded as PNG bytes."""
    return to_png(leaderboard_image(rows, title))
