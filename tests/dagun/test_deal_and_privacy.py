"""The deal, the called card when the dealer holds both copies (``:49``), 明鸡 privacy (``:55``),
and the invariants under random play (hypothesis)."""

from __future__ import annotations

import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import Event
from games.cards import parse_card, parse_cards
from games.dagun import BOTS, DagunGame, DagunOptions, RandomPlayer
from games.dagun.call import called_card
from games.dagun.deck import DECK


def test_the_deal_gives_27_each_and_a_call_held_once_by_the_dealer() -> None:
    for seed in range(20):
        g = DagunGame(seed)
        assert [len(h) for h in g.hands] == [27, 27, 27, 27]
        assert g.invariants() == {"cards_conserved": True, "points_total": True, "hand_sizes": True}
        assert g.hands[g.dealer].count(g.called) == 1
        assert g.hands[g.partner].count(g.called) == 1 and g.partner != g.dealer
        assert g.face_up is not None and (g.deal_start + g.face_up) % 4 == g.dealer


def test_later_hands_call_the_first_card_dealt_to_the_dealer() -> None:
    dealt = parse_cards("9h 3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As 2s 3h 4h 5h 6h 7h 8h 10h")
    assert called_card(dealt, False, random.Random(1)) == (parse_card("9h"), 1)


def test_the_call_moves_past_the_second_copy_while_the_dealer_holds_both() -> None:
    # first card ♥9 is held twice: the call is the card after its second copy (♣4), which is
    # held twice too: the call moves past its second copy to ♦6 (:49)
    dealt = parse_cards("9h 3s 9h 4c 5s 4c 6d 7s 8s")
    assert called_card(dealt, False, random.Random(1)) == (parse_card("6d"), 3)
    # a second copy met before the first: ♠5 at 1 and 3; the call after ♠5's second copy
    dealt = parse_cards("9h 5s 9h 5s 8d")
    assert called_card(dealt, False, random.Random(1)) == (parse_card("8d"), 3)


def test_past_the_last_card_the_call_is_the_first_card_held_once() -> None:
    dealt = parse_cards("9h 3d 9h 4d 4d")
    assert called_card(dealt, False, random.Random(1)) == (parse_card("3d"), 3)


def test_first_hand_draws_again_while_the_dealer_holds_both() -> None:
    dealt = parse_cards("9h 9h 8c 8c 7d 7d 6s 6s 5h")
    seen = set()
    for seed in range(40):
        card, draws = called_card(dealt, True, random.Random(seed))
        assert card == parse_card("5h")
        seen.add(draws)
    assert max(seen) > 1  # some seeds drew a doubled card first and drew again


def test_later_hands_use_the_deal_order_in_the_engine() -> None:
    g = DagunGame(3, DagunOptions(hands=2, alone=False))
    _play_hand(g)
    g.apply(g.table_action())  # type: ignore[arg-type]
    assert g.deal_start == g.dealer == g.hand_results[0].summary["finish_order"][0]
    first = g.dealt[g.dealer][0]
    if g.dealt[g.dealer].count(first) == 1:
        assert g.called == first
    assert g.hands[g.dealer].count(g.called) == 1


def _play_hand(g: DagunGame, seed: int = 0) -> list[Event]:
    rng = random.Random(seed)
    bots = [BOTS["heuristic"]() if s % 2 else BOTS["random"]() for s in range(4)]
    events: list[Event] = []
    start = len(g.hand_results)
    while len(g.hand_results) == start:
        (d,) = g.pending()
        assert d.seat is not None
        events += g.apply(bots[d.seat].choose(g, d.seat, rng))
    return events


def _names_partner(text: str, partner: int) -> bool:
    """True when a text ties the partner seat to the word partner (e.g. "seat 2 is … partner")."""
    return bool(re.search(rf"seat {partner}\b[^.;]*partner|partner[^.;]*seat {partner}\b", text))


def test_no_view_or_event_of_another_seat_names_the_partner_before_the_reveal() -> None:
    checked = 0
    for seed in range(12):
        g = DagunGame(seed, DagunOptions(match="one_hand", alone=False))
        rng = random.Random(seed)
        bots = [BOTS["heuristic"]() for _ in range(4)]
        partner = g.partner
        while not g.is_over and not g.revealed:
            for seat in (*range(4), None):
                view = g.view(seat)
                if seat == partner:
                    assert view["partner"] == partner and view["you_are_partner"] is True
                    continue
                checked += 1
                assert view["partner"] is None and view["teams"] is None
                assert view["team_points"] is None
                assert not view["you_are_partner"]
                text = json.dumps(view, ensure_ascii=False)
                assert '"you_are_partner": true' not in text
            assert g.teams() is None
            (d,) = g.pending()
            assert d.seat is not None
            for event in g.apply(bots[d.seat].choose(g, d.seat, rng)):
                if event.kind == "partner_revealed":
                    assert event.seat == partner and g.revealed
                    continue
                assert "partner" not in event.data
                assert not _names_partner(event.text, partner) or partner == g.dealer
    assert checked > 1000


def test_the_partner_is_shown_to_all_after_the_reveal_or_the_hand() -> None:
    g = DagunGame(5, DagunOptions(match="one_hand", alone=False))
    _play_hand(g)
    assert all(g.view(s)["partner"] == g.partner for s in (0, 1, 2, 3, None))
    assert g.hand_results[0].summary["partner"] == g.partner


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_cards_conserved_and_replay_equals_live_state(seed: int, straights: bool) -> None:
    g = DagunGame(seed, DagunOptions(hands=2, straights=straights))
    rng = random.Random(seed)
    bots = [RandomPlayer(alone_rate=0.2) if s % 2 else BOTS["heuristic"]() for s in range(4)]
    steps = 0
    while not g.is_over:
        (d,) = g.pending()
        action = g.table_action() if d.seat is None else bots[d.seat].choose(g, d.seat, rng)
        assert action is not None
        g.apply(action)
        steps += 1
        inv = g.invariants()
        assert inv["cards_conserved"] and inv["points_total"] and inv["hand_sizes"], inv
        if steps % 97 == 0:
            assert DagunGame.replay(seed, g.options, g.actions).snapshot() == g.snapshot()
    again = DagunGame.from_json(json.loads(json.dumps(g.to_json())))
    assert again.snapshot() == g.snapshot()
    assert sum(g.coins) == 0  # every coin paid is received
    for r in g.hand_results:  # a hand played to 三游 shares out all 200 points
        if r.summary["result"] in ("win", "qing", "tie_last"):
            assert sum(r.scores) == 200
    assert len(DECK) == 108
