"""What the channel and each player see: the table message and the private hands.

:class:`TableDisplay` listens to the table service (``TableService.subscribe``)
and keeps, per table:

* **one table message** in the table's channel, edited in place (never
  re-posted; its id is kept in :class:`cogs.state.DiscordState` so a
  restart edits the same message). Edits are coalesced: at most one per
  ``TABLE_INTERVAL`` seconds per table, the latest state wins, so a fast
  bot-only trick makes one edit instead of four.
* **short event lines**: the ones people care about (trump declared or
  overcalled, kitty taken/buried, hand result, new level, match over) are
  posted as one channel message per coalesced edit; the rest (tricks won)
  appear in the table message's recent-lines block.
* **private hands**: after every change to a seat's hand or its choices, the
  player's DM hand message is edited in place (one per table and player) with
  the picture, the cards as text, and the controls of its pending decision.
  If the DM fails with 50007 (DMs closed), the channel is told once, mentioning
  the player, and the bot stops trying; "View hand" then answers ephemerally.

A hand is only ever sent to its owner's DM or as an ephemeral reply.

Composing is kept apart from delivering: :mod:`cogs.table_message` and
:mod:`cogs.hand_compose` say what the messages show (pure functions of a table, a view
and a language); :mod:`cogs.table_delivery` and :mod:`cogs.hand_delivery` (over
:mod:`cogs.display_core`) decide when and how they reach Discord.
"""

from __future__ import annotations

from cogs.display_core import (
    ANNOUNCED,
    HAND_INTERVAL,
    QUIET,
    TABLE_INTERVAL,
    _about,
)
from cogs.hand_compose import declare_kind
from cogs.hand_delivery import HandMessages
from cogs.hand_message import HandPayload
from cogs.table_delivery import TableMessages
from cogs.table_message import names_of, step_of

__all__ = [
    "ANNOUNCED",
    "HAND_INTERVAL",
    "QUIET",
    "TABLE_INTERVAL",
    "HandPayload",
    "TableDisplay",
    "_about",
    "declare_kind",
    "names_of",
    "step_of",
]


class TableDisplay(TableMessages, HandMessages):
    """Keeps every table's message and its players' hand messages up to date.

    Args:
        bot: the running bot (its service, state and settings).
        table_interval: seconds between two edits of one table message.
        hand_interval: seconds between two quiet edits of one player's hand message.
    """
