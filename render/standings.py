"""A season's standings for one game: :func:`standings_image` (the look of
:mod:`render.leaderboard`: dark page, light rows, medals for the top three)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render.common import INK, to_png
from render.fonts import draw_text
from render.ranking import NAME_X, fit, ranking_frame

__all__ = ["StandingsRow", "standings_image", "standings_png"]

_W = 900


@dataclass(frozen=True)
class StandingsRow:
    """One line: ``rank`` from 1, the player's ``name``, ``rating`` (the conservative figure
    ``mu - 3 sigma``, drawn with one decimal), games, wins and league points."""

    rank: int
    name: str
    rating: float
    games: int
    wins: int
    points: int

    def __post_init__(self) -> None:
        if self.rank < 1 or self.games < 0 or self.wins < 0 or self.wins > self.games:
            raise ValueError(
                f"StandingsRow: bad rank {self.rank}, games {self.games} or wins {self.wins}"
            )


def standings_image(rows: Sequence[StandingsRow], title: str = "") -> Image.Image:
    """Draw ``rows`` in the given order: rank (top three as medals), name, rating, games,
    wins, points. 900 px wide; returns RGB."""
    cols = {"rating": 505, "games": 620, "wins": 720, "points": 870}
    img, d, centres = ranking_frame(
        _W,
        title,
        30,
        (
            ("等级分 rating", cols["rating"], "rm"),
            ("局 games", cols["games"], "rm"),
            ("胜 wins", cols["wins"], "rm"),
            ("积分 points", cols["points"], "rm"),
        ),
        [(row.rank, row.name) for row in rows],
        cols["rating"] - NAME_X - 110,
    )
    for row, cy in zip(rows, centres, strict=True):
        rating = f"{row.rating:.1f}"
        size = fit(rating, 26, 100, True)
        draw_text(d, (cols["rating"], cy), rating, size, INK, bold=True, anchor="rm")
        for key, value in (("games", row.games), ("wins", row.wins), ("points", row.points)):
            text = str(value)
            size = fit(text, 24, 88)
            draw_text(d, (cols[key], cy), text, size, INK, anchor="rm")
    return img


def standings_png(rows: Sequence[StandingsRow], title: str = "") -> bytes:
    """:func:`standings_image` encoded as PNG bytes."""
    return to_png(standings_image(rows, title))
