"""Results and coins (``dagun_and_jinhua-mahjong.txt:59-75``): 绑, 清, 光头, 100-100, 硬牌,
bonus hands, and the end-of-hand transfers of 末游's points."""

from __future__ import annotations

from games.base import Action
from games.dagun import DagunOptions
from games.dagun.scoring import settle_alone, settle_partners
from tests.dagun.rig import passes, play, rigged

OPTS = DagunOptions()
TEAMS = ((0, 2), (1, 3))


def test_more_points_win_one_stake_each() -> None:
    st = settle_partners(TEAMS, [1, 0, 3], 2, [60, 30, 0, 110], OPTS)
    assert (st.result, st.multiplier, st.winners) == ("win", 1, (1, 3))
    assert st.coins == [-1, 1, -1, 1]


def test_100_100_the_side_with_the_last_player_loses() -> None:
    st = settle_partners(TEAMS, [1, 0, 2], 3, [100, 40, 0, 60], OPTS)
    assert st.result == "tie_last" and st.winners == (0, 2)  # seat 3 is 末游 (:65)
    assert st.coins == [1, -1, 1, -1]


def test_bang_wins_outright_whatever_the_points() -> None:
    st = settle_partners(TEAMS, [0, 2], None, [10, 150, 0, 40], OPTS)
    assert (st.result, st.multiplier, st.winners) == ("bang", 2, (0, 2))
    assert st.coins == [2, -2, 2, -2]


def test_guangtou_is_bang_with_the_other_side_at_zero() -> None:
    st = settle_partners(TEAMS, [3, 1], None, [0, 90, 0, 30], OPTS)
    assert (st.result, st.multiplier) == ("guangtou", 4)
    assert st.coins == [-4, 4, -4, 4]


def test_qing_is_all_200_points() -> None:
    st = settle_partners(TEAMS, [0, 1, 2], 3, [120, 0, 80, 0], OPTS)
    assert (st.result, st.multiplier) == ("qing", 2)
    assert st.coins == [2, -2, 2, -2]


def test_multipliers_are_options() -> None:
    opts = DagunOptions(stake=5, guangtou_multiplier=3, bang_multiplier=2)
    st = settle_partners(TEAMS, [3, 1], None, [0, 90, 0, 30], opts)
    assert st.coins == [-15, 15, -15, 15]


def test_alone_won_and_lost() -> None:
    won = settle_alone(2, 2, OPTS)
    assert (won.result, won.winners, won.coins) == ("alone_won", (2,), [-2, -2, 6, -2])
    lost = settle_alone(2, 0, OPTS)
    assert (lost.result, lost.coins) == ("alone_lost", [2, 2, -6, 2])


def test_end_of_hand_last_players_points_go_to_first_and_hand_points_to_third() -> None:
    # 0 & 2 (partner holds ♥7) against 1 & 3; seat 3 will be 末游 holding a K
    g = rigged(["3s 7h", "4s", "5d 7h", "Ks 6s 5c"])
    g.captured = [0, 0, 0, 20]  # seat 3 has captured 20 earlier
    play(g, 0, "3s")
    play(g, 1, "4s")  # seat 1 out first (一游)
    play(g, 2, "5d")
    play(g, 3, "6s")
    passes(g, 0, 2)  # seat 3's round: 5 + 0 points
    assert g.captured == [0, 0, 0, 25]
    play(g, 3, "5c")
    play(g, 0, "7h")  # the dealer's copy; seat 0 goes out second
    passes(g, 2, 3)
    play(g, 2, "7h")  # 明鸡 and out third: the hand is over
    result = g.hand_results[-1]
    # seat 0's ♥7 stood over ♣5: 5 points. 末游 (seat 3): its 25 captured go to 一游 (seat 1),
    # the ♠K (10) left in its hand to 三游 (seat 2)
    assert result.summary["finish_order"] == [1, 0, 2] and result.summary["last"] == 3
    assert result.summary["captured"] == [5, 25, 10, 0]
    assert result.scores == (15, 25)
    assert result.summary["winners"] == [1, 3]
    assert g.invariants()["cards_conserved"] is False  # rigged hands: not a full deck
    assert g.is_over


def test_the_hand_ends_at_bang_and_the_first_player_deals_next() -> None:
    g = rigged(["3s 7h", "4s 9d", "8s 7h", "5s 9c"], match="full", hands=2)
    play(g, 0, "3s")
    play(g, 1, "4s")
    play(g, 2, "8s")
    passes(g, 3, 0, 1)
    play(g, 2, "7h")  # 明鸡, seat 2 out first
    passes(g, 3, 0, 1)
    assert g.turn == 0  # 接风 to the partner
    play(g, 0, "7h")  # seat 0 out second: 绑
    (result,) = g.hand_results
    assert result.summary["result"] == "guangtou"  # 1 & 3 captured nothing
    assert g.coins == [4, -4, 4, -4]
    assert g.phase == "hand_over" and g.dealer == 2  # the 一游 deals next (:47)
    # the finished hand's sides stay this hand's dealer (0) and partner (2), not the next dealer's
    assert g.view(None)["teams"] == [list(t) for t in result.teams] == [[0, 2], [1, 3]]
    # … and so does its dealer: the picture's 庄 and "the dealer's side first" read ``dealer``
    assert g.view(None)["dealer"] == result.summary["dealer"] == 0
    assert g.view(1)["next_dealer"] == 2
    g.apply(Action(None, "next_hand"))
    assert g.dealer == 2 and g.hand_number == 2 and all(len(h) == 27 for h in g.hands)
    assert g.view(None)["dealer"] == 2 and g.view(None)["next_dealer"] is None


def test_alone_hand_ends_when_the_first_player_goes_out() -> None:
    g = rigged(["3s 7h", "As 9d", "8s 7h", "5s 9c 10c"], phase="alone")
    g.apply(Action(0, "pass"))
    g.apply(Action(1, "declare_alone"))
    play(g, 0, "3s")
    play(g, 1, "As")
    passes(g, 2, 3, 0)
    play(g, 1, "9d")  # the lone player goes out first and wins (:51, :63)
    (result,) = g.hand_results
    assert result.teams == ((1,), (0, 2, 3))
    assert result.summary["result"] == "alone_won" and g.coins == [-2, 6, -2, -2]


def test_alone_lost() -> None:
    g = rigged(["3s", "As 9d", "8s 7h 7h", "5s 9c 10c"], phase="alone", called="8s")
    g.partner = 2
    g.apply(Action(0, "declare_alone"))
    play(g, 0, "3s")  # the lone dealer is out first... and wins
    assert g.hand_results[-1].summary["result"] == "alone_won"
    g2 = rigged(["3s 4s", "As 9d", "8s 7h 7h", "5s 9c 10c"], phase="alone", called="8s")
    g2.partner = 2
    g2.apply(Action(0, "declare_alone"))
    play(g2, 0, "3s")
    play(g2, 1, "As")
    passes(g2, 2, 3, 0)
    play(g2, 1, "9d")  # seat 1 goes out first: the lone player loses
    assert g2.hand_results[-1].summary["result"] == "alone_lost"
    assert g2.coins == [-6, 2, 2, 2]


def test_bonus_hands_are_paid_to_their_holder_even_when_it_loses() -> None:
    # seat 1 holds the four jokers (天炸, 1 stake from each) and loses the hand to 绑
    g = rigged(["3s 7h", "4s BJ BJ SJ SJ", "8s 7h", "5s 9c"])
    assert g.bonuses == {1: [("天炸", 1)]}
    assert g.view(1)["bonuses"] == {"1": ["天炸"]} and g.view(0)["bonuses"] == {"0": []}
    play(g, 0, "3s")
    play(g, 1, "4s")
    play(g, 2, "8s")
    passes(g, 3, 0, 1)
    play(g, 2, "7h")
    passes(g, 3, 0, 1)
    play(g, 0, "7h")  # 绑 by 0 & 2 (光头: 1 & 3 took nothing): ×4
    assert g.hand_results[-1].summary["result"] == "guangtou"
    # seat 1: -4 for the hand, +3 for 天炸; the others pay 1 each for it
    assert g.coins == [4 - 1, -4 + 3, 4 - 1, -4 - 1]


def test_seven_and_eight_of_a_kind_bonuses() -> None:
    g = rigged(["3s 7h", "4s 4s 4h 4h 4c 4c 4d", "8s 7h", "5s 5s 5h 5h 5c 5c 5d 5d"])
    assert g.bonuses == {1: [("7喜 of 4", 1)], 3: [("8喜 of 5", 2)]}


def test_match_ranks_seats_by_coins_ties_sharing() -> None:
    g = rigged(["3s 7h", "4s 9d", "8s 7h", "5s 9c"])
    g.coins = [3, -3, 3, -3]
    result = g._rank_match()
    assert result.teams == ((0,), (1,), (2,), (3,)) and result.ranks == (1, 3, 1, 3)
