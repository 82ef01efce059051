"""Text for what players see: action labels, select values, the table and hand summaries.

Everything here is pure (no Discord calls): it turns host objects (``bot.tables.Table``,
``games.base.Action``/``Event``, an engine view dict) into strings in the
player's language. Pictures come from :mod:`cogs.pictures`; this text goes with
them, and stands alone when pictures are not available.

Card notation: labels use :func:`games.cards.format_card` (``♠10``, ``大王``);
values sent back by selects and autocomplete use the ASCII form the engine gave.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from cogs.i18n import Lang, has_message, is_zh, template, tr
from games.base import Action, Event
from games.cards import CardParseError, format_card, parse_card
from games.registry import game_module
from present import games as presentation
from present.message import Msg, Reader, render, render_joined
from present.moves import kind_msg, move_label

__all__ = [
    "action_label",
    "cards_text",
    "decode_action",
    "encode_action",
    "event_line",
    "game_text",
    "kind_label",
    "match_won_text",
    "outcome_line",
]

MAX_VALUE = 100  # Discord's limit for a select option value and an autocomplete value
MAX_LABEL = 100


def cards_text(cards: Iterable[Any]) -> str:
    """Cards in display notation, ``♠10 ♠10 大王``; text that is not a card is kept as is."""
    out = []
    for c in cards:
        try:
            out.append(format_card(parse_card(str(c))))
        except CardParseError:
            out.append(str(c))
    return " ".join(out)


def kind_label(lang: Lang, kind: str) -> str:
    """The action kind in the player's language (:func:`present.moves.kind_msg`); the games'
    Chinese terms are kept in both."""
    return render(Reader(lang, []), Msg("move.kind", kind=kind_msg(kind)))


def action_label(lang: Lang, action: Action, *, with_kind: bool = True) -> str:
    """The move's label (:func:`present.moves.move_label`): ``出牌 ♠10 ♠10``, ``打牌 五筒``;
    at most 100 characters (Discord's limit of a label)."""
    text = render(Reader(lang, []), move_label(action, with_kind=with_kind))
    return text if len(text) <= MAX_LABEL else text[: MAX_LABEL - 1] + "…"


def encode_action(action: Action, index: int) -> str:
    """A select/autocomplete value for ``action`` (at most 100 characters).

    ``"play:10s 10s"`` when the data is only cards, ``"declare|{json}"`` otherwise,
    and ``"#<index>"`` (the position in the legal list) when that is too long.
    """
    data = dict(action.data)
    if set(data) == {"cards"} and isinstance(data["cards"], list):
        value = f"{action.kind}:{' '.join(str(c) for c in data['cards'])}"
    elif _with_reading(data):
        # cards and their reading (打滚's jokers: "play@4455:5s 5h BJ SJ"), compact
        value = f"{action.kind}@{data['as']}:{' '.join(str(c) for c in data['cards'])}"
    elif not data:
        value = f"{action.kind}:"
    else:
        value = f"{action.kind}|{json.dumps(data, separators=(',', ':'), ensure_ascii=False)}"
    return value if len(value) <= MAX_VALUE else f"#{index}"


def decode_action(value: str, seat: int, legal: Sequence[Action] | None = None) -> Action | None:
    """Inverse of :func:`encode_action` for ``seat``; ``None`` for a value that is not an action.

    The seat always comes from the caller (the clicking user's seat), never
    from the value, so a crafted value can only ever act for its sender. A value longer than
    any drawn (``MAX_VALUE``) is none; nothing in a value makes this raise.
    """
    if len(value) > MAX_VALUE:
        return None
    if value.startswith("#"):
        # ASCII digits only: "#²" is a digit to str.isdigit() but not to int()
        if legal is None or not value[1:].isascii() or not value[1:].isdigit():
            return None
        i = int(value[1:])
        return legal[i] if i < len(legal) else None
    if "|" in value and (":" not in value or value.index("|") < value.index(":")):
        kind, _, raw = value.partition("|")
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):  # "[[[[…" nests past the parser's depth
            return None
        if not isinstance(data, dict):
            return None
        return Action(seat, kind, data) if kind.isidentifier() else None
    kind, sep, cards = value.partition(":")
    kind, at, reading = kind.partition("@")
    if not sep or not kind.isidentifier():
        return None
    if at:
        if not reading.isalnum() or not cards.strip():
            return None
        return Action(seat, kind, {"cards": cards.split(), "as": reading})
    return Action(seat, kind, {"cards": cards.split()} if cards.strip() else {})


def _with_reading(data: Mapping[str, Any]) -> bool:
    """True for data of cards and the reading they are played as (``as``, alphanumeric)."""
    return (
        set(data) == {"cards", "as"}
        and isinstance(data["cards"], list)
        and isinstance(data["as"], str)
        and data["as"].isalnum()
    )


def same_cards(a: Sequence[Any], b: Sequence[Any]) -> bool:
    """True when two card lists hold the same multiset (notation-independent)."""
    try:
        return sorted(parse_card(str(x)) for x in a) == sorted(parse_card(str(x)) for x in b)
    except CardParseError:
        return False


def seat_name(lang: Lang, names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return "—"
    if 0 <= seat < len(names):
        return names[seat]
    return tr(lang, "seat_n", n=seat + 1)


@cache
def game_text(game: str | None) -> ModuleType | None:
    """A game's own lines, the module ``cogs.<game>_text`` (e.g. :mod:`cogs.dagun_text`), or
    ``None``. Found by name, as :mod:`cogs.pictures` finds render adapters; it may define
    ``event_line(lang, event, names)`` and ``outcome_line(lang, kind, data, names)`` (``None``
    to fall back to the shared lines), ``table_lines(lang, view, names)``,
    ``situation_lines(lang, view, names, seat)`` and ``hand_groups(view)``; a game whose
    table is not a card table (mahjong) replaces the shared lines with ``play_lines(lang,
    table, view, names)`` (the table message) and ``hand_text(lang, view)`` (the hand
    message), and sets ``TYPED_CARDS = False`` when no move is typed as cards. (What a
    decision needs is the game's presentation's, :func:`present.games.situation`.)"""
    return game_module("cogs.{game}_text", game)


def event_line(lang: Lang, event: Event, names: Sequence[str], game: str | None = None) -> str:
    """One short line for ``event``: the game's own line (:func:`game_text`), else the
    catalogue template ``event.<kind>`` filled from ``event.data`` (plus ``who``, the acting
    seat's name, and ``text``), else ``event.text``.
    """
    msg = presentation.event(game, event)  # the game's presentation says it, if it can
    if msg is not None:
        return render(Reader(lang, list(names)), msg)
    own = getattr(game_text(game), "event_line", None)
    line = own(lang, event, names) if own is not None else None
    if line is not None:
        return str(line)
    params: dict[str, Any] = {"text": event.text, "who": seat_name(lang, names, event.seat)}
    for key, value in dict(event.data).items():
        if key == "cards" and isinstance(value, list):
            params[key] = cards_text(value)
        elif key == "winner" and isinstance(value, int):
            params.setdefault("who", seat_name(lang, names, value))
            params[key] = value
        else:
            params[key] = value
    outcome = outcome_line(lang, event.kind, event.data, names, game)
    if outcome is not None:
        return outcome
    key = f"event.{event.kind}"
    if has_message(key):
        try:
            template_ok = _fill(lang, key, params)
        except KeyError:
            template_ok = None
        if template_ok:
            return template_ok
    return event.text or event.kind


def team_names(lang: Lang, names: Sequence[str], seats: Any) -> str:
    """``Alice & Carol`` (``Alice、Carol``) for a list of seat indices."""
    if not isinstance(seats, list) or not all(isinstance(s, int) for s in seats):
        raise ValueError(f"not a list of seats: {seats!r}")
    return ("、" if is_zh(lang) else " & ").join(seat_name(lang, names, s) for s in seats)


def match_won_text(lang: Lang, result: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who won the match, from ``MatchResult.to_json()``; its English ``text`` when the data
    has another shape."""
    try:
        if list(result["ranks"]).count(1) > 1:  # a draw names no winner
            return str(result.get("text", ""))
        winners = result["teams"][list(result["ranks"]).index(1)]
        levels = (result.get("summary") or {}).get("levels") or result["scores"]
        return tr(
            lang,
            "outcome.match_won",
            team=team_names(lang, names, list(winners)),
            levels="/".join(str(x) for x in levels),
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return str(result.get("text", ""))


def outcome_line(
    lang: Lang,
    kind: str,
    data: Mapping[str, Any],
    names: Sequence[str],
    game: str | None = None,
) -> str | None:
    """The line for a hand's result, a new level or the match's end, built from the event's
    data (``HandResult.to_json()`` with the 扒鸡窝 ``summary`` of ``games.pajiwo.engine``, the
    ``level_up`` data, ``MatchResult.to_json()``) in the player's language; ``None`` for
    other kinds or data of another shape (the caller then uses the English ``text``). A game
    with results of its own shape says them in ``cogs.<game>_text.outcome_line``.
    """
    if kind in ("hand_over", "match_over"):  # the headline of the game's result screen
        screen = (
            presentation.hand_headline(game, data)
            if kind == "hand_over"
            else presentation.match_result(game, data)[:1]
        )
        if screen:
            return render_joined(Reader(lang, list(names)), screen)
    else:  # a new level, a 轮 won …: the game's line for that event
        said = presentation.event(game, Event(kind, None, dict(data), ""))
        if said is not None:
            return render(Reader(lang, list(names)), said)
    own = getattr(game_text(game), "outcome_line", None)
    line = own(lang, kind, data, names) if own is not None else None
    if line is not None:
        return str(line)
    try:
        if kind == "hand_over":
            summary = data["summary"]
            up = int(summary["levels_up"])
            params = {
                "number": int(data["number"]),
                "points": int(summary["defenders_points"]),
                "team": team_names(lang, names, summary["winner_team"]),
                "up": up,
                "result": str(summary["result"]),
            }
            if not summary["takeover"]:
                key = "outcome.dealer_up"
            else:
                key = "outcome.takeover_up" if up else "outcome.takeover"
            return tr(lang, key, **params)
        if kind == "level_up":
            return tr(
                lang,
                "outcome.level_up",
                team=team_names(lang, names, data["team"]),
                up=int(data["up"]),
                level=str(data["level"]),
            )
        if kind == "match_over":
            return tr(lang, "event.match_over", text=match_won_text(lang, data, names))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
    return None


def _fill(lang: Lang, key: str, params: Mapping[str, Any]) -> str | None:
    text = template(lang, key)
    if text is None:
        return None
    try:
        return text.format_map(dict(params))
    except (KeyError, IndexError, ValueError):
        return None
