"""花 and 番 of 金坛麻将, each rule with a scored example (jintan-mahjong.txt:115-137)."""

from __future__ import annotations

from games.jintan import JintanOptions
from games.jintan.scoring import cap_score, value_hand
from games.mahjong import shapes
from games.mahjong.engine import WinContext
from games.mahjong.melds import Meld
from tests.jintan.helpers import meld, tiles

OPTS = JintanOptions()  # 底数 1, 花分值 1, cap ×4


def ctx(
    concealed: str,
    win: str,
    source: str = "self_draw",
    melds: tuple[Meld, ...] = (),
    flowers: str = "",
    after_kong: bool = False,
) -> WinContext:
    """A win: ``concealed`` includes the winning tile ``win``."""
    return WinContext(
        seat=0,
        tile=tiles(win)[0],
        source=source,
        from_seat=None if source == "self_draw" else 1,
        counts=tuple(shapes.counts_of(tiles(concealed))),
        melds=melds,
        flowers=tuple(tiles(flowers)),
        after_kong=after_kong,
    )


def value(*args: object, options: JintanOptions = OPTS, **kw: object) -> tuple[int, int, int]:
    val = value_hand(ctx(*args, **kw), options)  # type: ignore[arg-type]
    assert val is not None
    return val.hua, val.fan, val.score


def test_chicken_hand_with_flowers_each_flower_one_hua() -> None:
    # 鸡胡, 3 flowers: (1 + 3) × 1 = 4
    assert value("123m 456m 789p 234s 55s", "5s", flowers="春 夏 梅") == (3, 0, 4)


def test_no_hua_no_fan_is_one_base() -> None:
    assert value("123m 456m 789p 234s 55s", "5s") == (0, 0, 1)


def test_honour_pongs_exposed_one_concealed_two() -> None:
    exposed = (meld("pong", "EEE"),)
    assert value("123m 456m 789p 55s", "5s", melds=exposed)[0] == 1
    assert value("123m 456m 789p EEE 55s", "5s")[0] == 2
    # completed by the winning discard: exposed (reading)
    assert value("123m 456m 789p EEE 55s", "E", source="discard")[0] == 1
    # the same tile self-drawn: concealed
    assert value("123m 456m 789p EEE 55s", "E")[0] == 2


def test_kongs_hua() -> None:
    cases = [
        (meld("kong", "CCCC"), 3),  # honour kong exposed
        (meld("kong", "CCCC", concealed=True), 4),  # honour kong concealed
        (meld("kong", "5pppp".replace("5pppp", "5p 5p 5p 5p")), 1),  # suited exposed
        (meld("kong", "5p 5p 5p 5p", concealed=True), 2),  # suited concealed
    ]
    for m, hua in cases:
        assert value("123m 456m 789m 55s", "5s", melds=(m,))[0] == hua


def test_hunyise_one_fan() -> None:
    # 混一色 (1 番), 2 花 from the concealed EEE: (1 + 2) × 2 = 6
    assert value("123m 456m 789m EEE SS", "3m") == (2, 1, 6)


def test_qingyise_two_fan() -> None:
    # 清一色 (2 番): 1 × 4 = 4
    assert value("123m 234m 456m 789m 55m", "5m") == (0, 2, 4)


def test_duiduihu_one_fan() -> None:
    # 对对胡: 1 × 2 = 2 (suited concealed pongs carry no 花)
    assert value("111m 555p 999s 222s 33m", "3m") == (0, 1, 2)


def test_hunyise_duiduihu_is_two_fan() -> None:
    # 混一色对对胡 = 2 番 (jintan-mahjong.txt:123): EEE concealed 2 花: (1 + 2) × 4 = 12
    assert value("111m 555m 999m EEE 33m", "3m") == (2, 2, 12)


def test_qingyise_duiduihu_is_capped_at_times_four() -> None:
    # 清一色 (2) + 对对胡 (1) = 3 番: raw 1 × 8, capped at 1 × 4
    assert value("111m 555m 999m 222m 33m", "3m") == (0, 3, 4)
    val = value_hand(ctx("111m 555m 999m 222m 33m", "3m"), OPTS)
    assert val is not None and val.raw == 8


def test_seven_pairs_two_fan_and_four_of_a_kind_as_two_pairs() -> None:
    assert value("11m 22m 55p 77p 99s 33s 88s", "8s", flowers="春") == (1, 2, 8)
    assert value("1111m 55p 77p 99s 33s 88s", "8s") == (0, 2, 4)


def test_gangkai_one_fan_once() -> None:
    kong = meld("kong", "5p 5p 5p 5p")
    # 1 花 (suited exposed kong), 杠开: (1 + 1) × 2 = 4
    assert value("123m 456m 789s 55s", "3m", melds=(kong,), after_kong=True) == (1, 1, 4)


def test_dudiao_one_fan_and_not_on_two_waits() -> None:
    # waiting only on 5s for the pair: 独吊, 1 × 2 = 2
    assert value("123m 456m 789p 111s 55s", "5s", source="discard") == (0, 1, 2)
    # 234s 5s waits on 2s and 5s: no 独吊
    assert value("123m 456m 789p 234s 55s", "5s", source="discard") == (0, 0, 1)
    # 1112m waits on 2m and 3m: winning on 2m as the pair is not 独吊
    assert value("123m 456p 789p 11122m", "2m")[1] == 0


def test_seven_pairs_is_never_dudiao() -> None:
    val = value_hand(ctx("11m 22m 55p 77p 99s 33s 88s", "8s"), OPTS)
    assert val is not None and "dudiao" not in val.fans


def test_best_reading_is_scored() -> None:
    # 111222333m reads as three pongs or three chows: 对对胡 is taken (1 × 2 = 2)
    assert value("111m 222m 333m 555p 99p", "3m") == (0, 1, 2)


def test_cap_options() -> None:
    assert cap_score(3, 3, OPTS) == (24, 12)
    fixed = JintanOptions(cap="fixed", cap_points=10)
    assert cap_score(3, 3, fixed) == (24, 10)
    assert cap_score(3, 3, JintanOptions(cap="none")) == (24, 24)


def test_all_honours_counts_as_hunyise() -> None:
    # reading: no suit but honours = 混一色 (1) + 对对胡 (1); four concealed honour pongs
    # 8 花 (the self-drawn N completes a concealed pong), CC pair nothing: (1 + 8) × 4 = 36
    assert value("EEE SSS WWW NNN CC", "N") == (8, 2, 36)
