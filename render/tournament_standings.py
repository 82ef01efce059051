"""A tournament's standings: :func:`tournament_standings_image`, in the ranked-table frame of
the leaderboard and a season's standings (:mod:`render.ranking`: dark page, title, headers,
light rows, medals for the top three), with the tournament's own figures: points (the sum of
the round scores, 0 to 1 each), the opponents tie-break and tops (docs/tournaments.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from render.common import INK, to_png
from render.fonts import draw_text
from render.ranking import NAME_X, fit, ranking_frame

__all__ = ["TournamentRow", "tournament_standings_image", "tournament_standings_png"]

_W = 900
_COLS = {"points": 560, "opponents": 740, "tops": 870}
HEADERS = (
    ("积分 points", _COLS["points"], "rm"),
    ("对手分 opponents", _COLS["opponents"], "rm"),
    ("头名 tops", _COLS["tops"], "rm"),
)
"""The column headers, in both languages as every ranked picture has them."""


@dataclass(frozen=True)
class TournamentRow:
    """One line: ``rank`` from 1, the participant's ``name``, ``points`` (drawn with two
    decimals), the ``opponents`` tie-break (two decimals) and ``tops``."""

    rank: int
    name: str
    points: float
    opponents: float
    tops: int

    def __post_init__(self) -> None:
        if self.rank < 1 or self.points < 0 or self.tops < 0:
            raise ValueError(
                f"TournamentRow: bad rank {self.rank}, points {self.points} or tops {self.tops}"
            )


def tournament_standings_image(rows: Sequence[TournamentRow], title: str = "") -> Image.Image:
    """Draw ``rows`` in the given order: rank (top three as medals), name, points, opponents,
    tops. 900 px wide; returns RGB."""
    img, d, centres = ranking_frame(
        _W,
        title,
        30,
        HEADERS,
        [(row.rank, row.name) for row in rows],
        _COLS["points"] - NAME_X - 110,
    )
    for row, cy in zip(rows, centres, strict=True):
        points = f"{row.points:.2f}"
        draw_text(d, (_COLS["points"], cy), points, fit(points, 26, 110, True), INK, bold=True,
                  anchor="rm")  # fmt: skip
        for key, text in (("opponents", f"{row.opponents:.2f}"), ("tops", str(row.tops))):
            draw_text(d, (_COLS[key], cy), text, fit(text, 24, 100), INK, anchor="rm")
    return img


def tournament_standings_png(rows: Sequence[TournamentRow], title: str = "") -> bytes:
    """:func:`tournament_standings_image` encoded as PNG bytes."""
    return to_png(tournament_standings_image(rows, title))
