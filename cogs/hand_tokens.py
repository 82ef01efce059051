"""Interaction tokens that can update a player's DM hand message outside the global budget.

Discord counts a bot's REST calls against one global limit (50 a second), but not the calls
made with an interaction's token (``/webhooks/{application}/{token}/...``): those are the
interaction's own, usable for 15 minutes to edit the message the player clicked (``@original``)
and to send and edit follow-up messages in the same channel. A player who just moved from
their hand message has given us such a token, so the next versions of that hand (the cards
left after the move, the next decision) go through it: at once, whatever the other tables
are spending, and leaving the global budget to the table messages.

:class:`HandTokens` keeps, per (table, player), the latest component interaction made on a
non-ephemeral hand message and which message it may edit. A token is used only while it is
younger than ``TOKEN_S`` and only for the message it belongs to; a token Discord refuses is
forgotten and the caller falls back to the bot's own calls.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import discord

__all__ = ["TOKEN_S", "HandToken", "HandTokens"]

TOKEN_S = 14 * 60  # an interaction token lasts 15 minutes; stop a minute early (clock skew)


@dataclass
class HandToken:
    """An acknowledged component interaction and the hand message it may edit.

    ``message_id``: the message the player clicked (``@original``) or a follow-up this token
    sent (``followup`` True); ``since``: ``time.monotonic()`` when the interaction arrived;
    ``path``: what gave the token (``"move"`` a click on a hand, ``"lobby"`` a lobby button on
    the table message, ``"open"`` the ``/table open`` that sent the table message), for the
    figures of what each path bought."""

    interaction: Any  # discord.Interaction (Any: tests hand in look-alikes)
    message_id: int
    followup: bool
    since: float
    path: str = "move"

    async def edit(self, **kwargs: Any) -> None:
        """Edit the message through the token (``discord.HTTPException`` if refused)."""
        if self.followup:
            await self.interaction.followup.edit_message(self.message_id, **kwargs)
        else:
            await self.interaction.edit_original_response(**kwargs)

    async def send(self, **kwargs: Any) -> discord.WebhookMessage:
        """A new message in the same DM (a follow-up: it notifies, as a fresh hand should)."""
        message: discord.WebhookMessage = await self.interaction.followup.send(wait=True, **kwargs)
        return message

    async def delete(self) -> None:
        """Delete the message through the token (``discord.HTTPException`` if refused)."""
        if self.followup:
            await self.interaction.followup.delete_message(self.message_id)
        else:
            await self.interaction.delete_original_response()


class HandTokens:
    """The latest usable interaction token of each (table, player) hand message."""

    def __init__(self, lifetime_s: float = TOKEN_S) -> None:
        self.lifetime_s = lifetime_s
        self._tokens: dict[tuple[int, int], HandToken] = {}

    def note(self, table_id: int, user_id: int, interaction: Any, path: str = "move") -> None:
        """Remember a component interaction on one of the player's messages (call it after
        the interaction is acknowledged and before the move it carries is made, so that the
        hand delivered after the move finds it). Ephemeral messages are left alone: their
        replies are refreshed by the View-hand path."""
        message = getattr(interaction, "message", None)
        if message is None or message.flags.ephemeral:
            return
        self._tokens[(table_id, user_id)] = HandToken(
            interaction, message.id, False, time.monotonic(), path
        )

    def note_sent(
        self,
        table_id: int,
        user_id: int,
        interaction: Any,
        message_id: int,
        since: float,
        path: str,
    ) -> None:
        """Remember that ``interaction`` (arrived at ``since``, ``time.monotonic()``) sent the
        public follow-up ``message_id``: its token edits that message until it is too old."""
        self._tokens[(table_id, user_id)] = HandToken(interaction, message_id, True, since, path)

    def usable(self, table_id: int, user_id: int, message_id: int | None) -> HandToken | None:
        """The token that may edit ``message_id`` (the player's current hand message) now,
        or None (none, another message's, or too old)."""
        token = self._tokens.get((table_id, user_id))
        if token is None or message_id is None:
            return None
        if time.monotonic() - token.since > self.lifetime_s:
            del self._tokens[(table_id, user_id)]
            return None
        return token if token.message_id == message_id else None

    def moved_to(self, table_id: int, user_id: int, token: HandToken, message_id: int) -> None:
        """``token`` sent the player's new hand message ``message_id`` (a follow-up)."""
        self._tokens[(table_id, user_id)] = HandToken(
            token.interaction, message_id, True, token.since, token.path
        )

    def forget(self, table_id: int, user_id: int) -> None:
        """Stop using the player's token (Discord refused it, or the table closed)."""
        self._tokens.pop((table_id, user_id), None)

    def forget_table(self, table_id: int) -> None:
        """Drop every token of a closed table."""
        for key in [k for k in self._tokens if k[0] == table_id]:
            del self._tokens[key]

    def __len__(self) -> int:
        return len(self._tokens)
