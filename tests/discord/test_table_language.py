"""The table's language (issue 19, "Language"): the channel text of a table is in the TABLE's
language (the server's locale at ``/table open``, else ``DEFAULT_LOCALE``; ``/table options
language:`` changes it, and it survives a restart), while everything private stays in its
reader's language; and ``/table options`` describes every option in its reader's language,
never cut inside a word or a bracket.

"English" and "Chinese" lines are told apart by the catalogues themselves: a word that only
the English messages use (``draws``, ``turn``, ``wall`` …) in a Chinese channel, or a
character that only the Chinese messages use (``的``, ``轮``, ``墙`` …) in an English one, is
a line in the wrong language. The games' own terms (扒鸡窝, 亮主, 大王) are in both
catalogues, so they count as neither.
"""

from __future__ import annotations

import asyncio
import re
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from cogs.client import PaijuBot
from cogs.table_options import chunks, option_help
from cogs.tables import LANGUAGE_CHOICES
from games.base import Action
from games.registry import GAMES
from present.i18n import CATALOGUE, has_message
from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser

WORD = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"\{[^}]*\}")


def _texts(lang: str) -> list[str]:
    texts = list(CATALOGUE.messages[lang].values())
    texts += [form for forms in CATALOGUE.plurals[lang].values() for form in forms]
    return [PLACEHOLDER.sub(" ", t) for t in texts]


@cache
def english_only_words() -> frozenset[str]:
    """Words of three letters or more that the English messages use and the Chinese never."""
    en = {w.lower() for t in _texts("en") for w in WORD.findall(t)}
    zh = {w.lower() for t in _texts("zh") for w in WORD.findall(t)}
    return frozenset(en - zh)


@cache
def chinese_only_characters() -> frozenset[str]:
    """Chinese characters that the Chinese messages use and the English never."""
    en = {c for t in _texts("en") for c in CJK.findall(t)}
    zh = {c for t in _texts("zh") for c in CJK.findall(t)}
    return frozenset(zh - en)


def test_the_language_tells_are_real() -> None:
    words, chars = english_only_words(), chinese_only_characters()
    assert {"draws", "turn", "your"} <= words and "progressive" not in words
    assert {"的", "你", "家"} <= chars and "王" not in chars  # 大王 is said in English too


def _without_names(text: str, names: list[str]) -> str:
    """``text`` without the players', the games' and the languages' names (``Pajiwo`` is a
    name in Chinese too, ``简体中文`` in English), mentions and timestamps."""
    games = [spec.title_en for spec in GAMES.values()]
    languages = [c.name for c in LANGUAGE_CHOICES]  # each named in itself
    for name in sorted([*names, *games, *languages], key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"<[@#]?!?\d+>|<t:\d+:\w>", " ", text)  # mentions and timestamps
    return re.sub(r"'[^'\n]*'|`[^`\n]*`", " ", text)  # what one types: option names, values


def english_lines(text: str, names: list[str]) -> list[str]:
    words = english_only_words()
    return [
        line
        for line in _without_names(text, names).splitlines()
        if any(w.lower() in words for w in WORD.findall(line))
    ]


def chinese_lines(text: str, names: list[str]) -> list[str]:
    chars = chinese_only_characters()
    return [
        line
        for line in _without_names(text, names).splitlines()
        if any(c in chars for c in CJK.findall(line))
    ]


def channel_texts(server: LoopbackDiscord) -> list[str]:
    """Every version of every message the channel ever showed (edits included)."""
    out: list[str] = []
    for message in server.channel_messages(server.channel):
        out += [v.content or "" for v in message.history]
        out.append(message.text())
    return out


async def _play_one_hand(bot: PaijuBot, tid: int, host: LoopbackUser) -> None:
    """The host plays the hint at each decision until the hand is over (the bots play
    themselves): every kind of event line reaches the channel."""
    for n in range(400):
        table = bot.service.get(tid)
        if table.status != "playing":
            return
        move = bot.service.hint(tid, host.id) if table.seat_of(host.id) is not None else None
        if move is not None:
            await bot.service.act(tid, host.id, Action(None, move.kind, move.data), f"t:{n}")
        else:
            await asyncio.sleep(0.05)
    raise AssertionError("the hand did not end")


async def _a_hand_at(
    server: LoopbackDiscord, h: Harness, bot: PaijuBot, host: LoopbackUser, locale: str
) -> int:
    await h.start_bot(bot)
    await (await h.slash(host, "table open", game="pajiwo", locale=locale)).final()
    tid = table_id(table_message(server))
    options = await h.slash(host, "table options", set="match=one_hand", locale=locale)
    await options.final()
    await (await h.slash(host, "table addbot", locale=locale)).final()
    await bot.service.start(server.channel.id, host.id, seed=7)
    await _play_one_hand(bot, tid, host)
    await server.idle(quiet=1.5)  # the last coalesced edits and announcements
    return tid


async def test_an_english_host_in_a_chinese_server_gets_a_chinese_channel(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    server.guild.locale = "zh-CN"
    # English, and her DMs are closed: the channel tells her of each turn, in Chinese too
    alice = server.add_user("alice", dms_open=False)
    bot = make_bot()
    tid = await _a_hand_at(server, h, bot, alice, "en-US")
    table = bot.service.get(tid)
    assert table.status == "finished"
    names = [s.name for s in table.seats]
    texts = channel_texts(server)
    assert any("扒鸡窝" in t for t in texts) and len(texts) > 5
    assert any("🔔" in t for t in texts)  # her turn, said in the channel
    wrong = [line for t in texts for line in english_lines(t, names)]
    assert wrong == [], "\n".join(wrong)  # a Chinese reader sees no English line
    assert any(chinese_lines(t, names) for t in texts)  # and the tell does see Chinese
    # private answers stay in the reader's language: Alice's replies are English
    replies = [m.text() for m in server.ephemerals(alice)]
    assert replies and all(not chinese_lines(r, names) for r in replies)
    assert any("speaks 简体中文 in the channel" in r for r in replies)


async def test_a_chinese_host_in_an_english_server_gets_an_english_channel(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    tid = await _a_hand_at(server, h, bot, bob, "zh-CN")
    names = [s.name for s in bot.service.get(tid).seats]
    texts = channel_texts(server)
    wrong = [line for t in texts for line in chinese_lines(t, names)]
    assert wrong == [], "\n".join(wrong)  # an English reader sees no Chinese line
    assert any(english_lines(t, names) for t in texts)
    replies = [m.text() for m in server.ephemerals(bob)]
    assert replies and all(not english_lines(r, names) for r in replies)  # Bob's, in Chinese


async def test_the_host_changes_the_language_and_it_survives_a_restart(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)
    await (await h.slash(alice, "table open", game="pajiwo")).final()
    tid = table_id(table_message(server))
    assert "Seats:" in table_message(server).text()  # the server's language: English
    # only the host; nothing changes on a refusal
    refused = await (await h.slash(bob, "table options", language="zh")).final()
    assert "只有桌主" in refused.text()
    assert bot.display.lang(bot.service.get(tid)) == "en"
    changed = await (await h.slash(alice, "table options", language="zh")).final()
    assert "The table now speaks 简体中文 in the channel." in changed.text()
    assert "language of the channel text: 简体中文" in changed.text()  # Alice's words, English
    await server.wait_until(
        lambda: not english_lines(table_message(server).text(), ["alice", "bob"]),
        what="the table message in Chinese",
    )
    await (await h.slash(bob, "table join", locale="zh-CN")).final()
    await h.stop_bot()
    await bot.state.close()
    await bot.store.close()
    again = make_bot()
    await h.start_bot(again)
    assert again.display.lang(again.service.get(tid)) == "zh"
    await (await h.slash(alice, "table addbot")).final()
    await server.wait_until(lambda: "Bot 3" in table_message(server).text(), what="the bots")
    text = table_message(server).text()
    names = ["alice", "bob", "Bot 3", "Bot 4"]
    assert "座位" in text and not english_lines(text, names)
    # during play too: the recent lines already written are said again in the new language
    await again.service.start(server.channel.id, alice.id, seed=7)

    def recent_lines() -> list[str]:
        return [x for x in table_message(server).text().splitlines() if x.startswith("· ")]

    for n in range(300):  # Alice and Bob move by the hint until lines have been written
        if len(recent_lines()) >= 2:
            break
        for user in (alice, bob):
            move = again.service.hint(tid, user.id)
            if move is not None:
                await again.service.act(tid, user.id, move, f"p:{n}:{user.id}")
        await asyncio.sleep(0.05)
    assert len(recent_lines()) >= 2
    assert not english_lines(table_message(server).text(), names)
    assert chinese_lines("\n".join(recent_lines()), names)
    back = await (await h.slash(alice, "table options", language="en")).final()
    assert "The table now speaks English in the channel." in back.text()
    await server.wait_until(
        lambda: not chinese_lines(table_message(server).text(), names),
        what="the table message and its recent lines in English",
    )
    assert english_lines("\n".join(recent_lines()), names)


# ---------------------------------------------------------------------------- /table options


def test_every_option_of_every_game_is_described_in_both_languages() -> None:
    for key, spec in GAMES.items():
        for opt in spec.engine().options_type.describe():
            name = str(opt["name"])
            assert has_message(f"option.{key}.{name}") or has_message(f"option.{name}"), name
            en = option_help("en", key, name)
            zh = option_help("zh", key, name)
            assert en != zh and chinese_only_characters() & set(zh), (key, name, zh)
            for text in (en, zh):
                assert ".txt" not in text and "is cut off" not in text, (key, name, text)
                assert "()" not in text and "（）" not in text, (key, name, text)
                assert text.count("(") == text.count(")"), (key, name, text)
                assert text.count("（") == text.count("）"), (key, name, text)
            # the Chinese says it in Chinese: English only for the values one types
            assert not english_lines(zh, []), (key, name, zh)


async def test_table_options_in_the_readers_language_whole(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice", locale="zh-CN")
    await h.start_bot(make_bot())
    await (await h.slash(alice, "table open", game="dagunzi", locale="zh-CN")).final()
    result = await h.slash(alice, "table options", locale="zh-CN")
    first = await result.final()
    pages = [first.text()] + [m.text() for m in server.ephemerals(alice) if m.id != first.id]
    listing = "\n".join(p for p in pages if "`" in p)
    assert "本桌选项" in listing or "选项" in listing.splitlines()[0]
    lines = [line for line in listing.splitlines() if line.startswith("`")]
    names = [o["name"] for o in GAMES["dagunzi"].engine().options_type.describe()]
    assert [line.split("`")[1] for line in lines] == names  # every option, once, in order
    next_dealer = next(line for line in lines if line.startswith("`next_dealer`"))
    said = "庄家一方保庄时下一局谁坐庄：庄家的对家（'partner'）还是原庄家（'same'）。"
    assert next_dealer.endswith(said)  # whole, where it was "( is cut off)"
    assert not english_lines(listing, [])
    assert all(len(p) <= 2000 for p in pages)


@given(st.lists(st.text(alphabet="ab (）（)", min_size=0, max_size=300), max_size=40))
def test_a_long_listing_is_cut_between_lines_or_words(lines: list[str]) -> None:
    pages = chunks(lines, limit=120)
    assert all(len(p) <= 120 for p in pages)
    words = [w for line in lines for w in line.split()]
    assert [w for p in pages for w in p.split()] == words  # nothing lost, no word cut


async def test_an_unknown_option_refusal_lists_every_option_whole(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    # issue 19: "…可用的选项：baotou_multiplier, …, match, max…" hid five option names
    server, h = discord_server, discord_harness
    alice = server.add_user("alice", locale="zh-CN")
    await h.start_bot(make_bot())
    await (await h.slash(alice, "table open", game="jinhua", locale="zh-CN")).final()
    result = await h.slash(alice, "table options", set="stake=99999", locale="zh-CN")
    text = (await result.final()).text()
    names = sorted(o["name"] for o in GAMES["jinhua"].engine().options_type.describe())
    assert text == f"❌ 选项不对：没有「stake」这个选项；可用的选项：{'、'.join(names)}"
    assert "…" not in text
