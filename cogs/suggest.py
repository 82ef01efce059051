"""Suggested moves in several menus, one per group (打滚: one per combination type), for a
decision with more ready-made moves than one select can hold (25).

A game opts in with ``cogs.<game>_text.suggestion_groups(lang, legal)``, which returns
``[(label, [(move, option label)])]`` (see :func:`cogs.present.game_text`); each group becomes
one select of at most 25 moves, most useful first, whose custom_id is
``pj:g:<table>:<step>:<group>``. A choice is a move like any other
(:func:`cogs.actions.perform_control`): its value carries the whole move
(:func:`cogs.present.encode_action`), never a position in a list.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.tables import same_move
from cogs.actions import perform_control
from cogs.present import encode_action

if TYPE_CHECKING:
    from games.base import Action

__all__ = ["GroupSelect", "group_of_hint_first", "group_rows", "hint_first"]

MAX_OPTIONS = 25


class GroupSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pj:g:(?P<table>[0-9]{1,18}):(?P<step>[0-9]{1,18}):(?P<group>[0-9]{1,2})",
):
    """One group's menu of suggested moves in a private hand message."""

    def __init__(
        self,
        table_id: int,
        step: int,
        group: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"pj:g:{table_id}:{step}:{group}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder,
                min_values=1,
                max_values=1,
            )
        )
        self.table_id, self.step, self.group = table_id, step, group

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GroupSelect:
        return cls(int(match["table"]), int(match["step"]), int(match["group"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await perform_control(interaction, self.table_id, self.step, values[0] if values else "")


def group_rows(
    table_id: int,
    step: int,
    groups: Sequence[tuple[str, Sequence[tuple[Action, str]]]],
) -> list[discord.ui.ActionRow[Any]]:
    """One row per group: a select of its first 25 moves (a move whose value would not fit
    is left to the card menus), placeholder ``label (count)``."""
    rows: list[discord.ui.ActionRow[Any]] = []
    for index, (label, moves) in enumerate(groups):
        options: list[discord.SelectOption] = []
        seen: set[str] = set()
        for action, shown in moves:
            value = encode_action(action, 0)
            if not shown or value.startswith("#") or value in seen:
                continue
            seen.add(value)
            options.append(discord.SelectOption(label=shown[:100], value=value))
            if len(options) == MAX_OPTIONS:
                break
        if not options:
            continue
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        more = f"{label} ({len(moves)})"
        row.add_item(GroupSelect(table_id, step, index, options, more[:150]))
        rows.append(row)
    return rows


def hint_first(every: Sequence[Action], first: Action | None) -> list[Action]:
    """``every`` legal move with ``first`` (the first suggestion: the hint's move) in front,
    so that the groups built from it open with the hint's move in its group."""
    if first is None or not first.data:
        return list(every)
    return [first, *(a for a in every if not same_move(a, first))]


def group_of_hint_first(
    groups: Sequence[tuple[str, Sequence[tuple[Action, str]]]], first: Action | None
) -> list[tuple[str, Sequence[tuple[Action, str]]]]:
    """``groups`` with the one that opens with ``first`` moved to the front: the hint's move
    is then the first suggestion, as in every other list of suggestions."""
    out = list(groups)
    if first is None:
        return out
    for index, (_, moves) in enumerate(out):
        if moves and same_move(moves[0][0], first):
            out.insert(0, out.pop(index))
            break
    return out
