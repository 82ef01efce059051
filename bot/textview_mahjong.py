"""Typed mahjong moves in the terminal (金坛, 金华: every game played with tiles).

``python -m bot play jintan`` (and ``jinhua``) reads moves with these: a number, a kind
(``pass``/``过``, ``win``/``胡``, ``pong``/``碰``, ``kong 5p``/``杠``, ``chow 4p 6p``/``吃``),
a bare tile to discard (``5p``, ``五筒``, ``东``, ``5 Dots``), or a standing choice
(``standing auto_win=on``). The table itself is the game's presentation's
(:mod:`present.mahjong`), drawn by :mod:`bot.textview`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.typed import MoveTextError, read_tile_move
from games.base import Action
from present.message import ByLang, Msg

__all__ = ["HELP", "HELP_ASCII", "claimed_tile", "parse_move"]

HELP_ID = "terminal.help.tiles"
"""The help at a table of tiles, in the reader's language."""
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
_STANDING_ZH = {"自动胡": "auto_win", "不吃碰杠": "no_calls", "摸什么打什么": "discard_drawn"}
"""The standing choices by their Chinese names (``mj.standing.*``), as the Chinese help says."""


def parse_move(
    text: str, seat: int, legal: list[Action], kinds: list[str], claimed: str | None = None
) -> Action:
    """Read a typed mahjong move (:func:`bot.typed.read_tile_move`, or ``standing …``);
    ``claimed``: the tile of the claim window open (:func:`claimed_tile`). Raises
    ``ValueError``."""
    words = text.split()
    if words and words[0].lower() in ("standing", "常设"):
        return _standing(seat, words[1:])
    return read_tile_move(text, seat, legal, kinds, claimed=claimed)


def claimed_tile(view: Mapping[str, Any]) -> str | None:
    """The tile a claim window open in ``view`` is for (the discard, or the kong's added
    tile: public), which a typed claim may name (``碰 5p``); ``None`` without a window."""
    window = view.get("claim_window")
    tile = window.get("tile") if isinstance(window, Mapping) else None
    return tile if isinstance(tile, str) else None


def standing_asked(text: str) -> bool:
    """True for ``standing`` (``常设``) alone: which standing choices are on, not a move."""
    return text.strip().lower() in ("standing", "常设")


def _standing(seat: int, words: list[str]) -> Action:
    """``standing auto_win=on no_calls`` -> ``Action(seat, "standing", {...})``."""
    data: dict[str, bool] = {}
    for word in words:
        key, _, value = word.replace("＝", "=").partition("=")
        key = _STANDING_ZH.get(key, key)
        if key not in _STANDING:
            names = ByLang(", ".join(_STANDING), "、".join(_STANDING_ZH))
            raise MoveTextError(Msg("typed.standing_names", names=names, text=key))
        flag = {**_ON, **_OFF}.get(value.lower() or "on")
        if flag is None:
            zh = next(z for z, k in _STANDING_ZH.items() if k == key)
            raise MoveTextError(Msg("typed.standing_value", name=ByLang(key, zh), text=word))
        data[key] = flag
    if not data:
        names = ByLang(
            ", ".join(f"{k}=on" for k in _STANDING), "、".join(f"{k}=开" for k in _STANDING_ZH)
        )
        raise MoveTextError(Msg("typed.standing_none", names=names))
    return Action(seat, "standing", data)
