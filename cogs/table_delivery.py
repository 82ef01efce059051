"""Delivering the table message: posting it once, editing it in place (coalesced, within the
request budget, a new picture only as often as the CPU allows), the announcements posted
beside it, and what Discord refuses (pictures without Attach Files, a deleted message).

What the message says is composed in :mod:`cogs.table_message`.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from cogs import pictures
from cogs.controls import table_controls
from cogs.display_core import (
    CLEAN_UP_PRIORITY,
    PICTURE_RETRY_S,
    RENDERS_AT_ONCE,
    TABLE_PRIORITY,
    DisplayCore,
    log,
)
from cogs.failures import DISCORD_FAILURES, MISSING_PERMISSIONS, is_transient, permission_list
from cogs.i18n import tr
from cogs.inert import fit, pings
from cogs.table_message import names_of, people_of, table_text

if TYPE_CHECKING:
    from bot.tables import Table


class TableMessages(DisplayCore):
    """The table message of every table and the announcements beside it."""

    def table_text(self, table: Table, lang: str) -> str:
        """The table message's text as the table stands now
        (:func:`cogs.table_message.table_text`)."""
        view: dict[str, Any] = {}
        if table.engine is not None:
            try:
                view = self.bot.service.view(table.id, None)
            except Exception:
                view = {}
        return table_text(table, view, lang, self.recent.get(table.id))

    async def ensure_table_message(self, table: Table, lang: str | None = None) -> None:
        """Post the table message if the table has none yet (once, even when called twice).

        Raises what Discord answers when it cannot be posted (``discord.HTTPException``, a
        timeout); a table that has been withdrawn meanwhile gets no message."""
        async with self._create_locks.setdefault(table.id, asyncio.Lock()):
            await self._post_table_message(table, lang)

    async def open_message(
        self,
        table: Table,
        lang: str,
        via: Any = None,
        since: float = 0.0,
        answer: Callable[[], Awaitable[bool]] | None = None,
    ) -> BaseException | None:
        """Post a newly opened table's message; if Discord refuses or fails, withdraw the table
        (no lobby nobody can see is left behind; ``/table open`` may be tried again) and
        return the error, else None.

        ``via``: the ``/table open`` interaction (arrived at ``since``, ``time.monotonic()``),
        already answered privately: the table message is sent as its public follow-up, and
        its token edits the message for 14 minutes (outside Discord's global budget, issue
        25), then the bot's own calls take over the same message. If the follow-up fails, the
        bot posts the message itself. ``answer``: gives the private answer first, under the
        table's creation lock (an edit of the new table meanwhile waits, not posting the
        message itself); False when the token failed (the bot posts the message)."""
        async with self._create_locks.setdefault(table.id, asyncio.Lock()):
            if answer is not None and not await answer():
                via = None
            try:
                await self._post_table_message(table, lang, via, since)
                return None
            except DISCORD_FAILURES as exc:
                error: BaseException = exc
            log.warning("table %s: message not posted (%r): withdrawn", table.id, error)
            self._give_up_late_send(("open", table.id))  # its token answers the player now
            try:
                await self.bot.service.withdraw(table.id)
            except Exception:  # joined or started meanwhile: the table stays, edits retry
                log.exception("table %s could not be withdrawn", table.id)
                self.refresh_table(table.id)
                return None
            self._create_locks.pop(table.id, None)
            self.recent.pop(table.id, None)
            self.announce.pop(table.id, None)
            return error

    async def _post_table_message(
        self, table: Table, lang: str | None, via: Any = None, since: float = 0.0
    ) -> None:
        if table.id in self.bot.state.table_messages:
            return
        try:
            self.bot.service.get(table.id)
        except Exception:  # withdrawn (or closed long ago): nothing to show
            return
        lg = lang or self.lang(table)
        channel = self.bot.get_partial_messageable(table.thread_id or table.channel_id)
        text = self.table_text(table, lg)
        allowed = self._pictures_allowed(table.id)
        png = await self._table_png(table, self._public_view(table)) if allowed else None
        view = self._table_view(table, lg)

        async def send(with_picture: bool) -> discord.Message:
            kwargs: dict[str, Any] = {"content": text}
            if view is not None:
                kwargs["view"] = view
            if with_picture and png is not None:
                kwargs["file"] = discord.File(io.BytesIO(png), "table.png")
            return await channel.send(allowed_mentions=discord.AllowedMentions.none(), **kwargs)

        if via is not None and via.channel_id == channel.id:
            try:
                # as a follow-up of the private answer (the first follow-up of a deferral
                # would replace it instead, so the answer is given first), with no flags:
                # public; discord.py retries a webhook's 5xx for ~25 s: the bot's post does not
                kwargs: dict[str, Any] = {"content": text, "wait": True}
                if view is not None:
                    kwargs["view"] = view
                if png is not None:
                    kwargs["file"] = discord.File(io.BytesIO(png), "table.png")
                # a slow one that lands after the bot posted its own is deleted (never two)
                sent = await self._token_send(
                    ("open", table.id),
                    via.followup.send(allowed_mentions=discord.AllowedMentions.none(), **kwargs),
                )
            except DISCORD_FAILURES as exc:
                log.info("table %s: the follow-up of /table open failed (%r)", table.id, exc)
            else:
                self.table_tokens.note_sent(table.id, 0, via, sent.id, since, "open")
                await self.bot.state.set_table_message(table.id, channel.id, sent.id, lg)
                return
        try:
            message = await send(True)
        except discord.Forbidden as exc:
            if png is None or exc.code != MISSING_PERMISSIONS:
                raise
            await self._pictures_refused(table)
            message = await send(False)
        await self.bot.state.set_table_message(table.id, channel.id, message.id, lg)

    def _pictures_allowed(self, table_id: int) -> bool:
        """False for a while after Discord refused the table's picture (no Attach Files);
        the picture is tried again ``PICTURE_RETRY_S`` later (an admin may grant it)."""
        refused = self.no_pictures.get(table_id)
        return refused is None or time.monotonic() - refused > PICTURE_RETRY_S

    async def _pictures_refused(self, table: Table) -> None:
        """Discord refused the table picture (403 50013: no Attach Files): show the table as
        text from now on, and tell the host once, in the channel, mentioning them."""
        self.no_pictures[table.id] = time.monotonic()
        if table.id in self.told_no_pictures:
            return
        self.told_no_pictures.add(table.id)
        lang = self.lang(table)
        channel = self.bot.get_partial_messageable(table.thread_id or table.channel_id)
        text = tr(
            lang,
            "fail.no_pictures_host",
            host=f"<@{table.host_user_id}>",
            perms=permission_list(lang, ["attach_files"]),
        )
        try:
            await self.budget.take(TABLE_PRIORITY)
            await channel.send(text, allowed_mentions=pings(text, [table.host_user_id]))
        except DISCORD_FAILURES as exc:
            log.warning("table %s: could not tell the host about pictures: %r", table.id, exc)

    def _table_view(self, table: Table, lang: str) -> discord.ui.View | None:
        return table_controls(table, lang)

    def _public_view(self, table: Table) -> dict[str, Any] | None:
        """What a spectator sees of a table in play (the table picture's source), or None in
        the lobby or when the table has just closed."""
        if table.engine is None or table.status == "lobby":
            return None
        try:
            return self.bot.service.view(table.id, None)
        except Exception:
            return None

    async def _table_png(self, table: Table, view: dict[str, Any] | None) -> bytes | None:
        """The table picture of ``view`` (from :meth:`_public_view`), drawn in the pool."""
        if view is None:
            return None
        png, seconds = await self._draw(
            pictures.table_png, table.game, view, names_of(table, shown=False)
        )
        self.render_s = 0.8 * self.render_s + 0.2 * seconds
        return png

    async def _edit_table(self, table_id: int) -> None:
        """Bring the table message (and the announcements) up to date (a coalesced job).

        A failure that may pass (429, 5xx, a timeout) queues the job again, so the message
        ends up showing the latest state; a refused picture falls back to text; a deleted
        message is posted again; a permanent refusal (403, 404 channel) is logged.  An edit
        that would change nothing (a pass while the cards arrive) is not made: it would
        spend a request of the budget every table shares."""
        try:
            table = self.bot.service.get(table_id)
        except Exception:
            self._table_priority.pop(table_id, None)
            self._unshown_since.pop(table_id, None)
            return
        if self._shows_already(table):
            self._table_priority.pop(table_id, None)
            self._unshown_since.pop(table_id, None)
            return
        # a share of Discord's budget first, then the state as it is by then; a picture
        # catch-up waits as clean-up until a new move makes it a table edit (promote)
        priority = self._table_priority.get(table_id, TABLE_PRIORITY)
        since = self._unshown_since.get(table_id)
        if self._table_token(table_id) is None:  # a token's edit is not the bot's to count
            await self.budget.take(priority, key=("t", table_id), since=since)
        # the state is read from here on: moves after this need the next edit
        self._table_priority.pop(table_id, None)
        self._unshown_since.pop(table_id, None)
        try:
            await self._flush_announcements(table, since)
            if table_id not in self.bot.state.table_messages:
                await self.ensure_table_message(table)
            else:
                await self._edit_table_message(table)
        except DISCORD_FAILURES as exc:
            self._try_again(("t", table_id), exc, lambda: self.refresh_table(table_id))
        else:
            self._failures.pop(("t", table_id), None)

    def _table_again(self, table_id: int) -> Callable[[], None]:
        """An edit of the table message even when it looks up to date (what Discord shows
        may be a late, older edit), with its picture."""

        def again() -> None:
            self.table_shown.pop(table_id, None)
            self.drawn_at.pop(table_id, None)
            self.refresh_table(table_id)

        return again

    def note_table_click(self, table_id: int, interaction: discord.Interaction) -> None:
        """A click on the table message itself, acknowledged silently (type 6: its
        ``@original`` is that message): its token edits the table message from now on, for
        14 minutes, outside Discord's global budget (:attr:`table_tokens`; a fresher token
        than the ``/table open`` one that sent the message)."""
        shown = self.bot.state.table_messages.get(table_id)
        message = interaction.message
        if shown is not None and message is not None and message.id == shown[1]:
            self.table_tokens.note(table_id, 0, interaction, "lobby")

    def _table_token(self, table_id: int) -> Any:
        """The token that may edit the table message now, or None."""
        shown = self.bot.state.table_messages.get(table_id)
        return self.table_tokens.usable(table_id, 0, shown[1] if shown else None)

    def _shows_already(self, table: Table) -> bool:
        """True when the table message on Discord already shows this state: the same text,
        and a picture of the same public view (or none owed), nothing to announce."""
        shown = self.table_shown.get(table.id)
        if shown is None or table.status != "playing" or self.announce.get(table.id):
            return False
        if table.id not in self.bot.state.table_messages:
            return False
        text, picture = shown
        if text != self.table_text(table, self.lang(table)):
            return False
        allowed = self._pictures_allowed(table.id)
        return not allowed or picture == _digest(self._public_view(table))

    async def _edit_table_message(self, table: Table) -> None:
        lang = self.lang(table)
        channel_id, message_id = self.bot.state.table_messages[table.id]
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(message_id)
        allowed = self._pictures_allowed(table.id)
        playing = table.status == "playing"
        public = self._public_view(table)
        digest = _digest(public)
        shown = self.table_shown.get(table.id)
        current = shown is not None and digest is not None and shown[1] == digest
        # a new picture only as often as the CPU allows; in between, the text changes and
        # the picture stays, and a later edit brings the picture up to date
        due = self.drawn_at.get(table.id, -1e9) + self.picture_interval() - time.monotonic()
        if allowed and due <= 0 and self.drawing >= RENDERS_AT_ONCE and playing:
            due = self.base_table_interval  # pictures are queuing (hands first): text now
        keep_picture = allowed and (due > 0 or current) and playing
        png = await self._table_png(table, public) if allowed and not keep_picture else None
        # only while playing: a closed table's late edit must not bring its memory back
        if png is not None and playing:
            self.drawn_at[table.id] = time.monotonic()
        view = self._table_view(table, lang)
        text = self.table_text(table, lang)

        async def edit(with_picture: bool) -> None:
            files = [discord.File(io.BytesIO(png), "table.png")] if with_picture and png else []
            kwargs: dict[str, Any] = {} if keep_picture and with_picture else {"attachments": files}
            kwargs.update(content=text, view=view, allowed_mentions=discord.AllowedMentions.none())
            token = self._table_token(table.id)
            if token is not None:
                try:
                    # discord.py retries a webhook's 5xx for ~25 s: the bot's call does not
                    await asyncio.wait_for(token.edit(**kwargs), self.token_call_s)
                    self.table_edits_by["token"] += 1
                    self.table_token_paths[token.path] += 1
                    return
                except discord.Forbidden as exc:
                    if exc.code == MISSING_PERMISSIONS:
                        raise  # the picture: as the bot's own call would be answered
                    refused: BaseException = exc
                except DISCORD_FAILURES as exc:
                    refused = exc
                    if isinstance(exc, TimeoutError):
                        self._edit_again_later(("late-t", table.id), self._table_again(table.id))
                log.info("table %s: its message's token was refused (%r)", table.id, refused)
                self.table_tokens.forget(table.id, 0)
                await self.budget.take(TABLE_PRIORITY, key=("t", table.id))
            await message.edit(**kwargs)
            self.table_edits_by["bot"] += 1

        try:
            try:
                await edit(True)
            except discord.Forbidden as exc:
                if png is None or exc.code != MISSING_PERMISSIONS:
                    raise
                await self._pictures_refused(table)
                png = None
                await edit(False)
        except discord.NotFound:
            # the message was deleted: post a new one, remember it
            self.bot.state.table_messages.pop(table.id, None)
            self.table_shown.pop(table.id, None)
            await self.ensure_table_message(table, lang)
            return
        if png is not None:
            picture = digest
        elif keep_picture and shown is not None:
            picture = shown[1]
        else:
            picture = None
        if playing:
            self.table_shown[table.id] = (text, picture)
        if keep_picture and not current and table.id not in self._picture_catch_up:
            self._picture_catch_up[table.id] = asyncio.get_running_loop().call_later(
                max(due, 0.0), self._catch_up_picture, table.id
            )

    def _catch_up_picture(self, table_id: int) -> None:
        """Bring a kept (older) picture up to date: after everything more urgent (an edit
        for a new move, requested meanwhile, replaces this one)."""
        self._picture_catch_up.pop(table_id, None)
        # never lowers a table edit already asked for
        self._table_priority.setdefault(table_id, CLEAN_UP_PRIORITY)
        self.table_edits.request(table_id, lambda: self._edit_table(table_id))

    async def _flush_announcements(self, table: Table, since: float | None = None) -> None:
        """Post the lines worth a message of their own; ``since``: when the edit they go with
        was first due, so that they wait their turn once, not a second round."""
        lines = self.announce.pop(table.id, [])
        if not lines:
            return
        channel = self.bot.get_partial_messageable(table.thread_id or table.channel_id)
        text = "\n".join(lines)
        try:
            await self.budget.take(TABLE_PRIORITY, since=since)
            text = fit(text)
            # only the table's people the lines mention on purpose (a name is inert text)
            await channel.send(text, allowed_mentions=pings(text, people_of(table)))
        except DISCORD_FAILURES as exc:
            if is_transient(exc):  # keep them for the next try, before any newer lines
                self.announce[table.id] = lines + self.announce.get(table.id, [])
            raise


def _digest(view: dict[str, Any] | None) -> str | None:
    """A digest of a public view (what the table picture is drawn from), or None."""
    if view is None:
        return None
    blob = json.dumps(view, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.blake2b(blob.encode(), digest_size=16).hexdigest()
