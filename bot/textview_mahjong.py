"""The terminal's text view of a mahjong table (金坛, 金华), and typed mahjong moves.

``python -m bot play jintan`` (and ``jinhua``) uses these instead of the card-game view of
:mod:`bot.textview`: the hand sorted and grouped by suit with the drawn tile apart, each
seat's melds, flowers and discards on their own lines, the wall count and dice, 金华's 财神
and its indicator (财神 tiles marked ``*`` in the hand), and a claim window's choices
numbered like every move. Moves may be typed as a number, a kind
(``pass``/``过``, ``win``/``胡``, ``pong``/``碰``, ``kong 5p``/``杠``, ``chow 4p 6p``/``吃``)
or a bare tile to discard (``5p``, ``五筒``, ``东``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.typed import MoveTextError, read_tile_move
from games.base import Action
from games.tiles import Family, TileParseError, format_tile_chinese, parse_tile
from present.message import Msg

__all__ = [
    "HELP",
    "HELP_ASCII",
    "MAHJONG_GAMES",
    "handles",
    "parse_move",
    "render_view",
]

HELP = (
    "type a move's number, or a tile to discard (5p 五筒 东 中), or a kind: pass 过, win 胡,"
    " pong 碰, kong 5p 杠, chow 4p 6p 吃; hint, view (show the table again) or quit.\n"
    + "standing choices are settings that stay until you change them, all off at first:"
    " auto_win (win whenever you may), no_calls (never be offered chow, pong or kong),"
    " discard_drawn (discard the tile you draw unless you choose otherwise); to change one,"
    " type e.g. standing auto_win=on, or standing no_calls=off"
)
HELP_ASCII = (
    "type a move's number, or a tile to discard (5p E C), or a kind: pass, win, pong,"
    " kong 5p, chow 4p 6p; hint, view (show the table again) or quit.\n" + HELP.split("\n", 1)[1]
)
"""The help for a console that cannot show Chinese (tiles in their ASCII codes only)."""
_ON = {"on": True, "yes": True, "true": True, "1": True, "开": True}
_OFF = {"off": False, "no": False, "false": False, "0": False, "关": False}
_STANDING = ("auto_win", "no_calls", "discard_drawn")

MAHJONG_GAMES = frozenset({"jintan", "jinhua"})
_WINDS = "东南西北"
_KIND_LABELS = {
    "win": "win 胡",
    "kong": "kong 杠",
    "pong": "pong 碰",
    "chow": "chow 吃",
    "pass": "pass 过",
    "discard": "discard 打",
}


def handles(game: str) -> bool:
    """True for the games whose views this module draws."""
    return game in MAHJONG_GAMES


def _tile(text: str) -> str:
    """``5p`` -> ``5p 五筒``-style label: the ASCII form and its Chinese name."""
    try:
        return f"{text}({format_tile_chinese(parse_tile(text))})"
    except TileParseError:
        return text


def _group(tiles: Sequence[str]) -> str:
    """Tiles grouped by suit: ``万 1 2 3 · 筒 5 5 · 字 东 中``."""
    groups: dict[str, list[str]] = {}
    order = {"m": "万", "p": "筒", "s": "条"}
    for text in tiles:
        tile = parse_tile(text)
        if tile.family.is_suit:
            groups.setdefault(order[tile.family.value], []).append(str(tile.number))
        elif tile.family is Family.FLOWER:
            groups.setdefault("花", []).append(format_tile_chinese(tile))
        else:
            groups.setdefault("字", []).append(format_tile_chinese(tile))
    return " · ".join(f"{g} {' '.join(v)}" for g, v in groups.items())


def _meld(m: Mapping[str, Any], names: Sequence[str]) -> str:
    kind = {"chow": "吃", "pong": "碰", "kong": "杠"}.get(str(m["kind"]), str(m["kind"]))
    if m.get("tiles") is None:
        return f"{kind}(暗, hidden)"
    label = "暗" if m.get("concealed") else ("补" if m.get("added") else "")
    where = ""
    if m.get("from") is not None:
        where = f" from {_who(m['from'], names)}"
    return f"{kind}{label} {' '.join(m['tiles'])}{where}"


def _who(seat: Any, names: Sequence[str]) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def render_view(view: Mapping[str, Any], names: Sequence[str], title: str | None = None) -> str:
    """Several lines: the table, every seat, then the viewer's own hand last."""
    dealer = int(view.get("dealer") or 0)
    dice = view.get("dice") or []
    wall = view.get("wall") or {}
    head = f"{title or view.get('game', '')} — hand {view.get('hand_number')}"
    head += f", dealer {_who(dealer, names)}"
    if dice:
        head += f", dice {'+'.join(str(d) for d in dice)}"
    head += f", wall {wall.get('live', '?')} left"
    if wall.get("dead"):
        head += f" (+{wall['dead']} dead wall)"
    lines = [head]
    caishen = view.get("caishen")
    if caishen:  # 金华: the indicator is face up and its other copies are wild
        lines.append(
            f"财神 (wild): {_tile(str(caishen))}* — indicator {_tile(str(view.get('indicator')))}"
            " turned up, out of play"
        )
    lines.append(
        "scores: " + ", ".join(f"{_who(s, names)} {v}" for s, v in enumerate(view["scores"]))
    )
    for player in view["players"]:
        s = int(player["seat"])
        wind = _WINDS[(s - dealer) % 4]
        marks = " ← to play" if view.get("turn") == s else ""
        lines.append(f"{_who(s, names)} ({wind}){marks}: {player['concealed']} tiles in hand")
        if player["melds"]:
            lines.append("   melds: " + "; ".join(_meld(m, names) for m in player["melds"]))
        if player["flowers"]:
            lines.append("   flowers: " + " ".join(_tile(f) for f in player["flowers"]))
        if player["discards"]:
            shown = [
                d["tile"] + ("*" if d["taken"] == "claimed" else "") for d in player["discards"]
            ]
            lines.append("   discards: " + " ".join(shown))
    window = view.get("claim_window")
    if window:
        # every discard pauses alike, claimable or not (docs/security.md): no "window" named
        lines.append(f"last discard: {_tile(window['tile'])} from {_who(window['from'], names)}")
    # the hand's result is the presentation's screen (bot.screens), printed as the hand ends
    hand = view.get("hand")
    if hand is not None:
        drawn = view.get("drawn")
        rest = list(hand)
        if drawn in rest:
            rest.remove(drawn)
        line = f"your hand ({len(hand)}): {_group(rest)}"
        if drawn:
            line += f"   drawn: {_tile(drawn)}"
        lines.append(line)
        marked = [t + ("*" if t == caishen else "") for t in rest]
        drawn_text = (drawn + ("*" if drawn == caishen else "")) if drawn else ""
        lines.append("           " + " ".join(marked) + (f"  | {drawn_text}" if drawn else ""))
        if caishen and caishen in hand:
            lines.append(f"           (* = 财神, wild: {hand.count(caishen)} held)")
        if view.get("waits"):
            lines.append("waiting on: " + " ".join(_tile(t) for t in view["waits"]))
    standing = [k for k, v in (view.get("standing") or {}).items() if v]
    if standing:
        lines.append("standing choices: " + ", ".join(standing))
    claim = view.get("claim")
    if claim:
        lines.append("you may: " + ", ".join(_KIND_LABELS.get(k, k) for k in claim["kinds"]))
    return "\n".join(lines)


def parse_move(text: str, seat: int, legal: list[Action], kinds: list[str]) -> Action:
    """Read a typed mahjong move (:func:`bot.typed.read_tile_move`, or ``standing …``).
    Raises ``ValueError``."""
    words = text.split()
    if words and words[0].lower() in ("standing", "常设"):
        return _standing(seat, words[1:])
    return read_tile_move(text, seat, legal, kinds)


def _standing(seat: int, words: list[str]) -> Action:
    """``standing auto_win=on no_calls`` -> ``Action(seat, "standing", {...})``."""
    data: dict[str, bool] = {}
    for word in words:
        key, _, value = word.partition("=")
        if key not in _STANDING:
            raise MoveTextError(Msg("typed.standing_names", names=", ".join(_STANDING), text=key))
        flag = {**_ON, **_OFF}.get(value.lower() or "on")
        if flag is None:
            raise MoveTextError(Msg("typed.standing_value", name=key, text=word))
        data[key] = flag
    if not data:
        names = ", ".join(f"{k}=on" for k in _STANDING)
        raise MoveTextError(Msg("typed.standing_none", names=names))
    return Action(seat, "standing", data)
