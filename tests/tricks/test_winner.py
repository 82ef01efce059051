"""Trick winner: following suit, ruff 毙 (pajiwo.txt:111) and over-ruff 盖毙 (pajiwo.txt:113-119).

The seed's worked examples name only trump and side cards; they are played at
level 3 with ♥ trump (and again at level 2, where ♥2 becomes the trump-suit
level card and the results stay the same). The side suit is ♠.
"""

from __future__ import annotations

import pytest

from games.cards import Rank, Suit
from games.tricks import PAJIWO_RULES, TrumpOrder, trick_winner
from tests.tricks.conftest import cards

LEVEL3_HEARTS = TrumpOrder(Rank.THREE, Suit.HEARTS)
SEED_ORDERS = [LEVEL3_HEARTS, TrumpOrder(Rank.TWO, Suit.HEARTS)]


def winner(*plays: str, order: TrumpOrder = LEVEL3_HEARTS) -> int:
    return trick_winner([(seat, cards(p)) for seat, p in enumerate(plays)], order, PAJIWO_RULES)


@pytest.mark.parametrize("order", SEED_ORDERS)
def test_seed_9988_72_ruffs_AK5544(order: TrumpOrder) -> None:
    """pajiwo.txt:115: 主牌 9988 72 可斃副牌 AK5544."""
    assert winner("As Ks 5s 5s 4s 4s", "9h 9h 8h 8h 7h 2h", order=order) == 1


@pytest.mark.parametrize("order", SEED_ORDERS)
def test_seed_9988_72_does_not_ruff_AA5544(order: TrumpOrder) -> None:
    """pajiwo.txt:115: ... 但不能斃副牌 AA5544 (one pair short: a discard)."""
    assert winner("As As 5s 5s 4s 4s", "9h 9h 8h 8h 7h 2h", order=order) == 0


@pytest.mark.parametrize("order", SEED_ORDERS)
def test_seed_977_ruffs_544_and_884_over_ruffs(order: TrumpOrder) -> None:
    """pajiwo.txt:117: 主牌 977 可斃副牌 544, 主牌 884 可蓋斃 (pair 88 over pair 77)."""
    assert winner("5s 4s 4s", "9h 7h 7h", order=order) == 1
    assert winner("5s 4s 4s", "9h 7h 7h", "8h 8h 4h", order=order) == 2


@pytest.mark.parametrize("order", SEED_ORDERS)
def test_seed_977_ruffs_567_and_884_does_not_over_ruff(order: TrumpOrder) -> None:
    """pajiwo.txt:119: singles compare by the highest card, 9 over 8."""
    assert winner("5s 6s 7s", "9h 7h 7h", order=order) == 1
    assert winner("5s 6s 7s", "9h 7h 7h", "8h 8h 4h", order=order) == 1


def test_multi_ruff_single_lead() -> None:
    """Three players void in ♠: a ruff, an over-ruff, and a lower ruff that does not count."""
    assert winner("As", "4h", "Jh", "9h") == 2
    # a level card over-ruffs the trump suit; the trump-suit level card over-ruffs that
    assert winner("As", "Ah", "3c", "3h") == 3


def test_multi_ruff_pair_lead() -> None:
    """A pair lead: trump non-pairs are discards; the off-suit level pair over-ruffs ♥4♥4."""
    assert winner("Ks Ks", "4h 4h", "Ah Kh", "3s 3s") == 3
    assert winner("Ks Ks", "4h 4h", "Ah Kh", "2d 2d") == 1


def test_multi_ruff_tractor_lead() -> None:
    assert winner("Ks Ks Qs Qs", "5h 5h 4h 4h", "BJ BJ 2h 7h", "7h 7h 6h 6h") == 3


def test_equal_off_suit_level_cards_first_stays() -> None:
    """Off-suit level cards are equal (pajiwo.txt:95): the earlier one holds the trick."""
    assert winner("Kh", "3s", "3c", "2h") == 1
    assert winner("As", "3s", "3c") == 1


def test_following_suit_higher_wins_and_shape_matters() -> None:
    assert winner("9s", "Js", "Ks", "2s") == 2
    assert winner("9s 9s", "As Ks", "Js Js", "2s 2s") == 2
    assert winner("9s 9s 8s 8s", "As As Ks Qs", "Js Js 10s 10s", "2s 2s 4s 4s") == 2
    # a side card never beats a trump lead, a trump beats a side lead
    assert winner("2h", "As", "Ad") == 0
    assert winner("9s", "2h") == 1


def test_mixed_play_is_a_discard() -> None:
    assert winner("Ks Ks", "As 7h") == 0


def test_ruff_then_higher_side_card_cannot_win() -> None:
    assert winner("9s", "2h", "As") == 1


def test_no_trump_level_card_ruffs() -> None:
    no_trump = TrumpOrder(Rank.FIVE, None)
    assert winner("As", "5s", "Ks", order=no_trump) == 1
    assert winner("As", "Ah", order=no_trump) == 0


def test_tractor_follow_compares_by_top() -> None:
    """Trump tractor follows: the ♥A♥A + ♠3♠3 tractor beats ♥K♥K♥Q♥Q."""
    assert winner("Kh Kh Qh Qh", "Ah Ah 3s 3s", "Jh Jh 10h 10h") == 1


def test_throw_ruff_compares_by_largest_unit() -> None:
    """Lead: side tractor + single; ruffs compare by their tractor, not by the single."""
    lead = "As 9s 9s 8s 8s"
    assert winner(lead, "BJ 5h 5h 4h 4h", "2h 7h 7h 6h 6h") == 2


def test_no_plays_is_an_error() -> None:
    with pytest.raises(ValueError, match="lead"):
        trick_winner([], LEVEL3_HEARTS, PAJIWO_RULES)
