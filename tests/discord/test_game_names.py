"""A game's name in the league's, the tournaments', /rating's and the table message's texts
is the reader's: both names in English, the Chinese name alone in Chinese, in traditional
characters for a zh-TW reader; the hand message says the Chinese name, in the reader's
script. One call, ``present.games.game_title(key, lang)``, as the replay text and the web
pages use."""

from __future__ import annotations

from pathlib import Path

from bot.league.seasons import SeasonStandings, StandingLine
from bot.store import Store
from bot.store_league import SeasonRow
from bot.tables import TableService
from bot.timers import FakeClock, ManualScheduler
from bot.tournaments.store import Tournament
from cogs.hand_compose import hand_payload
from cogs.i18n import PaijuTranslator
from cogs.league import standings_text
from cogs.table_message import table_text
from cogs.tables import GAME_CHOICES
from cogs.tournament_text import describe, standings_title, thread_name

LANGS = ("en", "zh", "zh-TW")


def _tournament() -> Tournament:
    return Tournament(
        1, 1, 500, 11, "jintan", "quick", "swiss", False, 3, "live", 0.0, 60.0, 5, "running", 2,
    )  # fmt: skip


def test_tournament_texts_name_the_game_in_the_readers_script() -> None:
    t = _tournament()
    assert "比賽 1 · 金壇麻將 · 第 1 輪後排名" in standings_title("zh-TW", t, 1)
    assert "比赛 1 · 金坛麻将 · 第 1 轮后排名" in standings_title("zh", t, 1)
    assert "金坛麻将 Jintan mahjong" in standings_title("en", t, 1)
    assert "**比賽 1：金壇麻將**" in describe("zh-TW", t, 0)
    assert "金坛麻将 Jintan mahjong" in describe("en", t, 0)


def test_season_standings_name_the_game_in_the_readers_script() -> None:
    season = SeasonRow(1, 77, "pajiwo", 2, "active", 0.0, 10)
    standings = SeasonStandings(season, [StandingLine(1, 10, 12.5, 25.0, 4.2, 3, 2, 6)])
    first = {lg: standings_text(lg, standings).splitlines()[0] for lg in ("en", "zh", "zh-TW")}
    assert first["zh-TW"].startswith("**扒雞窩 · 第 2 賽季**")
    assert first["zh"].startswith("**扒鸡窝 · 第 2 赛季**")
    assert first["en"].startswith("**扒鸡窝 Pajiwo · season 2**")


async def test_the_table_and_hand_messages_name_the_game_in_the_readers_script(
    tmp_path: Path,
) -> None:
    store = await Store.open(tmp_path / "names.sqlite3")
    service = TableService(store, scheduler=ManualScheduler(FakeClock()), rng_seed=7)
    await service.start_up()
    try:
        table = await service.open_table(
            guild_id=3, channel_id=40, game="pajiwo", user_id=9, name="me", pace="relaxed"
        )
        first = {lg: table_text(table, {}, lg, None).splitlines()[0] for lg in LANGS}
        assert first["zh-TW"].startswith("**扒雞窩 牌桌")
        assert first["zh"].startswith("**扒鸡窝 牌桌")
        assert first["en"].startswith("**扒鸡窝 Pajiwo table")
        await service.add_bot(40, 9, 3)
        await service.start(40, 9, seed=5)
        view = service.view(table.id, 9)
        hands = {
            lg: hand_payload(table, 9, lg, None, view, legal=[], step=0).content for lg in LANGS
        }
        assert hands["zh-TW"].startswith("**你在扒雞窩的手牌")
        assert hands["zh"].startswith("**你在扒鸡窝的手牌")
        assert hands["en"].startswith("**Your hand at 扒鸡窝 (seat 1)")
    finally:
        await service.shut_down()
        await store.close()


def test_a_tournament_table_thread_is_named_in_the_servers_script() -> None:
    t = _tournament()
    assert thread_name("zh-TW", t, 2, 3) == "#1 R2 T3 · 金壇麻將"
    assert thread_name("zh", t, 2, 3) == "#1 R2 T3 · 金坛麻将"
    assert thread_name("en", t, 2, 3) == "#1 R2 T3 · 金坛麻将 Jintan mahjong"


async def test_the_game_choices_are_named_in_the_readers_script() -> None:
    """The ``game`` choices of /table open, /rules, /tournament create …: Discord shows each
    reader the choice name in their client's language, from the translator at sync."""
    translator = PaijuTranslator()
    choice = next(c for c in GAME_CHOICES if c.value == "pajiwo")
    assert choice.name == "扒鸡窝 Pajiwo"  # the default (English clients)
    payload = await choice.get_translated_payload(translator)
    names = payload["name_localizations"]
    assert names["zh-TW"] == "扒雞窩"
    assert names["zh-CN"] == "扒鸡窝"
    assert "en-US" not in names
    jintan = next(c for c in GAME_CHOICES if c.value == "jintan")
    names = (await jintan.get_translated_payload(translator))["name_localizations"]
    assert (names["zh-TW"], names["zh-CN"]) == ("金壇麻將", "金坛麻将")
