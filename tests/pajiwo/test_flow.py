"""Dealing, declaring, 下台, 造反, the kitty and the 扒鸡窝 round (pajiwo.txt:39-81)."""

from __future__ import annotations

import pytest

from games.base import Action, IllegalAction
from games.cards import Suit, format_card_ascii, parse_card

from .helpers import act, cards, deal_all, later_hand, new_game, rig

NO_POINTS_25 = "2c 3c 4c 6c 7c 8c 9c Jc Qc Ac 2d 3d 4d 6d 7d 8d 9d Jd Qd Ad 3s 4s 6s 7s 8s"


def test_progressive_deal_gives_five_rounds_of_five_then_closes() -> None:
    g = new_game(3)
    assert g.phase == "dealing" and g.grab
    act(g, None, "deal")
    assert [len(h) for h in g.hands] == [5, 5, 5, 5]
    for _ in range(4):
        act(g, None, "deal")
    assert [len(h) for h in g.hands] == [25, 25, 25, 25]
    assert len(g.kitty) == 8 and g.phase == "dealing"
    act(g, None, "deal")  # closes the declaring window: nobody declared in a 抢庄 hand
    assert g.phase == "rebel"
    assert g.trump_fixed_by == "kitty_card"
    assert g.dealer == g.start_seat  # our reading: the seat dealt first deals


def test_first_deal_step_starts_with_the_start_seat() -> None:
    g = new_game(4, deal_round=1)
    act(g, None, "deal")
    first = g.undealt[0]
    assert g.hands[g.start_seat] == [first]


def test_grab_hand_declare_overcall_and_dealer() -> None:
    g = new_game(1)
    rig(g, ["", "BJ 2h 2h", "SJ 2s 2s", "SJ 2c"])
    act(g, None, "deal")
    ev = act(g, 3, "declare", "SJ 2c")
    assert ev[0].kind == "trump_declared" and g.dealer == 3 and g.trump_suit == Suit.CLUBS
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "declare", "BJ 2h")
    assert err.value.code == "weak_overcall"
    assert "a joker with one level card can only be overcalled by a joker with a pair" in str(
        err.value
    )
    ev = act(g, 1, "declare", "BJ 2h 2h")
    assert ev[0].kind == "trump_overcalled" and g.dealer == 1 and g.trump_suit == Suit.HEARTS
    act(g, 2, "declare", "SJ 2s 2s")  # ♠ pair over ♥ pair
    assert g.dealer == 2 and g.trump_suit == Suit.SPADES
    with pytest.raises(IllegalAction, match="does not beat"):
        act(g, 1, "declare", "BJ 2h 2h")
    deal_all(g)
    assert g.phase == "rebel" and sorted(d.seat for d in g.pending()) == [1, 3]
    act(g, 1, "pass")
    act(g, 3, "pass")
    assert g.phase == "bury" and g.kitty_owner == 2 and len(g.hands[2]) == 33
    assert [d["kind"] for d in g.declarations] == ["declare", "overcall", "overcall"]


def test_reinforcing_own_single() -> None:
    g = new_game(1)
    rig(g, ["BJ 2h 2h"])
    act(g, None, "deal")
    act(g, 0, "declare", "BJ 2h")
    ev = act(g, 0, "declare", "2h")  # shorthand: just the second level card
    assert ev[0].data["kind"] == "reinforce"
    assert g.standing is not None and g.standing.strength == 4
    assert g.declarations[-1]["cards"] == ["BJ", "2h", "2h"]


def test_cannot_declare_cards_not_yet_dealt() -> None:
    g = new_game(1, deal_round=1)
    rig(g, ["Ac BJ 2h"])
    act(g, None, "deal")
    with pytest.raises(IllegalAction) as err:
        act(g, 0, "declare", "BJ 2h")
    assert err.value.code == "not_in_hand" and "you do not hold 大王" in err.value.message


def test_later_hand_partner_declares_and_takes_the_kitty() -> None:
    g = new_game(1, deal="all_at_once")
    later_hand(g, dealer=0, levels=(5, 9))
    rig(g, ["", "SJ 5c 5c", "BJ 5d", ""])
    assert g.phase == "auction" and g.turn == 0 and g.level == 5
    act(g, 0, "pass")
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "declare", "SJ 9c")
    assert err.value.code == "not_in_hand" or err.value.code == "not_level_card"
    act(g, 1, "pass")
    act(g, 2, "declare", "BJ 5d")
    for seat in (3, 0, 1):
        act(g, seat, "pass")
    assert g.phase == "rebel"
    act(g, 1, "pass")
    act(g, 3, "pass")
    assert (g.dealer, g.kitty_owner, g.trump_suit) == (0, 2, Suit.DIAMONDS)


def test_later_hand_defender_declares_for_the_dealer() -> None:
    g = new_game(1, deal="all_at_once", rebels_per_hand=0)
    later_hand(g, dealer=0, levels=(5, 9))
    rig(g, ["", "SJ 5c 5c 9h BJ"])
    act(g, 0, "pass")
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "declare", "BJ 9h")
    assert err.value.code == "not_level_card"
    assert err.value.message == "♥9 is not a level card: the level is 5"
    act(g, 1, "declare", "SJ 5c 5c")
    for seat in (2, 3, 0):
        act(g, seat, "pass")
    assert (g.dealer, g.kitty_owner, g.trump_suit, g.level) == (0, 0, Suit.CLUBS, 5)
    assert g.phase == "bury"


def test_nobody_declares_dealer_steps_down_and_defenders_declare_their_level() -> None:
    g = new_game(1, deal="all_at_once", rebels_per_hand=0)
    later_hand(g, dealer=0, levels=(5, 9))
    rig(g, ["", "", "", "SJ 9s"])
    for seat in (0, 1, 2, 3):
        ev = act(g, seat, "pass")
    assert ev[0].kind == "stepped_down"
    assert (g.dealer, g.level, g.turn, g.phase) == (1, 9, 1, "auction")
    act(g, 1, "pass")
    act(g, 2, "pass")
    act(g, 3, "declare", "SJ 9s")
    for seat in (0, 1, 2):
        act(g, seat, "pass")
    assert (g.dealer, g.kitty_owner, g.trump_suit) == (1, 3, Suit.SPADES)


def test_nobody_declares_twice_a_kitty_card_fixes_trump() -> None:
    g = new_game(1, deal="all_at_once", rebels_per_hand=0)
    later_hand(g, dealer=2, levels=(5, 9))
    rig(g, [], kitty="3h 4h 6h 7h 8h 9h Jh Qh")
    for seat in (2, 3, 0, 1):
        act(g, seat, "pass")
    assert g.dealer == 3 and g.level == 9
    for seat in (3, 0, 1, 2):
        ev = act(g, seat, "pass")
    assert ev[0].kind == "trump_from_kitty"
    assert g.trump_suit == Suit.HEARTS and g.trump_fixed_by == "kitty_card"
    assert g.kitty_card is not None and g.kitty_card.suit == Suit.HEARTS
    assert (g.dealer, g.kitty_owner, g.level) == (3, 3, 9)


def test_a_joker_drawn_from_the_kitty_means_no_trump() -> None:
    seen = set()
    for seed in range(1, 30):
        g = new_game(seed, deal="all_at_once", rebels_per_hand=0)
        rig(g, [], kitty="BJ BJ SJ SJ 3h 4h 6h 7h")
        for _ in range(4):
            act(g, g.turn, "pass")
        assert g.kitty_card is not None
        if g.kitty_card.is_joker:
            assert g.no_trump and g.trump_suit is None
            seen.add("joker")
        else:
            assert not g.no_trump and g.trump_suit == Suit.HEARTS
            seen.add("heart")
        assert g.dealer == g.start_seat and g.level == 2
    assert seen == {"joker", "heart"}


def test_rebellion_redeals_from_the_rebel_as_a_grab_hand() -> None:
    g = new_game(2)
    rig(g, ["BJ 2h", NO_POINTS_25, "", "Kh Ks Kc Kd"])
    act(g, None, "deal")
    act(g, 0, "declare", "BJ 2h")
    deal_all(g)
    assert g.phase == "rebel"
    with pytest.raises(IllegalAction) as err:
        act(g, 3, "rebel")
    assert err.value.code == "rebel_points"
    assert "造反 needs fewer than 15 points in hand" in err.value.message
    with pytest.raises(IllegalAction) as err:
        act(g, 0, "rebel")
    assert err.value.code == "not_your_turn"
    ev = act(g, 1, "rebel")
    assert ev[0].kind == "rebelled" and ev[0].data["points"] == 0
    assert (g.phase, g.grab, g.start_seat, g.redeals, g.dealer) == ("dealing", True, 1, 1, None)
    assert [len(h) for h in g.hands] == [0, 0, 0, 0] and g.declarations == []
    act(g, None, "deal")
    assert g.hands[1][0] == g.undealt[0]
    deal_all(g)
    # one 造反 per hand by default: straight to the kitty
    assert g.phase == "bury" and g.kitty_owner == 1 == g.dealer


def test_kitty_bury_and_pajiwo_round_with_two_overcalls() -> None:
    g = new_game(5)
    rig(g, ["BJ 2h", "BJ 2d 2d", "", "SJ SJ"])
    act(g, None, "deal")
    act(g, 0, "declare", "BJ 2h")
    deal_all(g)
    act(g, 1, "pass")
    act(g, 3, "pass")
    assert g.phase == "bury" and g.kitty_owner == 0 and len(g.hands[0]) == 33
    with pytest.raises(IllegalAction) as err:
        act(g, 0, "bury", "3c 4c")
    assert err.value.code == "wrong_count"
    bury0 = [c for c in g.hands[0] if not c.is_joker and c.rank != 2][:8]
    g.apply(Action(0, "bury", {"cards": [str(c) for c in bury0]}))
    assert g.phase == "pajiwo" and g.turn == 1 and len(g.hands[0]) == 25
    assert g.view(0)["kitty"] is not None and g.view(1)["kitty"] is None
    with pytest.raises(IllegalAction) as err:
        act(g, 2, "pass")
    assert err.value.message == "it is seat 1's turn"
    ev = act(g, 1, "declare", "BJ 2d 2d")
    assert [e.kind for e in ev] == ["trump_overcalled", "kitty_taken"]
    assert g.phase == "bury" and g.kitty_owner == 1 and g.trump_suit == Suit.DIAMONDS
    assert len(g.hands[1]) == 33
    bury1 = [c for c in g.hands[1] if not c.is_joker and c.rank != 2][-8:]
    g.apply(Action(1, "bury", {"cards": [str(c) for c in bury1]}))
    act(g, 2, "pass")
    act(g, 3, "declare", "SJ SJ")
    assert g.kitty_owner == 3 and g.no_trump
    bury3 = [c for c in g.hands[3] if not c.is_joker][:8]
    g.apply(Action(3, "bury", {"cards": [str(c) for c in bury3]}))
    assert sorted(g.kitty) == sorted(bury3)
    for seat in (0, 1):
        act(g, seat, "pass")
    ev = act(g, 2, "pass")
    assert ev[0].kind == "play_started"
    assert (g.phase, g.dealer, g.turn, g.trump_suit, g.no_trump) == ("play", 0, 0, None, True)
    assert [(d["seat"], d["kind"], d["phase"]) for d in g.declarations] == [
        (0, "declare", "dealing"),
        (1, "overcall", "pajiwo"),
        (3, "overcall", "pajiwo"),
    ]
    assert g.invariants()["cards_conserved"]


def test_bad_actions_change_nothing() -> None:
    g = new_game(1)
    before = g.snapshot()
    for action in [
        Action(0, "play", {"cards": ["Ah"]}),
        Action(0, "declare", {"cards": "BJ"}),
        Action(0, "declare", {"cards": ["XX"]}),
        Action(7, "pass"),
        Action(0, "dance"),
        Action(None, "next_hand"),
    ]:
        with pytest.raises(IllegalAction):
            g.apply(action)
    assert g.snapshot() == before and g.actions == []


def test_pass_while_dealing_is_a_no_op() -> None:
    g = new_game(1)
    act(g, None, "deal")
    before = g.snapshot()
    act(g, 2, "pass")
    after = g.snapshot()
    assert after["actions"] == before["actions"] + 1
    before.pop("actions")
    after.pop("actions")
    assert after == before


def test_any_notation_is_accepted() -> None:
    g = new_game(1)
    rig(g, ["BJ 2h"])
    act(g, None, "deal")
    g.apply(Action(0, "declare", {"cards": ["大王", "♥2"]}))
    assert g.declarations[0]["cards"] == ["BJ", "2h"]
    assert g.standing is not None and g.standing.cards[1] == parse_card("红桃2")
    assert cards("BJ")[0] in g.hands[0]


def test_auction_ends_when_the_three_others_pass_after_the_last_declaration() -> None:
    g = new_game(8, deal="all_at_once", rebels_per_hand=0)
    first = g.start_seat
    assert g.phase == "auction" and g.turn == first and g.grab
    seats = [(first + k) % 4 for k in range(5)]
    hands = ["", "", "", ""]
    hands[seats[1]] = "BJ 2h"
    rig(g, hands)
    act(g, seats[0], "pass")
    act(g, seats[1], "declare", "BJ 2h")
    assert g.dealer == seats[1] and g.passes == 0
    act(g, seats[2], "pass")
    act(g, seats[3], "pass")
    assert g.phase == "auction" and g.turn == first
    ev = act(g, first, "pass")  # the third pass since the declaration ends the auction
    assert ev[-1].kind == "kitty_taken" and g.phase == "bury" and g.kitty_owner == seats[1]


def test_grab_hand_each_side_declares_its_own_level() -> None:
    g = new_game(1, deal="progressive")
    g.levels = [5, 9]
    g._start_hand(grab=True, start_seat=1, redeals=1)  # as after 造反 in a later hand
    rig(g, ["BJ 5h", "BJ 5d 5d 9d 9d"])
    act(g, None, "deal")
    act(g, 0, "declare", "BJ 5h")
    assert g.view(None)["level"] == "5" and g.dealer == 0
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "declare", "BJ 5d 5d")
    assert err.value.message == "♦5 is not a level card: the level is 9"
    act(g, 1, "declare", "BJ 9d 9d")
    deal_all(g)
    assert (g.dealer, g.level, g.trump_suit, g.phase) == (1, 9, Suit.DIAMONDS, "bury")


@pytest.mark.parametrize("seat", [True, False, 1.0, "1", -1, 4])
def test_a_seat_that_is_not_an_integer_0_to_3_is_refused(seat: object) -> None:
    # True == 1 in Python: without an explicit check a bool seat would act for seat 1 and be
    # recorded as `true` in the JSON record.
    g = new_game(1)
    before = g.snapshot()
    with pytest.raises(IllegalAction) as err:
        g.apply(Action(seat, "pass"))  # type: ignore[arg-type]
    assert err.value.code == "bad_seat" and "seats are 0-3" in err.value.message
    assert g.snapshot() == before and g.actions == []
    with pytest.raises(ValueError, match="seats are 0-3"):
        g.view(seat)  # type: ignore[arg-type]


def test_partner_buries_the_kitty_yet_the_dealer_leads_and_only_the_partner_sees_it() -> None:
    """pajiwo.txt:141 (the partner takes the kitty), :77 (扒鸡窝 from the next player),
    :81 (the dealer stays dealer and leads the first trick)."""
    g = new_game(1, deal="all_at_once", rebels_per_hand=0)
    later_hand(g, dealer=0, levels=(5, 9))
    rig(g, ["", "", "BJ 5d Kd Kd 10d 5h"])
    act(g, 0, "pass")
    act(g, 1, "pass")
    act(g, 2, "declare", "BJ 5d")
    for seat in (3, 0, 1):
        act(g, seat, "pass")
    assert (g.phase, g.kitty_owner, len(g.hands[2])) == ("bury", 2, 33)
    # the partner buries points: 10 + 10 + 10 + 5 (pajiwo.txt:71)
    side = [c for c in g.hands[2] if not g._order().is_trump(c) and not c.points][:4]
    buried = cards("Kd Kd 10d 5h") + side
    g.apply(Action(2, "bury", {"cards": [format_card_ascii(c) for c in buried]}))
    assert g.phase == "pajiwo" and g.turn == 3
    assert g.view(2)["kitty"] == [format_card_ascii(c) for c in buried]
    assert g.view(0)["kitty"] is None and g.view(1)["kitty"] is None
    for seat in (3, 0, 1):
        act(g, seat, "pass")
    assert (g.phase, g.dealer, g.turn) == ("play", 0, 0)
    assert [g.view(s)["kitty"] is not None for s in range(4)] == [False, False, True, False]
    assert g.view(None)["kitty"] is None


def test_a_reinforcement_in_the_pajiwo_round_takes_the_kitty() -> None:
    """Reading (docs/rules/pajiwo.md#8): reinforcing one's own single (加固, pajiwo.txt:43) in the
    扒鸡窝 round beats the standing single like any overcall (pajiwo.txt:77), so the defender
    who declared for the dealer takes the kitty; the dealer still leads (pajiwo.txt:81)."""
    g = new_game(1, deal="all_at_once", rebels_per_hand=0)
    later_hand(g, dealer=0, levels=(5, 9))
    rig(g, ["", "BJ 5d 5d"])
    act(g, 0, "pass")
    act(g, 1, "declare", "BJ 5d")
    for seat in (2, 3, 0):
        act(g, seat, "pass")
    assert (g.phase, g.kitty_owner) == ("bury", 0)
    bury0 = [c for c in g.hands[0] if not g._order().is_trump(c)][:8]
    g.apply(Action(0, "bury", {"cards": [format_card_ascii(c) for c in bury0]}))
    assert [a.data["cards"] for a in g.legal_actions(1) if a.kind == "declare"] == [
        ["BJ", "5d", "5d"]
    ]
    ev = act(g, 1, "declare", "5d")
    assert [e.kind for e in ev] == ["trump_declared", "kitty_taken"]
    assert ev[0].data["kind"] == "reinforce"
    assert (g.phase, g.kitty_owner, g.dealer, g.trump_suit) == ("bury", 1, 0, Suit.DIAMONDS)
    assert sorted(g.hands[1]).count(cards("5d")[0]) == 2 and len(g.hands[1]) == 33


def test_rebellion_options_threshold_and_count() -> None:
    """Options rebel_below (pajiwo.txt:65 sets 15) and rebels_per_hand (default 1)."""
    twenty = "Kh 10h 2c 3c 4c 6c 7c 8c 9c Jc Qc Ac 2d 3d 4d 6d 7d 8d 9d Jd Qd Ad 3s 4s 6s"
    g = new_game(2, deal="all_at_once")
    rig(g, ["", twenty])
    for seat in (0, 1, 2, 3):  # nobody declares: seat 0, the start seat, deals (kitty card)
        act(g, seat, "pass")
    assert (g.phase, g.dealer) == ("rebel", 0)
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "rebel")
    assert err.value.params == {"points": 20, "limit": 15}
    g = new_game(2, deal="all_at_once", rebel_below=25, rebels_per_hand=2)
    rig(g, ["", twenty])
    for seat in (0, 1, 2, 3):
        act(g, seat, "pass")
    ev = act(g, 1, "rebel")  # 20 points < 25
    assert ev[0].kind == "rebelled" and (g.redeals, g.start_seat, g.turn) == (1, 1, 1)
    for seat in (1, 2, 3, 0):
        act(g, seat, "pass")
    assert (g.phase, g.dealer) == ("rebel", 1)  # a second 造反 is allowed in this hand
    act(g, 2, "pass")
    act(g, 0, "pass")
    assert g.phase == "bury" and g.kitty_owner == 1


def test_start_level_option_sets_both_sides_first_level() -> None:
    g = new_game(1, start_level=5)
    rig(g, ["BJ 5h 2h"])
    act(g, None, "deal")
    with pytest.raises(IllegalAction) as err:
        act(g, 0, "declare", "BJ 2h")
    assert err.value.code == "not_level_card"
    act(g, 0, "declare", "BJ 5h")
    assert g.levels == [5, 5] and g.view(None)["level"] == "5"


def test_only_the_declarer_may_reinforce() -> None:
    """pajiwo.txt:43: 自己也可以加固自己的亮牌 — one's *own* declaration."""
    g = new_game(1)
    rig(g, ["BJ 2h", "", "2h"])
    act(g, None, "deal")
    act(g, 0, "declare", "BJ 2h")
    before = g.snapshot()
    with pytest.raises(IllegalAction) as err:
        act(g, 2, "declare", "2h")
    assert err.value.code == "not_your_declaration"
    assert err.value.message == (
        "only seat 0, who declared 大王 ♥2, may reinforce it (加固); to overcall, show a joker "
        "with a pair of level cards"
    )
    assert g.snapshot() == before
