"""Mahjong controls in a private hand message: tiles are not cards, so these replace the
card picker (:mod:`cogs.picker`) for every game on the mahjong core.

* On one's turn: a **discard select** (one option per kind of tile held, in the order of
  the suggestions: the hint's discard first; the drawn tile marked), a **自摸 win** button
  and a **kong** button per possible kong (concealed or added to a pong).
* In a claim window, only for the seat that holds the claim (the controls are built from
  that seat's own legal moves, so nobody else ever gets them): **胡 杠 碰 吃 过** buttons;
  with several chows a **chow select** instead of the 吃 button.
* Always: ONE **Settings** button (``pj:m:<table>:settings``). The standing choices
  (auto-win, no calls, discard the drawn tile) are an optional decision of every seat that
  the engine always offers; they are settings, never a prompt, so they sit behind that one
  control: it opens a panel only the player sees (an ephemeral reply) with the three toggles,
  and a toggle redraws that panel in place.

The moves reuse :class:`cogs.controls.ActButton` / :class:`cogs.controls.ActSelect` (their
value is :func:`cogs.present.encode_action`, e.g. ``discard|{"tile":"5p"}``); the standing
toggle is its own ``DynamicItem``: ``pj:m:<table>:<name>:<0|1>`` (1 = switch it on), and so
is the settings button.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from cogs.actions import app, callers_seat, defer, lang, perform, refuse, reply
from cogs.i18n import Lang, tr
from cogs.mahjong_text import tile_text
from cogs.move_controls import ActButton, ActSelect
from cogs.present import action_label, encode_action, kind_label
from games.base import Action
from present.mahjong import STANDING, standing_line, standing_set

__all__ = [
    "STANDING",
    "SettingsButton",
    "StandingButton",
    "settings_panel",
    "standing_rows",
    "tile_rows",
]

CLAIM_ORDER = ("win", "kong", "pong", "chow", "pass")


def tile_rows(
    table_id: int,
    step: int,
    legal: Sequence[Action],
    view: Mapping[str, Any],
    lang: Lang,
) -> list[discord.ui.ActionRow[Any]]:
    """The move controls for a seat's legal mahjong moves (see the module docstring)."""
    buttons: list[discord.ui.Item[Any]] = []
    discards: list[discord.SelectOption] = []
    chows: list[tuple[str, str]] = []
    drawn = view.get("drawn")
    drawn_marked = False  # the drawn tile is marked once, wherever the hint puts it
    in_window = view.get("claim_window") is not None
    ordered = sorted(
        enumerate(legal),
        key=lambda ia: CLAIM_ORDER.index(ia[1].kind) if ia[1].kind in CLAIM_ORDER else -1,
    )
    for i, action in ordered:
        value = encode_action(action, i)
        tile = action.data.get("tile")
        if action.kind == "discard" and isinstance(tile, str):
            mark = tile == drawn and not drawn_marked
            drawn_marked = drawn_marked or mark
            notes = [tr(lang, "mj.pick.drawn")] if mark else []
            if tile == view.get("caishen"):  # 金华: discarding a wild tile deserves a warning
                notes.append(tr(lang, "jh.pick.caishen"))
            discards.append(
                discord.SelectOption(
                    label=_tile_label(lang, tile),
                    value=value,
                    description=" · ".join(notes) or None,
                    emoji="🆕" if mark else None,
                )
            )
        elif action.kind == "chow":
            chows.append((value, action_label(lang, action)))  # 吃 四筒 六筒
        elif len(buttons) < 5 and len(value) <= 70:
            label = kind_label(lang, action.kind)
            if action.kind == "win" and not in_window:
                label = tr(lang, "mj.button.self_draw")
            if isinstance(tile, str):
                label += f" {tile_text(lang, tile)}"
            button = ActButton(table_id, step, value, label)
            button.item.style = _STYLES.get(action.kind, discord.ButtonStyle.secondary)
            buttons.append(button)
    if len(chows) == 1 and len(buttons) < 5:
        value, shown = chows[0]
        button = ActButton(table_id, step, value, shown)
        button.item.style = discord.ButtonStyle.primary
        buttons.insert(max(0, len(buttons) - 1), button)  # before 过
        chows = []
    rows: list[discord.ui.ActionRow[Any]] = []
    if buttons:
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        for item in buttons:
            row.add_item(item)
        rows.append(row)
    menu: list[discord.SelectOption] = discards[:25] or [
        discord.SelectOption(label=shown[:100], value=value) for value, shown in chows[:25]
    ]
    if menu:
        placeholder = tr(lang, "mj.pick.discard" if discards else "mj.pick.chow")
        select: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        select.add_item(ActSelect(table_id, step, menu, placeholder))
        rows.append(select)
    return rows


def _tile_label(lang: Lang, tile: str) -> str:
    """``五筒 5p`` for Chinese readers (the notation /discard accepts), ``5p`` / ``East``."""
    shown = tile_text(lang, tile)
    return shown if lang == "en" or shown == tile else f"{shown} {tile}"


_STYLES = {
    "win": discord.ButtonStyle.danger,
    "kong": discord.ButtonStyle.primary,
    "pong": discord.ButtonStyle.primary,
    "pass": discord.ButtonStyle.secondary,
}


def standing_rows(
    table_id: int, view: Mapping[str, Any], lang: Lang
) -> list[discord.ui.ActionRow[Any]]:
    """One row with the one settings control (the toggles are behind it, see
    :func:`settings_panel`), or none for a view without standing choices."""
    if not isinstance(view.get("standing"), Mapping):
        return []
    row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
    row.add_item(SettingsButton(table_id, "⚙ " + tr(lang, "mj.settings.button")))
    return [row]


def settings_panel(
    table_id: int, view: Mapping[str, Any], lang: Lang
) -> tuple[str, discord.ui.View]:
    """The private settings panel: its text (which choices are on, what each does) and a
    view of three toggles, one per standing choice (green while on)."""
    standing = view.get("standing")
    standing = standing if isinstance(standing, Mapping) else {}
    controls = discord.ui.View(timeout=None)
    for name in STANDING:
        on = bool(standing.get(name))
        label = ("✓ " if on else "") + tr(lang, f"mj.standing.{name}")
        controls.add_item(StandingButton(table_id, name, not on, label, on=on))
    text = "\n".join(
        (
            tr(lang, "mj.settings.title", table=table_id),
            standing_line(lang, {"standing": standing}),
            tr(lang, "mj.settings.help"),
        )
    )
    return text, controls


class SettingsButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:m:(?P<table>[0-9]{1,18}):settings",
):
    """Open the clicking player's settings panel (their own seat's standing choices)."""

    def __init__(self, table_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Settings",
                style=discord.ButtonStyle.secondary,
                custom_id=f"pj:m:{table_id}:settings",
            )
        )
        self.table_id = table_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SettingsButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        lg = lang(interaction)
        bot = app(interaction)
        try:
            table = bot.service.get(self.table_id)
            callers_seat(interaction, table)
            view = bot.service.view(table.id, interaction.user.id)
        except Exception as exc:  # TableError or Refusal, both refused alike
            await refuse(interaction, exc)
            return
        text, controls = settings_panel(table.id, view, lg)
        await interaction.response.send_message(text, view=controls, ephemeral=True)


def settings(
    table_id: int, view: Mapping[str, Any], lang: Lang
) -> tuple[str, list[discord.ui.ActionRow[Any]]]:
    """The seat's standing choices under its hand: the line saying which are on and the
    settings control (settings, never a prompt)."""
    return standing_line(lang, view), standing_rows(table_id, view, lang)


class StandingButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:m:(?P<table>[0-9]{1,18}):(?P<name>auto_win|no_calls|discard_drawn):(?P<to>[01])",
):
    """Switch one standing choice of the clicking player's seat on (``1``) or off (``0``)."""

    def __init__(
        self, table_id: int, name: str, to: bool, label: str = "", *, on: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or name,
                style=discord.ButtonStyle.success if on else discord.ButtonStyle.secondary,
                custom_id=f"pj:m:{table_id}:{name}:{int(to)}",
            )
        )
        self.table_id, self.name, self.to = table_id, name, to

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StandingButton:
        return cls(int(match["table"]), match["name"], match["to"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        await set_standing(interaction, self.table_id, self.name, self.to)


async def set_standing(
    interaction: discord.Interaction, table_id: int, name: str, to: bool
) -> None:
    """Apply a standing choice for the caller's seat; the hand message is redrawn by the
    display (the seat's view changed). The answer is ephemeral: nobody else learns it."""
    await defer(interaction)
    lg = lang(interaction)
    bot = app(interaction)
    try:
        table = bot.service.get(table_id)
        seat = callers_seat(interaction, table)
    except Exception as exc:  # TableError or Refusal, both refused alike
        await refuse(interaction, exc)
        return
    action = Action(seat, "standing", {name: to})
    # every click is its own key: switching on, off and on again at one step is three moves
    if await perform(interaction, table, action, f"i:{interaction.id}"):
        done = standing_set(lg, {name: to})
        panel = interaction.message
        if panel is not None and panel.flags.ephemeral:
            # tapped in the settings panel: redraw it in place with the toggles as they are now
            text, controls = settings_panel(
                table_id, bot.service.view(table_id, interaction.user.id), lg
            )
            await interaction.edit_original_response(content=f"{text}\n✅ {done}", view=controls)
        else:
            await reply(interaction, done)
        bot.display.refresh_hands(bot.service.get(table_id), {seat})
