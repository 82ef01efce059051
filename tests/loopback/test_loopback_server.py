"""The loopback Discord server against the real, unmodified discord.py client.

A tiny bot defined here (one slash command group, a button view, a select, autocomplete, DMs
with a file) connects over the gateway, syncs commands and answers injected interactions;
assertions read what each user sees on the server.
"""

from __future__ import annotations

import asyncio
import io

import aiohttp
import discord
import pytest
from discord import app_commands

from tests.discord_loopback import Harness, LoopbackDiscord
from tests.discord_loopback.harness import InteractionTimeout

HAND_PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))  # any bytes: the server stores them as sent


class LobbyView(discord.ui.View):
    """A persistent view: one Join button and one seat select (custom_ids fixed)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Join", style=discord.ButtonStyle.primary, custom_id="lobby:join")
    async def join(
        self, interaction: discord.Interaction, button: discord.ui.Button[LobbyView]
    ) -> None:
        await interaction.response.send_message(f"{interaction.user.name} joined", ephemeral=True)

    @discord.ui.select(
        custom_id="lobby:seat",
        options=[discord.SelectOption(label=f"Seat {n}", value=str(n)) for n in range(1, 5)],
    )
    async def seat(
        self, interaction: discord.Interaction, select: discord.ui.Select[LobbyView]
    ) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} sits at {select.values[0]}"
        )


class NameModal(discord.ui.Modal, title="Your name"):
    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(
        label="Name", custom_id="modal:name", max_length=10
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class TinyBot(discord.Client):
    """The smallest bot exercising what Paiju's cogs use."""

    def __init__(self, intents: discord.Intents | None = None) -> None:
        super().__init__(intents=intents or discord.Intents.default(), guild_ready_timeout=0.05)
        self.tree = app_commands.CommandTree(self)
        self.resumed = 0
        group = app_commands.Group(name="demo", description="Loopback demo commands")

        @group.command(name="ping", description="Answer privately, then publicly")
        @app_commands.describe(word="what to echo")
        async def ping(interaction: discord.Interaction, word: str, loud: bool = False) -> None:
            await interaction.response.send_message(f"pong {word}", ephemeral=True)
            text = f"{interaction.user.mention} said {word.upper() if loud else word}"
            await interaction.followup.send(text, view=LobbyView())

        @group.command(name="deal", description="DM the caller a picture of their hand")
        async def deal(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await interaction.user.send(
                    "your hand", file=discord.File(io.BytesIO(HAND_PNG), "hand.png")
                )
            except discord.Forbidden as exc:
                await interaction.followup.send(f"DMs closed ({exc.code})", ephemeral=True)
            else:
                await interaction.followup.send("sent to your DMs", ephemeral=True)

        @app_commands.command(name="play", description="Play cards")
        @app_commands.choices(
            speed=[
                app_commands.Choice(name="fast", value="fast"),
                app_commands.Choice(name="slow", value="slow"),
            ]
        )
        async def play(interaction: discord.Interaction, cards: str, speed: str = "fast") -> None:
            await interaction.response.send_message(f"played {cards} {speed}", ephemeral=True)

        @play.autocomplete("cards")
        async def cards_autocomplete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            hand = ["S1", "S10", "H2", "C3"]
            return [app_commands.Choice(name=c, value=c) for c in hand if c.startswith(current)]

        @group.command(name="card", description="Reply with a picture, then replace it")
        async def card(interaction: discord.Interaction) -> None:
            first = discord.File(io.BytesIO(b"one"), "one.png")
            await interaction.response.send_message("card", file=first)
            second = discord.File(io.BytesIO(b"two"), "two.png")
            await interaction.edit_original_response(content="card v2", attachments=[second])

        @group.command(name="board", description="Post a board, add a picture, open a thread")
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            msg = await channel.send("board", file=discord.File(io.BytesIO(b"a"), "a.png"))
            extra = discord.File(io.BytesIO(b"b"), "b.png")
            msg = await msg.edit(content="board 2", attachments=[msg.attachments[0], extra])
            thread = await msg.create_thread(name="chat")
            await thread.send("in the thread")
            await interaction.edit_original_response(content=f"thread {thread.id}")

        @app_commands.command(name="abort", description="Managers only")
        @app_commands.guild_only()
        @app_commands.default_permissions(manage_channels=True)
        async def abort(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("aborted", ephemeral=True)

        @group.command(name="rename", description="Ask for a name in a modal")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(NameModal())

        self.tree.add_command(group)
        self.tree.add_command(abort)
        self.tree.add_command(play)

    async def setup_hook(self) -> None:
        self.add_view(LobbyView())
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        pass  # discord.py sleeps 5 s before every re-IDENTIFY; nothing to pace on loopback

    async def on_resumed(self) -> None:
        self.resumed += 1


async def test_bot_connects_syncs_commands_and_sees_the_guild(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    intents = discord.Intents.default()
    intents.members = True
    bot = TinyBot(intents)
    await discord_harness.start_bot(bot)
    assert bot.user is not None and bot.user.id == discord_server.bot_user.id
    assert bot.application_id == discord_server.application_id
    assert sorted(c["name"] for c in discord_server.global_commands) == ["abort", "demo", "play"]
    demo = next(c for c in discord_server.global_commands if c["name"] == "demo")
    assert [o["name"] for o in demo["options"]] == ["ping", "deal", "card", "board", "rename"]
    guild = bot.get_guild(discord_server.guild.id)
    assert guild is not None
    assert sorted(c.name for c in guild.text_channels) == ["table-1", "table-2"]
    assert guild.get_member(alice.id) is not None and guild.chunked
    bob = discord_server.add_user("bob")  # announced by GUILD_MEMBER_ADD
    await discord_server.wait_until(lambda: guild.get_member(bob.id) is not None)
    assert discord_server.identify_count == 1


async def test_gateway_speaks_zlib_stream_as_discord_py_asks(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    await discord_harness.start_bot(TinyBot())
    assert discord_server.gateway_queries == [
        {"v": "10", "encoding": "json", "compress": "zlib-stream"}
    ]


async def test_other_compression_gets_plain_text_frames(
    discord_server: LoopbackDiscord, discord_harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as when a zstd module is importable: discord.py then asks for zstd-stream
    context = discord.utils._ActiveDecompressionContext
    monkeypatch.setattr(context, "COMPRESSION_TYPE", "zstd-stream")
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(TinyBot())
    assert discord_server.gateway_queries[0]["compress"] == "zstd-stream"
    assert (await discord_harness.slash(alice, "play", cards="S1")).content == "played S1 fast"


async def test_auto_sharded_client_asks_for_the_gateway_and_connects(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    client = discord.AutoShardedClient(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    await discord_harness.start_bot(client)
    assert client.shard_count == 1 and client.get_guild(discord_server.guild.id) is not None
    assert any(r.path == "/gateway/bot" for r in discord_server.requests)


async def test_a_late_first_callback_is_refused_and_recorded(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    bot = TinyBot()
    errors: list[discord.NotFound] = []

    @bot.tree.command(name="slow", description="Answers too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        try:
            await interaction.response.send_message("too late")
        except discord.NotFound as exc:
            errors.append(exc)

    discord_server.interaction_deadline = 0.1
    discord_harness.timeout = 1.0
    await discord_harness.start_bot(bot)
    with pytest.raises(InteractionTimeout):
        await discord_harness.slash(alice, "slow", strict=False)
    await discord_server.wait_until(lambda: errors)
    assert errors[0].code == 10062
    [late] = discord_server.take_violations()
    assert late.kind == "late" and "first callback after 0." in late.detail


async def test_slash_command_replies_ephemerally_and_in_channel(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice, bob = discord_server.add_users("alice", "bob")
    await discord_harness.start_bot(TinyBot())
    result = await discord_harness.slash(alice, "demo ping", word="hi", loud=True)
    assert result.type == 4 and result.ephemeral and result.content == "pong hi"
    public = await result.followup(1)
    assert public.content == f"{alice.mention} said HI"
    assert public.custom_ids() == ["lobby:join", "lobby:seat"]
    # alice sees both; bob sees only the public follow-up
    assert [m.content for m in discord_server.ephemerals(alice)] == ["pong hi"]
    assert discord_server.ephemerals(bob) == []
    assert public in discord_server.visible_to(bob)
    assert result.message not in discord_server.visible_to(bob)
    assert discord_server.channel_messages(discord_server.channel) == [public]


async def test_interaction_calls_are_outside_the_global_limit_and_tokens_last_15_minutes(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    server, h = discord_server, discord_harness
    alice = server.add_user("alice")
    bot = TinyBot()
    await h.start_bot(bot)
    before = dict(server.budget_counts)
    result = await h.slash(alice, "demo ping", word="hi")
    public = await result.followup(1)
    # the callback and the follow-up: the interaction's, not the bot's 50 a second
    assert server.budget_counts["interaction"] - before.get("interaction", 0) == 2
    assert server.budget_counts["global"] == before.get("global", 0)
    # a public follow-up is the bot's message: its own call edits it too (counted)
    channel = bot.get_channel(server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.get_partial_message(public.id).edit(content="edited by the bot")
    assert server.message(public.id).content == "edited by the bot"
    assert server.budget_counts["global"] == before.get("global", 0) + 1
    # 15 minutes on, the token is refused as Discord refuses it
    server.expire_tokens()
    async with aiohttp.ClientSession() as http:
        url = f"{server.api_base}/webhooks/{server.application_id}/{result.record.token}"
        async with http.patch(f"{url}/messages/{public.id}", json={"content": "x"}) as answer:
            assert answer.status == 401 and (await answer.json())["code"] == 50027
    assert server.message(public.id).content == "edited by the bot"


async def test_the_optional_global_limit_answers_a_global_429_that_is_waited_out(
    discord_harness: Harness,
) -> None:
    server = discord_harness.server
    bot = TinyBot()
    await discord_harness.start_bot(bot)
    server.global_limit = (3, 0.5)  # Discord's 50 a second, smaller to keep the test fast
    channel = bot.get_channel(server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    for n in range(4):
        await channel.send(f"call {n}")
    assert len(server.channel_messages(server.channel)) == 4
    assert server.rate_limit_hits["global"] >= 1


async def test_button_and_select_on_a_persistent_view(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice, bob = discord_server.add_users("alice", "bob")
    await discord_harness.start_bot(TinyBot())
    lobby = await (await discord_harness.slash(alice, "demo ping", word="go")).followup()
    clicked = await discord_harness.click(bob, lobby, "lobby:join")
    assert clicked.type == 4 and clicked.ephemeral and clicked.content == "bob joined"
    assert clicked.message in discord_server.ephemerals(bob)
    chosen = await discord_harness.select(bob, lobby, "lobby:seat", ["3"])
    assert chosen.type == 7 and chosen.message is lobby
    assert lobby.content == "bob sits at 3"
    assert [v.content for v in lobby.history] == [f"{alice.mention} said go"]
    with pytest.raises(ValueError, match="does not offer"):
        await discord_harness.select(bob, lobby, "lobby:seat", ["9"])
    with pytest.raises(ValueError, match="no button 'lobby:forged'"):
        await discord_harness.click(bob, lobby, "lobby:forged")
    # alice cannot click on bob's ephemeral reply; strict mode refuses like the client would
    with pytest.raises(ValueError, match="cannot see"):
        await discord_harness.click(alice, clicked.message.id, "lobby:join")


async def test_forged_custom_id_reaches_the_bot_when_not_strict(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    discord_harness.timeout = 1.0
    await discord_harness.start_bot(TinyBot())
    lobby = await (await discord_harness.slash(alice, "demo ping", word="x")).followup()
    # discord.py ignores a custom_id no view claims: no callback arrives
    with pytest.raises(InteractionTimeout):
        await discord_harness.click(alice, lobby, "lobby:forged", strict=False)


async def test_dm_with_a_file_and_a_user_with_closed_dms(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    carol = discord_server.add_user("carol", dms_open=False)
    await discord_harness.start_bot(TinyBot())
    result = await discord_harness.slash(alice, "demo deal")
    assert result.type == 5
    reply = await result.final()
    assert reply.ephemeral and reply.content == "sent to your DMs"
    [dm] = discord_server.dms(alice)
    assert dm.content == "your hand"
    [picture] = dm.attachments
    assert picture.filename == "hand.png" and picture.data == HAND_PNG
    assert picture.content_type == "image/png"
    assert dm not in discord_server.visible_to(carol)

    closed = await discord_harness.slash(carol, "demo deal")
    assert (await closed.final()).content == "DMs closed (50007)"
    assert discord_server.dms(carol) == []


async def test_multipart_callback_and_attachment_edits(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice, bob = discord_server.add_users("alice", "bob")
    await discord_harness.start_bot(TinyBot())
    result = await discord_harness.slash(alice, "demo card")
    await discord_server.wait_until(lambda: result.content == "card v2")
    reply = result.message
    assert reply is not None and not reply.ephemeral
    assert [(a.filename, a.data) for a in reply.attachments] == [("two.png", b"two")]
    [before] = reply.history
    assert before.content == "card" and [a.filename for a in before.attachments] == ["one.png"]
    assert reply in discord_server.visible_to(bob)
    assert any(
        r.files == ["one.png"]
        for r in discord_server.requests
        if r.template and "callback" in r.template
    )


async def test_channel_message_edit_keeps_attachments_and_threads_work(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(TinyBot())
    result = await discord_harness.slash(alice, "demo board")
    reply = await result.final()
    thinking, board, in_thread = discord_server.visible_to(alice)
    assert thinking is reply and reply.ephemeral
    assert board.content == "board 2"
    assert [(a.filename, a.data) for a in board.attachments] == [("a.png", b"a"), ("b.png", b"b")]
    thread = discord_server.channels[board.id]  # a thread started from a message takes its id
    assert thread.parent_id == discord_server.channel.id and thread.name == "chat"
    assert reply.content == f"thread {thread.id}"
    assert discord_server.channel_messages(thread) == [in_thread]
    assert in_thread.content == "in the thread"


async def test_autocomplete_returns_the_bots_choices(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(TinyBot())
    choices = await discord_harness.autocomplete(alice, "play", "cards", "S1")
    assert choices == [{"name": "S1", "value": "S1"}, {"name": "S10", "value": "S10"}]
    played = await discord_harness.slash(alice, "play", cards="H2", speed="slow")
    assert played.content == "played H2 slow"
    with pytest.raises(ValueError, match="not among the choices"):
        await discord_harness.slash(alice, "play", cards="H2", speed="warp")
    with pytest.raises(ValueError, match="missing required option"):
        await discord_harness.slash(alice, "play")
    with pytest.raises(ValueError, match="no subcommand 'nope'"):
        await discord_harness.slash(alice, "demo nope")


async def test_command_permissions_and_contexts_as_the_client_enforces_them(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    mod = discord_server.add_user("mod", roles=[discord_server.manager_role])
    await discord_harness.start_bot(TinyBot())
    with pytest.raises(ValueError, match="lacks permissions 0x10"):
        await discord_harness.slash(alice, "abort")
    assert (await discord_harness.slash(mod, "abort")).content == "aborted"
    with pytest.raises(ValueError, match="not available in DMs"):
        await discord_harness.slash(mod, "abort", channel="dm")
    # forced: the bot itself must check (discord.py does not re-check default permissions)
    forced = await discord_harness.slash(alice, "abort", strict=False)
    assert forced.content == "aborted"


async def test_modal_opened_and_submitted(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(TinyBot())
    opened = await discord_harness.slash(alice, "demo rename")
    assert opened.type == 9 and opened.modal is not None
    assert opened.modal["title"] == "Your name"
    with pytest.raises(ValueError, match=r"takes 0\.\.10 characters"):
        await discord_harness.submit_modal(alice, opened, {"modal:name": "x" * 11})
    with pytest.raises(ValueError, match="has no input"):
        await discord_harness.submit_modal(alice, opened, {"modal:name": "Al", "modal:nick": "x"})
    submitted = await discord_harness.submit_modal(alice, opened, {"modal:name": "Ali"})
    assert submitted.ephemeral and submitted.content == "hello Ali"


async def test_slash_command_in_a_dm_channel(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(TinyBot())
    result = await discord_harness.slash(alice, "demo ping", word="dm", channel="dm")
    public = await result.followup()
    assert public.channel_id == discord_server.dm_channel(alice).id
    assert discord_server.dms(alice) == [public]


async def test_gateway_close_and_resume(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    bot = TinyBot()
    await discord_harness.start_bot(bot)
    await discord_harness.reconnect(4000)
    assert discord_server.resume_count == 1 and discord_server.identify_count == 1
    result = await discord_harness.slash(alice, "demo ping", word="again")
    assert result.content == "pong again"
    assert bot.resumed == 1
    # op 7 RECONNECT also ends in a resume
    discord_server.send_reconnect()
    await discord_server.wait_until(
        lambda: discord_server.resume_count == 2 and discord_server.connected
    )


async def test_an_unknown_session_is_invalidated_and_the_bot_identifies_again(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(TinyBot())
    discord_server.sessions.clear()  # as if Discord forgot the session
    await discord_server.drop_gateway(4000)
    await discord_server.wait_until(
        lambda: discord_server.identify_count == 2 and discord_server.connected
    )
    assert discord_server.resume_count == 0
    assert (await discord_harness.slash(alice, "play", cards="H2")).content == "played H2 fast"


async def test_events_sent_while_disconnected_are_replayed_on_resume(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    intents = discord.Intents.default()
    intents.members = True
    bot = TinyBot(intents)
    await discord_harness.start_bot(bot)
    await discord_server.drop_gateway(4000)
    late = discord_server.add_user("late")  # GUILD_MEMBER_ADD while the socket is down
    await discord_server.wait_until(
        lambda: discord_server.resume_count == 1 and discord_server.connected
    )
    guild = bot.get_guild(discord_server.guild.id)
    assert guild is not None
    await discord_server.wait_until(lambda: guild.get_member(late.id) is not None)


async def test_killed_bot_is_replaced_by_a_new_process(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(TinyBot())
    lobby = await (await discord_harness.slash(alice, "demo ping", word="before")).followup()
    await discord_harness.kill_bot()
    # no close frame, no RESUME: the socket just goes away
    await discord_server.wait_until(lambda: not discord_server.connected)
    assert discord_server.resume_count == 0
    second = TinyBot()
    await discord_harness.start_bot(second)
    assert discord_server.identify_count == 2
    # the persistent view of the new process answers a click on the old message
    clicked = await discord_harness.click(alice, lobby, "lobby:join")
    assert clicked.content == "alice joined"


async def test_message_bursts_hit_the_optional_rate_limit_and_are_retried(
    discord_harness: Harness,
) -> None:
    server = discord_harness.server
    server.rate_limits = (5, 0.5)  # Discord's count, a shorter window to keep the test fast
    bot = TinyBot()
    await discord_harness.start_bot(bot)
    channel = bot.get_channel(server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    for n in range(6):
        await channel.send(f"burst {n}")
    assert [m.content for m in server.channel_messages(server.channel)] == [
        f"burst {n}" for n in range(6)
    ]
    assert server.rate_limit_hits == {f"POST {server.channel.id}": 1}


async def test_a_body_violating_the_spec_is_refused_and_recorded(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = TinyBot()
    await discord_harness.start_bot(bot)
    route = discord.http.Route(
        "POST", "/channels/{channel_id}/messages", channel_id=discord_server.channel.id
    )
    with pytest.raises(discord.HTTPException) as info:
        await bot.http.request(route, json={"content": 5})
    assert info.value.status == 400 and info.value.code == 50035
    [violation] = discord_server.take_violations()
    assert violation.kind == "spec"
    assert "body['content']: 5 is not of type 'string', 'null'" in violation.detail
    assert discord_server.channel_messages(discord_server.channel) == []


async def test_a_refused_edit_changes_nothing(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    bot = TinyBot()
    await discord_harness.start_bot(bot)
    channel = bot.get_channel(discord_server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("lobby", view=LobbyView())
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "A", "custom_id": "same"}]}
    with pytest.raises(discord.HTTPException) as info:
        route = discord.http.Route(
            "PATCH",
            "/channels/{channel_id}/messages/{message_id}",
            channel_id=channel.id,
            message_id=sent.id,
        )
        await bot.http.request(route, json={"content": "changed", "components": [row, row]})
    assert info.value.status == 400
    stored = discord_server.message(sent.id)
    assert stored.content == "lobby" and stored.history == [] and stored.edited_at is None
    assert stored.custom_ids() == ["lobby:join", "lobby:seat"]
    [violation] = discord_server.take_violations()
    assert (
        violation.kind == "api" and "custom_id cannot be duplicated: ['same']" in violation.detail
    )


async def test_unknown_endpoint_and_second_callback_are_violations(
    discord_server: LoopbackDiscord, discord_harness: Harness
) -> None:
    alice = discord_server.add_user("alice")
    await discord_harness.start_bot(TinyBot())
    result = await discord_harness.slash(alice, "play", cards="S1")
    url = f"{discord_server.api_base}/interactions/{result.id}/{result.record.token}/callback"
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json={"type": 4, "data": {"content": "again"}}) as resp:
            assert resp.status == 400
            assert (await resp.json())["code"] == 40060
        headers = {"Authorization": f"Bot {discord_server.token}"}
        async with session.get(
            f"{discord_server.api_base}/nowhere/at/all", headers=headers
        ) as resp:
            assert resp.status == 400
        # an ephemeral reply is not reachable through the channel's endpoints
        channel_url = f"{discord_server.api_base}/channels/{discord_server.channel.id}"
        message_url = f"{channel_url}/messages/{result.record.response_message_id}"
        async with session.get(message_url, headers=headers) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10008
        async with session.get(message_url) as resp:
            assert resp.status == 401
    kinds = [(v.kind, v.path) for v in discord_server.take_violations()]
    assert kinds == [
        ("api", f"/interactions/{result.id}/{result.record.token}/callback"),
        ("spec", "/nowhere/at/all"),
    ]


async def test_violations_fail_assert_clean() -> None:
    server = LoopbackDiscord()
    await server.start()
    try:
        async with aiohttp.ClientSession() as session:
            url = f"{server.api_base}/users/@me/channels"
            headers = {"Authorization": f"Bot {server.token}"}
            async with session.post(url, json={"recipient_id": "abc"}, headers=headers) as resp:
                assert resp.status == 400  # recipient_id must be a snowflake
    finally:
        await server.stop()
    with pytest.raises(AssertionError, match=r"recipient_id"):
        server.assert_clean()
