"""A game's name in the league's, the tournaments' and /rating's texts is the reader's: both
names in English, the Chinese name alone in Chinese, in traditional characters for a zh-TW
reader (one call, ``present.games.game_title(key, lang)``, as the replay text and the web
pages use)."""

from __future__ import annotations

from bot.league.seasons import SeasonStandings, StandingLine
from bot.store_league import SeasonRow
from bot.tournaments.store import Tournament
from cogs.league import standings_text
from cogs.tournament_text import describe, standings_title


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
