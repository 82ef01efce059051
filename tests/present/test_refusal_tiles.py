"""Issue 19: a mahjong refusal names tiles in full (9 Dots / 九筒), never as codes (9p)."""

from __future__ import annotations

import pytest

from games.base import Action, IllegalAction
from present.refusals import refusal_text
from tests.jintan.helpers import rig


def _discard_refused(tile: str) -> IllegalAction:
    game = rig({0: "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 4p"})
    with pytest.raises(IllegalAction) as caught:
        game.check(Action(0, "discard", {"tile": tile}))
    return caught.value


def test_a_tile_not_held_is_named_in_full_in_both_languages() -> None:
    error = _discard_refused("9p")
    assert error.code == "tile_not_held"
    assert refusal_text("en", error, game="jintan") == "You do not hold 9 Dots."
    assert refusal_text("zh-CN", error, game="jintan") == "你手里没有九筒。"
    assert refusal_text("zh-TW", error, game="jintan") == "你手裡沒有九筒。"
    five = _discard_refused("5s")
    assert refusal_text("en", five) == "You do not hold 5 Bamboo."
    assert refusal_text("zh-CN", five) == "你手里没有五条。"


def test_a_flower_and_a_chow_are_named_in_full() -> None:
    flower = IllegalAction("tile_not_held", "you do not hold 1f", {"tile": "1f"})
    assert refusal_text("zh-CN", flower) == "你手里没有春。"
    assert "1f" not in refusal_text("en", flower)
    chow = IllegalAction(
        "bad_chow",
        "5s 6s do not chow 9s: you may chow with 7s 8s; 8s 1p",
        {"tiles": "5s 6s", "options": "7s 8s; 8s 1p"},
        "jintan-mahjong.txt:49",
    )
    en = refusal_text("en", chow, game="jintan")
    assert en.startswith(
        "Not a chow: 5 Bamboo, 6 Bamboo do not chow this tile: "
        "you may chow with 7 Bamboo, 8 Bamboo; 8 Bamboo, 1 Dot"
    )
    zh = refusal_text("zh-CN", chow, game="jintan")
    assert zh.startswith("不能这样吃：五条 六条 吃不上这张牌；可以用 七条 八条；八条 一筒 吃")
    for text in (en, zh):
        assert "5s" not in text and "1p" not in text


def test_text_that_is_not_tiles_is_kept() -> None:
    error = IllegalAction("tile_not_held", "m", {"tile": "<@123>"})
    assert "<@123>" in refusal_text("en", error)


def test_no_space_between_chinese_words_and_a_tile_name() -> None:
    """A tile's Chinese name runs on into the words around it (你手里没有九筒。, 打出九筒), as
    Chinese is written; only a list of tiles keeps spaces between its tiles."""
    import re

    from present.i18n import LOCALES_DIR

    tile_params = r"\{(?:tile|claimed|indicator|caishen)\}"
    spaced = re.compile(rf"[\u3400-\u9fff] {tile_params}|{tile_params} [\u3400-\u9fff]")
    for domain in ("mahjong", "jintan", "jinhua"):
        text = (LOCALES_DIR / "zh_CN" / "LC_MESSAGES" / f"{domain}.po").read_text("utf-8")
        bad = [ln for ln in text.splitlines() if ln.startswith("msgstr") and spaced.search(ln)]
        assert not bad, (domain, bad)


def test_cards_held_fewer_times_than_played_say_how_many_are_held() -> None:
    from games.tricks.held import not_held

    message, params = not_held("♦9", 2, 1)
    error = IllegalAction("not_in_hand", message, params)
    assert refusal_text("en", error) == "You hold only one ♦9"
    assert refusal_text("zh-CN", error) == "你没有这些牌：你只有 1 张♦9"
    none = IllegalAction("not_in_hand", *not_held("♠3", 1, 0))
    assert refusal_text("en", none) == "You do not hold ♠3"  # said once
    assert refusal_text("zh-CN", none) == "你没有这些牌：♠3"
