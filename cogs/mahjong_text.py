"""Mahjong text for Discord: tiles, event lines, results, the table and hand summaries.

Generic for every game on the mahjong core (:mod:`games.mahjong`: 金坛, next 金华): it reads
the core's views (a ``claim_window`` key, ``players`` with melds, flowers and discards),
events (``discard``, ``draw``, ``flower``, ``chow``/``pong``/``kong``, ``hand_started``)
and ``HandResult`` summaries (``wins`` with ``details``); a game's own terms are
catalogue keys (``fan.<name>`` for a 番, ``mj.special.<name>`` for a special end).

Privacy: nothing public here says whether a discard may be claimed, let alone by whom
(docs/security.md). The table message shows the last discard the same way whether a
window is open or not; at a table with people the engine holds every discard for one
pause (option ``claim_pause_ms``), so a window is no event either. A seat's own claim
choices are only ever shown in its own hand message.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cogs.i18n import Lang, is_zh, result_line, tr
from present import games as presentation
from present.mahjong import hand as mahjong_hand
from present.message import Reader, render
from present.tiles import tile_name

if TYPE_CHECKING:
    from bot.tables import Table, TableUpdate

__all__ = [
    "hand_line",
    "private_update",
    "situation_lines",
    "table_lines",
    "tile_text",
    "tiles_text",
]


def tile_text(lang: Lang, tile: Any) -> str:
    """One tile for a reader: ``五筒`` in Chinese, ``5 Dots`` / ``East`` / ``Spring`` in English
    (:func:`present.tiles.tile_name`)."""
    from games.tiles import TileParseError, format_tile, parse_tile

    text = str(tile)
    try:
        parsed = parse_tile(text)
    except TileParseError:
        return text
    return tile_name(lang, format_tile(parsed))


def tiles_text(lang: Lang, tiles: Any) -> str:
    """Tiles in a row: ``五筒 六筒`` in Chinese, ``5 Dots, 6 Dots`` in English (``—`` for none)."""
    if not isinstance(tiles, Sequence) or isinstance(tiles, str) or not tiles:
        return "—"
    return (" " if is_zh(lang) else ", ").join(tile_text(lang, t) for t in tiles)


def _sep(lang: Lang) -> str:
    return "，" if is_zh(lang) else ", "


def _name(lang: Lang, names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int):
        return tr(lang, "seat_n", n=seat + 1)
    return "—"


# ----------------------------------------------------------------------------- the table
def table_lines(
    lang: Lang, table: Table, view: Mapping[str, Any], names: Sequence[str]
) -> list[str]:
    """The table message's play lines: the game's public state of play
    (:func:`present.mahjong.table`: hand, dealer, dice, wall, the wild tile, melds and flowers,
    the last discard, never who may claim it), then whose turn it is (a person mentioned, with
    the deadline) and the match's result."""
    reader = Reader(lang, list(names))
    out = [render(reader, m) for m in presentation.table(table.game, view) or []]
    turn = view.get("turn")
    if isinstance(turn, int) and table.status == "playing" and view.get("phase") == "discard":
        seat = table.seats[turn]
        who = (
            f"<@{seat.user_id}>"
            if seat.user_id is not None and seat.bot is None
            else _name(lang, names, turn)
        )
        line = tr(lang, "table.turn", who=who, what=tr(lang, "kind.discard"))
        deadline = table.deadlines.get(turn)
        if deadline is not None:
            line += " · " + tr(lang, "table.deadline", when=f"<t:{int(deadline)}:R>")
        out.append(line)
    result = view.get("match_result")
    if isinstance(result, Mapping):
        ended = presentation.match_result(table.game, result)
        if ended:
            out.append(result_line(lang, render(reader, ended[0])))
    return out


# ----------------------------------------------------------------------------- a seat's hand
def hand_line(lang: Lang, view: Mapping[str, Any]) -> str:
    """The seat's concealed tiles, sorted, with the drawn tile set apart; a wild tile (the
    view's ``caishen``, 金华's 财神) is marked: ``四万★`` / ``4 Characters (财神)``: the game's
    presentation's (:func:`present.mahjong.hand`, the terminal's too)."""
    return render(Reader(lang, []), mahjong_hand(view))


def situation_lines(
    lang: Lang, view: Mapping[str, Any], names: Sequence[str], seat: int
) -> list[str]:
    """What the seat's decision needs (:func:`present.mahjong.situation`): the wild tile, its
    own melds, flowers and waits, the tile it may claim (its own offer only), the last
    discard, and the hand's (and the match's) result, the reader as "you"."""
    reader = Reader(lang, list(names), you=seat)
    said = presentation.situation(str(view.get("game")), view, seat) or []
    return [render(reader, m) for m in said]


# ----------------------------------------------------------------------------- privacy
def private_update(update: TableUpdate) -> bool:
    """True when an update's reminder would tell the table that a seat was asked a private
    decision (``Decision.private``: a mahjong claim). Such a reminder is not posted. (The
    host tells a missed private decision as an ordinary move, never as a timeout.)"""
    from bot.table_model import is_private

    engine = update.table.engine
    if engine is None or update.kind != "reminder":
        return False
    return is_private(engine.pending(), update.reminder_seat)


def claim_open(table: Table) -> bool:
    """True while anyone is asked a private decision (a mahjong claim): no channel line
    may then call a player, or it would say who was asked."""
    engine = table.engine
    return engine is not None and any(d.private for d in engine.pending())
