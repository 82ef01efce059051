"""A season's standings for one game: :func:`standings_image` (the look of
:mod:`render.leaderboard`: dark page, light rows, medals for the top three)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.common import BG, INK, PANEL, PANEL_DIM, to_png
from render.fonts import draw_text, truncate
from render.leaderboard import _MEDALS, _ROW_H, _fit

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
    title_h = 70 if title else 16
    head_h = 40
    height = title_h + head_h + max(1, len(rows)) * _ROW_H + 20
    img = Image.new("RGB", (_W, height), BG)
    d = ImageDraw.Draw(img)
    if title:
        draw_text(
            d,
            (24, 38),
            truncate(title, 30, _W - 48, True),
            30,
            (255, 255, 255),
            bold=True,
            anchor="lm",
        )
    cols = {"rank": 58, "name": 108, "rating": 505, "games": 620, "wins": 720, "points": 870}
    y = title_h
    for key, text, anchor in (
        ("rank", "#", "mm"),
        ("name", "玩家 player", "lm"),
        ("rating", "等级分 rating", "rm"),
        ("games", "局 games", "rm"),
        ("wins", "胜 wins", "rm"),
        ("points", "积分 points", "rm"),
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
        rank = str(row.rank)
        size = _fit(rank, 24, 2 * (cols["name"] - cols["rank"]) - 24, True)
        draw_text(d, (cols["rank"], cy), rank, size, INK, bold=True, anchor="mm")
        name = truncate(row.name, 26, cols["rating"] - cols["name"] - 110, True)
        draw_text(d, (cols["name"], cy), name, 26, INK, bold=True, anchor="lm")
        rating = f"{row.rating:.1f}"
        size = _fit(rating, 26, 100, True)
        draw_text(d, (cols["rating"], cy), rating, size, INK, bold=True, anchor="rm")
        for key, value in (("games", row.games), ("wins", row.wins), ("points", row.points)):
            text = str(value)
            size = _fit(text, 24, 88)
            draw_text(d, (cols[key], cy), text, size, INK, anchor="rm")
        y += _ROW_H
    return img


def standings_png(rows: Sequence[StandingsRow], title: str = "") -> bytes:
    """:func:`standings_image` encoded as PNG bytes."""
    return to_png(standings_image(rows, title))
