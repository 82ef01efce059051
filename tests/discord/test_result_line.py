"""The table's final line: "Result: …", never "Result: Match over: …" (issue 19)."""

from __future__ import annotations

from cogs.i18n import result_line


def test_a_match_over_text_is_not_prefixed_twice() -> None:
    assert result_line("en", "Match over: Bo first with 9 coins") == (
        "Match over: Bo first with 9 coins"
    )
    assert (
        result_line("en", "Match over after 8 hands: Bo +12") == "Match over after 8 hands: Bo +12"
    )
    assert result_line("zh", "比赛结束：Bo 第一") == "比赛结束：Bo 第一"
    assert result_line("zh-TW", "比賽結束：Bo 第一") == "比賽結束：Bo 第一"


def test_another_text_is_the_result() -> None:
    assert result_line("en", "Bo & Di win") == "Result: Bo & Di win"
    assert result_line("zh", "Bo、Di 获胜") == "结果：Bo、Di 获胜"
