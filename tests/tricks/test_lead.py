"""Leads: classification, throw checks (pajiwo.txt:103-105), legal leads."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.cards import Rank, Suit
from games.tricks import (
    DAGUNZI_RULES,
    PAJIWO_RULES,
    TRUMP,
    TrickRules,
    TrumpOrder,
    check_throw,
    classify_lead,
    legal_leads,
)
from tests.tricks.conftest import cards

LEVEL3_HEARTS = TrumpOrder(Rank.THREE, Suit.HEARTS)
BEATEN_UNIT = TrickRules(failed_throw="beaten_unit")


def names(cs: tuple) -> str:
    return " ".join(str(x) for x in cs)


def test_classify_single_pair_tractor() -> None:
    lead = classify_lead(cards("As"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert (lead.suit, lead.is_throw, lead.size) == (Suit.SPADES, False, 1)
    lead = classify_lead(cards("Ks Ks"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert [u.kind for u in lead.units] == ["pair"]
    lead = classify_lead(cards("3s 3s Ah Ah"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert (lead.suit, [u.kind for u in lead.units], lead.is_throw) == (TRUMP, ["tractor"], False)


def test_classify_throw() -> None:
    lead = classify_lead(cards("As As Qs Js"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert lead.is_throw
    assert [u.kind for u in lead.units] == ["pair", "single", "single"]
    assert sorted(lead.cards) == sorted(cards("As As Qs Js"))


def test_level_cards_and_trump_suit_lead_together() -> None:
    """All trumps are one suit (pajiwo.txt:101): ♠3 (level) and ♥A lead as a trump throw."""
    lead = classify_lead(cards("3s Ah"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert lead.suit == TRUMP and lead.is_throw


def test_mixed_suits_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        classify_lead(cards("As Ad"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert err.value.code == "lead_mixed_suits"
    assert "♠A ♦A mixes ♠ and ♦" in err.value.message and "♠" in err.value.params["suits"]
    with pytest.raises(IllegalAction) as err:
        classify_lead(cards("As Ah"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert err.value.params["suits"] == sorted(["trump", "♠"])


def test_empty_and_too_many_copies_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        classify_lead([], LEVEL3_HEARTS, PAJIWO_RULES)
    assert err.value.code == "empty_play"
    with pytest.raises(IllegalAction) as err:
        classify_lead(cards("As As As"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert err.value.code == "too_many_copies"


def test_no_throws_in_dagunzi() -> None:
    order = TrumpOrder(Rank.THREE, Suit.SPADES, (Rank.TWO,))
    with pytest.raises(IllegalAction) as err:
        classify_lead(cards("Ah Kh"), order, DAGUNZI_RULES)
    assert err.value.code == "throw_not_allowed"
    lead = classify_lead(cards("Kh Kh Kh"), order, DAGUNZI_RULES)
    assert [u.kind for u in lead.units] == ["triple"]


def test_throw_that_stands() -> None:
    lead = classify_lead(cards("As Ks Ks"), LEVEL3_HEARTS, PAJIWO_RULES)
    others = {1: cards("As Qs Qs 2s"), 2: cards("Ah Ah"), 3: cards("Js Js 10s 10s")}
    result = check_throw(lead, others, LEVEL3_HEARTS, PAJIWO_RULES)
    assert result.ok and result.beaten_by is None
    assert sorted(result.played) == sorted(lead.cards)


def test_failed_throw_plays_the_smallest_card_by_default() -> None:
    """pajiwo.txt:105: 出所甩牌中最小的一张牌. Seat 2's ♠K pair beats the ♠Q pair."""
    lead = classify_lead(cards("As Qs Qs"), LEVEL3_HEARTS, PAJIWO_RULES)
    others = {1: cards("2s 4s"), 2: cards("Ks Ks"), 3: cards("Ah")}
    result = check_throw(lead, others, LEVEL3_HEARTS, PAJIWO_RULES)
    assert not result.ok
    assert names(result.played) == "♠Q"
    assert result.beaten_by == 2
    assert result.unit is not None and result.unit.kind == "pair"
    assert names(result.beating) == "♠K ♠K"


def test_failed_throw_option_plays_the_beaten_unit() -> None:
    lead = classify_lead(cards("As Qs Qs"), LEVEL3_HEARTS, BEATEN_UNIT)
    others = {1: cards("2s 4s"), 2: cards("Ks Ks"), 3: cards("Ah")}
    result = check_throw(lead, others, LEVEL3_HEARTS, BEATEN_UNIT)
    assert not result.ok and names(result.played) == "♠Q ♠Q" and result.beaten_by == 2


def test_failed_throw_tractor_beaten_by_higher_tractor() -> None:
    lead = classify_lead(cards("As 9s 9s 8s 8s"), LEVEL3_HEARTS, BEATEN_UNIT)
    others = {1: cards("Js Js 10s 10s"), 2: cards("Ks Ks")}
    result = check_throw(lead, others, LEVEL3_HEARTS, BEATEN_UNIT)
    assert not result.ok and result.beaten_by == 1
    assert names(result.played) == "♠9 ♠9 ♠8 ♠8"
    # the default plays the smallest card of the throw instead
    seed = check_throw(lead, others, LEVEL3_HEARTS, PAJIWO_RULES)
    assert names(seed.played) == "♠8"


def test_failed_throw_first_beating_seat_in_given_order() -> None:
    lead = classify_lead(cards("As 4s"), LEVEL3_HEARTS, PAJIWO_RULES)
    others = {3: cards("5s"), 1: cards("Ks")}
    result = check_throw(lead, others, LEVEL3_HEARTS, PAJIWO_RULES)
    assert result.beaten_by == 3 and names(result.beating) == "♠5"


def test_equal_level_cards_do_not_beat_a_throw() -> None:
    """Off-suit level cards are equal (pajiwo.txt:95): ♣3 does not beat a thrown ♠3."""
    lead = classify_lead(cards("BJ 3s"), LEVEL3_HEARTS, PAJIWO_RULES)
    result = check_throw(lead, {1: cards("3c 3d")}, LEVEL3_HEARTS, PAJIWO_RULES)
    assert result.ok


def test_single_unit_lead_always_stands() -> None:
    lead = classify_lead(cards("2s"), LEVEL3_HEARTS, PAJIWO_RULES)
    assert check_throw(lead, {1: cards("As")}, LEVEL3_HEARTS, PAJIWO_RULES).ok


def test_legal_leads_lists_units_strongest_first() -> None:
    hand = cards("As As Ks Qs 9h 9h 8h 8h BJ")
    leads = [names(x) for x in legal_leads(hand, LEVEL3_HEARTS, PAJIWO_RULES)]
    assert leads[0] == "♥9 ♥9 ♥8 ♥8"
    assert "♠A ♠A" in leads and "大王" in leads and "♠Q" in leads
    assert leads.index("♠A ♠A") < leads.index("大王")
    assert len(legal_leads(hand, LEVEL3_HEARTS, PAJIWO_RULES, limit=3)) == 3


def test_legal_leads_sure_throw_with_unseen_cards() -> None:
    hand = cards("As As Ks Qs 9h 9h 8h 8h BJ")
    # no unseen trump: the whole trump holding is a sure throw, listed first
    leads = legal_leads(hand, LEVEL3_HEARTS, PAJIWO_RULES, unseen=cards("Qs Js 2s"))
    assert [names(x) for x in leads[:2]] == ["♥9 ♥9 ♥8 ♥8 大王", "♠A ♠A ♠K ♠Q"]
    # an unseen ♥J♥J♥10♥10 beats the trump tractor, leaving only 大王: no trump throw;
    # the unseen ♠K could beat ♠Q, so the spade throw is ♠AA ♠K
    unseen = cards("Ks Js Jh Jh 10h 10h")
    leads = legal_leads(hand, LEVEL3_HEARTS, PAJIWO_RULES, unseen=unseen)
    assert names(leads[0]) == "♠A ♠A ♠K"
    assert names(leads[1]) == "♥9 ♥9 ♥8 ♥8"
