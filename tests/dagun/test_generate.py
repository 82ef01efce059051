"""The generator's plays equal a brute-force enumeration of every sub-multiset (small hands),
and every generated play's cards read as that play."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card, full_deck
from games.climbing import (
    DAGUN_RULES,
    ClimbRules,
    Combo,
    HandCounts,
    beats,
    generate,
    pick_cards,
    readings,
)

DECK = full_deck(2)


def brute_force(
    hand: list[Card], rules: ClimbRules, target: Combo | None
) -> set[tuple[Combo, int]]:
    """(reading, jokers) of every sub-multiset of ``hand`` that may be played on ``target``."""
    counts = Counter(hand)
    kinds = list(counts)
    found: set[tuple[Combo, int]] = set()
    for picks in itertools.product(*(range(counts[c] + 1) for c in kinds)):
        cards = [c for c, n in zip(kinds, picks, strict=True) for _ in range(n)]
        jokers = sum(1 for c in cards if c.is_joker)
        for combo in readings(cards, rules):
            if beats(combo, target):
                found.add((combo, jokers))
    return found


def generated(hand: list[Card], rules: ClimbRules, target: Combo | None) -> set[tuple[Combo, int]]:
    plays = generate(HandCounts.of(hand), rules, target)
    pairs = [(p.combo, p.jokers) for p in plays]
    assert len(pairs) == len(set(pairs)), "a play is generated twice"
    for play in plays:
        cards = pick_cards(hand, play)
        assert play.combo in readings(cards, rules)
        assert sum(1 for c in cards if c.is_joker) == play.jokers
    return set(pairs)


# small hands, biased towards jokers and the ranks of 510K so that the special cases occur
_POOL = [c for c in DECK if c.is_joker or c.rank.value in (3, 4, 5, 6, 10, 13, 14, 2)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_POOL), min_size=1, max_size=9))
def test_generator_equals_brute_force_on_leads(raw: list[Card]) -> None:
    hand = _legal_multiset(raw)
    assert generated(hand, DAGUN_RULES, None) == brute_force(hand, DAGUN_RULES, None)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.sampled_from(_POOL), min_size=1, max_size=9),
    st.lists(st.sampled_from(_POOL), min_size=1, max_size=6),
)
def test_generator_equals_brute_force_against_a_play(raw: list[Card], lead: list[Card]) -> None:
    hand = _legal_multiset(raw)
    targets = readings(_legal_multiset(lead), DAGUN_RULES)
    for target in targets:
        assert generated(hand, DAGUN_RULES, target) == brute_force(hand, DAGUN_RULES, target)


def test_straights_option_generator_equals_brute_force() -> None:
    rules = ClimbRules(straight_min=5)
    deck = [c for c in DECK if not c.is_joker]
    hand = [*deck[1:8], DECK[52], DECK[53]]  # ♠3..♠9 (2 is deck[0]) and both jokers
    assert generated(hand, rules, None) == brute_force(hand, rules, None)


def test_sway_with_many_copies_matches_brute_force() -> None:
    deck = [c for c in DECK if not c.is_joker]
    fives = [c for c in deck if c.rank.value == 5]  # 8 fives
    sixes = [c for c in deck if c.rank.value == 6][:5]
    hand = [*fives[:6], *sixes]
    assert generated(hand, DAGUN_RULES, None) == brute_force(hand, DAGUN_RULES, None)


def _legal_multiset(cards: list[Card]) -> list[Card]:
    """At most two copies of each card (two decks)."""
    seen: Counter[Card] = Counter()
    out = []
    for c in cards:
        if seen[c] < 2:
            seen[c] += 1
            out.append(c)
    return out


_RUN_POOL = [c for c in DECK if c.is_joker or c.rank.value in (3, 4, 5, 6, 7, 14, 2)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_RUN_POOL), min_size=1, max_size=9), st.booleans())
def test_generator_equals_brute_force_with_straights_and_without_pairs(
    raw: list[Card], pairs: bool
) -> None:
    rules = ClimbRules(pairs=pairs, straight_min=5)
    hand = _legal_multiset(raw)
    assert generated(hand, rules, None) == brute_force(hand, rules, None)
