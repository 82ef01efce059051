"""The pure rules of 打滚子 with their edge values (dagunzi.txt lines cited per test)."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.cards import Suit
from games.dagunzi import rules as R
from games.dagunzi.deck import DECK, TOTAL_POINTS, card_points
from games.tricks import classify_lead, trick_winner
from tests.dagunzi.helpers import cards

ORDER = R.trump_order(3, Suit.SPADES)  # level 3, ♠ trump


def test_deck_is_three_decks_with_300_points() -> None:
    # dagunzi.txt:18 (162 cards), :26 (5, 10, K), :79/:109 (300 in all)
    assert len(DECK) == 162
    assert card_points(DECK) == TOTAL_POINTS == 300


@pytest.mark.parametrize(
    ("score", "blood"), [(75, 1), (65, 2), (0, 8), (155, 0), (165, 1), (300, 15), (80, 0), (150, 0)]
)
def test_blood_table(score: int, blood: int) -> None:
    # dagunzi.txt:103-104: under 80 each 10 short (a 5 counts as 10); over 150 each full 10
    assert R.blood_from_score(score) == blood


def test_joker_blood() -> None:
    # dagunzi.txt:101-102: 大王 2 blood, 小王 1
    assert R.joker_blood(cards("BJ SJ 4c BJ")) == 5


def test_card_order_with_permanent_twos() -> None:
    # dagunzi.txt:55: 大王 > 小王 > ♠3 > other 3s > ♠2 > other 2s > ♠A > side suits
    ranked = ["BJ", "SJ", "3s", "3h", "2s", "2d", "As", "4s"]
    strengths = [ORDER.strength(c) for c in cards(" ".join(ranked))]
    assert strengths == sorted(strengths, reverse=True)
    assert ORDER.strength(cards("3h")[0]) == ORDER.strength(cards("3d")[0])  # equal: reading
    assert ORDER.strength(cards("2h")[0]) == ORDER.strength(cards("2c")[0])
    assert all(ORDER.is_trump(c) for c in cards("2h 3d BJ 4s")) and not ORDER.is_trump(
        cards("Ah")[0]
    )


def test_mixed_trump_ranks_between_twos_and_level_cards() -> None:
    # dagunzi.txt:114 (混主, option): above the 2s, below the level cards
    order = R.trump_order(3, Suit.SPADES, cards("Ah")[0].rank)
    ah, s2, d3 = cards("Ah 2s 3d")
    assert order.is_trump(ah) and order.strength(s2) < order.strength(ah) < order.strength(d3)


def test_flip_values() -> None:
    # dagunzi.txt:32 (reading): level card > 2 > A > ... > 4; a joker is no result
    assert [R.flip_value(c, 3) for c in cards("3h 2c Ad 4s BJ")] == [100, 99, 14, 4, -1]


def test_declarations_overcall_ladder() -> None:
    # dagunzi.txt:34-37
    one = R.read_declaration(0, cards("5h"), 5, None)
    two = R.read_declaration(1, cards("5d 5d"), 5, None)
    three = R.read_declaration(2, cards("5c 5c 5c"), 5, None)
    small = R.read_declaration(3, cards("SJ SJ SJ"), 5, "h")
    big = R.read_declaration(0, cards("BJ BJ BJ"), 5, "D")
    R.check_overcall(one, two)
    R.check_overcall(two, three)
    R.check_overcall(one, three)
    R.check_overcall(three, small)  # reading: three jokers overcall three level cards
    R.check_overcall(small, big)  # :37: 大王's right is stronger
    assert small.suit == Suit.HEARTS and big.suit == Suit.DIAMONDS
    with pytest.raises(IllegalAction) as err:
        R.check_overcall(two, R.read_declaration(3, cards("5s 5s"), 5, None))
    assert err.value.code == "declaration_too_weak" and err.value.rule == "dagunzi.txt:35-37"
    with pytest.raises(IllegalAction) as err:
        R.check_overcall(big, R.read_declaration(1, cards("SJ SJ SJ"), 5, "s"))
    assert err.value.code == "declaration_too_weak"


def test_declarations_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        R.read_declaration(0, cards("SJ SJ SJ"), 5, None)  # never no-trump (:36-37)
    assert err.value.code == "joker_declaration_needs_suit"
    # no suit given: the refusal asks for one, without a Python ``None`` in it
    assert err.value.message == (
        "three jokers name a suit: add a suit S, H, C or D (never no-trump)"
    )
    with pytest.raises(IllegalAction) as err:
        R.read_declaration(0, cards("SJ SJ SJ"), 5, "x")
    assert err.value.message.endswith("(never no-trump), not 'x'")
    for bad in ("6h", "5h 5d", "BJ BJ", "5h 5h 5h 5h"):
        with pytest.raises(IllegalAction) as err:
            R.read_declaration(0, cards(bad), 5, "h")
        assert err.value.code == "bad_declaration"


def test_possible_declarations_reinforce_and_overcall() -> None:
    hand = cards("5h 5h 5h 5c SJ SJ SJ 4d")
    standing = R.read_declaration(1, cards("5d 5d"), 5, None)
    found = R.possible_declarations(hand, 5, standing)
    assert (tuple(cards("5h 5h 5h")), Suit.HEARTS) in found
    assert all(len(c) == 3 for c, _ in found)  # only triples beat a pair
    assert sum(1 for c, _ in found if c[0].is_joker) == 4  # three 小王: one per suit


def test_tribute_gives_highest_non_point_cards() -> None:
    # dagunzi.txt:99-100: highest cards, points excepted
    hand = cards("BJ 10s Ks 5h 2d 3c Ah 4c 9d")
    assert R.tribute_cards(hand, ORDER, 3, 4) == cards("BJ 3c 2d Ah")
    # :104: at level 5 or 10 those level cards are given although they carry points
    order10 = R.trump_order(10, Suit.SPADES)
    assert R.tribute_cards(cards("10h 10s Kd 5c 9s 4c"), order10, 10, 3) == cards("10s 10h 9s")
    assert R.tribute_cards(cards("5h Kd"), ORDER, 3, 2) == []  # nothing to give


def test_gan_guo_both_ways() -> None:
    # dagunzi.txt:50-52: no trump-suit card (its level cards aside), or all trump
    assert R.gan_guo(cards("4h 6h 8c 9d Ad 3s"), ORDER)  # ♠3 is a level card: no ♠ card
    assert R.gan_guo(cards("4s BJ 2h 3d 9s 2c"), ORDER)  # all trump
    assert not R.gan_guo(cards("4s 6h 8c 9d Ad Qh"), ORDER)
    assert not R.gan_guo(cards("2s 6h 8c 9d Ad Qh"), ORDER)  # reading: ♠2 is a ♠ card


def test_take_back_smallest_non_point_cards() -> None:
    # dagunzi.txt:46-48: side cards before trumps, then rank; points and jokers never taken
    kitty = cards("Kh 5c 4h 4d 9s 6c")
    forced, tied, free = R.take_back_choices(kitty, 2, ORDER)
    assert (forced, sorted(tied), free) == ([], sorted(cards("4h 4d")), 2)
    forced, tied, free = R.take_back_choices(kitty, 1, ORDER)
    assert (forced, sorted(tied), free) == ([], sorted(cards("4h 4d")), 1)  # the player picks
    forced, tied, free = R.take_back_choices(kitty, 3, ORDER)
    assert sorted(forced) == sorted(cards("4h 4d")) and tied == cards("6c") and free == 1
    forced, tied, free = R.take_back_choices(kitty, 4, ORDER)
    assert tied == cards("9s") and free == 1  # the trump ♠9 comes after every side card
    with pytest.raises(ValueError):
        R.take_back_choices(kitty, 5, ORDER)


def test_return_cards_are_the_smallest() -> None:
    assert R.return_cards(cards("BJ 4c 5c 9s 6d Ah"), ORDER, 2) == cards("4c 6d")


@pytest.mark.parametrize(
    ("score", "last", "kitty", "case", "winner", "up", "blood"),
    [
        (45, False, "BJ SJ 4c 6c 7c 8c", "keep_up", 0, 3, 4 + 3),  # :90 保底: up and blood
        (45, True, "BJ SJ 4c 6c 7c 8c", "keep_void", 0, 0, 4),  # :92 抠底 < 120: void
        (165, False, "BJ 4c 6c 7c 8c 9c", "take_no_level", 1, 0, 1 + 2),  # :94
        (125, True, "BJ 4c 6c 7c 8c 9c", "take_up", 1, 2, 0 + 2),  # :96
        (120, True, "4c 6c 7c 8c 9c Jc", "take_up", 1, 1, 0),  # exactly 120 goes up (:84)
        (115, False, "4c 6c 7c 8c 9c Jc", "keep_up", 0, 1, 0),
    ],
)
def test_result_table(
    score: int, last: bool, kitty: str, case: str, winner: int, up: int, blood: int
) -> None:
    st = R.settle(score, 0, last, cards(kitty), False, "one_each")
    assert (st.case, st.winner_team, st.levels_up, st.blood) == (case, winner, up, blood)
    assert st.takeover == (winner == 1)


def test_joker_level_options_and_gan_guo() -> None:
    kitty = cards("BJ SJ 4c 6c 7c 8c")
    assert R.settle(40, 0, False, kitty, False, "blood").levels_up == 1 + 3
    assert R.settle(40, 0, False, kitty, False, "none").levels_up == 1
    st = R.settle(40, 0, False, kitty, True, "one_each")  # 干锅: kitty jokers give nothing
    assert (st.levels_up, st.blood) == (1, 4)


def test_climb_stops_at_ten() -> None:
    # dagunzi.txt:78 逢10必打: a jump stops at 10; going up from 10 goes past it
    assert R.climb(8, 3, 10) == 10
    assert R.climb(9, 1, 10) == 10
    assert R.climb(10, 2, 10) == 11
    assert R.climb(10, 1, 11) == 11 and R.climb(11, 1, 11) == 12  # top_level J
    assert R.climb(4, 0, 10) == 4


def _settle(score: int, last: bool, kitty: str, gan: bool = False) -> R.Settlement:
    return R.settle(score, 0, last, cards(kitty), gan, "one_each")


def test_the_luns_four_early_ends() -> None:
    plain = "4c 6c 7c 8c 9c Jc"
    # dagunzi.txt:79,108: the defenders score 0: the dealer side wins the 轮
    assert R.lun_end(0, 0, _settle(0, False, plain), cards(plain), False, 4, 10) == (
        0,
        "the defenders scored 0",
    )
    # :79,109: 300 (or more, with 抠底): the defenders win
    end = R.lun_end(300, 0, _settle(300, True, plain), cards(plain), False, 4, 10)
    assert end is not None and end[0] == 1
    # :80,111-112: three 大王 buried, < 120 and 保底: the dealer side wins
    three_big = "BJ BJ BJ 4c 6c 7c"
    end = R.lun_end(60, 0, _settle(60, False, three_big), cards(three_big), False, 4, 10)
    assert end is not None and end[0] == 0
    # :80,110: three 小王 count too (reading); >= 120 with 抠底: the defenders win
    three_small = "SJ SJ SJ 4c 6c 7c"
    end = R.lun_end(130, 0, _settle(130, True, three_small), cards(three_small), False, 4, 10)
    assert end is not None and end[0] == 1
    # ... but not with 抠底 under 120, nor 保底 at 120+, nor in a 干锅 kitty
    assert R.lun_end(60, 0, _settle(60, True, three_big), cards(three_big), False, 3, 10) is None
    assert R.lun_end(130, 0, _settle(130, False, three_big), cards(three_big), False, 3, 10) is None
    gan = _settle(60, False, three_big, gan=True)
    assert R.lun_end(60, 0, gan, cards(three_big), True, 4, 10) is None
    # :78: a side past 10
    end = R.lun_end(60, 0, _settle(60, False, plain), cards(plain), False, 11, 10)
    assert end == (0, "they went past 10")


def follow(lead: str, hand: str, play: str, bang: str) -> None:
    lead_obj = classify_lead(cards(lead), ORDER, R.RULES)
    R.check_dagunzi_follow(lead_obj, cards(hand), cards(play), ORDER, bang)


def refused(lead: str, hand: str, play: str, bang: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        follow(lead, hand, play, bang)
    return err.value


def test_huobang_any_cards_of_the_suit_follow() -> None:
    # dagunzi.txt:72-74 (活棒, default)
    follow("Kh Kh", "9h 9h 4h 7h", "4h 7h", "huobang")
    follow("Kh Kh Kh", "9h 9h 9h 4h 7h", "4h 7h 9h", "huobang")
    err = refused("Kh Kh", "9h 9h 4h Ad", "4h Ad", "huobang")
    assert err.code == "must_follow_suit" and err.rule == "dagunzi.txt:67-69"


def test_sibang_pair_needs_a_pair() -> None:
    # dagunzi.txt:76: a 棒 needs a 棒, else two singles; a 滚子 need not be broken
    err = refused("Kh Kh", "9h 9h 4h 7h", "4h 7h", "sibang")
    assert err.code == "must_play_pair" and err.rule == "dagunzi.txt:75-77"
    assert err.message == "you must play a pair in ♥: you hold ♥9♥9"
    follow("Kh Kh", "9h 9h 4h 7h", "9h 9h", "sibang")
    follow("Kh Kh", "9h 9h 9h 4h", "4h 9h", "sibang")  # only a 滚子: free


def test_sibang_triple_needs_triple_else_pair_and_single() -> None:
    # dagunzi.txt:77
    err = refused("Kh Kh Kh", "9h 9h 9h 4h 6h", "4h 6h 9h", "sibang")
    assert err.code == "must_play_triple"
    err = refused("Kh Kh Kh", "9h 9h 4h 6h", "4h 6h 9h", "sibang")
    assert err.code == "must_play_pair"
    follow("Kh Kh Kh", "9h 9h 4h 6h", "9h 9h 4h", "sibang")
    follow("Kh Kh Kh", "9h 4h 6h 7d", "9h 4h 6h", "sibang")


def test_a_unit_is_beaten_only_by_the_same_unit() -> None:
    # dagunzi.txt:67-69: same unit, higher, in the led suit or trump; equal: first played wins
    plays = [(0, cards("Kh Kh")), (1, cards("Ah 4h")), (2, cards("2c 4s")), (3, cards("Qh Qh"))]
    assert trick_winner(plays, ORDER, R.RULES) == 0
    plays = [(0, cards("Kh Kh")), (1, cards("4s 4s")), (2, cards("Ah Ah")), (3, cards("2h 2c"))]
    # ♠4♠4 ruffs; ♥2♣2 are two different cards, no 棒 (dagunzi.txt:59), so they never win
    assert trick_winner(plays, ORDER, R.RULES) == 1
    plays = [(0, cards("9h 9h")), (1, cards("4h 5h")), (2, cards("9h 9h")), (3, cards("6h 6h"))]
    assert trick_winner(plays, ORDER, R.RULES) == 0  # equal cards: the first played wins
    plays = [(0, cards("9h")), (1, cards("3d")), (2, cards("3c")), (3, cards("2s"))]
    assert trick_winner(plays, ORDER, R.RULES) == 1  # equal off-suit level cards: first
