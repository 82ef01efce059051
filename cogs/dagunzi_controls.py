"""打滚子 Dagunzi on Discord: the standing "grab with a 大王 when dealt" (抢亮) choice.

In the first hand's live deal the first seat to show a big joker takes the deal
(``dagunzi.txt:28-30``), while the cards arrive a step every 1.5 s. A player may leave the
grab to the bot: switched on (⚡ in the hand message while the deal goes on; remembered per
player, :attr:`cogs.state.DiscordState.auto_grab`), their seat grabs the moment a 大王 is
dealt to it and the grab is still open (:func:`auto_move`, called by the display after every
change). Switching is private: the answer is ephemeral and nothing shows at the table.

Found by name by :func:`cogs.hand_compose.game_controls`. custom_id:
``pj:t:<table>:grab:<0|1>`` (1 = switch on).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord

from cogs.actions import app, callers_seat, defer, lang, refuse, reply
from cogs.i18n import tr

if TYPE_CHECKING:
    from bot.tables import Table
    from games.base import Action

__all__ = ["DYNAMIC_ITEMS", "GrabButton", "auto_move", "settings"]


def _grab_open(view: Mapping[str, Any]) -> bool:
    return view.get("phase") == "dealing" and bool(view.get("grab"))


def settings(
    table_id: int, view: Mapping[str, Any], lang: str
) -> tuple[str, list[discord.ui.ActionRow[Any]]]:
    """While the first hand's grab is open: a line and the ⚡ on / off buttons."""
    if not _grab_open(view):
        return "", []
    row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
    row.add_item(GrabButton(table_id, True, tr(lang, "dz.grab.on")))
    row.add_item(GrabButton(table_id, False, tr(lang, "dz.grab.off")))
    return tr(lang, "dz.grab.line"), [row]


def auto_move(state: Any, user_id: int, table: Table) -> Action | None:
    """The grab (one 大王) for ``user_id``'s seat if they switched it on and it is legal now."""
    if user_id not in getattr(state, "auto_grab", ()) or table.engine is None:
        return None
    seat = table.seat_of(user_id)
    if seat is None or not any(
        d.seat == seat and "declare" in d.kinds for d in table.engine.pending()
    ):
        return None
    for action in table.engine.legal_actions(seat, None):
        if action.kind == "declare" and action.data == {"cards": ["BJ"]}:
            return action
    return None


class GrabButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"pj:t:(?P<table>[0-9]{1,18}):grab:(?P<to>[01])",
):
    """Switch the clicking player's "grab with a 大王 when dealt" on (``1``) or off (``0``)."""

    def __init__(self, table_id: int, to: bool, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or ("on" if to else "off"),
                style=discord.ButtonStyle.primary if to else discord.ButtonStyle.secondary,
                custom_id=f"pj:t:{table_id}:grab:{int(to)}",
            )
        )
        self.table_id, self.to = table_id, to

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GrabButton:
        return cls(int(match["table"]), match["to"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        await defer(interaction)
        bot = app(interaction)
        lg = lang(interaction)
        try:
            table = bot.service.get(self.table_id)
            callers_seat(interaction, table)
        except Exception as exc:  # TableError or Refusal, both refused alike
            await refuse(interaction, exc)
            return
        await bot.state.set_auto_grab(interaction.user.id, self.to)
        await reply(interaction, tr(lg, "dz.grab.set_on" if self.to else "dz.grab.set_off"))
        bot.display.auto_moves(table)  # a 大王 already in hand: grab now


DYNAMIC_ITEMS = (GrabButton,)
"""Registered with the shared controls (:func:`cogs.controls.all_dynamic_items`)."""
