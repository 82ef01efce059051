"""Buttons and select menus that survive a restart (discord.py ``DynamicItem``).

Every custom_id names the table (and, for moves, the game step it was drawn
at); nothing in a custom_id is trusted: the acting seat is always the clicking
user's seat at that table, looked up in the host, and the host and the rules
check the move. custom_id forms (all under Discord's 100 characters):

* ``pj:l:<table>:<join|leave|addbot|start>`` — lobby buttons on the table message
* ``pj:v:<table>:<hand|hint|back>`` — "View hand" / "Hint" on the table message, "Take my
  seat back" on a hand message
* ``pj:a:<table>:<step>:<value>`` — a move button (pass, claim …) in a hand message
* ``pj:s:<table>:<step>`` — the select menu of legal moves in a hand message

A move's idempotency key is ``c:<table>:<user>:<step>``: two clicks at once on
the same hand message (or a retried interaction) apply once.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from cogs.i18n import lang_of, tr
from cogs.mahjong_controls import StandingButton
from cogs.picker import PickButton, PickSelect
from cogs.present import action_label, encode_action

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
    template=r"pj:l:(?P<table>\d+):(?P<op>join|leave|addbot|start)",
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
        from cogs.actions import lobby_button

        await lobby_button(interaction, self.table_id, self.op)


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:v:(?P<table>\d+):(?P<op>hand|hint|back)",
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
        from cogs.actions import show_hand, show_hint, take_back

        if self.op == "hand":
            await show_hand(interaction, self.table_id)
        elif self.op == "back":
            await take_back(interaction, self.table_id)
        else:
            await show_hint(interaction, self.table_id)


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:a:(?P<table>\d+):(?P<step>\d+):(?P<value>\S{1,70})",
):
    """A move without card choice (pass, claim …) in a private hand message."""

    def __init__(self, table_id: int, step: int, value: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or value,
                style=discord.ButtonStyle.secondary,
                custom_id=f"pj:a:{table_id}:{step}:{value}",
            )
        )
        self.table_id = table_id
        self.step = step
        self.value = value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActButton:
        return cls(int(match["table"]), int(match["step"]), match["value"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.actions import perform_control

        await perform_control(interaction, self.table_id, self.step, self.value)


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"pj:s:(?P<table>\d+):(?P<step>\d+)"
):
    """The menu of legal moves (most useful first, at most 25) in a private hand message."""

    def __init__(
        self,
        table_id: int,
        step: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pj:s:{table_id}:{step}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.table_id = table_id
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActSelect:
        return cls(int(match["table"]), int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.actions import perform_control

        values = self.item.values
        await perform_control(interaction, self.table_id, self.step, values[0] if values else "")


class LobbySeat(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"pj:l:(?P<table>\d+):seat"
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
        from cogs.actions import choose_seat

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
)
"""Register with ``bot.add_dynamic_items(*DYNAMIC_ITEMS)``."""

_CONTROL_RE = re.compile(r"pj:[lvascpm]:\d+")


def is_paiju_custom_id(custom_id: str) -> bool:
    return custom_id.startswith("pj:")


def matches_a_control(custom_id: str) -> bool:
    """True when ``custom_id`` fits one of the templates above (else it is not ours or crafted)."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


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
            discord.SelectOption(label=label[:100], value=str(seat.index), description=description)
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
