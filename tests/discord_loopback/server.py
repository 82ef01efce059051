"""The loopback Discord server: gateway and REST API on 127.0.0.1 for the unmodified discord.py.

:class:`LoopbackDiscord` is an aiohttp application on a random free port of 127.0.0.1 with

- the gateway at ``ws://127.0.0.1:PORT/gateway`` (HELLO, heartbeat ACK, IDENTIFY -> READY +
  GUILD_CREATE, RESUME -> replay + RESUMED, REQUEST_GUILD_MEMBERS -> GUILD_MEMBERS_CHUNK,
  dispatches such as INTERACTION_CREATE); the ``compress=zlib-stream`` query of discord.py is
  honoured (one zlib stream per connection, frames flushed with Z_SYNC_FLUSH); any other
  compression request is answered with uncompressed text frames, which discord.py also accepts
  (``DiscordWebSocket.received_message`` only decompresses binary frames);
- the REST API under ``http://127.0.0.1:PORT/api/v10`` for what a bot of this project does
  (see ``_HANDLERS`` at the bottom for the list).  Every request is first checked against
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
import mimetypes
import re
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
from aiohttp import web

from .models import (
    DM,
    EPHEMERAL,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    LOADING,
    MANAGE_CHANNELS,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    Guild,
    InteractionRecord,
    LoopbackUser,
    Member,
    Role,
    Snowflakes,
    StoredMessage,
    iso,
)
from .spec import NO_BODY, SpecValidator

T = TypeVar("T")

API_PREFIX = "/api/v10"
#: Discord's message bucket per channel: 5 creates/edits/deletes per 5 seconds.
DISCORD_MESSAGE_BUCKET = (5, 5.0)
DEFAULT_TOKEN = "loopback-bot-token"  # a test token, not a secret

# Gateway opcodes
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE, OP_VOICE = 0, 1, 2, 3, 4
OP_RESUME, OP_RECONNECT, OP_REQUEST_MEMBERS, OP_INVALID_SESSION = 6, 7, 8, 9
OP_HELLO, OP_HEARTBEAT_ACK = 10, 11

# Interaction types and callback types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CALLBACK_MESSAGE, CALLBACK_DEFERRED_MESSAGE, CALLBACK_DEFERRED_UPDATE = 4, 5, 6
CALLBACK_UPDATE, CALLBACK_AUTOCOMPLETE, CALLBACK_MODAL = 7, 8, 9
_ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}
GUILDS_INTENT, GUILD_MEMBERS_INTENT = 1 << 0, 1 << 1
_EVENT_INTENTS = {
    "GUILD_CREATE": GUILDS_INTENT,
    "GUILD_ROLE_CREATE": GUILDS_INTENT,
    "CHANNEL_CREATE": GUILDS_INTENT,
    "THREAD_CREATE": GUILDS_INTENT,
    "GUILD_MEMBER_ADD": GUILD_MEMBERS_INTENT,
}
_MENTION = re.compile(r"<@!?(\d+)>")


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON answer with the exact ``Content-Type: application/json`` discord.py checks for
    (``discord.http.json_or_text`` compares the header verbatim, so no charset suffix)."""
    return web.Response(
        body=json.dumps(data, separators=(",", ":")).encode(),
        status=status,
        content_type="application/json",
    )


@dataclass(frozen=True)
class Violation:
    """A request Discord would refuse, or one this server cannot answer.

    ``kind``: ``"spec"`` (does not match the OpenAPI description), ``"api"`` (valid shape but
    breaks a rule Discord enforces, e.g. a second callback for one interaction, duplicate
    custom_ids), ``"late"`` (interaction answered after the deadline), ``"unhandled"`` (endpoint
    not implemented here).
    """

    kind: str
    method: str
    path: str
    detail: str

    def __str__(self) -> str:
        return f"[{self.kind}] {self.method} {self.path}: {self.detail}"


class SpecViolationError(AssertionError):
    """Raised by :meth:`LoopbackDiscord.assert_clean` listing every recorded violation."""


@dataclass
class RequestRecord:
    """One REST request as received: decoded body (or None) and uploaded file names."""

    method: str
    path: str
    template: str | None
    query: dict[str, str]
    body: Any
    files: list[str]
    status: int = 0
    at: float = field(default_factory=time.monotonic)


class ApiError(Exception):
    """An error answer in Discord's shape: HTTP ``status``, JSON ``{"code", "message"}``."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: Any = None,
        *,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors
        self.retry_after = retry_after

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        response = json_response(body, status=self.status)
        if self.retry_after is not None:
            body.update(retry_after=self.retry_after, **{"global": False})
            response = json_response(body, status=self.status)
            response.headers["Retry-After"] = str(self.retry_after)
            response.headers["X-RateLimit-Scope"] = "user"
            # discord.py takes a 429 without a Via header for a Cloudflare ban and gives up
            response.headers["Via"] = "1.1 google"
        return response


@dataclass
class UploadedFile:
    """A ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class ApiRequest:
    """A decoded REST request handed to a handler."""

    method: str
    path: str
    template: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: dict[int, UploadedFile]

    def json(self) -> dict[str, Any]:
        """The body as an object ({} when absent or null)."""
        return self.body if isinstance(self.body, dict) else {}

    def flag(self, name: str) -> bool:
        """A boolean query parameter (``true`` or ``1``)."""
        return self.query.get(name, "").lower() in ("1", "true")


class _Connection:
    """One gateway websocket: a send queue drained by one writer task (keeps frame order)."""

    def __init__(self, ws: web.WebSocketResponse, compress: bool) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._zlib = zlib.compressobj() if compress else None
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, payload: dict[str, Any]) -> None:
        self.queue.put_nowait(json.dumps(payload, separators=(",", ":")))

    def send_raw(self, frame: str) -> None:
        self.queue.put_nowait(frame)

    async def _write(self) -> None:
        while True:
            frame = await self.queue.get()
            if frame is None or self.ws.closed:
                return
            try:
                if self._zlib is not None:
                    data = self._zlib.compress(frame.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(data)
                else:
                    await self.ws.send_str(frame)
            except (ConnectionError, RuntimeError):
                return  # the peer went away; the session keeps the backlog for a resume

    async def close(self, code: int) -> None:
        self.queue.put_nowait(None)
        await self.ws.close(code=code)


@dataclass
class GatewaySession:
    """A gateway session: survives its socket so that the client can RESUME it.

    ``backlog`` keeps the last dispatches (seq, frame) to replay after a resume.
    """

    session_id: str
    intents: int
    seq: int = 0
    conn: _Connection | None = None
    backlog: collections.deque[tuple[int, str]] = field(
        default_factory=lambda: collections.deque(maxlen=10_000)
    )
    resumes: int = 0

    def emit(self, event: str, data: Any) -> None:
        needed = _EVENT_INTENTS.get(event, 0)
        if needed and not self.intents & needed:
            return  # Discord sends only what the identified intents ask for
        self.seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}, separators=(",", ":"))
        self.backlog.append((self.seq, frame))
        if self.conn is not None:
            self.conn.send_raw(frame)


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
    ) -> None:
        self.token = token
        self.validate = validate
        self.interaction_deadline = interaction_deadline
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.record_requests = record_requests
        self.keep_history = keep_history
        self.rate_limits = rate_limits
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
        self.sessions: dict[str, GatewaySession] = {}
        self.current_session: GatewaySession | None = None
        self.identify_count = 0
        self.resume_count = 0
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
        app.router.add_get("/gateway", self._gateway)
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

    def add_guild(self, name: str, *, locale: str = "en-US") -> Guild:
        """A new guild owned by nobody in particular, with the bot as member (role ``Paiju``)."""
        owner = LoopbackUser(self.ids.next(), f"{name} owner")
        self.users[owner.id] = owner
        guild = Guild(self.ids.next(), name, owner.id, locale=locale)
        guild.roles[guild.id] = Role(guild.id, "@everyone", EVERYONE_PERMISSIONS)
        bot_role = Role(self.ids.next(), "Paiju", EVERYONE_PERMISSIONS | (1 << 13) | (1 << 34), 1)
        guild.roles[bot_role.id] = bot_role
        guild.members[owner.id] = Member(owner.id)
        guild.members[self.bot_user.id] = Member(self.bot_user.id, [bot_role.id])
        self.guilds[guild.id] = guild
        self._emit("GUILD_CREATE", guild.payload(self.users))
        return guild

    def add_role(self, name: str, permissions: int, *, guild: Guild | None = None) -> Role:
        """A role with the given permission bits in ``guild`` (default guild)."""
        guild = guild or self.guild
        role = Role(self.ids.next(), name, permissions, len(guild.roles))
        guild.roles[role.id] = role
        self._emit("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()})
        return role

    def add_channel(
        self, name: str, *, guild: Guild | None = None, type: int = GUILD_TEXT
    ) -> Channel:
        """A text channel in ``guild`` (default guild); announced by CHANNEL_CREATE."""
        guild = guild or self.guild
        channel = Channel(self.ids.next(), type, name, guild.id, position=len(guild.channels))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._emit("CHANNEL_CREATE", channel.payload())
        return channel

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
        self._emit("GUILD_MEMBER_ADD", payload)
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
        recipient, guild channel messages every member of the guild."""
        if message.deleted:
            return False
        if message.ephemeral_to is not None:
            return message.ephemeral_to == user_id
        channel = self.channels[message.channel_id]
        if channel.type == DM:
            return channel.recipient_id == user_id
        guild = self.guilds.get(channel.guild_id or 0)
        return guild is not None and user_id in guild.members

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

    def _emit(self, event: str, data: Any) -> None:
        if self.current_session is not None:
            self.current_session.emit(event, data)
        self._touch()

    def dispatch(self, event: str, data: Any) -> None:
        """Send a gateway dispatch (``t=event``) to the current session (buffered if the
        socket is down; replayed on RESUME)."""
        if self.current_session is None:
            raise RuntimeError("no bot has identified on the gateway yet")
        self._emit(event, data)

    @property
    def connected(self) -> bool:
        """True when a bot session has an open gateway socket."""
        s = self.current_session
        return s is not None and s.conn is not None and not s.conn.ws.closed

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the current gateway socket with ``code`` (4000: the client resumes)."""
        s = self.current_session
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

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        if request.query.get("encoding", "json") != "json":
            await ws.close(code=4002, message=b"only encoding=json is spoken here")
            return ws
        conn = _Connection(ws, request.query.get("compress") == "zlib-stream")
        conn.send({"op": OP_HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        session: GatewaySession | None = None
        try:
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    continue
                payload = json.loads(msg.data)
                op, data = payload.get("op"), payload.get("d")
                if op == OP_HEARTBEAT:
                    conn.send({"op": OP_HEARTBEAT_ACK})
                elif op == OP_IDENTIFY:
                    session = await self._identify(conn, data)
                elif op == OP_RESUME:
                    session = self._resume(conn, data)
                elif op == OP_REQUEST_MEMBERS:
                    self._members_chunk(conn, data)
                elif op in (OP_PRESENCE, OP_VOICE):
                    pass
                else:
                    await conn.close(4001)
        finally:
            if session is not None and session.conn is conn:
                session.conn = None
            conn.queue.put_nowait(None)
            self._touch()
        return ws

    async def _identify(self, conn: _Connection, data: dict[str, Any]) -> GatewaySession | None:
        if data.get("token") != self.token:
            await conn.close(4004)
            return None
        self.identify_count += 1
        session = GatewaySession(secrets.token_hex(16), int(data.get("intents") or 0), conn=conn)
        self.sessions[session.session_id] = session
        # a new IDENTIFY is a new bot process: it alone gets dispatches from now on
        self.current_session = session
        guilds = [g for g in self.guilds.values() if self.bot_user.id in g.members]
        session.emit(
            "READY",
            {
                "v": 10,
                "user": self.bot_user.payload(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": self.gateway_url,
                "application": {"id": str(self.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "session_type": "normal",
                "auth": {},
                "_trace": ["loopback"],
            },
        )
        for guild in guilds:
            payload = guild.payload(self.users)
            if not session.intents & GUILD_MEMBERS_INTENT:
                # without the privileged GUILD_MEMBERS intent only the bot's own member comes
                payload["members"] = [guild.member_payload(self.bot_user)]
            session.emit("GUILD_CREATE", payload)
        self._touch()
        return session

    def _resume(self, conn: _Connection, data: dict[str, Any]) -> GatewaySession | None:
        session = self.sessions.get(data.get("session_id") or "")
        if session is None or data.get("token") != self.token:
            conn.send({"op": OP_INVALID_SESSION, "d": False})
            return None
        self.resume_count += 1
        session.resumes += 1
        session.conn = conn
        after = int(data.get("seq") or 0)
        for seq, frame in session.backlog:
            if seq > after:
                conn.send_raw(frame)
        session.emit("RESUMED", {"_trace": ["loopback"]})
        self._touch()
        return session

    def _members_chunk(self, conn: _Connection, data: dict[str, Any]) -> None:
        guild = self.guilds.get(int(data.get("guild_id") or 0))
        if guild is None or self.current_session is None:
            return
        members = [guild.member_payload(self.users[uid]) for uid in guild.members]
        payload = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            payload["nonce"] = data["nonce"]
        self.current_session.emit("GUILD_MEMBERS_CHUNK", payload)

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
                app_permissions=str(guild.permissions_of(self.bot_user.id)),
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
            payload["message"] = self.message_payload(message)
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
        self.dispatch("INTERACTION_CREATE", payload)
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
        if self.rate_limits is not None and match.template.startswith(
            "/channels/{channel_id}/messages"
        ):
            self._take_token(f"{method} {match.params['channel_id']}")
        handler = _HANDLERS.get((method, match.template))
        if handler is None:
            self.violations.append(
                Violation("unhandled", method, path, f"{match.operation_id} not implemented")
            )
            raise ApiError(404, 0, f"loopback server does not implement {match.operation_id}")
        public = match.template.startswith(("/interactions/", "/webhooks/"))
        auth = request.headers.get("Authorization")
        if (auth is not None or not public) and auth != f"Bot {self.token}":
            raise ApiError(401, 0, "401: Unauthorized")
        api = ApiRequest(method, path, match.template, match.params, query, body, files)
        result = await handler(self, api)
        if result is None:
            return web.Response(status=204)
        return json_response(result)

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

    def _api_violation(self, api: ApiRequest, status: int, code: int, message: str) -> ApiError:
        self.violations.append(Violation("api", api.method, api.path, f"{code}: {message}"))
        return ApiError(status, code, message)

    # ------------------------------------------------------------------ messages

    def message_payload(self, m: StoredMessage) -> dict[str, Any]:
        """The message object discord.py parses (``discord/types/message.py:Message``)."""
        channel = self.channels[m.channel_id]
        mentions = [
            self.users[int(uid)].payload()
            for uid in dict.fromkeys(_MENTION.findall(m.content))
            if int(uid) in self.users
        ]
        data: dict[str, Any] = {
            "id": str(m.id),
            "channel_id": str(m.channel_id),
            "author": self.users[m.author_id].payload(),
            "content": m.content,
            "timestamp": iso(m.created_at),
            "edited_timestamp": iso(m.edited_at) if m.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": mentions,
            "mention_roles": [],
            "attachments": [a.payload(self.base_url, m.channel_id) for a in m.attachments],
            "embeds": m.embeds,
            "pinned": False,
            "type": m.type,
            "flags": m.flags,
            "components": m.components,
        }
        if channel.guild_id:
            data["guild_id"] = str(channel.guild_id)
        if m.webhook_id:
            data["webhook_id"] = str(m.webhook_id)
            data["application_id"] = str(self.application_id)
        if m.interaction_id is not None:
            rec = self.interactions[m.interaction_id]
            data["interaction_metadata"] = {
                "id": str(rec.id),
                "type": rec.type,
                "user": self.users[rec.user_id].payload(),
                "authorizing_integration_owners": rec.payload["authorizing_integration_owners"],
            }
        return data

    def _check_components(self, api: ApiRequest, components: list[dict[str, Any]]) -> None:
        probe = StoredMessage(0, 0, 0, components=components)
        ids = probe.custom_ids()
        dupes = sorted({c for c in ids if ids.count(c) > 1})
        if dupes:
            raise self._api_violation(
                api, 400, 50035, f"component custom_id cannot be duplicated: {dupes}"
            )

    def _apply(
        self, api: ApiRequest, m: StoredMessage, body: dict[str, Any], *, edit: bool
    ) -> None:
        """Apply a create/edit body (content, embeds, components, flags, attachments)."""
        if edit and self.keep_history:
            m.snapshot()
            m.edited_at = time.time()
        if "content" in body:
            m.content = body["content"] or ""
        if "embeds" in body:
            m.embeds = [{"type": "rich", **e} for e in body["embeds"] or []]
        if "components" in body:
            m.components = body["components"] or []
            self._check_components(api, m.components)
        if body.get("flags") is not None:
            # ephemerality is fixed at creation; "thinking" is cleared by the caller
            keep = m.flags & (LOADING | (EPHEMERAL if edit else 0))
            m.flags = (body["flags"] & ~LOADING) | keep
        new = []
        for idx, upload in sorted(api.files.items()):
            meta: dict[str, Any] = next(
                (a for a in body.get("attachments") or [] if str(a.get("id")) == str(idx)), {}
            )
            filename = meta.get("filename") or upload.filename
            ctype = mimetypes.guess_type(filename)[0] or upload.content_type
            new.append(
                Attachment(self.ids.next(), filename, upload.data, ctype, meta.get("description"))
            )
        if "attachments" in body and edit:
            keep_ids = {str(a.get("id")) for a in body["attachments"] or []}
            m.attachments = [a for a in m.attachments if str(a.id) in keep_ids] + new
        else:
            m.attachments = m.attachments + new
        if not (m.content or m.embeds or m.components or m.attachments) and not m.loading:
            raise self._api_violation(api, 400, 50006, "Cannot send an empty message")

    def _new_message(
        self,
        api: ApiRequest,
        channel_id: int,
        body: dict[str, Any],
        *,
        interaction: InteractionRecord | None = None,
        msg_type: int = 0,
        loading: bool = False,
    ) -> StoredMessage:
        m = StoredMessage(self.ids.next(), channel_id, self.bot_user.id, type=msg_type)
        if interaction is not None:
            m.interaction_id = interaction.id
            m.webhook_id = self.application_id
            if (body.get("flags") or 0) & EPHEMERAL:
                m.ephemeral_to = interaction.user_id
        if loading:
            m.flags = LOADING
        self._apply(api, m, body, edit=False)
        if m.ephemeral_to is not None:
            m.flags |= EPHEMERAL
        self.messages[m.id] = m
        self._by_channel[channel_id].append(m.id)
        return m

    def _channel_or_404(self, channel_id: str) -> Channel:
        channel = self.channels.get(int(channel_id))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _message_or_404(self, channel: Channel, message_id: str) -> StoredMessage:
        m = self.messages.get(int(message_id))
        # ephemeral messages exist only for their interaction's webhook, as on Discord
        if m is None or m.deleted or m.channel_id != channel.id or m.ephemeral:
            raise ApiError(404, 10008, "Unknown Message")
        return m

    # ------------------------------------------------------------------ REST handlers

    async def _get_me(self, api: ApiRequest) -> Any:
        return {
            **self.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
        }

    async def _get_user(self, api: ApiRequest) -> Any:
        user = self.users.get(int(api.params["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return user.payload()

    async def _get_gateway(self, api: ApiRequest) -> Any:
        if api.path.endswith("/bot"):
            limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
            return {"url": self.gateway_url, "shards": 1, "session_start_limit": limit}
        return {"url": self.gateway_url}

    async def _get_application(self, api: ApiRequest) -> Any:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "Paiju (牌局) loopback application",
            "summary": "",
            "type": None,
            "bot": self.bot_user.payload(),
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": self.users[self.guild.owner_id].payload(),
            "team": None,
            "hook": True,
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(self.guilds),
        }

    def _command_payload(self, cmd: dict[str, Any], guild_id: int | None) -> dict[str, Any]:
        kind = cmd.get("type") or 1
        key = (guild_id, kind, cmd["name"])
        cid = self._command_ids.setdefault(key, self.ids.next())  # stable across re-syncs
        out = {
            "id": str(cid),
            "application_id": str(self.application_id),
            "version": str(self.ids.next()),
            "type": kind,
            "description": "",
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **{k: v for k, v in cmd.items() if v is not None},
        }
        if cmd.get("default_member_permissions") is not None:
            out["default_member_permissions"] = str(cmd["default_member_permissions"])
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        return out

    def _command_list(self, api: ApiRequest) -> tuple[list[dict[str, Any]], int | None]:
        if api.params["application_id"] != str(self.application_id):
            raise ApiError(403, 50001, "Missing Access")
        gid = api.params.get("guild_id")
        if gid is None:
            return self.global_commands, None
        if int(gid) not in self.guilds:
            raise ApiError(404, 10004, "Unknown Guild")
        return self.guild_commands.setdefault(int(gid), []), int(gid)

    async def _commands(self, api: ApiRequest) -> Any:
        current, gid = self._command_list(api)
        if api.method == "GET":
            return current
        if api.method == "PUT":
            names = [(c.get("type") or 1, c["name"]) for c in api.body or []]
            if len(names) != len(set(names)):
                raise self._api_violation(api, 400, 50035, "duplicate command names")
            current[:] = [self._command_payload(c, gid) for c in api.body or []]
            return current
        # POST: create or overwrite one command by name
        cmd = self._command_payload(api.json(), gid)
        current[:] = [c for c in current if (c["type"], c["name"]) != (cmd["type"], cmd["name"])]
        current.append(cmd)
        return cmd

    async def _command(self, api: ApiRequest) -> Any:
        current, _ = self._command_list(api)
        found = next((c for c in current if c["id"] == api.params["command_id"]), None)
        if found is None:
            raise ApiError(404, 10063, "Unknown application command")
        if api.method == "DELETE":
            current.remove(found)
            return None
        if api.method == "PATCH":
            found.update({k: v for k, v in api.json().items() if v is not None})
        return found

    async def _callback(self, api: ApiRequest) -> Any:
        rec = self.interactions.get(int(api.params["interaction_id"]))
        if rec is None or rec.token != api.params["interaction_token"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if rec.answered:
            raise self._api_violation(api, 400, 40060, "Interaction has already been acknowledged.")
        waited = time.monotonic() - rec.created_at
        if self.interaction_deadline is not None and waited > self.interaction_deadline:
            self.violations.append(
                Violation("late", api.method, api.path, f"first callback after {waited:.2f}s")
            )
            raise ApiError(404, 10062, "Unknown interaction")
        body = api.json()
        ctype = int(body["type"])
        if ctype not in _ALLOWED_CALLBACKS.get(rec.type, set()):
            raise self._api_violation(
                api,
                400,
                50035,
                f"callback type {ctype} is not valid for interaction type {rec.type}",
            )
        data = body.get("data") or {}
        message: StoredMessage | None = None
        msg_type = 20 if rec.type == APPLICATION_COMMAND else 0
        if ctype == CALLBACK_MESSAGE:
            message = self._new_message(
                api, rec.channel_id, data, interaction=rec, msg_type=msg_type
            )
            rec.response_message_id = message.id
        elif ctype == CALLBACK_DEFERRED_MESSAGE:
            message = self._new_message(
                api, rec.channel_id, data, interaction=rec, msg_type=msg_type, loading=True
            )
            rec.response_message_id = message.id
        elif ctype in (CALLBACK_DEFERRED_UPDATE, CALLBACK_UPDATE):
            if rec.message_id is None:
                raise self._api_violation(api, 400, 50035, "no message to update")
            message = self.messages[rec.message_id]
            rec.response_message_id = message.id
            if ctype == CALLBACK_UPDATE:
                self._apply(api, message, data, edit=True)
        rec.callback_type = ctype
        rec.callback_data = data
        rec.callback_at = time.monotonic()
        if not api.flag("with_response"):
            return None
        out: dict[str, Any] = {
            "interaction": {
                "id": str(rec.id),
                "type": rec.type,
                "response_message_loading": ctype == CALLBACK_DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            }
        }
        if message is not None:
            out["interaction"]["response_message_id"] = str(message.id)
            out["resource"] = {"type": ctype, "message": self.message_payload(message)}
        else:
            out["resource"] = {"type": ctype}
        return out

    def _webhook_interaction(self, api: ApiRequest) -> InteractionRecord:
        rec = self._by_token.get(api.params["webhook_token"])
        if rec is None or api.params["webhook_id"] != str(self.application_id):
            raise ApiError(404, 10015, "Unknown Webhook")
        if not rec.answered:
            raise self._api_violation(
                api, 404, 10015, "Unknown Webhook (interaction not acknowledged)"
            )
        return rec

    def _webhook_message(self, api: ApiRequest, rec: InteractionRecord) -> StoredMessage:
        mid = api.params.get("message_id")
        if mid is None:  # @original
            if rec.response_message_id is None:
                raise ApiError(404, 10008, "Unknown Message")
            return self.messages[rec.response_message_id]
        m = self.messages.get(int(mid))
        if m is None or m.deleted or int(mid) not in [rec.response_message_id, *rec.followup_ids]:
            raise ApiError(404, 10008, "Unknown Message")
        return m

    async def _followup(self, api: ApiRequest) -> Any:
        rec = self._webhook_interaction(api)
        body = api.json()
        original = self.messages.get(rec.response_message_id or 0)
        if original is not None and original.loading:
            # Discord: the first follow-up after a deferral replaces the "thinking" message
            self._apply(api, original, body, edit=True)
            original.flags &= ~LOADING
            original.history.clear()
            original.edited_at = None
            message = original
        else:
            message = self._new_message(api, rec.channel_id, body, interaction=rec, msg_type=0)
            rec.followup_ids.append(message.id)
        return self.message_payload(message) if api.flag("wait") else None

    async def _webhook_message_op(self, api: ApiRequest) -> Any:
        rec = self._webhook_interaction(api)
        m = self._webhook_message(api, rec)
        if api.method == "GET":
            return self.message_payload(m)
        if api.method == "DELETE":
            m.deleted = True
            return None
        was_loading = m.loading
        self._apply(api, m, api.json(), edit=True)
        if was_loading:
            m.flags &= ~LOADING
        return self.message_payload(m)

    async def _create_dm(self, api: ApiRequest) -> Any:
        rid = api.json().get("recipient_id")
        if rid is None or int(rid) not in self.users:
            raise ApiError(400, 50033, "Invalid Recipients")
        return self.dm_channel(int(rid)).payload(self.users)

    async def _get_channel(self, api: ApiRequest) -> Any:
        return self._channel_or_404(api.params["channel_id"]).payload(self.users)

    async def _rest_channel_messages(self, api: ApiRequest) -> Any:
        channel = self._channel_or_404(api.params["channel_id"])
        if api.method == "GET":
            limit = int(api.query.get("limit", "50"))
            msgs = [self.message_payload(m) for m in self.channel_messages(channel)]
            return list(reversed(msgs))[:limit]
        if channel.type == DM:
            recipient = self.users[channel.recipient_id or 0]
            if not recipient.dms_open:
                raise ApiError(403, 50007, "Cannot send messages to this user")
        m = self._new_message(api, channel.id, api.json())
        return self.message_payload(m)

    async def _rest_channel_message(self, api: ApiRequest) -> Any:
        channel = self._channel_or_404(api.params["channel_id"])
        m = self._message_or_404(channel, api.params["message_id"])
        if api.method == "GET":
            return self.message_payload(m)
        if m.author_id != self.bot_user.id and api.method == "PATCH":
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        if api.method == "DELETE":
            m.deleted = True
            return None
        self._apply(api, m, api.json(), edit=True)
        return self.message_payload(m)

    async def _create_thread(self, api: ApiRequest) -> Any:
        parent = self._channel_or_404(api.params["channel_id"])
        if parent.guild_id is None:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        body = api.json()
        tid = int(api.params["message_id"]) if "message_id" in api.params else self.ids.next()
        thread = Channel(
            tid,
            int(body.get("type") or PUBLIC_THREAD),
            body.get("name"),
            parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
        )
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id].channels[thread.id] = thread
        self._emit("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread.payload()

    async def _typing(self, api: ApiRequest) -> Any:
        self._channel_or_404(api.params["channel_id"])
        return None

    async def _get_guild(self, api: ApiRequest) -> Any:
        guild = self.guilds.get(int(api.params["guild_id"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        if api.template.endswith("/channels"):
            return [c.payload() for c in guild.channels.values()]
        if "user_id" in api.params:
            uid = int(api.params["user_id"])
            if uid not in guild.members:
                raise ApiError(404, 10007, "Unknown Member")
            return guild.member_payload(self.users[uid])
        payload = guild.payload(self.users)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key)
        return payload


Handler = Callable[[LoopbackDiscord, ApiRequest], Awaitable[Any]]

_HANDLERS: dict[tuple[str, str], Handler] = {
    ("GET", "/users/@me"): LoopbackDiscord._get_me,
    ("GET", "/users/{user_id}"): LoopbackDiscord._get_user,
    ("GET", "/gateway"): LoopbackDiscord._get_gateway,
    ("GET", "/gateway/bot"): LoopbackDiscord._get_gateway,
    ("GET", "/applications/@me"): LoopbackDiscord._get_application,
    ("GET", "/oauth2/applications/@me"): LoopbackDiscord._get_application,
    ("POST", "/users/@me/channels"): LoopbackDiscord._create_dm,
    ("GET", "/channels/{channel_id}"): LoopbackDiscord._get_channel,
    ("POST", "/channels/{channel_id}/typing"): LoopbackDiscord._typing,
    ("POST", "/channels/{channel_id}/threads"): LoopbackDiscord._create_thread,
    (
        "POST",
        "/channels/{channel_id}/messages/{message_id}/threads",
    ): LoopbackDiscord._create_thread,
    ("GET", "/guilds/{guild_id}"): LoopbackDiscord._get_guild,
    ("GET", "/guilds/{guild_id}/channels"): LoopbackDiscord._get_guild,
    ("GET", "/guilds/{guild_id}/members/{user_id}"): LoopbackDiscord._get_guild,
    (
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
    ): LoopbackDiscord._callback,
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): LoopbackDiscord._followup,
}
for _method in ("GET", "POST"):
    _HANDLERS[(_method, "/channels/{channel_id}/messages")] = LoopbackDiscord._rest_channel_messages
for _method in ("GET", "PATCH", "DELETE"):
    _HANDLERS[(_method, "/channels/{channel_id}/messages/{message_id}")] = (
        LoopbackDiscord._rest_channel_message
    )
    for _tail in ("@original", "{message_id}"):
        _HANDLERS[(_method, "/webhooks/{webhook_id}/{webhook_token}/messages/" + _tail)] = (
            LoopbackDiscord._webhook_message_op
        )
    for _base in (
        "/applications/{application_id}",
        "/applications/{application_id}/guilds/{guild_id}",
    ):
        _HANDLERS[(_method, _base + "/commands/{command_id}")] = LoopbackDiscord._command
for _method in ("GET", "PUT", "POST"):
    for _base in (
        "/applications/{application_id}",
        "/applications/{application_id}/guilds/{guild_id}",
    ):
        _HANDLERS[(_method, _base + "/commands")] = LoopbackDiscord._commands
