"""Adapter from the Pajiwo (扒鸡窝) engine view to render scenes.

``games.pajiwo`` ``view(seat)`` gives JSON-like dicts (see its docstring); this module
reads only the keys it needs, defensively, so a missing optional key gives a
reasonable picture rather than an error. Cards in the view are ASCII (``10s``, ``BJ``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.cards import Card, Rank, Suit, parse_card, parse_cards
from games.tricks.order import TRUMP, TrumpOrder
from render.cards import CardGroup, group_cards
from render.cards import hand_png as _cards_png
from render.scenes import TrickTableScene
from render.trick import trick_table_image, trick_table_png

__all__ = [
    "hand_groups",
    "hand_input",
    "hand_png",
    "lead_lines",
    "picked_up",
    "table_png",
    "table_scene",
]

_OVER = ("hand_over", "match_over")
_DECLARING = ("dealing", "auction", "pajiwo", "rebel", "bury")

_LEVEL_RANKS = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
_PHASES = {
    "deal": "发牌 dealing",
    "dealing": "发牌 dealing",
    "auction": "亮主 declaring",
    "rebel": "造反 rebellion call",
    "bury": "扣底 burying the kitty",
    "play": "出牌 play",
    "pajiwo": "扒鸡窝 overcall round",
    "hand_over": "本局结束 hand over",
    "match_over": "比赛结束 match over",
}


def _cards(value: Any) -> list[Card]:
    if value is None:
        return []
    if isinstance(value, str):
        return parse_cards(value)
    return [c if isinstance(c, Card) else parse_card(str(c)) for c in value]


_NUMBERS = frozenset(str(n) for n in range(2, 11))


def _level_rank(label: Any) -> Rank | None:
    if label is None:
        return None
    text = str(label).upper()
    if text in _LEVEL_RANKS:
        return _LEVEL_RANKS[text]
    # ASCII digits only: "²" is a digit to str.isdigit() but not to int(), "٣" another 3
    if text in _NUMBERS:
        return Rank(int(text))
    return None


def _trump_suit(view: Mapping[str, Any]) -> tuple[Suit | None, bool]:
    trump = view.get("trump") or {}
    suit = trump.get("suit") if isinstance(trump, Mapping) else None
    no_trump = bool(trump.get("no_trump")) if isinstance(trump, Mapping) else False
    return (Suit(str(suit).upper()) if suit else None), no_trump


def trump_order(view: Mapping[str, Any]) -> TrumpOrder:
    """The view's trump order: level (级牌) and trump suit (主), for sorting a hand."""
    suit, no_trump = _trump_suit(view)
    return TrumpOrder(_level_rank(view.get("level")), None if no_trump else suit)


def hand_groups(view: Mapping[str, Any]) -> list[CardGroup]:
    """The viewer's hand (``view["hand"]``) as groups: trumps (主) first, then each side
    suit, each sorted by the current trump order (strongest first)."""
    order = trump_order(view)
    cards = _cards(view.get("hand"))

    def key(card: Card) -> tuple[int, int, int]:
        suit = order.suit_of(card)
        rank = 0 if suit == TRUMP else 1 + [*Suit].index(suit)
        # Equal trumps (the off-suit level cards) are kept together by suit.
        own = -1 if card.suit is None else [*Suit].index(card.suit)
        return (rank, -order.strength(card), own)

    def label(group: object) -> str:
        # The suit's name beside its symbol: a lone symbol is tiny on a phone.
        return "主 trumps" if group == TRUMP else f"{group} {Suit(group).chinese}"

    return group_cards(cards, sort_key=key, group_of=order.suit_of, label_of=label)


def picked_up(view: Mapping[str, Any]) -> list[Card]:
    """The cards the viewer has just taken from the kitty (底牌), to mark in its hand picture:
    ``view["picked_up"]``, which the engine gives only to the seat burying them, while it
    buries (the menus mark the same cards); ``[]`` otherwise."""
    cards = view.get("picked_up")
    return _cards(cards) if isinstance(cards, list) else []


def table_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    viewer: int | None = None,
    deadline: str = "",
    title: str = "扒鸡窝 Pajiwo",
) -> TrickTableScene:
    """A :class:`TrickTableScene` from a Pajiwo ``view(seat)`` dict.

    ``names`` are the four display names by seat; ``viewer`` defaults to the view's
    ``seat`` (0 for a spectator). Points are shown per side as 庄家方 (the dealer's
    team) and 抓分方 (defenders) once the dealer is known, else per team.
    """
    seat = view.get("seat")
    if viewer is None:
        viewer = seat if isinstance(seat, int) else 0
    phase = str(view.get("phase") or "")
    view = _as_played(view, phase)
    suit, no_trump = _trump_suit(view)
    trick_rows, caption, winner, lead = _shown_cards(view, phase)
    points = list(view.get("points") or [0, 0])
    dealer = view.get("dealer")
    teams_json = view.get("teams") or [[0, 2], [1, 3]]
    team_of = {s: t for t, members in enumerate(teams_json) for s in members}
    if isinstance(dealer, int) and dealer in team_of:
        dt = team_of[dealer]
        sides = [("庄家方", points[dt]), ("抓分方", points[1 - dt])]
    else:
        sides = [("A队", points[0]), ("B队", points[1] if len(points) > 1 else 0)]
    turn = view.get("turn")
    if isinstance(turn, list):
        turn = turn[0] if len(turn) == 1 else None
    counts = list(view.get("hand_counts") or [0] * len(names))
    # The kitty (底牌) is drawn only once it is public: a seat's own view also holds it
    # while that seat owns the buried kitty, and the table picture is seen by everyone.
    kitty = _cards(view.get("kitty")) if phase in _OVER else []
    if not kitty and view.get("replay_kitty"):  # a replay (the hand is over): bot/replay.py
        kitty = _cards(view["replay_kitty"])
    kitty_label = "底牌 kitty"
    trump = view.get("trump")
    trump = trump if isinstance(trump, Mapping) else {}
    turned = trump.get("kitty_card")
    replay = bool(view.get("replay_kitty"))
    if phase in _DECLARING and turned and trump.get("fixed_by") == "kitty_card" and not replay:
        # The kitty card turned up to fix trump is public (docs/rules/pajiwo.md#4);
        # shown until play starts, while trump is still being settled.
        kitty, kitty_label = _cards([turned]), "翻底 turned"
    return TrickTableScene(
        names=list(names),
        cards_left=counts,
        trick=trick_rows,
        trump_suit=suit,
        no_trump=no_trump,
        level=str(view.get("level") or ""),
        points=sides,
        dealer=dealer if isinstance(dealer, int) else None,
        turn=turn if isinstance(turn, int) else None,
        deadline=deadline,
        viewer=viewer,
        teams=[team_of.get(s) for s in range(len(names))],
        title=title,
        phase=str(view.get("result_label") or _PHASES.get(phase, phase)),
        trick_caption=caption,
        lead_lines=lead_lines(lead),
        trick_winner=winner,
        kitty=kitty,
        kitty_label=kitty_label,
    )


def _as_played(view: Mapping[str, Any], phase: str) -> Mapping[str, Any]:
    """After a hand, the view already names the next hand's dealer and levels: draw the hand
    as it was played instead (its dealer, level and trump, from the last hand result's
    summary) and say its result in the phase label."""
    results = view.get("hand_results")
    if phase not in _OVER or not isinstance(results, list) or not results:
        return view
    last = results[-1]
    summary = last.get("summary") if isinstance(last, Mapping) else None
    if not isinstance(summary, Mapping):
        return view
    played = dict(view)
    played["dealer"] = summary.get("dealer", view.get("dealer"))
    played["level"] = summary.get("level", view.get("level"))
    trump = dict(view.get("trump") or {}) if isinstance(view.get("trump"), Mapping) else {}
    trump.update(suit=summary.get("trump"), no_trump=bool(summary.get("no_trump")))
    played["trump"] = trump
    up = summary.get("levels_up")
    points = summary.get("defenders_points")
    played["result_label"] = f"抓分方 {points} 分" + (f" · 升{up}级" if up else "")
    return played


def _plays(trick: Any) -> list[tuple[int, tuple[Card, ...]]]:
    plays = trick.get("plays", []) if isinstance(trick, Mapping) else []
    return [(int(p["seat"]), tuple(_cards(p.get("cards")))) for p in plays]


def _shown_cards(
    view: Mapping[str, Any], phase: str
) -> tuple[list[tuple[int, tuple[Card, ...]]], str, int | None, Any]:
    """What lies in front of the seats: ``(plays, caption, winner, lead reading)``.

    The current trick while one is under way; else, in play and after the hand, the
    last finished trick (上一墩) with its winner; while trump is being declared, the
    standing declaration (亮主), which is public (``pajiwo.txt:41-47``). The lead
    reading is the trick's ``lead`` (``view["trick"]["lead"]``), or ``None``.
    """
    trick = view.get("trick")
    current = _plays(trick)
    if current:
        return current, "", None, trick.get("lead") if isinstance(trick, Mapping) else None
    last = view.get("last_trick")
    if phase in ("play", *_OVER) and isinstance(last, Mapping) and last.get("plays"):
        won = last.get("winner")
        winner = won if isinstance(won, int) else None
        return _plays(last), "上一墩 last trick", winner, last.get("lead")
    standing = view.get("standing")
    if phase in _DECLARING and isinstance(standing, Mapping) and standing.get("cards"):
        label = "扒鸡窝 standing call" if phase == "pajiwo" else "亮主 declared"
        return [(int(standing["seat"]), tuple(_cards(standing["cards"])))], label, None, None
    return [], "", None, None


_KIND_LABELS = {
    "single": "单张 single",
    "pair": "对子 pair",
    "triple": "三张 triple",
    "tractor": "拖拉机 tractor",
}


def _units_line(units: Any) -> list[str]:
    """One line per kind of unit, largest first: ``拖拉机 tractor ×3`` (a tractor of 3
    pairs), ``对子 pair ×2`` (two pairs), ``单张 single``."""
    out: list[str] = []
    counts: dict[tuple[str, int], int] = {}
    for unit in units if isinstance(units, list) else []:
        if isinstance(unit, Mapping):
            key = (str(unit.get("kind")), int(unit.get("length") or 1))
            counts[key] = counts.get(key, 0) + 1
    for (kind, length), n in counts.items():
        label = _KIND_LABELS.get(kind, kind)
        if kind == "tractor":
            label += f" {length}对 pairs"
        out.append(label + (f" ×{n}" if n > 1 else ""))
    return out


def lead_lines(lead: Any) -> list[str]:
    """How the lead was read (``view["trick"]["lead"]``), as lines for the picture.

    ``["首家 lead", "拖拉机 tractor 3对 pairs"]`` for one unit; for a throw (甩牌),
    ``"甩牌成功 throw stood"`` or ``"甩牌失败 throw failed"``, the throw's units and, when it
    failed, ``"→ "`` and what it was cut to. ``[]`` for no reading.
    """
    if not isinstance(lead, Mapping):
        return []
    throw = lead.get("throw")
    if not isinstance(throw, Mapping):
        return ["首家 lead", *_units_line(lead.get("units"))]
    if throw.get("stood"):
        return ["甩牌成功 throw stood", *_units_line(throw.get("units"))]
    cut = _units_line(lead.get("units"))
    return ["甩牌失败 throw failed", *_units_line(throw.get("units")), *(f"→ {c}" for c in cut)]


def table_image(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """:func:`table_png` as an image, not encoded (the replay draws it into a step)."""
    return trick_table_image(table_scene(view, names))


def table_png(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """The table picture (PNG bytes) of a spectator's ``view``; the front ends' entry point
    (``cogs.pictures`` finds it as ``render.<game>.table_png``)."""
    return trick_table_png(table_scene(view, names))


def hand_png(view: Mapping[str, Any]) -> bytes:
    """The picture (PNG bytes) of the hand in a seat's ``view``, trumps first; the cards
    just taken from the kitty (``view["picked_up"]``, while burying) marked."""
    return _cards_png(hand_groups(view), marked=picked_up(view))


def hand_input(view: Mapping[str, Any]) -> Any:
    """What :func:`hand_png` draws from ``view`` (``hand_groups`` and the marked cards): equal
    inputs, equal pictures, so a front end can keep the picture when only the controls change."""
    return hand_groups(view), picked_up(view)
