"""Discord's failures, answered: every interaction gets a reply whatever a REST call returns.

Discord may refuse or lose any call the bot makes: 403 (code 50013 *Missing Permissions*,
50001 *Missing Access*), 404 (10003 *Unknown Channel*, 10008 *Unknown Message*), 429 (rate
limited), 5xx (its own trouble) or no answer in time.  This module turns each into a sentence
in the user's language and makes sure the user reads it:

* :func:`failure_text` names what went wrong; for a 403 it names the missing permissions,
  read from the interaction's ``app_permissions`` (the bot's permissions in the channel);
* :func:`answer_failure` logs the error and answers the interaction ephemerally, by whatever
  way is still open (the first response, a follow-up, or editing the "thinking…" reply);
* :func:`answers_failures` wraps a component handler so that nothing escapes unanswered;
  :class:`PaijuTree` does the same for every slash command (``CommandTree.on_error``);
* :func:`missing_to_open` is what ``/table open`` checks before it opens anything;
* :func:`is_transient` says whether trying again later may succeed (the table and hand
  messages are then edited again; a permanent refusal is not retried in a loop).
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ParamSpec

import aiohttp
import discord
from discord import app_commands

from cogs.i18n import lang_of, tr

__all__ = [
    "DISCORD_FAILURES",
    "MISSING_ACCESS",
    "MISSING_PERMISSIONS",
    "PaijuTree",
    "answer_failure",
    "answers_failures",
    "failure_text",
    "is_transient",
    "missing_to_open",
    "permission_list",
]

log = logging.getLogger(__name__)

MISSING_ACCESS = 50001  # no View Channel
MISSING_PERMISSIONS = 50013
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
UNKNOWN_INTERACTION = 10062  # its token expired: nothing can answer it any more
ALREADY_ACKNOWLEDGED = 40060  # a second delivery of an interaction another run answered

THREAD_TYPES = (
    discord.ChannelType.public_thread,
    discord.ChannelType.private_thread,
    discord.ChannelType.news_thread,
)

P = ParamSpec("P")

#: What a REST call to Discord may raise besides a bug: its refusals and errors, a timeout,
#: a lost connection.
DISCORD_FAILURES = (TimeoutError, discord.HTTPException, aiohttp.ClientError)


def _in_thread(interaction: discord.Interaction) -> bool:
    return getattr(interaction.channel, "type", None) in THREAD_TYPES


def channel_needs(interaction: discord.Interaction) -> tuple[str, ...]:
    """What the bot needs in the interaction's channel to keep a table message there: see the
    channel and send in it (in a thread: send in threads).  The code makes no embeds, no
    threads and reads no history, so it asks for none of those."""
    send = "send_messages_in_threads" if _in_thread(interaction) else "send_messages"
    return ("view_channel", send)


def _missing(perms: discord.Permissions, names: Iterable[str]) -> list[str]:
    return [n for n in names if not getattr(perms, n, False)]


def missing_to_open(interaction: discord.Interaction) -> tuple[list[str], list[str]]:
    """``(missing and required, missing and wanted)`` for a table in this channel, from the
    interaction's ``app_permissions``: required are :func:`channel_needs`; wanted is *Attach
    Files* (without it the table message is text without its picture)."""
    perms = interaction.app_permissions
    return _missing(perms, channel_needs(interaction)), _missing(perms, ("attach_files",))


def permission_list(lang: str, names: Iterable[str]) -> str:
    """``"Send Messages, Attach Files"`` in ``lang`` (Discord's own names for them)."""
    sep = "、" if lang == "zh" else ", "
    return sep.join(f"**{tr(lang, 'perm.' + n)}**" for n in names)


def is_transient(error: BaseException) -> bool:
    """True when the same call may succeed later: 429, 5xx, a timeout or a lost connection.
    A 403 or a 404 stays until someone changes something."""
    if isinstance(error, discord.HTTPException):
        return error.status == 429 or error.status >= 500
    return isinstance(error, TimeoutError | aiohttp.ClientError | OSError)


def failure_text(
    lang: str,
    error: BaseException,
    perms: discord.Permissions | None = None,
    needs: Iterable[str] = ("view_channel", "send_messages"),
) -> str:
    """What went wrong, for a person: a 403 names the missing permissions among ``needs``
    (from ``perms``, the bot's permissions in the channel), a 404 what is gone, a 429 to
    wait, a 5xx or a timeout to try again, anything else that it was logged."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, discord.HTTPException):
        code = error.code
        if error.status == 403:
            if code == MISSING_ACCESS:
                missing = ["view_channel"]
            else:
                missing = _missing(perms, needs) if perms is not None else []
            if missing:
                return tr(lang, "fail.missing_permissions", perms=permission_list(lang, missing))
            return tr(lang, "fail.forbidden", code=code or 403)
        if error.status == 404:
            key = "fail.message_gone" if code == UNKNOWN_MESSAGE else "fail.channel_gone"
            return tr(lang, key, code=code or 404)
        if error.status == 429:
            return tr(lang, "fail.rate_limited")
        if error.status >= 500:
            return tr(lang, "fail.discord_down", status=error.status)
        return tr(lang, "fail.unexpected", error=f"HTTP {error.status} {code}")
    if isinstance(error, discord.RateLimited):
        return tr(lang, "fail.rate_limited")
    if is_transient(error):
        return tr(lang, "fail.timeout")
    return tr(lang, "fail.unexpected", error=type(error).__name__)


async def answer_failure(interaction: discord.Interaction, error: BaseException) -> None:
    """Log ``error`` and tell the user ephemerally, by the first way that works: the first
    response, a follow-up, then editing the deferred ("thinking…") reply. Never raises."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    expected = isinstance(error, DISCORD_FAILURES)
    log.log(
        logging.WARNING if expected else logging.ERROR,
        "interaction %s (%s) failed: %r",
        interaction.id,
        _what(interaction),
        error,
        exc_info=None if expected else error,
    )
    if isinstance(error, discord.HTTPException) and error.code in (
        UNKNOWN_INTERACTION,
        ALREADY_ACKNOWLEDGED,
    ):
        return  # answered elsewhere, or no longer answerable
    lang = lang_of(interaction.locale)
    perms = interaction.app_permissions
    text = "❌ " + failure_text(lang, error, perms, channel_needs(interaction))
    await say_privately(interaction, text)


async def say_privately(interaction: discord.Interaction, text: str) -> bool:
    """Answer ``text`` ephemerally by whatever way is still open; True if one worked."""
    attempts: list[Callable[[], Awaitable[Any]]] = []
    if not interaction.response.is_done():
        attempts.append(lambda: interaction.response.send_message(text, ephemeral=True))
    attempts.append(lambda: interaction.followup.send(text, ephemeral=True))
    attempts.append(lambda: interaction.edit_original_response(content=text))
    for attempt in attempts:
        try:
            await attempt()
            return True
        except (*DISCORD_FAILURES, discord.ClientException) as exc:  # e.g. already responded
            log.warning("could not answer interaction %s: %r", interaction.id, exc)
    return False


def _what(interaction: discord.Interaction) -> str:
    data: dict[str, Any] = dict(interaction.data or {})
    return str(data.get("name") or data.get("custom_id") or interaction.type)


def answers_failures(
    func: Callable[P, Awaitable[None]],
) -> Callable[P, Awaitable[None]]:
    """Decorate a handler whose first argument is the interaction: any exception it lets out
    (a REST call refused, Discord down, a bug) is logged and answered (:func:`answer_failure`)."""

    @functools.wraps(func)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await func(*args, **kwargs)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            interaction = args[0]
            assert isinstance(interaction, discord.Interaction)
            await answer_failure(interaction, exc)

    return wrapper


class PaijuTree(app_commands.CommandTree[Any]):
    """The command tree with a global error handler: whatever a slash command lets out is
    logged and answered ephemerally in the user's language (a check failure included)."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await answer_failure(interaction, error)
