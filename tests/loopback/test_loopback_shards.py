"""The loopback Discord shards as Discord does: each IDENTIFY names ``[shard_id, shard_count]``,
a guild's events go to the shard ``(guild_id >> 22) % shard_count`` and DMs to shard 0.

Driven by discord.py's own ``AutoShardedClient``: one client running every shard, and two
clients (two processes, as ``SHARD_IDS`` splits them) each running some of the shards.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.gateway import shard_of


class ShardedBot(discord.AutoShardedClient):
    """``/where`` answers with this client's name and the shard the interaction came on."""

    def __init__(
        self, name: str, *, shard_count: int | None = None, shard_ids: Sequence[int] | None = None
    ) -> None:
        super().__init__(
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
            shard_count=shard_count,
            shard_ids=list(shard_ids) if shard_ids is not None else None,
        )
        self.name = name
        self.tree = app_commands.CommandTree(self)
        self.seen_on: list[int | None] = []

        @app_commands.command(name="where", description="Which process and shard answered")
        async def where(interaction: discord.Interaction) -> None:
            shard = interaction.guild.shard_id if interaction.guild is not None else None
            await interaction.response.send_message(f"{self.name} shard {shard}", ephemeral=True)

        self.tree.add_command(where)

    async def setup_hook(self) -> None:
        if self.shard_ids is None or 0 in self.shard_ids:
            await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # no 5 s pacing between identifies on loopback


def _identified(server: LoopbackDiscord) -> list[tuple[int, int]]:
    return sorted(s.shard for s in server.sessions.values())


async def test_one_client_runs_two_shards_and_each_gets_its_guilds(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    server = discord_server
    other = server.add_guild("Second", shard=(1 - shard_of(server.guild.id, 2), 2))
    alice = server.add_user("alice")
    other_channel = server.add_channel("other", guild=other)
    bob = server.add_user("bob", guild=other)
    client = ShardedBot("one", shard_count=2)
    await discord_harness.start_bot(client)
    assert _identified(server) == [(0, 2), (1, 2)] and server.connected_shards == {0, 1}
    for guild in (server.guild, other):
        seen = client.get_guild(guild.id)
        assert seen is not None and seen.shard_id == shard_of(guild.id, 2)
        # the guild was announced on its own shard's session only
        for sid, session in server.shard_sessions.items():
            frames = [f for _, f in session.backlog if '"GUILD_CREATE"' in f]
            assert any(str(guild.id) in f for f in frames) == (sid == seen.shard_id)

    here = await discord_harness.slash(alice, "where")
    there = await discord_harness.slash(bob, "where", channel=other_channel)
    assert here.content == f"one shard {shard_of(server.guild.id, 2)}"
    assert there.content == f"one shard {shard_of(other.id, 2)}"
    assert {shard_of(server.guild.id, 2), shard_of(other.id, 2)} == {0, 1}

    # a DM interaction reaches shard 0's session
    before = {sid: len(s.backlog) for sid, s in server.shard_sessions.items()}
    dm = await discord_harness.slash(alice, "where", channel="dm")
    assert dm.content == "one shard None"
    grew = {sid for sid, s in server.shard_sessions.items() if len(s.backlog) > before[sid]}
    assert grew == {0}


async def test_two_processes_split_the_shards(discord_server: LoopbackDiscord) -> None:
    server = discord_server
    guilds = {sid: server.add_guild(f"G{sid}", shard=(sid, 2)) for sid in (0, 1)}
    channels = {sid: server.add_channel(f"c{sid}", guild=g) for sid, g in guilds.items()}
    people = {sid: server.add_user(f"p{sid}", guild=g) for sid, g in guilds.items()}
    first, second = Harness(server), Harness(server)
    try:
        await first.start_bot(ShardedBot("A", shard_count=2, shard_ids=[0]))
        assert server.connected_shards == {0} and not server.connected
        await second.start_bot(ShardedBot("B", shard_count=2, shard_ids=[1]))
        assert server.connected_shards == {0, 1} and server.connected
        for sid, name in ((0, "A"), (1, "B")):
            answer = await first.slash(people[sid], "where", channel=channels[sid])
            assert answer.content == f"{name} shard {sid}"
        # DMs go to shard 0: process A, whichever guild the person shares with the bot
        assert (await first.slash(people[1], "where", channel="dm")).content == "A shard None"

        # process B is killed: its shard is down, A's still served; a new B takes shard 1 over
        await second.kill_bot()
        await server.wait_until(lambda: server.connected_shards == {0}, what="shard 1 down")
        await second.start_bot(ShardedBot("B2", shard_count=2, shard_ids=[1]))
        answer = await first.slash(people[1], "where", channel=channels[1])
        assert answer.content == "B2 shard 1"
        assert server.identify_count == 3
    finally:
        await first.close()
        await second.close()


async def test_the_gateway_recommends_the_shard_count(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    discord_server.recommended_shards = 3
    client = ShardedBot("auto")
    await discord_harness.start_bot(client)
    assert client.shard_count == 3 and _identified(discord_server) == [(0, 3), (1, 3), (2, 3)]


async def test_an_invalid_shard_is_refused(discord_server: LoopbackDiscord) -> None:
    import aiohttp

    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(discord_server.gateway_url + "?v=10&encoding=json") as ws,
    ):
        await ws.receive_json()  # HELLO
        identify = {"token": discord_server.token, "intents": 1, "shard": [2, 2]}
        await ws.send_json({"op": 2, "d": identify})
        await ws.receive()
        assert ws.close_code == 4010
    assert discord_server.identify_count == 0
