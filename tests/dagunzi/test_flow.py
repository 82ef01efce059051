"""A Dagunzi hand through the engine: the grab, the flip, declaring, tribute, the kitty with
its joker burying and 干锅, the result."""

from __future__ import annotations

import pytest

from games.base import Action, IllegalAction
from games.cards import BIG_JOKER, Suit
from games.dagunzi import rules as R
from games.dagunzi.deck import DEALT, KITTY_SIZE, asc
from games.dagunzi.engine import DagunziGame
from tests.dagunzi.helpers import act, cards, drive_to, finish_deal_passing, new_game, place


def expected_grab_trump(game: DagunziGame, seat: int) -> Suit:
    """The suit of the first suited card ``seat`` receives after now, else the kitty's."""
    for i in range(game.deal_pos, DEALT):
        card = game.undealt[i]
        if (game.start_seat + i) % 4 == seat and card.suit is not None:
            return card.suit
    card = next(c for c in game.kitty if c.suit is not None)
    assert card.suit is not None
    return card.suit


def test_first_hand_by_big_joker_grab() -> None:
    # dagunzi.txt:29-31: one 大王 grabs the deal; trump = the next suited card it receives
    game = new_game(4, deal="progressive")
    assert game.grab and game.dealer is None and game.level == 3
    while not any(BIG_JOKER in h for h in game.hands):
        act(game, None, "deal")
    seat = next(s for s in range(4) if BIG_JOKER in game.hands[s])
    other = next(s for s in range(4) if s != seat)
    with pytest.raises(IllegalAction) as err:
        act(game, other, "declare", "3h")
    assert err.value.code in ("grab_with_big_joker", "not_in_hand")
    want = expected_grab_trump(game, seat)
    act(game, seat, "declare", "BJ")
    assert game.dealer == seat and not game.declaring_open()
    # nobody can overcall it (dagunzi.txt:29): declaring is closed for everyone
    assert all(d.seat is None for d in game.pending())
    while game.phase == "dealing":
        act(game, None, "deal")
    assert game.trump_suit == want and game.trump_fixed_by == "grab"
    assert game.phase == "bury" or game.gan  # no tribute in a 轮's first hand
    assert game.tribute is None


def test_async_grab_asks_only_big_joker_holders_in_deal_order() -> None:
    game = new_game(4, deal="all_at_once")
    while game.phase == "dealing":
        act(game, None, "deal")
    assert game.phase == "declare_round"
    asked = game.turn
    assert asked is not None and BIG_JOKER in game.hands[asked]
    assert game.pending()[0].required
    act(game, asked, "pass")
    # the same seat is not asked again for the same 大王
    while game.phase in ("dealing", "declare_round") and game.turn != asked:
        if game.phase == "declare_round":
            assert game.turn is not None
            act(game, game.turn, "pass")
        else:
            act(game, None, "deal")
    assert game.phase not in ("dealing", "declare_round") or game.turn == asked


def test_first_hand_by_flipping() -> None:
    # dagunzi.txt:32-33, 63: from the deal's first seat, counter-clockwise, jokers flipped past;
    # the highest card (level card, then 2, then A down) deals; equal: the first flipped
    game = new_game(2, deal="all_at_once")
    while game.deal_pos < DEALT or game.phase == "declare_round":
        if game.phase == "declare_round":
            assert game.turn is not None
            act(game, game.turn, "pass")
        else:
            act(game, None, "deal")
    place(game, game.kitty, cards("BJ 5h 3d 2s 3c Ac"))
    game.kitty[:] = cards("BJ 5h 3d 2s 3c Ac")
    start = game.start_seat
    act(game, None, "deal")
    assert [f["seat"] for f in game.flips] == [
        start,
        start,
        (start + 1) % 4,
        (start + 2) % 4,
        (start + 3) % 4,
    ]
    assert [f["card"] for f in game.flips] == ["BJ", "5h", "3d", "2s", "3c"]
    assert game.dealer == (start + 1) % 4 and game.trump_suit == Suit.DIAMONDS
    assert game.trump_fixed_by == "flip"
    assert game.view(0)["flips"] == game.flips


def test_flip_with_too_few_suited_cards_redeals() -> None:
    game = new_game(2, deal="all_at_once")
    while game.deal_pos < DEALT or game.phase == "declare_round":
        if game.phase == "declare_round":
            assert game.turn is not None
            act(game, game.turn, "pass")
        else:
            act(game, None, "deal")
    place(game, game.kitty, cards("BJ BJ SJ SJ 4h 5h"))
    game.kitty[:] = cards("BJ BJ SJ SJ 4h 5h")
    events = act(game, None, "deal")
    assert events[0].kind == "redealt" and game.redeals == 1 and game.phase == "dealing"
    assert game.invariants()["cards_conserved"]


def second_hand(seed: int, **opts: object) -> DagunziGame:
    game = new_game(seed, match="hands", hands=5, **opts)
    drive_to(game, "hand_over")
    act(game, None, "next_hand")
    return game


def test_declaring_in_later_hands_and_overcalling() -> None:
    # dagunzi.txt:34-37: level cards; 2 overcall 1, 3 overcall 2; a seat may reinforce
    game = second_hand(1, deal="progressive", deal_round=39)
    assert not game.grab and game.start_seat == game.dealer
    act(game, None, "deal")  # every card at once
    level = game.level
    label = "J" if level == 11 else str(level)
    found = None
    for seat in range(4):
        for suit in "shcd":
            card = cards(f"{label}{suit}")[0]
            if game.hands[seat].count(card) >= 2:
                found = (seat, f"{label}{suit}")
    assert found is not None
    seat, text = found
    act(game, seat, "declare", text)
    with pytest.raises(IllegalAction) as err:
        act(game, (seat + 1) % 4, "declare", text)
    assert err.value.code in ("declaration_too_weak", "not_in_hand")
    act(game, seat, "declare", f"{text} {text}")  # 加固
    assert game.declarations[-1]["kind"] == "reinforce"
    act(game, None, "deal")
    assert game.trump_suit == cards(text)[0].suit and game.trump_fixed_by == "declaration"


def test_nobody_declares_a_random_kitty_card_fixes_trump() -> None:
    # dagunzi.txt:38-39; the kitty is then not shown (:42)
    game = second_hand(3, deal="all_at_once")
    finish_deal_passing(game)
    assert game.trump_fixed_by == "kitty_draw" and game.trump_card is not None
    assert game.dealer is not None
    assert game.trump_card in game.hands[game.dealer] or game.trump_card in game.kitty
    assert game.kitty_shown is None and game.view(None)["kitty_shown"] is None
    assert game.view(None)["trump"]["kitty_card"] is not None


def test_tribute_pays_the_blood_of_the_last_hand() -> None:
    # dagunzi.txt:98-104: the dealer's previous seat gives its highest non-point cards
    game = new_game(1, match="hands", hands=5)
    drive_to(game, "hand_over")
    blood = game.hand_results[-1].summary["blood_next"]
    assert blood == game.blood and blood > 0
    act(game, None, "next_hand")
    assert game.owed == blood
    drive_to(game, "tribute")
    dealer = game.dealer
    assert dealer is not None
    payer = (dealer + 3) % 4
    before = list(game.hands[payer])
    expected = R.tribute_cards(before, game._order(), game.level, blood)
    assert all(c.points == 0 or int(c.rank) == game.level for c in expected)
    act(game, None, "tribute")
    assert game.tribute is not None and game.tribute["from"] == payer
    assert game.tribute["count"] == len(expected) and game.tribute_cards == expected
    assert len(game.hands[payer]) == 39
    assert len(game.hands[dealer]) == 39 + KITTY_SIZE or game.gan
    # the cards are seen by payer and receiver only
    assert "cards" in game.view(payer)["tribute"] and "cards" in game.view(dealer)["tribute"]
    assert "cards" not in game.view((dealer + 1) % 4)["tribute"]
    assert "cards" not in game.view(None)["tribute"]


def at_bury(seed: int = 1) -> DagunziGame:
    game = new_game(seed, deal="all_at_once")
    drive_to(game, "bury")
    return game


def side_cards(game: DagunziGame, n_points: int) -> tuple[list[str], str]:
    """Six side-suit cards for a bury: ``n_points`` point cards and small ones."""
    suits = [s.value.lower() for s in Suit if s != game.trump_suit]
    points = [f"{r}{s}" for s in suits for r in ("5", "10", "K")][:n_points]
    small = [f"{r}{suits[0]}" for r in ("4", "6", "7", "8", "9")][: 6 - n_points]
    return points + small, suits[1]


def test_joker_burying_allowed_with_one_point_card_and_five_small() -> None:
    # dagunzi.txt:46-48: the next seats may bury jokers and take back the smallest cards
    game = at_bury()
    dealer = game.dealer
    assert dealer is not None
    bury, _ = side_cards(game, 1)
    place(game, game.hands[dealer], cards(" ".join(bury)))
    nxt = (dealer + 1) % 4
    place(game, game.hands[nxt], cards("BJ"))
    act(game, dealer, "bury", " ".join(bury))
    assert game.phase == "bury_jokers" and game.turn == nxt
    assert game.view(nxt)["kitty"] is None  # no jokers buried: the kitty stays hidden
    before = len(game.hands[nxt])
    act(game, nxt, "bury_jokers", "BJ")
    smallest = min(cards(" ".join(bury[1:])), key=game._order().strength)
    assert smallest in game.hands[nxt] and len(game.hands[nxt]) == before
    assert "BJ" in game.view((nxt + 1) % 4)["kitty"]  # a kitty with jokers is shown to all
    assert game.joker_buries[0] == {"seat": nxt, "jokers": ["BJ"], "taken": [str(bury[1])]}


@pytest.mark.parametrize(("n_points", "jokers"), [(6, 0), (4, 2)])
def test_joker_burying_refused_after_points_only(n_points: int, jokers: int) -> None:
    # dagunzi.txt:49,53: six point cards, or four point cards and two jokers
    game = at_bury()
    dealer = game.dealer
    assert dealer is not None
    bury, _ = side_cards(game, n_points)
    bury = bury[:n_points] + ["BJ"] * jokers
    place(game, game.hands[dealer], cards(" ".join(bury)))
    # keep the bury legal: no 小王 rule involved (only 大王 buried)
    nxt = (dealer + 1) % 4
    place(game, game.hands[nxt], cards("BJ"))
    act(game, dealer, "bury", " ".join(bury))
    assert game.phase == "play" and game.closed == "kitty_all_points"
    with pytest.raises(IllegalAction) as err:
        act(game, nxt, "bury_jokers", "BJ")
    assert err.value.code == "kitty_all_points" and err.value.rule == "dagunzi.txt:49,53"


def test_big_joker_before_small_joker() -> None:
    # dagunzi.txt:45, for the dealer and for every seat burying jokers
    game = at_bury()
    dealer = game.dealer
    assert dealer is not None
    bury, _ = side_cards(game, 0)
    place(game, game.hands[dealer], cards(" ".join(bury[:5]) + " SJ BJ"))
    with pytest.raises(IllegalAction) as err:
        act(game, dealer, "bury", " ".join(bury[:5]) + " SJ")
    assert err.value.code == "big_joker_first" and err.value.rule == "dagunzi.txt:45"


def test_take_back_choice_among_equal_cards() -> None:
    # dagunzi.txt:48: equal ranks of different suits: the player chooses
    game = at_bury()
    dealer = game.dealer
    assert dealer is not None
    a, b = [s.value.lower() for s in Suit if s != game.trump_suit][:2]
    bury = f"4{a} 4{b} 9{a} 9{b} J{a} Q{b}"
    place(game, game.hands[dealer], cards(bury))
    nxt = (dealer + 1) % 4
    place(game, game.hands[nxt], cards("BJ"))
    act(game, dealer, "bury", bury)
    act(game, nxt, "bury_jokers", "BJ")
    assert game.phase == "take_back" and game.turn == nxt
    assert game.view(nxt)["take_choices"] == {"choices": [f"4{a}", f"4{b}"], "count": 1}
    with pytest.raises(IllegalAction) as err:
        act(game, nxt, "take", f"9{a}")
    assert err.value.code == "not_smallest"
    act(game, nxt, "take", f"4{b}")
    assert cards(f"4{b}")[0] in game.hands[nxt] and cards(f"4{a}")[0] in game.kitty
    assert len(game.kitty) == KITTY_SIZE and game.phase in ("bury_jokers", "play")


def test_more_jokers_than_the_kitty_pays_back_are_kept_not_refused() -> None:
    game = at_bury()
    dealer = game.dealer
    assert dealer is not None
    bury, _ = side_cards(game, 5)  # five point cards and one small card
    place(game, game.hands[dealer], cards(" ".join(bury)))
    nxt = (dealer + 1) % 4
    place(game, game.hands[nxt], cards("BJ BJ"))
    act(game, dealer, "bury", " ".join(bury))
    # the listed moves do not tell how many small cards the hidden kitty holds
    held = sum(1 for c in game.hands[nxt] if c.is_joker)
    listed = [a for a in game.legal_actions(nxt) if a.kind == "bury_jokers"]
    assert [len(a.data["cards"]) for a in listed] == list(range(held, 0, -1))
    # and the first of them is accepted: one 大王 goes (the kitty pays back its one small
    # card), the other stays in the hand; the kitty is shown, as every joker burial shows it
    size = len(game.hands[nxt])
    game.check(listed[0])
    events = game.apply(listed[0])
    buried = next(e for e in events if e.kind == "jokers_buried")
    assert buried.data["jokers"] == ["BJ"]
    given = listed[0].data["cards"]
    assert len(given) >= 2 and sorted(["BJ", *buried.data["kept"]]) == sorted(given)
    assert len(buried.data["taken"]) == 1
    assert len(game.hands[nxt]) == size and sum(c.is_joker for c in game.hands[nxt]) >= 1
    assert game.kitty_public and len(game.kitty) == KITTY_SIZE


def kitty_before_deal_end(game: DagunziGame, kitty: str) -> None:
    """Deal every card with one 大王 grab, then set the kitty before the deal ends."""
    while game.deal_pos < DEALT:
        if game.grab_seat is None:
            seat = next((s for s in range(4) if BIG_JOKER in game.hands[s]), None)
            if seat is not None:
                act(game, seat, "declare", "BJ")
        act(game, None, "deal")
    assert game.trump_suit is not None
    place(game, game.kitty, cards(kitty))
    game.kitty.sort(key=lambda c: cards(kitty).index(c))


@pytest.mark.parametrize("all_trump", [False, True])
def test_gan_guo_no_exchange_no_joker_burying(all_trump: bool) -> None:
    # dagunzi.txt:50-52
    game = new_game(4, deal="progressive", deal_round=13)
    kitty_before_deal_end(game, "BJ 4c 4d 4h 4s 6c")
    trump = game.trump_suit
    assert trump is not None
    t = trump.value.lower()
    side = [s.value.lower() for s in Suit if s != trump]
    kitty = (
        f"BJ 2{side[0]} 2{side[1]} 6{t} 7{t} 3{side[2]}"
        if all_trump
        else (f"BJ 4{side[0]} 6{side[1]} 3{t} 9{side[2]} 7{side[0]}")
    )
    place(game, game.kitty, cards(kitty))
    act(game, None, "deal")
    assert game.gan and game.phase == "play"
    assert all(len(h) == 39 for h in game.hands) and len(game.kitty) == KITTY_SIZE
    with pytest.raises(IllegalAction) as err:
        act(game, (game.dealer + 1) % 4, "bury_jokers", "BJ")  # type: ignore[operator]
    assert err.value.code == "gan_guo"


def test_not_gan_guo_the_dealer_exchanges() -> None:
    game = new_game(4, deal="progressive", deal_round=13)
    kitty_before_deal_end(game, "4c 4d 4h 4s 6c 6d")
    act(game, None, "deal")
    assert not game.gan and game.phase == "bury"
    assert len(game.hands[game.dealer]) == 39 + KITTY_SIZE  # type: ignore[index]


def test_illegal_follow_refused_with_the_rule() -> None:
    # dagunzi.txt:67-69: a follower holding the led suit must follow it
    game = at_bury()
    drive_to(game, "play")
    leader = game.turn
    assert leader is not None
    order = game._order()
    follower = (leader + 1) % 4
    held = {order.suit_of(c) for c in game.hands[follower]}
    lead = next(
        a
        for a in game.legal_actions(leader)
        if len(a.data["cards"]) == 1
        and order.suit_of(cards(a.data["cards"][0])[0]) in held
        and len(held) > 1
    )
    game.apply(lead)
    led = order.suit_of(cards(lead.data["cards"][0])[0])
    off = next(c for c in game.hands[follower] if order.suit_of(c) != led)
    with pytest.raises(IllegalAction) as err:
        game.apply(Action(follower, "play", {"cards": asc([off])}))
    assert err.value.code == "must_follow_suit" and err.value.rule == "dagunzi.txt:67-69"
    assert err.value.message.startswith("you must follow ")


def test_whole_hand_result_and_next_dealer() -> None:
    game = new_game(7, match="hands", hands=3)
    drive_to(game, "hand_over")
    result = game.hand_results[-1]
    s = result.summary
    assert s["defenders_points"] == result.scores[1 - s["dealer"] % 2]
    if s["takeover"]:
        assert s["next_dealer"] == (s["dealer"] + 1) % 4
    else:
        assert s["next_dealer"] == (s["dealer"] + 2) % 4
    assert game.dealer == s["next_dealer"]
    assert all(game.invariants().values())


def test_a_new_lun_starts_with_a_grab_at_three_without_tribute() -> None:
    # dagunzi.txt:78: after a 轮 both sides start again from 3, the deal grabbed anew
    game = new_game(2, match="hands", hands=60)
    players = ("heuristic", "random", "heuristic", "random")
    for _ in range(60):
        drive_to(game, "hand_over", players)
        if game.hand_results[-1].summary["lun_over"]:
            break
        act(game, None, "next_hand")
    summary = game.hand_results[-1].summary
    assert summary["lun_over"] and summary["lun_winner"] == [0, 2]
    assert game.luns_won == [1, 0] and game.dealer is None
    act(game, None, "next_hand")
    assert game.grab and game.levels == [3, 3] and game.level == 3 and game.owed == 0
    assert game.lun_number == 2


def test_one_lun_match_ends_with_the_lun() -> None:
    game = new_game(2)  # standard: one 轮
    drive_to(game, "match_over", ("heuristic", "random", "heuristic", "random"))
    result = game.match_result
    assert result is not None and result.ranks == (1, 2)
    assert result.summary["luns_won"] == [1, 0]
    assert game.hand_results[-1].summary["lun_over"]


def test_j_rule_sends_the_dealer_back_to_three() -> None:
    # dagunzi.txt:113 (option): a dealer playing J whose kitty the defenders win starts at 3
    for seed in range(1, 40):
        game = new_game(seed, match="hands", hands=5, top_level="J", j_rule=True)
        drive_to(game, "hand_over")
        dealer = game.dealer
        assert dealer is not None
        game.levels[dealer % 2] = 11
        act(game, None, "next_hand")
        assert game.level == 11
        drive_to(game, "hand_over", ("random",) * 4)
        summary = game.hand_results[-1].summary
        if summary["kitty_bonus"] is not None:  # the defenders won the last trick
            assert game.levels[dealer % 2] == 3
            return
    raise AssertionError("no hand where the defenders won the kitty")


def test_j_rule_needs_top_level_j() -> None:
    from games.base import OptionError

    with pytest.raises(OptionError, match="j_rule"):
        new_game(1, j_rule=True)


def test_presets_and_option_errors() -> None:
    from games.base import OptionError
    from games.dagunzi import DagunziGame, DagunziOptions

    for name, preset in DagunziGame.presets.items():
        assert DagunziOptions.from_dict(preset) is not None, name
    assert DagunziOptions().bang == "huobang" and DagunziOptions().match == "lun"
    with pytest.raises(OptionError, match="'bang' must be one of huobang, sibang"):
        DagunziOptions.from_dict({"bang": "dead"})
    with pytest.raises(OptionError, match="'mixed_trump' must be one of"):
        DagunziOptions.from_dict({"mixed_trump": "2"})


def test_mixed_trump_option_makes_that_rank_trump() -> None:
    game = new_game(3, mixed_trump="A", deal="all_at_once")
    drive_to(game, "play")
    order = game._order()
    aces = [c for c in cards("As Ah Ac Ad")]
    assert all(order.is_trump(c) for c in aces)
    assert "A" in game.view(0)["trump"]["permanent"]
