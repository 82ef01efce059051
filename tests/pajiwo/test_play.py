"""Play of tricks through the engine: units, following, throws, ruffs, 扣底, the result table.

Seed: pajiwo.txt:83-143. The machinery is games.tricks; these tests check that
the engine wires it as the seed says, with the seed's worked examples.
"""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.pajiwo import play as tricks
from games.pajiwo.engine import FOLLOWS_LISTED, PajiwoGame
from games.pajiwo.scoring import card_points

from .helpers import act, cards, new_game, setup_play


def level5_hearts() -> PajiwoGame:
    g = new_game(1)
    setup_play(g, dealer=0, levels=(5, 2), trump="H", hands=["", "", "", ""])
    return g


@pytest.mark.parametrize(
    ("text", "is_tractor"),
    [
        ("3c 3c 4c 4c", True),  # 3344
        ("4c 4c 6c 6c", True),  # 4466: side suits skip the level rank 5
        ("5c 5c 5h 5h", True),  # 副5副5主5主5
        ("SJ SJ BJ BJ", True),  # 大王大王小王小王
        ("Ah Ah 5c 5c", True),  # AA副5副5 (trump A, then an off-suit level pair)
        ("5h 5h SJ SJ", True),  # 主5主5小王小王
        ("5h 5h 6h 6h", False),  # 5566 is not a tractor
        ("5c 5c 5d 5d", False),  # two off-suit level pairs are equal, not consecutive
    ],
)
def test_seed_tractor_examples_at_level_5(text: str, is_tractor: bool) -> None:
    g = level5_hearts()
    units = tricks.decompose(cards(text), g._order(), g.rules)
    assert (units[0].kind == "tractor") is is_tractor
    if is_tractor:
        assert (units[0].length, len(units)) == (2, 1)


def test_no_trump_small_joker_and_level_cards_are_not_a_tractor() -> None:
    g = new_game(1)
    setup_play(g, dealer=0, levels=(5, 2), trump=None, hands=["", "", "", ""])
    assert [u.kind for u in tricks.decompose(cards("5h 5h SJ SJ"), g._order(), g.rules)] == [
        "pair",
        "pair",
    ]
    assert tricks.decompose(cards("SJ SJ BJ BJ"), g._order(), g.rules)[0].kind == "tractor"


def test_must_follow_suit_names_the_card() -> None:
    g = new_game(1)
    setup_play(g, dealer=0, levels=(2, 2), trump="S", hands=["Ah 3c", "7h 4c", "8d 9d", "6d 7d"])
    act(g, 0, "play", "Ah")
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "play", "4c")
    assert err.value.code == "must_follow_suit"
    assert err.value.message == "you must follow ♥: you hold ♥7"
    act(g, 1, "play", "7h")
    with pytest.raises(IllegalAction) as err:
        act(g, 3, "play", "6d")
    assert err.value.message == "it is seat 2's turn"


def test_tractor_lead_must_be_followed_by_a_tractor_then_pairs() -> None:
    g = new_game(1)
    setup_play(
        g,
        dealer=0,
        levels=(5, 2),
        trump="H",
        hands=["3c 3c 4c 4c", "8c 8c 9c 9c Jc Kc", "Qc Qc 10c 7c 6c 6d", "2d 3d 4d 7d"],
    )
    act(g, 0, "play", "3c 3c 4c 4c")
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "play", "8c 8c Jc Kc")
    assert err.value.code == "must_play_tractor"
    act(g, 1, "play", "8c 8c 9c 9c")
    with pytest.raises(IllegalAction) as err:
        act(g, 2, "play", "Qc 10c 7c 6c")
    assert err.value.code == "must_play_pair"
    act(g, 2, "play", "Qc Qc 10c 7c")
    act(g, 3, "play", "2d 3d 4d 7d")
    assert g.tricks_done[-1]["winner"] == 1 and g.tricks_done[-1]["points"] == 10


ISSUE8_HANDS = ["2s 2s 3s 3s 4s 4s", "7s 7s 8s 8s 10s 10s Qs Qs 9h Kd", "6d", "7d"]


def issue8_trick(**opts: object) -> PajiwoGame:
    """Issue 8's case at level 5, ♥ trump: seat 0 has led ♠2233 44, seat 1 holds ♠77 88 10 10
    Q Q (♠7788 is a tractor; ♠10 and ♠Q are not adjacent: ♠J lies between)."""
    g = new_game(1, **opts)
    setup_play(g, dealer=0, levels=(5, 2), trump="H", hands=ISSUE8_HANDS)
    act(g, 0, "play", "2s 2s 3s 3s 4s 4s")
    return g


def test_a_held_shorter_tractor_must_answer_a_longer_tractor_lead() -> None:
    """pajiwo.txt:107 as written (issue 8): the longest tractor held, ♠7788, then a pair."""
    g = issue8_trick()
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "play", "10s 10s Qs Qs 7s 7s")
    assert err.value.code == "must_play_tractor"
    assert err.value.message == "you must play a tractor in ♠: you hold ♠8♠8♠7♠7"
    assert err.value.rule == "pajiwo.txt:107"
    assert len(g.trick_plays) == 1  # refused: nothing changed
    listed = sorted(a.data["cards"] for a in g.legal_actions(1))
    assert listed == [["10s", "10s", "8s", "8s", "7s", "7s"], ["Qs", "Qs", "8s", "8s", "7s", "7s"]]
    act(g, 1, "play", "Qs Qs 8s 8s 7s 7s")
    seat, played = g.trick_plays[1]
    assert (seat, sorted(played)) == (1, sorted(cards("Qs Qs 8s 8s 7s 7s")))


def test_tractor_follow_option_same_length_accepts_any_pairs() -> None:
    """Option tractor_follow=same_length (the common reading elsewhere): only a tractor as long
    as the lead obliges, so the issue's play stands."""
    g = issue8_trick(tractor_follow="same_length")
    assert len(g.legal_actions(1)) == 4
    act(g, 1, "play", "10s 10s Qs Qs 7s 7s")
    assert sorted(g.trick_plays[1][1]) == sorted(cards("10s 10s Qs Qs 7s 7s"))


def test_pair_lead_must_be_followed_by_a_pair() -> None:
    g = new_game(1)
    setup_play(g, dealer=0, levels=(2, 2), trump="S", hands=["Ah Ah", "7h 7h 8h", "8d 9d", "6d 7d"])
    act(g, 0, "play", "Ah Ah")
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "play", "7h 8h")
    assert err.value.code == "must_play_pair"


def test_a_failed_throw_plays_its_smallest_card() -> None:
    g = new_game(1)
    setup_play(
        g,
        dealer=0,
        levels=(2, 2),
        trump="S",
        hands=["Ah Qh 3c", "Kh 4c 5c", "6d 7d 8d", "6c 7c 8c"],
    )
    ev = act(g, 0, "play", "Ah Qh")
    assert ev[0].kind == "throw_failed" and ev[0].data["beaten_by"] == 1
    assert g.trick_plays == [(0, tuple(cards("Qh")))]
    assert cards("Ah")[0] in g.hands[0]  # the ace stays in hand
    act(g, 1, "play", "Kh")
    assert g.lead is not None and g.lead.size == 1


def test_a_failed_throw_is_shown_to_everyone_until_the_trick_ends() -> None:
    """pajiwo.txt:105: the other players see the throw that failed and the card it cost."""
    g = new_game(1)
    setup_play(
        g,
        dealer=0,
        levels=(2, 2),
        trump="S",
        hands=["Ah Qh 3c", "Kh 4c 5c", "6d 7d 8d", "6c 7c 8c"],
    )
    act(g, 0, "play", "Ah Qh")
    shown = {"seat": 0, "cards": ["Ah", "Qh"], "played": ["Qh"], "beaten_by": 1}
    for seat in (None, 1, 2, 3):
        assert g.view(seat)["trick"]["failed_throw"] == shown
    assert g.view(1)["hand_counts"] == [2, 3, 3, 3]
    for seat, card in ((1, "Kh"), (2, "6d"), (3, "6c")):
        act(g, seat, "play", card)
    assert g.view(None)["trick"]["failed_throw"] is None
    assert g.view(None)["last_trick"]["failed_throw"] == shown
    act(g, 1, "play", "4c")
    assert g.view(None)["trick"]["failed_throw"] is None


def test_failed_throw_option_plays_the_beaten_unit() -> None:
    g = new_game(1, failed_throw="beaten_unit")
    setup_play(
        g,
        dealer=0,
        levels=(2, 2),
        trump="S",
        hands=["Ah Ah Jh", "Qh 4c 5c", "6d 7d 8d", "6c 7c 8c"],
    )
    act(g, 0, "play", "Ah Ah Jh")
    assert g.trick_plays == [(0, tuple(cards("Jh")))]


def test_a_sure_throw_stands() -> None:
    g = new_game(1)
    setup_play(
        g,
        dealer=0,
        levels=(2, 2),
        trump="S",
        hands=["Ah Ah Kh", "Qh 4c 5c", "Jh 7d 8d", "6c 7c 8c"],
    )
    ev = act(g, 0, "play", "Ah Ah Kh")
    assert ev == [] and len(g.trick_plays[0][1]) == 3


@pytest.mark.parametrize(
    ("lead", "first", "second", "winner"),
    [
        # pajiwo.txt:115: trump 9988 72 ruffs side AK5544 but not AA5544 (level 2, ♠ trump)
        ("Ac Kc 5c 5c 4c 4c", "9s 9s 8s 8s 7s 3s", None, 1),
        ("Ac Ac 5c 5c 4c 4c", "9s 9s 8s 8s 7s 3s", None, 0),
        # pajiwo.txt:117: trump 977 ruffs 544; 884 over-ruffs
        ("5c 4c 4c", "9s 7s 7s", "8s 8s 4s", 2),
        # pajiwo.txt:119: trump 977 ruffs 567; 884 does not over-ruff
        ("5c 6c 7c", "9s 7s 7s", "8s 8s 4s", 1),
    ],
)
def test_seed_ruff_and_over_ruff_examples(
    lead: str, first: str, second: str | None, winner: int
) -> None:
    n = len(lead.split())
    filler = ["6d 7d 8d 9d 10d Jd", "3h 4h 6h 7h 8h 9h"]
    hands = [
        lead,
        first,
        second or " ".join(filler[0].split()[:n]),
        " ".join(filler[1].split()[:n]),
    ]
    g = new_game(1)
    setup_play(g, dealer=0, levels=(2, 2), trump="S", hands=hands)
    for seat in range(4):
        act(g, seat, "play", hands[seat])
    assert g.tricks_done[-1]["winner"] == winner


def last_trick(plays: list[str], defenders_points: int, kitty: str, leader: int = 1) -> PajiwoGame:
    """Dealer seat 0 (levels 5 and 9); play the last trick with these four plays (seat order)."""
    g = new_game(1)
    setup_play(
        g,
        dealer=0,
        levels=(5, 9),
        trump="S",
        hands=plays,
        kitty=kitty,
        leader=leader,
        defenders_points=defenders_points,
    )
    for k in range(4):
        seat = (leader + k) % 4
        act(g, seat, "play", plays[seat])
    return g


KITTY_25 = "5h 10h Kh 3c 4c 6c 7c 8c"


@pytest.mark.parametrize(
    ("plays", "multiplier"),
    [
        (["3h", "BJ", "4h", "6h"], 2),  # single ×2
        (["3h 4h", "BJ BJ", "6h 7h", "8h 9h"], 4),  # pair ×4
        (["3h 4h 6h 7h", "SJ SJ BJ BJ", "8h 9h Jh Qh", "3d 4d 6d 7d"], 8),  # 2-pair tractor ×8
        (
            ["3h 4h 6h 7h 8h 9h", "5s 5s SJ SJ BJ BJ", "3d 4d 6d 7d 8d 9d", "Jh Qh Jd Qd Ad Ad"],
            16,
        ),  # 3-pair tractor ×16
        # five singles thrown (nobody can beat them) count as a single: ×2 (pajiwo.txt:129)
        (["3h 4h 6h 7h 8h", "Ac Kc Qc Jc 9c", "3d 4d 6d 7d 8d", "Jh Qh Jd Qd 9d"], 2),
        # a throw with a pair in it counts as a pair: ×4
        (["3h 4h 6h 7h 8h", "Ac Ac Kc Qc Jc", "3d 4d 6d 7d 8d", "Jh Qh Jd Qd 9d"], 4),
    ],
)
def test_kitty_multipliers(plays: list[str], multiplier: int) -> None:
    g = last_trick(plays, defenders_points=0, kitty=KITTY_25)
    bonus = g.kitty_bonus
    assert bonus is not None
    assert (bonus["kitty_points"], bonus["multiplier"], bonus["bonus"]) == (
        25,
        multiplier,
        25 * multiplier,
    )
    trick_points = card_points(cards(" ".join(plays)))
    assert g.hand_results[-1].summary["defenders_points"] == trick_points + 25 * multiplier


def test_a_ruffing_defender_wins_the_kitty_by_its_pair() -> None:
    plays = ["Ah Ah", "3s 3s", "4h 6h", "7h 8h"]
    g = last_trick(plays, defenders_points=10, kitty=KITTY_25, leader=0)
    assert g.kitty_bonus is not None and g.kitty_bonus["multiplier"] == 4
    assert g.hand_results[-1].summary["defenders_points"] == 10 + 100


def test_no_kitty_bonus_when_the_dealer_side_wins_the_last_trick() -> None:
    g = last_trick(["BJ", "3h", "4h", "6h"], defenders_points=40, kitty=KITTY_25)
    assert g.kitty_bonus is None
    assert g.hand_results[-1].summary["defenders_points"] == 40


@pytest.mark.parametrize(
    ("points", "levels_after", "next_dealer"),
    [
        (0, (8, 9), 2),
        (5, (7, 9), 2),
        (35, (7, 9), 2),
        (40, (6, 9), 2),
        (75, (6, 9), 2),
        (80, (5, 9), 1),
        (115, (5, 9), 1),
        (120, (5, 10), 1),
        (155, (5, 10), 1),
        (160, (5, 11), 1),
    ],
)
def test_result_table_through_the_engine(
    points: int, levels_after: tuple[int, int], next_dealer: int
) -> None:
    # the dealer (seat 0, level 5) wins the last trick, so the kitty adds nothing
    g = last_trick(["BJ", "3h", "4h", "6h"], defenders_points=points, kitty=KITTY_25)
    assert tuple(g.levels) == levels_after
    assert g.dealer == next_dealer
    assert g.phase == "hand_over"
    result = g.hand_results[-1]
    assert result.summary["defenders_points"] == points
    assert result.summary["next_dealer"] == next_dealer


def test_levels_stop_at_ace_and_a_side_playing_ace_that_goes_up_wins() -> None:
    g = new_game(1)
    setup_play(g, dealer=0, levels=(14, 13), trump="S", hands=["BJ", "3h", "4h", "6h"])
    for seat in range(4):
        act(g, seat, "play", ["BJ", "3h", "4h", "6h"][seat])
    assert g.phase == "match_over" and g.match_result is not None
    assert g.match_result.ranks == (1, 2) and g.pending() == []


def test_defenders_reaching_ace_do_not_win_until_they_play_it() -> None:
    g = new_game(1)
    setup_play(
        g, dealer=0, levels=(5, 13), trump="S", hands=["BJ", "3h", "4h", "6h"], defenders_points=200
    )
    for seat in range(4):
        act(g, seat, "play", ["BJ", "3h", "4h", "6h"][seat])
    assert g.levels == [5, 14] and g.phase == "hand_over" and g.match_result is None
    ev = act(g, None, "next_hand")
    assert ev[0].kind == "hand_started" and g.dealer == 1 and g.level == 14 and g.hand_number == 2


def test_one_hand_and_to_level_matches() -> None:
    g = new_game(1, match="one_hand")
    setup_play(
        g, dealer=0, levels=(2, 2), trump="S", hands=["3h", "BJ", "4h", "6h"], defenders_points=80
    )
    for seat in range(4):
        act(g, seat, "play", ["3h", "BJ", "4h", "6h"][seat])
    assert g.match_result is not None and g.match_result.ranks == (2, 1)
    g = new_game(1, match="to_level", target_level=6)
    setup_play(
        g, dealer=0, levels=(5, 2), trump="S", hands=["BJ", "3h", "4h", "6h"], defenders_points=50
    )
    for seat in range(4):
        act(g, seat, "play", ["BJ", "3h", "4h", "6h"][seat])
    assert g.levels == [6, 2] and g.match_result is not None and g.match_result.ranks == (1, 2)


def test_a_throw_must_be_followed_unit_by_unit() -> None:
    g = new_game(1)
    setup_play(
        g,
        dealer=0,
        levels=(2, 2),
        trump="S",
        hands=["Ah Ah Kh 3c", "Qh Qh 3h 4h", "Jh 7d 8d 9d", "6c 7c 8c 9c"],
    )
    assert ["Ah", "Ah", "Kh"] in [a.data["cards"] for a in g.legal_actions(0)]
    act(g, 0, "play", "Ah Ah Kh")
    with pytest.raises(IllegalAction) as err:
        act(g, 1, "play", "Qh 3h 4h")
    assert err.value.code == "must_play_pair"
    act(g, 1, "play", "Qh Qh 4h")
    with pytest.raises(IllegalAction) as err:
        act(g, 2, "play", "7d 8d 9d")
    assert err.value.code == "must_follow_suit" and "♥J" in err.value.message
    act(g, 2, "play", "Jh 7d 8d")
    act(g, 3, "play", "6c 7c 8c")
    assert g.tricks_done[-1]["winner"] == 0


def test_legal_actions_list_representative_follows_not_every_combination() -> None:
    """A seat void in the suit of an 8-card throw may discard any 8 of its 24 cards: 735,471
    plays. legal_actions lists representatives (ruffs, cheap and point-feeding discards) and
    check() stays the authority (games.base.Game.legal_actions), so a caller asking for every
    action (limit=None) is not blocked for seconds."""
    g = new_game(1)
    lead = "As Ks Qs Js 10s 9s 8s 7s"
    hands = [
        lead + " 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 3h 4h 5d 2d",
        "3d 4d 6d 7d 8d 9d 10d Jd Qd Kd Ad 3c 4c 6c 7c 8c 9c 10c Jc Qc Kc Ac 3h 4h",
        "6s 5s 4s 3s 5c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 3d 4d 6d 7d 8d 9d 10d Jd Qd",
        "BJ",
    ]
    setup_play(g, dealer=0, levels=(2, 2), trump="H", hands=hands)
    act(g, 0, "play", lead)
    assert len(g.trick_plays[0][1]) == 8  # the throw stands: nobody holds a higher spade
    listed = g.legal_actions(1)
    assert 1 < len(listed) <= FOLLOWS_LISTED
    for action in listed:
        g.check(action)
    # first the cheapest discard (low side cards, no points, trumps kept), then the one feeding
    # the most points (all four side-suit 10s and Ks)
    assert listed[0].data["cards"] == ["7c", "6c", "4c", "3c", "7d", "6d", "4d", "3d"]
    assert listed[1].data["cards"] == ["Kc", "10c", "4c", "3c", "Kd", "10d", "4d", "3d"]
    assert len(g.legal_actions(1, limit=5)) == 5


def test_kitty_multiplier_option_double_always_doubles() -> None:
    """Option kitty_multiplier=double: a pair wins the last trick, the kitty's 25 count ×2 (the
    seed's ×4 by unit is the default, test_kitty_multipliers)."""
    g = new_game(1, kitty_multiplier="double")
    plays = ["3h 4h", "BJ BJ", "6h 7h", "8h 9h"]
    setup_play(g, dealer=0, levels=(5, 9), trump="S", hands=plays, kitty=KITTY_25, leader=1)
    for k in range(4):
        act(g, (1 + k) % 4, "play", plays[(1 + k) % 4])
    assert g.kitty_bonus is not None
    assert (g.kitty_bonus["multiplier"], g.kitty_bonus["bonus"]) == (2, 50)
