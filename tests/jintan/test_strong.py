"""The strong 金坛 bot (issue 22): ready hands chosen by their value under 金坛's scoring, a
wider defence; from its seat's view only."""

from __future__ import annotations

import copy
import random

import pytest

from games.jintan import JintanOptions
from games.jintan.reasons import jintan_reasons
from games.jintan.strong import JintanStrongPlayer, fold_safe, next_worth, ready_worth
from games.mahjong import shapes
from games.mahjong.bots import HeuristicPlayer, unseen_counts
from games.reasons import Reason
from present.bots import reason_line
from present.message import Reader
from tests.bots.test_hidden import _swap_mahjong
from tests.jintan.helpers import meld, rig, tiles


def test_a_lone_honour_wait_with_a_fan_beats_more_tiles_that_cannot_win_on_a_discard() -> None:
    # no flowers, no melds: letting E go waits on 2s 5s (6 tiles) with neither 花 nor 番, so
    # it wins only by self-draw; letting 5s go waits on E alone, 独吊 (1 番), any win counts
    game = rig({0: "123m 456m 789p 2345s E"})
    assert HeuristicPlayer().choose(game, 0, random.Random(1)).data["tile"] == "E"
    assert JintanStrongPlayer().choose(game, 0, random.Random(1)).data["tile"] in ("2s", "5s")
    view = game.view(0)
    unseen = unseen_counts(view)
    tanki = shapes.counts_of(tiles("123m 456m 789p 234s E"))
    open_wait = shapes.counts_of(tiles("123m 456m 789p 2345s"))
    # E: 3 unseen, each a self-draw 0.3 × 4 × 2 plus a discard win 0.7 × 4/3 × 2: 12.8
    assert ready_worth(tanki, view, 0, unseen, JintanOptions()) == pytest.approx(12.8)
    # 2s and 5s: 3 unseen each, self-draws only, 0.3 × 4 × 1: 7.2
    assert ready_worth(open_wait, view, 0, unseen, JintanOptions()) == pytest.approx(7.2)


def test_it_folds_against_two_melds_late_in_the_wall_with_a_dead_honour() -> None:
    # seat 1 shows two melds and the wall is short; seat 0 is far from ready and has no tile
    # seat 1 discarded, but all four North are seen (2 in seat 2's river, 2 in its hand):
    # it breaks its pair of North rather than let a lone East go
    game = rig(
        {0: "19m 258p 369s E S W NN 5m", 1: "123m 456m 78s", 2: "147m 147p 147s E S W 2m"},
        melds={1: [meld("pong", "PPP"), meld("pong", "FFF")]},
    )
    assert HeuristicPlayer().choose(game, 0, random.Random(1)).data["tile"] == "E"
    for _ in range(2):
        game.river[2].append((tiles("N")[0], "discarded"))
    strong = JintanStrongPlayer().choose(game, 0, random.Random(1))
    assert tiles("N")[0] in fold_safe(game.view(0), 0, unseen_counts(game.view(0)))
    assert strong.data["tile"] == "N"
    # the hint says it folded: all four North seen
    assert jintan_reasons(game, 0, strong) == [Reason("bots.mj.safe", {"tile": "N", "seen": 4})]
    for i in range(4):
        other = copy.deepcopy(game)
        _swap_mahjong(other, 0, random.Random(i))
        assert JintanStrongPlayer().choose(other, 0, random.Random(1)) == strong


def test_one_from_ready_it_keeps_the_tiles_whose_ready_hands_are_worth_more() -> None:
    # no flowers, no melds: letting the lone 8p go keeps most tiles that make the hand ready
    # (21), but those ready hands mostly have neither 花 nor 番 and win only by self-draw;
    # letting 2s go keeps 8p and 9m as lone waits (独吊, 1 番) once 3s or 6s come
    hand = "4567779m 345p 8p 245s"
    game = rig({0: hand})
    assert HeuristicPlayer().choose(game, 0, random.Random(1)).data["tile"] == "8p"
    strong = JintanStrongPlayer().choose(game, 0, random.Random(1))
    assert strong.data["tile"] == "2s"
    view = game.view(0)
    unseen = unseen_counts(view)
    worth = {}
    for tile in ("8p", "2s"):
        counts = shapes.counts_of(tiles(hand))
        counts[tiles(tile)[0]] -= 1
        worth[tile] = next_worth(counts, view, 0, unseen, JintanOptions(), {})
    assert worth["2s"] == pytest.approx(198.4)
    assert worth["8p"] == pytest.approx(195.2)
    # the hint describes the tile it plays: one from ready, 18 useful tiles, chosen by value
    assert jintan_reasons(game, 0, strong) == [
        Reason("bots.mj.valuable", {"tile": "2s", "n": 18, "steps": 1})
    ]
    names = ["Ann", "Bo", "Cy", "Di"]
    en = reason_line(Reader("en", names, you=0), jintan_reasons(game, 0, strong))
    zh = reason_line(Reader("zh", names, you=0), jintan_reasons(game, 0, strong))
    assert "1 away from ready, 18 useful tiles, toward the ready hands worth most" in en
    assert "1 向听，有效牌 18 张，留下更值钱的听牌" in zh
    for i in range(4):
        other = copy.deepcopy(game)
        _swap_mahjong(other, 0, random.Random(i))
        assert JintanStrongPlayer().choose(other, 0, random.Random(1)) == strong
