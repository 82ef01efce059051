"""Interaction handling shared by slash commands, buttons and selects.

Rules every handler here follows:

* answer at once: ``defer`` first (ephemeral where the answer is private), then
  do the work, then a follow-up; Discord's 3 seconds are never at risk;
* the acting seat is the interaction user's seat, looked up in the host; ids in
  a custom_id only say which table;
* every refusal (``TableError``, a bad control, bad card text) is an ephemeral
  follow-up naming the rule, in the user's language (:func:`refuse`);
* whatever a REST call raises (403, 404, 429, 5xx, a timeout, a bug) is logged and
  answered ephemerally, naming the missing permission (:func:`cogs.failures.answers_failures`);
* moves carry an idempotency key, so a double click or a retried interaction
  applies once (``c:<table>:<user>:<step>`` for controls, ``i:<interaction id>``
  for slash commands).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from cogs.failures import answers_failures
from cogs.i18n import lang_of, refusal_text, tr
from cogs.present import decode_action, game_text, same_cards
from cogs.selection import Selection, selection_from_message
from cogs.table_message import names_of
from present.message import Msg, Reader, render

if TYPE_CHECKING:
    from bot.tables import Table
    from cogs.client import PaijuBot
    from games.base import Action

__all__ = [
    "app",
    "lobby_button",
    "perform",
    "perform_control",
    "refuse",
    "show_hand",
]

log = logging.getLogger(__name__)

_SEAT_VALUE = re.compile(r"[0-9]{1,2}")  # a seat menu's value: the seat index

_background: set[asyncio.Task[None]] = set()  # keeps fire-and-forget writes alive until done


class Refusal(Exception):
    """A refusal made in the front end (bad control, bad card text); same shape as TableError."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params
        self.said: Msg | None = None  # why, as a catalogue message (typed text: bot.typed)


def app(interaction: discord.Interaction) -> PaijuBot:
    return cast("PaijuBot", interaction.client)


def lang(interaction: discord.Interaction) -> str:
    """The interaction's language; remembered per user for their private hand messages."""
    lg = lang_of(interaction.locale)
    state = getattr(interaction.client, "state", None)
    if state is not None and state.user_lang.get(interaction.user.id) != lg:
        state.user_lang[interaction.user.id] = lg
        task = asyncio.get_running_loop().create_task(state.set_user_lang(interaction.user.id, lg))
        _background.add(task)
        task.add_done_callback(_background.discard)
    return lg


def display_name(interaction: discord.Interaction) -> str:
    user = interaction.user
    return getattr(user, "display_name", None) or user.name


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    """Acknowledge now (slash: "thinking", ephemeral if asked; component: silent update)."""
    if interaction.response.is_done():
        return
    if interaction.type == discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def defer_private(interaction: discord.Interaction) -> None:
    """Acknowledge with an ephemeral "thinking" answer, whatever the interaction's type
    (a click that answers with the caller's own hand must not update the shared message)."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=True, thinking=True)


async def reply(
    interaction: discord.Interaction,
    content: str,
    *,
    ephemeral: bool = True,
    **kwargs: Any,
) -> None:
    """Answer: the first message if nothing was sent yet, else a follow-up. Content over
    Discord's 2,000 characters is cut (:func:`cogs.inert.fit`; echoes are cut before that)."""
    from cogs.inert import fit

    content = fit(content)
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.followup.send(content, ephemeral=ephemeral, **kwargs)


async def refuse(interaction: discord.Interaction, error: BaseException) -> None:
    """An ephemeral refusal naming the rule, in the user's language."""
    await reply(interaction, "❌ " + refusal_text(lang(interaction), error), ephemeral=True)


def table_error_type() -> type[Exception]:
    from bot.errors import TableError

    return TableError


def _table(interaction: discord.Interaction, table_id: int) -> Table:
    service = app(interaction).service
    return service.get(table_id)


def callers_table(interaction: discord.Interaction, table_id: int | None = None) -> Table:
    """The table ``table_id``, or with ``None`` the one :func:`table_for_player` finds.

    Raises :class:`Refusal` ``no_table`` when there is none, ``TableError`` for an unknown id.
    """
    if table_id is not None:
        return _table(interaction, table_id)
    table = table_for_player(interaction)
    if table is None:
        raise Refusal("no_table", "there is no table in this channel")
    return table


def callers_seat(interaction: discord.Interaction, table: Table) -> int:
    """The caller's seat at ``table``. Raises :class:`Refusal` ``not_seated``."""
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal("not_seated", "you are not seated at this table")
    return seat


def table_for_player(interaction: discord.Interaction) -> Table | None:
    """The table a move or private look is about: the one in this channel; in a DM (no
    table there), the one playing table where the user is seated, if exactly one."""
    service = app(interaction).service
    table: Table | None = service.table_in_channel(interaction.channel_id or 0)
    if table is not None or interaction.guild_id is not None:
        return table
    mine = [
        t
        for t in service.open_tables()
        if t.status == "playing" and t.seat_of(interaction.user.id) is not None
    ]
    return mine[0] if len(mine) == 1 else None


def _channel_matches(interaction: discord.Interaction, table: Table) -> bool:
    return interaction.channel_id in (table.channel_id, table.thread_id)


# --------------------------------------------------------------------------- moves
async def perform(interaction: discord.Interaction, table: Table, action: Action, key: str) -> bool:
    """Apply ``action`` for the user; refuse ephemerally on any TableError. True if applied now."""
    bot = app(interaction)
    try:
        result = await bot.service.act(table.id, interaction.user.id, action, key)
    except table_error_type() as exc:
        await refuse(interaction, exc)
        return False
    if getattr(result, "duplicate", False):
        await reply(interaction, tr(lang(interaction), "already_done"), ephemeral=True)
        seat = table.seat_of(interaction.user.id)
        bot.display.refresh_hands(bot.service.get(table.id), {seat} if seat is not None else None)
        return False
    return True


async def _bound_to_decision(
    interaction: discord.Interaction, table: Table, seat: int, drawn: int, value: str = ""
) -> bool:
    """True when the control is for the seat's decision that stands (:mod:`cogs.bound`);
    else answer (already done, out of date saying what to do, or not valid) and False."""
    from cogs.bound import judge_tap

    if table.status != "playing":  # a control of a finished or closed table: say so
        await refuse(interaction, Refusal("finished", "the game is over"))
        return False
    tap = await judge_tap(table, seat, interaction.user.id, drawn, value)
    if tap == "already_done":
        await reply(interaction, tr(lang(interaction), "already_done"), ephemeral=True)
    elif tap == "stale":
        await refuse(interaction, Refusal("stale", "this control is out of date"))
        app(interaction).display.refresh_hands(table, {seat})
    elif tap == "bad_control":
        await refuse(interaction, Refusal("bad_control", "this control is not valid"))
    return tap == "ok"


@answers_failures
async def perform_control(
    interaction: discord.Interaction, table_id: int, step: int, value: str
) -> None:
    """A move from a hand message's button or select."""
    await defer(interaction)
    # before the move: the hand delivered after it goes through this click's token
    app(interaction).display.hand_tokens.note(table_id, interaction.user.id, interaction)
    lang(interaction)  # remember the player's language for their hand messages
    bot = app(interaction)
    try:
        table = _table(interaction, table_id)
    except table_error_type() as exc:
        await refuse(interaction, exc)
        return
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        await refuse(interaction, Refusal("not_seated", "you are not seated at this table"))
        return
    if not await _bound_to_decision(interaction, table, seat, step, value):
        return
    legal: list[Action] | None = None
    if value.startswith("#"):
        legal = bot.service.suggestions(table_id, interaction.user.id, 25)
    action = decode_action(value, seat, legal)
    if action is None:
        await refuse(interaction, Refusal("bad_control", "this control is not valid"))
        return
    key = f"c:{table_id}:{interaction.user.id}:{step}"
    optional = table.engine is not None and not any(
        d.seat == seat and d.required for d in table.engine.pending()
    )
    applied = await perform(interaction, table, action, key)
    message = interaction.message
    # after an accepted move the notes below are a courtesy: if Discord fails them, the move
    # stands and must not be reported as failed
    if applied and optional and action.kind == "pass":
        # 过 while the cards arrive changes nothing on screen: say it was heard
        with contextlib.suppress(discord.HTTPException):
            await reply(interaction, tr(lang(interaction), "hand.deal_pass"), ephemeral=True)
    if applied:
        with contextlib.suppress(discord.HTTPException):
            await confirm_failed_throw(interaction, table_id, seat)
    if applied and message is not None and message.flags.ephemeral and message.flags.components_v2:
        # an ephemeral View-hand message cannot be refreshed later: show the new hand now
        # (a hint's reply is plain text and stays as it is)
        payload = await bot.display.hand_payload_async(
            bot.service.get(table_id), interaction.user.id, lang(interaction)
        )
        await interaction.edit_original_response(**payload.edit_kwargs())


async def confirm_failed_throw(interaction: discord.Interaction, table_id: int, seat: int) -> None:
    """Say so when the seat's throw (甩牌) just failed: what was thrown, who could beat which
    part, what was played instead (``view.trick.failed_throw``)."""
    text = failed_throw_text(interaction, table_id, seat)
    if text:
        await reply(interaction, text, ephemeral=True)


def failed_throw_text(interaction: discord.Interaction, table_id: int, seat: int) -> str | None:
    """The failed-throw note for ``seat`` if its last play was a failed throw, else None."""
    from cogs.present import cards_text, seat_name

    bot = app(interaction)
    try:
        view = bot.service.view(table_id, None)
    except Exception:
        return None
    trick = view.get("trick") if isinstance(view, dict) else None
    failed = trick.get("failed_throw") if isinstance(trick, dict) else None
    if not isinstance(failed, dict) or failed.get("seat") != seat:
        last = view.get("last_trick") if isinstance(view, dict) else None
        failed = last.get("failed_throw") if isinstance(last, dict) else None
        plays = last.get("plays") if isinstance(last, dict) else None
        mine_last = isinstance(plays, list) and plays and plays[-1].get("seat") == seat
        if not (isinstance(failed, dict) and failed.get("seat") == seat and mine_last):
            return None
    lg = lang(interaction)
    names = names_of(bot.service.get(table_id))
    beaten_by = failed.get("beaten_by")
    who = seat_name(lg, names, beaten_by if isinstance(beaten_by, int) else None)
    return tr(
        lg,
        "failed_throw.text",
        thrown=cards_text(failed.get("cards") or failed.get("thrown") or []),
        who=who,
        beaten=cards_text(failed.get("played") or []),
        played=cards_text(failed.get("played") or []),
    )


# --------------------------------------------------------------------------- free card choice
async def _picking_seat(
    interaction: discord.Interaction, table_id: int, step: int
) -> tuple[Table, int] | None:
    """Acknowledge a card-menu control, then the table and the caller's seat; None (after
    a refusal) when the caller is not seated or the controls are for a decision that has
    ended (or was never drawn)."""
    await interaction.response.defer()
    app(interaction).display.hand_tokens.note(table_id, interaction.user.id, interaction)
    try:
        table = _table(interaction, table_id)
        seat = callers_seat(interaction, table)
    except (table_error_type(), Refusal) as exc:
        await refuse(interaction, exc)
        return None
    if not await _bound_to_decision(interaction, table, seat, step):
        return None
    return table, seat


@answers_failures
async def pick_cards(
    interaction: discord.Interaction, table_id: int, step: int, group: int, values: list[str]
) -> None:
    """Cards ticked in one group's menu: redraw the message with the new choice (the
    picture stays; only the text and the controls change)."""
    found = await _picking_seat(interaction, table_id, step)
    if found is None:
        return
    table, _ = found
    selection = selection_from_message(interaction.message, table_id, step)
    if values:
        selection.by_group[group] = values
    else:
        selection.by_group.pop(group, None)
    payload = await _redraw(interaction, table, selection, None)
    await interaction.edit_original_response(**payload.edit_kwargs(keep_picture=True))


@answers_failures
async def submit_picked(
    interaction: discord.Interaction, table_id: int, step: int, op: str
) -> None:
    """*Play* / *Bury* … with the ticked cards, or *Clear*.  A refusal is shown in place,
    in the message, with the choice kept."""
    from games.base import Action

    bot = app(interaction)
    lg = lang(interaction)
    found = await _picking_seat(interaction, table_id, step)
    if found is None:
        return
    table, seat = found
    selection = selection_from_message(interaction.message, table_id, step)
    if op == "clear" or not selection:
        payload = await _redraw(interaction, table, Selection(), None)
        await interaction.edit_original_response(**payload.edit_kwargs(keep_picture=True))
        return
    action = Action(seat, op, {"cards": selection.cards})
    key = f"c:{table_id}:{interaction.user.id}:{step}"
    try:
        result = await bot.service.act(table.id, interaction.user.id, action, key)
    except table_error_type() as exc:
        payload = await _redraw(interaction, table, selection, refusal_text(lg, exc))
        await interaction.edit_original_response(**payload.edit_kwargs(keep_picture=True))
        return
    if getattr(result, "duplicate", False):
        await reply(interaction, tr(lg, "already_done"), ephemeral=True)
        return
    await confirm_failed_throw(interaction, table_id, seat)
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        payload = await bot.display.hand_payload_async(
            bot.service.get(table_id), interaction.user.id, lg
        )
        await interaction.edit_original_response(**payload.edit_kwargs())


async def _redraw(
    interaction: discord.Interaction, table: Table, selection: Any, notice: str | None
) -> Any:
    bot = app(interaction)
    return bot.display._hand_payload(
        table,
        interaction.user.id,
        lang(interaction),
        None,
        selection=selection,
        notice=notice,
        picture=bool(interaction.message and interaction.message.attachments),
    )


def resolve_cards(interaction: discord.Interaction, table: Table, text: str) -> Action:
    """Turn ``/play cards:`` text into the caller's action (:func:`read_play_text`).

    Raises :class:`Refusal` (``bad_cards`` naming what is wrong, ``not_seated``,
    ``not_your_turn`` when the caller has nothing to answer now).
    """
    bot = app(interaction)
    seat = callers_seat(interaction, table)
    tiles = not getattr(game_text(table.game), "TYPED_CARDS", True)
    legal = bot.service.legal_actions(table.id, interaction.user.id, None)
    kinds: list[str] = []
    if table.engine is not None:
        kinds = [
            k
            for d in table.engine.pending()
            if d.seat == seat and d.kinds != ("standing",)
            for k in d.kinds
        ]
        if not kinds:  # nothing to answer now: say so before reading the cards
            raise Refusal("not_your_turn", "it is not your turn")
    from bot.textview_mahjong import claimed_tile

    claimed = claimed_tile(bot.service.view(table.id, interaction.user.id)) if tiles else None
    return read_play_text(text, seat, legal, kinds, tiles=tiles, claimed=claimed)


def read_play_text(
    text: str,
    seat: int,
    legal: Sequence[Action],
    kinds: Sequence[str],
    *,
    tiles: bool = False,
    claimed: str | None = None,
) -> Action:
    """``/play cards:`` text as ``seat``'s action: an autocomplete value (``"play:10s 10s"``,
    ``"play@4455:5s 5h BJ SJ"``) or any move as the bot prints it (a label in either language,
    ``扣王 大王``, ``出牌 ♠5 ♥5 大王 小王 当作 4455``; a hint; the terminal's ``as=4455``), or
    typed cards (tiles at a mahjong table; a claim may name ``claimed``, the window's tile) in
    any notation, matched against ``legal``.

    Cards that match no listed move are sent as the named kind, or the seat's card-taking
    kind, for the rules to judge. Raises :class:`Refusal`: ``bad_cards`` naming a word that is
    not a card, ``bad_move`` with the reader's reason for text that is not a move now,
    ``no_cards`` for blank text; never anything else.
    """
    from bot.typed import MAX_TEXT, read_cards_move, read_reading_move, read_tile_move
    from bot.typed_ranks import digits_only, ranks_only, read_digits, unnumbered

    text = text.strip()
    if not text:
        raise Refusal("no_cards", "name at least one card")
    if len(text) > MAX_TEXT:
        refused = Refusal("bad_move", "too long", text=_cut(text))
        refused.said = Msg("typed.too_long", length=len(text))
        refused.message = render(Reader("en", []), refused.said)
        raise refused
    decoded = None
    if (":" in text or "|" in text) and not text.lower().startswith(("hint:", "提示:")):
        decoded = decode_action(text, seat)
    if decoded is not None:
        found = next((a for a in legal if _same_move(a, decoded)), None)
        if found is not None:
            return found
        if decoded.data.get("cards") is not None:
            return decoded
    try:
        digits = digits_only(text)
        if digits is None and not tiles:
            digits = ranks_only(text)  # JJ two jacks, as 33 is two threes
        if digits is not None:  # no list is shown here: 10 is a ten, 33 two threes
            return read_digits(digits, legal, kinds, tiles=tiles)
        if tiles:
            return read_tile_move(text, seat, legal, kinds, claimed=claimed)
        if any("as" in a.data for a in legal):
            # cards that read several ways go to the rules, whose refusal names every reading
            return read_reading_move(text, seat, legal, kinds, ask=False)
        return read_cards_move(text, seat, legal, kinds)
    except ValueError as exc:
        bad = getattr(exc, "bad", None)
        if bad:  # a word that is not a card: the catalogue says which notations are read
            raise Refusal("bad_cards", str(exc), text=bad) from None
        refused = Refusal("bad_move", str(exc), text=_cut(text))
        # why, in the reader's words (bot.typed), never offering a move's number
        refused.said = unnumbered(getattr(exc, "said", None))
        raise refused from None


def _cut(text: str) -> str:
    """Typed text as a refusal quotes it: at most 40 characters."""
    return text if len(text) <= 40 else text[:39] + "…"


def _same_move(a: Action, b: Action) -> bool:
    """The same kind and data, cards compared as a multiset in any notation."""
    if a.kind != b.kind or set(a.data) != set(b.data):
        return False
    for key, value in a.data.items():
        other = b.data[key]
        if key == "cards" and isinstance(value, list) and isinstance(other, list):
            if not same_cards(value, other):
                return False
        elif value != other:
            return False
    return True


# --------------------------------------------------------------------------- table buttons
@answers_failures
async def lobby_button(interaction: discord.Interaction, table_id: int, op: str) -> None:
    """Join / Leave / Add bot / Start, pressed on the lobby message."""
    await defer(interaction)
    bot = app(interaction)
    bot.display.note_table_click(table_id, interaction)  # its token edits the table message
    lg = lang(interaction)
    try:
        table = _table(interaction, table_id)
        if not _channel_matches(interaction, table):
            raise Refusal("bad_control", "this control is not valid")
        channel_id = table.channel_id
        user_id = interaction.user.id
        if op == "join":
            table = await bot.service.join(channel_id, user_id, display_name(interaction))
            seat = table.seat_of(user_id)
            await reply(interaction, tr(lg, "lobby.joined", seat=(seat or 0) + 1))
        elif op == "leave":
            await bot.service.leave(channel_id, user_id)
            await reply(interaction, tr(lg, "lobby.left"))
        elif op == "addbot":
            await bot.service.add_bot(channel_id, user_id, 1)
        elif op == "start":
            await bot.service.start(channel_id, user_id)
    except (table_error_type(), Refusal) as exc:
        await refuse(interaction, exc)


@answers_failures
async def choose_seat(interaction: discord.Interaction, table_id: int, value: str) -> None:
    """The lobby's seat menu: move to the chosen seat (see ``TableService.choose_seat``)."""
    await defer(interaction)
    bot = app(interaction)
    try:
        table = _table(interaction, table_id)
        # an ASCII number of a few digits only: "²" and "٣" are digits to str.isdigit() but
        # not to int(), and a 5,000-digit number is past int()'s limit (both raised before)
        if not _channel_matches(interaction, table) or not _SEAT_VALUE.fullmatch(value):
            raise Refusal("bad_control", "this control is not valid")
        await bot.service.choose_seat(table.channel_id, interaction.user.id, int(value))
    except (table_error_type(), Refusal) as exc:
        await refuse(interaction, exc)
        return
    await reply(interaction, tr(lang(interaction), "lobby.seat_taken", seat=int(value) + 1))


@answers_failures
async def show_hand(interaction: discord.Interaction, table_id: int | None) -> None:
    """The caller's own hand with its controls, as an ephemeral reply (View hand, /hand)."""
    await defer_private(interaction)
    bot = app(interaction)
    lg = lang(interaction)
    try:
        table = callers_table(interaction, table_id)
        callers_seat(interaction, table)
    except (table_error_type(), Refusal) as exc:
        await refuse(interaction, exc)
        return
    payload = await bot.display.hand_payload_async(table, interaction.user.id, lg)
    await interaction.followup.send(ephemeral=True, **payload.send_kwargs())
    # one private hand at a time: the earlier View-hand reply goes, this one is kept current
    older = bot.display.remember_private_view(table.id, interaction.user.id, interaction)
    if older is not None:
        with contextlib.suppress(discord.HTTPException):
            await older.delete_original_response()


@answers_failures
async def take_back(interaction: discord.Interaction, table_id: int) -> None:
    """The player takes back the seat a bot played for them after timeouts."""
    await defer(interaction)
    bot = app(interaction)
    try:
        await bot.service.take_back(table_id, interaction.user.id)
    except table_error_type() as exc:
        await refuse(interaction, exc)
        return
    await reply(interaction, tr(lang(interaction), "hand.taken_back"))
