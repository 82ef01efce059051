"""A refusal to follow suit names every card that would follow, not one of several (issue 14)."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.cards import Rank, Suit, parse_cards
from games.tricks import PAJIWO_RULES, TrumpOrder, check_follow, classify_lead

ORDER = TrumpOrder(Rank.THREE, Suit.HEARTS)


def refusal(lead: str, hand: str, play: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        check_follow(
            classify_lead(parse_cards(lead), ORDER, PAJIWO_RULES),
            parse_cards(hand),
            parse_cards(play),
            ORDER,
            PAJIWO_RULES,
        )
    return err.value


def test_several_cards_that_would_follow_are_all_named() -> None:
    err = refusal("As", "Ks 9s 4s Kd", "Kd")
    assert err.code == "must_follow_suit"
    assert err.message == "you must follow ♠ with 1 more card: you hold ♠K ♠9 ♠4"
    assert err.params == {"suit": "♠", "card": "♠K", "cards": "♠K ♠9 ♠4"}


def test_a_pair_lead_short_by_two_says_how_many() -> None:
    err = refusal("Qs Qs", "Ks 9s Kd Kd", "Kd Kd")
    assert err.message == "you must follow ♠ with 2 more cards: you hold ♠K ♠9"


def test_a_single_card_that_would_follow_reads_as_before() -> None:
    assert refusal("As", "7s 9d Kd", "Kd").message == "you must follow ♠: you hold ♠7"


def test_a_mixed_suit_lead_is_printed_with_spaces() -> None:
    with pytest.raises(IllegalAction) as err:
        classify_lead(parse_cards("As Kd Kd"), ORDER, PAJIWO_RULES)
    assert "♠A ♦K ♦K mixes ♠ and ♦" in err.value.message


def test_the_refusal_says_it_once_and_both_languages_name_the_same_cards() -> None:
    from present.refusals import refusal_text

    err = refusal("Ac", "Qc 9c Kd", "Kd")
    assert refusal_text("en", err).startswith("You must follow ♣ with 1 more card: you hold ♣Q ♣9")
    assert refusal_text("zh", err).startswith("必须跟出首家的花色：♣里你有♣Q ♣9")
    one = refusal("Ac", "9c Kd", "Kd")
    assert refusal_text("en", one).startswith("You must follow ♣: you hold ♣9")
    assert refusal_text("zh", one).startswith("必须跟出首家的花色：♣里你有♣9")
