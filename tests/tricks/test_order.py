"""Card order with trumps (pajiwo.txt:95, :79; dagunzi.txt:55)."""

from __future__ import annotations

import pytest

from games.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit, full_deck, parse_card
from games.tricks import TRUMP, TrumpOrder

LEVEL5_HEARTS = TrumpOrder(Rank.FIVE, Suit.HEARTS)


def c(text: str) -> Card:
    return parse_card(text)


def test_seed_ladder_at_level_5_hearts() -> None:
    """大王 > 小王 > trump-suit level card > other level cards (equal) > trump suit.

    pajiwo.txt:95.
    """
    s = LEVEL5_HEARTS.strength
    assert s(BIG_JOKER) > s(SMALL_JOKER) > s(c("5h")) > s(c("5s"))
    assert s(c("5s")) == s(c("5c")) == s(c("5d"))
    assert s(c("5d")) > s(c("Ah")) > s(c("Kh")) > s(c("6h")) > s(c("4h")) > s(c("2h"))


def test_trump_membership_and_effective_suit() -> None:
    o = LEVEL5_HEARTS
    for text in ("BJ", "SJ", "5s", "5c", "5d", "5h", "2h", "Ah"):
        assert o.is_trump(c(text)), text
        assert o.suit_of(c(text)) == TRUMP
    for text in ("As", "2c", "Kd", "6s"):
        assert not o.is_trump(c(text)), text
    assert o.suit_of(c("As")) is Suit.SPADES


def test_no_trump_only_jokers_and_level_cards() -> None:
    """pajiwo.txt:79: in no-trump only jokers and level cards are trump."""
    o = TrumpOrder(Rank.FIVE, None)
    trumps = sorted((card for card in set(full_deck(1)) if o.is_trump(card)), key=o.sort_key)
    assert trumps == [BIG_JOKER, SMALL_JOKER, c("5s"), c("5h"), c("5c"), c("5d")]
    assert o.strength(c("5h")) == o.strength(c("5s"))
    assert o.suit_of(c("Ah")) is Suit.HEARTS


def test_side_suits_are_ace_high_and_skip_the_level() -> None:
    o = LEVEL5_HEARTS
    assert o.strength(c("As")) > o.strength(c("Ks")) > o.strength(c("6s")) > o.strength(c("4s"))
    # 4 and 6 are neighbours on the ladder at level 5 (pajiwo.txt:89: 4466 is a tractor)
    assert o.position(c("6s")) - o.position(c("4s")) == 1
    assert o.position(c("2s")) == 0


def test_permanent_twos_rank_below_level_and_above_trump_suit() -> None:
    """dagunzi.txt:55: 大王>小王>主级牌>副级牌>主2>副2>主花色牌>副牌."""
    o = TrumpOrder(Rank.THREE, Suit.SPADES, (Rank.TWO,))
    s = o.strength
    assert s(BIG_JOKER) > s(SMALL_JOKER) > s(c("3s")) > s(c("3h")) > s(c("2s")) > s(c("2h"))
    assert s(c("3h")) == s(c("3d")) and s(c("2h")) == s(c("2c"))
    assert s(c("2d")) > s(c("As"))
    assert o.is_trump(c("2h")) and o.is_trump(c("3d"))
    assert not o.is_trump(c("Ah"))
    assert o.suit_of(c("4h")) is Suit.HEARTS


def test_sort_key_puts_trumps_first_strongest_first() -> None:
    o = LEVEL5_HEARTS
    hand = [c(t) for t in ("2c", "As", "SJ", "5d", "Ah", "5h", "BJ", "3d")]
    assert [str(x) for x in o.sorted(hand)] == ["大王", "小王", "♥5", "♦5", "♥A", "♠A", "♣2", "♦3"]


def test_every_card_has_a_place() -> None:
    orders = (
        LEVEL5_HEARTS,
        TrumpOrder(Rank.ACE, None),
        TrumpOrder(None, Suit.CLUBS, (Rank.TWO,)),
    )
    for order in orders:
        deck = full_deck(1)
        assert len({order.sort_key(card) for card in deck}) == 54
        assert sum(order.is_trump(card) for card in deck) >= 2


def test_bad_orders_are_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        TrumpOrder(Rank.BIG_JOKER, Suit.HEARTS)
    with pytest.raises(ValueError, match="permanent"):
        TrumpOrder(Rank.TWO, Suit.HEARTS, (Rank.SMALL_JOKER,))
