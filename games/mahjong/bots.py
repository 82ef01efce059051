"""Bot players for every mahjong game on the core: random-legal and shanten-driven.

Both follow :class:`games.base.Player` and read only ``game.view(seat)`` (own hand and
the public table) and ``game.legal_actions(seat)``, never another seat's hand.

The heuristic (:class:`HeuristicPlayer`):

* wins whenever it may;
* discards the tile that leaves the lowest shanten (向听, tiles away from ready), ties
  broken by the most useful tiles still unseen (有效牌), then honours and terminals first;
* kongs when the kong does not raise its shanten, pongs and chows only when the claim
  lowers it (an honour pong also when it keeps it: 花 in Jintan);
* defends: when another seat shows three melds or more and its own hand is far from
  ready (shanten ≥ 2), it discards tiles already discarded by others first (safe tiles).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Action, Game
from games.mahjong import shapes
from games.mahjong.melds import read_tile

__all__ = ["HeuristicPlayer", "RandomPlayer", "best_discards", "unseen_counts"]


class RandomPlayer:
    """Plays a uniformly random legal action (tests and the benchmark's opponents)."""

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        return rng.choice(legal)


def _tiles(raw: Any) -> list[int]:
    return [read_tile(t) for t in raw or []]


def unseen_counts(view: Mapping[str, Any]) -> list[int]:
    """Copies of each kind the seat has not seen: 4 minus its hand, rivers and open melds."""
    left = [4] * shapes.KINDS
    for t in _tiles(view.get("hand")):
        if t < shapes.KINDS:
            left[t] -= 1
    for player in view["players"]:
        for d in player["discards"]:
            if d["taken"] != "claimed":
                t = read_tile(d["tile"])
                left[t] -= 1
        for m in player["melds"]:
            for t in _tiles(m["tiles"]):
                left[t] -= 1
    return [max(0, x) for x in left]


def _near(counts: Sequence[int], t: int) -> bool:
    """A tile that touches the hand: held, or within two of a held tile of its suit (a
    tile touching nothing cannot lower shanten)."""
    if counts[t]:
        return True
    if t >= 27:
        return False
    low, high = t - t % 9, t - t % 9 + 8
    return any(counts[k] for k in range(max(low, t - 2), min(high, t + 2) + 1))


def _useful(counts: list[int], melds: int, unseen: Sequence[int], base: int) -> int:
    total = 0
    for t in range(shapes.KINDS):
        if unseen[t] and counts[t] < 4 and _near(counts, t):
            counts[t] += 1
            if shapes.shanten(counts, melds) < base:
                total += unseen[t]
            counts[t] -= 1
    return total


def best_discards(
    counts: list[int], melds: int, unseen: Sequence[int], candidates: Sequence[int]
) -> list[tuple[int, int, int]]:
    """``(shanten after, -useful tiles, tile)`` for each candidate, best first."""
    scored = []
    for t in set(candidates):
        counts[t] -= 1
        scored.append((shapes.shanten(counts, melds), t))
        counts[t] += 1
    low = min(s for s, _ in scored)
    out = []
    for s, t in scored:
        useful = 0
        if s == low:
            counts[t] -= 1
            useful = _useful(counts, melds, unseen, s)
            counts[t] += 1
        out.append((s, -useful, t))
    out.sort(key=lambda x: (x[0], x[1], -_edge(x[2]), x[2]))
    return out


def _edge(tile: int) -> int:
    """Honours 2, terminals 1, others 0: what to let go first among equals."""
    if tile >= 27:
        return 2
    return 1 if tile % 9 in (0, 8) else 0


class HeuristicPlayer:
    """Shanten-driven player (see the module docstring)."""

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        kinds = {a.kind for a in legal}
        if "win" in kinds:
            return next(a for a in legal if a.kind == "win")
        view = game.view(seat)
        hand = [t for t in _tiles(view["hand"]) if t < shapes.KINDS]
        counts = shapes.counts_of(hand)
        melds = len(view["players"][seat]["melds"])
        unseen = unseen_counts(view)
        if "discard" in kinds:
            return self._turn(seat, legal, view, counts, melds, unseen)
        return self._claim(seat, legal, view, counts, melds, unseen)

    @staticmethod
    def _harmless_kong(
        legal: list[Action], counts: list[int], melds: int, now: int
    ) -> Action | None:
        """A kong on one's turn that does not raise shanten (``now``), or ``None``: a
        concealed kong takes four tiles and makes a meld, an added kong takes one."""
        for a in legal:
            if a.kind == "kong":
                t = read_tile(a.data["tile"])
                after = list(counts)
                after[t] = 0 if after[t] == 4 else after[t] - 1
                if shapes.shanten(after, melds + (1 if counts[t] == 4 else 0)) <= now:
                    return a
        return None

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
        kong = self._harmless_kong(legal, counts, melds, now)
        if kong is not None:
            return kong
        candidates = [read_tile(a.data["tile"]) for a in legal if a.kind == "discard"]
        ranked = best_discards(counts, melds, unseen, candidates)
        if now >= 2 and _threat(view, seat):
            safe = _safe_tiles(view, seat)
            for _, _, t in ranked:
                if t in safe:
                    return _discard(seat, legal, t)
        return _discard(seat, legal, ranked[0][2])

    def _claim(
        self,
        seat: int,
        legal: list[Action],
        view: Mapping[str, Any],
        counts: list[int],
        melds: int,
        unseen: Sequence[int],
    ) -> Action:
        window = view["claim_window"]
        tile = read_tile(window["tile"])
        now = shapes.shanten(counts, melds)
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.kind in ("pass", "win"):
                continue
            after = list(counts)
            if a.kind == "chow":
                for t in _tiles(a.data["tiles"]):
                    after[t] -= 1
            else:
                after[tile] -= 3 if a.kind == "kong" else 2
            if a.kind == "kong":
                value = shapes.shanten(after, melds + 1)
            else:
                value = min(
                    (shapes.shanten(_less(after, t), melds + 1) for t in range(34) if after[t]),
                    default=99,
                )
            honour_pong = a.kind in ("pong", "kong") and tile >= 27
            keeps = value <= now and (honour_pong or a.kind == "kong")
            if (value < now or keeps) and (best is None or value < best[0]):
                best = (value, a)
        if best is not None:
            return best[1]
        return Action(seat, "pass")


def _less(counts: list[int], t: int) -> list[int]:
    out = list(counts)
    out[t] -= 1
    return out


def _discard(seat: int, legal: list[Action], tile: int) -> Action:
    for a in legal:
        if a.kind == "discard" and read_tile(a.data["tile"]) == tile:
            return a
    return next(a for a in legal if a.kind == "discard")


def _threat(view: Mapping[str, Any], seat: int) -> bool:
    return any(len(p["melds"]) >= 3 for p in view["players"] if p["seat"] != seat)


def _safe_tiles(view: Mapping[str, Any], seat: int) -> set[int]:
    """Tiles the threatening seats discarded themselves (they cannot be their waits often)."""
    safe: set[int] = set()
    for p in view["players"]:
        if p["seat"] != seat and len(p["melds"]) >= 3:
            safe |= {read_tile(d["tile"]) for d in p["discards"]}
    return safe
