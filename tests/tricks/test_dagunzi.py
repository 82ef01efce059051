"""打滚子-style rules: 3 decks, permanent 2s, singles/pairs/triples, no tractors, no throws.

dagunzi.txt:18 (3 decks), :20-21 (常主: jokers and 2s), :55 (card order),
:57-60 (single, pair 棒子, triple 滚子), :67 (follow suit).
"""

from __future__ import annotations

import random

import pytest

from games.base import IllegalAction
from games.cards import Rank, Suit
from games.tricks import (
    DAGUNZI_RULES,
    TRUMP,
    TrumpOrder,
    check_follow,
    classify_lead,
    decompose,
    legal_follows,
    random_follow,
    trick_winner,
)
from tests.tricks.conftest import cards

ORDER = TrumpOrder(Rank.THREE, Suit.SPADES, (Rank.TWO,))
R = DAGUNZI_RULES


def kinds(text: str) -> list[str]:
    return [u.kind for u in decompose(cards(text), ORDER, R)]


def test_units_are_singles_pairs_triples_without_tractors() -> None:
    assert kinds("Kh Kh Kh") == ["triple"]
    assert kinds("Kh Kh Qh Qh") == ["pair", "pair"]
    assert kinds("Kh Kh Kh Qh Qh Qh") == ["triple", "triple"]
    assert kinds("Kh Kh Kh Qh Qh 9h") == ["triple", "pair", "single"]
    assert kinds("BJ BJ SJ SJ") == ["pair", "pair"]


def test_twos_are_permanent_trumps() -> None:
    lead = classify_lead(cards("2d 2d"), ORDER, R)
    assert lead.suit == TRUMP and [u.kind for u in lead.units] == ["pair"]
    # a trump lead must be followed with a 2 of any suit
    lead = classify_lead(cards("As"), ORDER, R)
    with pytest.raises(IllegalAction) as err:
        check_follow(lead, cards("2h Kd"), cards("Kd"), ORDER, R)
    assert err.value.message == "you must follow trump: you hold ♥2"


def test_no_throws() -> None:
    with pytest.raises(IllegalAction) as err:
        classify_lead(cards("Ah Ah Kh"), ORDER, R)
    assert err.value.code == "throw_not_allowed"


def test_four_copies_are_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        classify_lead(cards("Kh Kh Kh Kh"), ORDER, R)
    assert err.value.code == "too_many_copies"


def test_triple_lead_needs_a_triple_else_a_pair() -> None:
    lead = classify_lead(cards("Kh Kh Kh"), ORDER, R)
    with pytest.raises(IllegalAction) as err:
        check_follow(lead, cards("9h 9h 9h 8h 8h 4h"), cards("9h 9h 8h"), ORDER, R)
    assert err.value.code == "must_play_triple"
    assert err.value.message == "you must play a triple in ♥: you hold ♥9♥9♥9"
    with pytest.raises(IllegalAction) as err:
        check_follow(lead, cards("9h 8h 8h 4h 7h"), cards("9h 8h 4h"), ORDER, R)
    assert err.value.code == "must_play_pair"
    assert err.value.message == "you must play a pair in ♥: you hold ♥8♥8"
    check_follow(lead, cards("9h 8h 8h 4h 7h"), cards("8h 8h 4h"), ORDER, R)
    plays = legal_follows(lead, cards("9h 9h 9h 8h 8h 4h"), ORDER, R)
    assert [tuple(str(c) for c in p) for p in plays] == [("♥9", "♥9", "♥9")]


def test_triple_winner_and_ruff() -> None:
    def winner(*plays: str) -> int:
        return trick_winner([(s, cards(p)) for s, p in enumerate(plays)], ORDER, R)

    assert winner("9h 9h 9h", "Kh Kh Kh", "Ah Ah Kh") == 1
    # void in ♥: a triple of 2s ruffs, the triple of ♠3 (trump-suit level) over-ruffs
    assert winner("9h 9h 9h", "2d 2d 2d", "3s 3s 3s", "As As As") == 2
    # three of a pair is not a triple: a discard
    assert winner("9h 9h 9h", "BJ BJ 4s") == 0


def test_random_follow_dagunzi() -> None:
    lead = classify_lead(cards("Kh Kh Kh"), ORDER, R)
    hand = cards("9h 9h 9h 8h 8h 8h 4h 2c As")
    rng = random.Random(3)
    for _ in range(20):
        play = random_follow(lead, hand, ORDER, R, rng)
        check_follow(lead, hand, play, ORDER, R)
        assert len(set(play)) == 1
