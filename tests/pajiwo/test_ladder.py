"""The declaring ladder: 亮主, 加固, 反主 (pajiwo.txt:39-61)."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.cards import Rank, Suit
from games.pajiwo.ladder import (
    check_overcall,
    is_reinforcement,
    possible_declarations,
    read_declaration,
)

from .helpers import cards

FIVE = Rank.FIVE


def decl(seat: int, text: str, level: Rank = FIVE):  # type: ignore[no-untyped-def]
    return read_declaration(seat, cards(text), level)


def test_single_declaration_names_the_level_card_suit() -> None:
    d = decl(0, "BJ 5h")
    assert (d.kind, d.suit, d.strength, d.no_trump) == ("single", Suit.HEARTS, 1, False)
    d = decl(1, "SJ 5c")
    assert (d.kind, d.suit) == ("single", Suit.CLUBS)


@pytest.mark.parametrize(
    ("text", "suit", "strength"),
    [
        ("BJ 5d 5d", Suit.DIAMONDS, 2),
        ("SJ 5c 5c", Suit.CLUBS, 3),
        ("BJ 5h 5h", Suit.HEARTS, 4),
        ("SJ 5s 5s", Suit.SPADES, 5),
    ],
)
def test_pair_declarations_rank_spades_hearts_clubs_diamonds(
    text: str, suit: Suit, strength: int
) -> None:
    d = decl(2, text)
    assert (d.kind, d.suit, d.strength) == ("pair", suit, strength)


def test_joker_pairs_make_no_trump() -> None:
    small, big = decl(0, "SJ SJ"), decl(0, "BJ BJ")
    assert (small.no_trump, small.strength, small.suit) == (True, 6, None)
    assert (big.no_trump, big.strength) == (True, 7)


@pytest.mark.parametrize(
    ("text", "code", "fragment"),
    [
        ("BJ 5s", "joker_colour", "大王 goes with ♥ or ♦ level cards, not ♠5"),
        ("SJ 5d", "joker_colour", "小王 goes with ♠ or ♣ level cards, not ♦5"),
        ("BJ 6h", "not_level_card", "♥6 is not a level card: the level is 5"),
        ("BJ SJ", "bad_declaration", "大王 and 小王 are not a pair"),
        ("BJ 5h 5d", "bad_declaration", "♥5 ♦5 is not a pair"),
        ("5h 5h", "bad_declaration", "or a pair of jokers, not ♥5 ♥5"),
        ("BJ BJ 5h", "bad_declaration", "or a pair of jokers, not 大王 大王 ♥5"),
    ],
)
def test_bad_declarations_are_refused_with_the_rule(text: str, code: str, fragment: str) -> None:
    with pytest.raises(IllegalAction) as err:
        decl(0, text)
    assert err.value.code == code
    assert fragment in err.value.message


def test_a_single_cannot_overcall_a_single() -> None:
    with pytest.raises(IllegalAction) as err:
        check_overcall(decl(0, "BJ 5h"), decl(1, "SJ 5s"))
    assert err.value.code == "weak_overcall"
    assert err.value.message.startswith(
        "a joker with one level card can only be overcalled by a joker with a pair"
    )


def test_ladder_order_each_step() -> None:
    ladder = ["BJ 5h", "BJ 5d 5d", "SJ 5c 5c", "BJ 5h 5h", "SJ 5s 5s", "SJ SJ", "BJ BJ"]
    for i, low in enumerate(ladder):
        for j, high in enumerate(ladder):
            if j > i:
                check_overcall(decl(0, low), decl(1, high))  # does not raise
            else:
                with pytest.raises(IllegalAction):
                    check_overcall(decl(0, low), decl(1, high))


def test_nothing_overcalls_a_pair_of_big_jokers() -> None:
    with pytest.raises(IllegalAction) as err:
        check_overcall(decl(0, "BJ BJ"), decl(1, "BJ BJ"))
    assert "nothing overcalls a pair of 大王" in err.value.message
    with pytest.raises(IllegalAction) as err:
        check_overcall(decl(0, "SJ SJ"), decl(1, "SJ SJ"))
    assert "a pair of 小王 can only be overcalled by a pair of 大王" in err.value.message


def test_reinforcing_is_the_same_seat_adding_the_same_level_card() -> None:
    single = decl(0, "BJ 5h")
    assert is_reinforcement(single, decl(0, "BJ 5h 5h"))
    assert not is_reinforcement(single, decl(2, "BJ 5h 5h"))  # the partner overcalls instead
    assert not is_reinforcement(single, decl(0, "BJ 5d 5d"))


def test_possible_declarations_strongest_first_and_only_beating_the_standing() -> None:
    hand = cards("BJ BJ SJ 5s 5s 5h 3c")
    found = [(d.kind, d.suit) for d in possible_declarations(0, hand, FIVE, None)]
    assert found == [
        ("joker_pair", None),
        ("pair", Suit.SPADES),
        ("single", Suit.HEARTS),
        ("single", Suit.SPADES),
    ]
    beats_pair = possible_declarations(0, hand, FIVE, decl(1, "BJ 5h 5h"))
    assert [(d.kind, d.suit) for d in beats_pair] == [("joker_pair", None), ("pair", Suit.SPADES)]
