"""/rules answers in the caller's Discord language: the Chinese rules page for zh-CN, the same
page in traditional characters (OpenCC, present.zh_variant) for zh-TW, the English page otherwise;
any game with docs/rules/X.md and X.zh.md is served without code changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.info import rules_page, rules_summary
from present.zh_variant import for_locale, to_traditional, traditional_region
from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord


async def _rules(server: LoopbackDiscord, h: Harness, make_bot: BotFactory, locale: str) -> str:
    user = server.add_user(f"reader-{locale}", locale=locale)
    await h.start_bot(make_bot())
    return (await (await h.slash(user, "rules", game="pajiwo", locale=locale)).final()).text()


async def test_rules_for_a_zh_cn_user_come_from_the_chinese_page(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    text = await _rules(discord_server, discord_harness, make_bot, "zh-CN")
    assert text.startswith("**扒鸡窝 Pajiwo")
    assert "**1. 牌、座位、两方**" in text  # the first section, as a bold heading
    assert "两副牌带大小王，共 108 张。每人 25 张，留 8 张做底牌。" in text
    assert ".txt:" not in text  # players are never shown seed files (issue 15)
    assert "第 1/" in text and "docs/rules" not in text  # a page of several, no repository path
    assert "108 cards" not in text
    assert len(text) <= 2000


async def test_rules_for_a_zh_tw_user_are_in_traditional_characters(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    text = await _rules(discord_server, discord_harness, make_bot, "zh-TW")
    assert text.startswith("**扒雞窩 Pajiwo")
    assert "**1. 牌、座位、兩方**" in text
    assert "兩副牌帶大小王，共 108 張。每人 25 張，留 8 張做底牌。" in text
    assert "莊家方" in text and "抓分方" in text
    assert "第 1/" in text and "頁" in text and "docs/rules" not in text
    # nothing simplified is left: every character that OpenCC changes has been changed
    assert to_traditional(text) == text
    assert "扒鸡窝" not in text and "张" not in text


async def test_rules_for_an_en_us_user_stay_english(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    text = await _rules(discord_server, discord_harness, make_bot, "en-US")
    assert text.startswith("**扒鸡窝 Pajiwo")
    assert "Two decks with jokers, 108 cards." in text
    assert "page 1 of" in text and "docs/rules" not in text
    assert "108 张" not in text and "108 張" not in text


def _pages(tmp_path: Path, *names: str) -> Path:
    for name in names:
        title = "# 新游戏 Xinyouxi" if ".zh." in name else "# 新游戏 Xinyouxi — rules"
        body = "## 1. 牌\n\n- 一副牌，54 张。" if ".zh." in name else "## 1. Cards\n\n- 54 cards."
        (tmp_path / name).write_text(f"{title}\n\n{body}\n\n## 2. Next\n", encoding="utf-8")
    return tmp_path


def test_a_new_games_pages_are_found_by_their_names_alone(tmp_path: Path) -> None:
    rules = _pages(tmp_path, "xinyouxi.md", "xinyouxi.zh.md")
    assert rules_page("xinyouxi", "zh", rules) == rules / "xinyouxi.zh.md"
    assert rules_page("xinyouxi", "en", rules) == rules / "xinyouxi.md"
    zh = rules_summary("xinyouxi", rules, lang="zh")
    assert zh is not None and "一副牌，54 张。" in zh and "**1. 牌**" in zh
    en = rules_summary("xinyouxi", rules)
    assert en is not None and "54 cards." in en and "张" not in en


def test_a_game_without_a_chinese_page_falls_back_to_english(tmp_path: Path) -> None:
    rules = _pages(tmp_path, "xinyouxi.md")
    assert rules_page("xinyouxi", "zh", rules) == rules / "xinyouxi.md"
    assert rules_page("nothing", "zh", rules) is None
    assert rules_summary("nothing", rules, lang="zh") is None


@pytest.mark.parametrize(
    ("locale", "region"),
    [
        ("zh-TW", "tw"),
        ("zh_tw", "tw"),
        ("zh-Hant", "tw"),
        ("zh-Hant-TW", "tw"),
        ("zh-HK", "hk"),
        ("zh-Hant-HK", "hk"),
        ("zh-MO", "hk"),
        ("zh-CN", None),
        ("zh", None),
        ("zh-Hans", None),
        ("en-US", None),
        (None, None),
    ],
)
def test_which_locales_read_traditional_characters(locale: str | None, region: str | None) -> None:
    assert traditional_region(locale) == region


def test_a_discord_locale_is_understood_as_well_as_its_tag() -> None:
    import discord

    assert traditional_region(discord.Locale.taiwan_chinese) == "tw"
    assert traditional_region(discord.Locale.chinese) is None


def test_simplified_text_converts_by_phrase_to_each_regions_standard() -> None:
    assert to_traditional("扒鸡窝") == "扒雞窩"
    # 发 is 發 in 发牌 and 髮 in 头发; 后 is 後 after a time word: phrases, not characters
    assert to_traditional("发牌后理头发") == "發牌後理頭髮"
    # Taiwan and Hong Kong differ: 下臺 / 下台, 裡 / 裏
    assert to_traditional("庄家下台，手里没牌") == "莊家下臺，手裡沒牌"
    assert to_traditional("庄家下台，手里没牌", "hk") == "莊家下台，手裏沒牌"
    assert to_traditional("") == ""
    assert to_traditional("♠10 pajiwo.txt:15") == "♠10 pajiwo.txt:15"  # only Chinese changes
    assert for_locale("扒鸡窝", "zh-CN") == "扒鸡窝"
    assert for_locale("扒鸡窝", "zh-HK") == "扒雞窩"
    assert for_locale("扒鸡窝", "en-US") == "扒鸡窝"
