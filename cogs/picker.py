"""Free choice of cards from a phone: the hand message as a layout (discord.py ``LayoutView``).

A decision that takes cards (play, bury …) is made by ticking cards in multi-select menus,
one per group of the hand as the hand picture groups it (trumps, then each suit; a group of
more than 25 cards is split), then pressing the kind's button (*Play*, *Bury* …); *Clear*
empties the choice.  The engine's ready-made moves stay as a quick path: one select of
suggested moves (a tap plays it) and a button per move without cards (*Pass*).

Nothing is kept in memory: what is ticked lives in the message itself (the options marked
``default``), so a restart loses no choice.  custom_ids (under Discord's 100 characters):

* ``pj:c:<table>:<step>:<group>`` — the multi-select of one group of cards;
* ``pj:p:<table>:<step>:<op>`` — *Clear* (``op`` = ``clear``) or the kind to submit the
  ticked cards as (``play``, ``bury`` …).

An option's value is the card's notation and its copy number (``As~2``: the second ♠A),
because a hand of two or three decks holds equal cards and select values must be unique.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs.actions import pick_cards, submit_picked
from cogs.i18n import Lang, tr
from cogs.present import cards_text, game_text, kind_label
from cogs.selection import Selection, selection_from_message, walk_components

if TYPE_CHECKING:
    from games.base import Action

__all__ = [
    "PICK_KINDS",
    "CardGroup",
    "PickButton",
    "PickSelect",
    "Selection",
    "card_groups",
    "pick_kinds",
    "selection_from_message",
    "walk_components",
]

#: Decision kinds whose data is a free choice of the seat's cards.
PICK_KINDS = ("play", "bury", "bury_jokers", "discard")
MAX_OPTIONS = 25  # Discord: options in one select


@dataclass(frozen=True)
class CardGroup:
    """One select's worth of the hand: a label and the cards as ``(value, notation)``."""

    label: str
    cards: tuple[tuple[str, str], ...]


def _notation(text: str) -> str:
    from games.cards import format_card_ascii, parse_card

    return format_card_ascii(parse_card(text))


def card_groups(view: Mapping[str, Any], lang: Lang) -> list[CardGroup]:
    """The seat's hand grouped as the hand picture groups it: trumps (主牌) first, then each
    side suit, strongest first (or the game's own ``hand_groups``, see
    :func:`cogs.present.game_text`); a group of more than 25 cards is split into selects of 25."""
    from bot.textview import hand_groups

    # a game may group its own way (打滚: by rank, jokers apart): cogs.<game>_text.hand_groups
    grouping = getattr(game_text(view.get("game")), "hand_groups", None) or hand_groups
    groups: list[CardGroup] = []
    copies: dict[str, int] = {}
    for name, shown in grouping(view):
        label = tr(lang, "pick.trumps") if name == "trump" else name
        cards: list[tuple[str, str]] = []
        for text in shown:
            notation = _notation(text)
            copies[notation] = copies.get(notation, 0) + 1
            cards.append((f"{notation}~{copies[notation]}", notation))
        chunks = [cards[i : i + MAX_OPTIONS] for i in range(0, len(cards), MAX_OPTIONS)]
        for n, chunk in enumerate(chunks):
            part = f" {n + 1}/{len(chunks)}" if len(chunks) > 1 else ""
            groups.append(CardGroup(label + part, tuple(chunk)))
    return groups


def pick_kinds(legal: Sequence[Action]) -> list[str]:
    """The card-taking kinds among the seat's legal moves, in the engine's order."""
    kinds: list[str] = []
    for action in legal:
        if action.kind in PICK_KINDS and "cards" in action.data and action.kind not in kinds:
            kinds.append(action.kind)
    return kinds


def chosen_line(lang: Lang, selection: Selection) -> str:
    """``Chosen (3): ♠A ♠A ♥10`` or the hint to tick cards."""
    if not selection:
        return tr(lang, "pick.none")
    return tr(lang, "pick.chosen", n=len(selection.cards), cards=cards_text(selection.cards))


def pick_rows(
    table_id: int,
    step: int,
    groups: Sequence[CardGroup],
    kinds: Sequence[str],
    selection: Selection,
    lang: Lang,
    *,
    marked: Iterable[str] = (),
) -> list[discord.ui.ActionRow[Any]]:
    """The selects of every group and one row of buttons: each kind (``Play ♠A ♠A``) and
    *Clear*.  ``marked`` cards (notation) are labelled as picked up from the kitty."""
    rows: list[discord.ui.ActionRow[Any]] = []
    picked_up = list(marked)
    for index, group in enumerate(groups):
        ticked = set(selection.by_group.get(index, []))
        options = []
        for value, notation in group.cards:
            label = cards_text([notation])
            description = None
            if notation in picked_up:
                picked_up.remove(notation)
                description = tr(lang, "pick.from_kitty")
            options.append(
                discord.SelectOption(
                    label=label, value=value, default=value in ticked, description=description
                )
            )
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        row.add_item(PickSelect(table_id, step, index, options, group.label))
        rows.append(row)
    buttons: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
    shown = cards_text(selection.cards)
    for kind in kinds[:4]:
        label = kind_label(lang, kind) + (f" {shown}" if shown else "")
        buttons.add_item(PickButton(table_id, step, kind, label[:80], disabled=not selection))
    buttons.add_item(PickButton(table_id, step, "clear", tr(lang, "pick.clear")))
    rows.append(buttons)
    return rows


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"pj:c:(?P<table>[0-9]{1,18}):(?P<step>[0-9]{1,18}):(?P<group>[0-9]{1,2})",
):
    """A multi-select of one group of cards; choosing redraws the message with the choice."""

    def __init__(
        self,
        table_id: int,
        step: int,
        group: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        opts = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"pj:c:{table_id}:{step}:{group}",
                placeholder=placeholder[:150] or None,
                min_values=0,
                max_values=len(opts),
                options=opts,
            )
        )
        self.table_id, self.step, self.group = table_id, step, group

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickSelect:
        return cls(int(match["table"]), int(match["step"]), int(match["group"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = interaction.data or {}
        values = [str(v) for v in data.get("values", [])]
        await pick_cards(interaction, self.table_id, self.step, self.group, values)


class PickButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:p:(?P<table>[0-9]{1,18}):(?P<step>[0-9]{1,18}):(?P<op>[a-z_]{1,20})",
):
    """Submit the ticked cards as a move of kind ``op``, or ``clear`` the choice."""

    def __init__(
        self, table_id: int, step: int, op: str, label: str = "", *, disabled: bool = False
    ) -> None:
        style = discord.ButtonStyle.secondary if op == "clear" else discord.ButtonStyle.success
        super().__init__(
            discord.ui.Button(
                label=label or op,
                style=style,
                custom_id=f"pj:p:{table_id}:{step}:{op}",
                disabled=disabled,
            )
        )
        self.table_id, self.step, self.op = table_id, step, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PickButton:
        return cls(int(match["table"]), int(match["step"]), match["op"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await submit_picked(interaction, self.table_id, self.step, self.op)
