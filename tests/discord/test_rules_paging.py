"""/rules pages through the player sections of a game's rules page (issue 19 item 4, issue 21):
previous / next buttons and a section menu, in the reader's language, every page within
Discord's 2,000 characters, never the developers' section, a repository path or a seed file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cogs.rules_pages import page_message, rules_pages
from games.registry import GAMES
from present.rule_links import DEVELOPER_HEADINGS, RULES_DIR
from present.zh_variant import to_traditional
from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord

GAME_KEYS = sorted(GAMES)
# what a player's page must never show: engine notation, repository paths, seed files
ENGINE = re.compile(
    r"Action\(|\bview\.|IllegalAction|legal_actions|\btest_\w+|games/|tests/|docs/rules|\.py\b"
    r"|\.txt:|\.md\b|\(\s*\)|（\s*）|\[[^\]]*\]\("
)


def _developers_text(game: str, lang: str) -> str:
    """The body of the page's developers' section."""
    path = RULES_DIR / (f"{game}.zh.md" if lang == "zh" else f"{game}.md")
    text = path.read_text(encoding="utf-8")
    starts = [text.find(f"## {h}") for h in DEVELOPER_HEADINGS if f"## {h}" in text]
    assert starts, f"{path.name} has no developers' section"
    return text[min(starts) :]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_page_fits_a_message_and_shows_only_the_player_sections(game: str, lang: str) -> None:
    pages = rules_pages(game, lang)
    assert len(pages) >= 5, (game, lang, len(pages))  # the sections, not one summary
    developers = _developers_text(game, lang)
    codes = set(re.findall(r"`([a-z]+_[a-z_]+)`", developers))  # refusal codes and the like
    for number in range(len(pages)):
        text = page_message(game, lang, number)
        assert text is not None and len(text) <= 2000, (game, lang, number)
        assert ENGINE.search(text) is None, (game, lang, number, ENGINE.search(text))
        for heading in DEVELOPER_HEADINGS:
            assert heading not in text
    shown = "\n".join(page_message(game, lang, n) or "" for n in range(len(pages)))
    # no refusal code of the developers' section reaches a player (an option may: players set it)
    leaked = {c for c in codes if c.startswith(("not_", "bad_", "must_", "wrong_")) and c in shown}
    assert not leaked, (game, lang, leaked)


def test_a_long_page_is_numbered_and_clamped() -> None:
    pages = rules_pages("pajiwo", "en")
    last = page_message("pajiwo", "en", 10_000)
    assert last is not None and f"page {len(pages)} of {len(pages)}" in last
    first = page_message("pajiwo", "en", -3)
    assert first is not None and "page 1 of" in first and "1. Cards, seats, sides" in first
    assert page_message("nothing", "en", 0) is None


async def test_next_previous_and_the_section_menu_turn_the_pages(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    reader = server.add_user("reader")
    await h.start_bot(make_bot())
    shown = await (await h.slash(reader, "rules", game="dagunzi")).final()
    assert "page 1 of" in shown.text()
    ids = shown.custom_ids()
    prev, after = [i for i in ids if i.endswith(":prev")], [i for i in ids if i.endswith(":next")]
    assert prev and after and "rules:dagunzi:sections" in ids
    assert (shown.component(prev[0]) or {}).get("disabled")  # nothing before the first page
    turned = await h.click(reader, shown, after[0])
    assert turned.type == 7  # the same message, updated
    second = turned.message
    assert second is not None and "page 2 of" in second.text()
    back = next(i for i in second.custom_ids() if i.endswith(":prev"))
    again = (await h.click(reader, second, back)).message
    assert again is not None and again.text() == shown.text()
    # the section menu: one option per player section, none for the developers' section
    menu = again.component("rules:dagunzi:sections") or {}
    labels = [o["label"] for o in menu.get("options", [])]
    assert len(labels) >= 5 and not any(h_ in " ".join(labels) for h_ in DEVELOPER_HEADINGS)
    pages = rules_pages("dagunzi", "en")
    target = next(i for i, p in enumerate(pages) if p.section == 3)
    jumped = (await h.select(reader, again, "rules:dagunzi:sections", [str(target)])).message
    assert jumped is not None and f"page {target + 1} of {len(pages)}" in jumped.text()
    assert f"**{pages[target].heading}**" in jumped.text()


async def test_a_zh_tw_reader_turns_pages_in_traditional_characters(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    reader = server.add_user("reader-tw", locale="zh-TW")
    await h.start_bot(make_bot())
    shown = await (await h.slash(reader, "rules", game="jinhua", locale="zh-TW")).final()
    after = next(i for i in shown.custom_ids() if i.endswith(":next"))
    assert "下一頁" in str(shown.component(after))  # the button's label, converted too
    second = (await h.click(reader, shown, after, locale="zh-TW")).message
    assert second is not None
    for text in (shown.text(), second.text()):
        assert to_traditional(text) == text and "（）" not in text and "docs/" not in text


async def test_jinhua_in_chinese_has_no_empty_brackets(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    reader = discord_server.add_user("reader-cn", locale="zh-CN")
    await discord_harness.start_bot(make_bot())
    text = (
        await (await discord_harness.slash(reader, "rules", game="jinhua", locale="zh-CN")).final()
    ).text()
    assert text.startswith("**金华麻将")
    assert "（）" not in text and "()" not in text and "docs/rules" not in text


async def test_a_page_with_a_picture_carries_it_and_the_next_page_drops_it(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    reader = server.add_user("picture-reader")
    await h.start_bot(make_bot())
    pages = rules_pages("pajiwo", "en")
    ladder = next(i for i, p in enumerate(pages) if p.heading.startswith("3."))
    assert [p.name for p in pages[ladder].pictures] == ["pajiwo-declarations.png"]
    shown = await (await h.slash(reader, "rules", game="pajiwo")).final()
    assert shown.attachments == []  # section 1 has no picture
    jumped = (await h.select(reader, shown, "rules:pajiwo:sections", [str(ladder)])).message
    assert jumped is not None and "**3. Declaring trump" in jumped.text()
    assert [a.filename for a in jumped.attachments] == ["pajiwo-declarations.png"]
    assert (
        jumped.attachments[0].data == (RULES_DIR / "img" / "pajiwo-declarations.png").read_bytes()
    )
    after = next(i for i in jumped.custom_ids() if i.endswith(":next"))
    turned = (await h.click(reader, jumped, after)).message
    assert turned is not None and turned.attachments == []  # the next section's page has none


def test_the_first_page_opens_with_what_the_game_is(tmp_path: Path) -> None:
    first = page_message("dagun", "en", 0)
    assert first is not None
    lead, _, rest = first.partition("**1. Cards, seats, sides**")
    assert (
        "_打滚 is a climbing game from southern Hubei and northern Hunan (鄂南湘北) for four"
        in lead
    )
    assert "Two decks with jokers, 108 cards" in rest
    second = page_message("dagun", "en", 1)
    assert second is not None and "climbing game" not in second  # the lead is on page 1 only
    # a page with no opening paragraph has no lead (its first rule is not taken for one)
    (tmp_path / "xin.md").write_text("# 新 Xin\n\n## 1. Cards\n\n- 54 cards.\n", encoding="utf-8")
    bare = page_message("xin", "en", 0, tmp_path)
    assert bare is not None and "_- 54" not in bare and "- 54 cards." in bare


async def test_a_forged_page_control_is_answered_without_harm(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    reader = server.add_user("forger")
    await h.start_bot(make_bot())
    shown = await (await h.slash(reader, "rules", game="jintan")).final()
    last = len(rules_pages("jintan", "en"))
    far = (await h.click(reader, shown, "rules:jintan:999:next", strict=False)).message
    assert far is not None and f"page {last} of {last}" in far.text()  # clamped to the last
    nothing = await h.click(reader, shown, "rules:nothing:0:next", strict=False)
    assert "There is no rules page" in nothing.content and nothing.ephemeral
    crafted = await h.click(reader, shown, "rules:jintan:sideways", strict=False)
    assert crafted.content == "This control is not valid." and crafted.ephemeral
    # a page control crafted onto a public message (the lobby) never rewrites it
    await (await h.slash(reader, "table open", game="jintan")).final()
    await server.idle()
    lobby = server.channel_messages(server.channel)[-1]
    before = lobby.text()
    refused = await h.click(reader, lobby, "rules:jintan:0:next", strict=False)
    assert refused.content == "This control is not valid." and refused.ephemeral
    assert server.channel_messages(server.channel)[-1].text() == before
