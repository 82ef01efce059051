"""Follow-suit obligations (pajiwo.txt:101, :107, :109), legal and random follows."""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction
from games.cards import Rank, Suit
from games.tricks import (
    PAJIWO_RULES,
    TrickRules,
    TrumpOrder,
    check_follow,
    classify_lead,
    legal_follows,
    random_follow,
)
from tests.tricks.conftest import cards

LEVEL3_HEARTS = TrumpOrder(Rank.THREE, Suit.HEARTS)
ORD, R = LEVEL3_HEARTS, PAJIWO_RULES


def refusal(lead: str, hand: str, play: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        check_follow(classify_lead(cards(lead), ORD, R), cards(hand), cards(play), ORD, R)
    return err.value


def ok(lead: str, hand: str, play: str) -> None:
    check_follow(classify_lead(cards(lead), ORD, R), cards(hand), cards(play), ORD, R)


def names(play: tuple) -> str:
    return " ".join(str(x) for x in play)


# ------------------------------------------------------------------ suit
def test_must_follow_the_led_suit() -> None:
    err = refusal("As", "7s 9h Kd", "Kd")
    assert err.code == "must_follow_suit"
    assert err.message == "you must follow ♠: you hold ♠7"
    assert err.params == {"suit": "♠", "card": "♠7", "cards": "♠7"}
    assert err.rule == "pajiwo.txt:101"


def test_all_trumps_are_one_suit() -> None:
    """A level card of another suit follows a trump lead (pajiwo.txt:101)."""
    err = refusal("Ah", "3s Kc", "Kc")
    assert err.message == "you must follow trump: you hold ♠3"
    ok("Ah", "3s Kc", "3s")
    ok("Ah", "SJ Kc", "SJ")


def test_void_may_ruff_or_discard() -> None:
    ok("As", "7h Kd", "7h")
    ok("As", "7h Kd", "Kd")


def test_short_suit_plays_all_it_has_then_anything() -> None:
    ok("Ks Ks", "7s 9h Kd", "7s Kd")
    err = refusal("Ks Ks", "7s 9h Kd", "9h Kd")
    assert err.code == "must_follow_suit" and err.params["card"] == "♠7"


# ------------------------------------------------------------------ pairs
def test_pair_lead_needs_a_pair_when_held() -> None:
    """pajiwo.txt:109."""
    err = refusal("Ks Ks", "9s 9s Qs 4d", "Qs 9s")
    assert err.code == "must_play_pair"
    assert err.message == "you must play a pair in ♠: you hold ♠9♠9"
    assert err.rule == "pajiwo.txt:109"
    ok("Ks Ks", "9s 9s Qs 4d", "9s 9s")


def test_pair_lead_without_a_pair_any_two_of_the_suit() -> None:
    ok("Ks Ks", "9s 8s Qs 4d", "Qs 8s")


def test_trump_pair_lead_off_suit_level_pair_counts() -> None:
    err = refusal("Ah Ah", "3c 3c 7h 5d", "3c 7h")
    assert err.code == "must_play_pair" and "♣3♣3" in err.message


# ------------------------------------------------------------------ tractors
def test_tractor_lead_needs_a_tractor_when_held() -> None:
    """pajiwo.txt:107: 有同花色的拖拉机，必须出拖拉机."""
    err = refusal("5s 5s 4s 4s", "8s 8s 9s 9s 2s 7h 6h", "8s 8s 9s 2s")
    assert err.code == "must_play_tractor"
    assert err.message == "you must play a tractor in ♠: you hold ♠9♠9♠8♠8"
    assert err.rule == "pajiwo.txt:107"
    ok("5s 5s 4s 4s", "8s 8s 9s 9s 2s 7h 6h", "9s 9s 8s 8s")


def test_tractor_lead_without_tractor_needs_all_pairs_held() -> None:
    """No tractor: as many pairs as the lead asks and the hand holds, then singles."""
    hand = "Js Js 8s 8s 2s 4s 7h"
    err = refusal("5s 5s 4s 4s", hand.replace("4s", "6s"), "Js Js 2s 6s")
    assert err.code == "must_play_pair"
    assert err.message == "you must play pairs in ♠ when you have no tractor: you hold ♠8♠8"
    ok("5s 5s 4s 4s", "Js Js 8s 8s 2s 6s 7h", "Js Js 8s 8s")
    # one pair only: that pair and any singles
    ok("5s 5s 4s 4s", "Js Js 8s 2s 6s 7h", "Js Js 8s 2s")
    err = refusal("5s 5s 4s 4s", "Js Js 8s 2s 6s 7h", "Js 8s 2s 6s")
    assert err.code == "must_play_pair" and "♠J♠J" in err.message


def test_long_tractor_lead_short_tractor_held_then_a_pair() -> None:
    """A 3-pair tractor lead, the hand holds a 2-pair tractor and a pair: both."""
    lead = "6s 6s 5s 5s 4s 4s"
    hand = "9s 9s 8s 8s Qs Qs 2s"
    ok(lead, hand, "9s 9s 8s 8s Qs Qs")
    err = refusal(lead, hand, "9s 9s 8s 8s Qs 2s")
    assert err.code == "must_play_pair"
    assert err.message == "you must play pairs in ♠ beside your tractor: you hold ♠Q♠Q"
    assert err.rule == "pajiwo.txt:107"


# The issue's case (issue 8) and its neighbours, at level 5 with ♥ trump: side suits skip the 5.
LEVEL5_HEARTS = TrumpOrder(Rank.FIVE, Suit.HEARTS)
ISSUE_LEAD = "2s 2s 3s 3s 4s 4s"  # ♠223344: a tractor of 3 pairs
ISSUE_HAND = "7s 7s 8s 8s 10s 10s Qs Qs 9h Kd"  # ♠7788 is a tractor; 10 and Q are not adjacent


def follows5(lead: str, hand: str, rules: TrickRules = R) -> set[str]:
    led = classify_lead(cards(lead), LEVEL5_HEARTS, rules)
    return {names(p) for p in legal_follows(led, cards(hand), LEVEL5_HEARTS, rules)}


def refusal5(lead: str, hand: str, play: str, rules: TrickRules = R) -> IllegalAction:
    led = classify_lead(cards(lead), LEVEL5_HEARTS, rules)
    with pytest.raises(IllegalAction) as err:
        check_follow(led, cards(hand), cards(play), LEVEL5_HEARTS, rules)
    return err.value


def test_issue_case_a_shorter_tractor_must_be_played_against_a_longer_lead() -> None:
    """pajiwo.txt:107 as written: the longest tractor held (♠7788), then a pair (either)."""
    led = classify_lead(cards(ISSUE_LEAD), LEVEL5_HEARTS, R)
    assert [(u.kind, u.length) for u in led.units] == [("tractor", 3)]
    err = refusal5(ISSUE_LEAD, ISSUE_HAND, "10s 10s Qs Qs 7s 7s")
    assert err.code == "must_play_tractor"
    assert err.message == "you must play a tractor in ♠: you hold ♠8♠8♠7♠7"
    assert err.params == {"suit": "♠", "cards": "♠8♠8♠7♠7"}
    assert err.rule == "pajiwo.txt:107"
    err = refusal5(ISSUE_LEAD, ISSUE_HAND, "8s 8s 7s 7s Qs 10s")
    assert err.code == "must_play_pair" and err.params["cards"] == "♠Q♠Q"
    assert follows5(ISSUE_LEAD, ISSUE_HAND) == {
        "♠Q ♠Q ♠8 ♠8 ♠7 ♠7",
        "♠10 ♠10 ♠8 ♠8 ♠7 ♠7",
    }


def test_issue_case_under_the_same_length_option_any_three_pairs() -> None:
    """Option tractor_follow=same_length: only a tractor as long as the lead obliges."""
    rules = TrickRules(tractor_follow="same_length")
    assert follows5(ISSUE_LEAD, ISSUE_HAND, rules) == {
        "♠Q ♠Q ♠10 ♠10 ♠8 ♠8",
        "♠Q ♠Q ♠10 ♠10 ♠7 ♠7",
        "♠Q ♠Q ♠8 ♠8 ♠7 ♠7",
        "♠10 ♠10 ♠8 ♠8 ♠7 ♠7",
    }
    err = refusal5(ISSUE_LEAD, ISSUE_HAND, "8s 8s 7s 7s Qs 10s", rules)
    assert err.code == "must_play_pair"
    assert err.message == "you must play pairs in ♠ when you have no tractor: you hold ♠Q♠Q"


def test_a_held_tractor_as_long_as_the_lead_must_be_played_whole() -> None:
    hand = "7s 7s 8s 8s 9s 9s Qs Qs 10s"
    assert follows5(ISSUE_LEAD, hand) == {"♠9 ♠9 ♠8 ♠8 ♠7 ♠7"}
    err = refusal5(ISSUE_LEAD, hand, "8s 8s 7s 7s Qs Qs")
    assert err.code == "must_play_tractor"
    assert err.message == "you must play a tractor in ♠: you hold ♠9♠9♠8♠8♠7♠7"
    # a longer tractor held: any 3 pairs of it in a row
    hand = "7s 7s 8s 8s 9s 9s 10s 10s Qs"
    assert follows5(ISSUE_LEAD, hand) == {"♠9 ♠9 ♠8 ♠8 ♠7 ♠7", "♠10 ♠10 ♠9 ♠9 ♠8 ♠8"}


def test_two_short_tractors_against_one_long_lead() -> None:
    """A 4-pair lead: the longest tractor, then again the longest for the 2 pairs still
    unanswered (the seed's 必须出拖拉机 holds as long as a tractor is held and asked for)."""
    lead = "10s 10s Js Js Qs Qs Ks Ks"
    hand = "2s 2s 3s 3s 7s 7s 8s 8s As As 9s 4d"
    assert follows5(lead, hand) == {"♠8 ♠8 ♠7 ♠7 ♠3 ♠3 ♠2 ♠2"}
    err = refusal5(lead, hand, "8s 8s 7s 7s As As 3s 3s")
    assert err.code == "must_play_tractor"
    assert err.message == "you must play a tractor in ♠: you hold ♠3♠3♠2♠2"
    err = refusal5(lead, hand, "As As 3s 3s 8s 8s 2s 9s")
    assert err.code == "must_play_tractor" and err.params["cards"] in ("♠8♠8♠7♠7", "♠3♠3♠2♠2")
    # a 3-pair lead: one of the two tractors, then any pair (the other tractor's too)
    assert follows5("Js Js Qs Qs Ks Ks", hand) == {
        "♠A ♠A ♠8 ♠8 ♠7 ♠7",
        "♠8 ♠8 ♠7 ♠7 ♠3 ♠3",
        "♠8 ♠8 ♠7 ♠7 ♠2 ♠2",
        "♠A ♠A ♠3 ♠3 ♠2 ♠2",
        "♠8 ♠8 ♠3 ♠3 ♠2 ♠2",
        "♠7 ♠7 ♠3 ♠3 ♠2 ♠2",
    }


def test_a_long_tractor_before_two_short_ones() -> None:
    """A 4-pair lead, the hand holds a 3-pair and a 2-pair tractor: the 3-pair one and a
    pair of the other, not the two tractors of 2 (longest first, pajiwo.txt:107)."""
    lead = "10s 10s Js Js Qs Qs Ks Ks"
    hand = "2s 2s 3s 3s 7s 7s 8s 8s 9s 9s"
    plays = follows5(lead, hand)
    assert plays == {"♠9 ♠9 ♠8 ♠8 ♠7 ♠7 ♠3 ♠3", "♠9 ♠9 ♠8 ♠8 ♠7 ♠7 ♠2 ♠2"}


def test_trump_tractor_lead_follower_tractor_through_level_cards() -> None:
    """♥A♥A + ♣3♣3 (off-suit level pair) is a trump tractor at level 3 hearts."""
    err = refusal("Kh Kh Qh Qh", "Ah Ah 3c 3c 4h 5h", "Ah Ah 4h 5h")
    assert err.code == "must_play_tractor" and "♣3♣3♥A♥A" in err.message


# ------------------------------------------------------------------ throws
def test_throw_pair_plus_single_needs_the_pair() -> None:
    err = refusal("As As Ks", "Qs Qs 5s 4s 8d", "Qs 5s 4s")
    assert err.code == "must_play_pair"
    assert err.message == "you must play a pair in ♠: you hold ♠Q♠Q"
    ok("As As Ks", "Qs Qs 5s 4s 8d", "Qs Qs 4s")


def test_throw_tractor_plus_pair_needs_tractor_and_pair() -> None:
    """Each unit of the throw in turn, largest first (reading of pajiwo.txt:107,109)."""
    lead = "As As Ks Ks 9s 9s"  # tractor AAKK + pair 99
    hand = "Js Js 10s 10s 6s 6s 4s 2s 7h"
    err = refusal(lead, hand, "Js Js 6s 6s 4s 2s")
    assert err.code == "must_play_tractor" and "♠J♠J♠10♠10" in err.message
    err = refusal(lead, hand, "Js Js 10s 10s 4s 2s")
    assert err.code == "must_play_pair" and "♠6♠6" in err.message
    ok(lead, hand, "Js Js 10s 10s 6s 6s")


def test_throw_prefers_the_assignment_that_keeps_a_tractor() -> None:
    """Tractor-3 + tractor-2 lead; the hand has a 2-tractor and three loose pairs: the loose
    pairs answer the long tractor and the 2-tractor must answer the short one."""
    lead = "As As Ks Ks Qs Qs 9s 9s 8s 8s"
    hand = "7s 7s 6s 6s Js Js 10s 10s 2s 2s"  # J10 is a tractor too: 2 of them
    ok(lead, hand, "7s 7s 6s 6s Js Js 10s 10s 2s 2s")
    hand = "7s 7s 6s 6s Js Js 4s 4s 2s 2s 3c"
    ok(lead, hand, "7s 7s 6s 6s Js Js 4s 4s 2s 2s")


def test_wrong_count_and_not_in_hand() -> None:
    err = refusal("Ks Ks", "9s 9s Qs", "9s")
    assert err.code == "wrong_count" and err.params == {"expected": 2, "got": 1}
    err = refusal("Ks", "9s 9s Qs", "As")
    assert err.code == "not_in_hand" and err.message == "you do not hold ♠A"


# ------------------------------------------------------------------ enumeration
def test_legal_follows_pair_lead() -> None:
    lead = classify_lead(cards("Ks Ks"), ORD, R)
    plays = {names(p) for p in legal_follows(lead, cards("9s 9s 8s 8s Qs 4d"), ORD, R)}
    assert plays == {"♠9 ♠9", "♠8 ♠8"}


def test_legal_follows_void_lists_ruffs_first_then_cheap_discards() -> None:
    lead = classify_lead(cards("Ks Ks"), ORD, R)
    plays = legal_follows(lead, cards("9h 9h 7h 4d 5d Kd"), ORD, R)
    assert names(plays[0]) == "♥9 ♥9"
    assert names(plays[1]) == "♦5 ♦4"  # the cheapest discard: low and without points
    assert len(plays) == len({p for p in plays})
    for p in plays:
        check_follow(lead, cards("9h 9h 7h 4d 5d Kd"), p, ORD, R)


def test_legal_follows_offers_a_point_feeding_discard_early() -> None:
    """A short list still holds the ruff, the cheapest discard and the richest discard."""
    lead = classify_lead(cards("Ks Ks"), ORD, R)
    hand = cards("9h 9h 7h 4d 5d Kd 10c")
    plays = [names(p) for p in legal_follows(lead, hand, ORD, R, limit=3)]
    assert plays == ["♥9 ♥9", "♦5 ♦4", "♣10 ♦K"]


def test_legal_follows_limit() -> None:
    lead = classify_lead(cards("Ks"), ORD, R)
    assert len(legal_follows(lead, cards("9h 8h 7h 4d 5d Kd"), ORD, R, limit=2)) == 2
    assert legal_follows(lead, cards("9h 8h"), ORD, R, limit=0) == []


def test_random_follow_obeys_the_tractor_rule() -> None:
    lead = classify_lead(cards("5s 5s 4s 4s"), ORD, R)
    hand = cards("8s 8s 9s 9s 2s Ks Qs 7h 6h")
    rng = random.Random(7)
    for _ in range(20):
        assert names(random_follow(lead, hand, ORD, R, rng)) == "♠9 ♠9 ♠8 ♠8"


def test_random_follow_needs_enough_cards() -> None:
    lead = classify_lead(cards("5s 5s 4s 4s"), ORD, R)
    with pytest.raises(ValueError, match="cannot follow"):
        random_follow(lead, cards("8s"), ORD, R, random.Random(1))
