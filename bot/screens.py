"""The terminal's lines for events and results, rendered from each game's presentation.

The terminal shows what :mod:`present` says a moment means, in the reader's language, with
the player's own seat as "you" / "你"; it never rewrites the engine's English ``Event.text``.
An event that a game's presentation does not describe falls back to that text with seat
numbers replaced by names (:func:`bot.textview.name_seats`).

The language is ``PAIJU_LANG`` if set, else the console's ``LANG`` (``zh_CN.UTF-8`` reads
Chinese), else English.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.errors import TableError
from bot.textview import name_seats
from games.base import Event
from present import games as presentation
from present.i18n import Lang, is_zh, lang_of, tr
from present.message import Reader, render
from present.refusals import refusal_text

__all__ = [
    "SCREENS",
    "event_lines",
    "hand_lines",
    "match_lines",
    "terminal_lang",
    "typed_refusal",
    "you_line",
]

SCREENS = frozenset({"hand_over", "match_over"})
"""Events the terminal shows as a whole screen (:func:`hand_lines`, :func:`match_lines`)
rather than as one line."""


def terminal_lang(environ: Mapping[str, str] | None = None) -> Lang:
    """The terminal reader's language: ``PAIJU_LANG``, else ``LANG``, else English."""
    env = os.environ if environ is None else environ
    return lang_of(env.get("PAIJU_LANG") or env.get("LANG") or "en")


def _reader(names: Sequence[str], you: int | None, lang: Lang, ascii_cards: bool) -> Reader:
    return Reader(lang, list(names), you=you, ascii_cards=ascii_cards)


def event_lines(
    game: str,
    events: Iterable[Event],
    names: Sequence[str],
    you: int | None,
    lang: Lang = "en",
    ascii_cards: bool = False,
) -> list[str]:
    """One line per shown event: the game's message for it. A game with a presentation
    shows only the events it describes (a deal step, or the win whose result screen follows,
    has no line); a game without one shows the engine's English text."""
    reader = _reader(names, you, lang, ascii_cards)
    described = presentation.of(game) is not None  # then it decides what is worth a line
    out = []
    for event in events:
        if event.kind in SCREENS:
            continue  # the whole end-of-hand or end-of-match screen follows (hand_lines …)
        msg = presentation.event(game, event)
        if msg is not None:
            out.append(render(reader, msg))
        elif event.text and not described:
            out.append(name_seats(event.text, names))
    return out


def hand_lines(
    game: str,
    result: Mapping[str, Any],
    names: Sequence[str],
    you: int | None,
    lang: Lang = "en",
    ascii_cards: bool = False,
    final: bool = False,
) -> list[str]:
    """The end-of-hand screen of ``HandResult.to_json()`` (``[]`` if the game has none);
    ``final``: the match ended with this hand (no next dealer, no tribute to come)."""
    reader = _reader(names, you, lang, ascii_cards)
    return [render(reader, m) for m in presentation.hand_result(game, result, final)]


def match_lines(
    game: str,
    result: Mapping[str, Any],
    names: Sequence[str],
    you: int | None,
    lang: Lang = "en",
    ascii_cards: bool = False,
) -> list[str]:
    """The end-of-match screen of ``MatchResult.to_json()`` (``[]`` if the game has none)."""
    reader = _reader(names, you, lang, ascii_cards)
    return [render(reader, m) for m in presentation.match_result(game, result)]


def you_line(ranks: Sequence[int], mine: int, lang: Lang = "en") -> str:
    """The match's end for the terminal's player: won, shared first place, or lost."""
    if ranks[mine] != 1:
        return tr(lang, "present.you_lost")
    return tr(lang, "present.you_drew" if list(ranks).count(1) > 1 else "present.you_won")


def typed_refusal(lang: Lang, error: ValueError) -> str:
    """A typed move the reader cannot make, in the reader's language: the reader's own
    words in English; otherwise the catalogue's ``bad_cards`` (a word that is no card) or
    ``bad_move`` refusal, as ``/play`` answers on Discord."""
    if not is_zh(lang):
        return str(error)
    bad = getattr(error, "bad", None)
    if bad:
        refusal = TableError("bad_cards", str(error), {"text": str(bad)})
    else:
        refusal = TableError("bad_move", str(error), {"text": str(error)[:100]})
    return refusal_text(lang, refusal)
