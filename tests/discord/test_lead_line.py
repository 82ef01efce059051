"""The lead's reading in the DM and the hint (issue 8): cogs.lead.lead_line reads a real
engine view (view["trick"]["lead"]), in both languages (no network)."""

from __future__ import annotations

from cogs.lead import lead_line
from tests.pajiwo.helpers import act, new_game, setup_play


def test_a_tractor_lead_in_words_with_the_follow_rule() -> None:
    g = new_game(1)
    hands = ["2s 2s 3s 3s 4s 4s", "7s 7s 8s 8s 10s 10s Qs Qs 9h Kd", "6d", "7d"]
    setup_play(g, dealer=0, levels=(5, 2), trump="H", hands=hands)
    assert lead_line("en", g.view(1), 1) is None  # nothing led yet
    act(g, 0, "play", "2s 2s 3s 3s 4s 4s")
    assert lead_line("en", g.view(1), 1) == (
        "Lead: tractor of 3 pairs ♠4 ♠4 ♠3 ♠3 ♠2 ♠2 — follow ♠: your longest tractor first, "
        "then pairs"
    )
    assert lead_line("zh", g.view(1), 1) == (
        "首家：3 对拖拉机 ♠4 ♠4 ♠3 ♠3 ♠2 ♠2——跟♠：先出最长的拖拉机，再出对子"
    )
    same = lead_line("en", g.view(1), 1, "same_length")
    assert same is not None and same.endswith("a tractor as long if you hold one, else pairs")
    assert lead_line("en", g.view(0), 0) is None  # the leader is not told about its own lead


def test_a_failed_throw_and_a_trump_pair_in_words() -> None:
    g = new_game(1)
    hands = ["Ah Ah Qh Qh Jh 3c", "Kh Kh 4c 5c 6c 7c", "6d 7d 8d 9d 10d Jd", "6c 7c 8c 9c 10c Jc"]
    setup_play(g, dealer=0, levels=(2, 2), trump="S", hands=hands)
    act(g, 0, "play", "Ah Ah Qh Qh Jh")
    assert lead_line("en", g.view(1), 1) == (
        "Lead: a throw that failed: pair ♥A ♥A + pair ♥Q ♥Q + single ♥J, cut to single ♥J "
        "— follow ♥ while you can"
    )
    g = new_game(1)
    setup_play(g, dealer=0, levels=(2, 2), trump="S", hands=["2h 2h", "3s 4s", "5d 6d", "7c 8c"])
    act(g, 0, "play", "2h 2h")
    assert lead_line("zh", g.view(1), 1) == "首家：对子 ♥2 ♥2——跟主牌，有对子必须出对子"
