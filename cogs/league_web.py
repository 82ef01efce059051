"""``/league web on|off``: an organiser shows the server's league on the read-only web pages
(:mod:`web`), or hides it; without an argument it says which. The flag and the server's name
are stored in ``web_listing`` (``Store.set_web_listing``); the pages read them. Refusals are
the league's (``league.err.<code>``): only organisers may change it, only in a server.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _L
from discord.ext import commands

from bot.league.errors import LeagueError
from cogs.actions import app, defer, lang, reply
from cogs.i18n import tr
from cogs.league import LEAGUE, _organiser, _refuse

__all__ = ["league_web", "setup"]

STATES = [
    app_commands.Choice(name=_L("on"), value="on"),
    app_commands.Choice(name=_L("off"), value="off"),
]


@LEAGUE.command(
    name=_L("web"), description=_L("Show the league on the web pages, or hide it (organisers)")
)
@app_commands.rename(state=_L("state"))
@app_commands.describe(state=_L("on: show it; off: hide it; empty: say which"))
@app_commands.choices(state=STATES)
async def league_web(
    interaction: discord.Interaction, state: app_commands.Choice[str] | None = None
) -> None:
    await defer(interaction, ephemeral=True)
    lg = lang(interaction)
    store = app(interaction).service.store
    if state is None:
        if interaction.guild_id is None:
            await _refuse(interaction, LeagueError("no_server", "leagues are run in a server"))
            return
        listed = await store.web_listed(interaction.guild_id)
        key = "web.cmd.shown" if listed else "web.cmd.hidden"
        await reply(interaction, tr(lg, key, guild=interaction.guild_id))
        return
    try:
        guild_id = await _organiser(interaction)
    except LeagueError as exc:
        await _refuse(interaction, exc)
        return
    name = interaction.guild.name if interaction.guild is not None else str(guild_id)
    listed = state.value == "on"
    await store.set_web_listing(guild_id, listed, name, app(interaction).service.clock())
    await reply(interaction, tr(lg, "web.cmd.on" if listed else "web.cmd.off", guild=guild_id))


async def setup(bot: commands.Bot) -> None:
    """Nothing to add: the command is in the ``/league`` group, which :mod:`cogs.league` adds."""
