"""A trick is 墩 in Chinese everywhere; 轮 is kept for 打滚子's 轮 (the 3→10 climb) and for a
climbing game's round (issue 19)."""

from __future__ import annotations

import re

from present.i18n import CATALOGUE
from present.message import Msg, Reader, Seat, render

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_trick_lines_say_dun() -> None:
    won = Msg("event.trick_won", who=Seat(1), trick=1, points=15)
    assert render(Reader("en", NAMES), won) == "Bo won trick 1 (15 points)"
    assert render(Reader("zh", NAMES), won) == "Bo 赢第 1 墩（15 分）"
    kitty = Msg("event.kitty_won", who=Seat(1))
    assert render(Reader("en", NAMES), kitty) == "扣底: Bo won the last trick"
    assert render(Reader("zh", NAMES), kitty) == "扣底：Bo 赢了最后一墩"
    assert render(Reader("zh", NAMES, you=1), kitty) == "扣底：你赢了最后一墩"
    kou_di = Msg("dagunzi.event.kitty_won", who=Seat(2), points=20, bonus=40)
    assert render(Reader("zh", NAMES), kou_di) == "抠底：Cy 赢了最后一墩，底牌 20 分翻倍，共 40 分"
    assert render(Reader("zh", NAMES), Msg("table.trick", trick="♠3")) == "本墩：♠3"
    assert render(Reader("en", NAMES), Msg("table.trick", trick="♠3")) == "Trick: ♠3"


def test_no_chinese_message_calls_a_trick_a_round() -> None:
    en, zh = CATALOGUE.messages["en"], CATALOGUE.messages["zh"]
    bad = [
        key
        for key, text in en.items()
        if re.search(r"\btricks?\b", text, re.I) and "轮" in zh.get(key, "").replace("轮到", "")
    ]
    assert bad == []
