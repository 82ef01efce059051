"""The REST endpoints of the loopback Discord: one function per operation, ``HANDLERS`` maps
``(METHOD, path template of the OpenAPI description)`` to it.

Each handler takes the server and the decoded :class:`~.api.ApiRequest` (already validated
against the description) and returns the JSON answer (None: 204 No Content) or raises
:class:`~.api.ApiError` with Discord's error code (10003 Unknown Channel, 10008 Unknown
Message, 10015 Unknown Webhook, 10062 Unknown interaction, 40060 already acknowledged, 50007
Cannot send messages to this user, ...).  Message bodies are applied by :func:`_apply`
(content, embeds, components, flags, ``attachments`` + ``files[n]``).
"""

from __future__ import annotations

import mimetypes
import re
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .api import ApiError, ApiRequest, Violation
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    CALLBACK_DEFERRED_MESSAGE,
    CALLBACK_DEFERRED_UPDATE,
    CALLBACK_MESSAGE,
    CALLBACK_UPDATE,
    DM,
    EPHEMERAL,
    IS_COMPONENTS_V2,
    LOADING,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    InteractionRecord,
    StoredMessage,
    iso,
)

if TYPE_CHECKING:
    from .server import LoopbackDiscord

#: Which callback types Discord accepts for each interaction type.
ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {4, 5, 9},
    MESSAGE_COMPONENT: {4, 5, 6, 7, 9},
    AUTOCOMPLETE: {8},
    MODAL_SUBMIT: {4, 5, 6, 7},
}
_MENTION = re.compile(r"<@!?(\d+)>")


# ------------------------------------------------------------------ messages


def message_payload(server: LoopbackDiscord, m: StoredMessage) -> dict[str, Any]:
    """The message object discord.py parses (``discord/types/message.py:Message``)."""
    channel = server.channels[m.channel_id]
    mentions = [
        server.users[int(uid)].payload()
        for uid in dict.fromkeys(_MENTION.findall(m.content))
        if int(uid) in server.users
    ]
    data: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": server.users[m.author_id].payload(),
        "content": m.content,
        "timestamp": iso(m.created_at),
        "edited_timestamp": iso(m.edited_at) if m.edited_at else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": mentions,
        "mention_roles": [],
        "attachments": [a.payload(server.base_url, m.channel_id) for a in m.attachments],
        "embeds": m.embeds,
        "pinned": False,
        "type": m.type,
        "flags": m.flags,
        "components": _response_components(server, m),
    }
    if channel.guild_id:
        data["guild_id"] = str(channel.guild_id)
    if m.webhook_id:
        data["webhook_id"] = str(m.webhook_id)
        data["application_id"] = str(server.application_id)
    if m.interaction_id is not None:
        rec = server.interactions[m.interaction_id]
        data["interaction_metadata"] = {
            "id": str(rec.id),
            "type": rec.type,
            "user": server.users[rec.user_id].payload(),
            "authorizing_integration_owners": rec.payload["authorizing_integration_owners"],
        }
        if rec.message_id is not None and rec.type == MESSAGE_COMPONENT:
            data["interaction_metadata"]["interacted_message_id"] = str(rec.message_id)
        if rec.type == MODAL_SUBMIT:
            data["interaction_metadata"]["triggering_interaction_metadata"] = {
                "id": str(rec.id),
                "type": APPLICATION_COMMAND,
                "authorizing_integration_owners": rec.payload["authorizing_integration_owners"],
            }
    return data


def _response_components(server: LoopbackDiscord, m: StoredMessage) -> list[dict[str, Any]]:
    """The message's components as Discord returns them: layout components get their defaults
    (``spoiler``, ``description``, ``accent_color`` …) and ``attachment://NAME`` media become
    the attachment's URL with its id, as an unfurled media item."""
    if not m.flags & IS_COMPONENTS_V2:
        return m.components
    by_name = {a.filename: a for a in m.attachments}

    def media(item: dict[str, Any]) -> dict[str, Any]:
        url = item.get("url", "")
        out: dict[str, Any] = {"id": str(server.ids.next()), "url": url, "proxy_url": url}
        att = (
            by_name.get(url.removeprefix("attachment://"))
            if url.startswith("attachment://")
            else None
        )
        if att is not None:
            link = att.payload(server.base_url, m.channel_id)["url"]
            out.update(url=link, proxy_url=link, attachment_id=str(att.id))
            if att.content_type:
                out["content_type"] = att.content_type
        return out

    def fill(comp: dict[str, Any]) -> dict[str, Any]:
        out = dict(comp)
        kind = out.get("type")
        if "components" in out:
            out["components"] = [fill(c) for c in out["components"]]
        if isinstance(out.get("accessory"), dict):
            out["accessory"] = fill(out["accessory"])
        if kind == 17:  # container
            out.setdefault("accent_color", None)
            out.setdefault("spoiler", False)
        elif kind == 12:  # media gallery
            out["items"] = [
                {
                    "media": media(i.get("media", {})),
                    "description": i.get("description"),
                    "spoiler": bool(i.get("spoiler")),
                }
                for i in out.get("items") or []
            ]
        elif kind == 11:  # thumbnail
            out["media"] = media(out.get("media", {}))
            out.setdefault("description", None)
            out.setdefault("spoiler", False)
        elif kind == 13:  # file
            out["file"] = media(out.get("file", {}))
            name = out["file"]["url"].rsplit("/", 1)[-1]
            att = by_name.get(comp.get("file", {}).get("url", "").removeprefix("attachment://"))
            out.setdefault("name", att.filename if att else name)
            out.setdefault("size", len(att.data) if att else 0)
            out.setdefault("spoiler", False)
        elif kind == 14:  # separator
            out.setdefault("spacing", 1)
            out.setdefault("divider", True)
        return out

    return [fill(c) for c in m.components]


def _normalize_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Components as Discord stores them: a copy where every component has a numeric ``id``
    (numbered 1, 2, ... depth first where the bot gave none) and selects have their
    ``min_values``/``max_values`` defaults (1)."""
    copied = [_deep_copy(c) for c in components]
    taken = {
        c["id"] for c in StoredMessage(0, 0, 0, components=copied).iter_components() if "id" in c
    }
    counter = 0
    for comp in StoredMessage(0, 0, 0, components=copied).iter_components():
        if comp.get("id") is None:
            counter += 1
            while counter in taken:
                counter += 1
            comp["id"] = counter
        if comp.get("type") in (3, 5, 6, 7, 8):
            comp.setdefault("min_values", 1)
            comp.setdefault("max_values", 1)
    return copied


def _deep_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value


#: Discord's limits: 5 action rows of classic components; 40 components in all in a layout
#: message (components v2); 5 buttons or 1 select in an action row.
MAX_ROWS, MAX_LAYOUT_COMPONENTS, MAX_ROW_BUTTONS = 5, 40, 5


def _check_components(
    server: LoopbackDiscord,
    api: ApiRequest,
    components: list[dict[str, Any]],
    *,
    layout: bool = False,
    content: str = "",
    embeds: list[dict[str, Any]] | None = None,
    attachment_names: set[str] | None = None,
) -> None:
    """Refuse what Discord refuses: duplicate custom_ids, too many rows or components, a full
    row, and in a layout message (``IS_COMPONENTS_V2``) content, embeds, or a media URL
    ``attachment://NAME`` naming no attachment of the message."""
    probe = StoredMessage(0, 0, 0, components=components)
    ids = probe.custom_ids()
    dupes = sorted({c for c in ids if ids.count(c) > 1})
    if dupes:
        raise server._api_violation(
            api, 400, 50035, f"component custom_id cannot be duplicated: {dupes}"
        )
    every = list(probe.iter_components())
    for row in (c for c in every if c.get("type") == 1):
        kids = row.get("components") or []
        selects = [k for k in kids if k.get("type") in (3, 5, 6, 7, 8)]
        if len(kids) > MAX_ROW_BUTTONS or (selects and len(kids) > 1):
            raise server._api_violation(
                api, 400, 50035, "an action row holds 5 buttons or one select"
            )
    if not layout:
        if len(components) > MAX_ROWS:
            raise server._api_violation(
                api, 400, 50035, f"{len(components)} action rows: at most {MAX_ROWS}"
            )
        if any(c.get("type") != 1 for c in components):
            raise server._api_violation(
                api, 400, 50035, "layout components need the IS_COMPONENTS_V2 flag"
            )
        return
    if content or embeds:
        raise server._api_violation(
            api, 400, 50035, "content and embeds cannot be used with IS_COMPONENTS_V2"
        )
    if len(every) > MAX_LAYOUT_COMPONENTS:
        raise server._api_violation(
            api, 400, 50035, f"{len(every)} components: at most {MAX_LAYOUT_COMPONENTS}"
        )
    names = attachment_names or set()
    for comp in every:
        urls = [comp.get("file", {}).get("url"), comp.get("media", {}).get("url")]
        urls += [item.get("media", {}).get("url") for item in comp.get("items") or []]
        for url in urls:
            if (
                isinstance(url, str)
                and url.startswith("attachment://")
                and url.removeprefix("attachment://") not in names
            ):
                raise server._api_violation(
                    api, 400, 50035, f"{url} names no attachment of the message"
                )


def _apply(
    server: LoopbackDiscord, api: ApiRequest, m: StoredMessage, body: dict[str, Any], *, edit: bool
) -> None:
    """Apply a create/edit body (content, embeds, components, flags, attachments) to ``m``.

    Everything is checked before anything changes: a refused body leaves ``m`` as it was.
    """
    content = (body["content"] or "") if "content" in body else m.content
    embeds = [{"type": "rich", **e} for e in body["embeds"] or []] if "embeds" in body else m.embeds
    components = m.components
    if "components" in body:
        components = _normalize_components(body["components"] or [])
    flags = m.flags
    if body.get("flags") is not None:
        # ephemerality is fixed at creation; "thinking" is cleared by the caller
        flags = (body["flags"] & ~LOADING) | (m.flags & (LOADING | (EPHEMERAL if edit else 0)))
    new = []
    for idx, upload in sorted(api.files.items()):
        meta: dict[str, Any] = next(
            (a for a in body.get("attachments") or [] if str(a.get("id")) == str(idx)), {}
        )
        filename = meta.get("filename") or upload.filename
        ctype = mimetypes.guess_type(filename)[0] or upload.content_type
        new.append(
            Attachment(server.ids.next(), filename, upload.data, ctype, meta.get("description"))
        )
    if "attachments" in body and edit:
        keep_ids = {str(a.get("id")) for a in body["attachments"] or []}
        attachments = [a for a in m.attachments if str(a.id) in keep_ids] + new
    else:
        attachments = m.attachments + new
    if edit and m.flags & IS_COMPONENTS_V2 and not flags & IS_COMPONENTS_V2:
        raise server._api_violation(api, 400, 50035, "IS_COMPONENTS_V2 cannot be removed")
    _check_components(
        server,
        api,
        components,
        layout=bool(flags & IS_COMPONENTS_V2),
        content=content,
        embeds=embeds,
        attachment_names={a.filename for a in attachments},
    )
    if not (content or embeds or components or attachments) and not flags & LOADING:
        raise server._api_violation(api, 400, 50006, "Cannot send an empty message")
    if edit:
        if server.keep_history:
            m.snapshot()
        m.edited_at = time.time()
    m.content, m.embeds, m.components = content, embeds, components
    m.flags, m.attachments = flags, attachments


def _new_message(
    server: LoopbackDiscord,
    api: ApiRequest,
    channel_id: int,
    body: dict[str, Any],
    *,
    interaction: InteractionRecord | None = None,
    msg_type: int = 0,
    loading: bool = False,
) -> StoredMessage:
    m = StoredMessage(server.ids.next(), channel_id, server.bot_user.id, type=msg_type)
    if interaction is not None:
        m.interaction_id = interaction.id
        m.webhook_id = server.application_id
        if (body.get("flags") or 0) & EPHEMERAL:
            m.ephemeral_to = interaction.user_id
    if loading:
        m.flags = LOADING
    _apply(server, api, m, body, edit=False)
    if m.ephemeral_to is not None:
        m.flags |= EPHEMERAL
    server.messages[m.id] = m
    server._by_channel[channel_id].append(m.id)
    return m


def _channel_or_404(server: LoopbackDiscord, channel_id: str) -> Channel:
    channel = server.channels.get(int(channel_id))
    if channel is None:
        raise ApiError(404, 10003, "Unknown Channel")
    return channel


def _message_or_404(server: LoopbackDiscord, channel: Channel, message_id: str) -> StoredMessage:
    m = server.messages.get(int(message_id))
    # ephemeral messages exist only for their interaction's webhook, as on Discord
    if m is None or m.deleted or m.channel_id != channel.id or m.ephemeral:
        raise ApiError(404, 10008, "Unknown Message")
    return m


# ------------------------------------------------------------------ REST handlers


async def _get_me(server: LoopbackDiscord, api: ApiRequest) -> Any:
    return {
        **server.bot_user.payload(),
        "verified": True,
        "mfa_enabled": False,
        "locale": "en-US",
    }


async def _get_user(server: LoopbackDiscord, api: ApiRequest) -> Any:
    user = server.users.get(int(api.params["user_id"]))
    if user is None:
        raise ApiError(404, 10013, "Unknown User")
    return user.payload()


async def _get_gateway(server: LoopbackDiscord, api: ApiRequest) -> Any:
    if api.path.endswith("/bot"):
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        shards = server.recommended_shards
        return {"url": server.gateway_url, "shards": shards, "session_start_limit": limit}
    return {"url": server.gateway_url}


async def _get_application(server: LoopbackDiscord, api: ApiRequest) -> Any:
    return {
        "id": str(server.application_id),
        "name": server.bot_user.name,
        "icon": None,
        "description": "Paiju (牌局) loopback application",
        "summary": "",
        "type": None,
        "bot": server.bot_user.payload(),
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "flags_new": "0",
        "role_connections_verification_url": None,
        "explicit_content_filter": 0,
        "eligible_oauth2_scopes": ["bot", "applications.commands"],
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "owner": server.users[server.guild.owner_id].payload(),
        "team": None,
        "hook": True,
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "tags": [],
        "approximate_guild_count": len(server.guilds),
    }


def _command_payload(
    server: LoopbackDiscord, cmd: dict[str, Any], guild_id: int | None
) -> dict[str, Any]:
    kind = cmd.get("type") or 1
    key = (guild_id, kind, cmd["name"])
    cid = server._command_ids.setdefault(key, server.ids.next())  # stable across re-syncs
    out = {
        "id": str(cid),
        "application_id": str(server.application_id),
        "version": str(server.ids.next()),
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


def _command_list(
    server: LoopbackDiscord, api: ApiRequest
) -> tuple[list[dict[str, Any]], int | None]:
    if api.params["application_id"] != str(server.application_id):
        raise ApiError(403, 50001, "Missing Access")
    gid = api.params.get("guild_id")
    if gid is None:
        return server.global_commands, None
    if int(gid) not in server.guilds:
        raise ApiError(404, 10004, "Unknown Guild")
    return server.guild_commands.setdefault(int(gid), []), int(gid)


async def _commands(server: LoopbackDiscord, api: ApiRequest) -> Any:
    current, gid = _command_list(server, api)
    if api.method == "GET":
        return current
    if api.method == "PUT":
        names = [(c.get("type") or 1, c["name"]) for c in api.body or []]
        if len(names) != len(set(names)):
            raise server._api_violation(api, 400, 50035, "duplicate command names")
        current[:] = [_command_payload(server, c, gid) for c in api.body or []]
        return current
    # POST: create or overwrite one command by name
    cmd = _command_payload(server, api.json(), gid)
    current[:] = [c for c in current if (c["type"], c["name"]) != (cmd["type"], cmd["name"])]
    current.append(cmd)
    return cmd


async def _command(server: LoopbackDiscord, api: ApiRequest) -> Any:
    current, _ = _command_list(server, api)
    found = next((c for c in current if c["id"] == api.params["command_id"]), None)
    if found is None:
        raise ApiError(404, 10063, "Unknown application command")
    if api.method == "DELETE":
        current.remove(found)
        return None
    if api.method == "PATCH":
        found.update({k: v for k, v in api.json().items() if v is not None})
    return found


async def _callback(server: LoopbackDiscord, api: ApiRequest) -> Any:
    rec = server.interactions.get(int(api.params["interaction_id"]))
    if rec is None or rec.token != api.params["interaction_token"]:
        raise ApiError(404, 10062, "Unknown interaction")
    if rec.answered:
        raise server._api_violation(api, 400, 40060, "Interaction has already been acknowledged.")
    waited = time.monotonic() - rec.created_at
    if server.interaction_deadline is not None and waited > server.interaction_deadline:
        server.violations.append(
            Violation("late", api.method, api.path, f"first callback after {waited:.2f}s")
        )
        raise ApiError(404, 10062, "Unknown interaction")
    body = api.json()
    ctype = int(body["type"])
    if ctype not in ALLOWED_CALLBACKS.get(rec.type, set()):
        raise server._api_violation(
            api,
            400,
            50035,
            f"callback type {ctype} is not valid for interaction type {rec.type}",
        )
    data = body.get("data") or {}
    message: StoredMessage | None = None
    msg_type = 20 if rec.type == APPLICATION_COMMAND else 0
    if ctype == CALLBACK_MESSAGE:
        message = _new_message(
            server, api, rec.channel_id, data, interaction=rec, msg_type=msg_type
        )
        rec.response_message_id = message.id
    elif ctype == CALLBACK_DEFERRED_MESSAGE:
        message = _new_message(
            server, api, rec.channel_id, data, interaction=rec, msg_type=msg_type, loading=True
        )
        rec.response_message_id = message.id
    elif ctype in (CALLBACK_DEFERRED_UPDATE, CALLBACK_UPDATE):
        if rec.message_id is None:
            raise server._api_violation(api, 400, 50035, "no message to update")
        message = server.messages[rec.message_id]
        rec.response_message_id = message.id
        if ctype == CALLBACK_UPDATE:
            _apply(server, api, message, data, edit=True)
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
    out["interaction"]["channel_id"] = str(rec.channel_id)
    if rec.guild_id is not None:
        out["interaction"]["guild_id"] = str(rec.guild_id)
    if message is not None:
        out["interaction"]["response_message_id"] = str(message.id)
    if message is not None and ctype in (CALLBACK_MESSAGE, CALLBACK_UPDATE):
        # the description has a resource only for a sent or updated message (and activities)
        out["resource"] = {"type": ctype, "message": message_payload(server, message)}
    return out


def _webhook_interaction(server: LoopbackDiscord, api: ApiRequest) -> InteractionRecord:
    rec = server._by_token.get(api.params["webhook_token"])
    if rec is None or api.params["webhook_id"] != str(server.application_id):
        raise ApiError(404, 10015, "Unknown Webhook")
    if time.monotonic() - rec.created_at > server.token_lifetime_s:
        raise ApiError(401, 50027, "Invalid Webhook Token")  # 15 minutes old
    if not rec.answered:
        raise server._api_violation(
            api, 404, 10015, "Unknown Webhook (interaction not acknowledged)"
        )
    return rec


def _webhook_message(
    server: LoopbackDiscord, api: ApiRequest, rec: InteractionRecord
) -> StoredMessage:
    mid = api.params.get("message_id")
    if mid is None:  # @original
        original = server.messages.get(rec.response_message_id or 0)
        if original is None or original.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return original
    m = server.messages.get(int(mid))
    if m is None or m.deleted or int(mid) not in [rec.response_message_id, *rec.followup_ids]:
        raise ApiError(404, 10008, "Unknown Message")
    return m


async def _followup(server: LoopbackDiscord, api: ApiRequest) -> Any:
    rec = _webhook_interaction(server, api)
    body = api.json()
    original = server.messages.get(rec.response_message_id or 0)
    if original is not None and original.loading:
        # Discord: the first follow-up after a deferral replaces the "thinking" message
        _apply(server, api, original, body, edit=True)
        original.flags &= ~LOADING
        original.history.clear()
        original.edited_at = None
        message = original
    else:
        message = _new_message(server, api, rec.channel_id, body, interaction=rec, msg_type=0)
        rec.followup_ids.append(message.id)
    return message_payload(server, message) if api.flag("wait") else None


async def _webhook_message_op(server: LoopbackDiscord, api: ApiRequest) -> Any:
    rec = _webhook_interaction(server, api)
    m = _webhook_message(server, api, rec)
    if api.method == "GET":
        return message_payload(server, m)
    if api.method == "DELETE":
        m.deleted = True
        return None
    was_loading = m.loading
    _apply(server, api, m, api.json(), edit=True)
    if was_loading:
        m.flags &= ~LOADING
    return message_payload(server, m)


async def _create_dm(server: LoopbackDiscord, api: ApiRequest) -> Any:
    rid = api.json().get("recipient_id")
    if rid is None or int(rid) not in server.users:
        raise ApiError(400, 50033, "Invalid Recipients")
    return server.dm_channel(int(rid)).payload(server.users)


async def _get_channel(server: LoopbackDiscord, api: ApiRequest) -> Any:
    return _channel_or_404(server, api.params["channel_id"]).payload(server.users)


async def _rest_channel_messages(server: LoopbackDiscord, api: ApiRequest) -> Any:
    channel = _channel_or_404(server, api.params["channel_id"])
    if api.method == "GET":
        limit = int(api.query.get("limit", "50"))
        msgs = [message_payload(server, m) for m in server.channel_messages(channel)]
        return list(reversed(msgs))[:limit]
    if channel.type == DM:
        recipient = server.users[channel.recipient_id or 0]
        if not recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
    m = _new_message(server, api, channel.id, api.json())
    return message_payload(server, m)


async def _rest_channel_message(server: LoopbackDiscord, api: ApiRequest) -> Any:
    channel = _channel_or_404(server, api.params["channel_id"])
    m = _message_or_404(server, channel, api.params["message_id"])
    if api.method == "GET":
        return message_payload(server, m)
    if m.author_id != server.bot_user.id and api.method == "PATCH":
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    if api.method == "DELETE":
        m.deleted = True
        return None
    _apply(server, api, m, api.json(), edit=True)
    return message_payload(server, m)


async def _create_thread(server: LoopbackDiscord, api: ApiRequest) -> Any:
    parent = _channel_or_404(server, api.params["channel_id"])
    if parent.guild_id is None:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    body = api.json()
    tid = int(api.params["message_id"]) if "message_id" in api.params else server.ids.next()
    kind = int(body.get("type") or PUBLIC_THREAD)
    if "message_id" in api.params:
        kind = PUBLIC_THREAD  # a thread from a message is public
    thread = Channel(
        tid,
        kind,
        body.get("name"),
        parent.guild_id,
        parent_id=parent.id,
        owner_id=server.bot_user.id,
        members={server.bot_user.id},  # its creator
        invitable=bool(body.get("invitable", True)),
    )
    server.channels[thread.id] = thread
    server.guilds[parent.guild_id].channels[thread.id] = thread
    server._emit("THREAD_CREATE", {**thread.payload(), "newly_created": True}, parent.guild_id)
    return thread.payload()


async def _thread_member(server: LoopbackDiscord, api: ApiRequest) -> Any:
    """PUT / DELETE /channels/{thread}/thread-members/{user}: add or remove a thread's member
    (204); GET: the member (404 10007 when not one)."""
    thread = _channel_or_404(server, api.params["channel_id"])
    if thread.type not in (PUBLIC_THREAD, PRIVATE_THREAD):
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    uid = int(api.params["user_id"])
    guild = server.guilds[thread.guild_id or 0]
    if uid not in guild.members:
        raise ApiError(404, 10007, "Unknown Member")
    if api.method == "PUT":
        thread.members.add(uid)
    elif api.method == "DELETE":
        thread.members.discard(uid)
    elif uid not in thread.members:
        raise ApiError(404, 10007, "Unknown Member")
    else:
        return {
            "id": str(thread.id),
            "user_id": str(uid),
            "join_timestamp": iso(time.time()),
            "flags": 0,
        }
    return None


async def _typing(server: LoopbackDiscord, api: ApiRequest) -> Any:
    _channel_or_404(server, api.params["channel_id"])
    return None


async def _get_guild(server: LoopbackDiscord, api: ApiRequest) -> Any:
    guild = server.guilds.get(int(api.params["guild_id"]))
    if guild is None:
        raise ApiError(404, 10004, "Unknown Guild")
    if api.template.endswith("/channels"):
        return [c.payload() for c in guild.channels.values()]
    if "user_id" in api.params:
        uid = int(api.params["user_id"])
        if uid not in guild.members:
            raise ApiError(404, 10007, "Unknown Member")
        return guild.member_payload(server.users[uid])
    payload = guild.payload(server.users)
    for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
        payload.pop(key)
    for key in ("home_header", "widget_channel_id", "max_presences", "safety_alerts_channel_id"):
        payload[key] = None
    payload.update(
        widget_enabled=False,
        max_members=500_000,
        max_stage_video_channel_users=50,
        max_video_channel_users=25,
        nsfw=False,
        incidents_data=None,
        approximate_member_count=len(guild.members),
        approximate_presence_count=0,
    )
    return payload


#: Operations Discord answers with 201 Created instead of 200.
CREATED = {
    ("POST", "/channels/{channel_id}/threads"),
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"),
    ("POST", "/applications/{application_id}/commands"),
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands"),
}

Handler = Callable[["LoopbackDiscord", ApiRequest], Awaitable[Any]]

HANDLERS: dict[tuple[str, str], Handler] = {
    ("GET", "/users/@me"): _get_me,
    ("GET", "/users/{user_id}"): _get_user,
    ("GET", "/gateway"): _get_gateway,
    ("GET", "/gateway/bot"): _get_gateway,
    ("GET", "/applications/@me"): _get_application,
    ("GET", "/oauth2/applications/@me"): _get_application,
    ("POST", "/users/@me/channels"): _create_dm,
    ("GET", "/channels/{channel_id}"): _get_channel,
    ("POST", "/channels/{channel_id}/typing"): _typing,
    ("GET", "/channels/{channel_id}/thread-members/{user_id}"): _thread_member,
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}"): _thread_member,
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}"): _thread_member,
    ("POST", "/channels/{channel_id}/threads"): _create_thread,
    (
        "POST",
        "/channels/{channel_id}/messages/{message_id}/threads",
    ): _create_thread,
    ("GET", "/guilds/{guild_id}"): _get_guild,
    ("GET", "/guilds/{guild_id}/channels"): _get_guild,
    ("GET", "/guilds/{guild_id}/members/{user_id}"): _get_guild,
    (
        "POST",
        "/interactions/{interaction_id}/{interaction_token}/callback",
    ): _callback,
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"): _followup,
}
for _method in ("GET", "POST"):
    HANDLERS[(_method, "/channels/{channel_id}/messages")] = _rest_channel_messages
for _method in ("GET", "PATCH", "DELETE"):
    HANDLERS[(_method, "/channels/{channel_id}/messages/{message_id}")] = _rest_channel_message
    for _tail in ("@original", "{message_id}"):
        HANDLERS[(_method, "/webhooks/{webhook_id}/{webhook_token}/messages/" + _tail)] = (
            _webhook_message_op
        )
    for _base in (
        "/applications/{application_id}",
        "/applications/{application_id}/guilds/{guild_id}",
    ):
        HANDLERS[(_method, _base + "/commands/{command_id}")] = _command
for _method in ("GET", "PUT", "POST"):
    for _base in (
        "/applications/{application_id}",
        "/applications/{application_id}/guilds/{guild_id}",
    ):
        HANDLERS[(_method, _base + "/commands")] = _commands
