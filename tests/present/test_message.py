"""The one renderer: seats, "you", possessives, plurals, cards, tiles and languages."""

from __future__ import annotations

from present.i18n import ntr
from present.message import (
    ByLang,
    Cards,
    Join,
    Msg,
    Owner,
    Reader,
    Seat,
    Seats,
    Signed,
    Tiles,
    render,
)

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_a_seat_is_its_name_or_you_and_the_verb_agrees() -> None:
    msg = Msg("event.kitty_taken", who=Seat(1), whose=Owner(1))
    assert render(Reader("en", NAMES), msg) == "Bo took the kitty (拿底)"
    assert render(Reader("en", NAMES, you=1), msg) == "you took the kitty (拿底)"
    assert render(Reader("zh", NAMES, you=1), msg) == "你拿底"
    failed = Msg("event.throw_failed", who=Seat(2), whose=Owner(2))
    assert render(Reader("en", NAMES), failed) == "Cy's throw (甩牌) failed"
    assert render(Reader("en", NAMES, you=2), failed) == "your throw (甩牌) failed"  # not "you's"
    assert render(Reader("zh", NAMES), failed) == "Cy 的甩牌失败"


def test_plurals_come_from_the_catalogue() -> None:
    assert ntr("en", "present.match_length", 1) == "Match over after 1 hand"
    assert ntr("en", "present.match_length", 3) == "Match over after 3 hands"
    assert ntr("zh", "present.match_length", 1) == "比赛结束，共 1 局"
    line = Msg("dagun.state.seat", who=Seat(0), points=5, n=1)
    assert render(Reader("en", NAMES), line) == "Ann 5 pts, 1 card"
    assert render(Reader("en", NAMES), Msg("dagun.state.seat", who=Seat(0), points=5, n=2)) == (
        "Ann 5 pts, 2 cards"
    )


def test_cards_tiles_teams_and_signs_in_each_language() -> None:
    msg = Msg(
        "present.line",
        text=Join(
            [Cards(["10s", "BJ"]), Seats([0, 2]), Signed(-4), Signed(3), Tiles(["5p", "E"], [0])]
        ),
    )
    assert render(Reader("en", NAMES), msg) == "♠10 大王, Ann & Cy, −4, +3, [5 Dots], East"
    assert render(Reader("zh", NAMES), msg) == "♠10 大王，Ann、Cy，−4，+3，[五筒] 东"
    assert (
        render(Reader("en", NAMES, ascii_cards=True), Msg("present.line", text=Cards(["10s"])))
        == "10s"
    )
    label = Msg("present.line", text=ByLang("pair", "对子"))
    assert [render(Reader(lang, NAMES), label) for lang in ("en", "zh", "zh-TW")] == [
        "pair",
        "对子",
        "對子",
    ]


def test_chinese_you_runs_on_into_its_verb() -> None:
    """你 is written against the word after it (你拿底), as Chinese is; the space a catalogue
    keeps after a name placeholder ({who} 拿底, for Latin names such as Bot 2) is not for 你."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "present" / "locales" / "zh_CN" / "LC_MESSAGES"
    spaced = [
        line
        for po in sorted(root.glob("*.po"))
        for line in po.read_text(encoding="utf-8").splitlines()
        if line.startswith("msgstr") and re.search(r"你 [\u4e00-\u9fff]", line)
    ]
    assert spaced == []
