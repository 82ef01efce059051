"""A tournament's standings picture: the ranked-table frame of a season's standings
(render/ranking.py) with the tournament's figures, its title in the reader's language."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.tournaments.model import Standing
from bot.tournaments.store import Tournament
from cogs.tournament_text import standings_picture
from render.ranking import MEDALS, ROW_H
from render.standings import StandingsRow, standings_image
from render.tournament_standings import (
    TournamentRow,
    tournament_standings_image,
    tournament_standings_png,
)


def _colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _, c in image.getcolors(image.width * image.height) or []}


def test_the_standings_draw_one_row_per_participant_in_the_seasons_frame() -> None:
    rows = [TournamentRow(i, f"player {i}", 3.0 - i / 2, 1.25, 3 - i % 3) for i in range(1, 6)]
    image = tournament_standings_image(rows, "金华麻将 · tournament 1 · final standings")
    assert image.mode == "RGB" and image.width == 900
    assert image.height == 70 + 40 + 5 * ROW_H + 20
    # the same frame as a season's standings of as many rows: same size, same medals
    season = standings_image([StandingsRow(i, f"p{i}", 1.0, 1, 0, 0) for i in range(1, 6)], "x")
    assert season.size == image.size
    assert set(MEDALS) <= _colours(image)
    # the rows below the medals differ only by their figures: a row's band is drawn
    top = image.crop((0, 110, 900, 110 + ROW_H))
    assert top.getpixel((450, ROW_H // 2)) == season.crop((0, 110, 900, 110 + ROW_H)).getpixel(
        (450, ROW_H // 2)
    )
    empty = tournament_standings_image([])
    assert empty.height == 16 + 40 + ROW_H + 20
    assert not set(MEDALS) & _colours(empty)
    assert Image.open(io.BytesIO(tournament_standings_png(rows, "t"))).size == image.size


def test_a_row_must_make_sense() -> None:
    with pytest.raises(ValueError, match="bad rank"):
        TournamentRow(0, "x", 1.0, 0.0, 0)
    with pytest.raises(ValueError, match="bad rank"):
        TournamentRow(1, "x", -1.0, 0.0, 0)


def test_the_picture_of_the_command_is_titled_in_the_readers_language() -> None:
    t = Tournament(
        3, 1, 500, 11, "jinhua", "quick", "swiss", False, 2, "live", 0.0, 60.0, 5, "finished", 2
    )
    table = [
        Standing(1, 11, 1.5, 0.75, 2, 1, (1.0, 0.5)),
        Standing(2, -1, 1.0, 1.0, 1, 2, (0.5, 0.5)),
        Standing(3, 12, 0.5, 1.25, 0, 3, (0.0, 0.5)),
    ]
    names = {11: "Ann", -1: "Bot 1", 12: "Bo"}
    en = Image.open(io.BytesIO(standings_picture("en", t, table, names, True, 2)))
    zh = Image.open(io.BytesIO(standings_picture("zh-CN", t, table, names, True, 2)))
    assert en.size == zh.size == (900, 70 + 40 + 3 * ROW_H + 20)
    # the rows are the same; only the title (the top 70 px) is in another language
    box = (0, 70, 900, en.height)
    assert en.crop(box).tobytes() == zh.crop(box).tobytes()
    assert en.crop((0, 0, 900, 70)).tobytes() != zh.crop((0, 0, 900, 70)).tobytes()
    # and they are the rows drawn from the standings: names as signed up, two decimals
    rows = [
        TournamentRow(1, "Ann", 1.5, 0.75, 2),
        TournamentRow(2, "Bot 1", 1.0, 1.0, 1),
        TournamentRow(3, "Bo", 0.5, 1.25, 0),
    ]
    drawn = Image.open(io.BytesIO(tournament_standings_png(rows, "x")))
    assert drawn.crop(box).tobytes() == en.crop(box).tobytes()
