"""The heuristic player does what its docstring says (games/pajiwo/bots.py), on rigged hands."""

from __future__ import annotations

import random

from games.base import Action
from games.pajiwo import HeuristicPlayer, PajiwoGame, RandomPlayer

from .helpers import act, cards, deal_all, later_hand, new_game, rig, setup_play

BOT = HeuristicPlayer()


def choice(game: PajiwoGame, seat: int) -> Action:
    action = BOT.choose(game, seat, random.Random(0))
    game.check(action)  # never illegal
    return action


def played(
    hands: list[str], plays: list[str], seat: int, trump: str = "S", dealer: int = 0
) -> list[str]:
    """The heuristic's cards for ``seat`` after ``plays`` (the trick so far, leader first)."""
    g = new_game(1)
    leader = (seat - len(plays)) % 4
    setup_play(g, dealer=dealer, levels=(2, 2), trump=trump, hands=hands, leader=leader)
    for k, p in enumerate(plays):
        act(g, (leader + k) % 4, "play", p)
    return list(choice(g, seat).data["cards"])


def test_feeds_points_to_a_partner_who_wins_the_trick() -> None:
    # seat 1's ♠A wins; seat 3, its partner, plays last and gives ♠K (10 points)
    assert played(["4s 6d", "As 7d", "5d 8d", "Ks 3s"], ["4s", "As", "5d"], 3, trump="H") == ["Ks"]


def test_plays_low_when_an_opponent_wins() -> None:
    assert played(["As 6d", "4s 7d", "5d 8d", "Ks 3s"], ["As", "4s", "5d"], 3, trump="H") == ["3s"]


def test_ruffs_a_trick_with_points_but_saves_trumps_on_a_trick_without() -> None:
    hands = ["Ah 3d", "Kh 6d", "10h 8d", "3s 4c"]
    assert played(hands, ["Ah", "Kh", "10h"], 3) == ["3s"]  # 20 points: ruff with ♠3
    hands = ["Ah 3d", "4h 6d", "7h 8d", "3s 4c"]
    assert played(hands, ["Ah", "4h", "7h"], 3) == ["4c"]  # no points: discard, keep the trump


def test_leads_a_sure_ace() -> None:
    hands = ["Ah Kh 3d 4c", "5h 6d 7d 8d", "7h 8h 9d 10d", "Jh Qh 3c 6c"]
    assert played(hands, [], 0) == ["Ah"]


def test_buries_low_side_cards_without_points_and_keeps_trumps() -> None:
    g = new_game(1, deal="all_at_once", rebels_per_hand=0)
    later_hand(g, dealer=0, levels=(2, 2))
    hand = "SJ 2s 2s As Ks Qs Js 10s 9s 8s 7s 6s 5h 10c Kd Ah Ad Ac Kh Qh Qc Jh Jc 9h 9c"
    rig(g, [hand], kitty="3h 4h 6h 7h 3c 4c 6c 7c")
    act(g, 0, "declare", "SJ 2s 2s")
    for seat in (1, 2, 3):
        act(g, seat, "pass")
    assert g.phase == "bury" and g.kitty_owner == 0
    buried = cards(" ".join(choice(g, 0).data["cards"]))
    # no trump, no point card, no ace; clubs (the shorter side suit, 9 cards against
    # 10 hearts) are emptied first, ♣A aside, then the lowest heart
    assert sorted(buried) == sorted(cards("3c 4c 6c 7c 9c Jc Qc 3h"))


def test_declares_a_long_trump_suit_in_a_grab_hand_and_calls_rebellion_when_weak() -> None:
    g = new_game(2)
    rig(
        g,
        [
            "SJ 2s As Ks Qs",
            "2c 3c 4c 6c 7c 8c 9c Jc Qc Ac 2d 3d 4d 6d 7d 8d 9d Jd Qd Ad 3h 4h 6h 7h 8h",
        ],
    )
    act(g, None, "deal")
    assert choice(g, 0).data == {"cards": ["SJ", "2s"]}
    act(g, 0, "declare", "SJ 2s")
    deal_all(g)
    assert g.phase == "rebel"
    assert choice(g, 1).kind == "rebel"  # no points at all


def test_random_player_is_legal_in_every_phase() -> None:
    g = new_game(5, deal="all_at_once")
    bot = RandomPlayer()
    rng = random.Random(5)
    phases = set()
    while len(g.hand_results) < 1:
        for d in g.pending():
            if d.required:
                action = Action(None, d.kinds[0]) if d.seat is None else bot.choose(g, d.seat, rng)
                phases.add(g.phase)
                g.apply(action)
                break
    assert {"auction", "bury", "pajiwo", "play"} <= phases


def test_bots_answer_a_long_tractor_lead_with_their_shorter_tractor() -> None:
    """Issue 8 (pajiwo.txt:107): at level 5, ♥ trump, against ♠2233 44 a bot holding ♠77 88
    10 10 Q Q plays ♠7788 and a pair, the heuristic and the random player alike."""
    for bot in (BOT, RandomPlayer()):
        for rng_seed in range(5):
            g = new_game(1)
            hands = ["2s 2s 3s 3s 4s 4s", "7s 7s 8s 8s 10s 10s Qs Qs 9h Kd", "6d", "7d"]
            setup_play(g, dealer=0, levels=(5, 2), trump="H", hands=hands)
            act(g, 0, "play", "2s 2s 3s 3s 4s 4s")
            action = bot.choose(g, 1, random.Random(rng_seed))
            g.check(action)
            played = sorted(action.data["cards"])
            assert played in (
                sorted(["7s", "7s", "8s", "8s", "10s", "10s"]),
                sorted(["7s", "7s", "8s", "8s", "Qs", "Qs"]),
            )
