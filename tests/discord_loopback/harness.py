"""Drive a real discord.py bot through the loopback server as players would.

:class:`Harness` starts and stops the bot (any ``discord.Client``, ``commands.Bot`` included)
against a :class:`~tests.discord_loopback.server.LoopbackDiscord`, and acts for users: slash
commands, autocomplete, button clicks and select menus.  Each action dispatches a genuine
INTERACTION_CREATE over the gateway and awaits the bot's callback
(``POST /interactions/{id}/{token}/callback``) with a timeout; it returns an
:class:`InteractionResult` over what the bot answered.

The harness builds interaction payloads from what the bot registered (the command sync), so
``slash(user, "table open", game="pajiwo")`` finds command ``table``, subcommand ``open``, the
option ``game`` and its type; a name, option or choice the bot did not register raises
``ValueError`` at once (the Discord client would not offer it either).  Likewise ``click`` and
``select`` refuse, unless ``strict=False``, a component the user cannot see on that message,
a disabled one, or values the select does not offer; ``strict=False`` is how a test crafts a
forged custom_id.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DM,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Channel,
    InteractionRecord,
    LoopbackUser,
    Role,
    StoredMessage,
)
from .server import LoopbackDiscord

if TYPE_CHECKING:
    import discord

UserRef = LoopbackUser | int
ChannelRef = Channel | int | str | None

# Application command option types
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN = 1, 2, 3, 4, 5
USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 6, 7, 8, 9, 10, 11
SELECT_TYPES = {3, 5, 6, 7, 8}  # string, user, role, mentionable, channel selects


class InteractionTimeout(AssertionError):
    """The bot did not call back within the harness timeout."""


@dataclass
class InteractionResult:
    """What the bot answered to one interaction (a live view: follow-ups appear as they come).

    ``type`` is the callback type: 4 message, 5 deferred ("thinking"), 6 deferred update,
    7 message update, 8 autocomplete choices, 9 modal.
    """

    server: LoopbackDiscord
    record: InteractionRecord

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def type(self) -> int:
        assert self.record.callback_type is not None
        return self.record.callback_type

    @property
    def data(self) -> dict[str, Any]:
        """The callback's ``data`` object as the bot sent it."""
        return self.record.callback_data or {}

    @property
    def message(self) -> StoredMessage | None:
        """The message ``@original`` names: the reply (types 4, 5) or the updated message
        carrying the component (types 6, 7); None for autocomplete and modals."""
        mid = self.record.response_message_id
        return self.server.messages[mid] if mid is not None else None

    @property
    def content(self) -> str:
        """Text of the original response (content + embeds, see ``StoredMessage.text``)."""
        return self.message.text() if self.message else ""

    @property
    def ephemeral(self) -> bool:
        return bool(self.message and self.message.ephemeral)

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices ``[{"name", "value", ...}]`` (callback type 8)."""
        return list(self.data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (callback type 9): ``{"custom_id", "title", ...}``."""
        return self.data if self.record.callback_type == 9 else None

    @property
    def followups(self) -> list[StoredMessage]:
        """Follow-up messages so far, oldest first (deleted ones excluded)."""
        msgs = [self.server.messages[i] for i in self.record.followup_ids]
        return [m for m in msgs if not m.deleted]

    @property
    def latency_ms(self) -> float:
        """Milliseconds from dispatch to the callback."""
        value = self.record.latency_ms
        assert value is not None
        return value

    async def final(self, *, timeout: float = 10.0) -> StoredMessage:
        """The original response once it is no longer "thinking" (waits after a deferral).

        For an application command, also until the bot's handler of it has returned (at most
        ``timeout`` in all): a command may answer first and then act (``/table open`` answers
        privately, then posts the table message as a follow-up), and what a test reads next
        is what a person sees a moment later. A handler still running then is not waited for
        longer: the answer is returned as it stands."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout

        def ready() -> StoredMessage | None:
            m = self.message
            return m if m is not None and not m.loading else None

        found = await self.server.wait_until(ready, timeout=timeout, what="the deferred reply")
        if self.record.handled is False:
            with contextlib.suppress(TimeoutError):
                await self.server.wait_until(
                    lambda: self.record.handled is not False,
                    timeout=max(0.0, deadline - loop.time()),
                    what="the command's handler",
                )
            return ready() or found
        return found

    async def followup(self, n: int = 1, *, timeout: float = 10.0) -> StoredMessage:
        """The ``n``-th follow-up message (1-based), waiting for it if needed."""

        def ready() -> StoredMessage | None:
            f = self.followups
            return f[n - 1] if len(f) >= n else None

        return await self.server.wait_until(ready, timeout=timeout, what=f"follow-up #{n}")


class Harness:
    """Run a bot against ``server`` and act for its users.

    ``timeout``: seconds each action waits for the bot's callback (raises
    :class:`InteractionTimeout`).
    """

    def __init__(self, server: LoopbackDiscord, *, timeout: float = 10.0) -> None:
        self.server = server
        self.timeout = timeout
        self.client: discord.Client | None = None
        self._task: asyncio.Task[None] | None = None
        self._follows_commands = False

    # ------------------------------------------------------------------ the bot

    async def start_bot(self, client: discord.Client, *, token: str | None = None) -> None:
        """Log ``client`` in (runs its ``setup_hook``, where command sync usually happens),
        connect it to the gateway and wait until it is ready.

        Raises what the client raised if it fails before becoming ready, or ``TimeoutError``.
        """
        if self._task is not None and not self._task.done():
            raise RuntimeError("a bot is already running; stop_bot() or kill_bot() it first")
        self.client = client
        self._follow_commands(client)
        try:
            await client.login(token or self.server.token)
        except BaseException:
            await client.close()
            raise
        self._task = asyncio.create_task(client.connect(reconnect=True), name="loopback-bot")
        ready = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait(
            {ready, self._task}, timeout=self.timeout * 3, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            if self._task in done:
                self._task.result()  # re-raise the client's failure
            raise TimeoutError("the bot did not become ready")

    def _follow_commands(self, client: discord.Client) -> None:
        """Mark each application command's record ``handled`` once the client's command tree
        has run it (its handler returned or raised), for :meth:`InteractionResult.final`."""
        tree = getattr(client, "tree", None)
        run = getattr(tree, "_call", None)
        self._follows_commands = run is not None
        if tree is None or run is None:
            return
        server = self.server

        async def call(interaction: discord.Interaction) -> None:
            try:
                await run(interaction)
            finally:
                rec = server.interactions.get(int(interaction.id))
                if rec is not None and rec.handled is False:
                    rec.handled = True
                    server._touch()

        tree._call = call  # discord.py's CommandTree runs every command through _call

    async def stop_bot(self) -> None:
        """Close the bot as a clean shutdown does (``client.close()``)."""
        if self.client is not None:
            await self.client.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        self.client, self._task = None, None

    async def kill_bot(self) -> None:
        """Stop the bot as a killed process would: no clean close, no ``close()`` hooks.

        Cancels discord.py's connection task, stops its heartbeat thread and closes its HTTP
        session, so the gateway socket just drops (no close frame).  Tasks the bot itself
        started (timers) are not discovered here: cancel them in the test if the bot keeps any.
        """
        client, task = self.client, self._task
        if client is None or task is None:
            return
        sockets = [client.ws]
        shards: dict[int, Any] = getattr(client, "_AutoShardedClient__shards", {})
        for shard in shards.values():  # an AutoShardedClient: one socket and worker per shard
            sockets.append(shard.ws)
            shard._cancel_task()
        for ws in sockets:
            keep_alive = getattr(ws, "_keep_alive", None) if ws is not None else None
            if keep_alive is not None:
                keep_alive.stop()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
        await client.http.close()
        self.client, self._task = None, None

    async def close(self) -> None:
        """Stop the bot if one is running (fixture teardown)."""
        if self._task is not None:
            await self.stop_bot()

    async def reconnect(self, code: int = 4000) -> None:
        """Drop the gateway socket with ``code`` and wait until the bot has RESUMEd."""
        before = self.server.resume_count
        await self.server.drop_gateway(code)
        await self.server.wait_until(
            lambda: self.server.resume_count > before and self.server.connected,
            timeout=self.timeout * 3,
            what="the bot to resume",
        )

    # ------------------------------------------------------------------ actions

    async def interact(
        self,
        kind: int,
        user: UserRef,
        channel: ChannelRef,
        data: dict[str, Any],
        *,
        message: StoredMessage | None = None,
        locale: str | None = None,
    ) -> InteractionResult:
        """Low level: dispatch an interaction with this ``data`` and await the callback."""
        chan = self.resolve_channel(user, channel)
        rec = self.server.inject_interaction(kind, user, chan, data, message=message, locale=locale)
        if kind == APPLICATION_COMMAND and self._follows_commands:
            rec.handled = False  # the bot has not even read it yet: nothing awaited since
        try:
            await self.server.wait_until(
                lambda: rec.answered, timeout=self.timeout, what="the interaction callback"
            )
        except TimeoutError:
            raise InteractionTimeout(
                f"the bot did not answer interaction {rec.id} (type {kind}, data {data}) "
                f"within {self.timeout:g}s"
            ) from None
        return InteractionResult(self.server, rec)

    async def slash(
        self,
        user: UserRef,
        command: str,
        *,
        channel: ChannelRef = None,
        locale: str | None = None,
        strict: bool = True,
        **options: Any,
    ) -> InteractionResult:
        """Run ``/command`` (``"table open"`` for a subcommand) with ``options`` as ``user``.

        ``channel``: a Channel, its id, ``"dm"`` for the user's DM with the bot, or None for
        the default channel ``#table-1``.  Option values: str/int/float/bool, a LoopbackUser for
        user options, a Channel or Role for those.  Raises ``ValueError`` for an unknown
        command, subcommand, option, a missing required option or a value not among the
        choices; :class:`InteractionTimeout` if the bot does not answer.  ``strict`` (default)
        also refuses, as the Discord client hides them, a command whose
        ``default_member_permissions`` the user lacks or that is not allowed in DMs.
        """
        chan = self.resolve_channel(user, channel)
        data = await self._command_data(chan, command, options, focused=None)
        if strict:
            self._check_command_allowed(user, chan, data["name"])
        return await self.interact(APPLICATION_COMMAND, user, chan, data, locale=locale)

    async def autocomplete(
        self,
        user: UserRef,
        command: str,
        option: str,
        value: str,
        *,
        channel: ChannelRef = None,
        locale: str | None = None,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type ``value`` into ``option`` of ``/command`` (other options filled from
        ``options``); returns the bot's choices ``[{"name", "value"}, ...]``."""
        chan = self.resolve_channel(user, channel)
        data = await self._command_data(chan, command, {**options, option: value}, focused=option)
        result = await self.interact(AUTOCOMPLETE, user, chan, data, locale=locale)
        if result.type != 8:
            raise AssertionError(f"autocomplete answered with callback type {result.type}")
        return result.choices

    async def click(
        self,
        user: UserRef,
        message: StoredMessage | int,
        custom_id: str,
        *,
        strict: bool = True,
        locale: str | None = None,
    ) -> InteractionResult:
        """Click the button ``custom_id`` on ``message`` as ``user``.

        ``strict`` (default) refuses what a Discord client cannot do: a message the user does
        not see, a button not on it, a disabled one.  ``strict=False`` sends it anyway
        (forged custom_id, a spectator poking another player's controls).
        """
        msg = self._current(message)
        comp = msg.component(custom_id)
        if strict:
            self._check_visible(user, msg)
            if comp is None or comp.get("type") != 2:
                raise ValueError(
                    f"no button {custom_id!r} on message {msg.id}; custom_ids: {msg.custom_ids()}"
                )
            if comp.get("disabled"):
                raise ValueError(f"button {custom_id!r} on message {msg.id} is disabled")
        data = {"custom_id": custom_id, "component_type": 2}
        return await self.interact(
            MESSAGE_COMPONENT, user, msg.channel_id, data, message=msg, locale=locale
        )

    async def select(
        self,
        user: UserRef,
        message: StoredMessage | int,
        custom_id: str,
        values: list[str],
        *,
        strict: bool = True,
        locale: str | None = None,
    ) -> InteractionResult:
        """Choose ``values`` in the select menu ``custom_id`` on ``message`` as ``user``.

        ``strict`` (default) also checks the values are options of a string select and their
        count lies within ``min_values``..``max_values``.
        """
        msg = self._current(message)
        comp = msg.component(custom_id)
        kind = comp.get("type", 3) if comp else 3
        if strict:
            self._check_visible(user, msg)
            if comp is None or kind not in SELECT_TYPES:
                raise ValueError(
                    f"no select {custom_id!r} on message {msg.id}; custom_ids: {msg.custom_ids()}"
                )
            if comp.get("disabled"):
                raise ValueError(f"select {custom_id!r} on message {msg.id} is disabled")
            lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
            if not lo <= len(values) <= hi:
                raise ValueError(f"select {custom_id!r} takes {lo}..{hi} values, got {values}")
            if kind == 3:
                offered = [o["value"] for o in comp.get("options") or []]
                bad = [v for v in values if v not in offered]
                if bad:
                    raise ValueError(f"select {custom_id!r} does not offer {bad}; offers {offered}")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": kind, "values": values}
        if kind == 5:  # user select: Discord resolves the chosen users
            users = [self.server.users[int(v)] for v in values]
            data["resolved"] = {"users": {str(u.id): u.payload() for u in users}}
        return await self.interact(
            MESSAGE_COMPONENT, user, msg.channel_id, data, message=msg, locale=locale
        )

    async def submit_modal(
        self,
        user: UserRef,
        opened: InteractionResult,
        values: dict[str, Any],
        *,
        strict: bool = True,
        locale: str | None = None,
    ) -> InteractionResult:
        """Fill in and submit the modal the bot opened in ``opened`` (callback type 9).

        ``values`` maps each text input's custom_id to its text (a list of strings for a
        select inside a label).  ``strict`` refuses unknown custom_ids, a missing required
        input and text outside ``min_length``..``max_length``.
        """
        modal = opened.modal
        if modal is None:
            raise ValueError(f"interaction {opened.id} did not open a modal")
        seen: set[str] = set()

        def fill(comp: dict[str, Any]) -> dict[str, Any] | None:
            kind = comp.get("type")
            if kind == 1:
                kids = [k for k in map(fill, comp.get("components") or []) if k is not None]
                return {"type": 1, "components": kids}
            if kind == 18:
                inner = fill(comp["component"])
                return {"type": 18, "component": inner} if inner is not None else None
            cid = comp.get("custom_id")
            if cid is None:
                return None
            seen.add(cid)
            if kind == 4:
                text = str(values.get(cid, comp.get("value") or ""))
                if strict:
                    if comp.get("required", True) and not text:
                        raise ValueError(f"modal input {cid!r} is required")
                    lo, hi = comp.get("min_length", 0), comp.get("max_length", 4000)
                    if text and not lo <= len(text) <= hi:
                        raise ValueError(f"modal input {cid!r} takes {lo}..{hi} characters")
                return {"type": 4, "custom_id": cid, "value": text}
            return {"type": kind, "custom_id": cid, "values": list(values.get(cid, []))}

        components = [c for c in map(fill, modal.get("components") or []) if c is not None]
        unknown = set(values) - seen
        if strict and unknown:
            raise ValueError(f"modal {modal['custom_id']!r} has no input(s) {sorted(unknown)}")
        data = {"custom_id": modal["custom_id"], "components": components}
        rec = opened.record
        message = self.server.messages.get(rec.message_id) if rec.message_id else None
        return await self.interact(
            MODAL_SUBMIT, user, rec.channel_id, data, message=message, locale=locale
        )

    # ------------------------------------------------------------------ helpers

    def resolve_channel(self, user: UserRef, channel: ChannelRef) -> Channel:
        """A Channel from a Channel, an id, ``"dm"`` (the user's DM) or None (``#table-1``)."""
        if channel is None:
            return self.server.channel
        if channel == "dm":
            return self.server.dm_channel(user)
        if isinstance(channel, Channel):
            return channel
        if isinstance(channel, int):
            return self.server.channels[channel]
        raise ValueError(f"not a channel: {channel!r}")

    def _current(self, message: StoredMessage | int) -> StoredMessage:
        mid = message if isinstance(message, int) else message.id
        msg = self.server.messages.get(mid)
        if msg is None:
            raise ValueError(f"no message {mid} on the loopback server")
        return msg

    def _check_command_allowed(self, user: UserRef, channel: Channel, name: str) -> None:
        uid = user if isinstance(user, int) else user.id
        gid = channel.guild_id if channel.type != DM else None
        cmd = next(c for c in self.server.commands(gid) if c["name"] == name)
        if gid is None:
            contexts = cmd.get("contexts")
            if cmd.get("dm_permission") is False or (contexts is not None and 1 not in contexts):
                raise ValueError(f"/{name} is not available in DMs")
            return
        needed = int(cmd.get("default_member_permissions") or 0)
        have = self.server.guilds[gid].permissions_of(uid)
        if needed & ~have:
            raise ValueError(
                f"user {uid} lacks permissions {needed & ~have:#x} that /{name} requires "
                "(the client would not offer it; strict=False to force)"
            )

    def _check_visible(self, user: UserRef, msg: StoredMessage) -> None:
        uid = user if isinstance(user, int) else user.id
        if not self.server.can_see(uid, msg):
            raise ValueError(f"user {uid} cannot see message {msg.id} (strict=False to force)")

    async def _command_data(
        self, channel: Channel, command: str, values: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        name, *path = command.split()
        guild_id = channel.guild_id if channel.type != DM else None

        def find() -> dict[str, Any] | None:
            for cmd in self.server.commands(guild_id):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return cmd
            return None

        try:
            cmd = await self.server.wait_until(
                find, timeout=self.timeout, what=f"the bot to register /{name}"
            )
        except TimeoutError:
            known = sorted(c["name"] for c in self.server.commands(guild_id))
            raise ValueError(f"no slash command /{name} registered; known: {known}") from None
        data: dict[str, Any] = {"id": cmd["id"], "name": name, "type": 1}
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        resolved: dict[str, dict[str, Any]] = {}
        holder, defs = data, cmd.get("options") or []
        for step in path:
            sub = next((o for o in defs if o["name"] == step and o["type"] in (1, 2)), None)
            if sub is None:
                subs = [o["name"] for o in defs if o["type"] in (1, 2)]
                raise ValueError(f"/{name} has no subcommand {step!r}; it has {subs}")
            node: dict[str, Any] = {"type": sub["type"], "name": step, "options": []}
            holder["options"] = [node]
            holder, defs = node, sub.get("options") or []
        if any(o["type"] in (1, 2) for o in defs):
            subs = [o["name"] for o in defs if o["type"] in (1, 2)]
            raise ValueError(f"/{command} needs a subcommand: one of {subs}")
        opts = []
        for key, value in values.items():
            odef = next((o for o in defs if o["name"] == key), None)
            if odef is None:
                raise ValueError(
                    f"/{command} has no option {key!r}; options: {[o['name'] for o in defs]}"
                )
            if key == focused:
                opts.append(
                    {"name": key, "type": odef["type"], "value": str(value), "focused": True}
                )
                continue
            opts.append(
                {
                    "name": key,
                    "type": odef["type"],
                    "value": self._option_value(odef, value, guild_id, resolved),
                }
            )
        missing = [o["name"] for o in defs if o.get("required") and o["name"] not in values]
        if missing and focused is None:
            raise ValueError(f"/{command} is missing required option(s) {missing}")
        holder["options"] = opts
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_value(
        self,
        odef: dict[str, Any],
        value: Any,
        guild_id: int | None,
        resolved: dict[str, dict[str, Any]],
    ) -> Any:
        kind = odef["type"]
        if (
            kind in (USER, MENTIONABLE)
            and isinstance(value, LoopbackUser | int)
            and not isinstance(value, bool)
        ):
            user = self.server._user(value)
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            guild = self.server.guilds.get(guild_id or 0)
            if guild is not None and user.id in guild.members:
                member = guild.member_payload(user, with_permissions=True)
                member.pop("user")
                resolved.setdefault("members", {})[str(user.id)] = member
            return str(user.id)
        if kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        if kind == CHANNEL:
            chan = value if isinstance(value, Channel) else self.server.channels[int(value)]
            data = chan.payload(self.server.users)
            resolved.setdefault("channels", {})[str(chan.id)] = {
                k: data[k] for k in ("id", "type", "name", "parent_id") if k in data
            } | {"permissions": str((1 << 53) - 1)}
            return str(chan.id)
        if kind == ATTACHMENT:
            raise NotImplementedError("attachment options are not supported by the harness")
        converted: Any = {STRING: str, INTEGER: int, NUMBER: float, BOOLEAN: bool}.get(kind, str)(
            value
        )
        choices = odef.get("choices")
        if choices and converted not in [c["value"] for c in choices]:
            raise ValueError(
                f"option {odef['name']!r}: {value!r} is not among the choices "
                f"{[c['value'] for c in choices]}"
            )
        return converted
