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
from render.scenes import TrickTableScene

__all__ = ["hand_groups", "table_scene"]

_LEVEL_RANKS = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
_PHASES = {
    "deal": "发牌 dealing",
    "auction": "亮主 declaring",
    "bury": "扣底 burying the kitty",
    "play": "出牌 play",
    "pajiwo": "扒鸡窝",
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

    def key(card: Card) -> tuple[int, int]:
        suit = order.suit_of(card)
        rank = 0 if suit == TRUMP else 1 + [*Suit].index(suit)
        return (rank, -order.strength(card))

    def label(group: object) -> str:
        return "主 trumps" if group == TRUMP else f"{group}"

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
    trick = view.get("trick") or {}
    plays = trick.get("plays", []) if isinstance(trick, Mapping) else []
    trick_rows = [(int(p["seat"]), tuple(_cards(p.get("cards")))) for p in plays]
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
    phase = str(view.get("phase") or "")
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
    )
