"""打滚 (Dagun) lines for Discord: events, the hand's result, the table's and the DM's state of
play, and the hand grouped for the card menus. Found by :func:`cogs.present.game_text`.

Everything here is pure (no Discord calls) and reads only the events' data and the engine's
views (:func:`games.dagun.views.seat_view`). The secret partner (the other holder of the called
card, 叫牌) is named only from what the view or event already makes public: a spectator's view
says ``partner: None`` until 明鸡 (``dagun_and_jinhua-mahjong.txt:55``), and no event before
``partner_revealed`` carries the partner's seat. The messages are in ``dagun.po``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cogs.i18n import Lang, is_zh, ntr, tr
from cogs.present import cards_text, seat_name, team_names
from games.base import Action
from games.cards import Card, format_card, parse_card
from games.climbing import KIND_LABELS, climb_index
from present import dagun as present_dagun
from present.dagun import reading_text
from present.message import Reader, render

__all__ = [
    "ANNOUNCED",
    "hand_groups",
    "kind_of_reading",
    "outcome_line",
    "reading_text",
    "situation_lines",
    "suggestion_groups",
    "table_lines",
]

ANNOUNCED = frozenset({"alone_declared", "partner_revealed", "jiefeng"})
"""Events posted to the channel as they happen (besides the shared ones: the hand's result)."""
RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
GROUP_CARDS = 8
"""At most this many cards in one menu of ranks (a rank is never split): about four menus for
27 cards, which leaves room in a layout message for the buttons and the suggestions."""


def _sep(lang: Lang) -> str:
    return "，" if is_zh(lang) else ", "


# ------------------------------------------------------------------------------- results
def _coins(lang: Lang, names: Sequence[str], coins: Sequence[Any]) -> str:
    return _sep(lang).join(
        f"{seat_name(lang, names, s)} {int(c):+d}".replace("-", "−") for s, c in enumerate(coins)
    )


def outcome_line(
    lang: Lang, kind: str, data: Mapping[str, Any], names: Sequence[str]
) -> str | None:
    """The table's Result line of a finished 打滚 match (``match_result``: without "Match
    over"); ``None`` for other kinds (the hand's and the match's lines are
    :mod:`present.dagun`'s) or data of another shape."""
    try:
        if kind == "match_result":  # the table's Result line
            totals = [int(c) for c in data["scores"]]
            best = max(totals)
            first = [s for s, c in enumerate(totals) if c == best]
            return ntr(
                lang,
                "dagun.outcome.match_result",
                best,
                who=team_names(lang, names, first),
                coins=_coins(lang, names, totals),
            )
    except (KeyError, TypeError, ValueError, IndexError, StopIteration):
        return None
    return None


# ------------------------------------------------------------------------------- state of play
def table_lines(lang: Lang, view: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The table message's state of play (:func:`present.dagun.table`), public only."""
    if view.get("game") != "dagun":
        return []
    return [render(Reader(lang, list(names)), m) for m in present_dagun.table(view)]


def situation_lines(
    lang: Lang, view: Mapping[str, Any], names: Sequence[str], seat: int
) -> list[str]:
    """What the seat's decision needs, in its DM (:func:`present.dagun.situation`)."""
    if view.get("game") != "dagun":
        return []
    reader = Reader(lang, list(names), you=seat)
    return [render(reader, m) for m in present_dagun.situation(view, seat)]


# ------------------------------------------------------------------------------- card menus
def _group_key(card: Card) -> int:
    return 13 if card.is_joker else climb_index(card.rank)


def hand_groups(view: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    """The hand for the card menus as ``[(label, cards)]``: ranks from 3 up to 2 packed into
    menus of at most :data:`GROUP_CARDS` cards without splitting a rank (``3–6``, ``7–10`` …),
    then the jokers apart (``王``); as the hand picture orders them (♠ ♥ ♣ ♦ inside a rank)."""
    cards = [parse_card(str(c)) for c in view.get("hand") or []]
    suits = "SHCD"
    by_rank: dict[int, list[Card]] = {}
    for card in cards:
        by_rank.setdefault(_group_key(card), []).append(card)
    for key, group in by_rank.items():
        if key == 13:
            group.sort(key=lambda c: -int(c.rank))
        else:
            group.sort(key=lambda c: suits.index(c.suit.value) if c.suit else 0)
    out: list[tuple[str, list[str]]] = []
    pack: list[int] = []
    size = 0

    def close() -> None:
        if pack:
            low, high = RANK_LABELS[pack[0]], RANK_LABELS[pack[-1]]
            label = low if low == high else f"{low}–{high}"
            out.append((label, [format_card(c) for r in pack for c in by_rank[r]]))

    for rank in sorted(r for r in by_rank if r != 13):
        n = len(by_rank[rank])
        if pack and size + n > GROUP_CARDS:
            close()
            pack, size = [], 0
        pack.append(rank)
        size += n
    close()
    if 13 in by_rank:
        out.append(("王 jokers", [format_card(c) for c in by_rank[13]]))
    return out


# ------------------------------------------------------------------------------- suggestions
SUGGESTION_KINDS = ("single", "pair", "triple", "pairs", "plane", "straight", "bomb")
"""The suggestion menus, in this order; ``bomb`` holds every bomb (510K, 天炸, 摇摆 …)."""


def kind_of_reading(key: str) -> str:
    """The combination type of a reading (:meth:`games.climbing.Combo.key`): ``single``,
    ``pair``, ``triple``, ``pairs`` (连对), ``plane`` (飞机), ``straight`` or ``bomb``."""
    if key in ("jokers", "5TK"):
        return "bomb"
    counts = [len(run) for run in _runs(key)]
    if len(counts) == 1:
        return ("single", "pair", "triple")[counts[0] - 1] if counts[0] < 4 else "bomb"
    if all(c >= 4 for c in counts):
        return "bomb"  # 摇摆
    return {1: "straight", 2: "pairs", 3: "plane"}.get(counts[0], "bomb")


def _runs(key: str) -> list[str]:
    out: list[str] = []
    for ch in key:
        if out and out[-1][0] == ch:
            out[-1] += ch
        else:
            out.append(ch)
    return out


Suggestions = list[tuple[str, list[tuple[Action, str]]]]


def suggestion_groups(lang: Lang, legal: Sequence[Action]) -> Suggestions:
    """The seat's plays in one menu per combination type (单张 singles, 对子 pairs … 炸弹
    bombs), each in the engine's order (most useful first), when there are more than fit in
    one menu (25); ``[]`` otherwise. An option shows the cards, and the reading when jokers
    stand in (``♠5 大王 当作 55``)."""
    plays = [a for a in legal if a.kind == "play" and isinstance(a.data.get("as"), str)]
    if len(legal) <= 25:
        return []
    grouped: dict[str, list[tuple[Action, str]]] = {}
    for action in plays:
        key = str(action.data["as"])
        moves = grouped.setdefault(kind_of_reading(key), [])
        shown = ""
        if len(moves) < 25:  # a menu shows 25: the rest are counted, not labelled
            cards = [str(c) for c in action.data.get("cards") or []]
            shown = cards_text(cards)
            if any(c in ("BJ", "SJ") for c in cards) and key not in ("jokers", "5TK"):
                shown += f" {tr(lang, 'data.as')} {reading_text(key)}"
        moves.append((action, shown))
    out: Suggestions = []
    for kind in SUGGESTION_KINDS:
        if kind in grouped:
            en, zh = KIND_LABELS[kind]
            label = zh if is_zh(lang) else f"{zh} {en}"
            out.append((label, grouped[kind]))
    return out
