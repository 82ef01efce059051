"""What can go wrong on Discord's side: the bot's permissions per channel, and injected faults.

**Permissions.** Discord checks the bot's permissions in the channel on every channel call:
without *View Channel* it answers 403 / 50001 "Missing Access", without *Send Messages* (or
*Send Messages in Threads* in a thread), *Attach Files* for a message with files, *Embed Links*
for one with embeds, *Create Public Threads* for a thread (*Create Private Threads* for a
private one, type 12), *Send Messages in Threads* to add or remove a thread's member, it
answers 403 / 50013 "Missing Permissions" (a private thread the bot is neither in nor moderates:
50001).  :func:`channel_permissions` computes a user's permissions in a channel the way
Discord does (guild roles, then the channel's overwrites for @everyone, the member's roles and
the member; a thread takes its parent's), and :func:`required_permissions` names what a request
needs.  Interaction callbacks and follow-ups are webhooks and need no channel permission.

**Faults.** :class:`FaultPlan` (``server.faults``) answers chosen requests with an error or late,
before the request is handled (so a refused request changes nothing, as on Discord):

- ``server.faults.add(Fault(403, 50013), template="/channels/{channel_id}/messages", times=1)``
- ``Fault(500)``, ``Fault(502)``, ``Fault(503)``: a server error (discord.py retries 500/502/504
  a few times, then raises ``DiscordServerError``);
- ``Fault(429, retry_after=0.2)``: a rate limit (discord.py waits and retries);
- ``Fault(404, 10008)``/``Fault(404, 10003)``: the message or the channel is gone;
- ``Fault(0, delay=2.0)``: a slow but successful answer.

:meth:`FaultPlan.chaos` draws faults at random (seeded) for every matching request; every fault
given is recorded in :attr:`FaultPlan.injected`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .models import ADMINISTRATOR, PRIVATE_THREAD, PUBLIC_THREAD, Channel, Guild

__all__ = [
    "ATTACH_FILES",
    "CREATE_PRIVATE_THREADS",
    "CREATE_PUBLIC_THREADS",
    "EMBED_LINKS",
    "MANAGE_THREADS",
    "PERMISSION_NAMES",
    "READ_MESSAGE_HISTORY",
    "SEND_MESSAGES",
    "SEND_MESSAGES_IN_THREADS",
    "VIEW_CHANNEL",
    "Fault",
    "FaultPlan",
    "InjectedFault",
    "channel_permissions",
    "required_permissions",
]

VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38

#: Discord's names for the bits above (as discord.py's ``Permissions`` spells them).
PERMISSION_NAMES = {
    VIEW_CHANNEL: "view_channel",
    SEND_MESSAGES: "send_messages",
    EMBED_LINKS: "embed_links",
    ATTACH_FILES: "attach_files",
    READ_MESSAGE_HISTORY: "read_message_history",
    MANAGE_THREADS: "manage_threads",
    CREATE_PUBLIC_THREADS: "create_public_threads",
    CREATE_PRIVATE_THREADS: "create_private_threads",
    SEND_MESSAGES_IN_THREADS: "send_messages_in_threads",
}

ALL_PERMISSIONS = (1 << 53) - 1


def channel_permissions(guild: Guild, channel: Channel, user_id: int) -> int:
    """``user_id``'s permission bits in ``channel`` (Discord's order: guild roles, then the
    @everyone overwrite, the role overwrites together, the member's own overwrite)."""
    base = guild.permissions_of(user_id)
    if base & ADMINISTRATOR or user_id == guild.owner_id:
        return ALL_PERMISSIONS
    source = channel
    if channel.type in (PUBLIC_THREAD, PRIVATE_THREAD) and channel.parent_id is not None:
        source = guild.channels.get(channel.parent_id, channel)
    overwrites = {int(o["id"]): o for o in source.overwrites}
    perms = base

    def apply(o: dict[str, object] | None) -> None:
        nonlocal perms
        if o is not None:
            perms = (perms & ~int(str(o["deny"]))) | int(str(o["allow"]))

    apply(overwrites.get(guild.id))
    member = guild.members.get(user_id)
    role_ids = member.roles if member else []
    allow = deny = 0
    for rid in role_ids:
        o = overwrites.get(rid)
        if o is not None and int(str(o.get("type", 0))) == 0:
            allow |= int(str(o["allow"]))
            deny |= int(str(o["deny"]))
    perms = (perms & ~deny) | allow
    own = overwrites.get(user_id)
    apply(own if own is not None and int(str(own.get("type", 1))) == 1 else None)
    return perms


def required_permissions(
    channel: Channel,
    method: str,
    template: str,
    *,
    files: bool,
    embeds: bool,
    private: bool = False,
) -> int:
    """The permission bits a bot needs for this channel request (0: none checked);
    ``private``: the request creates a private thread (type 12)."""
    in_thread = channel.type in (PUBLIC_THREAD, PRIVATE_THREAD)
    send = SEND_MESSAGES_IN_THREADS if in_thread else SEND_MESSAGES
    need = VIEW_CHANNEL
    if template == "/channels/{channel_id}/messages":
        if method == "GET":
            return need | READ_MESSAGE_HISTORY
        need |= send
    elif template == "/channels/{channel_id}/messages/{message_id}":
        if method == "GET":
            return need | READ_MESSAGE_HISTORY
        if method == "DELETE":
            return need
    elif template.endswith("/threads"):
        need |= CREATE_PRIVATE_THREADS if private else CREATE_PUBLIC_THREADS
    elif template == "/channels/{channel_id}/thread-members/{user_id}" and method != "GET":
        return need | SEND_MESSAGES_IN_THREADS
    else:
        return need
    if files:
        need |= ATTACH_FILES
    if embeds:
        need |= EMBED_LINKS
    return need


@dataclass(frozen=True)
class Fault:
    """One answer Discord might give instead of the real one.

    ``status`` 0 means no error: the request is handled normally after ``delay`` seconds.
    ``code`` and ``message`` form the JSON error body; ``retry_after`` (seconds) goes with 429.
    """

    status: int
    code: int = 0
    message: str = ""
    retry_after: float | None = None
    delay: float = 0.0

    @property
    def text(self) -> str:
        if self.message:
            return self.message
        return {
            403: "Missing Permissions",
            404: "Unknown Message",
            429: "You are being rate limited.",
        }.get(self.status, f"{self.status}: Server Error")


@dataclass
class _Rule:
    fault: Fault
    method: str | None
    template: re.Pattern[str] | None
    channel_id: int | None
    times: int | None  # None: for ever


@dataclass(frozen=True)
class InjectedFault:
    """A fault that was given: to which request."""

    fault: Fault
    method: str
    path: str


#: Requests chaos leaves alone by default: answering an interaction (a lost callback is a fault
#: of Discord's gateway, not something a bot can recover from) and logging in.
DEFAULT_SPARED = (
    r"/interactions/.*/callback",
    r"/users/@me",
    r"/gateway.*",
    r"/applications/.*",
    r"/oauth2/.*",
)


@dataclass
class FaultPlan:
    """The faults the server will give, checked for every REST request in order of addition."""

    rules: list[_Rule] = field(default_factory=list)
    injected: list[InjectedFault] = field(default_factory=list)
    _chaos: tuple[float, Sequence[Fault], random.Random, list[re.Pattern[str]]] | None = None

    def add(
        self,
        fault: Fault,
        *,
        method: str | None = None,
        template: str | None = None,
        channel_id: int | None = None,
        times: int | None = 1,
    ) -> None:
        """Give ``fault`` to the next ``times`` requests (None: all) that match ``method``,
        ``template`` (a regular expression matched against the whole OpenAPI path template, or
        the template itself) and ``channel_id``."""
        pattern = None
        if template is not None:
            pattern = re.compile(re.escape(template) if "{" in template else template)
        self.rules.append(_Rule(fault, method, pattern, channel_id, times))

    def chaos(
        self,
        rate: float,
        faults: Sequence[Fault],
        *,
        seed: int = 0,
        spare: Iterable[str] = DEFAULT_SPARED,
    ) -> None:
        """From now on give each request a random fault of ``faults`` with probability ``rate``
        (templates matching a pattern of ``spare`` excepted)."""
        self._chaos = (rate, list(faults), random.Random(seed), [re.compile(s) for s in spare])

    def calm(self) -> None:
        """Stop chaos and forget every rule not yet used up."""
        self._chaos = None
        self.rules.clear()

    def take(self, method: str, template: str, path: str, channel_id: int | None) -> Fault | None:
        """The fault for this request, if any (a rule's count is used up by it)."""
        for rule in self.rules:
            if rule.method is not None and rule.method != method:
                continue
            if rule.template is not None and not rule.template.fullmatch(template):
                continue
            if rule.channel_id is not None and rule.channel_id != channel_id:
                continue
            if rule.times is not None:
                rule.times -= 1
                if rule.times <= 0:
                    self.rules.remove(rule)
            self.injected.append(InjectedFault(rule.fault, method, path))
            return rule.fault
        if self._chaos is not None:
            rate, faults, rng, spared = self._chaos
            if not any(s.fullmatch(template) for s in spared) and rng.random() < rate:
                fault = rng.choice(faults)
                self.injected.append(InjectedFault(fault, method, path))
                return fault
        return None
