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
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import json
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import discord

from cogs import pictures
from cogs.coalesce import Coalescer, RequestBudget
from cogs.controls import TableButton, lobby_controls, play_controls, quick_rows
from cogs.failures import DISCORD_FAILURES, MISSING_PERMISSIONS, is_transient, permission_list
from cogs.hand_message import HandPayload, hand_layout
from cogs.hand_tokens import HandToken, HandTokens
from cogs.i18n import lang_of, tr
from cogs.lead import lead_line
from cogs.mahjong_controls import standing_line, standing_rows, tile_rows
from cogs.mahjong_text import claim_open, hand_line, is_tile_view, private_update
from cogs.mahjong_text import situation_lines as tile_situation_lines
from cogs.mahjong_text import table_lines as tile_table_lines
from cogs.picker import Selection, card_groups, chosen_line, pick_kinds, pick_rows
from cogs.present import (
    action_label,
    cards_text,
    encode_action,
    event_line,
    game_text,
    match_won_text,
    outcome_line,
    seat_name,
)
from cogs.suggest import group_rows

if TYPE_CHECKING:
    from bot.tables import Table, TableUpdate
    from cogs.client import PaijuBot
    from games.base import Action

__all__ = ["HandPayload", "TableDisplay"]

log = logging.getLogger(__name__)

TABLE_INTERVAL = 1.05  # seconds between two edits of one table message (Discord: 5 per 5 s)
HAND_INTERVAL = 1.0  # seconds between two edits of one player's hand message
HAND_EDITS_PER_S = 15.0  # quiet edits of private hand messages, all together (pictures drawn)
REQUESTS_PER_S = 45.0  # all REST calls together: Discord allows a bot 50 a second
NEXT_HAND_PRIORITY = 0  # the hand of the player who must move next goes first,
TABLE_PRIORITY = 1  # then the table messages and their announcements,
HAND_PRIORITY = 2  # then quiet hand edits (the mover's own, a bystander's),
CLEAN_UP_PRIORITY = 3  # and deleting old prompts last
RENDER_SHARE = 0.5  # of one core, at most, spent drawing table pictures
RENDERS_AT_ONCE = 2
RECENT_LINES = 5
ANNOUNCED = {
    "trump_declared",
    "trump_overcalled",
    "trump_from_kitty",
    "stepped_down",
    "kitty_taken",
    "kitty_buried",
    "rebelled",
    "play_started",
    "kitty_won",
    "hand_over",
    "level_up",
    "match_over",
    "caishen",  # 金华: each hand's wild tile, turned up after the deal
}
# 打滚子's own moments (cogs/dagunzi_text.py writes their lines)
ANNOUNCED |= {"deal_grabbed", "trump_fixed", "tribute_paid", "gan_guo", "jokers_buried", "lun_over"}
# mahjong: a flower laid out is worth a line of its own (it scores 花; the table message's
# recent lines may scroll past it between two coalesced edits)
ANNOUNCED |= {"flower"}
QUIET = {"cards_dealt"}  # too frequent to be worth a line
DM_CLOSED = 50007
REFUSED_RETRY_S = 5.0  # a refused edit (403, 404) is tried again this much later, doubling
REFUSED_RETRY_MAX_S = 600.0
TOKEN_CALL_S = 4.0  # a call through a player's token taking longer falls back to the bot's own
HAND_PICTURES_KEPT = 512  # hand pictures kept for reuse (~40 KB each), the least recent dropped
FORGET_AFTER_S = 60.0  # a closed table's kept pictures and tokens are dropped this much later
PICTURE_RETRY_S = 600.0  # after a refused picture, try one again this much later
PRIVATE_VIEW_S = 14 * 60  # an interaction token lasts 15 minutes: stop editing before


def step_of(table: Table) -> int:
    """The number of accepted actions: the game step a control was drawn at. A mahjong
    seat's standing choices are settings, not steps: switching one does not make anyone's
    controls stale or ping anyone with a fresh prompt."""
    engine = table.engine
    if engine is None:
        return 0
    return sum(1 for a in engine.actions if a.kind != "standing")


def names_of(table: Table) -> list[str]:
    return [s.name or f"#{s.index + 1}" for s in table.seats]


class TableDisplay:
    """Keeps every table's message and its players' hand messages up to date."""

    def __init__(
        self,
        bot: PaijuBot,
        *,
        table_interval: float = TABLE_INTERVAL,
        hand_interval: float = HAND_INTERVAL,
    ) -> None:
        self.bot = bot
        self.base_table_interval = table_interval
        self.render_s = 0.05  # running mean of one table picture's drawing time
        # Pictures are drawn in a small pool of its own: few threads, so few malloc arenas
        # (the default executor's many threads each keep one, which swells the RSS).
        self.render_pool = ThreadPoolExecutor(RENDERS_AT_ONCE, thread_name_prefix="paiju-render")
        self.budget = RequestBudget(REQUESTS_PER_S)
        self.table_edits = Coalescer(self.table_interval)
        self.base_hand_interval = hand_interval
        self.hand_edits = Coalescer(self.hand_interval)
        self.recent: dict[int, deque[str]] = {}
        self.announce: dict[int, list[str]] = {}
        self.channel_lang: dict[int, str] = {}
        self.dm_channels: dict[int, int] = {}
        self.signatures: dict[tuple[int, int], tuple[Any, ...]] = {}
        self.auto_seats: dict[int, set[int]] = {}
        self._create_locks: dict[int, asyncio.Lock] = {}
        #: table -> when Discord refused its picture (no Attach Files); text only meanwhile
        self.no_pictures: dict[int, float] = {}
        self.told_no_pictures: set[int] = set()
        #: a failed edit's key -> failures in a row; its retry waiting, if refused
        self._failures: dict[tuple[Any, ...], int] = {}
        self._retries: dict[tuple[Any, ...], asyncio.TimerHandle] = {}
        self.refused_retry_s = REFUSED_RETRY_S
        #: table -> when its picture was last drawn; the edit that will draw the next one
        self.drawn_at: dict[int, float] = {}
        #: table -> (the text on Discord, the public-view digest its picture shows or None)
        self.table_shown: dict[int, tuple[str, str | None]] = {}
        #: table -> the budget priority its next edit waits at (table edit or clean-up)
        self._table_priority: dict[int, int] = {}
        #: table -> loop time of its oldest change not yet read by an edit (orders the budget)
        self._unshown_since: dict[int, float] = {}
        self.drawing = 0  # pictures being drawn or waiting for a thread
        self._picture_catch_up: dict[int, asyncio.TimerHandle] = {}
        self.refused_retry_max_s = REFUSED_RETRY_MAX_S
        #: (table, user) -> the step whose decision was last alerted (one alert per decision)
        self.alerted: dict[tuple[int, int], int] = {}
        #: (table, user) -> (the View-hand interaction, when) whose reply shows the hand
        self.private_views: dict[tuple[int, int], tuple[Any, float]] = {}
        #: (table, user) -> the interaction token that may edit their DM hand message
        self.hand_tokens = HandTokens()
        self.token_call_s = TOKEN_CALL_S
        self.forget_after_s = FORGET_AFTER_S
        self._clean_ups: set[asyncio.Task[None]] = set()  # old prompts being deleted
        #: (table, user) -> (key, png) of the last hand picture drawn for them
        self.hand_pictures: OrderedDict[tuple[int, int], tuple[str, bytes]] = OrderedDict()
        #: (table, user) -> (hand message id, key of the picture it shows)
        self.hand_shown: dict[tuple[int, int], tuple[int, str | None]] = {}

    def table_interval(self) -> float:
        """Seconds between two edits of one table message: the base interval (Discord lets a
        channel have 5 edits per 5 s).  Many tables share Discord's 50 requests a second
        through :attr:`budget` (their edits wait their turn there, and show the state of
        when they go), and the CPU through :meth:`picture_interval`."""
        return self.base_table_interval

    def picture_interval(self) -> float:
        """Seconds between two new pictures of one table, grown with the number of busy
        tables so that drawing them stays under ``RENDER_SHARE`` of a core (100 busy tables
        at 50 ms a picture: 10 s); between two, edits change the text and keep the picture."""
        busy = max(1, self.table_edits.active(within=30.0))
        return max(self.base_table_interval, busy * self.render_s / RENDER_SHARE)

    def hand_interval(self) -> float:
        """Seconds between two quiet edits of one player's hand message: ``hand_interval``
        while few hands change, grown so that drawing the hand pictures stays near
        ``HAND_EDITS_PER_S`` a second; a new decision does not wait (``urgent``)."""
        busy = max(1, self.hand_edits.active(within=10.0))
        return max(self.base_hand_interval, busy / HAND_EDITS_PER_S)

    # ------------------------------------------------------------------ language
    def lang(self, table: Table) -> str:
        """The table's language: of the interaction that opened it, else the default locale."""
        stored = self.bot.state.table_lang.get(table.id)
        if stored:
            return stored
        chan = self.channel_lang.get(table.channel_id)
        if chan:
            return chan
        return lang_of(self.bot.settings.default_locale)

    # ------------------------------------------------------------------ updates
    async def on_update(self, update: TableUpdate) -> None:
        """The service's listener: schedule the edits this update calls for (never blocks)."""
        table = update.table
        lang = self.lang(table)
        names = names_of(table)
        own = game_text(table.game)  # a game may announce more of its events (打滚: 明鸡)
        for event in update.events:
            if event.kind in QUIET:
                continue
            line = event_line(lang, event, names, table.game)
            self.recent.setdefault(table.id, deque(maxlen=RECENT_LINES)).append(line)
            if event.kind in ANNOUNCED or event.kind in getattr(own, "ANNOUNCED", ()):
                self.announce.setdefault(table.id, []).append(line)
        hidden = private_update(update)  # would name a seat offered a mahjong claim
        if update.kind in ("timeout", "auto_seat", "taken_back") and not hidden:
            for seat_index in self._seat_changes(table, update):
                self.announce.setdefault(table.id, []).append(
                    tr(lang, f"update.{update.kind}", who=self._who(table, seat_index, names))
                )
        if update.kind == "reminder" and update.reminder_seat is not None and not hidden:
            seat = table.seats[update.reminder_seat]
            if seat.user_id is not None:
                # addressed to one player: in their language, not the table's
                reader = self.bot.state.user_lang.get(seat.user_id) or lang
                self.announce.setdefault(table.id, []).append(
                    "⏰ " + tr(reader, "hand.your_turn", what=f"<@{seat.user_id}>")
                )
        self.refresh_table(table.id)
        self.refresh_hands(table, set(update.seats_whose_hand_changed))
        if table.status in ("finished", "aborted"):
            # after the last edits have gone: what was kept to save requests and drawing
            asyncio.get_running_loop().call_later(self.forget_after_s, self._forget_table, table.id)

    def _forget_table(self, table_id: int) -> None:
        """Drop everything kept in memory about a closed table (its last edits have gone):
        a bot that runs for months must not keep every table it ever showed."""
        kept: tuple[dict[Any, Any], ...] = (
            self.recent,
            self.announce,
            self.auto_seats,
            self._create_locks,
            self.no_pictures,
            self.drawn_at,
            self.table_shown,
            self._table_priority,
            self._unshown_since,
            self._retries,
            self._picture_catch_up,
            self.signatures,
            self.alerted,
            self.private_views,
            self.hand_pictures,
            self.hand_shown,
            self._failures,
        )
        players = [k for k in self.signatures if _about(k, table_id)]
        for mapping in kept:
            for key in [k for k in mapping if _about(k, table_id)]:
                value = mapping.pop(key)
                if isinstance(value, asyncio.TimerHandle):  # a retry or catch-up still due
                    value.cancel()
        self.told_no_pictures.discard(table_id)
        self.hand_tokens.forget_table(table_id)
        self.table_edits.forget(table_id)
        for key in players:  # (table, user): the hand coalescer's last run of each
            self.hand_edits.forget(key)

    def _seat_changes(self, table: Table, update: TableUpdate) -> list[int]:
        """The seats an update of kind timeout / auto_seat / taken_back is about."""
        if update.kind == "timeout":
            seat = update.action.seat if update.action is not None else None
            return [seat] if seat is not None else []
        now = {s.index for s in table.seats if s.auto and s.user_id is not None}
        before = self.auto_seats.get(table.id, set())
        self.auto_seats[table.id] = now
        return sorted(now - before) if update.kind == "auto_seat" else sorted(before - now)

    @staticmethod
    def _who(table: Table, seat: int, names: list[str]) -> str:
        user = table.seats[seat].user_id
        return f"<@{user}>" if user is not None else seat_name("en", names, seat)

    def refresh_table(self, table_id: int) -> None:
        """Queue an edit of the table message (a table edit: ahead of picture catch-ups)."""
        self._table_priority[table_id] = TABLE_PRIORITY
        self._unshown_since.setdefault(table_id, asyncio.get_running_loop().time())
        self.budget.promote(("t", table_id), TABLE_PRIORITY)
        self.table_edits.request(table_id, lambda: self._edit_table(table_id))

    def refresh_hands(self, table: Table, changed: set[int] | None = None) -> None:
        """Queue a hand refresh for every human seat whose hand or choices changed."""
        if table.status not in ("playing", "finished", "aborted") or table.engine is None:
            return
        for seat in table.seats:
            if seat.user_id is None or (seat.bot is not None and not seat.auto):
                continue
            sig = self._signature(table, seat.index, seat.user_id)
            key = (table.id, seat.user_id)
            moved = seat.index in (changed or set()) and not seat.auto
            if moved or self.signatures.get(key) != sig:
                self.signatures[key] = sig
                # a decision is shown at once, not after the hand's edit interval
                urgent = bool(sig[1]) if len(sig) > 1 else False
                if urgent:  # a quiet edit already waiting for the budget goes first now
                    self.budget.promote(("h", *key), NEXT_HAND_PRIORITY)
                self.hand_edits.request(key, self._hand_job(table.id, seat.user_id), urgent=urgent)

    def _hand_job(self, table_id: int, user_id: int) -> Callable[[], Awaitable[None]]:
        return lambda: self._send_hand(table_id, user_id)

    def _signature(self, table: Table, seat: int, user_id: int) -> tuple[Any, ...]:
        if table.status != "playing":
            return (table.status,)
        if table.seats[seat].auto:
            # a bot plays this seat for an absent player: their message only needs to offer
            # "Take my seat back", not follow every card
            return ("auto",)
        try:
            view = self.bot.service.view(table.id, user_id)
            legal = self.bot.service.legal_actions(table.id, user_id, 25)
        except Exception:  # the table may have just closed; the next update will tell
            return ()
        hand = view.get("hand") if isinstance(view, dict) else None
        auto = table.seats[seat].auto
        # The step is part of it while the seat has a decision: the controls' custom_ids
        # carry the step (the idempotency key), so a new decision with the same choices
        # (pass in the auction, then pass in the 造反 window) must get fresh controls.
        step = step_of(table) if legal else None
        moves = tuple(encode_action(a, i) for i, a in enumerate(legal))
        # what the picture shows, too: a new trump regroups every hand (trumps first) though
        # no card changed hands
        picture = pictures.hand_key(table.game, view) if isinstance(view, dict) else None
        return (tuple(hand or ()), moves, auto, step, picture)

    # ------------------------------------------------------------------ table message
    def table_text(self, table: Table, lang: str) -> str:
        """The table message: seats, state of play, whose turn and the deadline, recent lines."""
        from games.registry import GAMES

        spec = GAMES.get(table.game)
        title = f"{spec.title_zh} {spec.title_en}" if spec else table.game
        host = f"<@{table.host_user_id}>"
        lines = [f"**{tr(lang, 'lobby.title', game=title, host=host)}** · #{table.id}"]
        names = names_of(table)
        view: dict[str, Any] = {}
        if table.engine is not None:
            try:
                view = self.bot.service.view(table.id, None)
            except Exception:
                view = {}
        counts = view.get("hand_counts") or []
        seat_lines = []
        for s in table.seats:
            who = f"<@{s.user_id}>" if s.user_id is not None and s.bot is None else s.name
            if s.user_id is None and s.bot is None:
                who = tr(lang, "lobby.empty")
            extra = []
            if s.bot is not None:
                extra.append("🤖")
            if s.auto:
                extra.append("🤖(auto)")
            if s.index < len(counts):
                extra.append(f"{counts[s.index]}")
            seat_lines.append(f"{s.index + 1}. {who} {' '.join(extra)}".rstrip())
        if table.status == "lobby":
            lines.append(tr(lang, "lobby.seats") + "\n" + "\n".join(seat_lines))
            if spec is not None and spec.fixed_partners and len(table.seats) == 4:
                lines.append(self._partners_line(table, lang))
            rated = tr(lang, "lobby.rated" if table.is_rated else "lobby.unrated")
            lines.append(
                tr(lang, "lobby.options", preset=table.preset, pace=table.pace, rated=rated)
            )
            lines.append(tr(lang, "lobby.hint"))
            return "\n".join(lines)
        lines.append("\n".join(seat_lines))
        if view:
            lines.extend(self._play_lines(table, view, lang, names))
        recent = self.recent.get(table.id)
        if recent:
            lines.append("\n".join(f"· {r}" for r in recent))
        if table.status == "finished":
            lines.append(f"**{tr(lang, 'table.status.finished')}**")
        elif table.status == "aborted":
            lines.append(f"**{tr(lang, 'table.status.aborted')}**")
        text = "\n".join(lines)
        return text if len(text) <= 2000 else text[:1999] + "…"

    @staticmethod
    def _partners_line(table: Table, lang: str) -> str:
        """``Partners: 1 & 3 (Alice, Carol) · 2 & 4 (Bob, Bot 2)``: who plays with whom."""

        def pair(a: int, b: int) -> str:
            names = [
                s.name if not s.empty else tr(lang, "lobby.empty")
                for s in (table.seats[a], table.seats[b])
            ]
            sep = "、" if lang.startswith("zh") else ", "
            return f"{a + 1} & {b + 1} ({sep.join(names)})"

        return tr(lang, "lobby.partners", a=pair(0, 2), b=pair(1, 3))

    def _play_lines(
        self, table: Table, view: dict[str, Any], lang: str, names: list[str]
    ) -> list[str]:
        if is_tile_view(view):  # mahjong: a claim window names nobody
            return tile_table_lines(lang, table, view, names)
        out: list[str] = []
        trump = (view.get("trump") or {}) if "trump" in view else None  # none in climbing games
        if isinstance(trump, dict):
            if trump.get("no_trump"):
                t = "无主 no-trump"
            elif trump.get("suit"):
                t = cards_text([f"A{trump['suit']}"])[:1]
            else:
                t = tr(lang, "table.no_trump")
            out.append(tr(lang, "table.trump", trump=t, level=view.get("level") or "—"))
        points = view.get("defenders_points")
        if points is not None:
            out.append(tr(lang, "table.points", points=points))
        trick = view.get("trick") or {}
        plays = trick.get("plays") if isinstance(trick, dict) else None
        if plays:
            shown = ("，" if lang.startswith("zh") else ", ").join(
                f"{seat_name(lang, names, p.get('seat'))} {cards_text(p.get('cards') or [])}"
                for p in plays
            )
            out.append(tr(lang, "table.trick", trick=shown))
        own = getattr(game_text(table.game), "table_lines", None)
        if own is not None:  # the game's own state of play (打滚: the play to beat, points)
            out.extend(own(lang, view, names))
        if table.status == "playing" and table.engine is not None:
            waiting = [d for d in table.engine.pending() if d.seat is not None and d.required]
            for d in waiting[:4]:
                seat = table.seats[d.seat] if d.seat is not None else None
                who = (
                    f"<@{seat.user_id}>"
                    if seat is not None and seat.user_id is not None and seat.bot is None
                    else seat_name(lang, names, d.seat)
                )
                what = " / ".join(action_label(lang, _kind_action(k)) for k in d.kinds)
                line = tr(lang, "table.turn", who=who, what=what)
                deadline = table.deadlines.get(d.seat) if d.seat is not None else None
                if deadline is not None:
                    when = f"<t:{int(deadline)}:R>"
                    line += " · " + tr(lang, "table.deadline", when=when)
                out.append(line)
        result = view.get("match_result")
        if isinstance(result, dict) and result.get("text"):
            own_result = getattr(game_text(table.game), "outcome_line", None)
            won = own_result(lang, "match_result", result, names) if own_result else None
            text = won or match_won_text(lang, result, names)
            out.append(tr(lang, "table.result", text=text))
        return out

    async def ensure_table_message(self, table: Table, lang: str | None = None) -> None:
        """Post the table message if the table has none yet (once, even when called twice).

        Raises what Discord answers when it cannot be posted (``discord.HTTPException``, a
        timeout); a table that has been withdrawn meanwhile gets no message."""
        async with self._create_locks.setdefault(table.id, asyncio.Lock()):
            await self._post_table_message(table, lang)

    async def open_message(self, table: Table, lang: str) -> BaseException | None:
        """Post a newly opened table's message; if Discord refuses or fails, withdraw the table
        (no lobby nobody can see is left behind; ``/table open`` may be tried again) and
        return the error, else None."""
        async with self._create_locks.setdefault(table.id, asyncio.Lock()):
            try:
                await self._post_table_message(table, lang)
                return None
            except DISCORD_FAILURES as exc:
                error: BaseException = exc
            log.warning("table %s: message not posted (%r): withdrawn", table.id, error)
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

    async def _post_table_message(self, table: Table, lang: str | None) -> None:
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
            await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=True, everyone=False)
            )
        except DISCORD_FAILURES as exc:
            log.warning("table %s: could not tell the host about pictures: %r", table.id, exc)

    def _table_view(self, table: Table, lang: str) -> discord.ui.View | None:
        if table.status == "lobby":
            return lobby_controls(table, lang)
        if table.status == "playing":
            return play_controls(table, lang)
        return None

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
        png, seconds = await self._draw(pictures.table_png, table.game, view, names_of(table))
        self.render_s = 0.8 * self.render_s + 0.2 * seconds
        return png

    async def _draw(
        self, func: Callable[..., bytes | None], *args: Any
    ) -> tuple[bytes | None, float]:
        """Run a picture function in the render pool: ``(png, seconds spent drawing)``
        (the drawing time only, not the wait for a free thread)."""

        def timed() -> tuple[bytes | None, float]:
            began = time.perf_counter()
            out = func(*args)
            return out, time.perf_counter() - began

        self.drawing += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.render_pool, timed)
        finally:
            self.drawing -= 1

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
            await message.edit(
                content=text, view=view, allowed_mentions=discord.AllowedMentions.none(), **kwargs
            )

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
            await channel.send(
                text if len(text) <= 2000 else text[:1999] + "…",
                allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            )
        except DISCORD_FAILURES as exc:
            if is_transient(exc):  # keep them for the next try, before any newer lines
                self.announce[table.id] = lines + self.announce.get(table.id, [])
            raise

    # ------------------------------------------------------------------ private hands
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
        step = step_of(table)
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

    def _legal(self, table: Table, user_id: int) -> list[Action]:
        if table.status != "playing":
            return []
        try:
            return self.bot.service.legal_actions(table.id, user_id, 25)
        except Exception:
            return []

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
        """The hand message: what the decision needs (trump, level, points, the trick, the
        cards picked up or buried, the last result), the cards, and the controls: free
        choice of cards for a card-taking decision, and the quick path.  ``picture`` says
        whether the message shows ``hand.png`` (default: when ``png`` is given)."""
        from games.registry import GAMES

        seat = table.seat_of(user_id)
        if seat is None:
            text = tr(lang, "hand.not_seated")
            return HandPayload(text, None, hand_layout(text, "", [], picture=False))
        if view is None:
            try:
                view = self.bot.service.view(table.id, user_id)
            except Exception:
                view = {}
        hand = list(view.get("hand") or [])
        spec = GAMES.get(table.game)
        title = spec.title_zh if spec else table.game
        top = [
            f"**{tr(lang, 'hand.title', game=title, seat=seat + 1, count=len(hand))}**"
            f" · #{table.id}",
            *self._situation_lines(table, view, lang, seat),
            (hand_line(lang, view) if is_tile_view(view) else cards_text(hand)) or "—",
        ]
        if legal is None:
            legal = self._legal(table, user_id)
        if step is None:
            step = step_of(table)
        bottom: list[str] = []
        rows: list[discord.ui.ActionRow[Any]] = []
        if table.status == "playing" and table.seats[seat].auto:
            bottom.append(tr(lang, "hand.auto"))
            back: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
            back.add_item(TableButton(table.id, "back", tr(lang, "button.take_back")))
            rows.append(back)
        elif (
            len(legal) == 1
            and legal[0].kind == "pass"
            and not legal[0].data
            and self.bot.service.forced_pass_delay is not None
            and self._required(table, seat)
        ):
            bottom.append(tr(lang, "hand.only_pass"))  # passed for them in a moment
        elif legal:
            required = self._required(table, seat)
            kinds = sorted({a.kind for a in legal}, key=[a.kind for a in legal].index)
            what = " / ".join(action_label(lang, _kind_action(k)) for k in kinds)
            key = "hand.your_turn" if required else "hand.you_may"
            line = tr(lang, key, what=what)
            deadline = table.deadlines.get(seat)
            if required and deadline is not None:
                line += " · " + tr(lang, "table.deadline", when=f"<t:{int(deadline)}:R>")
            bottom.append(line)
            if "play" in kinds:
                lead = lead_line(lang, view, seat, _tractor_follow(table))
                if lead:
                    bottom.append(lead)
            picking = pick_kinds(legal)
            chosen = selection or Selection()
            if picking:
                bottom.append(chosen_line(lang, chosen))
                groups = card_groups(view, lang)
                rows += pick_rows(
                    table.id, step, groups, picking, chosen, lang, marked=_picked_up(view, seat)
                )
            quick = [a for a in legal if a.kind not in picking or len(legal) <= 25]
            if is_tile_view(view):  # tiles, not cards: the discard select, claim buttons
                rows += tile_rows(table.id, step, legal, view, lang)
            else:
                readings = self._readings(table, user_id, picking, selection)
                grouped: list[discord.ui.ActionRow[Any]] = []
                by_kind = getattr(game_text(table.game), "suggestion_groups", None)
                if readings:  # the ticked cards read several ways: one option per reading first
                    bottom.append(tr(lang, "pick.readings", n=len(readings)))
                    quick = readings + [a for a in quick if not a.data]
                elif by_kind is not None and picking:
                    # more moves than one menu holds: a menu per group (打滚: per combination type)
                    groups = by_kind(lang, self._every_legal(table, user_id))
                    if groups:
                        quick = [a for a in quick if not a.data]
                        grouped = group_rows(table.id, step, groups)
                rows += quick_rows(table.id, step, quick, lang, declare_kind(view, seat))
                rows += grouped
        elif table.status == "playing":
            bottom.append(tr(lang, "hand.wait"))
        else:
            bottom.append(f"**{tr(lang, 'table.status.' + table.status)}**")
        if is_tile_view(view) and table.status == "playing" and not table.seats[seat].auto:
            bottom.append(standing_line(lang, view))  # settings, never a prompt
            rows += standing_rows(table.id, view, lang)
        if notice:
            bottom.append(tr(lang, "pick.refused", reason=notice))
        top_text, bottom_text = "\n".join(top), "\n".join(bottom)
        shown = png is not None if picture is None else picture
        layout = hand_layout(top_text, bottom_text, rows, picture=shown)
        return HandPayload(f"{top_text}\n{bottom_text}", png, layout, rows)

    def _every_legal(self, table: Table, user_id: int) -> list[Action]:
        try:
            return self.bot.service.legal_actions(table.id, user_id, None)
        except Exception:
            return []

    def _readings(
        self, table: Table, user_id: int, picking: list[str], selection: Selection | None
    ) -> list[Action]:
        """One move per reading when the ticked cards read several ways that are all legal
        now (55 + two jokers: 5555, 5566 or 4455), as the rules' ``ambiguous_reading``
        refusal lists them (``readings``, comma-separated), else ``[]``."""
        from games.base import Action as Move
        from games.base import IllegalAction

        seat = table.seat_of(user_id)
        if not selection or not picking or seat is None or table.engine is None:
            return []
        cards = selection.cards
        for kind in picking:
            try:
                table.engine.check(Move(seat, kind, {"cards": cards}))
            except IllegalAction as exc:
                if exc.code != "ambiguous_reading":
                    continue
                keys = [k.strip() for k in str(exc.params.get("readings", "")).split(",")]
                found = [Move(seat, kind, {"cards": cards, "as": k}) for k in keys if k]
                # carried in full by the select (never "#<index>", which counts the first 25)
                return [a for a in found if not encode_action(a, 0).startswith("#")]
        return []

    @staticmethod
    def _required(table: Table, seat: int) -> bool:
        """True when play waits for ``seat``."""
        return table.engine is not None and any(
            d.seat == seat and d.required for d in table.engine.pending()
        )

    def _situation_lines(
        self, table: Table, view: dict[str, Any], lang: str, seat: int
    ) -> list[str]:
        """Trump and level, the defenders' points, the current trick (who led what, who is
        winning it), what this seat buried, and the last hand's result."""
        names = names_of(table)
        if is_tile_view(view):
            return tile_situation_lines(lang, view, names, seat)
        out: list[str] = []
        trump = view.get("trump")
        if isinstance(trump, dict) and (trump.get("suit") or trump.get("no_trump")):
            shown = "无主" if trump.get("no_trump") else cards_text([f"A{trump['suit']}"])[:1]
            line = tr(lang, "hand.state", trump=shown, level=view.get("level") or "—")
            points = view.get("defenders_points")
            if points is not None:
                line += " · " + tr(lang, "hand.points", points=points)
            out.append(line)
        trick = view.get("trick")
        plays = trick.get("plays") if isinstance(trick, dict) else None
        if isinstance(trick, dict) and plays:
            parts = []
            for i, play in enumerate(plays):
                who = seat_name(lang, names, play.get("seat"))
                cards = cards_text(play.get("cards") or [])
                key = "hand.trick_led" if i == 0 else "hand.trick_play"
                parts.append(tr(lang, key, who=who, cards=cards))
            sep = "；" if lang.startswith("zh") else "; "
            line = sep.join(parts)
            winning = trick.get("winning")
            if isinstance(winning, int):
                line += sep + tr(lang, "hand.trick_winning", who=seat_name(lang, names, winning))
            out.append(line)
        own = getattr(game_text(table.game), "situation_lines", None)
        if own is not None:  # the game's own: 打滚's play to beat, who passed, the called card
            out.extend(own(lang, view, names, seat))
        kitty = view.get("kitty")
        if (
            isinstance(kitty, list)
            and kitty
            and view.get("kitty_owner") == seat
            and view.get("phase") not in ("hand_over", "match_over")
        ):
            out.append(tr(lang, "hand.buried", cards=cards_text(kitty)))
        results = view.get("hand_results")
        if (
            isinstance(results, list)
            and results
            and view.get("phase")
            in (
                "hand_over",
                "match_over",
            )
        ):
            last = results[-1]
            if isinstance(last, dict):
                result = outcome_line(lang, "hand_over", last, names, table.game)
                if result is None:  # no line of its own: the engine's text, numbered
                    number = last.get("number", len(results))
                    result = tr(lang, "hand.result", n=number, text=str(last.get("text")))
                out.append(result)
        return out

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
        step = step_of(table)
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

    def _try_again(
        self, key: tuple[Any, ...], error: BaseException, again: Callable[[], None]
    ) -> None:
        """Queue a failed edit again: at once (within the coalescing interval) when the error
        may pass (429, 5xx, a timeout); after a growing pause (``refused_retry_s`` doubled
        each time, at most ``refused_retry_max_s``) when Discord refused it (403, 404), since
        an admin may give the permission back, and hammering Discord with refused calls
        gets a bot banned."""
        tries = self._failures[key] = self._failures.get(key, 0) + 1
        if is_transient(error):
            log.info("%s: failed (%r), trying again", key, error)
            again()
            return
        pause = min(self.refused_retry_s * 2 ** (tries - 1), self.refused_retry_max_s)
        log.warning("%s: refused (%r), trying again in %.0f s", key, error, pause)
        old = self._retries.pop(key, None)
        if old is not None:
            old.cancel()
        self._retries[key] = asyncio.get_running_loop().call_later(pause, again)

    def cancel_retries(self) -> None:
        """Forget every edit waiting to be tried again (shutdown)."""
        for handle in [*self._retries.values(), *self._picture_catch_up.values()]:
            handle.cancel()
        self._retries.clear()
        self._picture_catch_up.clear()
        for task in self._clean_ups:
            task.cancel()

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
                    self._shown_hand(table, key, known[1], payload.picture_key)
                    await self.refresh_private_view(table, user_id, payload)
                    return
                except discord.NotFound:
                    pass
            channel = await self._dm_channel(user_id)
            sent = await channel.send(**payload.send_kwargs())
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
            sent = await asyncio.wait_for(token.send(**payload.send_kwargs()), self.token_call_s)
        except DISCORD_FAILURES as exc:
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
        except discord.HTTPException:
            log.debug("old hand message %s already gone", where)

    async def _channel_alert(self, table: Table, user_id: int) -> None:
        """Mention a player whose DMs are closed, in their own language (not for a mahjong
        claim: a mention would tell the channel who may claim; View hand shows it)."""
        if claim_open(table):
            return
        lang = self.bot.state.user_lang.get(user_id) or self.lang(table)
        seat = table.seat_of(user_id)
        kinds: list[str] = []
        if table.engine is not None and seat is not None:
            # what play waits for (not an optional decision such as mahjong's settings)
            kinds = [
                k for d in table.engine.pending() if d.seat == seat and d.required for k in d.kinds
            ]
        what = " / ".join(action_label(lang, _kind_action(k)) for k in dict.fromkeys(kinds))
        channel = self.bot.get_partial_messageable(table.thread_id or table.channel_id)
        await self.budget.take(NEXT_HAND_PRIORITY)
        await channel.send(
            f"<@{user_id}> " + tr(lang, "hand.alert", table=table.id, what=what),
            allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
        )

    # ------------------------------------------------------------------ the View-hand reply
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
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    # ------------------------------------------------------------------ life cycle
    async def resume(self) -> None:
        """After a restart: edit every known open table's message and hands in place."""
        for table_id in list(self.bot.state.table_messages):
            try:
                table = self.bot.service.get(table_id)
            except Exception:
                continue
            if table.status in ("lobby", "playing"):
                self.refresh_table(table_id)
                self.refresh_hands(table, {s.index for s in table.seats})

    async def drain(self) -> None:
        """Wait for queued edits (tests and shutdown)."""
        deadline = time.monotonic() + 30
        while (
            self.table_edits._tasks or self.hand_edits._tasks or self._clean_ups
        ) and time.monotonic() < deadline:
            await self.table_edits.drain()
            await self.hand_edits.drain()
            await asyncio.gather(*list(self._clean_ups), return_exceptions=True)


def _digest(view: dict[str, Any] | None) -> str | None:
    """A digest of a public view (what the table picture is drawn from), or None."""
    if view is None:
        return None
    blob = json.dumps(view, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.blake2b(blob.encode(), digest_size=16).hexdigest()


def _about(key: Any, table_id: int) -> bool:
    """Whether a kept key is about ``table_id``: the table itself, ``(table, user)``, or a
    failure's ``("t", table)`` / ``("h", table, user)``."""
    if key == table_id:
        return True
    if not isinstance(key, tuple) or not key:
        return False
    first = key[1] if isinstance(key[0], str) and len(key) > 1 else key[0]
    return bool(first == table_id)


def _picked_up(view: dict[str, Any], seat: int) -> list[str]:
    """The cards this seat has just taken from the kitty, while it chooses what to bury."""
    cards = view.get("picked_up")
    if isinstance(cards, list) and view.get("kitty_owner") == seat:
        return [str(c) for c in cards]
    return []


def _tractor_follow(table: Table) -> str:
    """The table's tractor-follow option (docs/rules/pajiwo.md#9), for the lead's advice."""
    options = table.engine.options if table.engine is not None else None
    return str(getattr(options, "tractor_follow", "longest_tractor"))


def declare_kind(view: dict[str, Any], seat: int) -> dict[str, str]:
    """How to name this seat's ``declare`` moves: 反主 overcall when another seat's
    declaration stands, 加固 reinforce (or a stronger own one) when its own does."""
    standing = view.get("standing")
    if not isinstance(standing, dict) or standing.get("seat") is None:
        return {}
    return {"declare": "overcall" if standing["seat"] != seat else "reinforce"}


def _kind_action(kind: str) -> Action:
    from games.base import Action

    return Action(None, kind, {})
