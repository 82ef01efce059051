"""What a player has ticked in a hand message's card menus (:mod:`cogs.picker`), read back
from the message itself: the options marked ``default`` of its ``pj:c:<table>:<step>:<group>``
menus. Nothing is kept in memory, so a restart loses no choice.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import discord

__all__ = ["Selection", "selection_from_message", "walk_components"]


@dataclass
class Selection:
    """What is ticked, per group index: option values (``As~2``)."""

    by_group: dict[int, list[str]] = field(default_factory=dict)

    @property
    def values(self) -> list[str]:
        return [v for g in sorted(self.by_group) for v in self.by_group[g]]

    @property
    def cards(self) -> list[str]:
        """The ticked cards in notation (``["As", "As", "10h"]``)."""
        return [v.split("~", 1)[0] for v in self.values]

    def __bool__(self) -> bool:
        return bool(self.values)


def walk_components(components: Iterable[Any]) -> Iterable[Any]:
    """Every component of a message, depth first (layout containers, rows, their items)."""
    for comp in components:
        yield comp
        yield from walk_components(getattr(comp, "children", None) or [])
        accessory = getattr(comp, "accessory", None)
        if accessory is not None:
            yield accessory


_PICK_ID = re.compile(r"pj:c:(?P<table>[0-9]{1,18}):(?P<step>[0-9]{1,18}):(?P<group>[0-9]{1,2})")


def selection_from_message(message: discord.Message | None, table_id: int, step: int) -> Selection:
    """What the message shows ticked for this table and step (options marked default)."""
    selection = Selection()
    if message is None:
        return selection
    for comp in walk_components(message.components):
        match = _PICK_ID.fullmatch(getattr(comp, "custom_id", None) or "")
        if match is None or int(match["table"]) != table_id or int(match["step"]) != step:
            continue
        chosen = [o.value for o in getattr(comp, "options", []) if o.default]
        if chosen:
            selection.by_group[int(match["group"])] = chosen
    return selection
