"""The result table by the defenders' points (pajiwo.txt:133-137) and points (pajiwo.txt:123)."""

from __future__ import annotations

import pytest

from games.cards import full_deck
from games.pajiwo.scoring import TOTAL_POINTS, card_points, outcome, settle


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


@pytest.mark.parametrize(
    ("points", "dealer", "levels", "winner", "up", "after", "next_dealer"),
    [
        (0, 1, (2, 5), 1, 3, (2, 8), 3),  # 大光: dealer side +3, the dealer's partner deals
        (35, 2, (9, 2), 0, 2, (11, 2), 0),  # 小光
        (75, 3, (2, 13), 1, 1, (2, 14), 1),  # 不上台 at K: up to A
        (80, 0, (4, 7), 1, 0, (4, 7), 1),  # 上庄: the old dealer's next player deals
        (155, 3, (6, 6), 0, 1, (7, 6), 0),
        (240, 0, (12, 2), 1, 4, (12, 6), 1),  # after 扣底: +1 for 120 and each further 40
        (200, 0, (2, 12), 1, 3, (2, 14), 1),  # levels stop at A
    ],
)
def test_settle_levels_and_next_dealer(
    points: int,
    dealer: int,
    levels: tuple[int, int],
    winner: int,
    up: int,
    after: tuple[int, int],
    next_dealer: int,
) -> None:
    st = settle(points, dealer, levels)
    assert (st.winner_team, st.levels_up, st.levels, st.next_dealer) == (
        winner,
        up,
        after,
        next_dealer,
    )
    assert not st.match_won


def test_settle_match_end() -> None:
    # a dealer side playing A that goes up wins; defenders reaching A by taking over do not
    assert settle(75, 0, (14, 9)).match_won
    assert not settle(80, 0, (14, 9)).match_won
    assert not settle(200, 0, (9, 12)).match_won
    assert settle(0, 1, (2, 14)).match_won and settle(0, 1, (2, 14)).winner_team == 1
    # one hand: whoever comes out ahead; to_level: the first side to reach the target by going up
    assert settle(80, 0, (2, 2), "one_hand").match_won
    assert settle(40, 0, (5, 2), "to_level", 6).match_won
    assert not settle(45, 0, (4, 2), "to_level", 6).match_won
    assert not settle(100, 0, (2, 7), "to_level", 6).match_won  # takes over but goes up 0
    assert settle(120, 0, (2, 5), "to_level", 6).match_won
