"""Invariants over random deals (hypothesis): 扒鸡窝 and 打滚子 rules, random trump orders."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalAction
from games.cards import Card, Rank, Suit, full_deck
from games.tricks import (
    DAGUNZI_RULES,
    PAJIWO_RULES,
    Lead,
    TrickRules,
    TrumpOrder,
    check_follow,
    check_throw,
    classify_lead,
    decompose,
    legal_follows,
    legal_leads,
    random_follow,
    trick_winner,
)
from games.tricks._shape import ladder, longest_chain, multiset_combos

PLAIN_RANKS = [r for r in Rank if not r.is_joker]
SETTINGS = settings(max_examples=120, deadline=None)


@dataclass
class Deal:
    order: TrumpOrder
    rules: TrickRules
    hands: list[list[Card]]
    lead: Lead
    rng: random.Random


def make_deal(seed: int, dagunzi: bool, hand_size: int, throw: bool, narrow: bool) -> Deal:
    """Four hands and a lead by the first, under a random trump order.

    ``narrow`` deals from few ranks and suits (with the level rank and jokers),
    identical cards mostly together, so that sets, tractors and the trump
    ladder come up often.
    """
    rng = random.Random(seed)
    rules = DAGUNZI_RULES if dagunzi else PAJIWO_RULES
    level = rng.choice(PLAIN_RANKS)
    suit = rng.choice([*Suit, None])
    order = TrumpOrder(level, suit, (Rank.TWO,) if dagunzi else ())
    deck = full_deck(rules.decks)
    if narrow:
        start = rng.randint(0, len(PLAIN_RANKS) - 5)
        ranks = {*PLAIN_RANKS[start : start + 5], level}
        suits = set(rng.sample(list(Suit), 2))
        deck = [c for c in deck if c.suit is None or (c.rank in ranks and c.suit in suits)]
        # deal identical cards together (then break up a few), so hands hold many sets
        distinct = sorted(set(deck))
        rng.shuffle(distinct)
        deck = [c for d in distinct for c in [d] * rules.decks]
        for _ in range(len(deck) // 4):
            i, j = rng.randrange(len(deck)), rng.randrange(len(deck))
            deck[i], deck[j] = deck[j], deck[i]
    else:
        rng.shuffle(deck)
    hand_size = min(hand_size, len(deck) // 4)
    hands = [deck[i * hand_size : (i + 1) * hand_size] for i in range(4)]
    lad = ladder(order, rules)
    if throw and rules.throws:
        suit_of = {lad.suit(c) for c in hands[0]}
        led = rng.choice(sorted(suit_of, key=str))
        units = decompose([c for c in hands[0] if lad.suit(c) == led], order, rules)
        # favour pairs and tractors in the throw, the interesting part of the obligations
        sets = [u for u in units if u.kind != "single"]
        pool = sets if sets and rng.random() < 0.8 else units
        chosen = rng.sample(pool, rng.randint(1, min(len(pool), 3)))
        rest = [u for u in units if u not in chosen]
        if rest and rng.random() < 0.5:
            chosen.append(rng.choice(rest))
        cards = [c for u in chosen for c in u.cards]
    else:
        # pick a size first, so that pairs, triples and tractors lead as often as singles
        leads = legal_leads(hands[0], order, rules)
        size = rng.choice(sorted({len(x) for x in leads}))
        cards = list(rng.choice([x for x in leads if len(x) == size]))
    return Deal(order, rules, hands, classify_lead(cards, order, rules), rng)


deals = st.builds(
    make_deal,
    seed=st.integers(0, 2**32 - 1),
    dagunzi=st.booleans(),
    hand_size=st.integers(8, 25),
    throw=st.booleans(),
    narrow=st.booleans(),
)


@SETTINGS
@given(deals)
def test_every_listed_follow_is_legal(deal: Deal) -> None:
    for hand in deal.hands[1:]:
        plays = legal_follows(deal.lead, hand, deal.order, deal.rules, limit=30)
        assert plays, "a hand with enough cards always has a legal follow"
        assert len({tuple(p) for p in plays}) == len(plays)
        for play in plays:
            check_follow(deal.lead, hand, play, deal.order, deal.rules)


@SETTINGS
@given(deals)
def test_random_follow_is_always_legal_and_winner_is_a_seat(deal: Deal) -> None:
    plays: list[tuple[int, tuple[Card, ...]]] = [(0, deal.lead.cards)]
    for seat, hand in enumerate(deal.hands[1:], start=1):
        play = random_follow(deal.lead, hand, deal.order, deal.rules, deal.rng)
        check_follow(deal.lead, hand, play, deal.order, deal.rules)
        assert Counter(play) <= Counter(hand)
        plays.append((seat, play))
    win = trick_winner(plays, deal.order, deal.rules)
    assert win in (0, 1, 2, 3)
    lad = ladder(deal.order, deal.rules)
    winning = dict(plays)[win]
    # the winner played one suit: the led suit or trump
    assert len({lad.suit(c) for c in winning}) == 1


@SETTINGS
@given(deals)
def test_decomposition_conserves_cards_and_units_are_sound(deal: Deal) -> None:
    lad = ladder(deal.order, deal.rules)
    for hand in deal.hands:
        units = decompose(hand, deal.order, deal.rules)
        assert Counter(c for u in units for c in u.cards) == Counter(hand)
        for u in units:
            assert len(u.cards) == u.width * u.length == u.size
            assert len({lad.suit(c) for c in u.cards}) == 1
            sets = [u.cards[i : i + u.width] for i in range(0, u.size, u.width)]
            assert all(len(set(s)) == 1 for s in sets)
            if u.kind == "tractor":
                assert deal.rules.tractors and u.length >= 2
                positions = [lad.info[s[0]][2] for s in sets]
                assert positions == list(range(positions[0], positions[0] - u.length, -1))
            assert u.top == lad.strength(u.cards[0])


@SETTINGS
@given(deals)
def test_a_standing_throw_is_not_beaten_by_following_suit(deal: Deal) -> None:
    lead = deal.lead
    others = dict(enumerate(deal.hands[1:], start=1))
    result = check_throw(lead, others, deal.order, deal.rules)
    if not lead.is_throw:
        assert result.ok
        return
    if not result.ok:
        assert Counter(result.played) <= Counter(lead.cards)
        assert result.beaten_by in others and result.unit in lead.units
        return
    lad = ladder(deal.order, deal.rules)
    for seat, hand in others.items():
        play = random_follow(lead, hand, deal.order, deal.rules, deal.rng)
        if all(lad.suit(c) == lead.suit for c in play):
            assert trick_winner([(0, lead.cards), (seat, play)], deal.order, deal.rules) == 0


small_deals = st.builds(
    make_deal,
    seed=st.integers(0, 2**32 - 1),
    dagunzi=st.booleans(),
    hand_size=st.integers(4, 9),
    throw=st.booleans(),
    narrow=st.booleans(),
)


@settings(max_examples=150, deadline=None)
@given(small_deals)
def test_legal_follows_is_exactly_what_check_follow_accepts(deal: Deal) -> None:
    """Completeness on small hands: brute force over every multiset of the lead's size."""
    n = deal.lead.size
    for hand in deal.hands[1:]:
        listed = {tuple(sorted(p)) for p in legal_follows(deal.lead, hand, deal.order, deal.rules)}
        accepted = set()
        items = list(Counter(hand).items())
        for combo in multiset_combos(items, n):
            try:
                check_follow(deal.lead, hand, combo, deal.order, deal.rules)
            except IllegalAction:
                continue
            accepted.add(tuple(sorted(combo)))
        assert listed == accepted


def make_tractor_deal(seed: int, extra_units: int, no_trump: bool) -> Deal | None:
    """A 扒鸡窝 deal whose lead holds a tractor (plus ``extra_units`` more units: a throw),
    with the followers' hands mostly in the led suit and full of pairs."""
    rng = random.Random(seed)
    level = rng.choice(PLAIN_RANKS)
    order = TrumpOrder(level, None if no_trump else rng.choice(list(Suit)))
    rules = PAJIWO_RULES
    lad = ladder(order, rules)
    led = rng.choice(sorted({lad.suit(c) for c in full_deck(1)}, key=str))
    pool = sorted({c for c in full_deck(1) if lad.suit(c) == led}, key=lad.order.sort_key)
    start = rng.randrange(max(1, len(pool) - 7))
    window = pool[start : start + 8]
    if rng.random() < 0.5:
        rng.shuffle(window)
    blocks = [c for d in window for c in (d, d)]
    # pairs stay together, a few are broken up
    for _ in range(2):
        i, j = rng.randrange(len(blocks)), rng.randrange(len(blocks))
        blocks[i], blocks[j] = blocks[j], blocks[i]
    rest = [c for c in full_deck(2) if c not in window]
    rng.shuffle(rest)
    cuts = [0, 6, 10, 13, len(blocks)]
    hands = [blocks[cuts[i] : cuts[i + 1]] + rest[i * 6 : i * 6 + 6] for i in range(4)]
    units = decompose([c for c in hands[0] if lad.suit(c) == led], order, rules)
    tractors = [u for u in units if u.kind == "tractor"]
    if not tractors:
        return None
    others = [u for u in units if u.kind != "tractor"]
    chosen = [tractors[0], *rng.sample(others, min(extra_units, len(others)))]
    cards = [c for u in chosen for c in u.cards]
    return Deal(order, rules, hands, classify_lead(cards, order, rules), rng)


tractor_deals = st.builds(
    make_tractor_deal,
    seed=st.integers(0, 2**32 - 1),
    extra_units=st.integers(0, 2),
    no_trump=st.booleans(),
).filter(lambda d: d is not None)


@settings(max_examples=150, deadline=None)
@given(tractor_deals)
def test_tractor_and_throw_leads(deal: Deal) -> None:
    """Tractor and throw leads: listed follows are exactly the accepted ones (brute force),
    random follows are legal, and a standing throw is not beaten by following suit."""
    lead = deal.lead
    assert any(u.kind == "tractor" for u in lead.units)
    n = lead.size
    plays: list[tuple[int, tuple[Card, ...]]] = [(0, lead.cards)]
    for seat, hand in enumerate(deal.hands[1:], start=1):
        listed = {tuple(sorted(p)) for p in legal_follows(lead, hand, deal.order, deal.rules)}
        accepted = set()
        for combo in multiset_combos(list(Counter(hand).items()), n):
            try:
                check_follow(lead, hand, combo, deal.order, deal.rules)
            except IllegalAction:
                continue
            accepted.add(tuple(sorted(combo)))
        assert listed == accepted
        if not lead.is_throw:
            _oracle_single_tractor(deal, hand, accepted)
        play = random_follow(lead, hand, deal.order, deal.rules, deal.rng)
        assert tuple(sorted(play)) in accepted
        plays.append((seat, play))
    assert trick_winner(plays, deal.order, deal.rules) in (0, 1, 2, 3)
    others = dict(enumerate(deal.hands[1:], start=1))
    if lead.is_throw and check_throw(lead, others, deal.order, deal.rules).ok:
        lad = ladder(deal.order, deal.rules)
        for seat, play in plays[1:]:
            if all(lad.suit(c) == lead.suit for c in play):
                assert trick_winner([(0, lead.cards), (seat, play)], deal.order, deal.rules) == 0


def make_long_tractor_deal(seed: int, length: int, no_trump: bool) -> Deal | None:
    """A 扒鸡窝 deal led by a lone tractor of ``length`` pairs, the followers holding many
    pairs of the led suit: shorter tractors, several of them, loose pairs (issue 8)."""
    rng = random.Random(seed)
    level = rng.choice(PLAIN_RANKS)
    order = TrumpOrder(level, None if no_trump else rng.choice(list(Suit)))
    rules = PAJIWO_RULES
    lad = ladder(order, rules)
    led = rng.choice(sorted({lad.suit(c) for c in full_deck(1)}, key=str))
    pool = sorted({c for c in full_deck(1) if lad.suit(c) == led}, key=lad.order.sort_key)
    chain = longest_chain(dict.fromkeys(pool, 2), 2, lad)
    if len(chain) < length + 4:
        return None
    start = rng.randrange(len(chain) - length + 1)
    lead_cards = [c for c in chain[start : start + length] for _ in range(2)]
    rest = [c for c in pool if c not in lead_cards]
    others = [c for c in full_deck(1) if lad.suit(c) != led]
    hands: list[list[Card]] = [lead_cards]
    for _seat in range(3):
        # 5 ranks of the led suit as pairs, one broken up, and two cards of other suits
        # (each hand on its own: the follow rules look at one hand at a time)
        mine = rng.sample(rest, 6)
        pairs = [c for c in mine[:5] for _ in range(2)]
        hands.append([*pairs[:-1], mine[5], *rng.sample(others, 2)])
    return Deal(order, rules, hands, classify_lead(lead_cards, order, rules), rng)


long_tractor_deals = st.builds(
    make_long_tractor_deal,
    seed=st.integers(0, 2**32 - 1),
    length=st.integers(3, 4),
    no_trump=st.booleans(),
).filter(lambda d: d is not None)


@settings(max_examples=60, deadline=None)
@given(long_tractor_deals)
def test_long_tractor_leads_against_shorter_held_tractors(deal: Deal) -> None:
    """A 3- or 4-pair tractor lead, followers rich in pairs: the listed follows are exactly
    the accepted ones, every one obeys pajiwo.txt:107 as written, random follows too."""
    lead = deal.lead
    assert [u.kind for u in lead.units] == ["tractor"]
    for hand in deal.hands[1:]:
        listed = {tuple(sorted(p)) for p in legal_follows(lead, hand, deal.order, deal.rules)}
        accepted = set()
        for combo in multiset_combos(list(Counter(hand).items()), lead.size):
            try:
                check_follow(lead, hand, combo, deal.order, deal.rules)
            except IllegalAction:
                continue
            accepted.add(tuple(sorted(combo)))
        assert listed == accepted
        _oracle_single_tractor(deal, hand, accepted)
        play = random_follow(lead, hand, deal.order, deal.rules, deal.rng)
        assert tuple(sorted(play)) in accepted


def _oracle_single_tractor(deal: Deal, hand: list[Card], accepted: set) -> None:
    """pajiwo.txt:107 read directly for a lone tractor lead (issue 8): the longest tractor
    held, up to the lead's length, then as many pairs as held (up to the lead's), then
    singles; all suit cards when short."""
    lad = ladder(deal.order, deal.rules)
    (tractor,) = deal.lead.units
    held = Counter(c for c in hand if lad.suit(c) == deal.lead.suit)
    held_units = decompose(held.elements(), deal.order, deal.rules)
    longest_held = max((u.length for u in held_units if u.kind == "tractor"), default=0)
    pairs_held = sum(1 for k in held.values() if k >= 2)
    assert accepted
    for play in accepted:
        mine = Counter(c for c in play if lad.suit(c) == deal.lead.suit)
        assert sum(mine.values()) == min(sum(held.values()), tractor.size)
        if sum(held.values()) <= tractor.size:
            continue
        units = decompose(mine.elements(), deal.order, deal.rules)
        longest = max((u.length for u in units if u.kind == "tractor"), default=0)
        assert longest == min(longest_held, tractor.length)
        assert sum(1 for k in mine.values() if k >= 2) == min(pairs_held, tractor.length)
