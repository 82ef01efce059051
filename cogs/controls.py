"""Buttons and select menus that survive a restart (discord.py ``DynamicItem``).

Every custom_id names the table (and, for moves, the *decision* it was drawn for:
``<step>`` is the step at which the seat's decision opened, :mod:`bot.decisions`); nothing
in a custom_id is trusted: the acting seat is always the clicking user's seat at that
table, looked up in the host, and the host and the rules check the move. A move control is
good while its decision stands (打滚子's live deal: whatever deal steps came between), out of
date once it has ended, and forged for a step the game has not reached (:mod:`cogs.bound`).
custom_id forms (all under Discord's 100 characters):

* ``pj:l:<table>:<join|leave|addbot|start>`` — lobby buttons on the table message
* ``pj:v:<table>:<hand|hint|back>`` — "View hand" / "Hint" on the table message, "Take my
  seat back" on a hand message
* ``pj:a:<table>:<step>:<value>`` — a move button (pass, claim …) in a hand message
* ``pj:s:<table>:<step>`` — the select menu of legal moves in a hand message
* ``pj:g:<table>:<step>:<group>`` — one group's menu of suggested moves (:mod:`cogs.suggest`)

A move's idempotency key is ``c:<table>:<user>:<step>`` (the decision's number): two
clicks at once on the same hand message (or a retried interaction) apply once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from bot.decisions import decision_of
from cogs.actions import (
    Refusal,
    answers_failures,
    app,
    callers_seat,
    callers_table,
    choose_seat,
    defer_private,
    lang,
    lobby_button,
    refuse,
    show_hand,
    table_error_type,
    take_back,
)
from cogs.i18n import lang_of, tr
from cogs.inert import fit
from cogs.lead import lead_line
from cogs.mahjong_controls import SettingsButton, StandingButton
from cogs.move_controls import ActButton, ActSelect, button_value
from cogs.picker import PickButton, PickSelect
from cogs.present import action_label, encode_action
from cogs.suggest import GroupSelect
from cogs.table_message import names_of
from present.bots import reason_line
from present.message import Reader

if TYPE_CHECKING:
    from bot.tables import Table
    from games.base import Action

__all__ = [
    "ActButton",
    "ActSelect",
    "LobbyButton",
    "TableButton",
    "lobby_controls",
    "play_controls",
]

DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...]


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:l:(?P<table>[0-9]{1,18}):(?P<op>join|leave|addbot|start)",
):
    """Join / Leave / Add bot / Start on the lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "addbot": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, table_id: int, op: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                custom_id=f"pj:l:{table_id}:{op}",
            )
        )
        self.table_id = table_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["table"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await lobby_button(interaction, self.table_id, self.op)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:v:(?P<table>[0-9]{1,18}):(?P<op>hand|hint|back)",
):
    """ "View hand" (answers ephemerally with the caller's own hand) and "Hint"."""

    def __init__(self, table_id: int, op: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=discord.ButtonStyle.primary
                if op == "hand"
                else discord.ButtonStyle.secondary,
                custom_id=f"pj:v:{table_id}:{op}",
            )
        )
        self.table_id = table_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TableButton:
        return cls(int(match["table"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.op == "hand":
            await show_hand(interaction, self.table_id)
        elif self.op == "back":
            await take_back(interaction, self.table_id)
        else:
            await show_hint(interaction, self.table_id)


class LobbySeat(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"pj:l:(?P<table>[0-9]{1,18}):seat"
):
    """Choose a seat before the start (partners sit opposite)."""

    def __init__(
        self,
        table_id: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pj:l:{table_id}:seat",
                options=options or [discord.SelectOption(label="-", value="0")],
                placeholder=placeholder,
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbySeat:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await choose_seat(interaction, self.table_id, values[0] if values else "")


DYNAMIC_ITEMS = (
    LobbyButton,
    LobbySeat,
    TableButton,
    ActButton,
    ActSelect,
    PickSelect,
    PickButton,
    StandingButton,
    SettingsButton,
    GroupSelect,
)
"""The shared controls; :func:`all_dynamic_items` adds each game's own."""


def all_dynamic_items() -> tuple[type[discord.ui.DynamicItem[Any]], ...]:
    """Every control to register with ``bot.add_dynamic_items``: the shared ones and each
    game's own (``DYNAMIC_ITEMS`` of its ``cogs.<game>_controls`` module, found by name)."""
    from games.registry import GAMES, game_module

    found = list(DYNAMIC_ITEMS)
    for game in GAMES:
        module = game_module("cogs.{game}_controls", game)
        for item in getattr(module, "DYNAMIC_ITEMS", ()):
            if item not in found:
                found.append(item)
    return tuple(found)


_CONTROL_RE = re.compile(r"pj:[lvascpmg]:[0-9]+")


def is_paiju_custom_id(custom_id: str) -> bool:
    return custom_id.startswith("pj:")


def matches_a_control(custom_id: str) -> bool:
    """True when ``custom_id`` fits one of the templates above (else it is not ours or crafted)."""
    return any(
        item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in all_dynamic_items()
    )


def _view() -> discord.ui.View:
    # timeout=None and only DynamicItems: discord.py then keeps no per-message state, and a
    # timed-out view can never unregister the dynamic item templates.
    return discord.ui.View(timeout=None)


def lobby_controls(table: Table, lang: str) -> discord.ui.View:
    view = _view()
    for op in ("join", "leave", "addbot", "start"):
        view.add_item(LobbyButton(table.id, op, tr(lang, f"button.{op}")))
    options = []
    n = len(table.seats)
    for seat in table.seats:
        who = seat.name if not seat.empty else tr(lang, "lobby.empty")
        label = f"{tr(lang, 'seat_n', n=seat.index + 1)} · {who}"
        partner = table.seats[(seat.index + n // 2) % n] if n % 2 == 0 else None
        description = None
        if partner is not None and _fixed_partners(table.game):
            mate = partner.name if not partner.empty else tr(lang, "lobby.empty")
            description = tr(lang, "lobby.partner_of", n=partner.index + 1, who=mate)
        options.append(
            discord.SelectOption(
                label=fit(label, 100),
                value=str(seat.index),
                description=fit(description, 100) if description else None,
            )
        )
    view.add_item(LobbySeat(table.id, options, tr(lang, "lobby.seat_select")))
    return view


def _fixed_partners(game: str) -> bool:
    from games.registry import GAMES

    spec = GAMES.get(game)
    return spec is not None and spec.fixed_partners


def play_controls(table: Table, lang: str) -> discord.ui.View:
    view = _view()
    view.add_item(TableButton(table.id, "hand", tr(lang, "button.view_hand")))
    view.add_item(TableButton(table.id, "hint", tr(lang, "button.hint")))
    return view


def table_controls(table: Table, lang: str) -> discord.ui.View | None:
    """The table message's controls: the lobby's, or play's (none once it is over)."""
    if table.status == "lobby":
        return lobby_controls(table, lang)
    if table.status == "playing":
        return play_controls(table, lang)
    return None


def quick_rows(
    table_id: int,
    step: int,
    legal: list[Action],
    lang: str | discord.Locale,
    shown_kind: Mapping[str, str] | None = None,
    *,
    buttons_first: list[discord.ui.Item[Any]] | None = None,
) -> list[discord.ui.ActionRow[Any]]:
    """The quick path of a hand message as layout rows: a button per move without data
    (pass …), after ``buttons_first``, and one select of the suggested moves (at most 25,
    most useful first)."""
    lg = lang if lang in ("en", "zh") else lang_of(lang)
    buttons: list[discord.ui.Item[Any]] = list(buttons_first or [])
    options: list[discord.SelectOption] = []
    seen: set[str] = set()
    for i, action in enumerate(legal):
        value = encode_action(action, i)
        if value in seen:
            continue
        seen.add(value)
        shown = replace(action, kind=(shown_kind or {}).get(action.kind, action.kind))
        label = action_label(str(lg), shown)
        if not action.data and len(buttons) < 5 and len(value) <= 70:
            buttons.append(ActButton(table_id, step, value, label))
        elif action.data and len(options) < 25:
            options.append(discord.SelectOption(label=label, value=value))
    rows: list[discord.ui.ActionRow[Any]] = []
    if buttons:
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        for item in buttons:
            row.add_item(item)
        rows.append(row)
    if options:
        menu: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        menu.add_item(ActSelect(table_id, step, options, tr(lg, "pick.suggested")))
        rows.append(menu)
    return rows


@answers_failures
async def show_hint(interaction: discord.Interaction, table_id: int | None) -> None:
    """What the strong bot would do in the caller's seat, and why in one line (ephemeral)."""
    await defer_private(interaction)
    bot = app(interaction)
    lg = lang(interaction)
    try:
        table = callers_table(interaction, table_id)
        seat = callers_seat(interaction, table)
        found = await bot.service.hint_why(table.id, interaction.user.id)
        action, reasons = found if found is not None else (None, [])
        seat_view = bot.service.view(table.id, interaction.user.id) if action is not None else {}
    except (table_error_type(), Refusal) as exc:
        await refuse(interaction, exc)
        return
    if action is None:
        await interaction.followup.send(tr(lg, "hint.none"), ephemeral=True)
        return
    # "play this": the hinted move, one tap away (a select of one option when its value is
    # too long for a button's custom_id), bound to the decision it is a hint for: once that
    # decision is over, the button is refused as out of date
    step = decision_of(table, seat)
    if step is None:
        await interaction.followup.send(tr(lg, "hint.none"), ephemeral=True)
        return
    value = encode_action(action, 0)
    controls = discord.ui.View(timeout=None)
    if value.startswith("#"):  # too long to carry: /play names it
        pass
    elif len(button_value(value)) <= 70 and " " not in button_value(value):
        # a button, also for a play of several cards (a bury of six: "bury:3c+4c+…"); a move
        # without cards (过 pass) is named; "Play this" is for a play
        label = tr(lg, "hint.play_this") if action.data else action_label(lg, action)
        controls.add_item(ActButton(table.id, step, value, label))
    else:
        option = discord.SelectOption(label=action_label(lg, action), value=value)
        controls.add_item(ActSelect(table.id, step, [option], tr(lg, "hint.play_this")))
    text = tr(lg, "hint.text", action=action_label(lg, action))
    why = reason_line(Reader(lg, names_of(table, lg), you=seat), reasons)  # the strong bot's reason
    text += f"\n{why}" if why else ""
    options = table.engine.options if table.engine is not None else None
    follow_rule = str(getattr(options, "tractor_follow", "longest_tractor"))
    lead = lead_line(lg, seat_view, seat, follow_rule)
    await interaction.followup.send(
        text + (f"\n{lead}" if lead else ""), ephemeral=True, view=controls
    )
