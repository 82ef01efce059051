"""The loopback Discord's world: users, guilds, channels, messages and interactions.

Plain dataclasses holding what the server knows; ``payload()`` methods render the JSON objects
Discord would send (the shapes discord.py 2.7 parses: ``discord/types/*.py``).  Identifiers are
real snowflakes (milliseconds since the Discord epoch 2015-01-01 shifted left by 22 bits), so
``discord.utils.snowflake_time`` gives sensible times.
"""

from __future__ import annotations

import datetime
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types)
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# Message flags
EPHEMERAL = 1 << 6
LOADING = 1 << 7
IS_COMPONENTS_V2 = 1 << 15  # the message is laid out by its components alone (LayoutView)

# Component types of Discord's layout components (components v2) that carry text
TEXT_DISPLAY = 10

# Interaction types and interaction callback types
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
CALLBACK_MESSAGE, CALLBACK_DEFERRED_MESSAGE, CALLBACK_DEFERRED_UPDATE = 4, 5, 6
CALLBACK_UPDATE, CALLBACK_AUTOCOMPLETE, CALLBACK_MODAL = 7, 8, 9

# Permission bits used by the default guild
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
#: What @everyone may do in the default guild: view, send, embed, attach, read history,
#: use application commands, create public and private threads, send in threads.
EVERYONE_PERMISSIONS = (
    (1 << 10)
    | (1 << 11)
    | (1 << 14)
    | (1 << 15)
    | (1 << 16)
    | (1 << 31)
    | (1 << 35)
    | (1 << 36)
    | (1 << 38)
)


class Snowflakes:
    """Monotonic snowflake source: time-based, strictly increasing within one server."""

    def __init__(self) -> None:
        self._last = 0
        self._counter = itertools.count()

    def next(self) -> int:
        """A new id, greater than every id handed out before."""
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (now_ms << 22) | (next(self._counter) & 0xFFF)
        self._last = max(candidate, self._last + 1)
        return self._last

    def next_in_shard(self, shard_id: int, shard_count: int) -> int:
        """A new id whose shard is ``shard_id`` of ``shard_count`` (``(id >> 22) % count``):
        the next id, moved on by whole milliseconds until it falls in that shard."""
        candidate = self.next()
        while (candidate >> 22) % shard_count != shard_id:
            candidate = ((candidate >> 22) + 1) << 22
        self._last = candidate
        return candidate


def iso(ts: float) -> str:
    """ISO-8601 timestamp as Discord writes it (UTC, microseconds, ``+00:00``)."""
    return datetime.datetime.fromtimestamp(ts, tz=datetime.UTC).isoformat()


@dataclass
class LoopbackUser:
    """A Discord user. ``dms_open=False`` makes the bot's DMs to them fail with 403/50007."""

    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    locale: str = "en-US"
    global_name: str | None = None

    @property
    def mention(self) -> str:
        """``<@id>``, as it appears in message content."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The user object (``discord/types/user.py:User``)."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name or self.name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass
class Role:
    """A guild role; ``permissions`` is the bitfield (int)."""

    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": True,
            "flags": 0,
        }


@dataclass
class Channel:
    """A guild text channel, a thread (``parent_id`` set) or a DM (``recipient_id`` set)."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    recipient_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    owner_id: int | None = None
    #: permission overwrites as Discord sends them: ``{"id", "type" (0 role, 1 member),
    #: "allow", "deny"}`` with the bitfields as strings (see :mod:`.faults`)
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    #: a thread's members (user ids; its creator first): who reads a private thread, besides
    #: members with *Manage Threads*
    members: set[int] = field(default_factory=set)
    #: a private thread: whether members other than moderators may add people
    invitable: bool = True

    def payload(self, users: dict[int, LoopbackUser] | None = None) -> dict[str, Any]:
        """The channel object (``discord/types/channel.py``)."""
        data: dict[str, Any] = {"id": str(self.id), "type": self.type}
        if self.type == DM:
            recipient = users[self.recipient_id] if users and self.recipient_id else None
            data.update(
                last_message_id=None,
                recipients=[recipient.payload()] if recipient else [],
                flags=0,
            )
            return data
        data.update(
            guild_id=str(self.guild_id),
            name=self.name,
            position=self.position,
            permission_overwrites=[dict(o) for o in self.overwrites],
            nsfw=False,
            parent_id=str(self.parent_id) if self.parent_id else None,
            topic=None,
            last_message_id=None,
            rate_limit_per_user=0,
            flags=0,
        )
        if self.type in (PUBLIC_THREAD, PRIVATE_THREAD):
            data.update(
                owner_id=str(self.owner_id) if self.owner_id else None,
                message_count=0,
                total_message_sent=0,
                member_count=min(len(self.members), 50),
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso(time.time()),
                    "locked": False,
                },
            )
            if self.type == PRIVATE_THREAD:
                data["thread_metadata"]["invitable"] = self.invitable
        return data


@dataclass
class Member:
    """A user's membership of a guild: role ids (besides @everyone) and the join time."""

    user_id: int
    roles: list[int] = field(default_factory=list)
    joined_at: float = field(default_factory=time.time)
    nick: str | None = None


@dataclass
class Guild:
    """A guild with roles (``roles[guild.id]`` is @everyone), channels and members."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    locale: str = "en-US"

    def permissions_of(self, user_id: int) -> int:
        """Guild-level permission bitfield of a member (owner and administrators get all)."""
        all_bits = (1 << 53) - 1
        if user_id == self.owner_id:
            return all_bits
        perms = self.roles[self.id].permissions
        member = self.members.get(user_id)
        for role_id in member.roles if member else []:
            perms |= self.roles[role_id].permissions
        return all_bits if perms & ADMINISTRATOR else perms

    def member_payload(
        self, user: LoopbackUser, *, with_permissions: bool = False
    ) -> dict[str, Any]:
        """The guild member object; interactions add ``permissions`` (string)."""
        member = self.members[user.id]
        data: dict[str, Any] = {
            "user": user.payload(),
            "nick": member.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in member.roles],
            "joined_at": iso(member.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions_of(user.id))
        return data

    def payload(self, users: dict[int, LoopbackUser]) -> dict[str, Any]:
        """The GUILD_CREATE payload: every channel, role and member (so no chunking is needed)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "region": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "unavailable": False,
            "joined_at": iso(time.time()),
            "large": False,
            "member_count": len(self.members),
            "members": [self.member_payload(users[uid]) for uid in self.members],
            "channels": [c.payload() for c in self.channels.values()],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass
class Attachment:
    """A file the bot uploaded: name, bytes and content type (guessed from the name)."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    def payload(self, base_url: str, channel_id: int) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}",
            "proxy_url": f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}",
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        return data


@dataclass
class MessageVersion:
    """One earlier state of an edited message (``StoredMessage.history``)."""

    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachments: list[Attachment]
    flags: int
    at: float


@dataclass
class StoredMessage:
    """A message as the server keeps it.

    ``ephemeral_to`` is the only user who sees it (interaction replies with flag 64), else None.
    ``history`` holds earlier versions, oldest first; ``deleted`` marks a deleted message (kept
    for assertions).  ``interaction_id`` links replies to the interaction that caused them.
    """

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    created_at: float = field(default_factory=time.time)
    edited_at: float | None = None
    ephemeral_to: int | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    history: list[MessageVersion] = field(default_factory=list)
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        """True while a deferred reply still shows "thinking…"."""
        return bool(self.flags & LOADING)

    def snapshot(self) -> None:
        """Push the current state onto ``history`` (called before every edit)."""
        self.history.append(
            MessageVersion(
                self.content,
                self.embeds,
                self.components,
                list(self.attachments),
                self.flags,
                self.edited_at or self.created_at,
            )
        )

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component, depth first (rows, then their buttons and selects)."""
        stack = list(reversed(self.components))
        while stack:
            comp = stack.pop()
            yield comp
            children = list(comp.get("components") or [])
            if comp.get("accessory"):
                children.append(comp["accessory"])
            stack.extend(reversed(children))

    def custom_ids(self) -> list[str]:
        """custom_id of every interactive component, in display order."""
        return [c["custom_id"] for c in self.iter_components() if c.get("custom_id")]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The component with ``custom_id`` (button or select as the bot sent it), or None."""
        return next((c for c in self.iter_components() if c.get("custom_id") == custom_id), None)

    def buttons(self) -> list[dict[str, Any]]:
        """Every button (type 2), in display order."""
        return [c for c in self.iter_components() if c.get("type") == 2]

    def text(self) -> str:
        """Content, every text display component (layout messages) and every embed's title,
        description and fields, for substring asserts."""
        parts = [self.content]
        parts += [
            c.get("content", "") for c in self.iter_components() if c.get("type") == TEXT_DISPLAY
        ]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name", ""), f.get("value", "")]
            if embed.get("footer"):
                parts.append(embed["footer"].get("text", ""))
        return "\n".join(p for p in parts if p)

    def attachment(self, filename: str) -> Attachment | None:
        """The attachment called ``filename``, or None."""
        return next((a for a in self.attachments if a.filename == filename), None)


@dataclass
class InteractionRecord:
    """An interaction the server injected and what the bot answered.

    ``callback_type`` is None until the bot calls back (4 message, 5 deferred message, 6 deferred
    update, 7 update message, 8 autocomplete choices, 9 modal).  ``response_message_id`` is the
    message that ``@original`` names; ``followup_ids`` the follow-up messages, oldest first.
    """

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    data: dict[str, Any]
    payload: dict[str, Any]
    message_id: int | None = None
    created_at: float = field(default_factory=time.monotonic)
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    callback_at: float | None = None
    response_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    #: for an application command run through the harness: False until the bot's handler of
    #: it has returned (True), None when not followed (see ``InteractionResult.final``)
    handled: bool | None = None

    @property
    def answered(self) -> bool:
        return self.callback_type is not None

    @property
    def latency_ms(self) -> float | None:
        """Milliseconds from dispatch to the bot's callback (None while unanswered)."""
        if self.callback_at is None:
            return None
        return (self.callback_at - self.created_at) * 1000.0
