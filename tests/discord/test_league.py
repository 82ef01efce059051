"""Leagues through the loopback Discord: the league role, a season started, a rated match
that feeds it, its standings as text and picture, its end and archive; every refusal in
English and Chinese, changing nothing; ``/stats`` with its rating chart."""

from __future__ import annotations

import io

from PIL import Image

from cogs.client import PaijuBot
from tests.discord.conftest import BotFactory
from tests.discord.play import table_id, table_message
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser

MANAGE_GUILD = 1 << 5
SEED = 71  # 金华麻将 quick: one hand


async def _text(h: Harness, user: LoopbackUser, command: str, **options: object) -> str:
    """The answer's text; a refusal (❌) is seen by the caller alone."""
    result = await h.slash(user, command, **options)  # type: ignore[arg-type]
    message = await result.final()
    if "❌" in message.text():
        assert message.ephemeral_to == user.id, message.text()
    return message.text()


async def _rated_match(
    h: Harness, server: LoopbackDiscord, bot: PaijuBot, players: list[LoopbackUser]
) -> int:
    """A rated 金华麻将 hand of four people (no bot: a table with bots counts for a season only
    at a tournament), following the hint, played to its end; returns the table id."""
    alice = players[0]
    await (await h.slash(alice, "table open", game="jinhua", preset="quick")).final()
    tid = table_id(table_message(server))
    for other in players[1:]:
        await (await h.slash(other, "table join")).final()
    await bot.service.start(server.channel.id, alice.id, seed=SEED)
    table = bot.service.get(tid)
    people = {table.seat_of(p.id): p for p in players}
    n = 0
    for _ in range(600):
        if table.status != "playing":
            break
        engine = table.engine
        assert engine is not None
        waiting = [d.seat for d in engine.pending() if d.required and d.seat in people]
        if not waiting:
            await server.wait_until(
                lambda: (
                    table.status != "playing"
                    or any(
                        d.required and d.seat in people
                        for d in (table.engine.pending() if table.engine else [])
                    )
                ),
                what="the bots' moves",
            )
            continue
        user = people[waiting[0]]
        move = bot.service.hint(tid, user.id)
        assert move is not None
        await bot.service.act(tid, user.id, move, f"t:{n}")
        n += 1
    await bot.service.wait_finished(tid)
    assert table.status == "finished"
    return tid


async def test_a_season_from_start_to_archive_with_refusals_in_both_languages(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    admin_role = server.add_role("Admin", MANAGE_GUILD)
    league_role = server.add_role("League", 0)
    boss = server.add_user("boss", roles=[admin_role])
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot = make_bot()
    await h.start_bot(bot)

    # no permission, in both languages; nothing is started
    text = await _text(h, alice, "league season start", game="jinhua")
    assert "❌ Only a league organiser may do this" in text
    text = await _text(h, bob, "league season start", game="jinhua", locale="zh-CN")
    assert "❌ 只有联赛组织者可以这样做" in text
    assert await bot.service.store.seasons(server.guild.id) == []
    # ending, or reading standings, when there was never a season
    text = await _text(h, boss, "league season end", game="jinhua")
    assert "❌ No season of this game is running; nothing changed." in text
    text = await _text(h, bob, "league season standings", game="jinhua", locale="zh-CN")
    assert "❌ 这个游戏在本服务器还没有过赛季。" in text

    # the league role: only Manage Server sets it; setting it twice changes nothing
    text = await _text(h, alice, "league role", role=league_role)
    assert "❌ Only a member with Manage Server may set or clear the league role." in text
    text = await _text(h, bob, "league role", role=league_role, locale="zh-CN")
    assert "❌ 只有拥有“管理服务器”权限的成员可以设定或清除联赛身份组。" in text
    assert await bot.service.store.league_role(server.guild.id) is None
    assert "The league role is now" in await _text(h, boss, "league role", role=league_role)
    assert "is already the league role; nothing changed" in await _text(
        h, boss, "league role", role=league_role
    )
    assert f"<@&{league_role.id}>" in await _text(h, alice, "league role")
    server.guilds[server.guild.id].members[bob.id].roles.append(league_role.id)

    # bob, holding the league role, starts season 1; starting again is refused in both languages
    text = await _text(h, bob, "league season start", game="jinhua", locale="zh-CN")
    assert "金华麻将 第 1 赛季开始了" in text
    text = await _text(h, bob, "league season start", game="jinhua", locale="zh-CN")
    assert "❌ 这个游戏的第 1 赛季已经在进行，什么也没有改变。" in text
    text = await _text(h, boss, "league season start", game="jinhua")
    assert "❌ Season 1 of this game is already running; nothing changed." in text
    assert len(await bot.service.store.seasons(server.guild.id, "jinhua")) == 1
    text = await _text(h, alice, "league season standings", game="jinhua")
    assert "No rated match has counted for this season yet." in text
    assert text.endswith("only tournament tables count for this season.")  # the default
    # the organiser's switch: another game's season counts rated tables with bots too
    text = await _text(h, boss, "league season start", game="dagun", bots_count=True)
    assert text.endswith("count for this season too (set at its start).")
    dagun = await bot.service.store.active_season(server.guild.id, "dagun")
    assert dagun is not None and dagun.bots_count
    text = await _text(h, bob, "league season standings", game="dagun", locale="zh-CN")
    assert text.endswith("本赛季有机器人入座的计分牌桌也计入（赛季开始时设定）。")
    text = await _text(h, alice, "league season standings", game="jinhua", number=7)
    assert "❌ There is no season 7 of this game in this server." in text

    # a rated match of four people feeds the season
    carol, dave = server.add_user("carol"), server.add_user("dave")
    await _rated_match(h, server, bot, [alice, bob, carol, dave])
    result = await h.slash(alice, "league season standings", game="jinhua")
    message = await result.final()
    text = message.text()
    assert message.ephemeral_to is None  # standings are for everyone
    assert "**金华麻将 Jinhua mahjong · season 1** (running since <t:" in text
    season = await bot.service.store.active_season(server.guild.id, "jinhua")
    assert season is not None
    lines = await bot.service.store.season_standings(season.id)
    assert sorted(s.user_id for s in lines) == sorted(p.id for p in (alice, bob, carol, dave))
    top = lines[0]
    assert (
        f"1. <@{top.user_id}> — rating {top.ordinal:.1f} · games 1 · wins {top.wins}"
        f" · points {top.points}"
    ) in text
    picture = message.attachment("standings-jinhua-1.png")
    assert picture is not None
    image = Image.open(io.BytesIO(picture.data))
    assert image.width == 900 and image.height > 150

    # alice may not end it; bob ends it (Chinese); ending again is refused
    text = await _text(h, alice, "league season end", game="jinhua")
    assert "❌ Only a league organiser may do this" in text
    result = await h.slash(bob, "league season end", game="jinhua", locale="zh-CN")
    ended = await result.final()
    assert "金华麻将 第 1 赛季已结束并存档" in ended.text()
    assert ended.attachment("standings-jinhua-1.png") is not None
    text = await _text(h, bob, "league season end", game="jinhua", locale="zh-CN")
    assert "❌ 这个游戏没有进行中的赛季，什么也没有改变。" in text

    # the archive keeps it, and its standings stay viewable
    text = await _text(h, alice, "league season archive", game="jinhua")
    assert "Season 1 (<t:" in text and ", ended)" in text and f"1. <@{top.user_id}>" in text
    text = await _text(h, bob, "league season standings", game="jinhua", number=1, locale="zh-CN")
    assert "金华麻将 · 第 1 赛季" in text and "已结束" in text
    assert f"等级分 {top.ordinal:.1f}" in text

    # /stats: games, wins, points, streaks, favourites, and the rating chart
    result = await h.slash(alice, "stats")
    shown = await result.final()
    text = shown.text()
    assert f"Statistics of <@{alice.id}>" in text
    assert "金华麻将 Jinhua mahjong: 1 games" in text and "win streak now" in text
    assert "Favourite games: 金华麻将 Jinhua mahjong (1)" in text
    assert "Rating at 金华麻将 Jinhua mahjong after 1 rated matches" in text
    chart = shown.attachment("rating-jinhua.png")
    assert chart is not None
    image = Image.open(io.BytesIO(chart.data))
    assert image.size == (640, 300)
    text = await _text(h, bob, "stats", player=alice, locale="zh-CN")
    assert f"<@{alice.id}> 的统计" in text and "最常玩的游戏：金华麻将 (1)" in text
    text = await _text(h, alice, "stats", player=boss, game="pajiwo")
    assert f"<@{boss.id}> has finished no match here yet." in text
