"""A loopback Discord for end-to-end tests: the real discord.py bot, a fake Discord on 127.0.0.1.

The unmodified discord.py 2.7 client connects to :class:`LoopbackDiscord` (an aiohttp server on
a random free port of 127.0.0.1) over a real websocket gateway and real HTTP; tests act as
players through :class:`Harness` and assert on what each player sees.  Every REST request the
bot makes is checked against Discord's OpenAPI description
(``../shared/discord-api-spec/openapi.json``); one that does not match is answered 400 (the bot
sees ``discord.HTTPException`` code 50035) and fails the test at teardown.

Modules: :mod:`.spec` (OpenAPI matching and JSON-schema validation), :mod:`.models` (users,
guilds, channels, messages, interactions), :mod:`.server` (:class:`LoopbackDiscord`: world,
views, waiting, request plumbing), :mod:`.gateway` (the websocket), :mod:`.rest` (one function
per endpoint), :mod:`.api` (request/error/violation types), :mod:`.harness` (bot lifecycle and
player actions), :mod:`.plugin` (pytest fixtures).

Quick start
-----------
::

    # conftest.py:  pytest_plugins = ["tests.discord_loopback.plugin"]
    #   (or: from tests.discord_loopback.plugin import discord_harness, discord_server)

    async def test_open_table(discord_server, discord_harness):
        alice, bob = discord_server.add_users("alice", "bob")
        carol = discord_server.add_user("carol", dms_open=False, locale="zh-CN")
        await discord_harness.start_bot(make_my_bot())    # login + setup_hook + gateway READY

        result = await discord_harness.slash(alice, "table open", game="pajiwo")
        reply = await result.final()                      # waits out a defer(thinking=True)
        assert reply.ephemeral_to == alice.id and "opened" in reply.text()

        await discord_server.idle()                       # the bot is quiet for 0.2 s
        [lobby] = discord_server.channel_messages(discord_server.channel)
        joined = await discord_harness.click(bob, lobby, "pj:l:1:join")
        chosen = await discord_harness.select(bob, some_dm, "pj:s:1:3", ["S1"])
        choices = await discord_harness.autocomplete(alice, "play", "cards", "S1")
        # choices == [{"name": "♠A", "value": "S1"}, ...]

Pointing the bot at the server
------------------------------
:meth:`LoopbackDiscord.start` sets ``discord.http.Route.BASE`` to :attr:`~LoopbackDiscord.api_base`
(``http://127.0.0.1:PORT/api/v10``; every REST call and every webhook/interaction call goes
through ``Route``) and ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` to
:attr:`~LoopbackDiscord.gateway_url` (``ws://127.0.0.1:PORT/gateway``): a plain ``Client`` /
``commands.Bot`` connects straight to ``DEFAULT_GATEWAY`` (discord.py only asks
``GET /gateway/bot`` in ``AutoShardedClient``; answered too).  :meth:`~LoopbackDiscord.stop`
restores both.  A bot setting that does the same two assignments is equivalent.

discord.py asks for ``?v=10&encoding=json&compress=zlib-stream`` (``zstd-stream`` when a zstd
module is importable): the server honours ``zlib-stream`` (one zlib context per connection,
``Z_SYNC_FLUSH`` per frame, binary frames) and answers any other compression with plain text
frames, which discord.py accepts (it only decompresses binary frames).  ``encoding=etf`` is
refused with close code 4002.

The world
---------
Built at construction: the bot user ``server.bot_user`` (id = ``server.application_id``), guild
``server.guild`` ("Paiju Test"; roles @everyone and ``server.manager_role`` "Table Manager" with
Manage Channels), text channels ``server.channel`` (#table-1) and ``server.channel2`` (#table-2).
Add more with ``add_user(name, dms_open=True, locale="en-US", roles=())``, ``add_users(*names)``,
``add_channel(name)``, ``add_role(name, permissions)``, ``add_guild(name)``; later additions are
announced on the gateway (GUILD_MEMBER_ADD only with the GUILD_MEMBERS intent, as on Discord;
without it GUILD_CREATE carries only the bot's own member).  ``set_dms_open(user, False)`` makes
the bot's messages to that user's DM channel fail with 403 and JSON code 50007 ("Cannot send
messages to this user"); creating the DM channel still works, as on Discord.

What users see (for assertions)
-------------------------------
Messages are :class:`~.models.StoredMessage`: ``id, channel_id, content, embeds, components,
attachments`` (``Attachment.filename/.data/.content_type``), ``flags``, ``ephemeral_to`` (the
only user who sees it, or None), ``history`` (earlier versions, oldest first), ``deleted``,
``interaction_id``; helpers ``text()`` (content + embed texts), ``custom_ids()``,
``component(custom_id)``, ``buttons()``, ``attachment(filename)``, ``loading`` (deferred,
"thinking").

- ``server.visible_to(user)``: every live message the user can see: guild channel messages of
  their guilds (a private thread's only if they are in it or have *Manage Threads*), their DM
  channel, their ephemerals.
- ``server.can_read(user_id, channel)``: whether the user reads that channel or thread; a
  private thread (type 12) is read by its members (its creator, and whom
  ``PUT /channels/{thread}/thread-members/{user}`` added: ``channel.members``) and moderators.
- ``server.dms(user)``: live messages of the bot's DM channel with the user.
- ``server.ephemerals(user)``: live ephemeral replies (flag 64) to the user, any channel.
- ``server.channel_messages(channel)``: live non-ephemeral messages of a channel.
- ``server.can_see(user_id, message)``, ``server.message(id)``, ``server.commands(guild)``,
  ``server.interactions`` (id -> :class:`~.models.InteractionRecord`), ``server.requests``
  (every REST request: method, path, template, query, body, files, status).

Interaction replies follow Discord: callback 4 creates the reply (ephemeral with flag 64); 5
creates a "thinking" message that the first follow-up or an ``@original`` edit replaces; 6
acknowledges a component silently and makes ``@original`` name the component's message; 7 edits
that message; 8 returns autocomplete choices; 9 opens a modal.  A second callback is refused
(400, 40060) and recorded; a first callback later than ``interaction_deadline`` (3 s) is refused
(404, 10062) and recorded as ``late``.

Acting as users: :class:`Harness`
---------------------------------
All actions dispatch INTERACTION_CREATE with realistic data (type, id, token, application_id,
guild_id, channel object, member with permissions or user in DMs, locale, app_permissions,
``data`` with name/options/resolved or custom_id/component_type/values, the message for
components) and wait (``harness.timeout``, 10 s) for the bot's callback; they return an
:class:`InteractionResult` (``.type``, ``.data``, ``.message``, ``.content``, ``.ephemeral``,
``.followups``, ``.choices``, ``.modal``, ``.latency_ms``, ``await .final()``,
``await .followup(n)``), or raise :class:`InteractionTimeout`.

- ``await harness.slash(user, "table open", channel=None, locale=None, **options)``: option
  types and ids come from the commands the bot synced; unknown names, missing required
  options and values outside ``choices`` raise ``ValueError``.  ``channel="dm"`` runs it in the
  user's DM.  User options take a LoopbackUser (resolved users/members are filled in).
- ``await harness.autocomplete(user, "play", "cards", "S1", **other_options)`` -> choices.
- ``await harness.click(user, message, custom_id, strict=True)``;
  ``await harness.select(user, message, custom_id, values, strict=True)``: strict refuses what a
  Discord client cannot do (a message the user cannot see, a component not on it, disabled,
  values not offered); ``strict=False`` forges the interaction anyway.
- ``await harness.submit_modal(user, opened, {"input_custom_id": "text"})``: fill in and send
  the modal the bot opened (``opened.type == 9``).
- ``await harness.interact(kind, user, channel, data, message=None)``: anything else.
- Bot lifecycle: ``await harness.start_bot(client)`` (login, setup_hook, connect, wait ready),
  ``await harness.stop_bot()`` (clean ``close()``), ``await harness.kill_bot()`` (as a killed
  process: no close hooks; the socket just drops), ``await harness.reconnect(code=4000)`` (drop
  the gateway socket and wait for the RESUME).  A restart is ``kill_bot()`` then
  ``start_bot(new_client)``: the new IDENTIFY becomes the session that gets dispatches.
  discord.py waits ``guild_ready_timeout`` (2 s by default) after the last GUILD_CREATE before
  ``on_ready``; build test clients with ``guild_ready_timeout=0.05`` to start in ~0.1 s.  After
  an INVALID_SESSION discord.py sleeps 5 s in ``Client.before_identify_hook`` before it
  identifies again; a test client may override that hook with a no-op.

Shards
------
IDENTIFY may name ``shard: [shard_id, shard_count]`` (discord.py's ``AutoShardedClient`` does):
the session gets READY and GUILD_CREATE for the guilds of its shard only, and every later
event of a guild (interactions included) goes to the shard ``(guild_id >> 22) % shard_count``;
DMs go to shard 0.  A new IDENTIFY of a shard replaces its session (a restarted process); one
with another count replaces them all; an event for a shard nobody identified is dropped, as
Discord drops it.  ``add_guild(name, shard=(i, n))`` picks an id in shard ``i`` of ``n``;
``server.shard_sessions``, ``server.shard_count``, ``server.connected_shards``,
``server.shard_connected(i)``, ``server.drop_gateway(code, shard=i)`` and
``server.recommended_shards`` (the ``shards`` of ``GET /gateway/bot``, default 1) go with it.
``connected`` means every shard of the count has an open socket. ``harness.kill_bot()`` kills
an ``AutoShardedClient``'s shard sockets too; two harnesses over one server are two processes.

Waiting: ``await server.wait_until(predicate, timeout=10, what="...")`` re-checks after every
request and gateway event and returns the predicate's value; ``await server.idle(quiet=0.2)``
waits until the bot has been silent that long.  Gateway control: ``server.drop_gateway(code)``,
``server.send_reconnect()`` (op 7), ``server.dispatch(event, data)``, ``server.connected``,
``server.identify_count``, ``server.resume_count``.  Dispatches sent while the socket is down
are replayed on RESUME.

Violations
----------
``server.violations`` lists :class:`Violation` (``kind``: ``spec`` shape does not match the
description, ``api`` a rule Discord enforces, ``late``, ``unhandled`` endpoint not implemented
here).  ``server.assert_clean()`` raises :class:`SpecViolationError` listing them; the
``discord_server`` fixture calls it at teardown; ``server.take_violations()`` returns and clears
them for tests that provoke one.  Where the validator is knowingly looser than the description
(e.g. integer snowflakes, which discord.py sends and Discord accepts) is listed in
``spec.RELAXATIONS``.

Options of ``LoopbackDiscord(...)``: ``validate`` (default True), ``interaction_deadline`` (3 s;
None disables), ``rate_limits=(5, 5.0)`` to enforce Discord's per-channel message bucket (429 +
``retry_after``, counted in ``server.rate_limit_hits``; off by default), ``keep_history`` and
``record_requests`` (turn off in long benchmarks to save memory), ``validate_responses`` (check
the server's own answers against the description's response schemas; the server's own tests
turn it on).

What can go wrong (:mod:`.faults`): ``server.set_bot_permissions(channel, deny=ATTACH_FILES)``
takes permissions from the bot in one channel (channel calls then get 403 / 50013 "Missing
Permissions", or 50001 "Missing Access" without View Channel; interactions carry the channel's
``app_permissions``); ``server.faults.add(Fault(503), template=..., times=3)`` and
``server.faults.chaos(rate, faults, seed=...)`` answer requests with errors (403, 404, 429 with
``retry_after``, 5xx) or late (``Fault(0, delay=2.0)``); ``server.drop_gateway()`` drops the
socket.  Layout messages (components v2, discord.py's ``LayoutView``) are checked as Discord
checks them (no content or embeds, at most 40 components, ``attachment://`` media naming an
attachment) and their text displays count in ``StoredMessage.text()``.

Not modelled: rate limits other than the optional message bucket and injected 429s, the
``before``/``after``/``around`` paging of message history, reactions, voice, MESSAGE_CREATE
echoes of the bot's own messages, the gateway's own payload shapes (the OpenAPI description
covers REST only). Only one server per process can own ``Route.BASE``.
"""

from .harness import Harness, InteractionResult, InteractionTimeout
from .models import Attachment, Channel, LoopbackUser, StoredMessage
from .server import LoopbackDiscord, SpecViolationError, Violation

__all__ = [
    "Attachment",
    "Channel",
    "Harness",
    "InteractionResult",
    "InteractionTimeout",
    "LoopbackDiscord",
    "LoopbackUser",
    "SpecViolationError",
    "StoredMessage",
    "Violation",
]
