"""Card notation: every accepted spelling, the canonical forms, and round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import (
    BIG_JOKER,
    SMALL_JOKER,
    Card,
    CardParseError,
    Rank,
    Suit,
    format_card,
    format_card_ascii,
    format_cards,
    full_deck,
    parse_card,
    parse_cards,
)

TEN_OF_SPADES = Card(Rank.TEN, Suit.SPADES)


@pytest.mark.parametrize("text", ["♠10", "10♠", "S10", "s10", "10s", "TS", "st", "黑桃10", "♤T"])
def test_ten_of_spades_spellings(text: str) -> None:
    assert parse_card(text) == TEN_OF_SPADES


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("BJ", BIG_JOKER),
        ("大王", BIG_JOKER),
        ("rj", BIG_JOKER),
        ("SJ", SMALL_JOKER),
        ("小王", SMALL_JOKER),
        ("红桃K", Card(Rank.KING, Suit.HEARTS)),
        ("紅桃K", Card(Rank.KING, Suit.HEARTS)),
        ("方块A", Card(Rank.ACE, Suit.DIAMONDS)),
        ("梅花3", Card(Rank.THREE, Suit.CLUBS)),
        ("hq", Card(Rank.QUEEN, Suit.HEARTS)),
    ],
)
def test_named_cards(text: str, card: Card) -> None:
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["", "S1O", "X10", "S11", "♠", "王", "10", "S10S"])
def test_not_a_card(text: str) -> None:
    with pytest.raises(CardParseError, match="is not a card"):
        parse_card(text)


def test_canonical_forms() -> None:
    assert format_card(TEN_OF_SPADES) == "♠10"
    assert format_card_ascii(TEN_OF_SPADES) == "10s"
    assert format_card_ascii(Card(Rank.JACK, Suit.SPADES)) == "Js"
    assert parse_card("Js") == Card(Rank.JACK, Suit.SPADES)
    assert parse_card("SJ") == SMALL_JOKER  # not the jack of spades: see the module docstring
    assert format_card(BIG_JOKER) == "大王"
    assert format_card_ascii(SMALL_JOKER) == "SJ"


def test_parse_several_with_and_without_separators() -> None:
    pair = [TEN_OF_SPADES, TEN_OF_SPADES]
    assert parse_cards("S10 S10") == pair
    assert parse_cards("S10,10s") == pair
    assert parse_cards("S10S10") == pair
    assert parse_cards("♥K♥K 大王") == [Card(Rank.KING, Suit.HEARTS)] * 2 + [BIG_JOKER]
    assert parse_cards("  ") == []
    with pytest.raises(CardParseError, match="'Z9'"):
        parse_cards("S10 Z9")


def test_deck_sizes_and_points() -> None:
    assert len(full_deck(2)) == 108
    assert len(full_deck(3)) == 162
    assert sum(c.points for c in full_deck(2)) == 200
    assert sum(c.points for c in full_deck(3)) == 300


def test_joker_has_no_suit() -> None:
    with pytest.raises(ValueError, match="joker"):
        Card(Rank.BIG_JOKER, Suit.HEARTS)
    with pytest.raises(ValueError, match="joker"):
        Card(Rank.ACE)


cards = st.sampled_from(full_deck(1))


@given(st.lists(cards, max_size=40), st.booleans())
def test_round_trip(hand: list[Card], ascii_only: bool) -> None:
    assert parse_cards(format_cards(hand, ascii_only=ascii_only)) == hand
