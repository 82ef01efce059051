"""Each game's presentation module, found by the game's registry key.

A game's module is ``present.<key>`` (``present/dagun.py`` for ``"dagun"``). It defines:

* ``event(event: Event) -> Msg | None`` — the line of one engine event (``None``: not shown);
* ``hand_result(result: Mapping) -> list[Msg]`` — the end-of-hand screen from
  ``HandResult.to_json()``, headline first;
* ``hand_headline(result: Mapping) -> list[Msg]`` (optional) — the lines of that screen the
  table's channel says, when more than its headline (打滚子: the blood owed next hand);
* ``match_result(result: Mapping) -> list[Msg]`` — the end-of-match screen from
  ``MatchResult.to_json()``, headline first;
* ``table(view) -> list[Msg]`` — the public state of play, from a spectator's view;
* ``PIECES`` — ``"tile"`` for a game of tiles (the default is ``"card"``);
* ``situation(view, seat) -> list[Msg]`` — what a seat's decision needs, from its own view,
  and the whole result screen once the hand is over;
* ``screen(view, seat) -> list[Msg]`` (optional) — a seat's whole screen where no table
  message stands beside it (the terminal); by default the table's lines, then the
  situation's lines the table does not already say;
* ``hand(view) -> Msg`` (optional) — the seat's own hand held as pieces the reader names
  (mahjong's tiles, the drawn one apart, the wild one marked);
* ``match_length(options) -> Msg | None`` (optional) — how long a match of these resolved
  options is, where the game says it itself (``None``: the front end's generic line).

Front ends call :func:`of` and render what it returns; none of them names a game. Adding a
game adds its module here and its catalogue, nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import Any

from games.base import Event
from games.registry import GAMES, game_module
from present.i18n import is_zh, lang_of
from present.message import Msg
from present.screens import NEXT_HAND
from present.zh_variant import is_traditional, to_traditional

__all__ = [
    "event",
    "game_title",
    "hand",
    "hand_headline",
    "hand_result",
    "match_length",
    "match_result",
    "of",
    "pieces",
    "screen",
    "situation",
    "table",
]


@cache
def of(game: str | None) -> ModuleType | None:
    """The presentation module of ``game`` (a registry key), or ``None`` for an unknown game
    or one without a module."""
    return game_module("present.{game}", game)


def _call(game: str | None, fn: str, *args: Any) -> Any:
    module = of(game)
    func = getattr(module, fn, None)
    return None if func is None else func(*args)


def event(game: str | None, e: Event) -> Msg | None:
    """The line of ``e`` in ``game``'s presentation, or ``None`` when it has none."""
    msg = _call(game, "event", e)
    return msg if isinstance(msg, Msg) else None


def hand_result(game: str | None, result: Mapping[str, Any], final: bool = False) -> list[Msg]:
    """The end-of-hand screen of ``game`` for ``HandResult.to_json()`` (``[]``: none);
    ``final``: the match ended with this hand, so nothing is said of a next one."""
    lines = list(_call(game, "hand_result", result) or [])
    return [m for m in lines if m.id not in NEXT_HAND] if final else lines


def hand_headline(game: str | None, result: Mapping[str, Any], final: bool = False) -> list[Msg]:
    """The lines of ``game``'s end-of-hand screen that the table's channel says: the game's
    ``hand_headline`` when it has one, else the screen's headline (``[]``: no screen);
    ``final`` as in :func:`hand_result`."""
    own = _call(game, "hand_headline", result)
    lines = list(own) if own is not None else hand_result(game, result)[:1]
    return [m for m in lines if m.id not in NEXT_HAND] if final else lines


def match_result(game: str | None, result: Mapping[str, Any]) -> list[Msg]:
    """The end-of-match screen of ``game`` for ``MatchResult.to_json()`` (``[]``: none)."""
    return list(_call(game, "match_result", result) or [])


def table(game: str | None, view: Mapping[str, Any]) -> list[Msg] | None:
    """The public state of play of ``game`` from a spectator's view, or ``None`` when the
    game's presentation has none."""
    module = of(game)
    func = getattr(module, "table", None)
    return None if func is None else list(func(view))


def situation(game: str | None, view: Mapping[str, Any], seat: int) -> list[Msg] | None:
    """What ``seat``'s decision needs, from its own view, or ``None`` when the game's
    presentation has none."""
    module = of(game)
    func = getattr(module, "situation", None)
    return None if func is None else list(func(view, seat))


def screen(game: str | None, view: Mapping[str, Any], seat: int) -> list[Msg] | None:
    """A seat's whole screen where no table message stands beside it (the terminal): the
    game's own ``screen``, else its table's lines and then its situation's lines that the
    table does not already say; ``None`` when the game's presentation has neither."""
    module = of(game)
    func = getattr(module, "screen", None)
    if func is not None:
        return list(func(view, seat))
    public = table(game, view)
    own = situation(game, view, seat)
    if public is None and own is None:
        return None
    return list(public or []) + [m for m in own or [] if m not in (public or [])]


def hand(game: str | None, view: Mapping[str, Any]) -> Msg | None:
    """The seat's own hand as the game's presentation names its pieces (``None``: the game
    has no such line; the front end lists the cards itself)."""
    func = getattr(of(game), "hand", None)
    return None if func is None else func(view)


def pieces(game: str | None) -> str:
    """What ``game`` is played with: ``"tile"`` (its module's ``PIECES``) or ``"card"``."""
    return str(getattr(of(game), "PIECES", "card"))


def game_title(key: str, lang: object) -> str:
    """The game's name for a reader of ``lang``: ``扒鸡窝 Pajiwo`` in English, ``扒鸡窝`` in
    Chinese, ``扒雞窩`` in traditional Chinese (the registry's name converted by OpenCC as the
    catalogue's messages and the rules pages are, so a page never mixes the two scripts)."""
    spec = GAMES.get(key)
    if spec is None:
        return key
    lg = lang_of(lang)
    if not is_zh(lg):
        return f"{spec.title_zh} {spec.title_en}"
    return to_traditional(spec.title_zh, lg) if is_traditional(lg) else spec.title_zh


def match_length(game: str | None, options: Mapping[str, Any]) -> Msg | None:
    """How long a match of ``game`` with the resolved ``options`` is, as the game says it
    (``None``: the game leaves it to the front end's generic line)."""
    func = getattr(of(game), "match_length", None)
    return None if func is None else func(options)
