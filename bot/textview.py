"""Plain-text rendering of a game view and of moves, for the terminal front end.

A trick-taking view (one with ``trump`` and ``trick``, as 扒鸡窝 and 打滚子
give) is drawn as a table: trump and level, dealer and teams, cards held,
the last and the current trick, whose turn, and the hand grouped as the
engine sorts it, trumps (主牌) first, then ♠ ♥ ♣ ♦. Any other view is
rendered generically: lists of card notation become readable cards
(``♠10 ♥Q 大王``), other values compact JSON, the keys the engines share
(``hand``, ``trick``, ``turn``) first. Seats are shown by name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Action
from games.cards import Card, CardParseError, Suit, format_card, parse_card

__all__ = ["format_action", "format_value", "name_seats", "render_view"]

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


def format_action(action: Action) -> str:
    """``"play ♠10 ♠10"``, ``"pass"``, ``"ante amount=2"``."""
    parts = [action.kind]
    for key, value in action.data.items():
        cards = _cards(value) if key == "cards" else None
        parts.append(cards if cards is not None else f"{key}={format_value(value)}")
    return " ".join(parts)


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

    text = re.sub(r"\bseats (\d+) (&|and) (\d+)\b", pair, text)
    text = re.sub(r"\bseat (\d+)\b(?: ([a-z]+(?<!s)s)\b)?", name, text)
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


def render_view(view: Mapping[str, Any], names: Sequence[str], title: str | None = None) -> str:
    """Several lines: the table (trick-taking views drawn as such), the seat's own hand last.

    ``names`` are the seats' names in seat order; ``title`` heads a trick-taking view
    (default: the view's ``game`` key).
    """
    if view.get("game") == "dagun":  # hook: Dagun's table lives in its own module
        from bot.textview_dagun import render_dagun

        return render_dagun(view, names, title)
    trump = view.get("trump")
    if isinstance(trump, Mapping) and isinstance(view.get("trick"), Mapping):
        return _render_tricks(view, names, title)
    return _render_generic(view, names)


def _render_generic(view: Mapping[str, Any], names: Sequence[str]) -> str:
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
    if results:
        last = results[-1]
        text = last.get("text") if isinstance(last, Mapping) else None
        lines.append(f"last hand: {text or format_value(last)}")
    hand = view.get("hand")
    if hand:
        lines.append(f"your hand ({len(hand)}): {format_value(hand)}")
    return "\n".join(lines)


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


def _render_tricks(view: Mapping[str, Any], names: Sequence[str], title: str | None) -> str:
    lines: list[str] = []
    head = [title or str(view.get("game", "")), f"hand {view.get('hand_number', '?')}"]
    if view.get("phase"):
        head.append(str(view["phase"]).replace("_", " "))
    if view.get("phase") == "play":
        head.append(f"trick {int(view.get('tricks_played') or 0) + 1}")
    lines.append("── " + " · ".join(h for h in head if h) + " ──")
    lines.append(_trump_line(view, names))
    teams = view.get("teams") or []
    dealer_team = view.get("dealer_team") or []
    points = view.get("points") or []
    levels = view.get("team_levels") or []
    parts = []
    for i, team in enumerate(teams):
        who = " + ".join(_who(s, names) for s in team)
        bits = []
        if i < len(levels):
            bits.append(f"level {levels[i]}")
        if i < len(points) and view.get("phase") in ("play", "hand_over", "match_over"):
            bits.append(f"{points[i]} points")
        if list(team) == list(dealer_team):
            bits.append("dealer's side")
        parts.append(f"{who} ({', '.join(bits)})" if bits else who)
    if parts:
        lines.append("teams: " + "  vs  ".join(parts))
    if view.get("dealer") is not None:
        lines.append(f"dealer: {_who(view['dealer'], names)}")
    counts = view.get("hand_counts")
    if counts:
        lines.append(
            "cards held: " + " · ".join(f"{_who(i, names)} {n}" for i, n in enumerate(counts))
        )
    if view.get("kitty"):
        lines.append(f"kitty (底牌): {format_value(view['kitty'])}")
    last = view.get("last_trick")
    if isinstance(last, Mapping) and view.get("phase") == "play":
        winner = _who(last.get("winner"), names)
        won = f" → {winner} {'win' if winner.lower() == 'you' else 'wins'}"
        if last.get("points"):
            won += f" {last['points']} points"
        lines.append(f"last trick: {_plays(last.get('plays'), names)}{won}")
    trick = view["trick"]
    failed = trick.get("failed_throw")
    if isinstance(failed, Mapping):
        lines.append(f"failed throw: {format_value(failed)}")
    if trick.get("plays"):
        lines.append(f"this trick: {_plays(trick['plays'], names)}")
    results = view.get("hand_results")
    if results and (view.get("phase") in ("hand_over", "match_over") or not trick.get("plays")):
        last_result = results[-1]
        text = last_result.get("text") if isinstance(last_result, Mapping) else None
        lines.append(f"last hand: {name_seats(text, names) if text else format_value(last_result)}")
    turn = view.get("turn") or []
    if turn:
        lines.append("to move: " + ", ".join(_who(s, names) for s in turn))
    if view.get("hand"):
        lines.append(f"your hand ({len(view['hand'])}):")
        for group, cards in hand_groups(view):
            lines.append(f"  {group:<6}({len(cards):>2}): {' '.join(cards)}")
    return "\n".join(lines)
