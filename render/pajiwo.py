"""Adapter from the Pajiwo (扒鸡窝) engine view to render scenes.

``games.pajiwo`` ``view(seat)`` gives JSON-like dicts (see its docstring); this module
reads only the keys it needs, defensively, so a missing optional key gives a
reasonable picture rather than an error. Cards in the view are ASCII (``10s``, ``BJ``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import Card, Rank, Suit, parse_card, parse_cards
from games.tricks.order import TRUMP, TrumpOrder
from render.cards import CardGroup, group_cards
from render.cards import hand_png as _cards_png
from render.scenes import TrickTableScene
from render.trick import trick_table_png

__all__ = ["hand_groups", "hand_png", "table_png", "table_scene"]

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


def _level_rank(label: Any) -> Rank | None:
    if label is None:
        return None
    text = str(label).upper()
    if text in _LEVEL_RANKS:
        return _LEVEL_RANKS[text]
    if text.isdigit() and 2 <= int(text) <= 10:
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
    team) and 闲家方 (defenders) once the dealer is known, else per team.
    """
    seat = view.get("seat")
    if viewer is None:
        viewer = seat if isinstance(seat, int) else 0
    suit, no_trump = _trump_suit(view)
    phase = str(view.get("phase") or "")
    trick_rows, caption, winner = _shown_cards(view, phase)
    points = list(view.get("points") or [0, 0])
    dealer = view.get("dealer")
    teams_json = view.get("teams") or [[0, 2], [1, 3]]
    team_of = {s: t for t, members in enumerate(teams_json) for s in members}
    if isinstance(dealer, int) and dealer in team_of:
        dt = team_of[dealer]
        sides = [("庄家方", points[dt]), ("闲家方", points[1 - dt])]
    else:
        sides = [("A队", points[0]), ("B队", points[1] if len(points) > 1 else 0)]
    turn = view.get("turn")
    if isinstance(turn, list):
        turn = turn[0] if len(turn) == 1 else None
    counts = list(view.get("hand_counts") or [0] * len(names))
    # The kitty (底牌) is drawn only once it is public: a seat's own view also holds it
    # while that seat owns the buried kitty, and the table picture is seen by everyone.
    kitty = _cards(view.get("kitty")) if phase in _OVER else []
    kitty_label = "底牌 kitty"
    trump = view.get("trump")
    trump = trump if isinstance(trump, Mapping) else {}
    turned = trump.get("kitty_card")
    if phase in _DECLARING and turned and trump.get("fixed_by") == "kitty_card":
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
        phase=_PHASES.get(phase, phase),
        trick_caption=caption,
        trick_winner=winner,
        kitty=kitty,
        kitty_label=kitty_label,
    )


def _plays(trick: Any) -> list[tuple[int, tuple[Card, ...]]]:
    plays = trick.get("plays", []) if isinstance(trick, Mapping) else []
    return [(int(p["seat"]), tuple(_cards(p.get("cards")))) for p in plays]


def _shown_cards(
    view: Mapping[str, Any], phase: str
) -> tuple[list[tuple[int, tuple[Card, ...]]], str, int | None]:
    """What lies in front of the seats: ``(plays, caption, winner)``.

    The current trick while one is under way; else, in play and after the hand, the
    last finished trick (上一轮) with its winner; while trump is being declared, the
    standing declaration (亮主), which is public (``pajiwo.txt:41-47``).
    """
    current = _plays(view.get("trick"))
    if current:
        return current, "", None
    last = view.get("last_trick")
    if phase in ("play", *_OVER) and isinstance(last, Mapping) and last.get("plays"):
        won = last.get("winner")
        return _plays(last), "上一轮 last trick", won if isinstance(won, int) else None
    standing = view.get("standing")
    if phase in _DECLARING and isinstance(standing, Mapping) and standing.get("cards"):
        label = "扒鸡窝 standing call" if phase == "pajiwo" else "亮主 declared"
        return [(int(standing["seat"]), tuple(_cards(standing["cards"])))], label, None
    return [], "", None


def table_png(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """The table picture (PNG bytes) of a spectator's ``view``; the front ends' entry point
    (``cogs.pictures`` finds it as ``render.<game>.table_png``)."""
    return trick_table_png(table_scene(view, names))


def hand_png(view: Mapping[str, Any]) -> bytes:
    """The picture (PNG bytes) of the hand in a seat's ``view``, trumps first."""
    return _cards_png(hand_groups(view))
