"""Chinese writes no space between 你 (the reader's own seat) and the Chinese beside it:
你坐庄, 上一张：你打的六筒; a player's own name keeps the template's space (Ann 坐庄)."""

from __future__ import annotations

from present.message import Msg, Reader, Seat, Seats, render

NAMES = ["Ann", "张伟", "Cy", "Di"]


def test_you_is_glued_to_the_chinese_beside_it() -> None:
    you = Reader("zh", NAMES, you=0)
    assert render(you, Msg("event.hand_started", hand=2, who=Seat(0))) == "第 2 局：你坐庄"
    assert render(you, Msg("mj.table.last", who=Seat(0), tile="六筒")) == "上一张：你打的六筒"
    assert render(
        Reader("zh-TW", NAMES, you=0), Msg("event.hand_started", hand=2, who=Seat(0))
    ) == ("第 2 局：你坐莊")


def test_a_name_keeps_its_space_and_english_is_unchanged() -> None:
    you = Reader("zh", NAMES, you=0)
    assert render(you, Msg("event.hand_started", hand=2, who=Seat(2))) == "第 2 局：Cy 坐庄"
    assert render(you, Msg("event.hand_started", hand=2, who=Seat(1))) == "第 2 局：张伟 坐庄"
    assert render(Reader("zh", NAMES), Msg("event.hand_started", hand=2, who=Seat(0))) == (
        "第 2 局：Ann 坐庄"
    )
    en = render(Reader("en", NAMES, you=0), Msg("event.hand_started", hand=2, who=Seat(0)))
    assert "you " in en
    # the reader alone in a list of seats is 你 too
    assert render(you, Msg("event.hand_started", hand=2, who=Seats((0,)))) == "第 2 局：你坐庄"
