"""The gateway side of the loopback Discord: one websocket per connection, sessions that resume.

``serve_gateway`` is the aiohttp handler of ``/gateway``: it sends HELLO, ACKs heartbeats,
answers IDENTIFY with READY + GUILD_CREATE (a new session, which becomes the one that receives
dispatches), RESUME with the missed dispatches + RESUMED (or INVALID_SESSION when unknown), and
REQUEST_GUILD_MEMBERS with one GUILD_MEMBERS_CHUNK.  ``compress=zlib-stream`` is honoured with
one zlib context per connection (binary frames, Z_SYNC_FLUSH); anything else gets text frames.
Sessions keep the last 10 000 dispatches so that a RESUME replays what the socket missed.
Only events allowed by the identified intents are sent (:data:`EVENT_INTENTS`).
IDENTIFY's ``shard: [id, count]`` makes the session its shard's: guild events go to the shard
``(guild_id >> 22) % count`` (:func:`shard_of`), DMs to shard 0.
"""

from __future__ import annotations

import asyncio
import collections
import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

if TYPE_CHECKING:
    from .models import Guild
    from .server import LoopbackDiscord

# Gateway opcodes
OP_DISPATCH, OP_HEARTBEAT, OP_IDENTIFY, OP_PRESENCE, OP_VOICE = 0, 1, 2, 3, 4
OP_RESUME, OP_RECONNECT, OP_REQUEST_MEMBERS, OP_INVALID_SESSION = 6, 7, 8, 9
OP_HELLO, OP_HEARTBEAT_ACK = 10, 11

GUILDS_INTENT, GUILD_MEMBERS_INTENT = 1 << 0, 1 << 1
#: The intent a dispatch needs; events not listed (READY, INTERACTION_CREATE...) always go.
EVENT_INTENTS = {
    "GUILD_CREATE": GUILDS_INTENT,
    "GUILD_ROLE_CREATE": GUILDS_INTENT,
    "CHANNEL_CREATE": GUILDS_INTENT,
    "THREAD_CREATE": GUILDS_INTENT,
    "GUILD_MEMBER_ADD": GUILD_MEMBERS_INTENT,
}


class Connection:
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
    conn: Connection | None = None
    backlog: collections.deque[tuple[int, str]] = field(
        default_factory=lambda: collections.deque(maxlen=10_000)
    )
    resumes: int = 0
    #: ``(shard_id, shard_count)`` identified with (``(0, 1)`` when the bot did not shard)
    shard: tuple[int, int] = (0, 1)

    def emit(self, event: str, data: Any) -> None:
        needed = EVENT_INTENTS.get(event, 0)
        if needed and not self.intents & needed:
            return  # Discord sends only what the identified intents ask for
        self.seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}, separators=(",", ":"))
        self.backlog.append((self.seq, frame))
        if self.conn is not None:
            self.conn.send_raw(frame)


async def serve_gateway(server: LoopbackDiscord, request: web.Request) -> web.WebSocketResponse:
    """The ``/gateway`` websocket: HELLO, then answer opcodes until the peer goes away."""
    ws = web.WebSocketResponse(max_msg_size=0)
    await ws.prepare(request)
    if request.query.get("encoding", "json") != "json":
        await ws.close(code=4002, message=b"only encoding=json is spoken here")
        return ws
    server.gateway_queries.append(dict(request.query))
    conn = Connection(ws, request.query.get("compress") == "zlib-stream")
    conn.send({"op": OP_HELLO, "d": {"heartbeat_interval": server.heartbeat_interval_ms}})
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
                session = await identify(server, conn, data)
            elif op == OP_RESUME:
                session = resume(server, conn, data)
            elif op == OP_REQUEST_MEMBERS:
                members_chunk(server, session, data)
            elif op in (OP_PRESENCE, OP_VOICE):
                pass
            else:
                await conn.close(4001)
    finally:
        if session is not None and session.conn is conn:
            session.conn = None
        conn.queue.put_nowait(None)
        server._touch()
    return ws


def guild_create(session: GatewaySession, server: LoopbackDiscord, guild: Guild) -> dict[str, Any]:
    """The GUILD_CREATE payload for ``session``: every member only with GUILD_MEMBERS intent
    (privileged), else just the bot's own member, as Discord does."""
    payload = guild.payload(server.users)
    if not session.intents & GUILD_MEMBERS_INTENT:
        payload["members"] = [guild.member_payload(server.bot_user)]
    return payload


async def identify(
    server: LoopbackDiscord, conn: Connection, data: dict[str, Any]
) -> GatewaySession | None:
    """IDENTIFY: a bad token closes with 4004, a bad ``shard`` with 4010; else a new session
    for its shard, READY and a GUILD_CREATE for each guild of the shard.

    ``shard: [shard_id, shard_count]`` (absent: ``[0, 1]``): the session receives the events
    of the guilds with ``(guild_id >> 22) % shard_count == shard_id``, and shard 0 also the
    DMs (:meth:`LoopbackDiscord.session_for`).  A new IDENTIFY of a shard replaces the
    session that had it (a restarted process); one with another shard count replaces them all.
    """
    if data.get("token") != server.token:
        await conn.close(4004)
        return None
    raw_shard = data.get("shard") or [0, 1]
    try:
        shard_id, shard_count = int(raw_shard[0]), int(raw_shard[1])
    except (TypeError, ValueError, IndexError):
        shard_id, shard_count = -1, 0
    if not 0 <= shard_id < shard_count:
        await conn.close(4010)  # Discord: "Invalid shard"
        return None
    server.identify_count += 1
    session = GatewaySession(secrets.token_hex(16), int(data.get("intents") or 0), conn=conn)
    session.shard = (shard_id, shard_count)
    server.sessions[session.session_id] = session
    # a new IDENTIFY is a new bot process: it alone gets its shard's dispatches from now on
    if shard_count != server.shard_count:
        server.shard_sessions.clear()
        server.shard_count = shard_count
    server.shard_sessions[shard_id] = session
    server.current_session = session
    guilds = [
        g
        for g in server.guilds.values()
        if server.bot_user.id in g.members and shard_of(g.id, shard_count) == shard_id
    ]
    session.emit(
        "READY",
        {
            "v": 10,
            "user": server.bot_user.payload(),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": server.gateway_url,
            "application": {"id": str(server.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "session_type": "normal",
            "auth": {},
            "_trace": ["loopback"],
            **({"shard": data["shard"]} if data.get("shard") else {}),
        },
    )
    for guild in guilds:
        session.emit("GUILD_CREATE", guild_create(session, server, guild))
    server._touch()
    return session


def resume(
    server: LoopbackDiscord, conn: Connection, data: dict[str, Any]
) -> GatewaySession | None:
    """RESUME: replay the dispatches after ``seq`` and send RESUMED, or INVALID_SESSION."""
    session = server.sessions.get(data.get("session_id") or "")
    if session is None or data.get("token") != server.token:
        conn.send({"op": OP_INVALID_SESSION, "d": False})
        return None
    server.resume_count += 1
    session.resumes += 1
    session.conn = conn
    after = int(data.get("seq") or 0)
    for seq, frame in session.backlog:
        if seq > after:
            conn.send_raw(frame)
    session.emit("RESUMED", {"_trace": ["loopback"]})
    server._touch()
    return session


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that receives a guild's events (Discord's formula); DMs (no guild): 0."""
    return 0 if not guild_id else (guild_id >> 22) % shard_count


def members_chunk(
    server: LoopbackDiscord, session: GatewaySession | None, data: dict[str, Any]
) -> None:
    """REQUEST_GUILD_MEMBERS: every member of the guild in one GUILD_MEMBERS_CHUNK, to the
    session that asked."""
    guild = server.guilds.get(int(data.get("guild_id") or 0))
    if guild is None or session is None:
        return
    members = [guild.member_payload(server.users[uid]) for uid in guild.members]
    payload = {
        "guild_id": str(guild.id),
        "members": members,
        "chunk_index": 0,
        "chunk_count": 1,
        "not_found": [],
    }
    if data.get("nonce"):
        payload["nonce"] = data["nonce"]
    session.emit("GUILD_MEMBERS_CHUNK", payload)
    server._touch()
