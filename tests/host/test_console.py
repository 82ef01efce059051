"""Consoles that cannot show ♠ (cp1252) get the ASCII card notation instead of a traceback."""

from __future__ import annotations

import io

from bot.console import ascii_cards, can_show, fit_console
from games.cards import parse_cards


def test_cards_become_the_ascii_notation_players_type() -> None:
    text = "this trick: Bot 2 ♠10 ♥Q 大王 · you 小王 → you win; ♥ trump (扣底)"
    plain = ascii_cards(text)
    assert plain == "this trick: Bot 2 10s Qh BJ - you SJ -> you win; hearts trump (扣底)"
    assert parse_cards("10s Qh BJ SJ") == parse_cards("♠10 ♥Q 大王 小王")  # typed back as is


def test_only_a_narrow_console_is_wrapped() -> None:
    assert can_show("utf-8") and not can_show("cp1252") and not can_show("ascii")
    wide = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert fit_console(wide) is wide
    raw = io.BytesIO()
    narrow = io.TextIOWrapper(raw, encoding="cp1252")
    console = fit_console(narrow)
    print("── 扒鸡窝 Pajiwo ──\nyour hand: ♠A ♦10 大王", file=console, flush=True)
    # the Chinese title beside the English one is left out, not printed as "???"
    assert raw.getvalue().decode("cp1252") == "-- Pajiwo --\nyour hand: As 10d BJ\n"
    print("名字", file=console, flush=True)  # Chinese with no English beside it: "?"
    assert raw.getvalue().decode("cp1252").endswith("\n??\n")
    assert fit_console(console) is console


def test_chinese_words_become_the_ascii_codes_players_type() -> None:
    """Mahjong tiles and winds in ASCII codes, a Chinese word beside its English one left out
    (issue 21: on a cp1252 console winds and honours were "?")."""
    from bot.console import ascii_words

    cases = {
        "1. discard 打 F(发)": "1. discard F",
        "you (东) ← to play": "you (E) ← to play",
        "hand: 万 1 4 · 筒 4 7 · 字 东 南 北": "hand: m: 1 4 · p: 4 7 · honours: E S N",
        "waiting on: 3p(三筒) 春": "waiting on: 3p 1f",
        "discard 五筒": "discard 5p",
        "pass/过, pong 碰, chow 吃 6p 7p": "pass, pong, chow 6p 7p",
        "your move (declare trump (亮主) if you can):": "your move (declare trump if you can):",
        "金坛麻将 Jintan mahjong": "Jintan mahjong",
    }
    for text, plain in cases.items():
        assert ascii_words(text) == plain, text
