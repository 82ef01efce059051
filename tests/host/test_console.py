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
    assert raw.getvalue().decode("cp1252") == "-- ??? Pajiwo --\nyour hand: As 10d BJ\n"
    assert fit_console(console) is console
