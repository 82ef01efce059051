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
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.errors import TableError
from games.base import Action, Event
from present import games as presentation
from present.i18n import Lang, is_zh, lang_of, tr
from present.message import Msg, Reader, render
from present.moves import move_label
from present.refusals import refusal_text

__all__ = [
    "SCREENS",
    "event_lines",
    "hand_lines",
    "match_lines",
    "move_line",
    "name_seats",
    "terminal_lang",
    "typed_refusal",
    "you_line",
]

SCREENS = frozenset({"hand_over", "match_over"})
"""Events the terminal shows as a whole screen (:func:`hand_lines`, :func:`match_lines`)
rather than as one line."""


_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replace the engines' 0-based ``seat N`` in an event text by the seat's name."""

    def name(match: re.Match[str]) -> str:
        n = int(match.group(1))
        if not 0 <= n < len(names):
            return match.group(0)
        verb = match.group(2)
        if names[n].lower() == "you" and verb:  # "you win", not "you wins"
            verb = _second_person(verb)
        return names[n] + (" " + verb if verb else "")

    def pair(match: re.Match[str]) -> str:
        a, b = int(match.group(1)), int(match.group(3))
        if max(a, b) >= len(names):
            return match.group(0)
        return f"{names[a]} {match.group(2)} {names[b]}"

    text = re.sub(r"\bseats ([0-9]+) (&|and) ([0-9]+)\b", pair, text)
    text = re.sub(r"\bseat ([0-9]+)\b(?: ([a-z]+(?<!s)s)\b)?", name, text)
    # "you take the kitty and bury 8": a second verb of the same clause
    return re.sub(
        r"(\byou [a-z]+\b[^.;:]*? and )([a-z]+(?<!s)s)\b",
        lambda m: m.group(1) + _second_person(m.group(2)),
        text,
    )


def _second_person(verb: str) -> str:
    """``wins`` -> ``win``, ``buries`` -> ``bury``, ``passes`` -> ``pass``, ``is`` -> ``are``."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    return verb[:-2] if verb.endswith(("sses", "shes", "ches", "xes")) else verb[:-1]


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


def move_line(
    lang: Lang, action: Action, *, with_kind: bool = True, ascii_cards: bool = False
) -> str:
    """A move as the terminal lists it, hints it and reads it back: its label in the game's
    presentation (:func:`present.moves.move_label`, the same as Discord's)."""
    return render(
        Reader(lang, [], ascii_cards=ascii_cards), move_label(action, with_kind=with_kind)
    )


def you_line(ranks: Sequence[int], mine: int, lang: Lang = "en") -> str:
    """The match's end for the terminal's player: won, shared first place, lost (the last
    place alone, or the losing side of two), else the place reached among several
    (``ranks``: standard competition ranking, 1, 2, 2, 4), shared or not."""
    rank, count = ranks[mine], len(ranks)
    shared = list(ranks).count(rank) > 1
    if rank == 1:
        return tr(lang, "present.you_drew" if shared else "present.you_won")
    if count <= 2 or (rank == max(ranks) and not shared):
        return tr(lang, "present.you_lost")
    key = "present.you_placed_shared" if shared else "present.you_placed"
    return tr(lang, key, place=_ordinal(rank, lang), count=count)


def _ordinal(n: int, lang: Lang) -> str:
    """``2nd`` (English) or the number (the Chinese text says 第 N 名 itself)."""
    if is_zh(lang):
        return str(n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def typed_refusal(lang: Lang, error: ValueError) -> str:
    """Why a typed move could not be read, in the reader's language: the reason
    :mod:`bot.typed` gives (``typed.<why>``); for an error without one, the catalogue's
    ``bad_move`` refusal quoting it, as ``/play`` answers on Discord."""
    said = getattr(error, "said", None)
    if isinstance(said, Msg):
        return render(Reader(lang, []), said)
    if not is_zh(lang):
        return str(error)
    return refusal_text(lang, TableError("bad_move", str(error), {"text": str(error)[:100]}))
