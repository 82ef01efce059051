"""The 扒鸡窝 strong bot: the search of :mod:`games.search` over the heuristic, with 扒鸡窝's own
candidate leads and value of a finished hand, and worlds that keep the declared cards with
their declarers and deal a hidden kitty as a player buries (docs/bots.md).
"""

from __future__ import annotations

import random
from typing import Any

from games.base import Action, Game, Player
from games.pajiwo import play as tricks
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.deck import asc
from games.search import SearchPlayer
from games.tricks.search import (
    WORK,
    buried_weight,
    declared_cards,
    declared_held,
    side_value,
    spread_leads,
)
from games.tricks.search import sample_world as shared_sample_world
from games.tricks.search import win_chance as shared_win_chance

__all__ = [
    "candidate_moves",
    "declared_held",
    "sample_world",
    "strong_player",
    "win_chance",
]


def sample_world(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A world for ``seat`` (:func:`games.tricks.search.sample_world`) in which every card a
    declaration showed (亮主, 加固, 反主: declared cards stay in the declarer's hand,
    docs/rules/pajiwo.md section 3) and its declarer has not played is still in the
    declarer's hand (:func:`games.tricks.search.declared_cards`), and a kitty ``seat`` did not
    bury holds what a player buries (:func:`games.tricks.search.buried_weight`: the kitty's
    points count multiplied for the defenders who win the last trick, docs/rules/pajiwo.md
    section 10, so who buries keeps them)."""
    return shared_sample_world(game, seat, rng, held=declared_cards, kitty_weight=buried_weight)


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
    rest: list[tuple[Any, ...]] = []
    throws: list[tuple[Any, ...]] = []
    for lead in leads:
        units = len(lead) > 1 and not (len(lead) == 2 and lead[0] == lead[1])
        if units and len(tricks.decompose(lead, order, engine.rules)) > 1:
            throws.append(lead)
        else:
            rest.append(lead)
    out: list[Action] = []
    for lead in [*throws, *spread_leads(rest, order)]:
        act = Action(seat, "play", {"cards": asc(lead)})
        if act not in out:
            out.append(act)
        if len(out) >= (lead_limit or limit):
            break
    return out


#: the defenders' points where a hand is even: they win with 80 (docs/rules/pajiwo.md, results)
_LINE = 77.5


def win_chance(points: float, defending: bool, scale: float = 15.0) -> float:
    """:func:`games.tricks.search.win_chance` at 扒鸡窝's line (the defenders win with 80)."""
    return shared_win_chance(points, defending, _LINE, scale)


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
        side_value(_LINE, scale),
        rollouts=rollouts,
        budget_ms=budget_ms,
        candidates=candidates,
        work=work,
        moves=(lambda g, s, n: candidate_moves(g, s, n, lead_candidates)) if leads else None,
        confidence=confidence,
        plan_halving=plan_halving,
    )
