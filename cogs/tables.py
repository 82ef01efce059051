"""``/table …``: open, join, leave, addbot, kick, start, status, options, abort.

Thin: each command defers, calls one :class:`bot.tables.TableService` method
with the channel and the caller, and answers ephemerally (the table message in
the channel shows the change to everyone, see :mod:`cogs.display`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _L
from discord.ext import commands

from cogs.actions import Refusal, app, defer, display_name, lang, refuse, reply, table_error_type
from cogs.failures import (
    DISCORD_FAILURES,
    channel_needs,
    failure_text,
    missing_to_open,
    permission_list,
)
from cogs.i18n import lang_of, tr
from cogs.table_options import chunks, options_lines
from games.registry import GAMES
from present.games import game_title

__all__ = ["GAME_CHOICES", "TableCog", "setup"]

log = logging.getLogger(__name__)

GAME_CHOICES = [
    app_commands.Choice(name=app_commands.locale_str(game_title(key, "en"), game=key), value=key)
    for key in GAMES
]
"""Every game, named in Chinese and English (``扒鸡窝 Pajiwo``) for English clients and as
:func:`present.games.game_title` names it in the client's language for the others (the
``game`` extra: :class:`cogs.i18n.PaijuTranslator` serves ``扒鸡窝``, zh-TW ``扒雞窩``)."""

PACE_CHOICES = ["live", "relaxed", "async"]

LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="简体中文", value="zh"),
    app_commands.Choice(name="繁體中文 (台灣)", value="zh-TW"),
    app_commands.Choice(name="繁體中文 (香港)", value="zh-HK"),
]
"""The languages a table's channel text can be in, each named in itself (values: ``Lang``)."""


def language_name(lang: str) -> str:
    """``"简体中文"`` for ``"zh"``: a language named in itself, as the choices name it."""
    return next((c.name for c in LANGUAGE_CHOICES if c.value == lang), lang)


def table_language(interaction: discord.Interaction, default_locale: str) -> str:
    """The language of a table opened by ``interaction``: the server's (``guild_locale``)
    where Discord gives one, else ``default_locale`` (``DEFAULT_LOCALE``); never the opener's
    own, which is theirs and not the channel's."""
    guild_locale = getattr(interaction, "guild_locale", None)
    return lang_of(guild_locale if guild_locale is not None else default_locale)


async def preset_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    game = getattr(interaction.namespace, "game", None)
    names: list[str] = []
    try:
        if game is None:
            table = app(interaction).service.table_in_channel(interaction.channel_id or 0)
            game = table.game if table is not None else None
        if game:
            names = list(GAMES[game].engine().presets)
    except (KeyError, ImportError):
        names = ["standard"]
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()][
        :25
    ]


async def pace_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    out = [p for p in PACE_CHOICES if current.lower() in p]
    typed = current.strip()[:100]  # a choice's name and value: at most 100 characters
    if typed and typed not in out:
        out.append(typed)  # a custom pace such as 90s or 5m
    return [app_commands.Choice(name=p, value=p) for p in out][:25]


def parse_option_text(text: str) -> dict[str, str]:
    """``"match=one_hand, rebel_below=15"`` -> ``{"match": "one_hand", "rebel_below": "15"}``.

    Raises :class:`Refusal` ``bad_option`` for a piece without ``=``.
    """
    out: dict[str, str] = {}
    for piece in text.replace("，", ",").split(","):
        piece = piece.strip()
        if not piece:
            continue
        name, sep, value = piece.partition("=")
        if not sep or not name.strip():
            shown = piece if len(piece) <= 40 else piece[:39] + "…"  # an echo stays short
            raise Refusal("bad_option", f"{shown!r} is not name=value", text=shown)
        out[name.strip()] = value.strip()
    return out


class TableCog(
    commands.GroupCog,
    group_name=_L("table"),
    group_description=_L("Tables: open, join, start and manage a card table in this channel"),
):
    """The ``/table`` command group."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    async def _lobby(
        self,
        interaction: discord.Interaction,
        call: Callable[[], Awaitable[Any]],
        done_key: str,
        **params: Any,
    ) -> Any:
        await defer(interaction, ephemeral=True)
        try:
            result = await call()
        except (table_error_type(), Refusal) as exc:
            await refuse(interaction, exc)
            return None
        await reply(interaction, tr(lang(interaction), done_key, **params))
        return result

    @app_commands.command(
        name=_L("open"), description=_L("Open a table for a game in this channel")
    )
    @app_commands.rename(game=_L("game"), preset=_L("preset"), pace=_L("pace"))
    @app_commands.describe(
        game=_L("Which game"),
        preset=_L("Option preset, e.g. standard or quick"),
        pace=_L("Pace: how long each turn may take"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(preset=preset_autocomplete, pace=pace_autocomplete)
    async def open(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        preset: str | None = None,
        pace: str | None = None,
    ) -> None:
        # Check the bot's permissions here, open the table, answer privately, then post the
        # table message as the answer's public follow-up (its token edits the message for 14
        # minutes outside Discord's global budget, issue 25); a table whose message cannot be
        # posted is withdrawn (no lobby nobody sees is left behind) and the answer says so.
        arrived = time.monotonic()
        bot = app(interaction)
        lg = lang(interaction)
        channel_id = interaction.channel_id or 0
        await defer(interaction, ephemeral=True)
        required, wanted = missing_to_open(interaction)
        if required:
            text = tr(lg, "fail.missing_permissions", perms=permission_list(lg, required))
            await reply(interaction, "❌ " + text)
            return
        table_lg = table_language(interaction, bot.settings.default_locale)
        bot.display.channel_lang[channel_id] = table_lg
        try:
            table = await bot.service.open_table(
                guild_id=interaction.guild_id,
                channel_id=channel_id,
                game=game.value,
                user_id=interaction.user.id,
                name=display_name(interaction),
                preset=preset,
                pace=pace,
            )
        except (table_error_type(), Refusal) as exc:
            await refuse(interaction, exc)
            return
        if wanted:  # shown as text: say so now rather than when the first picture is refused
            bot.display.no_pictures[table.id] = float("inf")
            bot.display.told_no_pictures.add(table.id)
        text = tr(lg, "lobby.opened")
        text += "\n" + tr(lg, "language.opened", language=language_name(table_lg))
        if wanted:
            text += "\n" + tr(lg, "fail.no_pictures_open", perms=permission_list(lg, wanted))

        async def answer() -> bool:
            # the private answer first: the first follow-up of a deferral would replace it
            # (and be private); a follow-up after it is a message of its own, public
            try:
                await interaction.edit_original_response(content=text)
            except DISCORD_FAILURES as exc:  # the token is refused: the bot posts the table
                log.info("/table open: the private answer failed (%r)", exc)
                return False
            return True

        error = await bot.display.open_message(table, table_lg, interaction, arrived, answer)
        if error is not None:
            perms = interaction.app_permissions
            reason = failure_text(lg, error, perms, channel_needs(interaction))
            failed = "❌ " + tr(lg, "fail.open_not_posted", reason=reason)
            try:
                await interaction.edit_original_response(content=failed)
            except DISCORD_FAILURES:
                await reply(interaction, failed)

    @app_commands.command(name=_L("join"), description=_L("Join the table in this channel"))
    async def join(self, interaction: discord.Interaction) -> None:
        bot = app(interaction)
        await defer(interaction, ephemeral=True)
        try:
            table = await bot.service.join(
                interaction.channel_id or 0, interaction.user.id, display_name(interaction)
            )
        except table_error_type() as exc:
            await refuse(interaction, exc)
            return
        seat = table.seat_of(interaction.user.id)
        await reply(interaction, tr(lang(interaction), "lobby.joined", seat=(seat or 0) + 1))

    @app_commands.command(name=_L("leave"), description=_L("Leave the table in this channel"))
    async def leave(self, interaction: discord.Interaction) -> None:
        bot = app(interaction)
        await self._lobby(
            interaction,
            lambda: bot.service.leave(interaction.channel_id or 0, interaction.user.id),
            "lobby.left",
        )

    @app_commands.command(name=_L("addbot"), description=_L("Fill empty seats with bot players"))
    @app_commands.rename(count=_L("count"))
    @app_commands.describe(count=_L("How many bots (default: fill every empty seat)"))
    async def addbot(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, 3] | None = None,
    ) -> None:
        bot = app(interaction)
        channel_id = interaction.channel_id or 0

        async def call() -> Any:
            n = count
            if n is None:
                table = bot.service.table_in_channel(channel_id)
                n = max(1, len(table.free_seats)) if table is not None else 1
            return await bot.service.add_bot(channel_id, interaction.user.id, n)

        await self._lobby(interaction, call, "lobby.bots_added")

    @app_commands.command(
        name=_L("kick"), description=_L("Remove a player or bot from a seat (host only)")
    )
    @app_commands.rename(seat=_L("seat"))
    @app_commands.describe(seat=_L("Seat number, 1-4"))
    async def kick(
        self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 4]
    ) -> None:
        bot = app(interaction)
        await self._lobby(
            interaction,
            lambda: bot.service.kick(interaction.channel_id or 0, interaction.user.id, seat - 1),
            "lobby.kicked",
            seat=seat,
        )

    @app_commands.command(name=_L("start"), description=_L("Start the game (host)"))
    async def start(self, interaction: discord.Interaction) -> None:
        bot = app(interaction)
        await self._lobby(
            interaction,
            lambda: bot.service.start(interaction.channel_id or 0, interaction.user.id),
            "lobby.started",
        )

    @app_commands.command(name=_L("status"), description=_L("Show the table in this channel"))
    async def status(self, interaction: discord.Interaction) -> None:
        bot = app(interaction)
        await defer(interaction, ephemeral=True)
        table = bot.service.table_in_channel(interaction.channel_id or 0)
        if table is None:
            await refuse(interaction, Refusal("no_table", "there is no table in this channel"))
            return
        text = bot.display.table_text(table, lang(interaction))
        known = bot.state.table_messages.get(table.id)
        if known is not None and interaction.guild_id is not None:
            text += f"\nhttps://discord.com/channels/{interaction.guild_id}/{known[0]}/{known[1]}"
        await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=_L("options"), description=_L("Show or change the table's options"))
    @app_commands.rename(
        preset=_L("preset"),
        pace=_L("pace"),
        rated=_L("rated"),
        set=_L("set"),
        language=_L("language"),
    )
    @app_commands.describe(
        preset=_L("Option preset, e.g. standard or quick"),
        pace=_L("Pace: how long each turn may take"),
        rated=_L("Whether the match counts for ratings"),
        set=_L("Options as name=value, separated by commas"),
        language=_L("Language of the table's text in the channel (the server's by default)"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.autocomplete(preset=preset_autocomplete, pace=pace_autocomplete)
    async def options(
        self,
        interaction: discord.Interaction,
        preset: str | None = None,
        pace: str | None = None,
        rated: bool | None = None,
        set: str | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        bot = app(interaction)
        lg = lang(interaction)
        await defer(interaction, ephemeral=True)
        channel_id = interaction.channel_id or 0
        try:
            table = bot.service.table_in_channel(channel_id)
            if table is None:
                raise Refusal("no_table", "there is no table in this channel")
            if any(v is not None for v in (preset, pace, rated, set)):
                table = await bot.service.set_options(
                    channel_id,
                    interaction.user.id,
                    preset=preset,
                    pace=pace,
                    options=parse_option_text(set) if set else None,
                    rated=rated,
                )
            if language is not None and table.host_user_id != interaction.user.id:
                # the table's words, not a rule: the host may change them at any time
                raise Refusal("not_host", "only the host can do that")
        except (table_error_type(), Refusal) as exc:
            await refuse(interaction, exc)
            return
        done: list[str] = []
        if language is not None:
            await bot.display.set_lang(table, lang_of(language.value))
            done.append(tr(lg, "options.language_set", language=language_name(language.value)))
        table_lg = bot.display.lang(table)
        pages = chunks(done + options_lines(table, lg, language_name(table_lg)))
        for page in pages:  # cut between lines, never inside a word or a bracket
            await reply(interaction, page)

    @app_commands.command(
        name=_L("abort"), description=_L("Close the table (host, or Manage Channels)")
    )
    async def abort(self, interaction: discord.Interaction) -> None:
        bot = app(interaction)
        perms = interaction.permissions
        force = bool(perms and perms.manage_channels)
        await self._lobby(
            interaction,
            lambda: bot.service.abort(
                interaction.channel_id or 0, interaction.user.id, force=force
            ),
            "lobby.aborted",
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(TableCog(bot))
