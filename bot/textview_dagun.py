"""The terminal view of 打滚 (Dagun): the table, the hand grouped by rank, the numbered plays, and
typed plays whose reading is asked for when the cards read several ways.

Hooked into the generic terminal (``bot/textview.py``'s ``render_view`` and ``bot/cli.py``) by
the game key ``"dagun"``; everything Dagun-specific lives here.

* :func:`render_dagun` - the table as text: dealer, called card (叫牌), the partner as this
  player may know it, 硬牌, every seat's cards left, points and place, the round so far, coins,
  and the hand grouped by rank (3 … A, 2), jokers apart.
* :func:`format_moves` - the numbered plays, grouped by combination type on a few lines.
* :func:`parse_move` - a number, ``pass``, or cards (``5s 5h BJ SJ``) with an optional reading
  (``as 4455``); cards that several listed plays share ask which reading is meant.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.screens import move_line
from bot.typed import read_reading_move
from games.base import Action
from games.cards import CardParseError, format_card, parse_card
from games.climbing import DAGUN_RULES, KIND_LABELS, climb_index, readings
from present import dagun as present_dagun
from present.i18n import Lang
from present.message import ByLang, Msg, Reader, render

__all__ = [
    "HELP",
    "HELP_ASCII",
    "LIST_LIMIT",
    "format_moves",
    "hand_groups",
    "parse_move",
    "render_dagun",
]

HELP = (
    "type a play's number, or its cards (♠5 5s 黑桃5 红心K, jokers BJ SJ 大王 小王) with the"
    " reading when jokers read several ways (5s 5h BJ SJ as 4455), pass 过, declare_alone 硬牌,"
    " hint, view (show the table again), help or quit"
)
"""The terminal's help line at a 打滚 table (``python -m bot play dagun``)."""
HELP_ASCII = (
    "type a play's number, or its cards (5s S5 Kh, jokers BJ SJ) with the reading when jokers"
    " read several ways (5s 5h BJ SJ as 4455), pass, declare_alone, hint, view (show the table"
    " again), help or quit"
)
"""The help on a console that cannot show ♠ or Chinese (what it prints is ASCII too)."""
LIST_LIMIT = 400
"""How many legal moves the terminal asks for (a lead may have a few hundred)."""

_PLACES = ("一游", "二游", "三游", "末游")
_RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def _who(seat: Any, names: Sequence[str]) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def _leads(seat: Any, names: Sequence[str]) -> str:
    """``Bot 2 leads`` / ``you lead``."""
    who = _who(seat, names)
    return f"{who} {'lead' if who.lower() == 'you' else 'leads'}"


def _cards(raw: Sequence[str]) -> str:
    return " ".join(format_card(parse_card(x)) for x in raw)


def hand_groups(hand: Sequence[str]) -> list[tuple[str, list[str]]]:
    """The hand as ``[(rank label, cards)]`` from 3 up to 2, then ``("jokers", [...])``."""
    groups: dict[int, list[str]] = {}
    jokers: list[tuple[int, str]] = []
    for text in hand:
        card = parse_card(text)
        if card.is_joker:
            jokers.append((-int(card.rank), format_card(card)))  # 大王 first
        else:
            groups.setdefault(climb_index(card.rank), []).append(format_card(card))
    out = [(_RANK_LABELS[i], groups[i]) for i in sorted(groups)]
    if jokers:
        out.append(("jokers", [label for _, label in sorted(jokers)]))
    return out


def _play_text(entry: Mapping[str, Any], names: Sequence[str]) -> str:
    who = _who(entry.get("seat"), names)
    if entry.get("pass"):
        return f"{who} pass"
    label = entry.get("label") or entry.get("kind") or ""  # the English view: "single"
    return f"{who} {_cards(entry.get('cards') or [])} ({label} {entry.get('as', '')})"


def render_dagun(view: Mapping[str, Any], names: Sequence[str], title: str | None = None) -> str:
    """The Dagun table as several lines, the seat's own hand last (grouped by rank)."""
    lines: list[str] = []
    head = [
        title or "打滚 Dagun",
        f"hand {view.get('hand_number')}/{view.get('hands_total')}",
        str(view.get("phase", "")).replace("_", " "),
    ]
    lines.append("── " + " · ".join(h for h in head if h) + " ──")
    seat = view.get("seat")
    dealer = view.get("dealer")
    finished = view.get("hand_results") or []
    if view.get("phase") in ("hand_over", "match_over") and finished:
        # the engine names the next hand's dealer at once; this screen shows the hand played
        dealer = (finished[-1].get("summary") or {}).get("dealer", dealer)
    called = view.get("called")
    partner = view.get("partner")
    if view.get("alone") is not None:
        side = f"硬牌: {_who(view['alone'], names)} plays alone against the other three"
    elif view.get("revealed") and partner is not None:
        side = f"partner: {_who(partner, names)} (明鸡)"
    elif view.get("you_are_partner"):
        side = "partner: you (secret: only you know)"
    else:
        side = "partner: secret"
    lines.append(
        f"dealer: {_who(dealer, names)} · called card (叫牌): {_cards([called]) if called else '?'}"
        f" · {side}"
    )
    counts = view.get("hand_counts") or []
    captured = view.get("captured") or []
    order = list(view.get("finish_order") or [])
    parts = []
    for s, n in enumerate(counts):
        bits = [
            f"{n} card{'' if n == 1 else 's'}",
            f"{captured[s] if s < len(captured) else 0} pts",
        ]
        if s in order:
            bits.append(_PLACES[order.index(s)])
        if s == dealer:
            bits.append("dealer")
        parts.append(f"{_who(s, names)} ({', '.join(bits)})")
    lines.append("seats: " + " · ".join(parts))
    teams = view.get("teams")
    team_points = view.get("team_points")
    if teams and team_points:
        lines.append(
            "teams: "
            + "  vs  ".join(
                f"{' + '.join(_who(s, names) for s in t)} {p} pts"
                for t, p in zip(teams, team_points, strict=False)
            )
        )
    last_round = view.get("last_round")
    if isinstance(last_round, Mapping) and not view.get("round"):
        taker = _who(last_round.get("taker"), names)
        lines.append(
            "last round: "
            + " · ".join(_play_text(e, names) for e in last_round.get("plays") or [])
            + (f" → {last_round['points']} pts to {taker}" if last_round.get("points") else "")
        )
    jiefeng = view.get("jiefeng")
    if isinstance(jiefeng, Mapping):
        lines.append(
            f"接风: {_leads(jiefeng.get('to'), names)} for {_who(jiefeng.get('from'), names)}"
        )
    if view.get("round"):
        lines.append("this round: " + " · ".join(_play_text(e, names) for e in view["round"]))
        if view.get("round_points") and view.get("phase") == "play":  # taken at the hand's end
            lines.append(f"points on the table: {view['round_points']}")
    last = view.get("last_play")
    if isinstance(last, Mapping):
        lines.append(
            f"to beat: {_cards(last.get('cards') or [])} ({last.get('label')}, {last.get('as')}) "
            f"by {_who(last.get('seat'), names)}"
        )
    results = view.get("hand_results") or []
    over = view.get("phase") in ("hand_over", "match_over")  # the result screen says it then
    if results and not over and not view.get("history"):
        last_hand = results[-1] if isinstance(results[-1], Mapping) else {}
        screen = present_dagun.hand_result(last_hand)
        if screen:
            you = seat if isinstance(seat, int) else None
            lines.append(f"last hand: {render(Reader('en', list(names), you=you), screen[0])}")
    coins = view.get("coins") or []
    if any(coins):
        lines.append("coins: " + " · ".join(f"{_who(s, names)} {c}" for s, c in enumerate(coins)))
    mine = (view.get("bonuses") or {}).get(str(seat)) if seat is not None else None
    if mine:
        lines.append(f"your bonus hands: {', '.join(mine)}")
    turn = view.get("turn") or []
    if turn:
        lines.append("to move: " + ", ".join(_who(s, names) for s in turn))
    hand = view.get("hand")
    if hand:
        lines.append(f"your hand ({len(hand)}):")
        for label, cards in hand_groups(hand):
            lines.append(f"  {label:>6} ×{len(cards)}: {' '.join(cards)}")
    return "\n".join(lines)


def _kind_of(action: Action) -> str:
    cards = [parse_card(x) for x in action.data.get("cards") or []]
    reading = action.data.get("as")
    for combo in readings(cards, DAGUN_RULES):
        if combo.key() == reading:
            return combo.kind
    combos = readings(cards, DAGUN_RULES)
    return combos[0].kind if combos else "play"


def describe(action: Action, lang: Lang = "en") -> str:
    """A listed move: a play's cards and reading (``♠5 ♥5 大王 as 555``), grouped by kind
    already, else the move's label (``过 pass``): :func:`present.moves.move_label`."""
    return move_line(lang, action, with_kind=action.kind != "play")


def format_moves(legal: Sequence[Action], lang: Lang = "en", per_line: int = 6) -> list[str]:
    """Numbered moves, one line per non-play move and a few lines per combination type."""
    out: list[str] = []
    groups: dict[str, list[str]] = {}
    for i, action in enumerate(legal, 1):
        if action.kind != "play":
            out.append(f"  {i:>3}. {describe(action, lang)}")
            continue
        kind = _kind_of(action)
        groups.setdefault(kind, []).append(f"{i}) {describe(action, lang)}")
    reader = Reader(lang, [])
    for kind, items in groups.items():
        en, zh = KIND_LABELS.get(kind, (kind, kind))
        name = render(reader, Msg("move.kind", kind=ByLang(f"{zh} {en}", zh)))
        for k in range(0, len(items), per_line):
            head = f"{name}:" if k == 0 else ""
            out.append(f"  {head:<12}" + "   ".join(items[k : k + per_line]))
    return out


def parse_move(
    text: str,
    seat: int,
    legal: list[Action],
    kinds: list[str],
    accepts: Callable[[Action], bool] | None = None,
) -> Action:
    """Read a typed Dagun move (:func:`bot.typed.read_reading_move`): a number from the list,
    ``pass``, ``declare_alone`` (``declare alone``, ``硬牌``), or cards with an optional reading
    (``5s 5h BJ SJ as 4455``, ``♠5 ♥5 大王 小王 = 4455`` as listed, ``as=4455`` as hinted).

    Cards that read several ways raise ``ValueError`` naming every reading: the listed ones
    with their numbers, and the others that ``accepts`` (the engine's check) takes. Cards not
    listed are sent as typed for the engine.
    """
    return read_reading_move(text, seat, legal, kinds, readings_of=_reading_keys, accepts=accepts)


def _reading_keys(cards: list[str]) -> list[str]:
    """Every reading of ``cards`` under 打滚's rules (``["8888", "7788", "8899"]``)."""
    try:
        return [c.key() for c in readings([parse_card(x) for x in cards], DAGUN_RULES)]
    except CardParseError:  # pragma: no cover - the cards were read by the same parser
        return []
