"""``/league`` (the league role, seasons, standings, archive) and ``/stats``: thin Discord
wrappers over :mod:`bot.league` (see ``docs/leagues.md``).

An organiser is a member with *Manage Server* or one holding the league role
(:func:`bot.league.organisers.is_organiser`). Every refusal is an ephemeral line in the
caller's language (``league.err.<code>`` in the ``league`` domain), sent before anything
changes; the public commands decide first (a few quick store queries) and acknowledge
publicly only when they have something to show, so a refusal stays private. Standings and
statistics come as text and as a picture.

Other cogs add subcommands to :data:`LEAGUE` (``/league web``): ``@LEAGUE.command(...)``.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.app_commands import locale_str as _L
from discord.ext import commands

from bot.league.errors import LeagueError
from bot.league.organisers import require_organiser, set_league_role
from bot.league.seasons import SeasonStandings, archive, end_season, season_standings, start_season
from bot.league.stats import PlayerStats, player_stats
from cogs.actions import app, defer, lang, reply
from cogs.i18n import tr
from cogs.tables import GAME_CHOICES
from present.games import game_title

if TYPE_CHECKING:
    from bot.store import Store

__all__ = ["LEAGUE", "SEASON", "LeagueCog", "setup", "standings_text", "stats_text"]

NO_PINGS = discord.AllowedMentions.none()


def _role_ids(interaction: discord.Interaction) -> list[int]:
    roles = getattr(interaction.user, "roles", None) or []
    return [r.id for r in roles]


def _manages_server(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(perms and perms.manage_guild)


def _when(at: float | None) -> str:
    return f"<t:{int(at or 0)}:d>"


def standings_text(lg: str, standings: SeasonStandings, limit: int = 20) -> str:
    """The standings as lines: a title naming the game, season and dates, then one line per
    player (rank, mention, rating, games, wins, points)."""
    season = standings.season
    state = (
        tr(lg, "league.standings.running", since=_when(season.started_at))
        if season.active
        else tr(
            lg,
            "league.standings.ended",
            since=_when(season.started_at),
            until=_when(season.ended_at),
        )
    )
    title = tr(lg, "league.standings.title", game=game_title(season.game, lg), number=season.number)
    lines = [f"**{title}** ({state})"]
    if not standings.lines:
        lines.append(tr(lg, "league.standings.empty"))
    footer = "bots_count" if season.bots_count else "bots_tournament"  # what counted for it
    for line in standings.lines[:limit]:
        lines.append(
            tr(
                lg,
                "league.standings.line",
                rank=line.rank,
                user=f"<@{line.user_id}>",
                rating=line.rating,
                games=line.games,
                wins=line.wins,
                points=line.points,
            )
        )
    lines.append("-# " + tr(lg, f"league.standings.{footer}"))
    return "\n".join(lines)


async def _standings_file(
    store: Store, standings: SeasonStandings, guild: discord.Guild | None
) -> discord.File:
    """The standings picture (:mod:`render.standings`): the top 20, each named as the server
    shows them, else as they last sat at a table."""
    from render.standings import StandingsRow, standings_png

    names = await store.player_names([line.user_id for line in standings.lines[:20]])
    rows = []
    for line in standings.lines[:20]:
        member = guild.get_member(line.user_id) if guild is not None else None
        name = member.display_name if member is not None else names.get(line.user_id, "?")
        rows.append(StandingsRow(line.rank, name, line.rating, line.games, line.wins, line.points))
    season = standings.season
    # the picture is posted for everyone: both names, as its two-language title
    title = f"{game_title(season.game, 'en')} · 第 {season.number} 赛季 season {season.number}"
    png = await asyncio.to_thread(standings_png, rows, title)
    return discord.File(io.BytesIO(png), f"standings-{season.game}-{season.number}.png")


LEAGUE = app_commands.Group(
    name=_L("league"),
    description=_L("The server's league: organisers, seasons, standings"),
    guild_only=True,
)
"""The ``/league`` group; other cogs may add subcommands to it."""

SEASON = app_commands.Group(
    name=_L("season"), description=_L("Seasons: start, end, standings, archive"), parent=LEAGUE
)


async def _refuse(interaction: discord.Interaction, error: LeagueError) -> None:
    lg = lang(interaction)
    await reply(interaction, "❌ " + tr(lg, f"league.err.{error.code}", **error.params))


async def _organiser(interaction: discord.Interaction) -> int:
    return await require_organiser(
        app(interaction).service.store,
        interaction.guild_id,
        _role_ids(interaction),
        _manages_server(interaction),
    )


@LEAGUE.command(name=_L("role"), description=_L("Show or set the league role (Manage Server)"))
@app_commands.rename(role=_L("role"), clear=_L("clear"))
@app_commands.describe(
    role=_L("Members with this role are league organisers"),
    clear=_L("True: no league role (only Manage Server organises)"),
)
async def league_role(
    interaction: discord.Interaction,
    role: discord.Role | None = None,
    clear: bool = False,
) -> None:
    await defer(interaction, ephemeral=True)
    lg = lang(interaction)
    store = app(interaction).service.store
    if interaction.guild_id is None:
        await _refuse(interaction, LeagueError("no_server", "leagues are run in a server"))
        return
    if role is None and not clear:
        current = await store.league_role(interaction.guild_id)
        text = (
            tr(lg, "league.role.none")
            if current is None
            else tr(lg, "league.role.show", role=f"<@&{current}>")
        )
        await reply(interaction, text, allowed_mentions=NO_PINGS)
        return
    if not _manages_server(interaction):
        await _refuse(interaction, LeagueError("not_manager", "needs Manage Server"))
        return
    now = app(interaction).service.clock()
    if clear:
        changed = await set_league_role(store, interaction.guild_id, None, now)
        await reply(interaction, tr(lg, "league.role.cleared" if changed else "league.role.unset"))
        return
    assert role is not None
    changed = await set_league_role(store, interaction.guild_id, role.id, now)
    key = "league.role.set" if changed else "league.role.same"
    await reply(interaction, tr(lg, key, role=role.mention), allowed_mentions=NO_PINGS)


@SEASON.command(name=_L("start"), description=_L("Start a season of a game (organisers)"))
@app_commands.rename(game=_L("game"), bots_count=_L("bots_count"))
@app_commands.describe(
    game=_L("Which game"),
    bots_count=_L("Rated tables with bots count for the season too (default: tournaments only)"),
)
@app_commands.choices(game=GAME_CHOICES)
async def season_start(
    interaction: discord.Interaction, game: app_commands.Choice[str], bots_count: bool = False
) -> None:
    # the store's few quick reads and one write come first, so a refusal is the first answer
    # and private (after a public "thinking", a follow-up could not be)
    lg = lang(interaction)
    bot = app(interaction)
    try:
        guild_id = await _organiser(interaction)
        season = await start_season(
            bot.service.store,
            guild_id,
            game.value,
            interaction.user.id,
            bot.service.clock(),
            bots_count=bots_count,
        )
    except LeagueError as exc:
        await _refuse(interaction, exc)
        return
    text = tr(lg, "league.season.started", game=game_title(season.game, lg), number=season.number)
    footer = "bots_count" if season.bots_count else "bots_tournament"
    text += "\n" + tr(lg, f"league.standings.{footer}")
    await reply(interaction, text, ephemeral=False)


@SEASON.command(name=_L("end"), description=_L("End the running season and archive it"))
@app_commands.rename(game=_L("game"))
@app_commands.describe(game=_L("Which game"))
@app_commands.choices(game=GAME_CHOICES)
async def season_end(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
    lg = lang(interaction)
    bot = app(interaction)
    try:
        guild_id = await _organiser(interaction)
        standings = await end_season(
            bot.service.store, guild_id, game.value, interaction.user.id, bot.service.clock()
        )
    except LeagueError as exc:
        await _refuse(interaction, exc)
        return
    await defer(interaction, ephemeral=False)  # the picture takes a moment
    season = standings.season
    head = tr(lg, "league.season.ended", game=game_title(season.game, lg), number=season.number)
    picture = await _standings_file(bot.service.store, standings, interaction.guild)
    await reply(
        interaction,
        head + "\n" + standings_text(lg, standings),
        ephemeral=False,
        allowed_mentions=NO_PINGS,
        file=picture,
    )


@SEASON.command(name=_L("standings"), description=_L("A season's standings, as text and picture"))
@app_commands.rename(game=_L("game"), number=_L("number"))
@app_commands.describe(
    game=_L("Which game"), number=_L("Season number (default: the running or latest one)")
)
@app_commands.choices(game=GAME_CHOICES)
async def season_show(
    interaction: discord.Interaction,
    game: app_commands.Choice[str],
    number: app_commands.Range[int, 1, 100000] | None = None,
) -> None:
    lg = lang(interaction)
    bot = app(interaction)
    if interaction.guild_id is None:
        await _refuse(interaction, LeagueError("no_server", "leagues are run in a server"))
        return
    try:
        standings = await season_standings(
            bot.service.store, interaction.guild_id, game.value, number
        )
    except LeagueError as exc:
        await _refuse(interaction, exc)
        return
    await defer(interaction, ephemeral=False)  # the picture takes a moment
    picture = await _standings_file(bot.service.store, standings, interaction.guild)
    await reply(
        interaction,
        standings_text(lg, standings),
        ephemeral=False,
        allowed_mentions=NO_PINGS,
        file=picture,
    )


@SEASON.command(name=_L("archive"), description=_L("Every season of a game, past and running"))
@app_commands.rename(game=_L("game"))
@app_commands.describe(game=_L("Which game"))
@app_commands.choices(game=GAME_CHOICES)
async def season_archive(interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
    await defer(interaction, ephemeral=True)
    lg = lang(interaction)
    bot = app(interaction)
    if interaction.guild_id is None:
        await _refuse(interaction, LeagueError("no_server", "leagues are run in a server"))
        return
    seasons = await archive(bot.service.store, interaction.guild_id, game.value)
    if not seasons:
        await _refuse(interaction, LeagueError("no_seasons", "no season yet"))
        return
    lines = [f"**{tr(lg, 'league.archive.title', game=game_title(game.value, lg))}**"]
    for item in seasons:
        season = item.season
        state = (
            tr(lg, "league.standings.running", since=_when(season.started_at))
            if season.active
            else tr(
                lg,
                "league.standings.ended",
                since=_when(season.started_at),
                until=_when(season.ended_at),
            )
        )
        top = (
            ", ".join(f"{ln.rank}. <@{ln.user_id}> {ln.rating:.1f}" for ln in item.lines)
            if item.lines
            else tr(lg, "league.archive.empty")
        )
        lines.append(tr(lg, "league.archive.line", number=season.number, state=state, top=top))
    lines.append(tr(lg, "league.archive.hint"))
    await reply(interaction, "\n".join(lines), allowed_mentions=NO_PINGS)


def stats_text(lg: str, user_mention: str, stats: PlayerStats) -> str:
    """``/stats`` as lines (see :func:`bot.league.stats.player_stats`)."""
    lines = [f"**{tr(lg, 'league.stats.title', user=user_mention)}**"]
    t = stats.total
    if len(stats.games) > 1:
        lines.append(
            tr(
                lg,
                "league.stats.total",
                games=t.games,
                wins=t.wins,
                points=t.points,
                current=t.current_streak,
                best=t.best_streak,
            )
        )
    for g in stats.games:
        lines.append(
            tr(
                lg,
                "league.stats.game",
                game=game_title(g.game, lg),
                games=g.games,
                wins=g.wins,
                points=g.points,
                current=g.current_streak,
                best=g.best_streak,
            )
        )
    favourites = ", ".join(f"{game_title(g.game, lg)} ({g.games})" for g in stats.favourites)
    lines.append(tr(lg, "league.stats.favourites", games=favourites))
    if stats.chart_game is not None and stats.chart:
        lines.append(
            tr(
                lg,
                "league.stats.chart",
                game=game_title(stats.chart_game, lg),
                rating=stats.chart[-1][1],
                count=len(stats.chart),
            )
        )
    else:
        lines.append(tr(lg, "league.stats.no_chart"))
    return "\n".join(lines)


class LeagueCog(commands.Cog):
    """``/league`` and ``/stats``."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_L("stats"), description=_L("A player's statistics and rating over time")
    )
    @app_commands.rename(player=_L("player"), game=_L("game"))
    @app_commands.describe(
        player=_L("Whose statistics (default: you)"), game=_L("Which game (default: every game)")
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        await defer(interaction, ephemeral=True)
        lg = lang(interaction)
        bot = app(interaction)
        who = player or interaction.user
        from bot.ratings import NO_GUILD

        guild = NO_GUILD if interaction.guild_id is None else interaction.guild_id
        stats = await player_stats(bot.service.store, guild, who.id, game.value if game else None)
        if not stats.games:
            await reply(
                interaction,
                tr(lg, "league.stats.none", user=who.mention),
                allowed_mentions=NO_PINGS,
            )
            return
        files: Sequence[discord.File] = ()
        if stats.chart_game is not None and len(stats.chart) >= 1:
            from render.rating_chart import rating_chart_png

            title = f"{game_title(stats.chart_game, lg)} · {who.display_name}"
            png = await asyncio.to_thread(rating_chart_png, stats.chart, title)
            files = [discord.File(io.BytesIO(png), f"rating-{stats.chart_game}.png")]
        await reply(
            interaction,
            stats_text(lg, who.mention, stats),
            allowed_mentions=NO_PINGS,
            files=list(files) or None,
        )


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(LEAGUE)
    await bot.add_cog(LeagueCog(bot))
