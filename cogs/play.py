"""``/play cards:``, ``/pass``, ``/hand``, ``/hint``: moves and private looks by slash command.

They work in the table's channel, and in the bot's DMs for a player seated at exactly one
playing table.

``/play`` autocompletes the caller's legal moves now (``TableService.legal_actions``,
most useful first, at most 25) labelled in card notation; typed cards in any
notation are accepted too and judged by the rules. The idempotency key of a
slash-command move is the interaction id, so a retried interaction applies once.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str as _L
from discord.ext import commands

from cogs.actions import (
    Refusal,
    app,
    callers_seat,
    callers_table,
    defer,
    failed_throw_text,
    lang,
    perform,
    refuse,
    reply,
    resolve_cards,
    show_hand,
    table_error_type,
    table_for_player,
)
from cogs.controls import show_hint
from cogs.i18n import lang_of, tr
from cogs.present import action_label, encode_action
from games.base import Action

__all__ = ["PlayCog", "setup"]


async def cards_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal moves that take cards, filtered by what is typed; at most 25."""
    bot = app(interaction)
    table = table_for_player(interaction)
    if table is None or table.seat_of(interaction.user.id) is None:
        return []
    try:
        legal = bot.service.suggestions(table.id, interaction.user.id, 25)
    except table_error_type():
        return []
    lg = lang_of(interaction.locale)
    typed = current.strip().lower()
    out: list[app_commands.Choice[str]] = []
    for i, action in enumerate(legal):
        if not action.data.get("cards"):
            continue
        label = action_label(lg, action)
        value = encode_action(action, i)
        if value.startswith("#"):
            continue  # too long to carry; typed cards still work
        plain = " ".join(str(c) for c in action.data["cards"]).lower()
        if typed and typed not in label.lower() and typed not in plain:
            continue
        out.append(app_commands.Choice(name=label, value=value))
    return out[:25]


class PlayCog(commands.Cog):
    """Slash commands for moves and private looks."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name=_L("play"),
        description=_L("Play cards (or declare, bury…: whatever your turn asks)"),
    )
    @app_commands.rename(cards=_L("cards"))
    @app_commands.describe(
        cards=_L("Cards, e.g. 10s 10s or ♠10♠10 (autocomplete lists your legal plays)")
    )
    @app_commands.autocomplete(cards=cards_autocomplete)
    async def play(self, interaction: discord.Interaction, cards: str) -> None:
        await defer(interaction, ephemeral=True)
        try:
            table = callers_table(interaction)
            action = resolve_cards(interaction, table, cards)
        except (table_error_type(), Refusal) as exc:
            await refuse(interaction, exc)
            return
        if await perform(interaction, table, action, f"i:{interaction.id}"):
            seat = table.seat_of(interaction.user.id)
            failed = None if seat is None else failed_throw_text(interaction, table.id, seat)
            await reply(interaction, failed or "✅ " + action_label(lang(interaction), action))

    @app_commands.command(name=_L("pass"), description=_L("Pass"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await defer(interaction, ephemeral=True)
        try:
            table = callers_table(interaction)
            seat = callers_seat(interaction, table)
        except Refusal as exc:
            await refuse(interaction, exc)
            return
        action = Action(seat, "pass", {})
        if await perform(interaction, table, action, f"i:{interaction.id}"):
            await reply(interaction, "✅ " + action_label(lang(interaction), action))

    @app_commands.command(name=_L("hand"), description=_L("See your hand (only you can see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, None)

    @app_commands.command(name=_L("hint"), description=_L("What would the bot do in your place?"))
    async def hint(self, interaction: discord.Interaction) -> None:
        await show_hint(interaction, None)

    @app_commands.command(
        name=_L("alerts"), description=_L("Turn alerts: a new message pings you at each decision")
    )
    @app_commands.rename(on=_L("on"))
    @app_commands.describe(on=_L("True: ping me at each decision; False: edit quietly"))
    async def alerts(self, interaction: discord.Interaction, on: bool) -> None:
        await defer(interaction, ephemeral=True)
        await app(interaction).state.set_alerts(interaction.user.id, on)
        await reply(interaction, tr(lang(interaction), "alerts.on" if on else "alerts.off"))


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayCog(bot))
