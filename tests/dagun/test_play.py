"""Playing a Dagun hand: rounds, points, 明鸡, 接风, refusals, readings as separate moves
(``dagun_and_jinhua-mahjong.txt:47-67``)."""

from __future__ import annotations

import pytest

from games.base import Action, IllegalAction
from tests.dagun.rig import passes, play, rigged


def test_three_passes_give_the_lead_and_the_round_points_to_the_last_player() -> None:
    g = rigged(["5s 3h 7h", "6s 4h 9h", "Ks 7h 9c", "8s 9d 10d"])
    play(g, 0, "5s")
    play(g, 1, "6s")
    play(g, 2, "Ks")
    passes(g, 3, 0)
    assert g.turn == 1 and g.captured == [0, 0, 0, 0]
    passes(g, 1)  # the third pass in a row (:53)
    assert g.turn == 2 and g.standing is None
    assert g.captured == [0, 0, 15, 0]  # 5 + K (:5, :67)
    assert g.view(0)["last_round"]["taker"] == 2


def test_a_lead_cannot_pass_and_a_play_must_beat() -> None:
    g = rigged(["5s 3h 7h", "6s 4h 4d", "Ks 7h 9c", "8s 9d 10d"])
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action(0, "pass"))
    assert exc.value.code == "must_lead"
    play(g, 0, "5s")
    with pytest.raises(IllegalAction) as exc:
        play(g, 1, "4h")
    assert exc.value.code == "does_not_beat" and "does not beat ♠5" in exc.value.message
    with pytest.raises(IllegalAction) as exc:
        play(g, 1, "4h 4d")  # a pair on a single
    assert exc.value.code == "does_not_beat"
    with pytest.raises(IllegalAction) as exc:
        play(g, 2, "Ks")
    assert exc.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as exc:
        play(g, 1, "As")
    assert exc.value.code == "not_in_hand"
    with pytest.raises(IllegalAction) as exc:
        play(g, 1, "6s 4h")
    assert exc.value.code == "not_a_combination"
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action(1, "declare_alone"))
    assert exc.value.code == "wrong_phase"
    with pytest.raises(IllegalAction) as exc:
        g.apply(Action(1, "play", {"cards": ["zz"]}))
    assert exc.value.code == "bad_cards"
    assert g.hands[1] and len(g.actions) == 1  # nothing changed


def test_each_joker_reading_is_its_own_legal_move_and_the_action_names_it() -> None:
    g = rigged(["5s 5h BJ SJ 9c 7h", "6s", "7h 8c", "8s"])
    plays = [a for a in g.legal_actions(0) if sorted(a.data["cards"]) == ["5h", "5s", "BJ", "SJ"]]
    assert {a.data["as"] for a in plays} == {"5555", "4455", "5566"}
    with pytest.raises(IllegalAction) as exc:
        play(g, 0, "5s 5h BJ SJ")  # which one?
    assert exc.value.code == "ambiguous_reading"
    assert "4455" in exc.value.message and "5566" in exc.value.message
    with pytest.raises(IllegalAction) as exc:
        play(g, 0, "5s 5h BJ SJ", "6677")
    assert exc.value.code == "not_a_reading"
    play(g, 0, "5s 5h BJ SJ", "4455")
    last = g.view(1)["last_play"]
    assert (last["kind"], last["as"]) == ("pairs", "4455")


def test_against_a_play_only_the_readings_that_beat_it_count() -> None:
    g = rigged(["5s 5h 6s 6h 7h", "7s 7d BJ SJ", "7h 8c", "8s"])
    play(g, 0, "5s 5h 6s 6h")  # 5566
    # 77 + two jokers: 7777 (bomb), 6677 and 7788 beat 5566; 6677 and 7788 both do: ambiguous
    with pytest.raises(IllegalAction) as exc:
        play(g, 1, "7s 7d BJ SJ")
    assert exc.value.code == "ambiguous_reading"
    play(g, 1, "7s 7d BJ SJ", "7788")
    assert g.standing is not None and g.standing.combo.key() == "7788"


def test_the_partner_playing_the_called_card_reveals_the_teams() -> None:
    g = rigged(["3s 7h 9d 9d", "4s Qh Qd", "5s 7h 7s 9c", "6s Jh Jd"])
    assert g.teams() is None
    # the hidden partner may keep the called card back or show it: both are listed
    g.apply(Action(0, "play", {"cards": ["3s"]}))
    g.apply(Action(1, "play", {"cards": ["4s"]}))
    singles = [a.data["cards"] for a in g.legal_actions(2) if a.kind == "play"]
    assert ["7s"] in singles and ["7h"] in singles
    assert singles.index(["7s"]) < singles.index(["7h"])
    events = g.apply(Action(2, "play", {"cards": ["7h"]}))
    assert [e.kind for e in events] == ["played", "partner_revealed"]
    assert g.teams() == ((0, 2), (1, 3))
    assert all(g.view(s)["partner"] == 2 for s in (0, 1, 3, None))


def test_the_dealer_playing_its_copy_reveals_nothing() -> None:
    g = rigged(["7h 3s", "4s 9d", "5s 7h 9c", "6s 9h"])
    events = g.apply(Action(0, "play", {"cards": ["7h"]}))
    assert [e.kind for e in events] == ["played"]
    assert g.teams() is None and g.view(1)["partner"] is None


def _out_unbeaten(g, seat: int) -> None:  # type: ignore[no-untyped-def]
    """``seat`` has just played its last card: the others still holding cards pass."""
    while g.standing is not None and g.turn != seat:
        g.apply(Action(g.turn, "pass"))


def test_jiefeng_before_the_reveal_goes_to_the_next_player() -> None:
    # dealer 0, secret partner 2 (holds the other ♥7); seat 1's partner is seat 3
    g = rigged(["3s 4d 7h", "As", "7h 5c 6c", "8c 9c 10c"])
    play(g, 0, "3s")
    play(g, 1, "As")  # seat 1 goes out first
    assert g.out == [1]
    passes(g, 2, 3, 0)
    assert g.turn == 2  # 接风 by the next player: the partnership is not known (:57)
    assert g.jiefeng == {"from": 1, "to": 2}


def test_jiefeng_after_the_reveal_goes_to_the_partner() -> None:
    g = rigged(["3s 4d 7h 8d", "6s As", "7h 5c 6c", "8c 9c 10c 10s"])
    play(g, 0, "3s")
    play(g, 1, "6s")
    play(g, 2, "7h")  # 明鸡: 0 & 2 against 1 & 3
    passes(g, 3, 0, 1)
    assert g.turn == 2
    play(g, 2, "5c")
    passes(g, 3)
    play(g, 0, "8d")
    play(g, 1, "As")  # seat 1 goes out with an ace nobody beats
    passes(g, 2, 3, 0)
    assert g.turn == 3 and g.jiefeng == {"from": 1, "to": 3}  # its partner (:57)


def test_jiefeng_skips_a_seat_already_out() -> None:
    # secret partner 2 goes out first (so the teams are revealed), then seat 3, whose partner
    # is seat 1; before that, a hand where the next player is out: see the second part
    g = rigged(["3s 4d 8d", "6s 9s 3c", "7h", "Ks Qd"], called="7h", dealer=0)
    g.hands[0].append(g.called)  # the dealer's copy
    play(g, 0, "3s")
    play(g, 1, "6s")
    play(g, 2, "7h")  # 明鸡 and seat 2 goes out first
    passes(g, 3, 0, 1)
    assert g.out == [2] and g.jiefeng == {"from": 2, "to": 0}  # its partner, the dealer
    play(g, 0, "4d")
    play(g, 1, "9s")
    play(g, 3, "Ks")
    passes(g, 0, 1)
    play(g, 3, "Qd")  # seat 3 goes out second (the sides differ: no 绑)
    passes(g, 0, 1)
    assert g.turn == 1 and g.jiefeng == {"from": 3, "to": 1}


def test_jiefeng_to_the_next_player_skips_one_already_out() -> None:
    g = rigged(["3s 4d 8d 7h", "6s As", "7h", "8c 9c 10c"])
    play(g, 0, "3s")
    play(g, 1, "6s")
    play(g, 2, "7h")  # 明鸡, seat 2 out
    passes(g, 3, 0, 1)
    assert g.turn == 0  # 接风 to seat 2's partner
    g.revealed = False  # the same position before any reveal: the next player is seat 2
    play(g, 0, "4d")
    play(g, 1, "As")  # seat 1 goes out second: the sides differ
    passes(g, 3, 0)
    assert g.turn == 3 and g.jiefeng == {"from": 1, "to": 3}  # seat 2 is out: skipped


def test_alone_declaration_first_stands_and_is_public() -> None:
    g = rigged(["3s 7h", "4s 5s", "7h 8c", "9s 9d"], phase="alone")
    assert [a.kind for a in g.legal_actions(0)] == ["pass", "declare_alone"]
    g.apply(Action(0, "pass"))
    g.apply(Action(1, "declare_alone"))
    assert g.phase == "play" and g.turn == 0  # the dealer leads
    assert g.teams() == ((1,), (0, 2, 3))
    assert g.view(3)["alone"] == 1


def test_alone_and_pass_carry_nothing() -> None:
    """硬牌 with cards is refused (never declared as if the cards were part of it)."""
    g = rigged(["3s 7h", "4s 5s", "7h 8c", "9s 9d"], phase="alone")
    before = g.snapshot()
    for action in (
        Action(0, "declare_alone", {"cards": ["3h", "3h", "3h"]}),
        Action(0, "pass", {"cards": ["3s"]}),
        Action(0, "declare_alone", {"as": "3"}),
    ):
        with pytest.raises(IllegalAction) as err:
            g.apply(action)
        assert err.value.code == "bad_data"
        assert err.value.params == {"kind": action.kind, "reason": "takes_nothing"}
        assert "takes no cards: it is the move alone" in err.value.message
        assert g.snapshot() == before
    g.apply(Action(0, "declare_alone"))
    assert g.alone == 0
