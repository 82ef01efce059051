"""``/rules``, ``/rating``, ``/leaderboard``, ``/history``: what the host knows, for the caller.

Rules summaries come from ``docs/rules/<game>.md``, or ``<game>.zh.md`` for
Chinese users (its title and opening section, cut to fit a message; zh-TW and
zh-HK users get it in traditional characters, :mod:`present.zh_variant`); any game
with such pages is served without code here. Ratings and history come from
:mod:`bot.ratings` and :mod:`bot.history` over the service's store, for the
current server.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import discord
from discord import app_commands
from discord.app_commands import locale_str as _L
from discord.ext import commands

from cogs.actions import app, defer, lang, reply
from cogs.i18n import tr
from cogs.present import match_won_text
from cogs.rule_links import RULES_DIR, without_citations
from cogs.tables import GAME_CHOICES
from games.registry import GAMES
from present.zh_variant import to_traditional, traditional_region

__all__ = ["InfoCog", "rules_page", "rules_summary", "setup"]

# the pages are read from the checkout (docs/rules): installs are editable (README, Dockerfile)
SUMMARY_CHARS = 1500


def rules_page(game: str, lang: str = "en", rules_dir: Path = RULES_DIR) -> Path | None:
    """The rules page of ``game`` for ``lang`` (``"en"``, ``"zh"``, ``"zh-TW"``…):
    ``<game>.zh.md`` for Chinese when it exists, else ``<game>.md``; ``None`` when there is
    neither."""
    chinese = lang.startswith("zh")  # zh, zh-TW, zh-HK: the Chinese page (converted later)
    names = [f"{game}.zh.md", f"{game}.md"] if chinese else [f"{game}.md"]
    return next((rules_dir / n for n in names if (rules_dir / n).is_file()), None)


def rules_summary(game: str, rules_dir: Path = RULES_DIR, lang: str = "en") -> str | None:
    """A summary of ``game``'s rules page in ``lang`` (:func:`rules_page`): its title, its first
    section, and the names of the other sections, at most ~1500 characters. ``None`` when the
    game has no page."""
    path = rules_page(game, lang, rules_dir)
    if path is None:
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    title = next((ln.lstrip("# ").strip() for ln in lines if ln.startswith("# ")), game)
    sections = [i for i, ln in enumerate(lines) if ln.startswith("## ")]
    heads = [lines[i].lstrip("# ").strip() for i in sections]
    if sections:
        end = sections[1] if len(sections) > 1 else len(lines)
        first = "\n".join(lines[sections[0] : end]).strip()
    else:
        first = "\n".join(lines[1:]).strip()
    contents = " · ".join(heads[1:])
    budget = SUMMARY_CHARS - len(title) - len(contents) - 8
    if len(first) > budget:
        first = first[: max(0, budget - 1)].rsplit("\n", 1)[0] + "\n…"
    first = (
        first.replace("## ", "**", 1).replace("\n", "**\n", 1) if first.startswith("## ") else first
    )
    parts = [f"**{title}**", without_citations(first)]
    if contents:
        parts.append(f"_{without_citations(contents)}_")
    return "\n\n".join(parts)


def _game_title(key: str) -> str:
    spec = GAMES.get(key)
    return f"{spec.title_zh} {spec.title_en}" if spec else key


class InfoCog(commands.Cog):
    """Rules, ratings, leaderboard and history."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=_L("rules"), description=_L("A summary of a game's rules"))
    @app_commands.rename(game=_L("game"))
    @app_commands.describe(game=_L("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        lg = lang(interaction)
        page = rules_page(game.value, lg)
        summary = rules_summary(game.value, lang=lg)
        if page is None or summary is None:
            text = tr(lg, "rules.missing", game=_game_title(game.value))
        else:
            more = tr(lg, "rules.more", path=f"docs/rules/{page.name}")
            text = f"{summary[: 2000 - len(more) - 2]}\n\n{more}"
        region = traditional_region(interaction.locale)
        if region is not None:
            # zh-TW, zh-HK: the first conversion loads OpenCC's dictionaries (up to ~0.7 s on a
            # busy machine), so acknowledge first and convert off the event loop
            await defer(interaction, ephemeral=True)
            text = await asyncio.to_thread(to_traditional, text, region)
        await reply(interaction, text)

    @app_commands.command(name=_L("rating"), description=_L("A player's rating"))
    @app_commands.rename(user=_L("user"), game=_L("game"))
    @app_commands.describe(user=_L("Whose rating (default: you)"), game=_L("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rating(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: app_commands.Choice[str] | None = None,
    ) -> None:
        from bot.ratings import rating as get_rating

        await defer(interaction, ephemeral=True)
        bot = app(interaction)
        lg = lang(interaction)
        who = user or interaction.user
        keys = [game.value] if game else list(GAMES)
        lines = []
        for key in keys:
            row = await get_rating(bot.service.store, interaction.guild_id, key, who.id)
            if row is None:
                if game is not None:
                    lines.append(tr(lg, "rating.none", user=who.mention, game=_game_title(key)))
                continue
            lines.append(
                tr(
                    lg,
                    "rating.line",
                    user=who.mention,
                    game=_game_title(key),
                    ordinal=row.ordinal,
                    mu=row.mu,
                    sigma=row.sigma,
                    matches=row.games,
                )
            )
        if not lines:
            lines.append(tr(lg, "rating.none", user=who.mention, game="—"))
        await reply(interaction, "\n".join(lines), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(
        name=_L("leaderboard"), description=_L("The best players of a game in this server")
    )
    @app_commands.rename(game=_L("game"))
    @app_commands.describe(game=_L("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self, interaction: discord.Interaction, game: app_commands.Choice[str]
    ) -> None:
        from bot.ratings import leaderboard as get_board

        await defer(interaction, ephemeral=False)
        bot = app(interaction)
        lg = lang(interaction)
        rows = await get_board(bot.service.store, interaction.guild_id, game.value, 10)
        title = _game_title(game.value)
        if not rows:
            await reply(interaction, tr(lg, "leaderboard.empty", game=title), ephemeral=False)
            return
        lines = [f"**{tr(lg, 'leaderboard.title', game=title)}**"]
        for i, row in enumerate(rows, 1):
            lines.append(f"{i}. <@{row.user_id}> {row.ordinal:.1f} ({row.wins}/{row.games})")
        await reply(
            interaction,
            "\n".join(lines),
            ephemeral=False,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @app_commands.command(name=_L("history"), description=_L("Your recent matches"))
    async def history(self, interaction: discord.Interaction) -> None:
        from bot.history import history as get_history

        await defer(interaction, ephemeral=True)
        bot = app(interaction)
        lg = lang(interaction)
        rows = await get_history(
            bot.service.store, interaction.guild_id, interaction.user.id, limit=10
        )
        if not rows:
            await reply(interaction, tr(lg, "history.empty"))
            return
        lines = [f"**{tr(lg, 'history.title')}**"]
        for m in rows:
            me = next((p for p in m.players if p.user_id == interaction.user.id), None)
            rank = f"#{me.rank}" if me else ""
            delta = ""
            if me and me.mu_before is not None and me.mu_after is not None:
                delta = f" (μ {me.mu_after - me.mu_before:+.2f})"
            when = f"<t:{int(m.finished_at)}:d>"
            names = [""] * (max((p.seat for p in m.players), default=-1) + 1)
            for p in m.players:
                names[p.seat] = p.name or f"#{p.seat + 1}"
            text = match_won_text(lg, m.result, names)[:120]  # who won, in the asker's language
            lines.append(f"{when} {_game_title(m.game)} {rank}{delta} — {text}")
        await reply(interaction, "\n".join(lines)[:2000])


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(InfoCog(bot))
