"""The result table by the defenders' points (pajiwo.txt:133-137) and points (pajiwo.txt:123)."""

from __future__ import annotations

import pytest

from games.cards import full_deck
from games.pajiwo.scoring import TOTAL_POINTS, card_points, outcome


def test_two_decks_hold_200_points() -> None:
    assert card_points(full_deck(2)) == TOTAL_POINTS == 200


@pytest.mark.parametrize(
    ("points", "dealer_up", "defenders_up", "takeover", "name"),
    [
        (0, 3, 0, False, "大光"),
        (5, 2, 0, False, "小光"),
        (35, 2, 0, False, "小光"),
        (40, 1, 0, False, "不上台"),
        (75, 1, 0, False, "不上台"),
        (80, 0, 0, True, "上庄"),
        (115, 0, 0, True, "上庄"),
        (120, 0, 1, True, "升级"),
        (155, 0, 1, True, "升级"),
        (160, 0, 2, True, "升级"),
        (195, 0, 2, True, "升级"),
        (200, 0, 3, True, "升级"),
        (440, 0, 9, True, "升级"),
    ],
)
def test_result_table_rows_and_edges(
    points: int, dealer_up: int, defenders_up: int, takeover: bool, name: str
) -> None:
    res = outcome(points)
    assert (res.dealer_up, res.defenders_up, res.takeover, res.name) == (
        dealer_up,
        defenders_up,
        takeover,
        name,
    )


def test_negative_points_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot be negative"):
        outcome(-5)
