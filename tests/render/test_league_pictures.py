"""The league's pictures: a season's standings (the leaderboard's look) and a player's rating
chart (Pillow only)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.rating_chart import _ticks, rating_chart_image, rating_chart_png
from render.standings import StandingsRow, standings_image, standings_png


def test_standings_draw_one_row_per_player_under_a_title() -> None:
    rows = [StandingsRow(i, f"player {i}", 10.0 - i, 5, 5 - i % 5, 10 - i) for i in range(1, 6)]
    image = standings_image(rows, "扒鸡窝 Pajiwo · 第 1 赛季 season 1")
    assert image.mode == "RGB" and image.width == 900
    assert image.height == 70 + 40 + 5 * 58 + 20
    empty = standings_image([])
    assert empty.height == 16 + 40 + 58 + 20
    png = standings_png(rows)
    assert Image.open(io.BytesIO(png)).width == 900


def test_a_standings_row_must_add_up() -> None:
    with pytest.raises(ValueError, match="bad rank"):
        StandingsRow(1, "x", 0.0, 2, 3, 0)  # more wins than games
    with pytest.raises(ValueError, match="bad rank"):
        StandingsRow(0, "x", 0.0, 2, 1, 0)


def test_the_rating_chart_plots_each_match_and_marks_the_latest() -> None:
    points = [(float(t), v) for t, v in enumerate([0.0, 1.5, 3.2, 2.8, 4.9])]
    image = rating_chart_image(points, "扒鸡窝 Pajiwo · alice")
    assert image.size == (640, 300)
    gold = (240, 180, 30)
    colours = {c for _, c in image.getcolors(640 * 300) or []}
    assert gold in colours  # the line and the latest value's dot
    assert Image.open(io.BytesIO(rating_chart_png(points))).size == (640, 300)
    one = rating_chart_image(points[:1])
    assert gold in {c for _, c in one.getcolors(640 * 300) or []}
    nothing = rating_chart_image([])
    assert gold not in {c for _, c in nothing.getcolors(640 * 300) or []}


def test_grid_values_are_round() -> None:
    assert _ticks(-1.0, 9.0) == [0.0, 5.0]
    assert _ticks(0.0, 1.0) == [0.0, 0.5, 1.0]
    assert _ticks(-13.0, 27.0) == [-10.0, 0.0, 10.0, 20.0]
