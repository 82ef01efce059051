"""Units and decomposition (pajiwo.txt:85-91, :129)."""

from __future__ import annotations

import pytest

from games.cards import Rank, Suit
from games.tricks import PAJIWO_RULES, TRUMP, TrickRules, TrumpOrder, decompose, kitty_multiplier
from games.tricks.units import largest_unit, make_unit
from tests.tricks.conftest import cards

LEVEL5_HEARTS = TrumpOrder(Rank.FIVE, Suit.HEARTS)
LEVEL5_NO_TRUMP = TrumpOrder(Rank.FIVE, None)


def shapes(text: str, order: TrumpOrder = LEVEL5_HEARTS, rules: TrickRules = PAJIWO_RULES) -> list:
    return [(u.kind, u.length) for u in decompose(cards(text), order, rules)]


@pytest.mark.parametrize(
    "text",
    [
        "3s 3s 4s 4s",  # 3344
        "4s 4s 6s 6s",  # 4466: side suits skip the level rank
        "5s 5s 5h 5h",  # 副5副5主5主5
        "BJ BJ SJ SJ",  # 大王大王小王小王
        "Ah Ah 5s 5s",  # AA副5副5 (the trump-suit A pair under an off-suit level pair)
        "5h 5h SJ SJ",  # 主5主5小王小王
    ],
)
def test_seed_tractors_at_level_5(text: str) -> None:
    """pajiwo.txt:89: each of these is one tractor of two pairs."""
    assert shapes(text) == [("tractor", 2)]


def test_seed_5566_is_not_a_tractor() -> None:
    """pajiwo.txt:89: at level 5, 5566 is not a tractor (in trump or on the side)."""
    assert shapes("5h 5h 6h 6h") == [("pair", 1), ("pair", 1)]
    assert shapes("5s 5s 6s 6s") == [("pair", 1), ("pair", 1)]
    units = decompose(cards("5s 5s 6s 6s"), LEVEL5_HEARTS, PAJIWO_RULES)
    assert {u.suit for u in units} == {TRUMP, Suit.SPADES}


def test_two_off_suit_level_pairs_are_equal_not_a_tractor() -> None:
    assert shapes("5s 5s 5c 5c") == [("pair", 1), ("pair", 1)]


def test_no_trump_small_joker_and_level_cards_do_not_form_a_tractor() -> None:
    """pajiwo.txt:91, with the jokers' own tractor kept."""
    assert shapes("SJ SJ 5s 5s", LEVEL5_NO_TRUMP) == [("pair", 1), ("pair", 1)]
    assert shapes("BJ BJ SJ SJ", LEVEL5_NO_TRUMP) == [("tractor", 2)]
    assert shapes("5s 5s 5h 5h", LEVEL5_NO_TRUMP) == [("pair", 1), ("pair", 1)]
    # the option that lets them form one
    loose = TrickRules(no_trump_joker_level_tractor=True)
    assert shapes("SJ SJ 5s 5s", LEVEL5_NO_TRUMP, loose) == [("tractor", 2)]
    # with a trump suit the seed's 主5主5小王小王 stands
    assert shapes("SJ SJ 5h 5h") == [("tractor", 2)]


def test_tractor_through_the_whole_trump_ladder() -> None:
    """♥K ♥A, off-suit 5, ♥5, 小王, 大王: six consecutive pairs at level 5 hearts."""
    units = decompose(cards("Kh Kh Ah Ah 5c 5c 5h 5h SJ SJ BJ BJ"), LEVEL5_HEARTS, PAJIWO_RULES)
    assert [(u.kind, u.length, u.width) for u in units] == [("tractor", 6, 2)]
    assert units[0].suit == TRUMP
    assert [str(x) for x in units[0].cards[::2]] == ["大王", "小王", "♥5", "♣5", "♥A", "♥K"]


def test_tractor_across_the_level_rank_on_the_side() -> None:
    assert shapes("4s 4s 6s 6s 7s 7s") == [("tractor", 3)]
    # at level 2 the 3 is the lowest side card: 3344 is a tractor, A and 3 never join
    level2 = TrumpOrder(Rank.TWO, Suit.HEARTS)
    assert shapes("3s 3s 4s 4s", level2) == [("tractor", 2)]
    assert shapes("As As 3s 3s", level2) == [("pair", 1), ("pair", 1)]


def test_decompose_longest_tractor_first_then_pairs_then_singles() -> None:
    units = decompose(cards("9s 9s As As Ks Ks Qs Qs 7s"), LEVEL5_HEARTS, PAJIWO_RULES)
    assert [(u.kind, u.length) for u in units] == [("tractor", 3), ("pair", 1), ("single", 1)]
    assert [str(x) for x in units[0].cards] == ["♠A", "♠A", "♠K", "♠K", "♠Q", "♠Q"]
    # a run of pairs with two cards at the shared level position: one long tractor + a pair
    units = decompose(cards("Ah Ah 5s 5s 5c 5c 5h 5h"), LEVEL5_HEARTS, PAJIWO_RULES)
    assert [(u.kind, u.length) for u in units] == [("tractor", 3), ("pair", 1)]


def test_three_copies_without_triples_read_as_pair_and_single() -> None:
    three_decks_pairs_only = TrickRules(decks=3, set_sizes=(1, 2), tractors=False, throws=False)
    assert shapes("Ks Ks Ks", LEVEL5_HEARTS, three_decks_pairs_only) == [("pair", 1), ("single", 1)]


@pytest.mark.parametrize(
    ("text", "multiplier"),
    [
        ("As", 2),
        ("As Ks Qs Js 9s", 2),  # 5 singles: 单抠 (pajiwo.txt:129)
        ("As As Ks Qs 9s", 4),  # contains a pair: 对抠
        ("As As Qs Qs 9s", 4),  # two pairs, no tractor: still 对抠
        ("As As Ks Ks", 8),
        ("As As Ks Ks Qs Qs", 16),
        ("As As Ks Ks Qs Qs Js Js", 32),
        ("As As Ks Ks Qs Qs Js Js 10s 10s", 64),
    ],
)
def test_kitty_multiplier(text: str, multiplier: int) -> None:
    assert kitty_multiplier(cards(text), LEVEL5_HEARTS, PAJIWO_RULES) == multiplier


def test_largest_unit_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError, match="no cards"):
        largest_unit([], LEVEL5_HEARTS, PAJIWO_RULES)


def test_make_unit_reads_exactly_one_unit() -> None:
    unit = make_unit(cards("5h 5h SJ SJ"), LEVEL5_HEARTS, PAJIWO_RULES)
    assert (unit.kind, unit.length, unit.width, unit.suit) == ("tractor", 2, 2, TRUMP)
    assert unit.top == LEVEL5_HEARTS.strength(cards("SJ")[0])
    with pytest.raises(ValueError, match="not one unit but 2"):
        make_unit(cards("5h 5h 6h 6h"), LEVEL5_HEARTS, PAJIWO_RULES)
