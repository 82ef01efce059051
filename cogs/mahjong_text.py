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

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cogs.i18n import Lang, is_zh, tr
from present import games as presentation
from present.message import Reader, render
from present.screens import finished_screen
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
def _meld_text(lang: Lang, meld: Mapping[str, Any]) -> str:
    tiles = meld.get("tiles")
    if tiles is None:  # another seat's concealed kong: its faces are not known
        return "🀫🀫🀫🀫"
    return "".join(tile_text(lang, t) for t in tiles) if is_zh(lang) else tiles_text(lang, tiles)


def _meld_sep(lang: Lang) -> str:
    """Between two melds: a space in Chinese (each meld's tiles run together), ``; `` in
    English (each meld's tiles are a comma list)."""
    return " " if is_zh(lang) else "; "


#: a game's wild-tile line (金华's 财神: :func:`cogs.jinhua_text.caishen_line`) for a view
WildLine = Callable[[Lang, Mapping[str, Any]], "str | None"]


def table_lines(
    lang: Lang,
    table: Table,
    view: Mapping[str, Any],
    names: Sequence[str],
    *,
    wild: WildLine | None = None,
) -> list[str]:
    """The table message's play lines: hand, dealer, dice, wall; the wild tile (``wild``,
    the game's own line, if it has one); each seat's melds and flowers; the last discard;
    whose turn it is, or only that a claim window is open (never who may claim); the match
    result."""
    out = [
        tr(
            lang,
            "mj.table.state",
            hand=view.get("hand_number"),
            dealer=_name(lang, names, view.get("dealer")),
            dice="+".join(str(d) for d in view.get("dice") or []),
            wall=(view.get("wall") or {}).get("live", "?"),
        )
    ]
    out += _wild_lines(lang, view, wild)
    for player in view.get("players") or []:
        melds = _meld_sep(lang).join(_meld_text(lang, m) for m in player.get("melds") or [])
        flowers = len(player.get("flowers") or [])
        if melds or flowers:
            out.append(
                tr(
                    lang,
                    "mj.table.player",
                    who=_name(lang, names, player.get("seat")),
                    melds=melds or "—",
                    flowers=flowers,
                )
            )
    window = view.get("claim_window")
    if isinstance(window, Mapping):
        # the same line as after a discard nobody may claim: a window is private
        if window.get("kind") == "discard":
            out.append(_window_line(lang, names, window))
    else:
        last = _last_discard(view)
        if last is not None:
            out.append(_last_line(lang, names, last))
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
            out.append(tr(lang, "table.result", text=render(Reader(lang, list(names)), ended[0])))
    return out


def _wild_lines(lang: Lang, view: Mapping[str, Any], wild: WildLine | None) -> list[str]:
    """The wild tile's line (金华's 财神) when the game has one and the view names it."""
    line = wild(lang, view) if wild is not None else None
    return [line] if line else []


def _last_line(lang: Lang, names: Sequence[str], last: tuple[int, str]) -> str:
    return tr(lang, "mj.table.last", who=_name(lang, names, last[0]), tile=tile_text(lang, last[1]))


def _window_line(lang: Lang, names: Sequence[str], window: Mapping[str, Any]) -> str:
    """The last discard's line while a window is open on it (the same words as after one
    nobody may claim)."""
    seat = window.get("from")
    return _last_line(lang, names, (seat if isinstance(seat, int) else -1, str(window.get("tile"))))


def _last_discard(view: Mapping[str, Any]) -> tuple[int, str] | None:
    """The seat and tile of the newest discard still in a river, if it is the table's last
    move (the seat on turn is the next one after it)."""
    turn = view.get("turn")
    if not isinstance(turn, int):
        return None
    prev = (turn - 1) % 4
    players = view.get("players") or []
    if prev >= len(players):
        return None
    river = players[prev].get("discards") or []
    if river and river[-1].get("taken") == "":
        return prev, str(river[-1]["tile"])
    return None


# ----------------------------------------------------------------------------- a seat's hand
def hand_line(lang: Lang, view: Mapping[str, Any]) -> str:
    """The seat's concealed tiles, sorted, with the drawn tile set apart; a wild tile (the
    view's ``caishen``, 金华's 财神) is marked: ``四万★`` / ``4 Characters (财神)``."""
    hand = [str(t) for t in view.get("hand") or []]
    wild = view.get("caishen")

    def shown(tiles: list[str]) -> str:
        if not isinstance(wild, str) or wild not in tiles:
            return tiles_text(lang, tiles)
        names = [
            tr(lang, "mj.hand.wild", tile=tile_text(lang, t)) if t == wild else tile_text(lang, t)
            for t in tiles
        ]
        return (" " if is_zh(lang) else ", ").join(names)

    drawn = view.get("drawn")
    if isinstance(drawn, str) and drawn in hand:
        hand.remove(drawn)
        apart = tr(lang, "mj.hand.drawn", tile=shown([drawn]))
        return f"{shown(hand) if hand else '—'}  ┃ {apart}"
    return shown(hand)


def situation_lines(
    lang: Lang,
    view: Mapping[str, Any],
    names: Sequence[str],
    seat: int,
    *,
    wild: WildLine | None = None,
) -> list[str]:
    """What the seat's decision needs: the wild tile (``wild``, as in :func:`table_lines`),
    its own melds, flowers and waits, the tile it may claim (its own offer only), and the
    last hand's result."""
    out: list[str] = []
    players = view.get("players") or []
    mine = players[seat] if 0 <= seat < len(players) else {}
    out += _wild_lines(lang, view, wild)
    melds = [_meld_text(lang, m) for m in mine.get("melds") or []]
    if melds:
        out.append(tr(lang, "mj.hand.melds", melds=_meld_sep(lang).join(melds)))
    flowers = mine.get("flowers") or []
    if flowers:
        out.append(tr(lang, "mj.hand.flowers", flowers=tiles_text(lang, flowers)))
    waits = view.get("waits") or []
    if waits and view.get("phase") in ("discard", "claim"):
        out.append(tr(lang, "mj.hand.waits", tiles=tiles_text(lang, waits)))
    window = view.get("claim_window")
    if isinstance(window, Mapping) and view.get("claim"):
        key = "mj.hand.claim" if window.get("kind") == "discard" else "mj.hand.rob"
        out.append(
            tr(
                lang,
                key,
                from_who=_name(lang, names, window.get("from")),
                tile=tile_text(lang, window.get("tile")),
            )
        )
    elif isinstance(window, Mapping):
        if window.get("kind") == "discard":  # as for a discard nobody may claim
            out.append(_window_line(lang, names, window))
    else:
        last = _last_discard(view)
        if last is not None:
            out.append(_last_line(lang, names, last))
    results = view.get("hand_results")
    if isinstance(results, list) and results and view.get("phase") in ("hand_over", "match_over"):
        last_result = results[-1]
        if isinstance(last_result, Mapping):  # the whole result: the winning hand laid down
            game = str(view.get("game"))
            screen = finished_screen(
                view,
                lambda r: presentation.hand_result(game, r),
                lambda r: presentation.match_result(game, r),
            )
            reader = Reader(lang, list(names), you=seat)  # the reader's own win: "you win"
            out += [render(reader, m) for m in screen]
    return out


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
