"""The 打滚子 strong bot: the search of :mod:`games.search` over the heuristic, with the trick
games' shared parts (:mod:`games.tricks.search`) set for 打滚子: each suit's biggest unit and
lowest single among the leads compared, a finished hand valued by the defenders' margin from
the 120-point line, and worlds that keep the declared cards in their declarers' hands and deal
a hidden kitty as a player buries (docs/bots.md, "打滚子's own search and the buried kitty").
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.base import Action, Game, Player
from games.cards import Card
from games.dagunzi import rules as R
from games.dagunzi.bots import HeuristicPlayer
from games.dagunzi.deck import asc
from games.search import SearchPlayer
from games.tricks import legal_leads
from games.tricks.search import WORK, declared_cards, side_value, spread_leads
from games.tricks.search import buried_weight as shared_buried_weight
from games.tricks.search import sample_world as shared_sample_world

__all__ = [
    "LINE",
    "all_points",
    "buried_weight",
    "candidate_moves",
    "declared_kept",
    "sample_world",
    "strong_player",
]

#: the defenders' points (抠底's double counted in) where a hand is even: they take the deal
#: with 120 (dagunzi.txt:83-97, :func:`games.dagunzi.rules.settle`)
LINE = 117.5


def buried_weight(card: Card, order: Any) -> float:
    """How likely ``card`` is to lie in a hidden kitty (:data:`games.tricks.search.KittyWeight`):
    never a joker (a kitty with jokers is shown to all, dagunzi.txt:44), else as a player
    buries (:func:`games.tricks.search.buried_weight`)."""
    return 0.0 if card.is_joker else shared_buried_weight(card, order)


def all_points(card: Card, order: Any) -> float:
    """The kitty's weight when the view says it holds only point cards (``jokers_closed`` is
    ``kitty_all_points``: the dealer buried six 5s, 10s and Ks, which closes burying jokers,
    dagunzi.txt:49,53): a point card, else nothing."""
    return 1.0 if card.points and not card.is_joker else 0.0


def declared_kept(
    view: Mapping[str, Any],
    seat: int,
    unseen: list[Card],
    counts: dict[int, int],
    shown: Mapping[int, set[Any]],
    order: Any,
) -> dict[int, list[Card]]:
    """:func:`games.tricks.search.declared_cards`, less the declarations of a seat that paid
    tribute (喝血) this hand: it pays its highest cards, jokers and level cards first
    (dagunzi.txt:98-100), so what it declared may now be in the dealer's hand."""
    tribute = view.get("tribute")
    if tribute and tribute.get("count"):
        payer = tribute["from"]
        kept = [d for d in view.get("declarations", ()) if d["seat"] != payer]
        view = {**view, "declarations": kept}
    return declared_cards(view, seat, unseen, counts, shown, order)


def sample_world(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A world for ``seat`` (:func:`games.tricks.search.sample_world`) in which every card a
    declaration showed (亮主 and 抢亮's 大王, reinforcing and overcalling: the declared cards
    stay in the declarer's hand, dagunzi.txt:29-40) and its declarer has not played or paid as
    tribute is still in the declarer's hand (:func:`declared_kept`), and a kitty ``seat`` has
    not seen holds what a player buries (:func:`buried_weight`), or only point cards where the
    view says so (:func:`all_points`)."""
    engine: Any = game
    weight = all_points if engine.closed == "kitty_all_points" else buried_weight
    return shared_sample_world(game, seat, rng, held=declared_kept, kitty_weight=weight)


def candidate_moves(game: Game, seat: int, limit: int) -> list[Action]:
    """The moves the search compares with the heuristic's, at most ``limit``: following, the
    engine's list; leading, each suit's biggest unit and lowest single first
    (:func:`games.tricks.search.spread_leads`) rather than the engine's first leads, which
    are the biggest 滚子 and 棒子 only."""
    engine: Any = game
    if engine.lead is not None:
        return game.legal_actions(seat, limit=limit)
    order = engine._order()
    leads = legal_leads(engine.hands[seat], order, R.RULES)
    return [
        Action(seat, "play", {"cards": asc(list(x))}) for x in spread_leads(leads, order)[:limit]
    ]


def strong_player(
    rollouts: int = 24,
    budget_ms: int = 1000,
    candidates: int = 8,
    work: int | None = WORK,
    scale: float = 20.0,
    declared: bool = True,
    leads: bool = True,
) -> Player:
    """The 打滚子 search bot; ``scale``: the width in points of the value's smoothing around
    :data:`LINE` (:func:`games.tricks.search.win_chance`); ``declared``/``leads`` off give the
    shared sampler and the engine's leads (for comparison)."""
    return SearchPlayer(
        HeuristicPlayer,
        sample_world if declared else shared_sample_world,
        side_value(LINE, scale),
        rollouts=rollouts,
        budget_ms=budget_ms,
        candidates=candidates,
        work=work,
        moves=candidate_moves if leads else None,
    )
