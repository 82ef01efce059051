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

from cogs.i18n import Lang, has_message, is_zh, tr
from games.base import Event
from present.tiles import tile_name

if TYPE_CHECKING:
    from bot.tables import Table, TableUpdate

__all__ = [
    "event_line",
    "hand_line",
    "is_tile_view",
    "outcome_line",
    "private_update",
    "situation_lines",
    "table_lines",
    "tile_text",
    "tiles_text",
]


def is_tile_view(view: Mapping[str, Any] | None) -> bool:
    """True for a view of a game on the mahjong core (it always has ``claim_window``)."""
    return isinstance(view, Mapping) and "claim_window" in view and "players" in view


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


# ----------------------------------------------------------------------------- events
def event_line(lang: Lang, event: Event, names: Sequence[str]) -> str | None:
    """The line for a mahjong event in ``lang``, or ``None`` when the event is not one (then
    the caller's generic line applies). A draw never names the tile (events are public)."""
    data = dict(event.data)
    who = _name(lang, names, event.seat)
    kind = event.kind
    if kind == "hand_started" and "dice" in data:
        dice = "+".join(str(d) for d in data.get("dice") or [])
        return tr(
            lang,
            "mj.event.hand_started",
            hand=data.get("hand"),
            who=_name(lang, names, data.get("dealer")),
            dice=dice,
        )
    if kind == "caishen" and "caishen" in data:  # 金华: the wild tile turned up
        from cogs.jinhua_text import caishen_event_line

        return caishen_event_line(lang, data)
    if kind == "draw" and "wall" in data:
        key = "mj.event.draw_replacement" if data.get("replacement") else "mj.event.draw"
        return tr(lang, key, who=who, wall=data["wall"])
    if kind == "flower" and "flower" in data:
        return tr(lang, "mj.event.flower", who=who, flower=tile_text(lang, data["flower"]))
    if kind == "discard" and "tile" in data:
        return tr(lang, "mj.event.discard", who=who, tile=tile_text(lang, data["tile"]))
    if kind == "kong" and data.get("concealed"):
        return tr(lang, "mj.event.kong_concealed", who=who)  # its tiles stay hidden
    if kind == "kong" and data.get("added"):
        return tr(lang, "mj.event.kong_added", who=who, tile=tile_text(lang, data.get("tile")))
    if kind in ("chow", "pong", "kong") and "tiles" in data:
        return tr(
            lang,
            f"mj.event.{kind}",
            who=who,
            tile=tile_text(lang, data.get("tile")),
            tiles=tiles_text(lang, data.get("tiles")),
            from_who=_name(lang, names, data.get("from")),
        )
    if kind in ("hand_over", "match_over"):
        return outcome_line(lang, kind, data, names)
    return None


# ----------------------------------------------------------------------------- results
def _win_text(
    lang: Lang, win: Mapping[str, Any], deltas: Sequence[int], names: Sequence[str]
) -> str:
    """``Alice wins on Bob's 五筒: 3 花, 混一色 (1 番), worth 8; Bob pays 8``."""
    seat, source = win["seat"], str(win["source"])
    who = _name(lang, names, seat)
    from_who = _name(lang, names, win.get("from"))
    tile = tile_text(lang, win.get("tile"))
    head = tr(lang, f"mj.win.{source}", who=who, from_who=from_who, tile=tile)
    details = win.get("details") or {}
    parts: list[str] = []
    if "hua" in details:
        parts.append(tr(lang, "mj.detail.hua", hua=details["hua"]))
    fans = [str(f) for f in details.get("fans") or []]
    if fans:
        shown = "+".join(tr(lang, f"fan.{f}") if has_message(f"fan.{f}") else f for f in fans)
        parts.append(tr(lang, "mj.detail.fan", fans=shown, fan=details.get("fan", len(fans))))
    elif "fan" in details:
        parts.append(tr(lang, "mj.detail.no_fan"))
    score = int(win.get("score", 0))
    parts.append(tr(lang, "mj.detail.score", score=score))
    if source == "self_draw":
        parts.append(tr(lang, "mj.pays.each", amount=score))
    elif source == "rob_kong":
        parts.append(tr(lang, "mj.pays.rob", who=from_who, amount=3 * score, score=score))
    else:
        parts.append(tr(lang, "mj.pays.one", who=from_who, amount=score))
    colon = "：" if is_zh(lang) else ": "
    return head + colon + _sep(lang).join(parts)


def outcome_line(
    lang: Lang, kind: str, data: Mapping[str, Any], names: Sequence[str]
) -> str | None:
    """A mahjong hand's result (who won how, 花, 番, the score and who pays it) or the match's
    end (seats by total score), from ``HandResult.to_json()`` / ``MatchResult.to_json()``;
    ``None`` for data of another game's shape."""
    try:
        if kind == "hand_over":
            summary = data["summary"]
            if not isinstance(summary, Mapping) or "wins" not in summary:
                return None
            number = int(data["number"])
            deltas = [int(x) for x in data.get("scores") or []]
            parts: list[str] = []
            special = summary.get("special")
            if special and summary.get("special_seat") is not None:
                seat = int(summary["special_seat"])
                each = -min(deltas) if deltas else 0
                parts.append(
                    tr(
                        lang,
                        f"mj.special.{special}",
                        who=_name(lang, names, seat),
                        score=each,
                    )
                )
            from cogs.jinhua_text import is_jinhua_win, win_parts

            if any(is_jinhua_win(w) for w in summary["wins"]):  # 金华: 倍 and 承包
                parts += win_parts(lang, summary, deltas, names)
            else:
                parts += [_win_text(lang, w, deltas, names) for w in summary["wins"]]
            if not parts:
                return tr(lang, "mj.drawn", number=number)
            wins = ("；" if is_zh(lang) else "; ").join(parts)
            return tr(lang, "mj.hand_over", number=number, wins=wins)
        if kind == "match_over":
            summary = data.get("summary") or {}
            if not isinstance(summary, Mapping) or "levels" in summary:
                return None
            scores, ranks = list(data["scores"]), list(data["ranks"])
            order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
            ranking = _sep(lang).join(
                f"{ranks[s]}. {_name(lang, names, s)} {scores[s]:+d}" for s in order
            )
            return tr(lang, "mj.match_over", hands=summary.get("hands", "?"), ranking=ranking)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    return None


# ----------------------------------------------------------------------------- the table
def _meld_text(lang: Lang, meld: Mapping[str, Any]) -> str:
    tiles = meld.get("tiles")
    if tiles is None:  # another seat's concealed kong: its faces are not known
        return "🀫🀫🀫🀫"
    return "".join(tile_text(lang, t) for t in tiles) if is_zh(lang) else tiles_text(lang, tiles)


def table_lines(
    lang: Lang, table: Table, view: Mapping[str, Any], names: Sequence[str]
) -> list[str]:
    """The table message's play lines: hand, dealer, dice, wall; each seat's melds and
    flowers; the last discard; whose turn it is, or only that a claim window is open
    (never who may claim); the match result."""
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
    out += _wild_lines(lang, view)
    for player in view.get("players") or []:
        melds = " ".join(_meld_text(lang, m) for m in player.get("melds") or [])
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
        ended = outcome_line(lang, "match_over", result, names)
        if ended:
            out.append(tr(lang, "table.result", text=ended))
    return out


def _wild_lines(lang: Lang, view: Mapping[str, Any]) -> list[str]:
    """The wild tile (金华's 财神) when the view names one."""
    from cogs.jinhua_text import caishen_line

    line = caishen_line(lang, view)
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
    """The seat's concealed tiles, sorted, with the drawn tile set apart."""
    hand = [str(t) for t in view.get("hand") or []]
    drawn = view.get("drawn")
    if isinstance(drawn, str) and drawn in hand:
        hand.remove(drawn)
        apart = tr(lang, "mj.hand.drawn", tile=tile_text(lang, drawn))
        return f"{tiles_text(lang, hand)}  ┃ {apart}"
    return tiles_text(lang, hand)


def situation_lines(
    lang: Lang, view: Mapping[str, Any], names: Sequence[str], seat: int
) -> list[str]:
    """What the seat's decision needs: its own melds, flowers and waits, the tile it may
    claim (its own offer only), and the last hand's result."""
    out: list[str] = []
    players = view.get("players") or []
    mine = players[seat] if 0 <= seat < len(players) else {}
    out += _wild_lines(lang, view)
    melds = [_meld_text(lang, m) for m in mine.get("melds") or []]
    if melds:
        out.append(tr(lang, "mj.hand.melds", melds=" ".join(melds)))
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
        if isinstance(last_result, Mapping):
            text = outcome_line(lang, "hand_over", last_result, names)
            if text:
                out.append(text)
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
