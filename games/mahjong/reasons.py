"""The hint's reading of a mahjong move (see :mod:`games.reasons`): a win, or a discard's tile
efficiency (牌效: how far from ready, how many useful tiles) or its safety (how many copies
the seat has seen, when safety rather than efficiency chose it). Read from the seat's view
only, with the danger measures of :mod:`games.mahjong.danger`."""

from __future__ import annotations

from typing import Any

from games.base import Action, Game
from games.mahjong import shapes
from games.mahjong.bots import _useful, best_discards, unseen_counts
from games.mahjong.danger import danger, ready_chance
from games.mahjong.melds import read_tile
from games.reasons import Reason

__all__ = ["mahjong_reasons"]


def mahjong_reasons(game: Game, seat: int, move: Action) -> list[Reason]:
    """The reasons for ``move``: a win, a discard; ``[]`` for the rest."""
    if move.kind == "win":
        return [Reason("bots.mj.win")]
    if move.kind != "discard":
        return []
    view: dict[str, Any] = game.view(seat)
    tile = read_tile(move.data["tile"])
    wild = read_tile(view["caishen"]) if view.get("caishen") else None
    hand = [t for t in (read_tile(x) for x in view["hand"]) if t < shapes.KINDS]
    wilds = sum(1 for t in hand if t == wild) if tile != wild else 0
    counts = shapes.counts_of([t for t in hand if t != wild or not wilds])
    if tile >= shapes.KINDS or counts[tile] == 0:
        return []
    melds = len(view["players"][seat]["melds"])
    unseen = unseen_counts(view)
    legal = [read_tile(a.data["tile"]) for a in game.legal_actions(seat) if a.kind == "discard"]
    candidates = [t for t in legal if t < shapes.KINDS and counts[t]]
    ranked = best_discards(counts, melds, unseen, candidates)
    others = [p for p in view["players"] if p["seat"] != seat]

    def risk(t: int) -> float:
        return sum(ready_chance(p) * danger(t, p, unseen) for p in others)

    if ranked and ranked[0][2] != tile and risk(tile) < risk(ranked[0][2]):
        return [Reason("bots.mj.safe", {"tile": move.data["tile"], "seen": 4 - unseen[tile]})]
    counts[tile] -= 1
    after = max(0, shapes.shanten(counts, melds) - wilds)
    useful = _useful(counts, melds, unseen, shapes.shanten(counts, melds))
    counts[tile] += 1
    if after == 0:
        return [Reason("bots.mj.ready", {"tile": move.data["tile"], "n": useful})]
    return [Reason("bots.mj.efficient", {"tile": move.data["tile"], "n": useful, "steps": after})]
