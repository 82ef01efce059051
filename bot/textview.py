"""Plain-text rendering of a game view and of moves, for the terminal front end.

:func:`render_view` picks a :class:`TextRenderer` by the view's ``game`` key
(:data:`RENDERERS`; a game plugs in its own with :func:`register_renderer`),
else by the view's shape. A trick-taking view (one with ``trump`` and ``trick``,
as 扒鸡窝 and 打滚子 give) is drawn as a table: the match length and how far it
has come, trump and level, dealer and teams, the defenders' points, cards held,
the last and the current trick (with who is winning it), whose turn, and the
hand grouped as the engine sorts it, trumps (主牌) first, then ♠ ♥ ♣ ♦. Any
other view is rendered generically: lists of card notation become readable
cards (``♠10 ♥Q 大王``), other values compact JSON, the keys the engines share
(``hand``, ``trick``, ``turn``) first. Seats are shown by name.
:func:`render_hand_end` is what the terminal prints when a hand ends: for a
trick-taking hand the last trick with its winner, and the kitty (底牌).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.screens import name_seats
from games.cards import Card, CardParseError, Suit, format_card, parse_card
from present import games as presentation
from present.message import Reader, render

__all__ = [
    "RENDERERS",
    "TextRenderer",
    "format_value",
    "match_line",
    "register_renderer",
    "render_hand_end",
    "render_view",
]

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


ViewText = Callable[[Mapping[str, Any], Sequence[str], str | None, Mapping[str, Any]], str]
"""``(view, names, title, options) -> text``."""


@dataclass(frozen=True)
class TextRenderer:
    """How one game's view is drawn: ``table`` for the whole table (:func:`render_view`),
    ``hand_end`` for the lines shown when a hand ends (:func:`render_hand_end`)."""

    table: ViewText
    hand_end: ViewText


RENDERERS: dict[str, TextRenderer] = {}
"""Renderers by game key; a game without one is drawn by the shape of its view."""


def register_renderer(game: str, renderer: TextRenderer) -> None:
    """Draw the views of ``game`` (registry key) with ``renderer``."""
    RENDERERS[game] = renderer


def _renderer(view: Mapping[str, Any]) -> TextRenderer:
    game = view.get("game")
    if isinstance(game, str) and game in RENDERERS:
        return RENDERERS[game]
    trump = view.get("trump")
    if isinstance(trump, Mapping) and isinstance(view.get("trick"), Mapping):
        return TRICKS
    return GENERIC


def render_view(
    view: Mapping[str, Any],
    names: Sequence[str],
    title: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    """Several lines: the table (trick-taking views drawn as such), the seat's own hand last.

    ``names`` are the seats' names in seat order; ``title`` heads a trick-taking view
    (default: the view's ``game`` key); ``options`` are the table's resolved options (for
    the match length; ``{}`` leaves it out).
    """
    return _renderer(view).table(view, names, title, options or {})


def render_hand_end(
    view: Mapping[str, Any],
    names: Sequence[str],
    title: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    """The lines shown as a hand ends, from the view taken then (before the next deal):
    the last trick with its winner and the kitty, or the hand's result."""
    return _renderer(view).hand_end(view, names, title, options or {})


def _last_result(view: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """``last hand: …``: the headline of the game's result screen (:mod:`present`), the
    reader's own seat as "you"; the engine's text for a game without one."""
    results = view.get("hand_results")
    if not results:
        return None
    last = results[-1]
    if isinstance(last, Mapping):
        you = view.get("seat") if isinstance(view.get("seat"), int) else None
        screen = presentation.hand_result(str(view.get("game")), last)
        if screen:
            return f"last hand: {render(Reader('en', list(names), you=you), screen[0])}"
    text = last.get("text") if isinstance(last, Mapping) else None
    return f"last hand: {name_seats(text, names) if text else format_value(last)}"


def _render_generic(
    view: Mapping[str, Any],
    names: Sequence[str],
    title: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    lines = ["seats: " + ", ".join(f"{i}:{n}" for i, n in enumerate(names))]
    if options:
        line = match_line(view, names, options)
        if line:
            lines.append(line)
    keys = [k for k in _FIRST if k in view] + [
        k for k in view if k not in _FIRST and k not in _SKIP
    ]
    for key in keys:
        value = view[key]
        if value is None or value == [] or value == {}:
            continue
        lines.append(f"{key}: {format_value(value)}")
    result = _last_result(view, names)
    if result:
        lines.append(result)
    hand = view.get("hand")
    if hand:
        lines.append(f"your hand ({len(hand)}): {format_value(hand)}")
    return "\n".join(lines)


def _generic_hand_end(
    view: Mapping[str, Any],
    names: Sequence[str],
    title: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    """Nothing: the result is the game's presentation's screen (bot.screens.hand_lines)."""
    return ""


GENERIC = TextRenderer(_render_generic, _generic_hand_end)


def match_line(
    view: Mapping[str, Any], names: Sequence[str], options: Mapping[str, Any]
) -> str | None:
    """``"match: to level 8 · hand 3"``: the match length (the ``match`` option that most
    games have) and how far it has come; ``None`` when the options name no length."""
    length = options.get("match")
    if not isinstance(length, str):
        return None
    if length == "one_hand":
        what = "one hand"
    elif length == "to_level":
        what = f"to level {_level_label(options.get('target_level'))}"
    elif length == "full":
        what = "full (until a side playing A goes up)"
    else:
        what = length.replace("_", " ")
    progress = []
    if view.get("hand_number") is not None:
        progress.append(f"hand {view['hand_number']}")
    scores = view.get("scores")
    if length != "one_hand" and isinstance(scores, list):
        won = [
            f"{' + '.join(_who(x, names) for x in s.get('team') or [])} {s['hands_won']}"
            for s in scores
            if isinstance(s, Mapping) and s.get("hands_won") is not None
        ]
        if won:
            progress.append("hands won: " + ", ".join(won))
    return "match: " + " · ".join([what, *progress])


def _level_label(level: Any) -> str:
    return {11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level)) if level else "?"


# ---------------------------------------------------------------- trick-taking games
def _who(seat: Any, names: Sequence[str]) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


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
    trump = view.get("trump") or {}
    hand = view.get("hand") or []
    level = _level(view)
    groups: dict[str, list[str]] = {}
    for text in hand:
        card = parse_card(text)
        group = (
            "trump" if _is_trump(card, trump, level) else (card.suit.symbol if card.suit else "?")
        )
        groups.setdefault(group, []).append(format_card(card))
    order = ["trump", *(s.symbol for s in Suit)]
    return [(g, groups[g]) for g in order if g in groups]


def _trump_line(view: Mapping[str, Any], names: Sequence[str]) -> str:
    trump = view["trump"]
    level = _level(view)
    at = f" at level {level}" if level is not None else ""
    if trump.get("no_trump"):
        what = f"no trump{at}"
    elif trump.get("suit"):
        what = f"{Suit(trump['suit']).symbol} trump{at}"
    else:
        what = f"not declared yet{at}"
    standing = view.get("standing")
    fixed = trump.get("fixed_by")
    if isinstance(standing, Mapping):
        how = f"{'declared' if fixed else 'standing bid'}: {_who(standing.get('seat'), names)}"
        how += f" {format_value(standing.get('cards'))}"
        what += f" ({how})"
    elif fixed and trump.get("kitty_card"):
        what += f" (from the kitty card {format_value([trump['kitty_card']])})"
    return "trump: " + what


def _plays(plays: Any, names: Sequence[str]) -> str:
    return " · ".join(
        f"{_who(p.get('seat'), names)} {format_value(p.get('cards'))}"
        for p in plays or []
        if isinstance(p, Mapping)
    )


def _lead_reading(lead: Mapping[str, Any]) -> str:
    """``view["trick"]["lead"]`` in words: ``tractor of 3 pairs ♠4♠4♠3♠3♠2♠2``, or for a
    throw ``throw (stood): pair ♥A♥A + single ♥K`` / ``throw (failed): … → single ♥J``."""

    def units(value: Any) -> str:
        return " + ".join(
            (
                f"tractor of {u.get('length')} pairs"
                if u.get("kind") == "tractor"
                else str(u.get("kind"))
            )
            + f" {format_value(u.get('cards'))}"
            for u in value or []
            if isinstance(u, Mapping)
        )

    throw = lead.get("throw")
    if not isinstance(throw, Mapping):
        return units(lead.get("units"))
    if throw.get("stood"):
        return f"throw (stood): {units(throw.get('units'))}"
    return f"throw (failed): {units(throw.get('units'))} → {units(lead.get('units'))}"


def _wins(seat: Any, names: Sequence[str]) -> str:
    who = _who(seat, names)
    return f"{who} {'win' if who.lower() == 'you' else 'wins'}"


def _trick_line(label: str, trick: Mapping[str, Any], names: Sequence[str]) -> str:
    """``last trick: A ♣10 · B ♣3 → A wins 10 points``."""
    won = f" → {_wins(trick.get('winner'), names)}"
    if trick.get("points"):
        won += f" {trick['points']} points"
    return f"{label}: {_plays(trick.get('plays'), names)}{won}"


_SHOWS_POINTS = ("play", "hand_over", "match_over")


def _finished_hand(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The summary of the hand just finished, while the view shows its end (the view itself
    already names the next hand's dealer)."""
    results = view.get("hand_results")
    if view.get("phase") not in ("hand_over", "match_over") or not results:
        return None
    summary = results[-1].get("summary") if isinstance(results[-1], Mapping) else None
    return summary if isinstance(summary, Mapping) and summary.get("dealer_team") else None


def _sides(view: Mapping[str, Any]) -> tuple[list[int], list[int], Any] | None:
    """``(dealer's team, defending team, defenders' points)`` of the hand shown, once there is
    a dealer: only the defenders' points decide a hand, so only they are shown."""
    teams = [list(t) for t in view.get("teams") or []]
    dealer_team = view.get("dealer_team")
    points = view.get("defenders_points")
    finished = _finished_hand(view)
    if finished is not None:
        dealer_team, points = finished["dealer_team"], finished.get("defenders_points")
    if not dealer_team:
        return None
    others = [t for t in teams if t != list(dealer_team)]
    if len(others) != 1:
        return None
    if points is None:
        all_points = view.get("points") or []
        index = teams.index(others[0])
        points = all_points[index] if index < len(all_points) else None
    return list(dealer_team), others[0], points


def _render_tricks(
    view: Mapping[str, Any],
    names: Sequence[str],
    title: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    lines: list[str] = []
    phase = view.get("phase")
    head = [title or str(view.get("game", "")), f"hand {view.get('hand_number', '?')}"]
    if phase:
        head.append(str(phase).replace("_", " "))
    if phase == "play":
        head.append(f"trick {int(view.get('tricks_played') or 0) + 1}")
    lines.append("── " + " · ".join(h for h in head if h) + " ──")
    if options:
        line = match_line(view, names, options)
        if line:
            lines.append(line)
    lines.append(_trump_line(view, names))
    teams = view.get("teams") or []
    sides = _sides(view)
    levels = view.get("team_levels") or []
    parts = []
    for i, team in enumerate(teams):
        who = " + ".join(_who(s, names) for s in team)
        bits = []
        if i < len(levels):
            bits.append(f"level {levels[i]}")
        if sides is not None and list(team) == sides[1] and phase in _SHOWS_POINTS:
            bits.append(f"{sides[2]} points")
        if sides is not None and list(team) == sides[0]:
            bits.append("dealer's side")
        parts.append(f"{who} ({', '.join(bits)})" if bits else who)
    if parts:
        lines.append("teams: " + "  vs  ".join(parts))
    finished = _finished_hand(view)
    if finished is not None and finished.get("dealer") is not None:
        lines.append(f"dealer: {_who(finished['dealer'], names)}")
        if phase == "hand_over" and view.get("dealer") is not None:
            lines.append(f"next dealer: {_who(view['dealer'], names)}")
    elif view.get("dealer") is not None:
        lines.append(f"dealer: {_who(view['dealer'], names)}")
    counts = view.get("hand_counts")
    if counts and phase not in ("hand_over", "match_over"):
        lines.append(
            "cards held: " + " · ".join(f"{_who(i, names)} {n}" for i, n in enumerate(counts))
        )
    if view.get("kitty"):
        lines.append(f"kitty (底牌): {format_value(view['kitty'])}")
    last = view.get("last_trick")
    if isinstance(last, Mapping) and phase in ("play", "hand_over", "match_over"):
        lines.append(_trick_line("last trick", last, names))
    trick = view["trick"]
    failed = trick.get("failed_throw")
    if isinstance(failed, Mapping):
        lines.append(f"failed throw: {format_value(failed)}")
    if trick.get("plays"):
        line = f"this trick: {_plays(trick['plays'], names)}"
        if trick.get("winning") is not None and len(trick["plays"]) > 1:
            line += f" ({_who(trick['winning'], names)} winning)"
        lines.append(line)
        if isinstance(trick.get("lead"), Mapping):
            lines.append(f"lead read as: {_lead_reading(trick['lead'])}")
    if phase not in ("hand_over", "match_over") and not trick.get("plays"):
        # between hands the result screen (bot.screens) has just said it, in the reader's
        # language: only a later look at the table recalls it here
        result = _last_result(view, names)
        if result:
            lines.append(result)
    turn = view.get("turn") or []
    if turn:
        lines.append("to move: " + ", ".join(_who(s, names) for s in turn))
    if view.get("hand"):
        lines.append(f"your hand ({len(view['hand'])}):")
        # the cards just taken from the kitty (底牌), while their taker buries: marked "+"
        picked = _picked_up(view)
        for group, cards in hand_groups(view):
            marked = []
            for card in cards:
                if card in picked:
                    picked.remove(card)
                    card += "+"
                marked.append(card)
            lines.append(f"  {group:<6}({len(cards):>2}): {' '.join(marked)}")
        if len(_picked_up(view)):
            lines.append("  (+ = just taken from the kitty 底牌)")
    return "\n".join(lines)


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


def _tricks_hand_end(
    view: Mapping[str, Any],
    names: Sequence[str],
    title: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    """The trick that ended the hand (it decides 扣底) and its winner; the result itself
    (points, kitty, levels) is the game's presentation's screen, printed after it."""
    last = view.get("last_trick")
    return _trick_line("last trick", last, names) if isinstance(last, Mapping) else ""


TRICKS = TextRenderer(_render_tricks, _tricks_hand_end)


def _render_dagunzi(
    view: Mapping[str, Any], names: Sequence[str], title: str | None, options: Mapping[str, Any]
) -> str:
    """打滚子: the trick table, with the tribute and kitty steps in words."""
    from bot.textview_dagunzi import add_lines

    return add_lines(view, names, _render_tricks(view, names, title, options))


register_renderer("dagunzi", TextRenderer(_render_dagunzi, _tricks_hand_end))


def _render_dagun(
    view: Mapping[str, Any], names: Sequence[str], title: str | None, options: Mapping[str, Any]
) -> str:
    """打滚: its own table (bot/textview_dagun.py)."""
    from bot.textview_dagun import render_dagun

    return render_dagun(view, names, title)


def _no_hand_end(
    view: Mapping[str, Any], names: Sequence[str], title: str | None, options: Mapping[str, Any]
) -> str:
    """Nothing beside the result: its presentation (:mod:`present`) says it all."""
    return ""


register_renderer("dagun", TextRenderer(_render_dagun, _no_hand_end))
