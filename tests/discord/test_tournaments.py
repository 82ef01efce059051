"""Tournaments through the loopback Discord: create, the sign-up button, organiser commands
(idempotent), a round opened in a thread with the players pinged and a check-in button, and
every refusal in English and Chinese, changing nothing."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from cogs.client import PaijuBot
from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser
from tests.discord_loopback.faults import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    MANAGE_THREADS,
    SEND_MESSAGES_IN_THREADS,
)
from tests.discord_loopback.models import PRIVATE_THREAD, PUBLIC_THREAD, StoredMessage

MANAGE_GUILD = 1 << 5


async def _text(
    h: Harness, who: LoopbackUser, command: str, /, locale: str | None = None, **options: object
) -> str:
    result = await h.slash(who, command, locale=locale, **options)  # type: ignore[arg-type]
    return (await result.final()).text()


async def _click(h: Harness, user: LoopbackUser, message_id: int, custom_id: str) -> str:
    return (await (await h.click(user, message_id, custom_id)).final()).text()


async def test_a_tournament_from_sign_up_to_its_first_round_with_refusals(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
) -> None:
    server, h = discord_server, discord_harness
    admin = server.add_role("Admin", MANAGE_GUILD)
    boss = server.add_user("boss", roles=[admin])
    alice = server.add_user("alice")
    bob = server.add_user("bob", locale="zh-CN")
    bot: PaijuBot = make_bot()
    await h.start_bot(bot)
    service = bot.tournaments  # type: ignore[attr-defined]

    # no permission, in both languages; nothing is created
    assert "Only an organiser" in await _text(h, alice, "tournament create", game="jinhua")
    assert "只有组织者" in await _text(h, bob, "tournament create", game="jinhua")
    # an unknown preset, a bad format, a start time in the past or unreadable
    for locale, options, en, zh in [
        (None, {"preset": "nosuch"}, "has no preset", "没有“nosuch”这个预设"),
        (None, {"format": "round_robin"}, "Round robin is for", "循环赛只用于"),
        (None, {"start": "2020-01-01 10:00"}, "in the past", "开始时间已经过去"),
        (None, {"start": "soonish"}, "Cannot read the start", "看不懂开始时间"),
        (None, {"start": "99999h"}, "more than 90 days ahead", "超过 90 天之后"),
        (None, {"start": "99999999999"}, "more than 90 days ahead", "超过 90 天之后"),
        (None, {"pace": "never"}, "is not a pace", "不是一种节奏"),
        (None, {"checkin": "soon"}, "check-in time", "看不懂签到时间"),
    ]:
        opts = {"game": "jinhua", **options}
        assert en in await _text(h, boss, "tournament create", locale=locale, **opts)
        assert zh in await _text(h, boss, "tournament create", locale="zh-CN", **opts)
    assert await service.tournaments() == []

    text = await _text(h, boss, "tournament create", game="jinhua", duplicate=True, rounds=1)
    assert "Tournament 1 is created" in text
    post = next(m for m in server.channel_messages(server.channel) if "pt:su:1" in m.custom_ids())
    assert "Tournament 1" in post.text() and "duplicate" in post.text()
    assert "· 1 round ·" in post.text()  # not "1 rounds"
    # standings before the start: the sign-ups, not "after round 0"
    assert "not started yet" in await _text(h, alice, "tournament standings")
    assert "尚未开始" in await _text(h, alice, "tournament standings", locale="zh-CN")

    # sign up with the button; twice is refused in the signer's language
    assert "You are signed up for tournament 1" in await _click(h, alice, post.id, "pt:su:1")
    assert "already signed up" in await _click(h, alice, post.id, "pt:su:1")
    # a round that cannot start: one participant
    assert "cannot start with 1 participant:" in await _text(h, boss, "tournament close")
    assert "不能开始" in await _text(h, boss, "tournament close", locale="zh-CN")
    assert (await service.get(1)).status == "signup"
    assert "报名比赛 1" in await _click(h, bob, post.id, "pt:su:1")
    assert "你已经报名了" in await _click(h, bob, post.id, "pt:su:1")
    # organiser commands: not for players; idempotent for organisers
    assert "Only an organiser" in await _text(h, alice, "tournament close")
    assert "is in tournament 1" in await _text(h, boss, "tournament add")
    # a second bot asked for at once (a double click, two organisers) is the same request
    assert "a moment ago" in await _text(h, boss, "tournament add")
    assert "刚刚加入了一个机器人" in await _text(h, boss, "tournament add", locale="zh-CN")
    assert len(await service.entrants(1)) == 3
    bot.bot_add_same_s = 0.0  # type: ignore[attr-defined]  # as if 10 s later
    assert "is in tournament 1" in await _text(h, boss, "tournament add")
    assert "was already in" in await _text(h, boss, "tournament add", player=alice)
    assert "was not in" in await _text(h, boss, "tournament remove", player=boss)
    assert len(await service.entrants(1)) == 4

    assert "round 1 is open" in await _text(h, boss, "tournament close")
    answer = await (await h.slash(alice, "tournament standings")).final()
    text = answer.text()
    assert "round 1 is being played: no round is finished yet" in text
    # with the ranked-table picture of a season's standings: one row per participant
    picture = answer.attachment("tournament-1-standings.png")
    assert picture is not None
    image = Image.open(io.BytesIO(picture.data))
    assert image.size == (900, 70 + 40 + len(await service.standings(1)) * 58 + 20)
    assert len(await service.standings(1)) == 4
    assert "after round" not in text
    assert "第 1 轮进行中" in await _text(h, alice, "tournament standings", locale="zh-CN")
    assert "already started" in await _text(h, boss, "tournament close")
    assert "报名已经截止" in await _text(h, bob, "tournament signup", locale="zh-CN")

    # the round's table opened in a thread of the channel, the two people pinged
    rows = await service.round_tables(1, 1)
    assert len(rows) == 1 and rows[0].thread_id is not None
    thread = server.channels[rows[0].thread_id]
    assert thread.parent_id == server.channel.id

    def pinged() -> bool:
        return any("pt:ci:1" in m.custom_ids() for m in server.channel_messages(thread))

    await server.wait_until(pinged, what="the round's post in its thread")
    call = next(m for m in server.channel_messages(thread) if "pt:ci:1" in m.custom_ids())
    assert f"<@{alice.id}>" in call.text() and f"<@{bob.id}>" in call.text()
    assert "Round 1 of 1, table 1" in call.text()
    # a duplicate round's thread is private: the organiser, not seated and no moderator,
    # cannot read it (a forged click is still refused)
    assert thread.type == PRIVATE_THREAD and not server.can_read(boss.id, thread)
    forged = await h.click(boss, call.id, "pt:ci:1", strict=False)
    assert "no table in round 1" in (await forged.final()).text()
    assert "checked in at table 1" in await _click(h, alice, call.id, "pt:ci:1")
    assert "已在第 1 桌签到" in await _click(h, bob, call.id, "pt:ci:1")
    # everyone checked in: the table plays, at the table service, with the round's seed
    host = bot.service.get(rows[0].table_id)
    assert host.status == "playing" and host.game_id is not None
    assert {host.seats[s].user_id for s in range(4)} >= {alice.id, bob.id}

    # cancelled: the table is aborted; again changes nothing
    assert "is cancelled" in await _text(h, boss, "tournament cancel", tournament=1)
    assert "already cancelled" in await _text(h, boss, "tournament cancel", tournament=1)
    assert host.status == "aborted"
    text = await _text(h, alice, "tournament standings", tournament=1)
    assert "cancelled: standings after its 0 finished rounds" in text
    zh = await _text(h, alice, "tournament standings", tournament=1, locale="zh-CN")
    assert "已取消" in zh


@pytest.mark.parametrize(
    ("locale", "deny", "told"),
    [
        (None, CREATE_PUBLIC_THREADS, "refuses me the **Create Public Threads** permission"),
        ("zh-CN", CREATE_PUBLIC_THREADS, "没有“创建公开子区”权限"),
        # a public thread the bot could not write in is not made (issue 25)
        (None, SEND_MESSAGES_IN_THREADS, "refuses me the **Send Messages in Threads** permission"),
        ("zh-CN", SEND_MESSAGES_IN_THREADS, "没有“在子区中发送消息”权限"),
    ],
)
async def test_a_refused_thread_is_told_to_the_organiser_once(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    locale: str | None,
    deny: int,
    told: str,
) -> None:
    server, h = discord_server, discord_harness
    if locale is not None:
        server.guild.locale = locale  # the server's language: the channel's posts
    admin = server.add_role("Admin", MANAGE_GUILD)
    boss = server.add_user("boss", roles=[admin])
    alice = server.add_user("alice")
    bob = server.add_user("bob")
    bot: PaijuBot = make_bot()
    await h.start_bot(bot)
    service = bot.tournaments  # type: ignore[attr-defined]
    await _text(h, boss, "tournament create", game="jinhua", rounds=1)
    await _text(h, alice, "tournament signup")
    await _text(h, bob, "tournament signup")
    server.set_bot_permissions(server.channel, deny=deny)
    await _text(h, boss, "tournament close")

    def refusals() -> list[StoredMessage]:
        return [m for m in server.channel_messages(server.channel) if told in m.text()]

    await server.wait_until(lambda: refusals() or None, what="the organiser told")
    said = refusals()[0]
    assert f"<@{boss.id}>" in said.text() and "1" in said.text()
    rows = await service.round_tables(1, 1)
    assert rows and all(r.thread_id is None for r in rows)
    # and no thread left behind
    assert not any(c.parent_id == server.channel.id for c in server.channels.values())
    # the service tries again every 30 s (here at once): still refused, not said again
    await service._retry(1)
    await service._retry(1)
    await asyncio.sleep(0.2)
    assert len(refusals()) == 1
    # the permission given back: the next try opens the round in its thread
    server.set_bot_permissions(server.channel)
    await service._retry(1)
    rows = await service.round_tables(1, 1)
    assert rows and all(r.thread_id is not None for r in rows)
    assert server.channels[rows[0].thread_id].parent_id == server.channel.id
    assert len(refusals()) == 1


def test_the_standings_title_says_what_is_true() -> None:
    from bot.tournaments.store import Tournament
    from cogs.tournament_text import describe, standings_title

    def t(status: str, number: int, rounds: int = 3) -> Tournament:
        return Tournament(
            1, 1, 500, 11, "jintan", "quick", "swiss", False, rounds, "live", 0.0, 60.0, 5,
            status, number,
        )  # fmt: skip

    assert "not started yet" in standings_title("en", t("signup", 0), 0)
    assert "round 1 is being played" in standings_title("en", t("running", 1), 0)
    assert "standings after round 1" in standings_title("en", t("running", 2), 1)
    assert "第 1 轮后排名" in standings_title("zh", t("running", 2), 1)
    assert "cancelled: standings after its 1 finished round" in standings_title(
        "en", t("cancelled", 2), 1
    )
    assert "final standings" in standings_title("en", t("finished", 3), 3, final=True)
    assert "· 1 round ·" in describe("en", t("signup", 0, rounds=1), 0)
    assert "· 3 rounds ·" in describe("en", t("signup", 0), 0)
    assert "· 1 轮 ·" in describe("zh", t("signup", 0, rounds=1), 0)


def test_a_tournament_cancelled_for_too_few_at_its_start_says_so() -> None:
    from cogs.i18n import ntr

    en = ntr("en", "tournament.cancelled_too_few", 1, id=3, need=4)
    assert en.startswith("Tournament 3 is cancelled") and "1 participant had signed up" in en
    assert "needs 4 at least" in en
    assert "2 participants had" in ntr("en", "tournament.cancelled_too_few", 2, id=3, need=4)
    zh = ntr("zh", "tournament.cancelled_too_few", 1, id=3, need=4)
    assert "比赛 3 已取消" in zh and "只有 1 人报名" in zh


async def _round_of_two_tables(
    server: LoopbackDiscord, h: Harness, bot: PaijuBot, *, duplicate: bool
) -> tuple[LoopbackUser, list[LoopbackUser]]:
    """An organiser and eight people signed up to a one-round jinhua tournament, closed."""
    admin = server.add_role("Admin", MANAGE_GUILD)
    boss = server.add_user("boss", roles=[admin])
    people = [server.add_user(f"p{i}") for i in range(8)]
    await h.start_bot(bot)
    text = await _text(h, boss, "tournament create", game="jinhua", duplicate=duplicate, rounds=1)
    assert "Tournament 1 is created" in text
    for p in people:
        await _text(h, p, "tournament signup")
    assert "round 1 is open" in await _text(h, boss, "tournament close")
    return boss, people


async def test_a_duplicate_round_plays_in_private_threads_of_its_seated_players(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    moderators = server.add_role("Mods", MANAGE_THREADS)
    mod = server.add_user("mod", roles=[moderators])
    lurker = server.add_user("lurker")
    bot: PaijuBot = make_bot()
    boss, people = await _round_of_two_tables(server, h, bot, duplicate=True)
    service = bot.tournaments  # type: ignore[attr-defined]
    rows = await service.round_tables(1, 1)
    assert len(rows) == 2 and all(r.thread_id is not None for r in rows)
    ids = {p.id for p in people}
    for row in rows:
        thread = server.channels[row.thread_id]
        assert thread.type == PRIVATE_THREAD and thread.parent_id == server.channel.id
        assert thread.invitable is False
        seated = {p for p in row.seats if p is not None and p >= 0}
        # exactly the seated people added (and the bot, its creator)
        assert thread.members == seated | {server.bot_user.id} and seated <= ids

    def pinged(row: object) -> StoredMessage | None:
        tid = row.thread_id  # type: ignore[attr-defined]
        return next((m for m in server.channel_messages(tid) if "pt:ci:1" in m.custom_ids()), None)

    calls = [await server.wait_until(lambda r=r: pinged(r), what="the pings") for r in rows]
    one, two = rows
    one_seated = {p for p in one.seats if p is not None and p >= 0}
    two_seated = {p for p in two.seats if p is not None and p >= 0}
    for p in one_seated:
        assert server.can_see(p, calls[0])
    # a player of table 2 (the same deal to play) cannot read table 1's thread, nor anything
    # posted in it; nor can a member who plays nowhere, nor the organiser (no Manage Threads)
    for outsider in [*two_seated, lurker.id, boss.id]:
        assert not server.can_read(outsider, one.thread_id)
        assert not any(m.channel_id == one.thread_id for m in server.visible_to(outsider))
    with pytest.raises(ValueError, match="cannot see"):
        await h.click(next(iter(two_seated)), calls[0].id, "pt:ci:1")
    # moderators (Manage Threads) can look
    assert server.can_read(mod.id, one.thread_id) and server.can_see(mod.id, calls[0])
    # the round's post in the channel, seen by all, links both threads
    opened = [
        m for m in server.channel_messages(server.channel) if f"<#{one.thread_id}>" in m.text()
    ]
    assert opened and server.can_see(lurker.id, opened[0])
    adds = [r for r in server.requests if r.template.endswith("/thread-members/{user_id}")]
    assert len(adds) == len(one_seated) + len(two_seated)
    assert all(r.method == "PUT" for r in adds)


async def test_a_round_that_is_not_duplicate_stays_in_public_threads(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    lurker = server.add_user("lurker")
    bot: PaijuBot = make_bot()
    await _round_of_two_tables(server, h, bot, duplicate=False)
    rows = await bot.tournaments.round_tables(1, 1)  # type: ignore[attr-defined]
    assert len(rows) == 2
    for row in rows:
        thread = server.channels[row.thread_id]
        assert thread.type == PUBLIC_THREAD
        assert server.can_read(lurker.id, thread)
    assert not [r for r in server.requests if "/thread-members/" in r.path]


@pytest.mark.parametrize(
    ("locale", "deny", "told"),
    [
        (None, CREATE_PRIVATE_THREADS, "refuses me the **Create Private Threads** permission"),
        ("zh-CN", CREATE_PRIVATE_THREADS, "没有“创建私密子区”权限"),
        (None, SEND_MESSAGES_IN_THREADS, "refuses me the **Send Messages in Threads** permission"),
        ("zh-CN", SEND_MESSAGES_IN_THREADS, "没有“在子区中发送消息”权限"),
    ],
)
async def test_a_refused_private_thread_is_told_to_the_organiser_once(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    locale: str | None,
    deny: int,
    told: str,
) -> None:
    server, h = discord_server, discord_harness
    if locale is not None:
        server.guild.locale = locale
    admin = server.add_role("Admin", MANAGE_GUILD)
    boss = server.add_user("boss", roles=[admin])
    alice = server.add_user("alice")
    bob = server.add_user("bob")
    bot: PaijuBot = make_bot()
    await h.start_bot(bot)
    service = bot.tournaments  # type: ignore[attr-defined]
    await _text(h, boss, "tournament create", game="jinhua", duplicate=True, rounds=1)
    await _text(h, alice, "tournament signup")
    await _text(h, bob, "tournament signup")
    # public threads allowed, private ones (or adding their players) not
    server.set_bot_permissions(server.channel, deny=deny)
    await _text(h, boss, "tournament close")

    def refusals() -> list[StoredMessage]:
        return [m for m in server.channel_messages(server.channel) if told in m.text()]

    await server.wait_until(lambda: refusals() or None, what="the organiser told")
    assert f"<@{boss.id}>" in refusals()[0].text()
    await service._retry(1)
    await asyncio.sleep(0.2)
    assert len(refusals()) == 1
    rows = await service.round_tables(1, 1)
    assert rows and all(r.thread_id is None for r in rows)
    # no public thread instead, and no thread left behind
    assert not any(c.parent_id == server.channel.id for c in server.channels.values())
    server.set_bot_permissions(server.channel)
    await service._retry(1)
    rows = await service.round_tables(1, 1)
    assert rows and all(r.thread_id is not None for r in rows)
    thread = server.channels[rows[0].thread_id]
    assert thread.type == PRIVATE_THREAD and thread.members == {
        alice.id,
        bob.id,
        server.bot_user.id,
    }
    assert len(refusals()) == 1


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        (None, "left table 1 of round 1: a bot plays on for the seat"),
        ("zh-CN", "离开了第 1 轮第 1 桌：由机器人接着打这个座位"),
    ],
)
async def test_a_forfeit_by_leaving_is_said_in_the_thread_and_the_channel(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    locale: str | None,
    said: str,
) -> None:
    server, h = discord_server, discord_harness
    if locale is not None:
        server.guild.locale = locale  # the server's language: the channel's posts
    admin = server.add_role("Admin", MANAGE_GUILD)
    boss = server.add_user("boss", roles=[admin])
    alice = server.add_user("alice")
    bob = server.add_user("bob")
    bot: PaijuBot = make_bot()
    await h.start_bot(bot)
    service = bot.tournaments  # type: ignore[attr-defined]
    await _text(h, boss, "tournament create", game="jinhua", rounds=1)
    await _text(h, alice, "tournament signup")
    await _text(h, bob, "tournament signup")
    await _text(h, boss, "tournament close")
    [row] = await service.round_tables(1, 1)
    for who in (alice, bob):
        await service.check_in(1, who.id)
    host = bot.service.get(row.table_id)
    assert host.status == "playing"
    await bot.service.leave(row.thread_id, alice.id)

    def told(channel: object) -> list[StoredMessage]:
        return [m for m in server.channel_messages(channel) if said in m.text()]  # type: ignore[arg-type]

    in_thread = await server.wait_until(lambda: told(row.thread_id) or None, what="the thread")
    in_channel = await server.wait_until(lambda: told(server.channel) or None, what="the channel")
    for message in (in_thread[0], in_channel[0]):
        assert "alice" in message.text() or f"<@{alice.id}>" in message.text()
        assert "bob" not in message.text() and f"<@{bob.id}>" not in message.text()
    await asyncio.sleep(0.1)
    assert len(told(row.thread_id)) == 1 and len(told(server.channel)) == 1
    assert next(r for r in await service.round_tables(1, 1)).absent == {alice.id}


async def test_the_standings_posted_after_a_round_carry_the_picture(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    """The channel's post of the standings after each round (and the final one) has the
    picture /tournament standings shows, not the text alone."""
    from bot.tournaments.service_base import TournamentUpdate
    from cogs.tournaments import Poster

    server, h = discord_server, discord_harness
    admin = server.add_role("Admin", MANAGE_GUILD)
    boss = server.add_user("boss", roles=[admin])
    alice, bob = server.add_user("alice"), server.add_user("bob")
    bot: PaijuBot = make_bot()
    await h.start_bot(bot)
    service = bot.tournaments  # type: ignore[attr-defined]
    await _text(h, boss, "tournament create", game="jinhua", rounds=2)
    await _text(h, alice, "tournament signup")
    await _text(h, bob, "tournament signup")
    await _text(h, boss, "tournament close")
    t = await service.get(1)
    standings = await service.standings(1)
    poster = Poster(bot)  # the service's own subscriber, told the round is over
    for kind, title in (("round_finished", "standings after round 1"), ("finished", "final")):
        await poster.on_update(TournamentUpdate(kind, t, round=1, standings=standings))
        posted = [m for m in server.channel_messages(server.channel) if title in m.text()]
        assert len(posted) == 1, kind
        picture = posted[0].attachment("tournament-1-standings.png")
        assert picture is not None, kind
        image = Image.open(io.BytesIO(picture.data))
        assert image.size == (900, 70 + 40 + len(standings) * 58 + 20)
