"""The terminal's table: what a game's presentation says of the player's view, and the
player's own hand as it is typed back.

:func:`render_view` draws, in the reader's language (:func:`bot.screens.terminal_lang`):

* a header (the game and the hand's number);
* the game's screen (:func:`present.games.screen`: its table's lines and what the seat's
  decision needs: trump, level, sides, points, the trick, the called card, 财神, melds,
  rivers …, as the game's presentation says them; the terminal reads nothing of the view
  itself);
* whose move it is;
* the player's own hand, terminal-only: grouped as the cards are typed back (trumps first,
  then ♠ ♥ ♣ ♦; a game's own module ``bot.textview_<key>`` may group it itself with
  ``hand_lines``), or as the game's presentation names its pieces
  (:func:`present.games.hand`, mahjong's tiles).

A game without a presentation (a test's toy game) is drawn generically: its view's values
as compact text, cards readable.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from bot.screens import name_seats
from games.cards import Card, CardParseError, Suit, format_card, parse_card
from games.registry import GAMES
from present import games as presentation
from present.i18n import Lang, tr
from present.message import Msg, Reader, Seats, render

__all__ = ["format_value", "hand_groups", "own_module", "render_view", "screen_lines"]

_FIRST = ("phase", "hand_number", "hand_no", "level", "trump", "dealer", "turn", "trick", "points")
_SKIP = {"game", "legal", "hand_results", "tricks", "teams", "seat", "hand"}


def _cards(value: Any) -> str | None:
    """``"♠10 ♥Q"`` when ``value`` is a list of card strings, else ``None``."""
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        return None
    try:
        return " ".join(format_card(parse_card(v)) for v in value)
    except CardParseError:
        return None


def format_value(value: Any) -> str:
    """A view value as short text: card lists as cards, nested values with cards inside too."""
    cards = _cards(value)
    if cards is not None:
        return cards
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {format_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def own_module(game: str) -> ModuleType | None:
    """The game's own terminal module ``bot.textview_<key>`` (打滚's), found by the game's
    key as every game's own module is, or ``None``."""
    if game not in GAMES:
        return None
    name = f"bot.textview_{game}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:  # the module is there but something it needs is not
            raise
        return None


def screen_lines(
    game: str,
    view: Mapping[str, Any],
    names: Sequence[str],
    you: int,
    lang: Lang = "en",
    ascii_cards: bool = False,
) -> list[str] | None:
    """The game's screen for the seat ``you`` (:func:`present.games.screen`), rendered for the
    reader; ``None`` for a game without a presentation."""
    said = presentation.screen(game, view, you)
    if said is None:
        return None
    reader = Reader(lang, list(names), you=you, ascii_cards=ascii_cards)
    return [render(reader, m) for m in said]


def render_view(
    view: Mapping[str, Any],
    names: Sequence[str],
    title: str | None = None,
    *,
    lang: Lang = "en",
    ascii_cards: bool = False,
) -> str:
    """The table as the seat of ``view`` sees it, the player's own hand last (see the module).

    ``names`` are the seats' names in seat order; ``title`` heads the screen (default: the
    view's ``game`` key)."""
    game = str(view.get("game") or "")
    you = view.get("seat") if isinstance(view.get("seat"), int) else 0
    assert isinstance(you, int)
    said = screen_lines(game, view, names, you, lang, ascii_cards)
    if said is None:
        return _render_generic(view, names)
    reader = Reader(lang, list(names), you=you, ascii_cards=ascii_cards)
    head = tr(lang, "terminal.header", title=title or game, hand=view.get("hand_number", "?"))
    lines = [head, *said]
    turn = view.get("turn")
    seats = [turn] if isinstance(turn, int) else [s for s in turn or [] if isinstance(s, int)]
    if seats and view.get("phase") not in ("hand_over", "match_over"):
        lines.append(render(reader, Msg("terminal.to_move", who=Seats(seats))))
    lines += _hand(game, view, reader)
    return "\n".join(lines)


def _hand(game: str, view: Mapping[str, Any], reader: Reader) -> list[str]:
    """The player's own hand: the game's own listing, or its presentation's line for its
    pieces, or the cards grouped trumps first."""
    hand = view.get("hand")
    if not isinstance(hand, list) or not hand:
        return []
    head = tr(reader.lang, "terminal.your_hand", count=len(hand))
    own = getattr(own_module(game), "hand_lines", None)
    if own is not None:
        return [head, *own(view, reader.lang)]
    pieces = presentation.hand(game, view)
    if pieces is not None:
        line = Msg("terminal.your_hand_line", count=len(hand), pieces=pieces)
        return [render(reader, line)]
    lines = [head]
    picked = _picked_up(view)
    marked_any = bool(picked)
    for group, cards in hand_groups(view):
        label = tr(reader.lang, "terminal.group.trump") if group == "trump" else group
        shown = []
        for card in cards:
            if card in picked:
                picked.remove(card)
                card += "+"
            shown.append(card)
        lines.append(f"  {label:<6}({len(cards):>2}): {' '.join(shown)}")
    if marked_any:
        lines.append("  " + tr(reader.lang, "terminal.picked_up"))
    return lines


def _picked_up(view: Mapping[str, Any]) -> list[str]:
    """The viewer's cards just taken from the kitty (``view["picked_up"]``, which the engine
    gives only to the seat that buries them, while it buries), as the hand shows them."""
    cards = view.get("picked_up")
    if not isinstance(cards, list) or view.get("kitty_owner") != view.get("seat"):
        return []
    out = []
    for text in cards:
        try:
            out.append(format_card(parse_card(str(text))))
        except CardParseError:
            continue
    return out


def _render_generic(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """A view of a game without a presentation: its values as text, the hand last."""
    lines = ["seats: " + ", ".join(f"{i}:{n}" for i, n in enumerate(names))]
    keys = [k for k in _FIRST if k in view] + [
        k for k in view if k not in _FIRST and k not in _SKIP
    ]
    for key in keys:
        value = view[key]
        if value is None or value == [] or value == {}:
            continue
        lines.append(f"{key}: {format_value(value)}")
    results = view.get("hand_results")
    last = results[-1] if isinstance(results, list) and results else None
    if isinstance(last, Mapping):
        text = last.get("text")
        lines.append(f"last hand: {name_seats(text, names) if text else format_value(last)}")
    hand = view.get("hand")
    if hand:
        lines.append(f"your hand ({len(hand)}): {format_value(hand)}")
    return "\n".join(lines)


# ---------------------------------------------------------------- a trick-taking hand
def _is_trump(card: Card, trump: Mapping[str, Any], level: Any) -> bool:
    """Jokers, the level rank and the trump suit (and permanent ranks, if the view lists them)."""
    if card.is_joker:
        return True
    if level is not None and card.rank.label == str(level):
        return True
    if str(card.rank.label) in [str(r) for r in trump.get("permanent") or []]:
        return True
    return (
        bool(trump.get("suit")) and not trump.get("no_trump") and card.suit == Suit(trump["suit"])
    )


def _level(view: Mapping[str, Any]) -> Any:
    """The hand's level; before anyone declares, the level both teams share (if they do)."""
    if view.get("level") is not None:
        return view["level"]
    levels = set(map(str, view.get("team_levels") or []))
    return levels.pop() if len(levels) == 1 else None


def hand_groups(view: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """The seat's hand as ``[(group, cards)]``: ``trump`` first, then each side suit, in the
    engine's order (strongest first); cards as ``♠10``."""
    trump = view.get("trump")
    trump = trump if isinstance(trump, Mapping) else {}
    hand = view.get("hand") or []
    level = _level(view)
    groups: dict[str, list[str]] = {}
    for text in hand:
        try:
            card = parse_card(str(text))
        except CardParseError:
            continue
        group = (
            "trump" if _is_trump(card, trump, level) else (card.suit.symbol if card.suit else "?")
        )
        groups.setdefault(group, []).append(format_card(card))
    order = ["trump", *(s.symbol for s in Suit)]
    return [(g, groups[g]) for g in order if g in groups]
