"""The loopback Discord server: gateway and REST API on 127.0.0.1 for the unmodified discord.py.

:class:`LoopbackDiscord` is an aiohttp application on a random free port of 127.0.0.1 with

- the gateway at ``ws://127.0.0.1:PORT/gateway`` (HELLO, heartbeat ACK, IDENTIFY -> READY +
  GUILD_CREATE, RESUME -> replay + RESUMED, REQUEST_GUILD_MEMBERS -> GUILD_MEMBERS_CHUNK,
  dispatches such as INTERACTION_CREATE); the ``compress=zlib-stream`` query of discord.py is
  honoured (one zlib stream per connection, frames flushed with Z_SYNC_FLUSH); any other
  compression request is answered with uncompressed text frames, which discord.py also accepts
  (``DiscordWebSocket.received_message`` only decompresses binary frames);
- the REST API under ``http://127.0.0.1:PORT/api/v10`` for what a bot of this project does
  (``rest.HANDLERS`` lists them).  Every request is first checked against
  Discord's OpenAPI description (:mod:`tests.discord_loopback.spec`): a mismatch is recorded in
  :attr:`LoopbackDiscord.violations` and answered 400 / code 50035 "Invalid Form Body" as
  Discord does.  A request to an endpoint the description has but this server does not
  implement is recorded too (kind ``"unhandled"``) and answered 404.

discord.py is pointed at the server by two class attributes, set by :meth:`start` (and restored
by :meth:`stop`) unless ``start(patch_discord=False)``:

- ``discord.http.Route.BASE = server.api_base`` (every REST call, webhooks included);
- ``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(server.gateway_url)``: a plain
  ``discord.Client`` connects there directly (discord.py 2.7 only calls ``GET /gateway/bot`` in
  ``AutoShardedClient``, which this server also answers); resumes use ``resume_gateway_url``
  from READY, which points back at the server.

Only one server can own those attributes at a time in a process.

What users see is kept so tests assert on it (see :mod:`tests.discord_loopback` for the rules):
:meth:`visible_to`, :meth:`dms`, :meth:`ephemerals`, :meth:`channel_messages`.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import re
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import aiohttp
from aiohttp import web

from . import gateway, rest
from .api import (
    ApiError,
    ApiRequest,
    RequestRecord,
    SpecViolationError,
    UploadedFile,
    Violation,
    json_response,
)
from .faults import (
    MANAGE_THREADS,
    PERMISSION_NAMES,
    VIEW_CHANNEL,
    FaultPlan,
    channel_permissions,
    required_permissions,
)
from .gateway import OP_RECONNECT, GatewaySession
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DM,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    MANAGE_CHANNELS,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    Channel,
    Guild,
    InteractionRecord,
    LoopbackUser,
    Member,
    Role,
    Snowflakes,
    StoredMessage,
)
from .spec import NO_BODY, SpecValidator

__all__ = [
    "APPLICATION_COMMAND",
    "AUTOCOMPLETE",
    "DEFAULT_TOKEN",
    "DISCORD_MESSAGE_BUCKET",
    "MESSAGE_COMPONENT",
    "MODAL_SUBMIT",
    "LoopbackDiscord",
    "SpecViolationError",
    "Violation",
]

T = TypeVar("T")

API_PREFIX = "/api/v10"
#: Discord's message bucket per channel: 5 creates/edits/deletes per 5 seconds.
DISCORD_MESSAGE_BUCKET = (5, 5.0)
DEFAULT_TOKEN = "loopback-bot-token"  # a test token, not a secret
#: Discord's global limit of a bot's own calls: 50 a second.
DISCORD_GLOBAL_LIMIT = (50, 1.0)
#: An interaction's token lasts 15 minutes; after that its webhook answers 401 50027.
INTERACTION_TOKEN_S = 15 * 60.0


def counts_against_global(template: str) -> bool:
    """Whether Discord counts a call to ``template`` against the bot's global limit: every
    call made with the bot's token does; the interaction endpoints (the callback, and the
    ``/webhooks/{application_id}/{interaction_token}`` follow-ups and edits) do not."""
    return not template.startswith(("/interactions/", "/webhooks/"))


class LoopbackDiscord:
    """A Discord stand-in on 127.0.0.1 for one bot application.

    Parameters: ``token`` the bot token it accepts; ``validate`` check requests against the
    OpenAPI description; ``interaction_deadline`` seconds within which the first callback must
    arrive (Discord: 3 s; None disables), a late callback is a violation and gets 404/10062;
    ``heartbeat_interval_ms`` sent in HELLO; ``record_requests`` keep every request in
    :attr:`requests` (turn off for long benchmarks); ``keep_history`` keep earlier versions
    of edited messages in ``StoredMessage.history`` (turn off to save memory);
    ``rate_limits`` ``(requests, seconds)`` per channel for message creates/edits/deletes
    (Discord's bucket is :data:`DISCORD_MESSAGE_BUCKET`, 5 per 5 s; None: unlimited): an
    excess request gets 429 with ``retry_after`` (discord.py sleeps and
    retries) and is counted in :attr:`rate_limit_hits`.  Buckets are not announced in
    ``X-RateLimit-*`` headers, so an uncoalesced burst shows up as 429s, not as waits.
    ``validate_responses`` check the server's own JSON answers against the description's
    response schemas (a mismatch is a ``"response"`` violation: the server's fault, used by
    its own tests to keep its objects realistic).
    ``global_limit`` ``(requests, seconds)`` for the calls Discord counts against the bot's
    global limit (:data:`DISCORD_GLOBAL_LIMIT`; None, the default: not enforced): an excess
    call gets a global 429, counted in ``rate_limit_hits["global"]``. Whether enforced or
    not, :attr:`budget_counts` counts the calls that fall under that limit (``"global"``) and
    those that do not (``"interaction"``, :func:`counts_against_global`). An interaction's
    token works for :attr:`token_lifetime_s` (15 minutes), then 401 50027.

    A default world is built at construction: the bot user ``Paiju``, guild ``Paiju Test`` with
    roles @everyone and ``Table Manager`` (Manage Channels), text channels ``#table-1`` and
    ``#table-2``.  Add players with :meth:`add_user`.
    """

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        validate: bool = True,
        interaction_deadline: float | None = 3.0,
        heartbeat_interval_ms: int = 41_250,
        spec: SpecValidator | None = None,
        record_requests: bool = True,
        keep_history: bool = True,
        rate_limits: tuple[int, float] | None = None,
        validate_responses: bool = False,
        global_limit: tuple[int, float] | None = None,
    ) -> None:
        self.token = token
        self.validate = validate
        self.interaction_deadline = interaction_deadline
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.record_requests = record_requests
        self.keep_history = keep_history
        self.rate_limits = rate_limits
        self.validate_responses = validate_responses
        self.global_limit = global_limit
        self.token_lifetime_s = INTERACTION_TOKEN_S
        #: calls under the bot's global limit (``"global"``) and outside it (``"interaction"``)
        self.budget_counts: collections.Counter[str] = collections.Counter()
        #: 429 answers given, per bucket ``"METHOD channel_id"``
        self.rate_limit_hits: collections.Counter[str] = collections.Counter()
        self._buckets: dict[str, collections.deque[float]] = {}
        # the description also routes requests, so it is loaded even when not validating
        self.spec = spec or SpecValidator.load()
        self.ids = Snowflakes()

        self.bot_user = LoopbackUser(self.ids.next(), "Paiju", bot=True)
        self.application_id = self.bot_user.id  # as for every application created since 2019
        self.users: dict[int, LoopbackUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, StoredMessage] = {}
        self._by_channel: dict[int, list[int]] = collections.defaultdict(list)
        self._dm_channels: dict[int, int] = {}  # user id -> DM channel id
        self.interactions: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self.violations: list[Violation] = []
        self.requests: list[RequestRecord] = []
        #: faults to give instead of real answers (see :mod:`.faults`)
        self.faults = FaultPlan()
        #: 403 answers given for missing channel permissions: ``(method, path, missing names)``
        self.permission_refusals: list[tuple[str, str, tuple[str, ...]]] = []
        self.sessions: dict[str, GatewaySession] = {}
        #: the session that identified last (the whole bot when it does not shard)
        self.current_session: GatewaySession | None = None
        #: shard id -> its current session, for the shard count identified last
        self.shard_sessions: dict[int, GatewaySession] = {}
        self.shard_count = 1
        #: the ``shards`` of ``GET /gateway/bot`` (what ``AutoShardedClient`` starts by default)
        self.recommended_shards = 1
        self.identify_count = 0
        self.resume_count = 0
        #: query of every gateway connection, e.g. ``{"v": "10", "encoding": "json", ...}``
        self.gateway_queries: list[dict[str, str]] = []
        self._changed = asyncio.Event()
        self._last_request = time.monotonic()
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._restore: Callable[[], None] | None = None

        self.guild = self.add_guild("Paiju Test")
        self.manager_role = self.add_role("Table Manager", MANAGE_CHANNELS)
        self.channel = self.add_channel("table-1")
        self.channel2 = self.add_channel("table-2")

    # ------------------------------------------------------------------ lifecycle

    @property
    def port(self) -> int:
        """The TCP port (0 before :meth:`start`)."""
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def api_base(self) -> str:
        """Value for ``discord.http.Route.BASE``: ``http://127.0.0.1:PORT/api/v10``."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """``ws://127.0.0.1:PORT/gateway`` (discord.py appends ``?v=10&encoding=json&...``)."""
        return f"ws://127.0.0.1:{self._port}/gateway"

    async def start(self, *, patch_discord: bool = True) -> LoopbackDiscord:
        """Listen on a free port of 127.0.0.1; point discord.py here unless told not to."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self._serve_gateway)
        app.router.add_get("/attachments/{channel}/{id}/{name}", self._attachment)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server: Any = site._server  # asyncio.Server; the public API has no port accessor
        self._port = server.sockets[0].getsockname()[1]
        if patch_discord:
            self._restore = self.patch_discord()
        return self

    def patch_discord(self) -> Callable[[], None]:
        """Point discord.py's REST base and default gateway here; returns the undo function."""
        import discord.gateway
        import discord.http
        import yarl

        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

        def restore() -> None:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

        return restore

    async def stop(self) -> None:
        """Close every gateway socket, stop listening, undo :meth:`patch_discord`."""
        for session in self.sessions.values():
            if session.conn is not None:
                await session.conn.close(1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._restore is not None:
            self._restore()
            self._restore = None

    async def __aenter__(self) -> LoopbackDiscord:
        return await self.start()

    async def __aexit__(self, exc_type: object, exc: object, tb: object) -> None:
        await self.stop()
        if exc_type is None:
            self.assert_clean()

    def assert_clean(self) -> None:
        """Raise :class:`SpecViolationError` listing every violation recorded so far."""
        if self.violations:
            lines = "\n".join(f"  - {v}" for v in self.violations)
            raise SpecViolationError(
                f"{len(self.violations)} request(s) Discord would refuse:\n{lines}"
            )

    def take_violations(self) -> list[Violation]:
        """Return and forget the recorded violations (for tests that provoke them)."""
        taken, self.violations = self.violations, []
        return taken

    # ------------------------------------------------------------------ world building

    def add_guild(
        self, name: str, *, locale: str = "en-US", shard: tuple[int, int] | None = None
    ) -> Guild:
        """A new guild owned by nobody in particular, with the bot as member (role ``Paiju``).

        ``shard=(shard_id, shard_count)``: its id is chosen so that the guild belongs to that
        shard (``(id >> 22) % shard_count == shard_id``)."""
        owner = LoopbackUser(self.ids.next(), f"{name} owner")
        self.users[owner.id] = owner
        guild_id = self.ids.next() if shard is None else self.ids.next_in_shard(*shard)
        guild = Guild(guild_id, name, owner.id, locale=locale)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = Role(self.ids.next(), "Paiju", EVERYONE_PERMISSIONS | (1 << 13) | (1 << 34), 1)
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = Member(owner.id)
        guild.members[self.bot_user.id] = Member(self.bot_user.id, [bot_role.id])
        self.guilds[guild.id] = guild
        session = self.session_for(guild.id)
        if session is not None:
            session.emit("GUILD_CREATE", gateway.guild_create(session, self, guild))
            self._touch()
        return guild

    def add_role(self, name: str, permissions: int, *, guild: Guild | None = None) -> Role:
        """A role with the given permission bits in ``guild`` (default guild)."""
        guild = guild or self.guild
        role = Role(self.ids.next(), name, permissions, len(guild.roles))
        guild.roles[role.id] = role
        self._emit(
            "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, guild.id
        )
        return role

    def add_channel(
        self, name: str, *, guild: Guild | None = None, type: int = GUILD_TEXT
    ) -> Channel:
        """A text channel in ``guild`` (default guild); announced by CHANNEL_CREATE."""
        guild = guild or self.guild
        channel = Channel(self.ids.next(), type, name, guild.id, position=len(guild.channels))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._emit("CHANNEL_CREATE", channel.payload(), guild.id)
        return channel

    def set_bot_permissions(self, channel: Channel, *, allow: int = 0, deny: int = 0) -> None:
        """Set the channel's overwrite for the bot (a member overwrite): ``deny`` bits are
        taken away, ``allow`` bits given, in this channel (and its threads).  Announced by
        CHANNEL_UPDATE, as Discord does."""
        bot_id = self.bot_user.id
        channel.overwrites = [o for o in channel.overwrites if int(o["id"]) != bot_id]
        if allow or deny:
            channel.overwrites.append(
                {"id": str(bot_id), "type": 1, "allow": str(allow), "deny": str(deny)}
            )
        self._emit("CHANNEL_UPDATE", channel.payload(self.users), channel.guild_id)

    def bot_permissions_in(self, channel: Channel) -> int:
        """The bot's permission bits in ``channel`` (DMs: what a DM allows)."""
        guild = self.guilds.get(channel.guild_id or 0)
        if guild is None:
            return EVERYONE_PERMISSIONS
        return channel_permissions(guild, channel, self.bot_user.id)

    def add_user(
        self,
        name: str,
        *,
        dms_open: bool = True,
        locale: str = "en-US",
        roles: Iterable[Role] = (),
        guild: Guild | None = None,
    ) -> LoopbackUser:
        """A new user, member of ``guild`` (default guild); announced by GUILD_MEMBER_ADD.

        ``dms_open=False``: the bot's messages to their DM channel fail with 403 / 50007.
        ``locale``: the ``locale`` of their interactions (``"zh-CN"`` for 简体中文).
        """
        user = LoopbackUser(self.ids.next(), name, dms_open=dms_open, locale=locale)
        self.users[user.id] = user
        guild = guild or self.guild
        guild.members[user.id] = Member(user.id, [r.id for r in roles])
        payload = guild.member_payload(user)
        payload["guild_id"] = str(guild.id)
        self._emit("GUILD_MEMBER_ADD", payload, guild.id)
        return user

    def add_users(self, *names: str) -> list[LoopbackUser]:
        """:meth:`add_user` for each name, in order."""
        return [self.add_user(n) for n in names]

    def set_dms_open(self, user: LoopbackUser | int, is_open: bool) -> None:
        """Open or close a user's DMs to the bot (closed: 403 / 50007 on send)."""
        self._user(user).dms_open = is_open

    def dm_channel(self, user: LoopbackUser | int) -> Channel:
        """The DM channel between the bot and ``user`` (created on first use)."""
        uid = self._user(user).id
        cid = self._dm_channels.get(uid)
        if cid is None:
            channel = Channel(self.ids.next(), DM, recipient_id=uid)
            self.channels[channel.id] = channel
            self._dm_channels[uid] = cid = channel.id
        return self.channels[cid]

    def _user(self, user: LoopbackUser | int) -> LoopbackUser:
        uid = user if isinstance(user, int) else user.id
        try:
            return self.users[uid]
        except KeyError:
            raise KeyError(f"no user {uid} on the loopback server") from None

    # ------------------------------------------------------------------ what users see

    def can_see(self, user_id: int, message: StoredMessage) -> bool:
        """Whether ``user_id`` sees ``message``: ephemerals only their addressee, DMs only the
        recipient, guild channel messages every member of the guild (:meth:`can_read`: a
        private thread's only its members and moderators)."""
        if message.deleted:
            return False
        if message.ephemeral_to is not None:
            return message.ephemeral_to == user_id
        return self.can_read(user_id, self.channels[message.channel_id])

    def can_read(self, user_id: int, channel: Channel | int) -> bool:
        """Whether ``user_id`` reads ``channel``: a DM its recipient; a guild channel or a
        public thread every member of the guild; a private thread (type 12) only the thread's
        members (added with PUT /channels/{thread}/thread-members/{user}, its creator) and
        the guild's members with *Manage Threads* in it, as on Discord."""
        chan = self.channels[channel] if isinstance(channel, int) else channel
        if chan.type == DM:
            return chan.recipient_id == user_id
        guild = self.guilds.get(chan.guild_id or 0)
        if guild is None or user_id not in guild.members:
            return False
        if chan.type == PRIVATE_THREAD:
            return user_id in chan.members or bool(
                channel_permissions(guild, chan, user_id) & MANAGE_THREADS
            )
        return True

    def visible_to(self, user: LoopbackUser | int) -> list[StoredMessage]:
        """Every live message ``user`` can see (channels, DMs, ephemerals), oldest first."""
        uid = self._user(user).id
        return [m for m in self.messages.values() if self.can_see(uid, m)]

    def dms(self, user: LoopbackUser | int) -> list[StoredMessage]:
        """Live messages in the bot's DM channel with ``user`` (ephemerals excluded)."""
        cid = self._dm_channels.get(self._user(user).id)
        if cid is None:
            return []
        return [m for m in self.channel_messages(cid)]

    def ephemerals(self, user: LoopbackUser | int) -> list[StoredMessage]:
        """Live ephemeral replies addressed to ``user`` (any channel), oldest first."""
        uid = self._user(user).id
        return [m for m in self.messages.values() if m.ephemeral_to == uid and not m.deleted]

    def channel_messages(self, channel: Channel | int) -> list[StoredMessage]:
        """Live non-ephemeral messages of a channel, oldest first."""
        cid = channel if isinstance(channel, int) else channel.id
        out = []
        for mid in self._by_channel.get(cid, []):
            m = self.messages[mid]
            if not m.deleted and m.ephemeral_to is None:
                out.append(m)
        return out

    def message(self, message_id: int) -> StoredMessage:
        """The message with this id (deleted ones included); KeyError when unknown."""
        return self.messages[message_id]

    def commands(self, guild: Guild | int | None = None) -> list[dict[str, Any]]:
        """Registered application commands: global ones, plus ``guild``'s when given."""
        out = list(self.global_commands)
        if guild is not None:
            gid = guild if isinstance(guild, int) else guild.id
            out += self.guild_commands.get(gid, [])
        return out

    # ------------------------------------------------------------------ waiting

    def _touch(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(
        self, predicate: Callable[[], T | None], *, timeout: float = 10.0, what: str = "a condition"
    ) -> T:
        """Wait until ``predicate()`` is truthy (re-checked after every request or event);
        returns its value.  Raises ``TimeoutError`` naming ``what`` after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            changed = self._changed
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"timed out after {timeout:g}s waiting for {what}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), min(remaining, 0.25))

    def expire_tokens(self) -> None:
        """Make every interaction's token as old as Discord's 15 minutes: from now on its
        webhook calls (follow-ups, edits of ``@original``) answer 401 50027."""
        for rec in self.interactions.values():
            rec.created_at = min(rec.created_at, time.monotonic() - self.token_lifetime_s - 1)

    async def idle(self, quiet: float = 0.2, *, timeout: float = 30.0) -> None:
        """Wait until the bot has made no REST request for ``quiet`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            silent = time.monotonic() - self._last_request
            if silent >= quiet:
                return
            if loop.time() > deadline:
                raise TimeoutError(f"the bot kept sending requests for {timeout:g}s")
            await asyncio.sleep(quiet - silent)

    # ------------------------------------------------------------------ gateway control

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The session that receives the events of ``guild_id`` (``None``: a DM, shard 0):
        the current session of the guild's shard, or ``None`` when that shard never
        identified (Discord then delivers nothing)."""
        return self.shard_sessions.get(gateway.shard_of(guild_id, self.shard_count))

    def _emit(self, event: str, data: Any, guild_id: int | None = None) -> None:
        session = self.session_for(guild_id)
        if session is not None:
            session.emit(event, data)
        self._touch()

    def dispatch(self, event: str, data: Any) -> None:
        """Send a gateway dispatch (``t=event``) to the session of its guild's shard
        (``data["guild_id"]``; none: shard 0), buffered if the socket is down and replayed
        on RESUME."""
        if self.current_session is None:
            raise RuntimeError("no bot has identified on the gateway yet")
        gid = data.get("guild_id") if isinstance(data, dict) else None
        self._emit(event, data, int(gid) if gid else None)

    def shard_connected(self, shard_id: int) -> bool:
        """True when shard ``shard_id``'s session has an open gateway socket."""
        s = self.shard_sessions.get(shard_id)
        return s is not None and s.conn is not None and not s.conn.ws.closed

    @property
    def connected_shards(self) -> set[int]:
        """The shards (of :attr:`shard_count`) whose session has an open socket."""
        return {i for i in range(self.shard_count) if self.shard_connected(i)}

    @property
    def connected(self) -> bool:
        """True when every shard has identified and has an open gateway socket (a bot
        that does not shard: its one session)."""
        return len(self.connected_shards) == self.shard_count

    async def drop_gateway(self, code: int = 4000, *, shard: int | None = None) -> None:
        """Close a gateway socket with ``code`` (4000: the client resumes): the session
        that identified last, or shard ``shard``'s."""
        s = self.current_session if shard is None else self.shard_sessions.get(shard)
        if s is None or s.conn is None:
            raise RuntimeError("no gateway connection to drop")
        conn, s.conn = s.conn, None
        await conn.close(code)
        self._touch()

    def send_reconnect(self) -> None:
        """Send op 7 RECONNECT: discord.py closes the socket and resumes."""
        s = self.current_session
        if s is None or s.conn is None:
            raise RuntimeError("no gateway connection")
        s.conn.send({"op": OP_RECONNECT, "d": None})

    async def wait_connected(self, *, timeout: float = 10.0) -> None:
        """Wait until a session has an open socket (after IDENTIFY or RESUME)."""
        await self.wait_until(lambda: self.connected, timeout=timeout, what="a gateway session")

    async def _serve_gateway(self, request: web.Request) -> web.WebSocketResponse:
        return await gateway.serve_gateway(self, request)

    def message_payload(self, message: StoredMessage) -> dict[str, Any]:
        """The message object Discord would send for ``message`` (what discord.py parses)."""
        return rest.message_payload(self, message)

    # ------------------------------------------------------------------ interactions

    def inject_interaction(
        self,
        kind: int,
        user: LoopbackUser | int,
        channel: Channel | int,
        data: dict[str, Any],
        *,
        message: StoredMessage | None = None,
        locale: str | None = None,
    ) -> InteractionRecord:
        """Dispatch INTERACTION_CREATE as Discord would when ``user`` acts in ``channel``.

        ``kind``: 2 slash command, 3 component, 4 autocomplete, 5 modal submit; ``data`` the
        interaction's ``data`` object; ``message`` the message carrying the clicked component.
        Returns the record that fills in when the bot calls back (see the harness to await it).
        """
        who = self._user(user)
        chan = self.channels[channel if isinstance(channel, int) else channel.id]
        guild = self.guilds.get(chan.guild_id or 0)
        rec_id = self.ids.next()
        token = "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(rec_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "token": token,
            "version": 1,
            "locale": locale or who.locale,
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "channel_id": str(chan.id),
            "channel": chan.payload(self.users),
        }
        if guild is not None:
            if who.id not in guild.members:
                raise ValueError(f"user {who.name} is not a member of guild {guild.name}")
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.locale,
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                member=guild.member_payload(who, with_permissions=True),
                app_permissions=str(self.bot_permissions_in(chan)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=who.payload(),
                app_permissions=str(EVERYONE_PERMISSIONS),
                authorizing_integration_owners={"0": "0"},
                context=1,
            )
        if message is not None:
            payload["message"] = rest.message_payload(self, message)
        rec = InteractionRecord(
            id=rec_id,
            token=token,
            type=kind,
            user_id=who.id,
            channel_id=chan.id,
            guild_id=guild.id if guild else None,
            data=data,
            payload=payload,
            message_id=message.id if message else None,
        )
        self.interactions[rec.id] = rec
        self._by_token[token] = rec
        if self.current_session is None:
            raise RuntimeError("no bot has identified on the gateway yet")
        self._emit("INTERACTION_CREATE", payload, rec.guild_id)  # DMs: shard 0
        return rec

    # ------------------------------------------------------------------ REST plumbing

    async def _attachment(self, request: web.Request) -> web.Response:
        mid_att = int(request.match_info["id"])
        for message in self.messages.values():
            for att in message.attachments:
                if att.id == mid_att:
                    return web.Response(body=att.data, content_type=att.content_type or "")
        raise web.HTTPNotFound()

    async def _read_body(self, request: web.Request) -> tuple[Any, dict[int, UploadedFile], str]:
        ctype = request.content_type
        if ctype.startswith("multipart/"):
            body: Any = NO_BODY
            files: dict[int, UploadedFile] = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                assert isinstance(part, aiohttp.BodyPartReader)
                raw = await part.read(decode=False)
                name = part.name or ""
                if name == "payload_json":
                    body = json.loads(raw)
                elif m := re.fullmatch(r"files\[(\d+)\]", name):
                    idx = int(m.group(1))
                    files[idx] = UploadedFile(
                        idx,
                        part.filename or f"file{idx}",
                        bytes(raw),
                        part.headers.get(aiohttp.hdrs.CONTENT_TYPE),
                    )
                else:
                    raise ApiError(400, 50035, f"unexpected multipart field {name!r}")
            return body, files, "multipart/form-data"
        raw = await request.read()
        if not raw:
            return NO_BODY, {}, ctype
        if ctype != "application/json":
            raise ApiError(400, 50035, f"unsupported content type {ctype!r}")
        return json.loads(raw), {}, ctype

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        self._last_request = time.monotonic()
        path = "/" + request.match_info["tail"]
        method = request.method
        query = dict(request.query)
        record = RequestRecord(method, path, None, query, None, [])
        if self.record_requests:
            self.requests.append(record)
        try:
            response = await self._handle(request, path, method, query, record)
        except ApiError as err:
            response = err.response()
        record.status = response.status
        self._last_request = time.monotonic()
        self._touch()
        return response

    async def _handle(
        self,
        request: web.Request,
        path: str,
        method: str,
        query: dict[str, str],
        record: RequestRecord,
    ) -> web.StreamResponse:
        body, files, ctype = await self._read_body(request)
        record.body = None if body is NO_BODY else body
        record.files = [f.filename for f in files.values()]
        match = self.spec.match(method, path)
        if self.validate:
            problems = self.spec.check(method, path, query, body, content_type=ctype)
            if problems:
                for p in problems:
                    self.violations.append(Violation("spec", method, path, p))
                raise ApiError(400, 50035, "Invalid Form Body", {"_errors": problems})
        if match is None:
            self.violations.append(Violation("spec", method, path, "unknown endpoint"))
            raise ApiError(404, 0, "404: Not Found")
        record.template = match.template
        counted = counts_against_global(match.template)
        self.budget_counts["global" if counted else "interaction"] += 1
        if counted and self.global_limit is not None:
            self._take_global()
        if self.rate_limits is not None and match.template.startswith(
            "/channels/{channel_id}/messages"
        ):
            self._take_token(f"{method} {match.params['channel_id']}")
        handler = rest.HANDLERS.get((method, match.template))
        if handler is None:
            self.violations.append(
                Violation("unhandled", method, path, f"{match.operation_id} not implemented")
            )
            raise ApiError(404, 0, f"loopback server does not implement {match.operation_id}")
        public = match.template.startswith(("/interactions/", "/webhooks/"))
        auth = request.headers.get("Authorization")
        if (auth is not None or not public) and auth != f"Bot {self.token}":
            raise ApiError(401, 0, "401: Unauthorized")
        channel_id = match.params.get("channel_id")
        fault = self.faults.take(
            method, match.template, path, int(channel_id) if channel_id else None
        )
        if fault is not None:
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.status:
                raise ApiError(fault.status, fault.code, fault.text, retry_after=fault.retry_after)
        if channel_id is not None:
            self._check_permissions(method, path, match.template, int(channel_id), body, files)
        api = ApiRequest(method, path, match.template, match.params, query, body, files)
        result = await handler(self, api)
        if result is None:
            return web.Response(status=204)
        status = 201 if (method, match.template) in rest.CREATED else 200
        if self.validate_responses:
            for p in self.spec.check_response(method, path, status, result):
                self.violations.append(Violation("response", method, path, p))
        return json_response(result, status)

    def _check_permissions(
        self,
        method: str,
        path: str,
        template: str,
        channel_id: int,
        body: Any,
        files: dict[int, UploadedFile],
    ) -> None:
        """403 as Discord answers when the bot lacks a permission in a guild channel."""
        channel = self.channels.get(channel_id)
        if channel is None or channel.guild_id is None:
            return
        embeds = bool(body.get("embeds")) if isinstance(body, dict) else False
        private = isinstance(body, dict) and body.get("type") == PRIVATE_THREAD
        need = required_permissions(
            channel, method, template, files=bool(files), embeds=embeds, private=private
        )
        missing = need & ~self.bot_permissions_in(channel)
        if channel.type == PRIVATE_THREAD and not self.can_read(self.bot_user.id, channel):
            missing |= VIEW_CHANNEL  # a private thread the bot is not in: Missing Access
        if not missing:
            return
        names = tuple(name for bit, name in PERMISSION_NAMES.items() if missing & bit)
        self.permission_refusals.append((method, path, names))
        if "view_channel" in names:
            raise ApiError(403, 50001, "Missing Access")
        raise ApiError(403, 50013, "Missing Permissions")

    def _take_token(self, bucket: str) -> None:
        """Sliding-window message bucket per channel, else 429 in Discord's shape."""
        assert self.rate_limits is not None
        limit, period = self.rate_limits
        now = time.monotonic()
        window = self._buckets.setdefault(bucket, collections.deque())
        while window and now - window[0] >= period:
            window.popleft()
        if len(window) >= limit:
            self.rate_limit_hits[bucket] += 1
            retry_after = round(period - (now - window[0]), 3)
            raise ApiError(429, 20028, "You are being rate limited.", retry_after=retry_after)
        window.append(now)

    def _take_global(self) -> None:
        """The bot's global limit (sliding window), else a global 429 in Discord's shape."""
        assert self.global_limit is not None
        limit, period = self.global_limit
        now = time.monotonic()
        window = self._buckets.setdefault("global", collections.deque())
        while window and now - window[0] >= period:
            window.popleft()
        if len(window) >= limit:
            self.rate_limit_hits["global"] += 1
            retry_after = round(period - (now - window[0]), 3)
            raise ApiError(
                429, 0, "You are being rate limited.", retry_after=retry_after, is_global=True
            )
        window.append(now)

    def _api_violation(self, api: ApiRequest, status: int, code: int, message: str) -> ApiError:
        self.violations.append(Violation("api", api.method, api.path, f"{code}: {message}"))
        return ApiError(status, code, message)
