"""The strong 金华 bot: the 财神 (wild) and its 白板 stand-in counted in every measure, and
the hand's value (倍, multipliers), not only its speed.

Where the points are in 金华 (``docs/rules/jinhua.md``): a win is worth ``X·m`` a unit; on a
discard the discarder pays 2 units and the others 1 (4 in all), on a self-draw (自摸) each
pays 2 (6 in all); most wins are 平胡 (m = 1). Against the other seats' mean that is
``16/3·m`` for a discard win and ``8·m`` for a self-draw. The multipliers within reach of
an ordinary hand are the 财神's: 爆头 (×2, a self-draw whose lone 财神 pairs the drawn tile),
财神头 (×4, two 财神 as the pair), 三财一刻 (×8).

What this bot does that the heuristic (:mod:`games.jinhua.bots`) does not:

* **白板 as the 财神's face** (白板代财神): a 白板 may play as the face of the 财神 kind, so
  it counts as that tile (or as itself, whichever is better) in shanten (向听) and useful
  tiles (有效牌); the heuristic throws it away as a lone honour.
* **shanten with the wilds**: each 财神 lowers shanten by one, but a 13-tile hand is at
  best ready (听牌), so four sets and a lone 财神 is ready on *any* tile (the 爆头 wait).
* **ready hands by value**: among discards that leave the hand ready, the one whose waits are
  worth most: each unseen winning tile weighted by its self-draw and discard multipliers
  (:func:`games.jinhua.scoring.best_valuation`), so the any-tile wait with a lone 财神 (each
  self-draw a 爆头) beats a two-sided wait.
* **passing a discard win to self-draw** (放弃吃炮, 等自摸): when the seat's next draw is
  worth more on average (``0.85 × 8 × m`` over the tiles it may draw, the 0.85 for the
  chance another seat wins first) than the discard win now (``16/3 × m``). With a lone 财神
  and four sets every draw wins ×2, so a 平胡 on a discard is passed; an ordinary wait
  (8 tiles of some 70 unseen) never is. 金华 has no rule against winning later after a pass.

It reads only ``game.view(seat)`` and ``game.legal_actions(seat)``; it uses no randomness.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import Action, Game
from games.jinhua.bots import JinhuaHeuristicPlayer
from games.jinhua.scoring import Situation, best_valuation
from games.jinhua.wilds import WHITE
from games.mahjong import shapes
from games.mahjong.bots import _less, _safe_tiles, _threat, unseen_counts
from games.mahjong.melds import Meld, read_tile, seat_melds

__all__ = [
    "DiscardChoice",
    "JinhuaStrongPlayer",
    "passes_win",
    "rank_discard",
    "ready_value",
    "seat_unseen",
    "wait_or_win",
    "wild_shanten",
]

#: the score against the other seats' mean of a win worth one unit (m = 1)
DISCARD_WIN = 16 / 3
SELF_DRAW = 8.0
#: the chance nobody else wins before the seat's next draw
SURVIVE = 0.85
#: how the value of a ready hand's unseen winning tiles is weighed: the share of wins that
#: are self-draws (the rest on discards), times each kind of win's score
_SELF_SHARE = 0.3
_KINDS = shapes.KINDS


def seat_unseen(view: Mapping[str, Any]) -> list[int]:
    """Copies of each kind the seat has not seen: its hand, rivers, melds and the turned-up
    财神 indicator (set aside, out of play)."""
    left = unseen_counts(view)
    for raw in view.get("set_aside") or []:
        t = read_tile(raw)
        if t < _KINDS and left[t]:
            left[t] -= 1
    return left


def _readings(counts: Sequence[int], caishen: int) -> list[list[int]]:
    """The natural counts as they stand, and with every 白板 playing as the 财神's face."""
    out = [list(counts)]
    if caishen != WHITE and counts[WHITE] and counts[WHITE] + counts[caishen] <= 4:
        moved = list(counts)
        moved[caishen] += moved[WHITE]
        moved[WHITE] = 0
        out.append(moved)
    return out


def wild_shanten(natural: Sequence[int], wilds: int, melds: int, caishen: int) -> int:
    """Shanten (向听) of the natural tiles (the 财神 copies taken out) with ``wilds`` 财神:
    each wild lowers it by one, down to ready (0) for 3n+1 tiles, complete (-1) for 3n+2;
    a 白板 counts as the 财神's face where that is better."""
    base = min(shapes.shanten(c, melds) for c in _readings(natural, caishen))
    floor = -1 if (sum(natural) + wilds) % 3 == 2 else 0
    return max(base - wilds, floor)


def ready_value(
    counts: Sequence[int], caishen: int, melds: tuple[Meld, ...], unseen: Sequence[int]
) -> tuple[float, float]:
    """``(self-draw, discard)``: over the unseen tiles, the sum of the multiplier each would
    win with (0 for a tile that does not win), drawn by the seat and discarded by another.

    ``counts``: the 13-tile (3n+1) concealed part, 财神 copies included as their kind."""
    work = list(counts[:_KINDS])
    own = 0.0
    other = 0.0
    for t in range(_KINDS):
        if not unseen[t] or work[t] >= 4:
            continue
        work[t] += 1
        drawn = best_valuation(work, caishen, Situation(tile=t, self_drawn=True, melds=melds))
        if drawn is not None:
            own += unseen[t] * drawn.multiplier
        won = best_valuation(work, caishen, Situation(tile=t, self_drawn=False, melds=melds))
        if won is not None:
            other += unseen[t] * won.multiplier
        work[t] -= 1
    return own, other


def wait_or_win(
    counts: Sequence[int],
    caishen: int,
    melds: tuple[Meld, ...],
    unseen: Sequence[int],
    now: int,
) -> bool:
    """True when the seat should win the discard now (worth ``now`` a unit): the discard win's
    ``16/3·now`` against its next draw's ``SURVIVE × 8 × mean multiplier``.

    ``counts``: the 13-tile concealed part before the discard."""
    total = sum(unseen)
    if total == 0:
        return True
    own, _ = ready_value(counts, caishen, melds, unseen)
    return DISCARD_WIN * now >= SURVIVE * SELF_DRAW * own / total


@dataclass(frozen=True)
class DiscardChoice:
    """The strong bot's discard and its figures (the hint's reason reads them).

    Attributes:
        tile: the tile to discard.
        shanten: the hand's shanten after it (向听, with the wilds; 0 ready).
        tiles: unseen tiles that win (ready) or lower shanten (not ready).
        defended: chosen for safety (a seat shows three melds, the hand is far from ready).
    """

    tile: int
    shanten: int
    tiles: int
    defended: bool = False


def _split(view: Mapping[str, Any]) -> tuple[int, list[int], list[int], int]:
    """``(caishen, hand, natural counts, wilds)`` of the seat's concealed tiles."""
    caishen = read_tile(view["caishen"])
    hand = [t for t in (read_tile(x) for x in view["hand"]) if t < _KINDS]
    natural = shapes.counts_of([t for t in hand if t != caishen])
    return caishen, hand, natural, sum(1 for t in hand if t == caishen)


def rank_discard(view: Mapping[str, Any], seat: int, options: set[int]) -> DiscardChoice:
    """The strong bot's discard among ``options`` (tile kinds): the lowest wild shanten, then
    the most valuable waits (ready) or the most useful tiles, honours and terminals first
    among equals; a 财神 only when nothing else may go. When another seat shows three melds
    and the hand is two or more from ready, the best of the tiles that seat discarded."""
    caishen, _, natural, wilds = _split(view)
    melds = seat_melds(view, seat)
    unseen = seat_unseen(view)
    n = len(melds)
    keep_wild = [t for t in options if t != caishen]
    ranked: list[tuple[tuple[float, ...], int, int]] = []
    after: dict[int, tuple[list[int], int, int]] = {}
    for t in keep_wild or sorted(options):
        rest, w = list(natural), wilds
        if t == caishen:
            w -= 1
        else:
            rest[t] -= 1
        after[t] = (rest, w, wild_shanten(rest, w, n, caishen))
    low = min(s for _, _, s in after.values())
    for t, (rest, w, s) in after.items():
        if s != low:
            ranked.append(((s, 0.0, _edge(t)), t, 0))
            continue
        if low == 0:
            full = list(rest)
            full[caishen] += w
            own, other = ready_value(full, caishen, melds, unseen)
            worth = _SELF_SHARE * SELF_DRAW * own + (1 - _SELF_SHARE) * DISCARD_WIN * other
            count = _winning_tiles(full, caishen, melds, unseen)
        else:
            count = _useful_wild(rest, w, n, caishen, unseen, low)
            worth = float(count)
        ranked.append(((low, -worth, _edge(t)), t, count))
    ranked.sort()
    now = wild_shanten(natural, wilds, n, caishen)
    if now >= 2 and _threat(view, seat):
        safe = _safe_tiles(view, seat)
        for key, t, count in ranked:
            if t in safe:
                return DiscardChoice(t, int(key[0]), count, t != ranked[0][1])
    key, t, count = ranked[0]
    return DiscardChoice(t, int(key[0]), count)


def _winning_tiles(
    counts: Sequence[int], caishen: int, melds: tuple[Meld, ...], unseen: Sequence[int]
) -> int:
    work = list(counts[:_KINDS])
    total = 0
    for t in range(_KINDS):
        if unseen[t] and work[t] < 4:
            work[t] += 1
            sit = Situation(tile=t, self_drawn=True, melds=melds)
            if best_valuation(work, caishen, sit) is not None:
                total += unseen[t]
            work[t] -= 1
    return total


def passes_win(view: Mapping[str, Any], seat: int) -> bool:
    """True when the strong bot passes the discard win the claim window offers: its next
    draw is worth more (:func:`wait_or_win`)."""
    window = view.get("claim_window")
    if window is None:
        return False
    caishen, hand, _, _ = _split(view)
    melds = seat_melds(view, seat)
    tile = read_tile(window["tile"])
    counts = shapes.counts_of(hand)
    counts[tile] += 1
    val = best_valuation(counts, caishen, Situation(tile=tile, self_drawn=False, melds=melds))
    counts[tile] -= 1
    now = 1 if val is None else val.multiplier
    return not wait_or_win(counts, caishen, melds, seat_unseen(view), now)


class JinhuaStrongPlayer(JinhuaHeuristicPlayer):
    """The strong 金华 bot (see the module docstring). ``**budget`` is accepted and ignored:
    it does not search (the harness passes a search bot's budget to every strong bot)."""

    def __init__(self, **budget: int) -> None:
        del budget

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        legal = game.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has nothing to do now")
        kinds = {a.kind for a in legal}
        view: dict[str, Any] = game.view(seat)
        if "win" in kinds:
            if view["phase"] == "claim" and "pass" in kinds and passes_win(view, seat):
                return next(a for a in legal if a.kind == "pass")
            return next(a for a in legal if a.kind == "win")
        caishen, _, natural, wilds = _split(view)
        melds = seat_melds(view, seat)
        if "discard" in kinds:
            n = len(melds)
            kong = self._harmless_kong(legal, natural, n, shapes.shanten(natural, n))
            if kong is not None and read_tile(kong.data["tile"]) != caishen:
                return kong
            options = {read_tile(a.data["tile"]) for a in legal if a.kind == "discard"}
            return _discard_action(legal, rank_discard(view, seat, options).tile)
        return self._claim_wild(seat, legal, view, natural, wilds, caishen, melds)

    # ------------------------------------------------------------------- claims
    def _claim_wild(
        self,
        seat: int,
        legal: list[Action],
        view: Mapping[str, Any],
        natural: list[int],
        wilds: int,
        caishen: int,
        melds: tuple[Meld, ...],
    ) -> Action:
        """The heuristic's claims (only those that lower shanten; an honour pong or a kong
        also when it keeps it), with shanten counted with the wilds and the 白板."""
        tile = read_tile(view["claim_window"]["tile"])
        n = len(melds)
        now = wild_shanten(natural, wilds, n, caishen)
        best: tuple[int, Action] | None = None
        for a in legal:
            if a.kind in ("pass", "win"):
                continue
            after = list(natural)
            if a.kind == "chow":
                for t in (read_tile(x) for x in a.data["tiles"]):
                    after[t] -= 1
            else:
                after[tile] -= 3 if a.kind == "kong" else 2
            if min(after) < 0:
                continue
            if a.kind == "kong":
                value = wild_shanten(after, wilds, n + 1, caishen)
            else:
                value = min(
                    (
                        wild_shanten(_less(after, t), wilds, n + 1, caishen)
                        for t in range(_KINDS)
                        if after[t]
                    ),
                    default=wild_shanten(after, wilds - 1, n + 1, caishen) if wilds else 99,
                )
            keeps = value <= now and (a.kind == "kong" or (a.kind == "pong" and tile >= 27))
            if (value < now or keeps) and (best is None or value < best[0]):
                best = (value, a)
        if best is not None:
            return best[1]
        return Action(seat, "pass")


def _useful_wild(
    natural: list[int], wilds: int, melds: int, caishen: int, unseen: Sequence[int], base: int
) -> int:
    """Unseen tiles that lower the wild shanten ``base`` when drawn (a 财神 always does)."""
    total = unseen[caishen] if base > -1 else 0
    for t in range(_KINDS):
        if t == caishen or not unseen[t] or natural[t] >= 4:
            continue
        natural[t] += 1
        if wild_shanten(natural, wilds, melds, caishen) < base:
            total += unseen[t]
        natural[t] -= 1
    return total


def _edge(tile: int) -> int:
    """Among equals, let go honours first, then terminals (the heuristic's order)."""
    if tile >= 27:
        return -2
    return -1 if tile % 9 in (0, 8) else 0


def _discard_action(legal: list[Action], tile: int) -> Action:
    return next(a for a in legal if a.kind == "discard" and read_tile(a.data["tile"]) == tile)
