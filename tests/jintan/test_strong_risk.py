"""The strong 金坛 bot's deal-in risk (issue 22): a safer discard of the same shanten when the
chosen one is likely to deal in and the expected measure with the risk counted says so
(:mod:`games.jintan.risk`); from its seat's view only."""

from __future__ import annotations

import copy
import random

import pytest

from games.jintan.reasons import jintan_reasons
from games.jintan.risk import deal_in_chance, discard_value, hand_worth, threat_of
from games.jintan.strong import JintanStrongPlayer
from games.mahjong.bots import HeuristicPlayer, unseen_counts
from games.reasons import Reason
from tests.bots.test_hidden import _swap_mahjong
from tests.jintan.helpers import meld, rig, tiles

# 42 tiles live (the wall's order does not matter here)
WALL = "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p 9p 1s 2s 3s 4s 5s 6s 7s 8s 9s " * 2


def _table() -> object:
    """Seat 0, one from ready with a flower, no meld: 123m 456m 79p 46s EE and loose 5p, 8m.
    Seats 1, 2 and 3 show melds and long rivers (likely ready); 5p is in all their rivers, 8m
    in none."""
    game = rig(
        {0: "123m 456m 79p 46s EE 5p 8m", 1: "2345p", 2: "12345p 99m", 3: "1234p 9s"},
        melds={
            1: [meld("pong", "FFF"), meld("chow", "678p"), meld("pong", "WWW")],
            2: [meld("pong", "CCC", from_seat=3), meld("chow", "789s", from_seat=1)],
            3: [meld("pong", "NNN", from_seat=1), meld("chow", "567s", from_seat=2)],
        },
        flowers={0: "春"},
        wall=WALL[: 42 * 3],
    )
    rivers = {
        1: "1s 9s N 2m 3p 4s 6s 5p S 1p 2s",
        2: "N 1m 9s S 2s 5p 1p 4m 9p",
        3: "1s 5p 9p 3s 2p 1m 7s 9p",
    }
    for seat, text in rivers.items():
        game.river[seat] = [(t, "discarded") for t in tiles(text)]
    return game


def test_one_from_ready_it_lets_a_safe_tile_go_rather_than_the_most_useful_one() -> None:
    game = _table()
    view = game.view(0)
    assert view["wall"]["live"] == 42
    unseen = unseen_counts(view)
    # the heuristic lets 8m go: one from ready either way, 8m keeps the most useful tiles
    assert HeuristicPlayer().choose(game, 0, random.Random(1)).data["tile"] == "8m"
    strong = JintanStrongPlayer().choose(game, 0, random.Random(1))
    assert strong.data["tile"] == "5p"
    # why: 8m is in no river of three seats that look ready, 5p in all three
    x8, x5 = threat_of(tiles("8m")[0], view, 0, unseen), threat_of(tiles("5p")[0], view, 0, unseen)
    p8, p5 = deal_in_chance(x8), deal_in_chance(x5)
    assert p8 == pytest.approx(0.07 * x8 * x8) and p8 > 0.1
    assert p5 < 0.03
    # letting 8m go keeps 10 useful tiles, 5p keeps 7: a little less worth if the hand goes on
    worth8 = hand_worth(1, 42, 1, 0, 10)
    worth5 = hand_worth(1, 42, 1, 0, 7)
    assert worth8 - worth5 == pytest.approx(3 * 0.0735)
    # but with the deal-in (−4.7) counted, 5p is worth more
    assert discard_value(worth5, p5) > discard_value(worth8, p8)
    # the hint says it played safe
    assert jintan_reasons(game, 0, strong) == [Reason("bots.mj.safe", {"tile": "5p", "seen": 4})]
    # the other seats' tiles and the wall dealt again: the same choice
    for i in range(4):
        other = copy.deepcopy(game)
        _swap_mahjong(other, 0, random.Random(i))
        assert JintanStrongPlayer().choose(other, 0, random.Random(1)) == strong


def test_a_discard_unlikely_to_deal_in_is_kept() -> None:
    # the same hand with no seat showing a meld early on: 8m's chance is under 3%, it goes
    game = rig({0: "123m 456m 79p 46s EE 5p 8m"}, flowers={0: "春"}, wall=WALL[: 42 * 3])
    view = game.view(0)
    assert deal_in_chance(threat_of(tiles("8m")[0], view, 0, unseen_counts(view))) < 0.03
    assert JintanStrongPlayer().choose(game, 0, random.Random(1)).data["tile"] == "8m"
