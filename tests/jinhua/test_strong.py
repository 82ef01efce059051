"""The strong 金华 bot (issue 22): the 财神 and its 白板 stand-in in its measures, ready hands by
value, a discard win passed for a 爆头 self-draw; from its seat's view only."""

from __future__ import annotations

import copy
import random

from games.base import Action
from games.jinhua.bots import JinhuaHeuristicPlayer
from games.jinhua.reasons import jinhua_reasons
from games.jinhua.strong import JinhuaStrongPlayer, ready_value, seat_unseen, wild_shanten
from games.mahjong import shapes
from games.reasons import Reason
from present.bots import reason_line
from present.message import Reader
from tests.bots.test_hidden import _swap_mahjong
from tests.jinhua.helpers import discard, jrig, meld, offers, tiles


def _counts(text: str) -> list[int]:
    return shapes.counts_of(tiles(text))


def test_wild_shanten_four_sets_and_a_lone_caishen_is_ready_not_complete() -> None:
    natural = _counts("123m 456m 789p 123s")
    assert wild_shanten(natural, 1, 0, tiles("9s")[0]) == 0
    assert wild_shanten(natural, 2, 0, tiles("9s")[0]) == -1  # two 财神 as the pair: 财神头
    natural[tiles("5s")[0]] += 1
    assert wild_shanten(natural, 1, 0, tiles("9s")[0]) == -1  # the 财神 pairs 5s: complete
    # 白板 plays as the 财神's face: 4p 6p and 白板 are a set when the 财神 is 5p
    assert wild_shanten(_counts("123m 456m 78s 46p P EE"), 0, 0, tiles("5p")[0]) == 0
    assert wild_shanten(_counts("123m 456m 78s 46p P EE"), 0, 0, tiles("1p")[0]) == 1


def test_the_any_tile_wait_is_worth_a_baotou_on_every_draw() -> None:
    game = jrig({1: "123m 456m 789p 123s 9s"}, caishen="9s")
    unseen = seat_unseen(game.view(1))
    own, other = ready_value(_counts("123m 456m 789p 123s 9s"), tiles("9s")[0], (), unseen)
    # every unseen tile wins; a drawn one pairs the lone 财神 (爆头 ×2), a drawn 财神 is
    # 财神头 ×4 with 爆头 ×2; on a discard each is a 平胡 (×1)
    wild = tiles("9s")[0]
    assert own == 2 * (sum(unseen) - unseen[wild]) + 8 * unseen[wild]
    assert other == sum(unseen)


def test_the_strong_bot_keeps_the_white_dragon_that_plays_as_the_caishen_face() -> None:
    game = jrig({0: "123m 456m 78s 46p P 9p EE"}, caishen="5p")
    assert JinhuaHeuristicPlayer().choose(game, 0, random.Random(1)).data["tile"] == "P"
    assert JinhuaStrongPlayer().choose(game, 0, random.Random(1)).data["tile"] == "9p"


def test_the_strong_bot_passes_a_pinghu_discard_win_for_a_baotou_self_draw() -> None:
    game = jrig({0: "123m 456m 789p 234s 5p 7s", 1: "123m 456m 789p 123s 9s"}, caishen="9s")
    discard(game, 0, "7s")
    assert offers(game) == {1: ("win", "pass")}
    assert JinhuaHeuristicPlayer().choose(game, 1, random.Random(1)).kind == "win"
    assert JinhuaStrongPlayer().choose(game, 1, random.Random(1)).kind == "pass"
    # the same choice whatever the other seats hold and the wall: it reads its view only
    for i in range(5):
        other = copy.deepcopy(game)
        _swap_mahjong(other, 1, random.Random(i))
        assert other.view(1) == game.view(1)
        assert JinhuaStrongPlayer().choose(other, 1, random.Random(1)).kind == "pass"


def test_the_strong_bot_wins_a_discard_on_an_ordinary_wait() -> None:
    game = jrig({0: "123m 456m 789p 234s 5p 4s", 1: "123m 456m 789p 23s EE"}, caishen="9s")
    discard(game, 0, "4s")
    assert JinhuaStrongPlayer().choose(game, 1, random.Random(1)).kind == "win"


def test_after_a_pong_the_strong_bot_leaves_three_sets_and_a_lone_caishen() -> None:
    # a pong laid down: letting 5s go leaves three sets and a lone 财神, ready on any tile
    game = jrig({0: "123m 456m 789p 5s 9s"}, caishen="9s", melds={0: [meld("pong", "EEE")]})
    game.draw_kind = None  # the turn after a claim: no self-draw
    assert JinhuaStrongPlayer().choose(game, 0, random.Random(1)).data["tile"] == "5s"


def test_the_hint_says_why_the_strong_bot_passes_or_keeps_the_white_dragon() -> None:
    game = jrig({0: "123m 456m 789p 234s 5p 7s", 1: "123m 456m 789p 123s 9s"}, caishen="9s")
    discard(game, 0, "7s")
    reasons = jinhua_reasons(game, 1, Action(1, "pass"))
    assert reasons == [Reason("bots.mj.wait_self_draw", {"tile": "7s"})]
    en = reason_line(Reader("en", ["Ann", "Bo", "Cy", "Di"], you=1), reasons)
    assert "passes the win on 7 Bamboo: your next draw is worth more" in en
    zh = reason_line(Reader("zh", ["Ann", "Bo", "Cy", "Di"], you=1), reasons)
    assert "不和" in zh and "等自摸更值" in zh
    game = jrig({0: "123m 456m 78s 46p P 9p EE"}, caishen="5p")
    move = JinhuaStrongPlayer().choose(game, 0, random.Random(1))
    # with 白板 as 5p: 123m 456m 456p 78s EE, ready on 6s 9s and a drawn 财神 (5p)
    (reason,) = jinhua_reasons(game, 0, move)
    assert reason.id == "bots.mj.ready" and reason.params["tile"] == "9p"
    assert reason.params["n"] == sum(seat_unseen(game.view(0))[t] for t in tiles("6s 9s 5p"))
