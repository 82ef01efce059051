"""``SHARD_COUNT``: one bot process runs its shards with discord.py's ``AutoShardedBot`` against
the loopback Discord, which sends each guild's events to the guild's shard and DMs to shard 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Settings
from cogs.client import ShardedPaijuBot, create_bot
from tests.discord.test_process_kill import _move
from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.gateway import shard_of


def _settings(server: LoopbackDiscord, db: Path, **shards: object) -> Settings:
    return Settings(
        database_path=db,
        default_pace="relaxed",
        discord_api_base=server.api_base,
        discord_gateway_url=server.gateway_url,
        **shards,  # type: ignore[arg-type]
    )


async def test_one_process_runs_two_shards_and_serves_both_guilds(
    discord_server: LoopbackDiscord, discord_harness: Harness, tmp_path: Path
) -> None:
    server = discord_server
    first = shard_of(server.guild.id, 2)
    other = server.add_guild("Other", shard=(1 - first, 2))
    other_channel = server.add_channel("other-table", guild=other)
    alice = server.add_user("alice")
    bob = server.add_user("bob", guild=other)
    bot = create_bot(
        _settings(server, tmp_path / "paiju.sqlite3", shard_count=2),
        guild_ready_timeout=0.05,
        forced_pass_delay=None,
    )
    assert isinstance(bot, ShardedPaijuBot)
    await discord_harness.start_bot(bot)
    assert bot.shard_count == 2 and server.connected_shards == {0, 1}
    assert sorted(s.shard for s in server.sessions.values()) == [(0, 2), (1, 2)]
    for user, channel in ((alice, server.channel), (bob, other_channel)):
        reply = await (
            await discord_harness.slash(user, "table open", channel=channel, game="pajiwo")
        ).final()
        assert "Table opened" in reply.text()
        await server.wait_until(
            lambda ch=channel: server.channel_messages(ch), what="the lobby message"
        )
    guild = bot.get_guild(other.id)
    assert guild is not None and guild.shard_id == 1 - first
    # a DM comes on shard 0 and is answered by the same process
    hand = await discord_harness.slash(alice, "rules", channel="dm", game="pajiwo")
    assert hand.type in (4, 5)


async def test_shard_ids_run_some_of_the_shards(
    discord_server: LoopbackDiscord, discord_harness: Harness, tmp_path: Path
) -> None:
    server = discord_server
    server.add_guild("Elsewhere", shard=(1, 2))
    mine = server.add_guild("Mine", shard=(0, 2))
    settings = _settings(server, tmp_path / "paiju.sqlite3", shard_count=2, shard_ids=(0,))
    bot = create_bot(settings, guild_ready_timeout=0.05, forced_pass_delay=None)
    await discord_harness.start_bot(bot)
    assert server.connected_shards == {0} and [s.shard for s in server.sessions.values()] == [
        (0, 2)
    ]
    assert {g.id for g in bot.guilds} == {
        g.id for g in server.guilds.values() if shard_of(g.id, 2) == 0
    }
    assert bot.get_guild(mine.id) is not None
    assert server.global_commands  # the process with shard 0 syncs the commands


@pytest.mark.postgres
async def test_a_dm_click_on_shard_0_is_handed_to_the_tables_owner(
    discord_server: LoopbackDiscord, tmp_path: Path, postgres_url: str
) -> None:
    """Two processes split two shards on one PostgreSQL: the table is in a server of shard 1,
    so its process owns it; its player's DM clicks come on shard 0, whose process hands each
    to the owner (NOTIFY), which applies it once and answers within Discord's 3 s."""
    server = discord_server
    guild = server.add_guild("Shard one", shard=(1, 2))
    channel = server.add_channel("tables", guild=guild)
    alice = server.add_user("alice", guild=guild)
    bots, harnesses = [], []
    for shard in (0, 1):
        settings = _settings(
            server,
            tmp_path / f"front-{shard}.sqlite3",
            shard_count=2,
            shard_ids=(shard,),
            database_url=postgres_url,
        )
        bot = create_bot(settings, guild_ready_timeout=0.05, forced_pass_delay=None)
        harness = Harness(server, timeout=20)
        await harness.start_bot(bot)
        bots.append(bot)
        harnesses.append(harness)
    first, owner = bots
    h = harnesses[0]
    try:
        opened = await h.slash(alice, "table open", channel=channel, game="pajiwo", preset="quick")
        await opened.final()
        await (await h.slash(alice, "table addbot", channel=channel)).final()
        await (await h.slash(alice, "table start", channel=channel)).final()
        [tid] = [t.id for t in owner.service.open_tables()]
        assert owner.service.owners.held == {tid} and tid not in first.service._tables
        done: set[str] = set()
        for _ in range(3):
            await _move(h, server, alice, done)  # each answered and applied
        assert tid not in first.service._tables  # handed over, never run on shard 0
        table = owner.service.get(tid)
        assert table.status in ("playing", "finished")
        assert sum(1 for k in table.keys if k.startswith(f"u:{alice.id}:")) >= 3
        # a command in the DM (shard 0) about her table is answered by its owner too
        hand = await h.slash(alice, "hand", channel="dm")
        shown = await hand.final(timeout=20)
        assert f"#{tid}" in shown.text() or "pj:" in "".join(shown.custom_ids()), shown.text()
        assert tid not in first.service._tables
    finally:
        for harness in harnesses:
            await harness.close()
