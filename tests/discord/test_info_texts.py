"""/rating for a user with no rating and /history's results, in both languages (issue 19):
no empty placeholder ("在—还没有等级分"), and each game's own unit (levels for 扒鸡窝 and
打滚子, coins for 打滚, points for mahjong) with English plurals from the catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings
from cogs.client import create_bot
from cogs.i18n import ntr
from cogs.info import history_result, score_text
from games.base import MatchResult
from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord

NAMES = ["Amy", "小李", "Bot 3", "Bot 4"]


@pytest.mark.parametrize(
    ("locale", "game", "expected"),
    [
        ("en-US", None, "has no rating in this server yet"),
        ("zh-CN", None, "在这个服务器还没有等级分"),
        ("en-US", "dagun", "has no rating for 打滚 Dagun in this server yet"),
        ("zh-CN", "dagun", "在这个服务器还没有打滚的等级分"),
        ("zh-TW", "dagun", "在這個服務器還沒有打滾的等級分"),
    ],
)
async def test_rating_of_a_user_without_one_in_a_server(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    locale: str,
    game: str | None,
    expected: str,
) -> None:
    user = discord_server.add_user("newcomer", locale=locale)
    await discord_harness.start_bot(make_bot())
    options = {"game": game} if game else {}
    text = (
        await (await discord_harness.slash(user, "rating", locale=locale, **options)).final()
    ).text()
    assert expected in text and f"<@{user.id}>" in text
    assert "—" not in text and "在还" not in text


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("en-US", "has no rating outside a server. Ratings are kept per server"),
        ("zh-CN", "在服务器之外没有等级分。等级分按服务器分别记录"),
    ],
)
async def test_rating_in_a_dm_says_ratings_are_kept_per_server(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    db_path: Path,
    locale: str,
    expected: str,
) -> None:
    user = discord_server.add_user("dm-reader", locale=locale)
    settings = Settings(  # no dev guild: commands are global, so they exist in DMs too
        database_path=db_path,
        default_pace="relaxed",
        discord_api_base=discord_server.api_base,
        discord_gateway_url=discord_server.gateway_url,
    )
    await discord_harness.start_bot(create_bot(settings, guild_ready_timeout=0.05))
    reply = await (await discord_harness.slash(user, "rating", channel="dm", locale=locale)).final()
    assert expected in reply.text() and "—" not in reply.text()


def test_english_counts_coins_and_points_by_babel_plurals() -> None:
    assert ntr("en", "history.score.dagun", 1, score=1) == "1 coin"
    assert ntr("en", "history.score.dagun", -7, score=-7) == "-7 coins"
    assert ntr("en", "history.score.jintan", 1, score=1) == "1 point"
    assert ntr("en", "history.score.jinhua", 0, score=0) == "0 points"
    assert ntr("zh", "history.score.dagun", 1, score=1) == "1 金币"
    assert ntr("zh", "history.score.jintan", 12, score=12) == "12 分"
    assert score_text("en", "pajiwo", "A") == "level A"
    # a side's level as the table says it (tricks.team_at "{team} 打 {level}"), not "打到"
    assert score_text("zh", "dagunzi", "10") == "打 10"
    assert score_text("zh-TW", "pajiwo", "A") == "打 A"
    assert score_text("en", "a_game_without_a_unit", 5) == "5"


def test_history_names_the_winner_and_each_sides_standing_in_the_games_unit() -> None:
    # 打滚: coins per seat, as games/dagun/engine.py ranks a match (21 is first, the rest tie)
    dagun = MatchResult(
        ((0,), (1,), (2,), (3,)), (1, 2, 2, 2), (21, -7, -7, -7), {"coins": [21, -7, -7, -7]}
    )
    assert history_result("en", "dagun", dagun.to_json(), NAMES) == (
        "Amy won · Amy 21 coins, 小李 -7 coins, Bot 3 -7 coins, Bot 4 -7 coins"
    )
    assert history_result("zh", "dagun", dagun.to_json(), NAMES).startswith(
        "Amy 获胜 · Amy 21 金币；小李 -7 金币"
    )
    # mahjong: points per seat, the best first whatever the seat order
    jintan = MatchResult(((0,), (1,), (2,), (3,)), (3, 1, 2, 4), (-1, 40, 1, -40), {"hands": 4})
    assert history_result("en", "jintan", jintan.to_json(), NAMES) == (
        "小李 won · 小李 40 points, Bot 3 1 point, Amy -1 point, Bot 4 -40 points"
    )
    # 扒鸡窝: levels per team, the labels the engine keeps (summary.levels)
    pajiwo = MatchResult(((0, 2), (1, 3)), (2, 1), (7, 14), {"levels": ["7", "A"], "hands": 9})
    en = history_result("en", "pajiwo", pajiwo.to_json(), NAMES)
    assert en == "小李 & Bot 4 won · 小李 & Bot 4 level A, Amy & Bot 3 level 7"
    assert "levels" not in en
    zh = history_result("zh", "pajiwo", pajiwo.to_json(), NAMES)
    assert zh == "小李、Bot 4 获胜 · 小李、Bot 4 打 A；Amy、Bot 3 打 7"
    # 打滚子 may end drawn (games/dagunzi/results.py ranks a tie (1, 1))
    drawn = MatchResult(((0, 2), (1, 3)), (1, 1), (9, 9), {"levels": ["9", "9"]})
    assert history_result("en", "dagunzi", drawn.to_json(), NAMES).startswith("drawn · ")
    assert history_result("zh", "dagunzi", drawn.to_json(), NAMES).startswith("平局 · ")
    # data of another shape: the result's own English line
    assert history_result("en", "dagun", {"text": "seat 0 wins"}, NAMES) == "seat 0 wins"
