"""The strong mahjong bot: the heuristic's tile efficiency (牌效, shanten and useful tiles) weighed
against the danger of each discard (放铳, dealing in: discarding the tile another seat wins on).

For every legal discard it adds two costs and plays the cheapest:

* **efficiency lost**: each step of shanten (向听) worse than the best discard costs 1, and a
  share of the best discard's useful tiles (有效牌) lost costs up to 2;
* **danger**: for each other seat, the chance it is ready (听牌) times the chance the tile is
  one of its waits, summed, weighted by how much this hand has to lose: little when it is
  ready itself, much when it is far (push or fold, 攻守判断).

The chance a seat is ready grows with its open melds (副露) and the turns it has played. A
tile's danger for a seat comes from what everyone sees: an honour (字牌) with no unseen copy
cannot be waited on at all and one with a single unseen copy only as a pair wait; a number tile
is less likely to be a wait when it is *suji* (筋) to a tile that seat discarded (a two-sided
wait on it would have taken that tile), when the seat discarded it itself (现物: these rules
have no furiten, so it is not safe, only less likely), and at the terminals. Claims, kongs and
wins are the heuristic's. It reads only ``game.view(seat)`` and ``game.legal_actions(seat)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Action
from games.mahjong import shapes
from games.mahjong.bots import HeuristicPlayer, best_discards
from games.mahjong.melds import read_tile

__all__ = ["StrongMixin", "StrongPlayer", "danger", "ready_chance"]

#: the efficiency cost of a shanten step, and of losing all the best discard's useful tiles
_SHANTEN_STEP = 1.0
_USEFUL_SHARE = 2.0
#: how much danger counts, by this hand's shanten before the discard (0 ready, 1, 2 or more)
_CAUTION = {0: 0.2, 1: 0.5, 2: 1.5}


def ready_chance(player: Mapping[str, Any]) -> float:
    """The chance (0..0.9) that a seat of the view's ``players`` list is ready: 0.12 a meld and
    2% a turn played, the turns counting more with melds (a seat that claims is hurrying)."""
    melds = len(player["melds"])
    turns = len(player["discards"])
    return min(0.9, 0.12 * melds + 0.02 * turns * (1 + 0.5 * melds))


def danger(tile: int, player: Mapping[str, Any], unseen: Sequence[int]) -> float:
    """How likely (0..1, relative) ``tile`` is one of ``player``'s waits if it is ready.

    ``unseen``: copies of each kind the deciding seat has not seen (its hand, rivers, melds).
    """
    own = {read_tile(d["tile"]) for d in player["discards"]}
    if tile >= 27:  # an honour: only a pair or pong wait, which needs unseen copies
        return (0.0, 0.35, 0.7, 0.8, 0.8)[min(4, unseen[tile])] * (0.4 if tile in own else 1.0)
    rank = tile % 9  # 0..8 for 1..9
    base = 0.55 if rank in (0, 8) else 0.8 if rank in (1, 7) else 1.0
    # suji: a two-sided wait on this tile also waits on the tile three away, which the seat let go
    suji = [t for t in (tile - 3, tile + 3) if 0 <= t < 27 and t // 9 == tile // 9]
    if suji and all(t in own for t in suji):
        base *= 0.45
    elif any(t in own for t in suji):
        base *= 0.7
    if tile in own:
        base *= 0.35
    if unseen[tile] == 0:
        base *= 0.6  # no pair or pong wait on it is left, only sequences
    return base


class StrongMixin:
    """Overrides the heuristic's discard choice (see the module docstring); put it before a
    heuristic class in the bases."""

    def _turn(
        self,
        seat: int,
        legal: list[Action],
        view: Mapping[str, Any],
        counts: list[int],
        melds: int,
        unseen: Sequence[int],
    ) -> Action:
        now = shapes.shanten(counts, melds)
        kong = HeuristicPlayer._harmless_kong(legal, counts, melds, now)  # the heuristic's kong
        if kong is not None:
            return kong
        candidates = [read_tile(a.data["tile"]) for a in legal if a.kind == "discard"]
        ranked = best_discards(counts, melds, unseen, candidates)
        others = [p for p in view["players"] if p["seat"] != seat]
        chances = [ready_chance(p) for p in others]
        caution = _CAUTION[min(2, max(0, now))]
        best_shanten, best_useful = ranked[0][0], max(1, -ranked[0][1])
        choice, cost = ranked[0][2], float("inf")
        for shanten, neg_useful, tile in ranked:
            lost = (shanten - best_shanten) * _SHANTEN_STEP
            lost += _USEFUL_SHARE * (best_useful + neg_useful) / best_useful
            risk = sum(c * danger(tile, p, unseen) for c, p in zip(chances, others, strict=True))
            total = lost + caution * risk
            if total < cost - 1e-9:
                choice, cost = tile, total
        return next(a for a in legal if a.kind == "discard" and read_tile(a.data["tile"]) == choice)


class StrongPlayer(StrongMixin, HeuristicPlayer):
    """The strong bot for the mahjong core's games (金坛): see the module docstring.

    ``**budget`` is accepted and ignored: this bot does not search, so it has no time budget
    (the harness passes a search bot's budget to every ``strong`` bot alike).
    """

    def __init__(self, **budget: int) -> None:
        del budget
