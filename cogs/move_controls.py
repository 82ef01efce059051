"""The move controls of a hand message: a button per move without data (pass, claim …) and
the select of legal moves. Both answer through :func:`cogs.actions.perform_control`.

custom_ids (see :mod:`cogs.controls`): ``pj:a:<table>:<step>:<value>`` and
``pj:s:<table>:<step>``.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.actions import perform_control
from cogs.inert import BUTTON_LABEL_LIMIT, PLACEHOLDER_LIMIT, fit, fit_options

__all__ = ["ActButton", "ActSelect", "button_value", "from_button_value"]


def button_value(value: str) -> str:
    """A move's value (:func:`cogs.present.encode_action`) as a button's custom_id carries it:
    the spaces between cards as ``+`` (``bury:3c+4c+5c``), since the custom_id's value is one
    word; a JSON value (``kind|{...}``) is kept as it is. Card and tile notation has no ``+``.
    """
    return value if "|" in value else value.replace(" ", "+")


def from_button_value(carried: str) -> str:
    """Inverse of :func:`button_value`."""
    return carried if "|" in carried else carried.replace("+", " ")


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:a:(?P<table>[0-9]{1,18}):(?P<step>[0-9]{1,18}):(?P<value>\S{1,70})",
):
    """A move without card choice (pass, claim …) in a private hand message."""

    def __init__(self, table_id: int, step: int, value: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=fit(label or value, BUTTON_LABEL_LIMIT),
                style=discord.ButtonStyle.secondary,
                custom_id=f"pj:a:{table_id}:{step}:{button_value(value)}",
            )
        )
        self.table_id = table_id
        self.step = step
        self.value = value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActButton:
        return cls(int(match["table"]), int(match["step"]), from_button_value(match["value"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await perform_control(interaction, self.table_id, self.step, self.value)


class ActSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pj:s:(?P<table>[0-9]{1,18}):(?P<step>[0-9]{1,18})",
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
                options=fit_options(options or []) or [discord.SelectOption(label="-", value="-")],
                placeholder=fit(placeholder, PLACEHOLDER_LIMIT) if placeholder else None,
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
        values = self.item.values
        await perform_control(interaction, self.table_id, self.step, values[0] if values else "")
