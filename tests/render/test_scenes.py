"""Scenes refuse impossible tables with a clear error instead of drawing nonsense."""

from __future__ import annotations

import pytest

from games.cards import parse_cards
from games.tiles import parse_tiles
from render.scenes import (
    ClimbTableScene,
    LeaderboardRow,
    MahjongSeat,
    MahjongTableScene,
    Meld,
    TrickTableScene,
)

NAMES = ["a", "b", "c", "d"]


def test_trick_scene_checks_seats() -> None:
    with pytest.raises(ValueError, match="a table has 4 seats, not 3"):
        TrickTableScene(names=NAMES[:3], cards_left=[1, 1, 1])
    with pytest.raises(ValueError, match="turn must be a seat 0-3 or None, not 4"):
        TrickTableScene(names=NAMES, cards_left=[1] * 4, turn=4)
    with pytest.raises(ValueError, match="trick_seat must be a seat 0-3"):
        TrickTableScene(names=NAMES, cards_left=[1] * 4, trick=[(7, parse_cards("As"))])
    with pytest.raises(ValueError, match="cards_left needs one entry per seat"):
        TrickTableScene(names=NAMES, cards_left=[1, 2])


def test_climb_scene_checks_seats() -> None:
    with pytest.raises(ValueError, match="last_play_seat must be a seat"):
        ClimbTableScene(names=NAMES, cards_left=[1] * 4, last_play=(9, parse_cards("3s"), ""))
    with pytest.raises(ValueError, match="finish_order_seat"):
        ClimbTableScene(names=NAMES, cards_left=[1] * 4, finish_order=[-1])


def test_meld_sizes() -> None:
    with pytest.raises(ValueError, match="a pong has 3 tiles, not 4"):
        Meld("pong", parse_tiles("1111m"))
    with pytest.raises(ValueError, match="a concealed_kong has 4 tiles, not 3"):
        Meld("concealed_kong", parse_tiles("111m"))
    with pytest.raises(ValueError, match="claimed must index one of the 3 tiles"):
        Meld("chow", parse_tiles("123m"), claimed=3)


def test_mahjong_and_leaderboard_checks() -> None:
    seats = [MahjongSeat(n) for n in NAMES]
    with pytest.raises(ValueError, match="wall_left must be >= 0"):
        MahjongTableScene(seats=seats, wall_left=-1)
    with pytest.raises(ValueError, match="dealer must be a seat"):
        MahjongTableScene(seats=seats, wall_left=10, dealer=4)
    with pytest.raises(ValueError, match="win_rate is a fraction 0-1, not 57"):
        LeaderboardRow(1, "x", 1500, 10, 57)
