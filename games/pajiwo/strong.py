"""The 扒鸡窝 strong bot: the search of :mod:`games.search` over the heuristic, with 扒鸡窝's own
candidate leads and value of a finished hand.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from games.base import Action, Game, Player
from games.cards import Card, format_card_ascii
from games.pajiwo import play as tricks
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.deck import asc
from games.search import SearchPlayer
from games.tricks.search import WORK
from games.tricks.search import sample_world as shared_sample_world

__all__ = [
    "candidate_moves",
    "declared_held",
    "sample_world",
    "side_value",
    "strong_player",
    "win_chance",
]


def declared_held(view: Mapping[str, Any], seat: int) -> dict[int, Counter[str]]:
    """Other seat -> the cards its declarations showed (亮主, 加固, 反主, 扒鸡窝's overcalls:
    declared cards stay in the declarer's hand and everyone sees them, docs/rules/pajiwo.md
    section 3) that it has not played since, in the view's spelling. A seat that declared
    twice showed each card as often as in the declaration that showed it most."""
    shown: dict[int, Counter[str]] = {}
    for declaration in view.get("declarations", ()):
        s = declaration["seat"]
        if s == seat:
            continue
        held = shown.setdefault(s, Counter())
        for card, n in Counter(declaration["cards"]).items():
            held[card] = max(held[card], n)
    played: dict[int, Counter[str]] = {}
    for trick in [*view.get("tricks", ()), view.get("trick") or {"plays": []}]:
        for play in trick["plays"]:
            played.setdefault(play["seat"], Counter()).update(play["cards"])
    return {s: held - played.get(s, Counter()) for s, held in shown.items()}


def sample_world(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A world for ``seat`` (:func:`games.tricks.search.sample_world`) in which every card a
    declaration showed and its declarer has not played is still in the declarer's hand.

    The shared sampler deals those cards at random, so in most worlds the jokers and level
    cards everyone saw declared sat in another hand. A declared card is left to chance only
    where the view does not pin it: the seat has shown it is void in that card's suit (it
    buried it: only a kitty taker can), or fewer copies are unseen (the seat itself buried or
    holds them)."""
    return shared_sample_world(game, seat, rng, held=_declared_cards)


def _declared_cards(
    view: Mapping[str, Any],
    seat: int,
    unseen: list[Card],
    counts: dict[int, int],
    shown: Mapping[int, set[Any]],
    order: Any,
) -> dict[int, list[Card]]:
    """The declared cards each declarer still holds (:func:`declared_held`), taken out of
    ``unseen`` and ``counts``; a :data:`games.tricks.search.HeldCards`."""
    fixed: dict[int, list[Card]] = {}
    for s, held in declared_held(view, seat).items():
        for spelled, n in held.items():
            for _ in range(n):
                card = next((c for c in unseen if format_card_ascii(c) == spelled), None)
                if card is None or counts[s] == 0 or order.suit_of(card) in shown.get(s, ()):
                    break
                unseen.remove(card)
                fixed.setdefault(s, []).append(card)
                counts[s] -= 1
    return fixed


def candidate_moves(
    game: Game, seat: int, limit: int, lead_limit: int | None = None
) -> list[Action]:
    """The moves the search compares with the heuristic's, at most ``limit``.

    Following: the engine's list (answers strongest first, the feed, the cheapest).
    Leading: the engine lists throws, then tractors, pairs and singles strongest first, so
    eight of them are mostly big pairs and top singles; here, in turn, the sure throws, each
    suit's strongest unit, each suit's lowest single and each suit's lowest pair, so that
    every suit is led both high and low.
    """
    engine: Any = game
    if engine.lead is not None:
        return game.legal_actions(seat, limit=limit)
    order = engine._order()
    hand = engine.hands[seat]
    leads = tricks.legal_leads(hand, order, engine.rules, None, unseen=engine.unseen_by(seat))
    by_suit: dict[Any, list[tuple[Any, ...]]] = {}
    throws: list[tuple[Any, ...]] = []
    for lead in leads:
        units = len(lead) > 1 and not (len(lead) == 2 and lead[0] == lead[1])
        if units and len(tricks.decompose(lead, order, engine.rules)) > 1:
            throws.append(lead)
            continue
        by_suit.setdefault(order.suit_of(lead[0]), []).append(lead)
    firsts: list[tuple[Any, ...]] = []
    for ls in by_suit.values():
        firsts.append(ls[0])  # the suit's strongest unit
        firsts.append(next((x for x in reversed(ls) if len(x) == 1), ls[-1]))  # its lowest single
    top_single = [next((x for x in ls if len(x) == 1), ls[0]) for ls in by_suit.values()]
    low_pair = [
        next((x for x in reversed(ls) if len(x) == 2 and x[0] == x[1]), ls[0])
        for ls in by_suit.values()
    ]
    out: list[Action] = []
    for lead in [*throws, *firsts, *top_single, *low_pair]:
        act = Action(seat, "play", {"cards": asc(lead)})
        if act not in out:
            out.append(act)
        if len(out) >= (lead_limit or limit):
            break
    return out


#: the defenders' points where a hand is even: they win with 80 (docs/rules/pajiwo.md, results)
_LINE = 77.5


def win_chance(points: float, defending: bool, scale: float = 15.0) -> float:
    """What a finished hand with the defenders at ``points`` is worth to a side (defending or
    not): its chance of winning, smoothed around the 80-point line (a logistic of the margin,
    ``scale`` points wide), so a rollout that ends at 75 is worth almost what one at 80 is and
    one at 40 far less. The rollouts play the heuristic in every seat, not the real players,
    so a step at 80 would count a rollout one card from the line as a sure loss."""
    margin = (points - _LINE) if defending else (_LINE - points)
    return 1.0 / (1.0 + math.exp(-margin / scale))


def side_value(scale: float = 15.0) -> Callable[[Game, int], float]:
    """The search's value of a finished hand for ``seat``: :func:`win_chance` of its side."""

    def value(game: Game, seat: int) -> float:
        summary = game.hand_results[-1].summary
        defending = seat not in summary["dealer_team"]
        return win_chance(float(summary["defenders_points"]), defending, scale)

    return value


def strong_player(
    rollouts: int = 24,
    budget_ms: int = 1000,
    candidates: int = 8,
    work: int | None = WORK,
    confidence: float = 1.0,
    scale: float = 15.0,
    leads: bool = True,
    lead_candidates: int | None = None,
    plan_halving: bool = False,
    declared: bool = True,
) -> Player:
    """The 扒鸡窝 search bot."""
    return SearchPlayer(
        HeuristicPlayer,
        sample_world if declared else shared_sample_world,
        side_value(scale),
        rollouts=rollouts,
        budget_ms=budget_ms,
        candidates=candidates,
        work=work,
        moves=(lambda g, s, n: candidate_moves(g, s, n, lead_candidates)) if leads else None,
        confidence=confidence,
        plan_halving=plan_halving,
    )
