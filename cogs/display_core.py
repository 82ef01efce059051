"""What the table display keeps and how it schedules: the state shared by delivering the
table message (:mod:`cogs.table_delivery`) and the hand messages (:mod:`cogs.hand_delivery`),
the coalescers and the request budget, retries, forgetting a closed table.

:class:`cogs.display.TableDisplay` is composed of those two over this core; they call
each other only through the abstract methods declared here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections import Counter, OrderedDict, deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from bot.decisions import decision_of
from cogs import pictures
from cogs.coalesce import Coalescer, RequestBudget
from cogs.failures import DISCORD_FAILURES, is_transient
from cogs.hand_tokens import HandTokens
from cogs.i18n import lang_of, tr
from cogs.mahjong_text import private_update
from cogs.present import encode_action, event_line, game_text, seat_name
from cogs.table_message import names_of
from present.message import local_names

if TYPE_CHECKING:
    from bot.tables import Table, TableUpdate
    from cogs.client import PaijuBot
    from games.base import Action, Event

log = logging.getLogger("cogs.display")

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
# 打滚子's own moments (present/dagunzi.py writes their lines)
ANNOUNCED |= {"deal_grabbed", "trump_fixed", "tribute_paid", "gan_guo", "jokers_buried", "lun_over"}
ANNOUNCED |= {"cards_taken_back"}  # with 扣王: which small cards the seat took back
# mahjong: a flower laid out is worth a line of its own (it scores 花; the table message's
# recent lines may scroll past it between two coalesced edits)
ANNOUNCED |= {"flower"}
QUIET = {"cards_dealt"}  # too frequent to be worth a line
DM_CLOSED = 50007
REFUSED_RETRY_S = 5.0  # a refused edit (403, 404) is tried again this much later, doubling
REFUSED_RETRY_MAX_S = 600.0
TOKEN_CALL_S = 4.0  # a call through a player's token taking longer falls back to the bot's own
# a token edit given up after TOKEN_CALL_S may still reach Discord later, with what was then
# the newest state, over a newer edit: the message is edited again this much later
LATE_EDIT_S = 15.0
HAND_PICTURES_KEPT = 512  # hand pictures kept for reuse (~40 KB each), the least recent dropped
FORGET_AFTER_S = 60.0  # a closed table's kept pictures and tokens are dropped this much later
PICTURE_RETRY_S = 600.0  # after a refused picture, try one again this much later
PRIVATE_VIEW_S = 14 * 60  # an interaction token lasts 15 minutes: stop editing before


def budget_share(settings: Any) -> float:
    """This process's share of Discord's global limit, which counts every call made with the
    bot's token, whatever process makes it: its shards over all the bot's shards when the
    shards are split across processes (``SHARD_IDS``), else all of it."""
    ids = getattr(settings, "shard_ids", None)
    count = getattr(settings, "shard_count", None)
    if not ids or not count:
        return 1.0
    return min(1.0, len(ids) / count)


class DisplayCore(ABC):
    """The display's state and scheduling (arguments: see :class:`cogs.display.TableDisplay`)."""

    def __init__(
        self,
        bot: PaijuBot,
        *,
        table_interval: float = TABLE_INTERVAL,
        hand_interval: float = HAND_INTERVAL,
    ) -> None:
        self.bot = bot
        self._auto_tasks: set[asyncio.Task[None]] = set()  # standing moves under way
        self.base_table_interval = table_interval
        self.render_s = 0.05  # running mean of one table picture's drawing time
        # Pictures are drawn in a small pool of its own: few threads, so few malloc arenas
        # (the default executor's many threads each keep one, which swells the RSS).
        self.render_pool = ThreadPoolExecutor(RENDERS_AT_ONCE, thread_name_prefix="paiju-render")
        self.budget = RequestBudget(REQUESTS_PER_S * budget_share(getattr(bot, "settings", None)))
        self.table_edits = Coalescer(self.table_interval)
        self.base_hand_interval = hand_interval
        self.hand_edits = Coalescer(self.hand_interval)
        self.recent: dict[int, deque[str]] = {}
        #: table -> the events behind :attr:`recent` (with the names then), to say them again
        #: when the table's language changes
        self.recent_events: dict[int, deque[tuple[Event, list[str]]]] = {}
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
        #: (table, 0) -> the token of the last click on the table message itself (a lobby
        #: button, acknowledged silently: its ``@original`` is the table message): the message
        #: is edited through it, outside the global budget, for 14 minutes, then through the
        #: bot's own calls again (cogs.table_delivery)
        self.table_tokens = HandTokens()
        #: table-message edits made through such a token and through the bot's own calls
        self.table_edits_by = {"token": 0, "bot": 0}
        #: the token edits by what gave the token: ``open`` (the ``/table open`` that sent the
        #: table message as its follow-up) or ``lobby`` (a lobby button on it)
        self.table_token_paths: Counter[str] = Counter()
        #: hand messages delivered (edited or sent) through the player's own click's token
        #: and through the bot's own calls
        self.hands_by = {"token": 0, "bot": 0}
        self.token_call_s = TOKEN_CALL_S
        self.late_edit_s = LATE_EDIT_S
        self.forget_after_s = FORGET_AFTER_S
        self._clean_ups: set[asyncio.Task[None]] = set()  # old prompts being deleted
        #: a token's send that timed out and goes on (a late message of it is deleted)
        self._late_sends: dict[tuple[Any, ...], asyncio.Future[Any]] = {}
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

    def lang(self, table: Table) -> str:
        """The table's language, for everything it writes in the channel: the one stored for
        it (the server's locale at ``/table open``, or ``/table options language:``), else the
        channel's of a table opened in this run, else ``DEFAULT_LOCALE``."""
        stored = self.bot.state.table_lang.get(table.id)
        if stored:
            return stored
        chan = self.channel_lang.get(table.channel_id)
        if chan:
            return chan
        return lang_of(self.bot.settings.default_locale)

    async def on_update(self, update: TableUpdate) -> None:
        """The service's listener: schedule the edits this update calls for (never blocks)."""
        table = update.table
        lang = self.lang(table)
        names = names_of(table, lang)
        own = game_text(table.game)  # a game may announce more of its events (打滚: 明鸡)
        for event in update.events:
            if event.kind in QUIET:
                continue
            line = event_line(lang, event, names, table.game)
            self.recent.setdefault(table.id, deque(maxlen=RECENT_LINES)).append(line)
            said = self.recent_events.setdefault(table.id, deque(maxlen=RECENT_LINES))
            said.append((event, names_of(table)))  # as typed: said again in any language
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
                # in the channel, so in the table's language like every line there (their
                # own hand message tells them in theirs)
                self.announce.setdefault(table.id, []).append(
                    "⏰ " + tr(lang, "hand.your_turn", what=f"<@{seat.user_id}>")
                )
        self.refresh_table(table.id)
        self.refresh_hands(table, set(update.seats_whose_hand_changed))
        self.auto_moves(table)
        if table.status in ("finished", "aborted"):
            # after the last edits have gone: what was kept to save requests and drawing
            asyncio.get_running_loop().call_later(self.forget_after_s, self._forget_table, table.id)

    def auto_moves(self, table: Table) -> None:
        """Make the moves players left to a standing choice of their game (打滚子: grab with a
        大王 when dealt), found by name as the game's ``auto_move(state, user_id, table)``."""
        from games.registry import game_module

        wish = getattr(game_module("cogs.{game}_controls", table.game), "auto_move", None)
        if wish is None or table.status != "playing":
            return
        for seat in table.seats:
            if seat.user_id is None or seat.bot is not None or seat.auto:
                continue
            move = wish(getattr(self.bot, "state", None), seat.user_id, table)
            if move is not None:
                key = f"auto:{decision_of(table, seat.index)}"
                task = asyncio.get_running_loop().create_task(
                    self._auto_move(table.id, seat.user_id, move, key)
                )
                self._auto_tasks.add(task)
                task.add_done_callback(self._auto_tasks.discard)

    async def _auto_move(self, table_id: int, user_id: int, move: Any, key: str) -> None:
        from bot.errors import TableError

        try:
            await self.bot.service.act(table_id, user_id, move, key)
        except TableError as exc:  # someone was quicker, or the deal moved on: nothing to do
            log.debug("table %s: standing move %s not made: %s", table_id, move, exc)

    async def set_lang(self, table: Table, lang: str) -> None:
        """Speak ``lang`` in ``table``'s channel from now on (remembered across restarts): the
        table message is redrawn with its recent lines said again in ``lang``."""
        await self.bot.state.set_table_lang(table.id, lang)
        said = self.recent_events.get(table.id)
        if said is not None:
            bots = [s.bot is not None for s in table.seats]
            lines = (
                event_line(lang, event, local_names(names, bots, lang), table.game)
                for event, names in said
            )
            self.recent[table.id] = deque(lines, maxlen=RECENT_LINES)
        self.refresh_table(table.id)

    def _forget_table(self, table_id: int) -> None:
        """Drop everything kept in memory about a closed table (its last edits have gone):
        a bot that runs for months must not keep every table it ever showed."""
        kept: tuple[dict[Any, Any], ...] = (
            self.recent,
            self.recent_events,
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
        self.table_tokens.forget_table(table_id)
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
            legal = self.bot.service.suggestions(table.id, user_id, 25)
        except Exception:  # the table may have just closed; the next update will tell
            return ()
        hand = view.get("hand") if isinstance(view, dict) else None
        auto = table.seats[seat].auto
        # The decision is part of it while the seat has one: the controls' custom_ids carry
        # its number (bot.decisions; also the idempotency key), so a new decision with the
        # same choices (pass in the auction, then pass in the 造反 window) gets fresh controls,
        # while the same decision redrawn (a live deal's new cards) keeps its custom_ids.
        step = decision_of(table, seat) if legal else None
        moves = tuple(encode_action(a, i) for i, a in enumerate(legal))
        # what the picture shows, too: a new trump regroups every hand (trumps first) though
        # no card changed hands
        picture = pictures.hand_key(table.game, view) if isinstance(view, dict) else None
        return (tuple(hand or ()), moves, auto, step, picture)

    def _legal(self, table: Table, user_id: int) -> list[Action]:
        if table.status != "playing":
            return []
        try:
            return self.bot.service.suggestions(table.id, user_id, 25)
        except Exception:
            return []

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

    def _edit_again_later(self, key: tuple[Any, ...], again: Callable[[], None]) -> None:
        """After a token edit that timed out: do ``again`` (an edit with the state as it is
        then) :attr:`late_edit_s` later. The given-up request may still reach Discord after
        the bot's own edit and the newer ones, and show older text and controls until the
        next move; this edit puts the newest back. ``key`` (``("late-t", table)`` or
        ``("late-h", table, user)``) keeps one such edit per message."""
        old = self._retries.pop(key, None)
        if old is not None:
            old.cancel()

        def fire() -> None:
            self._retries.pop(key, None)
            again()

        self._retries[key] = asyncio.get_running_loop().call_later(self.late_edit_s, fire)

    def cancel_retries(self) -> None:
        """Forget every edit waiting to be tried again (shutdown)."""
        for handle in [*self._retries.values(), *self._picture_catch_up.values()]:
            handle.cancel()
        self._retries.clear()
        self._picture_catch_up.clear()
        for task in self._clean_ups:
            task.cancel()

    async def _token_send(self, key: tuple[Any, ...], send: Awaitable[Any]) -> Any:
        """A new message sent through an interaction token (a follow-up), waited for at most
        :attr:`token_call_s` (discord.py retries a webhook's 5xx for ~25 s).

        On a timeout the send is not cancelled: Discord may already have taken it, and a
        cancelled call would leave its message behind beside the one the caller posts
        instead. It goes on in the background (``key`` names it for
        :meth:`_give_up_late_send`), and a message it sends late is deleted, so there are
        never two (the ``TimeoutError`` is raised for the caller's fallback)."""
        task = asyncio.ensure_future(send)
        try:
            return await asyncio.wait_for(asyncio.shield(task), self.token_call_s)
        except (TimeoutError, asyncio.CancelledError):
            self._late_sends[key] = task
            late = asyncio.get_running_loop().create_task(self._delete_late(key, task))
            self._clean_ups.add(late)
            late.add_done_callback(self._clean_ups.discard)
            raise

    def _give_up_late_send(self, key: tuple[Any, ...]) -> None:
        """Cancel a timed-out token send still going on (the caller's own post failed too, and
        the same token must answer the player now: discord.py's calls through one token wait
        for each other, and a send retrying 5xx answers would hold the answer ~25 s)."""
        task = self._late_sends.pop(key, None)
        if task is not None:
            task.cancel()

    async def _delete_late(self, key: tuple[Any, ...], task: asyncio.Future[Any]) -> None:
        """Delete the message a timed-out token send still sent (the caller posted its own):
        through the same token, else with the bot's own call."""
        what = " ".join(map(str, key))
        try:
            message = await task
        except asyncio.CancelledError:
            task.cancel()
            raise
        except Exception:  # never sent: nothing left behind
            return
        finally:
            if self._late_sends.get(key) is task:
                del self._late_sends[key]
        log.info("%s: a token's message came after the bot's own: deleted", what)
        try:
            await message.delete()
            return
        except DISCORD_FAILURES as exc:
            log.info("%s: the late message not deleted through its token (%r)", what, exc)
        channel = getattr(message, "channel", None)
        if channel is None:
            return
        try:
            await self.budget.take(CLEAN_UP_PRIORITY)
            await (
                self.bot.get_partial_messageable(channel.id)
                .get_partial_message(message.id)
                .delete()
            )
        except DISCORD_FAILURES as exc:
            log.warning("%s: the late message %s not deleted (%r)", what, message.id, exc)

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

    # ======================================= what one delivery asks of another
    @abstractmethod
    async def _edit_table(self, table_id: int) -> None:
        """Bring the table message up to date (:mod:`cogs.table_delivery`)."""

    @abstractmethod
    async def _send_hand(self, table_id: int, user_id: int) -> None:
        """Deliver a player's hand message (:mod:`cogs.hand_delivery`)."""


def _about(key: Any, table_id: int) -> bool:
    """Whether a kept key is about ``table_id``: the table itself, ``(table, user)``, or a
    failure's ``("t", table)`` / ``("h", table, user)``."""
    if key == table_id:
        return True
    if not isinstance(key, tuple) or not key:
        return False
    first = key[1] if isinstance(key[0], str) and len(key) > 1 else key[0]
    return bool(first == table_id)
