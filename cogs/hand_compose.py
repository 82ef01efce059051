"""The private hand message, composed: pure functions from a table, the player's own view,
their legal moves and a language to the message's text, picture slot and controls.

Nothing here talks to Discord or keeps state: :mod:`cogs.hand_delivery` decides when a
hand is sent or edited (request budget, interaction tokens, retries, alerts); this module
says what it shows.
"""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

import discord

from cogs.controls import TableButton, quick_rows
from cogs.hand_message import HandPayload, hand_layout
from cogs.i18n import is_zh, ntr, tr
from cogs.lead import lead_line
from cogs.picker import Selection, card_groups, chosen_line, pick_kinds, pick_rows
from cogs.present import action_label, cards_text, encode_action, game_text
from cogs.suggest import group_of_hint_first, group_rows, hint_first
from cogs.table_message import kind_action, names_of
from games.base import Action, IllegalAction
from games.registry import game_module
from present import games as presentation
from present.message import Reader, render

if TYPE_CHECKING:
    from bot.tables import Table

__all__ = ["declare_kind", "game_controls", "hand_payload", "situation_lines"]


@cache
def game_controls(game: str | None) -> ModuleType | None:
    """A game's own hand-message controls, the module ``cogs.<game>_controls`` (e.g.
    :mod:`cogs.jintan_controls`), or ``None``: found by name, as :func:`cogs.present.game_text`
    finds a game's own lines, so that no shared module names a game. It may define
    ``hand_rows(table_id, step, legal, view, lang)`` (the rows for the seat's moves, instead
    of the card menus and quick path) and ``settings(table_id, view, lang)`` (a line and
    rows shown under every hand while the game plays)."""
    return game_module("cogs.{game}_controls", game)


def hand_payload(
    table: Table,
    user_id: int,
    lang: str,
    png: bytes | None,
    view: dict[str, Any],
    *,
    selection: Selection | None = None,
    notice: str | None = None,
    picture: bool | None = None,
    legal: list[Action],
    step: int,
    forced_pass: bool = False,
) -> HandPayload:
    """The hand message: what the decision needs (trump, level, points, the trick, the
    cards picked up or buried, the last result), the cards, and the controls: free
    choice of cards for a card-taking decision, and the quick path.  ``picture`` says
    whether the message shows ``hand.png`` (default: when ``png`` is given).

    ``view`` is the player's own view, ``legal`` their legal moves (most useful first, at
    most 25), ``step`` the game step the controls are drawn at (:func:`step_of`);
    ``forced_pass``: a required decision whose only move is ``pass`` is passed for them
    (``TableService.forced_pass_delay``), so it is shown without controls."""

    seat = table.seat_of(user_id)
    if seat is None:
        text = tr(lang, "hand.not_seated")
        return HandPayload(text, None, hand_layout(text, "", [], picture=False))
    hand = list(view.get("hand") or [])
    own = game_text(table.game)  # the game's own lines and controls, if any
    controls = game_controls(table.game)
    hand_text = getattr(own, "hand_text", None)  # mahjong: tiles, 财神 marked
    # the Chinese name, short (in the reader's script); English readers get it as is too
    title = presentation.game_title(table.game, lang if is_zh(lang) else "zh")
    # "14 tiles" in mahjong, "25 cards" elsewhere: the game's presentation names its pieces
    title_key = "hand.title.tile" if presentation.pieces(table.game) == "tile" else "hand.title"
    top = [
        f"**{ntr(lang, title_key, len(hand), game=title, seat=seat + 1)}** · #{table.id}",
        *situation_lines(table, view, lang, seat),
        (hand_text(lang, view) if hand_text is not None else cards_text(hand)) or "—",
    ]
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
        and forced_pass
        and required(table, seat)
    ):
        bottom.append(tr(lang, "hand.only_pass"))  # passed for them in a moment
    elif legal:
        is_required = required(table, seat)
        kinds = sorted({a.kind for a in legal}, key=[a.kind for a in legal].index)
        what = " / ".join(action_label(lang, kind_action(k)) for k in kinds)
        key = "hand.your_turn" if is_required else "hand.you_may"
        line = tr(lang, key, what=what)
        deadline = table.deadlines.get(seat)
        if is_required and deadline is not None:
            line += " · " + tr(lang, "table.deadline", when=f"<t:{int(deadline)}:R>")
        bottom.append(line)
        if "play" in kinds:
            lead = lead_line(lang, view, seat, tractor_follow(table))
            if lead:
                bottom.append(lead)
        picking = pick_kinds(legal)
        chosen = selection or Selection()
        if picking:
            bottom.append(chosen_line(lang, chosen))
            groups = card_groups(view, lang)
            rows += pick_rows(
                table.id, step, groups, picking, chosen, lang, marked=picked_up(view, seat)
            )
        quick = [a for a in legal if a.kind not in picking or len(legal) <= 25]
        own_rows = getattr(controls, "hand_rows", None)
        if own_rows is not None:  # the game's own (mahjong: the discard select, claim buttons)
            rows += own_rows(table.id, step, legal, view, lang)
        else:
            read = readings(table, user_id, picking, selection)
            grouped: list[discord.ui.ActionRow[Any]] = []
            by_kind = getattr(own, "suggestion_groups", None)
            if read:  # the ticked cards read several ways: one option per reading first
                bottom.append(tr(lang, "pick.readings", n=len(read)))
                quick = read + [a for a in quick if not a.data]
            elif by_kind is not None and picking:
                # more moves than one menu holds: a menu per group (打滚: per combination type)
                # the hint's move first, in the first group: the order of the suggestions
                first = legal[0] if legal else None
                menus = by_kind(lang, hint_first(every_legal(table, seat), first))
                menus = group_of_hint_first(menus, first)
                if menus:
                    quick = [a for a in quick if not a.data]
                    grouped = group_rows(table.id, step, menus)
            rows += quick_rows(table.id, step, quick, lang, declare_kind(view, seat))
            rows += grouped
    elif table.status == "playing":
        bottom.append(tr(lang, "hand.wait"))
    else:
        bottom.append(f"**{tr(lang, 'table.status.' + table.status)}**")
    settings = getattr(controls, "settings", None)
    if settings is not None and table.status == "playing" and not table.seats[seat].auto:
        line, more = settings(table.id, view, lang)  # mahjong's standing choices
        if line:
            bottom.append(line)
        rows += more
    if notice:
        bottom.append(tr(lang, "pick.refused", reason=notice))
    top_text, bottom_text = "\n".join(top), "\n".join(bottom)
    shown = png is not None if picture is None else picture
    layout = hand_layout(top_text, bottom_text, rows, picture=shown)
    return HandPayload(f"{top_text}\n{bottom_text}", png, layout, rows)


def every_legal(table: Table, seat: int) -> list[Action]:
    """Every legal move of ``seat`` (no limit), ``[]`` when none can be read."""
    try:
        assert table.engine is not None
        return table.engine.legal_actions(seat, None)
    except Exception:
        return []


def readings(
    table: Table, user_id: int, picking: list[str], selection: Selection | None
) -> list[Action]:
    """One move per reading when the ticked cards read several ways that are all legal
    now (55 + two jokers: 5555, 5566 or 4455), as the rules' ``ambiguous_reading``
    refusal lists them (``readings``, comma-separated), else ``[]``."""
    seat = table.seat_of(user_id)
    if not selection or not picking or seat is None or table.engine is None:
        return []
    cards = selection.cards
    for kind in picking:
        try:
            table.engine.check(Action(seat, kind, {"cards": cards}))
        except IllegalAction as exc:
            if exc.code != "ambiguous_reading":
                continue
            keys = [k.strip() for k in str(exc.params.get("readings", "")).split(",")]
            found = [Action(seat, kind, {"cards": cards, "as": k}) for k in keys if k]
            # carried in full by the select (never "#<index>", which counts the first 25)
            return [a for a in found if not encode_action(a, 0).startswith("#")]
    return []


def required(table: Table, seat: int) -> bool:
    """True when play waits for ``seat``."""
    return table.engine is not None and any(
        d.seat == seat and d.required for d in table.engine.pending()
    )


def situation_lines(table: Table, view: dict[str, Any], lang: str, seat: int) -> list[str]:
    """What the seat's decision needs, from its own view, as the game's presentation says it
    (:func:`present.games.situation`: trump and level, the trick, the called card, melds and
    waits …, and the result screens once the hand is over), the reader as "you"."""
    said = presentation.situation(table.game, view, seat) or []
    reader = Reader(lang, names_of(table, lang), you=seat)
    return [render(reader, m) for m in said]


def picked_up(view: dict[str, Any], seat: int) -> list[str]:
    """The cards this seat has just taken from the kitty, while it chooses what to bury."""
    cards = view.get("picked_up")
    if isinstance(cards, list) and view.get("kitty_owner") == seat:
        return [str(c) for c in cards]
    return []


def tractor_follow(table: Table) -> str:
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
