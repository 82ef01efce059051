"""The frame of a ranked table picture (the leaderboard, a season's standings): dark page, a
title, column headers, light rows, the top three ranks as medals and each row's name. Each
picture draws its own figures into the rows (:func:`ranking_frame` returns where)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from render.common import BG, INK, PANEL, PANEL_DIM
from render.fonts import draw_text, text_width, truncate

__all__ = ["MEDALS", "ROW_H", "fit", "ranking_frame"]

ROW_H = 58
"""A row's height, px."""
MEDALS = ((236, 184, 40), (190, 196, 204), (205, 127, 50))
"""Gold, silver and bronze behind ranks 1–3."""
RANK_X, NAME_X = 58, 108  # the rank's centre and the name's left edge, px


def fit(text: str, size: int, max_w: int, bold: bool = False) -> int:
    """The largest font size up to ``size`` at which ``text`` fits ``max_w`` px (a huge
    rank, rating or game count shrinks rather than running into the next column)."""
    while size > 12 and text_width(text, size, bold) > max_w:
        size -= 1
    return size


def ranking_frame(
    width: int,
    title: str,
    title_size: int,
    headers: Sequence[tuple[str, float, str]],
    rows: Sequence[tuple[int, str]],
    name_width: int,
) -> tuple[Image.Image, ImageDraw.ImageDraw, list[float]]:
    """A ``width`` px picture: ``title`` (``title_size`` pt; none when empty), the column
    ``headers`` as (text, x, anchor: ``lm``/``mm``/``rm``) after ``#`` and the player column,
    and one row a (rank from 1, name) of ``rows``, the name cut to ``name_width`` px; "no games
    yet" when there is no row. Returns the RGB image, its drawing context and each row's
    vertical centre (px), where the caller draws the row's figures."""
    title_h = 70 if title else 16
    head_h = 40
    height = title_h + head_h + max(1, len(rows)) * ROW_H + 20
    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    if title:
        shown = truncate(title, title_size, width - 48, True)
        draw_text(d, (24, 38), shown, title_size, (255, 255, 255), bold=True, anchor="lm")
    y: float = title_h
    for text, x, anchor in (("#", RANK_X, "mm"), ("玩家 player", NAME_X, "lm"), *headers):
        draw_text(d, (x, y + head_h / 2), text, 18, (180, 180, 190), bold=True, anchor=anchor)
    y += head_h
    if not rows:
        draw_text(
            d,
            (width / 2, y + ROW_H / 2),
            "还没有对局 no games yet",
            24,
            (200, 200, 200),
            anchor="mm",
        )
    centres: list[float] = []
    for i, (rank, name) in enumerate(rows):
        fill = PANEL if i % 2 == 0 else PANEL_DIM
        d.rounded_rectangle((16, y + 3, width - 16, y + ROW_H - 3), radius=10, fill=fill)
        cy = y + ROW_H / 2
        if 1 <= rank <= 3:
            r = 19
            d.ellipse((RANK_X - r, cy - r, RANK_X + r, cy + r), fill=MEDALS[rank - 1])
        size = fit(str(rank), 24, 2 * (NAME_X - RANK_X) - 24, True)
        draw_text(d, (RANK_X, cy), str(rank), size, INK, bold=True, anchor="mm")
        shown = truncate(name, 26, name_width, True)
        draw_text(d, (NAME_X, cy), shown, 26, INK, bold=True, anchor="lm")
        centres.append(cy)
        y += ROW_H
    return img, d, centres
