"""The message catalogue and the action codec of the Discord front end (no network)."""

from __future__ import annotations

import re
import string
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import TableError
from cogs.i18n import COMMAND_ZH, MESSAGES, refusal_text, tr
from cogs.present import action_label, decode_action, encode_action, event_line
from games.base import Action, Event, IllegalAction
from games.cards import format_card_ascii, full_deck

ROOT = Path(__file__).resolve().parents[2]


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_message_has_both_languages_with_the_same_placeholders() -> None:
    for key, (en, zh) in MESSAGES.items():
        assert en.strip() and zh.strip(), key
        assert _fields(en) == _fields(zh), key


def test_every_table_error_code_of_the_host_is_translated() -> None:
    doc = (ROOT / "bot" / "errors.py").read_text(encoding="utf-8")
    listed = doc.split("Codes:")[1].split("``illegal`` wraps")[0]
    codes = set(re.findall(r"``([a-z_]+)``", listed))
    assert "not_your_turn" in codes
    assert sorted(c for c in codes if f"err.{c}" not in MESSAGES) == []


def test_a_rule_refusal_names_the_rule_in_both_languages() -> None:
    error = TableError(
        "illegal",
        "you must follow ♥: you hold ♥7",
        {"suit": "H"},
        rule_code="must_follow_suit",
        rule="pajiwo.txt:101",
    )
    assert refusal_text("en", error) == (
        "You must follow ♥: you hold ♥7 (rules: 扒鸡窝 · 9. Playing tricks)"
    )
    assert refusal_text("zh", error) == (
        "必须跟出首家的花色：you must follow ♥: you hold ♥7（规则：扒鸡窝 · 9. 出牌）"
    )
    unknown = IllegalAction("brand_new_rule", "a rule nobody translated yet")
    assert refusal_text("en", unknown) == "A rule nobody translated yet"
    assert refusal_text("zh", unknown) == "规则不允许：a rule nobody translated yet"


def test_command_names_are_valid_discord_names() -> None:
    for en, zh in COMMAND_ZH.items():
        if " " not in en and en.islower():  # a name, not a description
            assert re.fullmatch(r"[-_\w]{1,32}", zh), (en, zh)


def test_event_lines_fill_in_names_and_cards_or_fall_back_to_the_engine_text() -> None:
    names = ["alice", "bob", "Bot 3", "Bot 4"]
    declared = Event("trump_declared", 1, {"cards": ["SJ", "2s"], "kind": "declare"}, "seat 1 …")
    assert event_line("en", declared, names) == "bob declared trump (亮主): 小王 ♠2"
    assert event_line("zh", declared, names) == "bob 亮主：小王 ♠2"
    odd = Event("trick_won", 0, {}, "seat 0 wins trick 3")
    assert event_line("en", odd, names) == "seat 0 wins trick 3"  # no points/trick data
    assert tr("zh", "no.such.key") == "no.such.key"


CARDS = [format_card_ascii(c) for c in full_deck(jokers=True)]


@settings(max_examples=100, deadline=None)
@given(
    kind=st.sampled_from(["play", "bury", "declare", "pass", "rebel"]),
    cards=st.lists(st.sampled_from(CARDS), max_size=12),
    seat=st.integers(0, 3),
)
def test_select_values_decode_to_the_same_action_for_the_clicking_seat(
    kind: str, cards: list[str], seat: int
) -> None:
    action = Action(2, kind, {"cards": cards} if cards else {})
    value = encode_action(action, 7)
    assert len(value) <= 100
    legal = [Action(2, "pass")] * 7 + [action]
    decoded = decode_action(value, seat, legal if value.startswith("#") else None)
    assert decoded is not None
    if value.startswith("#"):
        assert decoded == action
    else:
        assert decoded == Action(seat, kind, action.data)  # the seat is always the clicker's
    assert len(action_label("en", action)) <= 100


def test_crafted_values_are_not_actions() -> None:
    assert decode_action("play|[1,2]", 0) is None
    assert decode_action("#99", 0, [Action(0, "pass")]) is None
    assert decode_action("#1", 0, None) is None
    assert decode_action("no colon", 0) is None
    assert decode_action("drop table:x", 0) is None
    assert decode_action('declare|{"cards":["2s"]}', 3) == Action(3, "declare", {"cards": ["2s"]})


def test_a_declaration_against_another_seats_is_shown_as_an_overcall() -> None:
    from cogs.controls import quick_rows
    from cogs.display import declare_kind

    standing = {"standing": {"seat": 1, "cards": ["SJ", "2s"]}}
    assert declare_kind(standing, 0) == {"declare": "overcall"}
    assert declare_kind(standing, 1) == {"declare": "reinforce"}
    assert declare_kind({"standing": None}, 0) == {}
    legal = [Action(0, "declare", {"cards": ["BJ", "2h", "2h"]}), Action(0, "pass")]
    rows = quick_rows(7, 12, legal, "en", declare_kind(standing, 0))
    items = [c.item for row in rows for c in row.children]  # type: ignore[attr-defined]
    labels = [getattr(i, "label", None) for i in items]
    options = [o.label for i in items for o in getattr(i, "options", [])]
    assert "过 pass" in labels
    assert options == ["反主 overcall 大王 ♥2 ♥2"]


def test_players_are_pointed_at_the_rules_page_never_at_a_seed_file() -> None:
    """Issue 15: a refusal names the rules page's section that cites the rule's seed line;
    a citation no section names gives no reference at all (no ``pajiwo.txt`` in the text)."""
    from present.rule_links import rule_section, seed_game

    assert rule_section("pajiwo.txt:60", "en") == "扒鸡窝 · 3. Declaring trump: 亮主, 加固, 反主"
    assert rule_section("pajiwo.txt:101", "zh") == "扒鸡窝 · 9. 出牌"  # code pointer dropped
    assert rule_section("pajiwo.txt:9999", "en") is None
    assert rule_section("no citation", "zh") is None
    assert seed_game("dagun_and_jinhua-mahjong.txt", 49) == "dagun"
    assert seed_game("dagun_and_jinhua-mahjong.txt", 179) == "jinhua"
    lost = IllegalAction("must_follow_suit", "x", {"suit": "♥", "card": "♥7"}, "pajiwo.txt:9999")
    assert ".txt" not in refusal_text("zh", lost) and ".txt" not in refusal_text("en", lost)


def test_player_facing_text_drops_seed_citations() -> None:
    """/rules and /table options quote the rules pages and option help, which cite seed lines
    for developers; players read them without (issue 15)."""
    from cogs.info import rules_summary
    from present.rule_links import without_citations

    assert without_citations("162 cards. (dagunzi.txt:18, 41)") == "162 cards."
    cited = "底金 (房间底金, dagun_and_jinhua-mahjong.txt:69)"
    assert without_citations(cited) == "底金 (房间底金)"
    assert without_citations("共 162 张。（dagunzi.txt:18, 41）") == "共 162 张。"
    for game in ("pajiwo", "dagunzi", "dagun", "jintan", "jinhua"):
        for lang in ("en", "zh"):
            summary = rules_summary(game, lang=lang)
            assert summary is not None and ".txt:" not in summary, (game, lang)
