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
    view: dict[str, Any] = game.view(seat)
    if move.kind in ("pong", "chow", "kong", "pass"):
        return _claim_or_kong(game, seat, move, view)
    if move.kind != "discard":
        return []
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


def _shape(view: dict[str, Any], seat: int) -> tuple[list[int], int, int | None, int]:
    """The seat's hand as counts (its 财神 left out), its melds, its wild tile and how many
    of it the hand holds."""
    wild = read_tile(view["caishen"]) if view.get("caishen") else None
    hand = [t for t in (read_tile(x) for x in view["hand"]) if t < shapes.KINDS]
    counts = shapes.counts_of([t for t in hand if t != wild])
    wilds = sum(1 for t in hand if t == wild)
    return counts, len(view["players"][seat]["melds"]), wild, wilds


def _claim_or_kong(game: Game, seat: int, move: Action, view: dict[str, Any]) -> list[Reason]:
    """A pong, chow or kong: how far from ready (向听) before and after it; a pass on a claim:
    what the claim the seat had would have changed."""
    counts, melds, wild, wilds = _shape(view, seat)
    window: Any = view.get("claim_window")
    claimed = read_tile(window["tile"]) if window else None
    before = max(0, shapes.shanten(counts, melds) - wilds)

    def after(kind: str, tiles: list[int], new_meld: bool = True) -> int | None:
        """The distance to ready with the meld made from ``tiles`` out of the hand."""
        left = list(counts)
        for t in tiles:
            if t >= shapes.KINDS or left[t] <= 0:
                return None
            left[t] -= 1
        return max(0, shapes.shanten(left, melds + int(new_meld)) - wilds)

    if move.kind == "kong":
        tile = read_tile(move.data["tile"]) if move.data.get("tile") else claimed
        if tile is None:
            return []
        if claimed is not None:
            steps = after("kong", [tile] * 3)
        elif counts[tile] >= 4:  # a concealed kong
            steps = after("kong", [tile] * 4)
        else:  # a pong made a kong: no new meld
            steps = after("kong", [tile], new_meld=False)
        if steps is None:
            return []
        name = move.data.get("tile") or (window or {})["tile"]
        return [Reason("bots.mj.kong", {"tile": name, "before": before, "after": steps})]
    if claimed is None or wild == claimed:
        return []
    if move.kind == "pong":
        steps = after("pong", [claimed] * 2)
        if steps is None:
            return []
        return [Reason("bots.mj.pong", {"tile": window["tile"], "before": before, "after": steps})]
    if move.kind == "chow":
        tiles = [read_tile(x) for x in move.data.get("tiles") or ()]
        steps = after("chow", tiles)
        if steps is None:
            return []
        return [Reason("bots.mj.chow", {"tile": window["tile"], "before": before, "after": steps})]
    # a pass on a claim: the best the seat's own claims would have made of the hand
    legal = game.legal_actions(seat)
    if any(a.kind == "win" for a in legal):
        return [Reason("bots.mj.pass_win", {"tile": window["tile"]})]
    options: list[int] = []
    for a in legal:
        if a.kind == "pong":
            steps = after("pong", [claimed] * 2)
            options.append(99 if steps is None else steps)
        elif a.kind == "chow":
            steps = after("chow", [read_tile(x) for x in a.data.get("tiles") or ()])
            options.append(99 if steps is None else steps)
        elif a.kind == "kong":
            steps = after("kong", [claimed] * 3)
            options.append(99 if steps is None else steps)
    if not options:
        return []
    best = min(options)
    if before == 0 and best >= before:
        return [Reason("bots.mj.pass_ready", {"tile": window["tile"]})]
    if best >= before:
        return [Reason("bots.mj.pass_no_gain", {"tile": window["tile"], "before": before})]
    return [
        Reason("bots.mj.pass_closed", {"tile": window["tile"], "before": before, "after": best})
    ]
