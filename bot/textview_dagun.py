"""The terminal's own part of 打滚 (Dagun): the hand grouped by rank, the numbered plays, and
typed plays whose reading is asked for when the cards read several ways. (The table itself
is the game's presentation's, :mod:`present.dagun`, drawn by :mod:`bot.textview`.)

Found by the game key (``bot.textview_<key>``) by ``bot/textview.py`` and ``bot/cli.py``.

* :func:`hand_lines` - the hand grouped by rank (3 … A, 2), jokers apart.
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
from present.i18n import Lang, tr
from present.message import ByLang, Msg, Reader, render

__all__ = [
    "HELP",
    "HELP_ASCII",
    "LIST_LIMIT",
    "format_moves",
    "hand_groups",
    "hand_lines",
    "parse_move",
]

HELP_ID = "terminal.help.dagun"
"""The help at a 打滚 table (``python -m bot play dagun``), in the reader's language."""
HELP = (
    "type a play's number, or its cards (♠5 5s 黑桃5 红心K, jokers BJ SJ 大王 小王) with the"
    " reading when jokers read several ways (5s 5h BJ SJ as 4455), pass 过, 硬牌 (or alone) to play"
    " alone, hint, view (show the table again), help or quit"
)
"""The terminal's help line at a 打滚 table (``python -m bot play dagun``)."""
HELP_ASCII = (
    "type a play's number, or its cards (5s S5 Kh, jokers BJ SJ) with the reading when jokers"
    " read several ways (5s 5h BJ SJ as 4455), pass, alone (to play alone), hint, view (show"
    " the table again), help or quit"
)
"""The help on a console that cannot show ♠ or Chinese (what it prints is ASCII too)."""
LIST_LIMIT = 400
"""How many legal moves the terminal asks for (a lead may have a few hundred)."""

_RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


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


def hand_lines(view: Mapping[str, Any], lang: Lang = "en") -> list[str]:
    """The player's hand for the terminal, grouped by rank from 3 up to 2, jokers apart
    (``     5 ×2: ♠5 ♥5``)."""
    out = []
    for label, cards in hand_groups(view.get("hand") or []):
        shown = tr(lang, "terminal.group.jokers") if label == "jokers" else label
        out.append(f"  {shown:>6} ×{len(cards)}: {' '.join(cards)}")
    return out


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
        width = max(12, len(name) + 2)  # a long label still has a space before its moves
        for k in range(0, len(items), per_line):
            head = f"{name}:" if k == 0 else ""
            out.append("  " + head.ljust(width) + "   ".join(items[k : k + per_line]))
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
