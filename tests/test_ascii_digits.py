"""A number Paiju reads (a custom id's table or step, a move's line number, a rules page's
section) is ASCII digits: ``re``'s ``\\d`` also takes "٣" (Arabic-Indic three) and "１"
(full-width one), which ``int()`` then reads as 3 and 1, so a crafted custom id or a typed
line would reach a table or a move it does not name in ASCII."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

import cogs  # noqa: F401
from bot.typed import MoveText, split_move
from cogs.bound import _DRAWN
from cogs.client import _TABLE_CONTROL
from cogs.controls import LobbyButton
from cogs.move_controls import ActButton, ActSelect
from cogs.replay import ReplayButton
from cogs.rules_pages import _PAGE_ID
from cogs.selection import _PICK_ID
from cogs.tournaments import CheckInButton, SignUpButton
from present.rule_links import rule_section

ROOT = Path(__file__).resolve().parents[1]
OTHER_DIGITS = ("٣", "１", "३", "３")  # Arabic-Indic 3, full-width 1, Devanagari 3, full-width 3


def _template(item: type[discord.ui.DynamicItem]) -> re.Pattern[str]:  # type: ignore[type-arg]
    return item.__discord_ui_compiled_template__  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize(
    ("item", "ascii_id"),
    [
        (ActButton, "pj:a:12:3:pass"),
        (ActSelect, "pj:s:12:3"),
        (LobbyButton, "pj:l:12:join"),
        (ReplayButton, "rp:12:1:3:n"),
        (SignUpButton, "pt:su:12"),
        (CheckInButton, "pt:ci:12"),
    ],
)
def test_a_custom_id_takes_ascii_digits_only(item: type, ascii_id: str) -> None:
    template = _template(item)
    found = template.fullmatch(ascii_id)
    assert found is not None
    assert int(found.groups()[0]) == 12
    for other in OTHER_DIGITS:
        assert template.fullmatch(ascii_id.replace("12", f"1{other}")) is None
        assert template.fullmatch(ascii_id.replace("12", other)) is None


def test_the_front_ends_own_custom_id_readers_take_ascii_digits_only() -> None:
    assert _TABLE_CONTROL.match("pj:a:12:3:pass")[1] == "12"  # type: ignore[index]
    assert _DRAWN.fullmatch("pj:s:12:3")["table"] == "12"  # type: ignore[index]
    assert _PICK_ID.fullmatch("pj:c:12:3:1")["group"] == "1"  # type: ignore[index]
    assert _PAGE_ID.fullmatch("rules:pajiwo:2:next")["page"] == "2"  # type: ignore[index]
    for other in OTHER_DIGITS:
        assert _TABLE_CONTROL.match(f"pj:a:1{other}:3:pass") is None
        assert _DRAWN.fullmatch(f"pj:s:12:{other}") is None
        assert _PICK_ID.fullmatch(f"pj:c:12:3:{other}") is None
        assert _PAGE_ID.fullmatch(f"rules:pajiwo:{other}:next") is None


def test_a_typed_line_number_is_ascii() -> None:
    # a list line's label "3. " is dropped and the move read; "3" alone is the number
    assert split_move("3. pass") == MoveText(named=[frozenset({"pass"})])
    assert split_move("3").number == 3
    for other in ("٣", "३"):
        # another script's digit is no label and no number: the line is read as words
        assert split_move(f"{other}. pass") == MoveText(body=[f"{other}.", "pass"])
        assert split_move(other).number is None


def test_a_full_width_digit_is_the_ascii_one() -> None:
    # a Chinese input method's full-width digits, as the README says (NFKC reads them so)
    assert split_move("１").number == 1
    assert split_move("１２").number == 12
    assert split_move("３. pass") == MoveText(named=[frozenset({"pass"})])


def test_a_seed_citation_is_ascii() -> None:
    assert rule_section("pajiwo.txt:101", "en") == "扒鸡窝 · 9. Playing tricks"
    assert rule_section("pajiwo.txt:١٠١", "en") is None
    assert rule_section("pajiwo.txt:１０１", "en") is None


def test_no_regex_of_the_front_ends_uses_backslash_d() -> None:
    """``\\d`` is any script's digit: the front ends, the presentation, the pictures and the
    web pages, and the engines (a bots pool's progress lines) spell ``[0-9]``."""
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("bot", "cogs", "games", "present", "render", "web")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "\\d" in line
    ]
    assert found == []
