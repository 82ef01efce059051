"""Card spellings players type (issue 14): 红心/草花/方片/大鬼/小鬼, full-width forms, ♥️ from
phone keyboards; and refusals that quote the typed text once and briefly."""

from __future__ import annotations

import unicodedata

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
    full_deck,
    parse_card,
    parse_cards,
)

KH = Card(Rank.KING, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("红心K", KH),
        ("紅心K", KH),
        ("草花3", Card(Rank.THREE, Suit.CLUBS)),
        ("方片A", Card(Rank.ACE, Suit.DIAMONDS)),
        ("大鬼", BIG_JOKER),
        ("小鬼", SMALL_JOKER),
        ("♥️K", KH),  # U+FE0F, the emoji variation selector a phone keyboard adds
        ("K♥️", KH),
        ("ＫＨ", KH),  # full-width letters
        ("♠１０", Card(Rank.TEN, Suit.SPADES)),  # full-width digits
        ("１０ｓ", Card(Rank.TEN, Suit.SPADES)),
        ("ＢＪ", BIG_JOKER),
    ],
)
def test_spellings_players_use(text: str, card: Card) -> None:
    assert parse_card(text) == card
    assert parse_cards(f"{text} {text}") == [card, card]
    assert parse_cards(text + text) == [card, card]  # written together


def test_full_width_separators() -> None:
    assert parse_cards("♥️K，♥️K　大鬼") == [KH, KH, BIG_JOKER]


def test_a_refusal_quotes_the_input_once() -> None:
    with pytest.raises(CardParseError) as err:
        parse_cards("zz")
    assert str(err.value).startswith("'zz' is not a card: expected")
    with pytest.raises(CardParseError) as err:
        parse_cards("S10zz")
    assert str(err.value).startswith("'zz' (in 'S10zz') is not a card")


def test_a_long_input_is_quoted_short() -> None:
    long = "x" * 500
    with pytest.raises(CardParseError) as err:
        parse_cards(long)
    assert str(err.value).startswith("'" + "x" * 23 + "…' is not a card")
    with pytest.raises(CardParseError) as err:
        parse_cards("S10" + long)
    # the bad piece and where it is, each cut to 24 characters
    assert str(err.value).startswith("'" + "x" * 23 + "…' (in 'S10" + "x" * 20 + "…') is not")


# ------------------------------------------------------------------ fuzz over the alphabets
SUIT_SPELLINGS = {
    Suit.SPADES: ["♠", "♤", "♠\ufe0f", "S", "s", "Ｓ", "ｓ", "黑桃"],
    Suit.HEARTS: ["♥", "♡", "♥\ufe0f", "H", "h", "Ｈ", "红桃", "紅桃", "红心", "紅心"],
    Suit.CLUBS: ["♣", "♧", "♣\ufe0f", "C", "c", "ｃ", "梅花", "草花"],
    Suit.DIAMONDS: ["♦", "♢", "♦\ufe0f", "D", "d", "Ｄ", "方块", "方塊", "方片"],
}
RANK_SPELLINGS = {
    r: [str(r.value), chr(ord("０") + r.value)] for r in Rank if r <= Rank.NINE
}  # "9" and full-width "９"
RANK_SPELLINGS[Rank.TEN] = ["10", "T", "t", "１０", "Ｔ"]
RANK_SPELLINGS.update(
    {
        Rank.JACK: ["J", "j", "Ｊ"],
        Rank.QUEEN: ["Q", "q", "Ｑ"],
        Rank.KING: ["K", "k", "Ｋ"],
        Rank.ACE: ["A", "a", "Ａ", "1"],
    }
)
JOKER_SPELLINGS = {
    BIG_JOKER: ["BJ", "bj", "RJ", "大王", "大鬼", "ＢＪ"],
    SMALL_JOKER: ["SJ", "sj", "LJ", "小王", "小鬼", "ＳＪ"],
}
SEPARATORS = st.sampled_from([" ", ",", "，", "、", "　", " , ", "\t"])


def _is_small_joker(suit: str, rank: str) -> bool:
    """``SJ`` is the small joker, so the jack of spades cannot be written suit letter first."""
    return unicodedata.normalize("NFKC", suit + rank).upper() == "SJ"


@st.composite
def spelled(draw: st.DrawFn) -> tuple[Card, str, bool]:
    """A card, one way of writing it, and whether it is written suit (or joker) first, the
    order that reads back unambiguously when cards are written together."""
    card = draw(st.sampled_from(full_deck(1)))
    if card.suit is None:
        return card, draw(st.sampled_from(JOKER_SPELLINGS[card])), True
    suit = draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))
    rank = draw(st.sampled_from(RANK_SPELLINGS[card.rank]))
    if draw(st.booleans()) and not _is_small_joker(suit, rank):
        return card, suit + rank, True
    return card, rank + suit, False  # "Js", "1s" (an ace), "Ｋ♥️"


@given(st.lists(spelled(), max_size=12), SEPARATORS)
def test_every_spelling_reads_back(items: list[tuple[Card, str, bool]], sep: str) -> None:
    assert parse_cards(sep.join(text for _, text, _ in items)) == [c for c, _, _ in items]


@given(st.lists(spelled().filter(lambda x: x[2]), max_size=8))
def test_suit_first_spellings_read_back_written_together(
    items: list[tuple[Card, str, bool]],
) -> None:
    assert parse_cards("".join(t for _, t, _ in items)) == [c for c, _, _ in items]


ALPHABET = st.sampled_from(
    [
        *"♠♥♣♦♤♡♧♢SHCDshcdJQKATjqkat0123456789BRLbrl",
        "\ufe0f",
        "\ufe0e",
        *"ＳＨＣＤＪＱＫＡ１０９",
        "黑桃",
        "红桃",
        "红心",
        "梅花",
        "草花",
        "方块",
        "方片",
        "大王",
        "小王",
        "大鬼",
        "小鬼",
        "王",
        " ",
        ",",
        "，",
        "x",
        "ß",
        "ſ",
    ]
)


@given(st.lists(ALPHABET, max_size=30).map("".join))
def test_any_text_is_cards_or_a_short_refusal(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CardParseError as exc:
        assert "is not a card" in str(exc)
        assert len(str(exc)) < 200  # quotes are cut, whatever was typed
    else:
        assert all(isinstance(c, Card) for c in cards)
        assert len(cards) <= len(text)
