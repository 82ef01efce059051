"""金华麻将 on Discord without the network: refusals, the 财神 line, the result line with its
multipliers (倍), payments and 承包 in both languages, the claim controls of a discarded 财神
and of 截胡, and the pictures found by name.

Every position is played through the real engine (``tests/jinhua/helpers.py``), and the
figures are the seed's (``dagun_and_jinhua-mahjong.txt``): a discard win costs the discarder
2X·m and the others X·m, a self-draw 2X·m from each (:125, :139); 承包 makes the victim pay
4X·m (6X·m self-drawn), or the claimer 8X·m / 12X·m when the victim wins (:123, :177).
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from cogs.i18n import refusal_text
from cogs.mahjong_controls import tile_rows
from cogs.mahjong_text import hand_line
from cogs.mahjong_text import situation_lines as hand_situation_lines
from cogs.pictures import adapter, hand_png, table_png
from cogs.present import event_line, outcome_line
from games.base import Event, IllegalAction
from games.jinhua import JinhuaGame, JinhuaOptions
from games.mahjong.melds import name
from games.tiles import parse_tile
from render import jinhua as render_jinhua
from tests.jinhua.helpers import IDLE, act, discard, jrig, offers
from tests.jinhua.test_rules import pass_all

NAMES = ["alice", "bob", "carol", "dave"]


def _result(game: JinhuaGame, lang: str) -> str | None:
    return outcome_line(lang, "hand_over", game.hand_results[-1].to_json(), NAMES, "jinhua")


def _items(game: JinhuaGame, seat: int) -> list[Any]:
    """The seat's control items (buttons, selects) as its hand message would carry them."""
    rows = tile_rows(7, 3, game.legal_actions(seat), game.view(seat), "en")
    return [getattr(c, "item", c) for row in rows for c in row.children]


def _labels(game: JinhuaGame, seat: int) -> list[str | None]:
    return [getattr(i, "label", None) for i in _items(game, seat)]


# ----------------------------------------------------------------------------- refusals
def test_a_discarded_caishen_is_refused_in_both_languages_and_offered_to_nobody() -> None:
    game = jrig(
        {0: IDLE + " 9s", 1: "123m 456m 789p 78s 55s", 2: "9s 9s 147m 147p 1s E S W"},
    )
    discard(game, 0, "9s")
    # seat 2 could pong the 9s and seat 1 chow it: only seat 1's win is offered (:179)
    assert offers(game) == {1: ("win", "pass")}
    assert _labels(game, 1) == ["胡 win", "过 pass"]
    assert _labels(game, 2) == []  # no claim controls at all for the seat that could pong
    with pytest.raises(IllegalAction) as refused:
        act(game, 2, "pong")
    assert refusal_text("en", refused.value) == (
        "9 Bamboo is the 财神: a discarded 财神 cannot be chowed, ponged or konged by the others."
        " (rules: 金华麻将 · 3. 财神, the wild tiles)"
    )
    assert refusal_text("zh", refused.value) == (
        "九条是财神：别人打出的财神不能吃、碰、杠。（规则：金华麻将 · 3. 财神）"
    )
    # the refusal names no other seat (who may claim stays private)
    for lang in ("en", "zh"):
        assert not any(n in refusal_text(lang, refused.value) for n in ("seat 1", "bob"))


def test_the_pong_restriction_and_chizhang_dazhang_are_refused_in_chinese() -> None:
    game = jrig(
        {0: IDLE + " 5p", 1: "147m 147p 147s E S W 5p", 2: "55p 46p 147m 147s E S W"},
        wall="1p 9m 9m 9m",
    )
    discard(game, 0, "5p")
    act(game, 2, "pass")
    discard(game, 1, "5p")
    assert _labels(game, 2) == ["吃 chow 4 Dots, 6 Dots", "过 pass"]  # no 碰 button this time
    with pytest.raises(IllegalAction) as refused:
        act(game, 2, "pong")
    assert refusal_text("zh", refused.value).startswith(
        "你刚才没碰五筒：轮到你自己出牌之前不能再碰这张牌。"
    )
    game = jrig(
        {0: IDLE + " 6s", 1: "45s 3s 78p 6p 147m E S W N"},
        options=JinhuaOptions(chizhang_dazhang="refused"),
    )
    discard(game, 0, "6s")
    act(game, 1, "chow", tiles=["4s", "5s"])
    discards = [o.label for i in _items(game, 1) for o in getattr(i, "options", [])]
    assert "6 Dots" in discards and "3 Bamboo" not in discards  # 3s is not offered in the select
    with pytest.raises(IllegalAction) as refused:
        discard(game, 1, "3s")
    assert refusal_text("zh", refused.value).startswith(
        "吃六条后不能马上打三条：这里不许吃张打张（默认在吃了上家两次以后）。"
    )
    assert refusal_text("en", refused.value).startswith(
        "You may not discard 3 Bamboo right after chowing 6 Bamboo: 吃张打张"
    )


# ----------------------------------------------------------------------------- results
def test_a_self_draw_with_two_caishen_lists_its_multipliers() -> None:
    """Twelve tiles complete and the two 财神 (9s) as the pair, self-drawn: 财神头 4 × 爆头 2
    = 8 (:161, :165); each other player pays 2X·m = 16."""
    game = jrig({0: "123m 456m 789p 234s 9s9s"})
    act(game, 0, "win")
    assert list(game.hand_results[-1].scores) == [48, -16, -16, -16]
    assert _result(game, "en") == (
        "Hand 1: alice wins by self-draw (自摸) on 9 Bamboo: 财神头 two 财神 as the pair ×4 · "
        "爆头 lone 财神 wait, self-drawn ×2 = ×8, worth 8 a share, bob pays 16, carol pays 16,"
        " dave pays 16"
    )
    assert _result(game, "zh") == (
        "第 1 局：alice 自摸九条：财神头 ×4、爆头 ×2 = 8 倍，每份 8，bob 付 16，carol 付 16，"
        "dave 付 16"
    )


def test_jiehu_names_one_winner_the_first_in_turn_order() -> None:
    game = jrig({0: IDLE + " 5s", 2: "123m 456m 789p 111s 5s", 3: "123p 456p 789m 234m 5s"})
    discard(game, 0, "5s")
    assert _labels(game, 2) == _labels(game, 3) == ["胡 win", "过 pass"]
    act(game, 3, "win")
    act(game, 2, "win")
    assert _result(game, "en") == (
        "Hand 1: carol wins on alice's 5 Bamboo: 平胡 plain win ×1 = ×1, worth 1 a share,"
        " alice pays 2, dave pays 1, bob pays 1"
    )
    assert "dave wins" not in str(_result(game, "en"))


def test_chengbao_is_named_both_ways_with_its_amounts() -> None:
    game = jrig(
        {0: "2m 5m 8m 3p 111s 444s 777s N", 2: "22m 55m 88m 33p 66p 999m"},
        wall="9p 9p 9p 9p 6s 6s 6s 6s",
    )
    for tile in ("2m", "5m", "8m"):  # carol pongs three in a row from alice
        discard(game, 0, tile)
        act(game, 2, "pong")
        discard(game, 2, "9m")
        pass_all(game)
        discard(game, 3, name(game.drawn or 0))
        pass_all(game)
    discard(game, 0, "3p")
    act(game, 2, "win")
    assert _result(game, "en") == (
        "Hand 1: carol wins on alice's 3 Dots: 碰碰胡 all pongs ×2 = ×2, worth 2 a share,"
        " alice pays 8, 承包: carol claimed three sets in a row from alice, so alice alone"
        " pays the whole win (8)"
    )
    assert _result(game, "zh") == (
        "第 1 局：carol 胡 alice 的三筒：碰碰胡 ×2 = 2 倍，每份 2，alice 付 8，"
        "承包：carol 连续吃碰 alice 三次，alice 一家全包（8）"
    )
    game = jrig({0: "123m 456m 789p 234s 55s"})
    game.liable = {(2, 0)}  # carol claimed three in a row from alice; alice self-draws
    act(game, 0, "win")
    assert _result(game, "en") == (
        "Hand 1: alice wins by self-draw (自摸) on 5 Bamboo: 平胡 plain win ×1 = ×1, worth 1 a"
        " share, carol pays 12, 承包: carol claimed three sets in a row from alice, so carol"
        " pays the whole win doubled (12)"
    )
    assert str(_result(game, "zh")).endswith(
        "承包：carol 连续吃碰 alice 三次，alice 胡了，carol 加倍全包（12）"
    )


# ----------------------------------------------------------------------------- 财神 lines
def test_the_indicator_is_announced_and_shown_to_table_and_hand() -> None:
    game = JinhuaGame(71, JinhuaOptions(match="one_hand"))
    assert name(game.caishen) == "4m"
    # the engine's own event, as the host posts it after the deal (:103)
    event = Event("caishen", None, {"indicator": "4m", "caishen": "4m"}, "")
    assert event_line("en", event, NAMES, "jinhua") == (
        "The 财神 indicator is 4 Characters: the other three 4 Characters are wild (财神)"
    )
    assert event_line("zh", event, NAMES, "jinhua") == "翻出财神四万：其余三张四万是财神（百搭）"
    # 金华's own hand lines (cogs.jinhua_text, found by the game's name) name the 财神 first
    assert hand_situation_lines("zh", game.view(1), NAMES, 1)[0] == "财神：四万（翻出的一张不能用）"
    assert hand_situation_lines("en", game.view(1), NAMES, 1)[0] == (
        "财神 (wild): 4 Characters, its indicator face up"
    )


def test_pictures_are_found_by_name_with_the_caishen_marked() -> None:
    game = JinhuaGame(71, JinhuaOptions(match="one_hand"))
    assert adapter("jinhua") is render_jinhua
    view = game.view(1)
    scene = render_jinhua.hand_scene(view)
    assert scene.wildcard == parse_tile("4m") and name(game.caishen) == "4m"
    assert render_jinhua.table_scene(game.view(None), NAMES).wildcard == scene.wildcard
    hand = hand_png("jinhua", view)
    table = table_png("jinhua", game.view(None), NAMES)
    assert hand is not None and table is not None
    # the 财神 and its indicator sit in a band above the tiles: the hand picture is taller
    # than the same hand drawn without a 财神 (the 金坛 adapter)
    from render import jintan

    plain = Image.open(io.BytesIO(jintan.hand_png(view)))
    marked = Image.open(io.BytesIO(hand))
    assert marked.height >= plain.height + 40


def test_the_discard_select_marks_the_caishen() -> None:
    game = jrig({0: "9s " + IDLE})  # 9s is the 财神; N was drawn last
    (select,) = [i for i in _items(game, 0) if getattr(i, "options", None)]
    marked = {o.label: o.description for o in select.options}
    assert marked["9 Bamboo"] == "财神: a wild tile" and marked["1 Character"] is None
    rows = tile_rows(7, 3, game.legal_actions(0), game.view(0), "zh")
    items = [getattr(c, "item", c) for row in rows for c in row.children]
    options = [o for i in items for o in getattr(i, "options", [])]
    assert {o.label: o.description for o in options}["九条 9s"] == "财神（百搭）"


def test_the_text_hand_line_marks_the_caishen_tiles() -> None:
    # seed 1: the 财神 is 6 Bamboo (六条), and seat 1 holds one
    game = JinhuaGame(1, JinhuaOptions.from_dict({"match": "one_hand"}))
    view = game.view(1)
    assert view["caishen"] == "6s"
    assert view["hand"].count("6s") == 1
    en = hand_line("en", view)
    zh = hand_line("zh", view)
    assert "6 Bamboo (财神)" in en.split(", ")
    assert en.count("财神") == 1  # only the wild tile is marked
    assert "六条★" in zh.split()
    assert zh.count("★") == 1
    assert "2 Bamboo" in en.split(", ") and "二条" in zh.split()  # the others bare
    # a hand without the 财神 has no mark, nor does 金坛 (no wild tile)
    without = dict(view, hand=[t for t in view["hand"] if t != "6s"])
    assert "★" not in hand_line("zh", without) and "财神" not in hand_line("en", without)
