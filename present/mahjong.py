"""The mahjong family's moments (金坛, 金华) as language-neutral messages (``mahjong.po``).

The shared core of ``games/mahjong/``: its events (a draw never names its tile; a concealed
kong never shows its faces while the hand is played) and its results from
``HandResult.to_json()``: who won how, the score and who pays it, then the winning hand laid
down (every tile, concealed kongs face up, the winning tile marked) and each seat's change.
A game on this core passes its own win details (:data:`WinParts`) and adds its own events;
this module names no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.base import Event
from games.tiles import TileParseError, parse_tile
from present.i18n import has_message, is_zh, tr
from present.message import Join, Msg, Owner, Seat, Signed, Tiles
from present.screens import finished_screen

__all__ = [
    "REPLAY_QUIET",
    "STANDING",
    "WildLine",
    "WinParts",
    "event",
    "hand_result",
    "jintan_parts",
    "match_length",
    "match_result",
    "situation",
    "standing_line",
    "standing_set",
    "table",
    "win_hand",
]

WinParts = Callable[[Mapping[str, Any], Mapping[str, Any], Sequence[int]], list[Any]]
"""``(win, summary, deltas) -> [phrase, ...]``: what a win was worth and who paid it."""


REPLAY_QUIET = frozenset({"draw"})
"""Events whose line does not end a replay step (:mod:`bot.replay`): a seat's draw and its
discard are one step, as a claim is."""


def event(e: Event) -> Msg | None:
    """The line of a mahjong event, or ``None`` for one that is not shown as a line."""
    data = dict(e.data)
    who = Seat(e.seat)
    kind = e.kind
    if kind == "hand_started" and "dice" in data:
        dice = "+".join(str(d) for d in data.get("dice") or [])
        return Msg(
            "mj.event.hand_started", hand=data.get("hand"), who=Seat(data.get("dealer")), dice=dice
        )
    if kind == "draw" and "wall" in data:
        key = "mj.event.draw_replacement" if data.get("replacement") else "mj.event.draw"
        return Msg(key, who=who, wall=data["wall"])
    if kind == "flower" and "flower" in data:
        return Msg("mj.event.flower", who=who, flower=Tiles([data["flower"]]))
    if kind == "discard" and "tile" in data:
        return Msg("mj.event.discard", who=who, tile=Tiles([data["tile"]]))
    if kind == "kong" and data.get("concealed"):
        return Msg("mj.event.kong_concealed", who=who)  # its tiles stay hidden
    if kind == "kong" and data.get("added"):
        return Msg("mj.event.kong_added", who=who, tile=Tiles([data.get("tile")]))
    if kind in ("chow", "pong", "kong") and "tiles" in data:
        return Msg(
            f"mj.event.{kind}",
            who=who,
            tile=Tiles([data.get("tile")]),
            tiles=Tiles(data.get("tiles") or []),
            from_who=Seat(data.get("from")),
        )
    return None


def named(key: str, fallback: str) -> Msg | str:
    """The catalogue's name ``key`` (a 番 or a special hand), or ``fallback`` if it has none."""
    return Msg(key) if has_message(key) else fallback


def jintan_parts(
    win: Mapping[str, Any], summary: Mapping[str, Any], deltas: Sequence[int]
) -> list[Any]:
    """金坛's worth of a win: 花, 番 (or 鸡胡), the score, and who pays (``jintan-mahjong.txt``)."""
    source = str(win["source"])
    details = win.get("details") or {}
    parts: list[Any] = []
    if "hua" in details:
        parts.append(Msg("mj.detail.hua", hua=details["hua"]))
    fans = [str(f) for f in details.get("fans") or []]
    if fans:
        names = Join([named(f"fan.{f}", f) for f in fans], sep="plus")
        parts.append(Msg("mj.detail.fan", fans=names, fan=details.get("fan", len(fans))))
    elif "fan" in details:
        parts.append(Msg("mj.detail.no_fan"))
    score = int(win.get("score", 0))
    parts.append(Msg("mj.detail.score", score=score))
    if source == "self_draw":
        parts.append(Msg("mj.pays.each", amount=score))
    elif source == "rob_kong":
        parts.append(Msg("mj.pays.rob", who=Seat(win.get("from")), amount=3 * score, score=score))
    else:
        parts.append(Msg("mj.pays.one", who=Seat(win.get("from")), amount=score))
    return parts


def _win_line(win: Mapping[str, Any], parts: list[Any]) -> Msg:
    head = Msg(
        f"mj.win.{win['source']}",
        who=Seat(int(win["seat"])),
        from_who=Seat(win.get("from")),
        from_whose=Owner(win.get("from")),
        tile=Tiles([win.get("tile")]),
    )
    return Msg("mj.win_line", head=head, parts=Join(parts))


def _tile_order(code: str) -> tuple[int, str]:
    """A tile's place in a held hand: characters, dots, bamboo, winds, dragons, flowers."""
    try:
        return (parse_tile(code).index, code)
    except TileParseError:
        return (10_000, code)


def win_hand(win: Mapping[str, Any], summary: Mapping[str, Any]) -> Msg | None:
    """The winner's hand laid down: the concealed tiles with the winning tile marked, the
    melds (concealed kongs face up) and the flowers; ``None`` when the summary lacks it."""
    seat = int(win["seat"])
    hands = summary.get("hands")
    if not isinstance(hands, list) or seat >= len(hands):
        return None
    tile = str(win.get("tile"))
    concealed = [str(t) for t in hands[seat]]
    if win.get("source") != "self_draw":
        concealed.append(tile)
    concealed.sort(key=_tile_order)  # by suit, then number: as the hand is held
    marked = [concealed.index(tile)] if tile in concealed else []
    wild = summary.get("caishen") if isinstance(summary.get("caishen"), str) else None
    melds = (
        (summary.get("melds") or [[]] * 4)[seat] if isinstance(summary.get("melds"), list) else []
    )
    shown_melds = [Tiles(m.get("tiles") or [], wild=wild) for m in melds if isinstance(m, Mapping)]
    params: dict[str, Any] = {
        "whose": Owner(seat),
        "tiles": Tiles(concealed, marked, wild=wild),
        "tile": Tiles([tile], wild=wild),
    }
    if shown_melds:
        return Msg("mj.screen.hand_melds", melds=Join(shown_melds, sep="semicolon"), **params)
    return Msg("mj.screen.hand", **params)


def hand_result(result: Mapping[str, Any], parts: WinParts = jintan_parts) -> list[Msg]:
    """The end of a mahjong hand: the headline (each win and what it was worth, or a drawn
    hand, or a special hand), each winner's hand laid down, and every seat's score change."""
    summary = result.get("summary")
    if not isinstance(summary, Mapping) or "wins" not in summary:
        return []
    number = int(result["number"])
    deltas = [int(x) for x in result.get("scores") or []]
    phrases: list[Msg] = []
    special = summary.get("special")
    if special and summary.get("special_seat") is not None:
        each = -min(deltas) if deltas else 0
        phrases.append(
            Msg(f"mj.special.{special}", who=Seat(int(summary["special_seat"])), score=each)
        )
    phrases += [_win_line(w, parts(w, summary, deltas)) for w in summary["wins"]]
    if not phrases:
        headline = Msg("mj.drawn", number=number)
    else:
        headline = Msg("mj.hand_over", number=number, wins=Join(phrases, sep="semicolon"))
    lines = [headline]
    for win in summary["wins"]:
        hand = win_hand(win, summary)
        if hand is not None:
            lines.append(hand)
    if deltas:
        lines.append(
            Msg(
                "mj.screen.scores",
                scores=Join(
                    [
                        Msg("present.seat_value", who=Seat(s), value=Signed(d))
                        for s, d in enumerate(deltas)
                    ]
                ),
            )
        )
    return lines


def match_result(result: Mapping[str, Any]) -> list[Msg]:
    """The end of a mahjong match: the seats ranked by total score (ties share a rank)."""
    summary = result.get("summary") or {}
    if not isinstance(summary, Mapping) or "levels" in summary:
        return []
    try:
        scores, ranks = [int(x) for x in result["scores"]], [int(r) for r in result["ranks"]]
    except (KeyError, TypeError, ValueError):
        return []
    order = sorted(range(len(scores)), key=lambda s: (ranks[s], s))
    ranking = Join(
        [Msg("mj.rank", rank=ranks[s], who=Seat(s), score=Signed(scores[s])) for s in order]
    )
    return [Msg("mj.match_over", n=int(summary.get("hands") or 0), ranking=ranking)]


# ----------------------------------------------------------------------------- the state of play
WildLine = Callable[[Mapping[str, Any]], "Msg | None"]
"""A game's wild-tile line for a view (金华's 财神), or ``None``."""

_HIDDEN_KONG = "🀫🀫🀫🀫"


def _meld(meld: Mapping[str, Any]) -> Tiles | str:
    tiles = meld.get("tiles")
    return _HIDDEN_KONG if tiles is None else Tiles(tiles)  # another's concealed kong: no faces


def _last_discard(view: Mapping[str, Any]) -> Msg | None:
    """The newest discard still in a river, named the same whether or not a claim window is
    open on it (a window is private: docs/security.md)."""
    window = view.get("claim_window")
    if isinstance(window, Mapping):
        if window.get("kind") != "discard":
            return None
        return Msg("mj.table.last", who=Seat(window.get("from")), tile=Tiles([window.get("tile")]))
    turn = view.get("turn")
    if not isinstance(turn, int):
        return None
    prev = (turn - 1) % 4
    players = view.get("players") or []
    if prev >= len(players):
        return None
    river = players[prev].get("discards") or []
    if river and river[-1].get("taken") == "":
        return Msg("mj.table.last", who=Seat(prev), tile=Tiles([river[-1]["tile"]]))
    return None


def table(view: Mapping[str, Any], wild: WildLine | None = None) -> list[Msg]:
    """The public state of play (a spectator's view): hand, dealer, dice and wall; the wild
    tile (``wild``: the game's own line); each seat's melds and flowers; the last discard
    (never who may claim it)."""
    out = [
        Msg(
            "mj.table.state",
            hand=view.get("hand_number"),
            dealer=Seat(view.get("dealer")),
            dice="+".join(str(d) for d in view.get("dice") or []),
            wall=(view.get("wall") or {}).get("live", "?"),
        )
    ]
    line = wild(view) if wild is not None else None
    if line is not None:
        out.append(line)
    for player in view.get("players") or []:
        melds = [_meld(m) for m in player.get("melds") or []]
        flowers = len(player.get("flowers") or [])
        if melds or flowers:
            out.append(
                Msg(
                    "mj.table.player",
                    who=Seat(player.get("seat")),
                    melds=Join(melds, sep="semicolon") if melds else "—",
                    n=flowers,
                )
            )
    last = _last_discard(view)
    if last is not None:
        out.append(last)
    return out


def situation(
    view: Mapping[str, Any],
    seat: int,
    wild: WildLine | None = None,
    hand_result: Callable[[Mapping[str, Any]], list[Msg]] = hand_result,
) -> list[Msg]:
    """What a seat's decision needs (its own view): the wild tile, its own melds, flowers and
    waits, the tile it may claim (its own offer only), the last discard, and once the hand is
    over the whole result (the match's screen at the end)."""
    out: list[Msg] = []
    line = wild(view) if wild is not None else None
    if line is not None:
        out.append(line)
    players = view.get("players") or []
    mine = players[seat] if 0 <= seat < len(players) else {}
    melds = [_meld(m) for m in mine.get("melds") or []]
    if melds:
        out.append(Msg("mj.hand.melds", melds=Join(melds, sep="semicolon")))
    flowers = mine.get("flowers") or []
    if flowers:
        out.append(Msg("mj.hand.flowers", flowers=Tiles(flowers)))
    waits = view.get("waits") or []
    if waits and view.get("phase") in ("discard", "claim"):
        out.append(Msg("mj.hand.waits", tiles=Tiles(waits)))
    window = view.get("claim_window")
    if isinstance(window, Mapping) and view.get("claim"):
        key = "mj.hand.claim" if window.get("kind") == "discard" else "mj.hand.rob"
        out.append(Msg(key, from_who=Seat(window.get("from")), tile=Tiles([window.get("tile")])))
    else:
        last = _last_discard(view)
        if last is not None:
            out.append(last)
    out += finished_screen(view, hand_result, match_result)
    return out


def hand(view: Mapping[str, Any]) -> Msg:
    """The seat's concealed tiles as held, the drawn tile set apart, the wild tile (金华's
    财神, the view's ``caishen``) marked: ``四万★ 五筒 ┃ 刚摸：六条``."""
    held = [str(t) for t in view.get("hand") or []]
    wild = view.get("caishen") if isinstance(view.get("caishen"), str) else None
    drawn = view.get("drawn")
    if isinstance(drawn, str) and drawn in held:
        held.remove(drawn)
        apart = Msg("mj.hand.drawn", tile=Tiles([drawn], wild=wild))
        return Msg("screen.mj.apart", tiles=Tiles(held, wild=wild) if held else "—", drawn=apart)
    return Msg("present.line", text=Tiles(held, wild=wild) if held else "—")


def rivers(view: Mapping[str, Any]) -> list[Msg]:
    """Each seat's tiles in hand and its river (the discards nobody took), in seat order."""
    out = []
    for player in view.get("players") or []:
        river = [str(d.get("tile")) for d in player.get("discards") or [] if not d.get("taken")]
        out.append(
            Msg(
                "screen.mj.river",
                who=Seat(player.get("seat")),
                n=int(player.get("concealed") or 0),
                tiles=Tiles(river) if river else "—",
            )
        )
    return out


def screen(
    view: Mapping[str, Any],
    seat: int,
    wild: WildLine | None = None,
    hand_result: Callable[[Mapping[str, Any]], list[Msg]] = hand_result,
) -> list[Msg]:
    """A seat's whole screen where no table message stands beside it (the terminal): the
    public state of play, every river, then what its decision needs (:func:`situation`)."""
    public = table(view, wild)
    own = [m for m in situation(view, seat, wild, hand_result) if m not in public]
    return public + rivers(view) + own


def match_length(options: Mapping[str, Any]) -> Msg | None:
    """A mahjong match of one or four rounds, with its limit of hands if any (``one_hand``:
    the generic line)."""
    match = options.get("match")
    if match not in ("one_round", "four_rounds"):
        return None
    limit = int(options.get("max_hands") or 0)
    if limit:
        return Msg(f"match_length.mahjong.{match}.max", hands=limit)
    return Msg(f"match_length.mahjong.{match}")


STANDING = ("auto_win", "no_calls", "discard_drawn")
"""The core's standing choices (``games.mahjong.engine.STANDING``), in the order shown."""


def standing_line(lang: object, view: Mapping[str, Any]) -> str:
    """``Settings: Auto-win`` (``常设：自动胡``): the standing choices on in the reader's own
    ``view``, or ``none on``; Discord's settings panel and the terminal say it alike."""
    standing = view.get("standing") or {}
    standing = standing if isinstance(standing, Mapping) else {}
    on = [tr(lang, f"mj.standing.{n}") for n in STANDING if standing.get(n)]
    sep = "、" if is_zh(lang) else ", "
    return tr(lang, "mj.standing.line", on=sep.join(on) if on else tr(lang, "mj.standing.none"))


def standing_set(lang: object, changed: Mapping[str, Any]) -> str:
    """``Standing choice Auto-win: on``: each choice just changed, as Discord confirms it."""
    sep = "；" if is_zh(lang) else "; "
    return sep.join(
        tr(
            lang,
            "mj.standing.set",
            name=tr(lang, f"mj.standing.{name}"),
            state=tr(lang, "mj.on" if to else "mj.off"),
        )
        for name, to in changed.items()
    )
