"""Readings and comparison of the climbing core, on the seed's own examples
(``dagun_and_jinhua-mahjong.txt:7-45``)."""

from __future__ import annotations

import itertools

import pytest

from games.cards import parse_cards
from games.climbing import DAGUN_RULES, ClimbRules, Combo, beats, readings


def read(text: str, rules: ClimbRules = DAGUN_RULES) -> list[Combo]:
    return readings(parse_cards(text), rules)


def keys(text: str) -> set[str]:
    return {c.key() for c in read(text)}


def one(text: str) -> Combo:
    (combo,) = read(text)
    return combo


# ---------------------------------------------------------------- seed examples of :35
def test_a_lone_joker_is_a_three() -> None:
    joker = one("BJ")
    assert (joker.kind, joker.key()) == ("single", "3")
    assert not beats(joker, one("3s"))  # equal to a natural 3
    assert beats(one("4d"), joker)


def test_three_threes_and_a_joker_equal_a_natural_3333() -> None:
    wild = read("3s 3h 3c SJ")
    assert [c.key() for c in wild] == ["3333"]  # 3 can only be the bottom of a run: no 3344
    natural = one("3s 3h 3c 3d")
    assert wild[0] == natural
    assert not beats(wild[0], natural) and not beats(natural, wild[0])


def test_two_of_5_10_k_and_a_joker_make_510k_pure_when_one_suit() -> None:
    pure = one("5s Ks BJ")
    assert (pure.kind, pure.suit) == ("fifty_k", "S")
    mixed = one("5s 10h SJ")
    assert (mixed.kind, mixed.suit) == ("fifty_k", None)


def test_44_and_a_3_and_a_joker_are_4433() -> None:
    combo = one("4s 4h 3c BJ")
    assert (combo.kind, combo.key(), combo.length) == ("pairs", "3344", 2)


def test_a_four_bomb_and_a_joker_is_a_five_bomb_above_aaaa() -> None:
    five = one("3s 3h 3c 3d SJ")
    assert (five.kind, five.size) == ("bomb", 5)
    assert beats(five, one("As Ah Ac Ad"))  # 3333 + 癞子 > AAAA (:35)


@pytest.mark.parametrize("text", ["5s BJ SJ", "Ks BJ SJ", "2h BJ BJ"])
def test_any_card_and_two_jokers_is_a_triple_only(text: str) -> None:
    combo = one(text)
    assert combo.kind == "triple"  # never 510K, even with a 5 or K


def test_jokers_alone_are_threes_and_four_are_tianzha() -> None:
    assert one("BJ SJ").key() == "33"
    assert one("BJ BJ SJ").key() == "333"
    assert one("BJ BJ SJ SJ").kind == "jokers"


# ------------------------------------------------------------- every ambiguous reading
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5s 5h BJ SJ", {"5555", "4455", "5566"}),  # the example
        ("5s BJ SJ BJ", {"5555", "4455", "5566"}),
        ("3s 3h BJ SJ", {"3333", "3344"}),  # nothing below 3
        ("As Ah BJ SJ", {"AAAA", "KKAA"}),  # 2 is in no run
        ("2s 2h BJ SJ", {"2222"}),
        ("5s 5h 5c BJ SJ BJ", {"555555", "444555", "555666"}),
        ("4s 4h 6c 6d BJ SJ", {"445566"}),
        ("4s 4h 5c BJ SJ BJ", {"444555", "445566", "334455"}),
        ("Ks Kh BJ SJ", {"KKKK", "QQKK", "KKAA"}),
    ],
)
def test_ambiguous_joker_readings(text: str, expected: set[str]) -> None:
    assert keys(text) == expected


def test_no_straights_by_default_and_an_option_allows_them() -> None:
    assert read("3s 4h 5c 6d 7s") == []
    rules = ClimbRules(straight_min=5)
    assert [c.key() for c in read("3s 4h 5c 6d 7s", rules)] == ["34567"]
    assert {c.key() for c in read("3s 4h 5c 6d BJ", rules)} == {"34567"}
    assert read("Js Qh Kc As 2d", rules) == []  # 2 never runs


def test_pairs_can_be_forbidden_by_option() -> None:
    assert read("5s 5h", ClimbRules(pairs=False)) == []
    assert keys("5s 5h 6s 6h") == {"5566"}


def test_two_never_in_a_run_and_no_attachments() -> None:
    assert read("As Ah 2s 2h") == []  # no AA22
    assert read("Ks Ks Kh As Ah Ac 2s 2h 2c") == []  # no 飞机 with 2 (:11)
    assert read("5s 5h 5c 9d") == []  # a triple takes nothing with it (:45)


# --------------------------------------------------------------------- comparison (:45)
def test_non_bombs_beat_only_the_same_kind_and_length_higher() -> None:
    assert beats(one("6s 6h"), one("5s 5h"))
    assert not beats(one("5s 5h"), one("5c 5d"))  # equal
    assert not beats(one("Ks Kh"), one("5s 5h 6s 6h"))
    assert beats(one("6s 6h 7s 7h"), one("5s 5h 6c 6d"))
    assert not beats(one("6s 6h 7s 7h 8s 8h"), one("5s 5h 6c 6d"))  # other length
    assert beats(one("Ks Kh Kc As Ah Ac"), one("Qs Qh Qc Ks Kh Kc"))  # AAAKKK > KKKQQQ (:11)


def test_the_seed_orders_triples_222_over_aaa() -> None:
    assert beats(one("2s 2h 2c"), one("As Ah Ac"))  # 222 > AAA (:9)
    assert beats(one("2s"), one("As"))  # 2 > A (:7)


# ------------------------------------------------------------------------- bomb order
BOMBS_WEAKEST_FIRST = [
    "5s 10h Kc",  # mixed 510K
    "5d 10d Kd",  # ♦ 510K
    "5c 10c Kc",
    "5h 10h Kh",
    "5s 10s Ks",  # ♠ 510K
    "3s 3h 3c 3d",  # 4 cards
    "As Ah Ac Ad",
    "3s 3h 3c 3d 3s",  # 5 cards
    "2s 2h 2c 2d 2s",
    "4s 4h 4c 4d 4s 4h",  # 6 cards
    "4s 4h 4c 4d 4s 4h BJ",  # 7 with a joker
    "Qs Qh Qc Qd Qs Qh BJ",
    "4s 4h 4c 4d 4s 4h BJ SJ",  # 8 with jokers
    "4s 4h 4c 4d 4s 4h 4c BJ SJ",  # 9 with jokers
    "4s 4h 4c 4d 4s 4h 4c 4d BJ SJ BJ SJ",  # 12 with jokers
    "5s 5h 5c 5d 5s 5h 5c",  # 7喜
    "As Ah Ac Ad As Ah Ac",
    "3s 3h 3c 3d 4s 4h 4c 4d",  # 摇摆 of 8
    "Ks Kh Kc Kd As Ah Ac Ad",
    "3s 3h 3c 3d 4s 4h 4c 4d 4s",  # 摇摆 of 9
    "6s 6h 6c 6d 6s 6h 7s 7h 7c 7d 7s 7h",  # 摇摆 of 12
    "3s 3h 3c 3d 3s 3h 3c 3d",  # 8喜
    "2s 2h 2c 2d 2s 2h 2c 2d",
    "BJ BJ SJ SJ",  # 天炸
]


def test_the_bomb_order_of_line_39_pairwise() -> None:
    combos = [one(t) for t in BOMBS_WEAKEST_FIRST]
    assert all(c.is_bomb for c in combos)
    for (i, low), (j, high) in itertools.combinations(enumerate(combos), 2):
        assert beats(high, low), (BOMBS_WEAKEST_FIRST[j], BOMBS_WEAKEST_FIRST[i])
        assert not beats(low, high), (BOMBS_WEAKEST_FIRST[i], BOMBS_WEAKEST_FIRST[j])


@pytest.mark.parametrize("text", ["As Ah Ac", "5s 5h 6s 6h 7s 7h 8s 8h 9s 9h 10s 10h", "2s"])
def test_every_bomb_beats_every_non_bomb(text: str) -> None:
    plain = one(text)
    for bomb in BOMBS_WEAKEST_FIRST:
        assert beats(one(bomb), plain) and not beats(plain, one(bomb))


def test_510k_equality() -> None:
    assert not beats(one("5s 10h Kc"), one("5d 10c Kh"))  # mixed: the first stands (:23)
    assert not beats(one("5d 10c BJ"), one("5s 10h Kc"))  # a joker changes nothing
    assert not beats(one("5s 10s Ks"), one("5s 10s BJ"))  # equal pure ♠
    assert beats(one("5d 10d BJ"), one("5s 10h Kc"))  # pure ♦ over mixed


def test_sway_comparisons() -> None:
    # same cards: by rank, AAAAKKKK > KKKKQQQQ (:41)
    assert beats(one("As Ah Ac Ad Ks Kh Kc Kd"), one("Ks Kh Kc Kd Qs Qh Qc Qd"))
    # more cards first: a 9-card sway over any 8-card one (:43)
    assert beats(one("3s 3h 3c 3d 3s 4s 4h 4c 4d"), one("As Ah Ac Ad Ks Kh Kc Kd"))
    # same cards: its largest bomb, then its rank: AAAAAKKKK > AAAAKKKKK (reading of :43)
    assert beats(one("As Ah Ac Ad As Ks Kh Kc Kd"), one("As Ah Ac Ad Ks Kh Kc Kd Ks"))
    # a sway of two 6s beats a sway of three 4s (12 cards each): largest bomb first
    three = one("3s 3h 3c 3d 4s 4h 4c 4d 5s 5h 5c 5d")
    two = one("6s 6h 6c 6d 6s 6h 7s 7h 7c 7d 7s 7h")
    assert beats(two, three) and not beats(three, two)
    # equal sways do not beat each other
    assert not beats(one("Ks Kh Kc Kd As Ah Ac Ad"), one("Ks Kh Kc Kd As Ah Ac Ad"))


def test_sways_7xi_and_8xi_take_no_jokers() -> None:
    assert [c.kind for c in read("Ks Kh Kc BJ As Ah Ac Ad")] == []  # not a sway
    assert one("5s 5h 5c 5d 5s 5h BJ").kind == "bomb"  # 7 with a joker is no 7喜
    assert one("5s 5h 5c 5d 5s 5h 5c 5d").kind == "xi8"
    assert read("2s 2h 2c 2d As Ah Ac Ad") == []  # 2 is in no sway
