"""``/rules``, ``/rating``, ``/leaderboard``, ``/history``: what the host knows, for the caller.

``/rules`` pages through the player sections of ``docs/rules/<game>.md``, or ``<game>.zh.md``
for Chinese users (zh-TW and zh-HK users get it in traditional characters,
:mod:`present.zh_variant`), with previous / next buttons and a section menu
(:mod:`cogs.rules_pages`); any game with such pages is served without code here. Ratings and
history come from :mod:`bot.ratings` and :mod:`bot.history` over the service's store, for the
current server (a DM reads the ratings kept outside any server).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _L
from discord.ext import commands

from cogs.actions import app, defer, lang, reply
from cogs.i18n import PLURALS, has_message, ntr, tr
from cogs.inert import inert
from cogs.present import team_names
from cogs.rules_pages import RULES_ITEMS, answer_unlisted, rules_page, rules_reply
from cogs.tables import GAME_CHOICES
from games.registry import GAMES
from present.games import game_title
from present.rule_links import DEVELOPER_HEADINGS, RULES_DIR, without_citations

__all__ = ["InfoCog", "history_result", "rules_page", "rules_summary", "setup"]

# the pages are read from the checkout (docs/rules): installs are editable (README, Dockerfile)
SUMMARY_CHARS = 1500


def rules_summary(game: str, rules_dir: Path = RULES_DIR, lang: str = "en") -> str | None:
    """A summary of ``game``'s rules page in ``lang`` (:func:`rules_page`): its title, its first
    section, and the names of the other sections, at most ~1500 characters. ``None`` when the
    game has no page."""
    path = rules_page(game, lang, rules_dir)
    if path is None:
        return None
    lines = path.read_text(encoding="utf-8").splitlines()
    for i, ln in enumerate(lines):  # the developers' section is not for players
        if ln.startswith("## ") and ln[3:].strip().startswith(DEVELOPER_HEADINGS):
            lines = lines[:i]
            break
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


def score_text(lang: str, game: str, score: Any) -> str:
    """A side's final standing in ``game``'s own unit, from the game's catalogue: a level
    (``level A``, 打到 A) for the 升级 games, coins or points counted with Babel's plurals
    (``1 coin``, ``-7 coins``); the bare score for a game whose catalogue names no unit."""
    key = f"history.score.{game}"
    if key in PLURALS["en"] and isinstance(score, int) and not isinstance(score, bool):
        return ntr(lang, key, score, score=score)  # "1 coin", "-7 coins" (ngettext)
    if has_message(key):
        return tr(lang, key, score=score)
    return str(score)


def history_result(lang: str, game: str, result: Mapping[str, Any], names: Sequence[str]) -> str:
    """``Amy & Carol won · Amy & Carol level A, Bob & Dave level 7``: who won a finished match
    and each side's final standing in the game's unit, from ``MatchResult.to_json()``
    (``summary.levels`` when the game keeps level labels, else ``scores``); the result's own
    English ``text`` when the data has another shape."""
    try:
        teams = [list(t) for t in result["teams"]]
        ranks = list(result["ranks"])
        labels = (result.get("summary") or {}).get("levels")
        standings = list(labels) if labels else list(result["scores"])
        order = sorted(range(len(teams)), key=lambda i: ranks[i])
        scores = tr(lang, "history.separator").join(
            tr(
                lang,
                "history.team_score",
                team=team_names(lang, list(names), teams[i]),
                score=score_text(lang, game, standings[i]),
            )
            for i in order
            if i < len(standings)
        )
        winners = [t for t, r in zip(teams, ranks, strict=True) if r == 1]
        if len(winners) != 1:
            return tr(lang, "history.drawn", scores=scores)
        return tr(
            lang, "history.won", team=team_names(lang, list(names), winners[0]), scores=scores
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return str(result.get("text", ""))


class InfoCog(commands.Cog):
    """Rules, ratings, leaderboard and history."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # the /rules paging controls carry the game and the page: they work after a restart
        self.bot.add_dynamic_items(*RULES_ITEMS)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await answer_unlisted(interaction)  # a /rules control not on its message

    @app_commands.command(name=_L("rules"), description=_L("A game's rules, page by page"))
    @app_commands.rename(game=_L("game"))
    @app_commands.describe(game=_L("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        lg = lang(interaction)
        if lg not in ("en", "zh"):
            # zh-TW, zh-HK: the first conversion loads OpenCC's dictionaries (up to ~0.7 s on a
            # busy machine), so acknowledge first; rules_reply converts off the event loop
            await defer(interaction, ephemeral=True)
        answer = await rules_reply(lg, game.value, 0)
        if answer is None:
            await reply(interaction, tr(lg, "rules.missing", game=game_title(game.value, lg)))
            return
        text, view, files = answer
        await reply(interaction, text, view=view, files=files or None)

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
        # ratings are kept per server; a DM reads those kept outside any server
        none = "rating.none" if interaction.guild_id is not None else "rating.none_dm"
        lines = []
        for key in keys:
            row = await get_rating(bot.service.store, interaction.guild_id, key, who.id)
            if row is None:
                if game is not None:
                    lines.append(tr(lg, none, user=who.mention, game=game_title(key, lg)))
                continue
            lines.append(
                tr(
                    lg,
                    "rating.line",
                    user=who.mention,
                    game=game_title(key, lg),
                    ordinal=row.ordinal,
                    mu=row.mu,
                    sigma=row.sigma,
                    matches=row.games,
                )
            )
        if not lines:
            anything = (
                "rating.none_any" if interaction.guild_id is not None else "rating.none_any_dm"
            )
            lines.append(tr(lg, anything, user=who.mention))
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
        title = game_title(game.value, lg)
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
                names[p.seat] = inert(p.name) if p.name else f"#{p.seat + 1}"  # their own text
            # who won and each side's standing, in the asker's language and the game's unit
            text = history_result(lg, m.game, m.result, names)[:160]
            # the match's number, for /replay match:
            lines.append(f"`#{m.game_id}` {when} {game_title(m.game, lg)} {rank}{delta} — {text}")
        text = "\n".join(lines)[: 1990 - len(hint := tr(lg, "replay.history_hint"))]
        await reply(interaction, f"{text}\n{hint}")


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(InfoCog(bot))
