"""Adapter from the Dagunzi (打滚子) engine view to render scenes.

``games.dagunzi`` ``view(seat)`` is shaped like Pajiwo's (trump, level, trick, last_trick,
points, dealer, standing), so the table picture is :func:`render.pajiwo.table_scene`'s with
Dagunzi's phases, title and kitty; the hand picture groups 39 cards with the 2s (常主,
``dagunzi.txt:21``) among the trumps, trumps first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.cards import Card, Rank, Suit
from games.tricks.order import TRUMP, TrumpOrder
from render.cards import CardGroup, group_cards
from render.cards import hand_png as _cards_png
from render.pajiwo import _cards, _level_rank, picked_up
from render.pajiwo import table_scene as _trick_scene
from render.scenes import TrickTableScene
from render.trick import trick_table_image, trick_table_png

__all__ = ["hand_groups", "hand_input", "hand_png", "table_png", "table_scene", "trump_order"]

_PHASES = {
    "dealing": "发牌 dealing",
    "declare_round": "亮主 declaring",
    "tribute": "喝血 tribute",
    "bury": "扣底 burying the kitty",
    "bury_jokers": "扣王 burying jokers",
    "take_back": "捡牌 taking back",
    "play": "出牌 play",
    "hand_over": "本局结束 hand over",
    "match_over": "比赛结束 match over",
}
_NUMBERS = frozenset(str(n) for n in range(2, 11))
_RANKS = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}


def _rank(label: str) -> Rank | None:
    if label in _RANKS:
        return _RANKS[label]
    # ASCII digits only: "²" is a digit to str.isdigit() but not to int()
    return Rank(int(label)) if label in _NUMBERS else None


def trump_order(view: Mapping[str, Any]) -> TrumpOrder:
    """The view's order: level, trump suit (``None`` while undecided) and the permanent ranks
    the view lists (the 2s, and 混主 when the table has it)."""
    trump = view.get("trump") if isinstance(view.get("trump"), Mapping) else {}
    assert isinstance(trump, Mapping)
    suit = Suit(str(trump["suit"]).upper()) if trump.get("suit") else None
    level = _level_rank(view.get("level"))
    permanent = tuple(
        r
        for r in (_rank(str(x)) for x in trump.get("permanent") or ["2"])
        if r is not None and r != level
    )
    return TrumpOrder(level, suit, permanent)


def hand_groups(view: Mapping[str, Any]) -> list[CardGroup]:
    """The viewer's 39 (or 45 while burying) cards as groups: trumps (主, jokers, level cards,
    2s, the trump suit) first, then ♠ ♥ ♣ ♦, each strongest first."""
    order = trump_order(view)
    cards = _cards(view.get("hand"))

    def key(card: Card) -> tuple[int, int, int]:
        suit = order.suit_of(card)
        rank = 0 if suit == TRUMP else 1 + [*Suit].index(suit)
        own = -1 if card.suit is None else [*Suit].index(card.suit)
        return (rank, -order.strength(card), own)

    def label(group: object) -> str:
        return "主 trumps" if group == TRUMP else f"{group} {Suit(group).chinese}"

    return group_cards(cards, sort_key=key, group_of=order.suit_of, label_of=label)


def table_scene(
    view: Mapping[str, Any],
    names: Sequence[str],
    viewer: int | None = None,
    deadline: str = "",
    title: str = "打滚子 Dagunzi",
) -> TrickTableScene:
    """A :class:`TrickTableScene` from a Dagunzi ``view(seat)``: the trick (or the last one,
    or the standing declaration), points per side, and the kitty while it is public: the
    kitty shown after declaring (or 干锅), a kitty with buried jokers, every kitty after the
    hand (``dagunzi.txt:42-52``)."""
    scene = _trick_scene(view, names, viewer, deadline, title)
    phase = str(view.get("phase") or "")
    kitty: list[Card] = []
    label = "底牌 kitty"
    shown = view.get("kitty_shown")
    if view.get("gan_guo") and shown:
        kitty, label = _cards(shown), "干锅 kitty"
    elif view.get("kitty_public") and view.get("kitty"):
        kitty = _cards(view.get("kitty"))
        label = "底牌 kitty" if phase in ("hand_over", "match_over") else "扣王 jokers buried"
    elif phase in ("tribute", "bury") and shown:
        kitty, label = _cards(shown), "亮底 shown"
    elif view.get("replay_kitty"):  # a replay (the hand is over): bot/replay.py
        kitty = _cards(view["replay_kitty"])
    return dataclasses.replace(
        scene, phase=_PHASES.get(phase, phase), kitty=kitty, kitty_label=label
    )


def table_image(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image:
    """:func:`table_png` as an image, not encoded (the replay draws it into a step)."""
    return trick_table_image(table_scene(view, names))


def table_png(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """The table picture (PNG bytes) of a spectator's ``view``; the front ends' entry point
    (``cogs.pictures`` finds it as ``render.dagunzi.table_png``)."""
    return trick_table_png(table_scene(view, names))


def hand_png(view: Mapping[str, Any]) -> bytes:
    """The picture (PNG bytes) of the 39 (45 while burying) cards in a seat's ``view``,
    trumps (2s among them) first; the cards just taken from the kitty (``view["picked_up"]``,
    while burying) marked."""
    return _cards_png(hand_groups(view), marked=picked_up(view))


def hand_input(view: Mapping[str, Any]) -> Any:
    """What :func:`hand_png` draws from ``view`` (``hand_groups`` and the marked cards): equal
    inputs, equal pictures, so a front end can keep the picture when only the controls change."""
    return hand_groups(view), picked_up(view)
