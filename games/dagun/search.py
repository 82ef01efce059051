"""The search bot's part for 打滚: sampling a world consistent with a seat's view, and what a
finished hand is worth (see :mod:`games.search` for the search itself).

A world deals the cards the seat has not seen (the two decks less its hand and every card
played, ``dagun_and_jinhua-mahjong.txt:53``) to the other seats in the numbers they hold, and
keeps what the view says of the called card (叫牌, line 49): the dealer was dealt one copy and
the dealer's secret partner the other (line 55). A copy not yet played goes to the dealer, and
the other to the partner: the real one when the seat knows it (it is the partner itself, or the
card was played, 明鸡), else one of the seats that may be the partner, at random. The bonus
hands (喜, lines 25-29) are worked out again from each seat's sampled cards plus those it
played, so a world never keeps another seat's real hand. Only the play is searched (the 硬牌
declaration is the heuristic's); a world is worth the seat's coins for the hand (line 65).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from games.base import Game, Player
from games.cards import Card
from games.dagun.deck import DECK_COUNT, card_of
from games.dagun.scoring import bonuses_of
from games.search import SearchPlayer, clone

#: rollout moves a decision at the table (about 0.75 s of CPU at p95 on the machine measured;
#: README "Bot strength"); deterministic, unlike a time limit
WORK = 6000

__all__ = ["WORK", "coins_value", "sample_world", "strong_player"]


def sample_world(
    game: Game, seat: int, rng: random.Random, phases: tuple[str, ...] = ("play",)
) -> Game | None:
    """A copy of ``game`` with the hidden cards dealt afresh (see the module docstring);
    ``None`` outside ``phases`` (the search's: the play; the review's also 硬牌, ``alone``)
    or when the counts do not add up."""
    engine: Any = game
    if engine.phase not in phases:
        return None
    played_by: dict[int, list[Card]] = {s: [] for s in range(4)}
    for entry in engine.history:
        if entry.get("cards"):
            played_by[entry["seat"]].extend(card_of(c) for c in entry["cards"])
    unseen = DECK_COUNT - Counter(engine.hands[seat]) - Counter(engine.played)
    pool = list(unseen.elements())
    others = [s for s in range(4) if s != seat]
    room = {s: len(engine.hands[s]) for s in others}
    if len(pool) != sum(room.values()):
        return None
    deal: dict[int, list[Card]] = {s: [] for s in others}
    called = engine.called
    copies = [c for c in pool if c == called]
    dealer = engine.dealer
    knows_partner = engine.revealed or seat == engine.partner
    partner = engine.partner if knows_partner else None
    if partner is None:
        maybe = [s for s in others if s != dealer and room[s] > 0]
        partner = rng.choice(maybe) if maybe else None
    # the copies still hidden: the dealer's and the partner's, as the view allows
    for holder in (dealer, partner):
        if copies and holder is not None and holder in room and room[holder] > 0:
            pool.remove(called)
            copies.pop()
            deal[holder].append(called)
            room[holder] -= 1
    rng.shuffle(pool)
    at = 0
    for s in others:
        deal[s].extend(pool[at : at + room[s]])
        at += room[s]
    world: Any = clone(game)
    for s in others:
        world.hands[s] = deal[s]
    dealt = [list(world.hands[s]) + played_by[s] for s in range(4)]
    world.dealt = dealt
    world.bonuses = bonuses_of(dealt)
    if not engine.revealed and partner is not None and partner != seat:
        world.partner = partner
    return world


def coins_value(game: Game, seat: int) -> float:
    """The seat's coins for the last finished hand (bonuses included)."""
    return float(game.hand_results[-1].summary["coins"][seat])


def strong_player(
    heuristic: Callable[[], Player],
    rollouts: int = 24,
    budget_ms: int = 1000,
    candidates: int = 8,
    work: int | None = WORK,
) -> SearchPlayer:
    """The 打滚 search bot, with ``heuristic`` as its rollout policy."""
    return SearchPlayer(
        heuristic,
        sample_world,
        coins_value,
        rollouts=rollouts,
        budget_ms=budget_ms,
        candidates=candidates,
        work=work,
    )
