"""Delivering the private hand messages: each player's DM hand message sent or edited in
place (coalesced, the next mover first in the request budget, through the player's own
interaction token while it lasts), a fresh message at a new decision (the alert), a
channel mention for closed DMs, and the View-hand reply kept up to date.

What a hand message says is composed in :mod:`cogs.hand_compose`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.decisions import decision_of
from cogs import pictures
from cogs.display_core import (
    CLEAN_UP_PRIORITY,
    DM_CLOSED,
    HAND_PICTURES_KEPT,
    HAND_PRIORITY,
    NEXT_HAND_PRIORITY,
    PRIVATE_VIEW_S,
    DisplayCore,
    log,
)
from cogs.failures import DISCORD_FAILURES
from cogs.hand_compose import hand_payload
from cogs.hand_message import HandPayload
from cogs.hand_tokens import HandToken
from cogs.i18n import tr
from cogs.inert import pings
from cogs.mahjong_text import claim_open
from cogs.picker import Selection
from cogs.present import action_label
from cogs.table_message import kind_action, step_of

if TYPE_CHECKING:
    from bot.tables import Table
    from games.base import Action


def drawn_for(table: Table, user_id: int) -> int:
    """The decision number the user's controls are drawn for (:mod:`bot.decisions`): the
    step their seat's decision opened at (the current step when they have none)."""
    seat = table.seat_of(user_id)
    found = decision_of(table, seat) if seat is not None else None
    return found if found is not None else step_of(table)


class HandMessages(DisplayCore):
    """Every player's private hand message."""

    def hand_payload(self, table: Table, user_id: int, lang: str) -> HandPayload:
        """The caller's own hand without the picture (see :meth:`hand_payload_async`)."""
        return self._hand_payload(table, user_id, lang, None)

    async def hand_payload_async(
        self,
        table: Table,
        user_id: int,
        lang: str,
        *,
        selection: Selection | None = None,
        notice: str | None = None,
    ) -> HandPayload:
        """:meth:`hand_payload` with the picture, rendered in a thread.

        The view, the legal moves and the step are read together before the picture is
        drawn, so a move made while it is drawn cannot pair new controls with an old hand."""
        try:
            view = self.bot.service.view(table.id, user_id)
        except Exception:
            view = {}
        legal = self._legal(table, user_id)
        step = drawn_for(table, user_id)
        png, key = await self._hand_picture(table, user_id, view)
        payload = self._hand_payload(
            table,
            user_id,
            lang,
            png,
            view,
            selection=selection,
            notice=notice,
            legal=legal,
            step=step,
        )
        payload.picture_key = key
        return payload

    async def _hand_picture(
        self, table: Table, user_id: int, view: dict[str, Any]
    ) -> tuple[bytes | None, str | None]:
        """``(png, key)`` of the player's hand picture: the last one drawn when it shows the
        same (only the controls or the trick changed, e.g. a pass or the turn coming round),
        else drawn now in the render pool."""
        if not view:
            return None, None
        key = pictures.hand_key(table.game, view)
        last = self.hand_pictures.get((table.id, user_id))
        if key is not None and last is not None and last[0] == key:
            self.hand_pictures.move_to_end((table.id, user_id))
            return last[1], key
        png = (await self._draw(pictures.hand_png, table.game, view))[0]
        if key is not None and png is not None and table.status == "playing":
            self.hand_pictures[(table.id, user_id)] = (key, png)
            self.hand_pictures.move_to_end((table.id, user_id))
            while len(self.hand_pictures) > HAND_PICTURES_KEPT:  # slow tables live for weeks
                self.hand_pictures.popitem(last=False)
        return png, key if png is not None else None

    def _hand_payload(
        self,
        table: Table,
        user_id: int,
        lang: str,
        png: bytes | None,
        view: dict[str, Any] | None = None,
        *,
        selection: Selection | None = None,
        notice: str | None = None,
        picture: bool | None = None,
        legal: list[Action] | None = None,
        step: int | None = None,
    ) -> HandPayload:
        """:func:`cogs.hand_compose.hand_payload` of the player's hand as it stands now (the
        view, legal moves and step read here when not given)."""
        if view is None:
            try:
                view = self.bot.service.view(table.id, user_id)
            except Exception:
                view = {}
        return hand_payload(
            table,
            user_id,
            lang,
            png,
            view,
            selection=selection,
            notice=notice,
            picture=picture,
            legal=self._legal(table, user_id) if legal is None else legal,
            step=drawn_for(table, user_id) if step is None else step,
            forced_pass=self.bot.service.forced_pass_delay is not None,
        )

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        cid = self.dm_channels.get(user_id)
        if cid is None:
            await self.budget.take(NEXT_HAND_PRIORITY)
            data = await self.bot.http.start_private_message(user_id)
            cid = int(data["id"])
            self.dm_channels[user_id] = cid
        return self.bot.get_partial_messageable(cid, type=discord.ChannelType.private)

    def _needs_alert(self, table: Table, user_id: int) -> int | None:
        """The step of a new required decision of this player's seat that has not been
        alerted yet (one alert per decision), or None."""
        seat = table.seat_of(user_id)
        if seat is None or table.engine is None or table.status != "playing":
            return None
        if table.seats[seat].auto:
            return None
        if not any(d.seat == seat and d.required for d in table.engine.pending()):
            return None
        step = decision_of(table, seat)  # one alert per decision, however many steps it lasts
        key = (table.id, user_id)
        if self.alerted.get(key) == step:
            return None
        if self.bot.service.forced_pass_delay is not None:
            legal = self._legal(table, user_id)
            if len(legal) == 1 and legal[0].kind == "pass" and not legal[0].data:
                return None  # not a choice: passed for them, no need to call them
        return step

    async def _send_hand(self, table_id: int, user_id: int) -> None:
        """:meth:`_deliver_hand` as a coalesced job: a failure that may pass (429, 5xx, a
        timeout) queues it again, with the decision's alert still owed."""
        key = (table_id, user_id)
        alerted = self.alerted.get(key)
        try:
            await self._deliver_hand(table_id, user_id)
        except DISCORD_FAILURES as exc:
            if alerted is None:
                self.alerted.pop(key, None)
            else:
                self.alerted[key] = alerted
            job = self._hand_job(table_id, user_id)
            self._try_again(("h", *key), exc, lambda: self.hand_edits.request(key, job))
        else:
            self._failures.pop(("h", *key), None)

    async def _deliver_hand(self, table_id: int, user_id: int) -> None:
        """Send or edit ``user_id``'s DM hand message for this table (coalesced job).

        At a new required decision the player gets a fresh message, which notifies (an edit
        does not), and the old one is deleted, unless they silenced turn alerts; a player
        whose DMs are closed is mentioned in the channel instead, once per decision.

        While the player's last click on the hand message is less than 14 minutes old, its
        interaction token carries the edit (or the fresh message and the deletion): outside
        Discord's global budget (:mod:`cogs.hand_tokens`); otherwise the bot's own calls wait
        for their share of :attr:`budget`, the hand of a player with a move to make first."""
        try:
            table = self.bot.service.get(table_id)
        except Exception:
            return
        if table.seat_of(user_id) is None:
            return
        key = (table_id, user_id)
        alert_step = self._needs_alert(table, user_id)
        next_to_move = alert_step is not None or bool(self._legal(table, user_id))
        priority = NEXT_HAND_PRIORITY if next_to_move else HAND_PRIORITY
        if alert_step is not None:
            self.alerted[key] = alert_step
        if key in self.bot.state.dm_closed:
            if alert_step is not None and user_id not in self.bot.state.alerts_off:
                await self._channel_alert(table, user_id)
            await self.refresh_private_view(table, user_id)
            return
        known = self.bot.state.hand_messages.get(key)
        fresh = alert_step is not None and user_id not in self.bot.state.alerts_off
        token = self.hand_tokens.usable(table_id, user_id, known[1] if known else None)
        if token is None:
            # a share of Discord's budget first, then the hand as it is by then
            await self.budget.take(priority, key=("h", *key))
        lang = self.bot.state.user_lang.get(user_id) or self.lang(table)
        payload = await self.hand_payload_async(table, user_id, lang)
        # the picture on the message already shows this hand (a pass, the turn coming
        # round): change the text and controls only, upload nothing
        keep = payload.picture_key is not None and known is not None
        keep = keep and self.hand_shown.get(key) == (known[1] if known else 0, payload.picture_key)
        if token is not None:
            if await self._deliver_by_token(table, user_id, token, payload, fresh, keep):
                self.hands_by["token"] += 1
                await self.refresh_private_view(table, user_id, payload)
                return
            await self.budget.take(priority)  # Discord refused the token: the bot's own call
        try:
            if known is not None and not fresh:
                message = self.bot.get_partial_messageable(
                    known[0], type=discord.ChannelType.private
                ).get_partial_message(known[1])
                try:
                    await message.edit(**payload.edit_kwargs(keep_picture=keep))
                    self.hands_by["bot"] += 1
                    self._shown_hand(table, key, known[1], payload.picture_key)
                    await self.refresh_private_view(table, user_id, payload)
                    return
                except discord.NotFound:
                    pass
            channel = await self._dm_channel(user_id)
            sent = await channel.send(**payload.send_kwargs())
            self.hands_by["bot"] += 1
            await self.bot.state.set_hand_message(table_id, user_id, sent.channel.id, sent.id)
            self._shown_hand(table, key, sent.id, payload.picture_key)
            if known is not None and known[1] != sent.id:
                self._delete_later(known)
        except discord.Forbidden as exc:
            if exc.code == DM_CLOSED:
                await self._dms_closed(table, user_id)
                if alert_step is not None and user_id not in self.bot.state.alerts_off:
                    await self._channel_alert(table, user_id)
            else:
                raise
        await self.refresh_private_view(table, user_id, payload)

    def _hand_again(self, table_id: int, user_id: int) -> Callable[[], None]:
        """An edit of the player's hand message with its picture, even when it looks up to
        date (what Discord shows may be a late, older edit)."""

        def again() -> None:
            self.hand_shown.pop((table_id, user_id), None)
            self.hand_edits.request((table_id, user_id), self._hand_job(table_id, user_id))

        return again

    def _shown_hand(
        self, table: Table, key: tuple[int, int], message_id: int, picture: str | None
    ) -> None:
        """Remember which picture the player's hand message shows (while the table plays: a
        closed table's late delivery must not bring its memory back)."""
        if table.status == "playing":
            self.hand_shown[key] = (message_id, picture)

    async def _deliver_by_token(
        self,
        table: Table,
        user_id: int,
        token: HandToken,
        payload: HandPayload,
        fresh: bool,
        keep_picture: bool,
    ) -> bool:
        """Edit the hand message through the player's interaction token (``keep_picture``:
        its picture already shows this hand), or (``fresh``) send the new one as a follow-up
        and delete the old; False (token forgotten, nothing changed) when Discord refuses
        the token, so the caller uses the bot's own calls."""
        key = (table.id, user_id)
        try:
            # discord.py retries a webhook's 5xx answers for ~25 s; the bot's own call does
            # not keep a player waiting that long
            if not fresh:
                await asyncio.wait_for(
                    token.edit(**payload.edit_kwargs(keep_picture=keep_picture)), self.token_call_s
                )
                self._shown_hand(table, key, token.message_id, payload.picture_key)
                return True
            # a slow one that lands after the bot sent its own is deleted (never two hands)
            sent = await self._token_send(
                ("hand", table.id, user_id), token.send(**payload.send_kwargs())
            )
        except DISCORD_FAILURES as exc:
            if isinstance(exc, TimeoutError) and not fresh:
                self._edit_again_later(("late-h", *key), self._hand_again(table.id, user_id))
            log.info("table %s: hand token of %s refused (%r)", table.id, user_id, exc)
            self.hand_tokens.forget(table.id, user_id)
            return False
        old = self.bot.state.hand_messages.get((table.id, user_id))
        channel_id = sent.channel.id if sent.channel is not None else (old or (0, 0))[0]
        await self.bot.state.set_hand_message(table.id, user_id, channel_id, sent.id)
        self._shown_hand(table, key, sent.id, payload.picture_key)
        self.hand_tokens.moved_to(table.id, user_id, token, sent.id)
        try:
            await token.delete()  # the old prompt, through the same token
        except DISCORD_FAILURES:
            if old is not None:
                self._delete_later(old)
        else:
            if old is not None:
                await self.bot.state.forget_old_prompt(old)
        return True

    def _delete_later(self, where: tuple[int, int]) -> None:
        """Delete an old prompt in the background: clean-up waits for whatever budget is
        left, and the player's next hand must not wait behind it."""
        task = asyncio.get_running_loop().create_task(self._delete_quietly(where))
        self._clean_ups.add(task)
        task.add_done_callback(self._clean_ups.discard)

    async def _delete_quietly(self, where: tuple[int, int]) -> None:
        """Delete an old prompt; one already gone is fine."""
        message = self.bot.get_partial_messageable(
            where[0], type=discord.ChannelType.private
        ).get_partial_message(where[1])
        try:
            await self.budget.take(CLEAN_UP_PRIORITY)
            await message.delete()
        except (discord.NotFound, discord.Forbidden):
            log.debug("old hand message %s already gone", where)
        except discord.HTTPException:  # Discord's trouble: tried again after a restart
            log.info("old hand message %s not deleted this time", where)
            return
        await self.bot.state.forget_old_prompt(where)

    def delete_old_prompts(self) -> None:
        """Delete the old hand messages a stopped bot had not deleted yet (kept in the state
        file until deleted), in the background like every clean-up."""
        for where in sorted(self.bot.state.old_prompts):
            self._delete_later(where)

    async def _channel_alert(self, table: Table, user_id: int) -> None:
        """Mention a player whose DMs are closed, in the table's language like every line of
        the channel (not for a mahjong claim: a mention would tell the channel who may claim;
        View hand shows it)."""
        if claim_open(table):
            return
        lang = self.lang(table)
        seat = table.seat_of(user_id)
        kinds: list[str] = []
        if table.engine is not None and seat is not None:
            # what play waits for (not an optional decision such as mahjong's settings)
            kinds = [
                k for d in table.engine.pending() if d.seat == seat and d.required for k in d.kinds
            ]
        what = " / ".join(action_label(lang, kind_action(k)) for k in dict.fromkeys(kinds))
        channel = self.bot.get_partial_messageable(table.thread_id or table.channel_id)
        await self.budget.take(NEXT_HAND_PRIORITY)
        text = f"<@{user_id}> " + tr(lang, "hand.alert", table=table.id, what=what)
        await channel.send(text, allowed_mentions=pings(text, [user_id]))

    def remember_private_view(self, table_id: int, user_id: int, interaction: Any) -> Any:
        """Keep the interaction whose ephemeral reply shows this player's hand, so that it is
        edited as the hand changes (while its token lasts, 15 minutes); returns the one it
        replaces (whose reply the caller deletes)."""
        old = self.private_views.get((table_id, user_id))
        self.private_views[(table_id, user_id)] = (interaction, time.monotonic())
        return old[0] if old else None

    async def refresh_private_view(
        self, table: Table, user_id: int, payload: HandPayload | None = None
    ) -> None:
        """Edit the player's View-hand reply to the latest hand (its token lasts 15 min)."""
        known = self.private_views.get((table.id, user_id))
        if known is None:
            return
        interaction, since = known
        if time.monotonic() - since > PRIVATE_VIEW_S:
            self.private_views.pop((table.id, user_id), None)
            return
        lang = self.bot.state.user_lang.get(user_id) or self.lang(table)
        if payload is None:
            payload = await self.hand_payload_async(table, user_id, lang)
        try:
            await interaction.edit_original_response(**payload.edit_kwargs())
        except discord.HTTPException:
            self.private_views.pop((table.id, user_id), None)

    async def _dms_closed(self, table: Table, user_id: int) -> None:
        channel_id = table.thread_id or table.channel_id
        if await self.bot.state.mark_dm_closed(table.id, user_id, channel_id):
            await self.bot.get_partial_messageable(channel_id).send(
                tr(self.lang(table), "hand.dm_closed", mention=f"<@{user_id}>"),
                allowed_mentions=pings(f"<@{user_id}>", [user_id]),
            )
