"""A move is named once (present/moves.py) and a typed move's reason is a catalogue message:
both front ends say them in the reader's language (issue 19)."""

from __future__ import annotations

import pytest

from bot.screens import move_line, typed_refusal
from bot.textview_mahjong import parse_move as parse_tile_move
from bot.typed import MoveTextError, read_cards_move, read_tile_move
from cogs.actions import Refusal, read_play_text
from cogs.i18n import refusal_text
from cogs.present import action_label
from games.base import Action
from present.message import Reader, render
from present.moves import move_label


@pytest.mark.parametrize(
    ("action", "en", "zh"),
    [
        (Action(0, "play", {"cards": ["10s", "10s"]}), "出牌 play ♠10 ♠10", "出牌 ♠10 ♠10"),
        (Action(0, "pass"), "过 pass", "过"),
        (Action(0, "discard", {"tile": "5p"}), "打 discard 5 Dots", "打牌 五筒"),
        (Action(0, "chow", {"tiles": ["4p", "6p"]}), "吃 chow 4 Dots, 6 Dots", "吃 四筒 六筒"),
        (
            Action(0, "play", {"cards": ["5s", "5h", "BJ"], "as": "555"}),
            "出牌 play ♠5 ♥5 大王 as 555",
            "出牌 ♠5 ♥5 大王 当作 555",
        ),
        (
            Action(0, "declare", {"cards": ["BJ", "BJ", "BJ"], "suit": "H"}),
            "亮主 declare trump 大王 大王 大王 → ♥",
            "亮主 大王 大王 大王 → ♥",
        ),
    ],
)
def test_one_label_for_both_front_ends_in_both_languages(action: Action, en: str, zh: str) -> None:
    assert move_line("en", action) == action_label("en", action) == en
    assert move_line("zh", action) == action_label("zh", action) == zh
    assert render(Reader("zh-TW", []), move_label(action)) == action_label("zh-TW", action)


def test_a_label_reads_back_as_its_move_in_either_language() -> None:
    legal = [Action(0, "play", {"cards": ["As"]}), Action(0, "pass")]
    for lang in ("en", "zh"):
        for action in legal:
            assert read_cards_move(move_line(lang, action), 0, legal, ["play", "pass"]) == action
    tiles = [Action(0, "discard", {"tile": "E"}), Action(0, "discard", {"tile": "5p"})]
    for lang in ("en", "zh"):
        for action in tiles:
            assert read_tile_move(move_line(lang, action), 0, tiles, ["discard"]) == action


def _why(fn, *args) -> MoveTextError:  # type: ignore[no-untyped-def]
    with pytest.raises(MoveTextError) as err:
        fn(*args)
    return err.value


def test_typed_reasons_are_said_in_chinese() -> None:
    legal = [Action(0, "play", {"cards": ["As"]}), Action(0, "pass")]
    kinds = ["play", "pass"]
    cases = {
        "9": "请选 1 到 2 之间的编号",
        "造反": "现在不能造反：你可以出牌或过",
        "过 出牌": "这几个词说的是不同的走法：请只说一种",
        "declare BJ suit=Q": "「Q」不是花色：请写 S、H、C 或 D（♠ ♥ ♣ ♦）",
    }
    for text, zh in cases.items():
        error = _why(read_cards_move, text, 0, legal, kinds, {"declare", "rebel"})
        assert typed_refusal("zh", error) == zh, text
        assert typed_refusal("en", error) == str(error)
        assert not any("a" <= c <= "z" for c in zh)  # no English word in the Chinese reason
    error = _why(read_tile_move, "chow 4p suit=H", 0, [], ["chow"])
    assert typed_refusal("zh", error) == "麻将的一步是走法加牌，例如 吃 4p 6p，或直接写 5p 打出"
    error = _why(parse_tile_move, "standing auto_win=maybe", 0, [], [])
    assert typed_refusal("zh", error) == "请写 自动胡=开 或 自动胡=关，不是「auto_win=maybe」"
    assert str(error) == "say auto_win=on or auto_win=off, not 'auto_win=maybe'"


def test_play_gives_the_typed_reason_in_the_readers_language() -> None:
    legal = [Action(0, "play", {"cards": ["As"]}), Action(0, "pass")]
    with pytest.raises(Refusal) as err:
        read_play_text("造反", 0, legal, ["play", "pass"])
    assert refusal_text("zh", err.value) == "现在不能造反：你可以出牌或过"
    assert refusal_text("en", err.value) == (
        "You cannot 造反 rebel now: your move is 出牌 play or 过 pass"
    )
    with pytest.raises(Refusal) as err:
        read_play_text("x" * 600, 0, legal, ["play", "pass"])
    assert refusal_text("zh", err.value) == "太长了，不是一步（600 个字符）"


def test_a_claim_that_names_no_tile_is_never_read_with_the_tile_ignored() -> None:
    """ "碰 5p" at a claim of another tile is refused, never the listed pong of that tile."""
    claim = [Action(1, "pong"), Action(1, "win"), Action(1, "pass")]
    kinds = ["pong", "win", "pass"]
    assert read_tile_move("碰", 1, claim, kinds) == claim[0]
    for typed, kind in (("碰 5p", "碰 pong"), ("pong 五筒", "碰 pong"), ("过 5p", "过 pass")):
        with pytest.raises(MoveTextError) as err:
            read_tile_move(typed, 1, claim, kinds)
        assert str(err.value) == f"{kind} names no tile: type it alone"
    with pytest.raises(MoveTextError) as err:
        read_tile_move("胡 5p", 1, claim, kinds)
    assert render(Reader("zh", []), err.value.said) == "胡不用写牌：单独输入即可"
