"""扒鸡窝's scoring side has one name, the rules page's: "defenders" / 抓分方, and it "scored"
its points (a losing 75 is not "won") (issue 19)."""

from __future__ import annotations

from present.i18n import CATALOGUE
from present.message import Msg, Reader, Seats, render

NAMES = ["Ann", "Bo", "Cy", "Di"]
EN, ZH = Reader("en", NAMES), Reader("zh", NAMES)


def test_the_hand_result_and_the_table_name_the_same_side() -> None:
    up = Msg("outcome.dealer_up", number=1, points=75, team=Seats([1, 3]), up=1, result="小光")
    assert render(EN, up) == (
        "Hand 1 over: the defenders scored 75 points; the dealer's side Bo & Di goes up 1 (小光)"
    )
    assert render(ZH, up) == "第 1 局结束：抓分方得 75 分，庄家方 Bo、Di 升 1 级（小光）"
    assert render(EN, Msg("table.points", points=75)) == "Defenders' points: 75"
    assert render(ZH, Msg("table.points", points=75)) == "抓分方得分：75"
    assert render(EN, Msg("hand.points", points=75)) == "defenders' points 75"
    assert render(ZH, Msg("hand.points", points=75)) == "抓分方得分 75"


def test_no_message_calls_them_attackers_or_xianjia() -> None:
    en, zh = CATALOGUE.messages["en"], CATALOGUE.messages["zh"]
    assert [k for k, t in en.items() if "attacker" in t.lower()] == []
    assert [k for k, t in zh.items() if "闲家" in t] == []
