"""Bot players for 金华麻将: random-legal (the core's) and a 财神-aware heuristic.

The heuristic is the core's shanten-driven :class:`games.mahjong.bots.HeuristicPlayer`
with the 财神 taken out of its counts: a wild lowers shanten by one wherever it goes, so
the order of discards among the other tiles is unchanged, and a 财神 is never discarded
while another tile may be (it is worth more than any tile it could stand for). It reads
only ``game.view(seat)`` (which names the 财神) and ``game.legal_actions(seat)``.
"""

from __future__ import annotations

import random
from typing import Any

from games.base import Action, Game
from games.mahjong import shapes
from games.mahjong.bots import HeuristicPlayer, RandomPlayer, unseen_counts
from games.mahjong.melds import read_tile

__all__ = ["JinhuaHeuristicPlayer", "RandomPlayer"]


class JinhuaHeuristicPlayer(HeuristicPlayer):
    """Shanten-driven, 财神 kept (see the module docstring)."""

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        kinds = {a.kind for a in legal}
        if "win" in kinds:
            return next(a for a in legal if a.kind == "win")
        view: dict[str, Any] = game.view(seat)
        caishen = read_tile(view["caishen"])
        hand = [t for t in (read_tile(x) for x in view["hand"]) if t < shapes.KINDS]
        counts = shapes.counts_of([t for t in hand if t != caishen])
        melds = len(view["players"][seat]["melds"])
        unseen = unseen_counts(view)
        if "discard" in kinds:
            keep = [a for a in legal if a.kind != "discard" or read_tile(a.data["tile"]) != caishen]
            if any(a.kind == "discard" for a in keep):
                legal = keep
            else:
                counts = shapes.counts_of(hand)  # only 财神 left to discard
            return self._turn(seat, legal, view, counts, melds, unseen)
        return self._claim(seat, legal, view, counts, melds, unseen)
