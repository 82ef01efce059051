"""The strong 金坛 bot: the heuristic's tile efficiency (牌效), ready hands chosen by what their
waits are worth under 金坛's scoring, and a wider defence (防守).

Where the points are in 金坛 (``docs/rules/jintan.md``): a win scores ``(底数 + 花) × 2^番``,
at most ×4; on a discard only the discarder pays it, on a self-draw (自摸) each of the three
does, so against the other seats' mean a discard win is worth ``4/3·S`` and a self-draw
``4·S``. A discard win needs at least one 花 or one 番 (一花起胡): a ready hand with neither
wins only by self-draw. 独吊 (the pair's lone wait) is a 番, and so lifts the score ×2 and
the 一花起胡 bar at once.

What this bot does that the heuristic (:class:`games.mahjong.bots.HeuristicPlayer`) does not:

* **ready hands by value** (听牌选择): among the discards that leave the hand ready, the one
  whose unseen winning tiles are worth most, each valued by :func:`games.jintan.scoring.value_hand`
  with the seat's own flowers and melds, as a self-draw and as a discard win (nothing when it
  would not pass 一花起胡), weighed by how often each happens;
* **defence**: besides the heuristic's (a seat shows three melds and the hand is two or more
  from ready: discard what that seat discarded), it also folds against a seat with two melds
  once the live wall is below half, and counts as safe the honours with no unseen copy (no
  seat can wait on them);
* **deal-in risk** (放铳): when the discard it would make has a 3% chance or more of being
  another seat's winning tile (:func:`games.jintan.risk.deal_in_chance`), a discard as far
  from ready but safer, if the rest of the hand is worth more with the risk counted
  (:func:`games.jintan.risk.discard_value`: a deal-in costs about 4.7 against the others'
  mean, a useful tile one from ready about 0.07).

It reads only ``game.view(seat)``, ``game.legal_actions(seat)`` and the table's options; it
uses no randomness.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Action, Game
from games.jintan.options import JintanOptions
from games.jintan.risk import deal_in_chance, discard_value, hand_worth, seat_hua, threat_of
from games.jintan.scoring import value_hand
from games.mahjong import shapes
from games.mahjong.bots import HeuristicPlayer, _discard, _near, _useful, best_discards
from games.mahjong.melds import read_tile, seat_melds
from games.mahjong.model import WinContext

__all__ = ["JintanStrongPlayer", "fold_safe", "next_worth", "ready_worth", "safer_discard"]

#: the share of wins that are self-draws (the rest on discards), to weigh a wait's value
_SELF_SHARE = 0.3
#: the live wall (out of 144 less the deal) below which two melds are a threat
_LATE_WALL = 45
#: the deal-in chance of the chosen discard from which a safer one of the same shanten is sought
_RISKY = 0.03


def ready_worth(
    counts: Sequence[int],
    view: Mapping[str, Any],
    seat: int,
    unseen: Sequence[int],
    options: JintanOptions,
) -> float:
    """What a ready 13-tile (3n+1) concealed part's waits are worth: over the unseen winning
    tiles, ``0.3 × 4·S`` as a self-draw plus ``0.7 × 4/3·S`` as a discard win (0 when it
    would not pass 一花起胡), ``S`` the score :func:`value_hand` gives it."""
    melds = seat_melds(view, seat)
    flowers = tuple(read_tile(f) for f in view["players"][seat]["flowers"])
    work = list(counts[: shapes.KINDS])
    seven = not melds
    total = 0.0
    for t in range(shapes.KINDS):
        if not unseen[t] or work[t] >= 4:
            continue
        work[t] += 1
        if shapes.is_win(work, 0, seven):
            for source in ("self_draw", "discard"):
                ctx = WinContext(seat, t, source, None, tuple(work), melds, flowers)
                val = value_hand(ctx, options)
                if val is None:
                    continue
                if source == "self_draw":
                    total += unseen[t] * _SELF_SHARE * 4 * val.score
                elif val.qualifies:
                    total += unseen[t] * (1 - _SELF_SHARE) * 4 / 3 * val.score
        work[t] -= 1
    return total


def next_worth(
    counts: list[int],
    view: Mapping[str, Any],
    seat: int,
    unseen: Sequence[int],
    options: JintanOptions,
    cache: dict[tuple[int, ...], float],
) -> float:
    """What a 13-tile (3n+1) concealed part one from ready is worth after the next draw: over
    the unseen tiles that make it ready, the best :func:`ready_worth` a discard then leaves
    (the tile count times what its ready hand's waits are worth), ``cache`` keyed by the ready
    hands already valued."""
    melds = len(view["players"][seat]["melds"])
    total = 0.0
    for t in range(shapes.KINDS):
        if not unseen[t] or counts[t] >= 4 or not _near(counts, t):
            continue
        counts[t] += 1
        if shapes.shanten(counts, melds) <= 0:
            best = 0.0
            for d in range(shapes.KINDS):
                if not counts[d]:
                    continue
                counts[d] -= 1
                if shapes.shanten(counts, melds) == 0:
                    key = tuple(counts)
                    w = cache.get(key)
                    if w is None:
                        w = cache[key] = ready_worth(counts, view, seat, unseen, options)
                    best = max(best, w)
                counts[d] += 1
            total += unseen[t] * best
        counts[t] -= 1
    return total


def _threats(view: Mapping[str, Any], seat: int) -> list[Mapping[str, Any]]:
    """The other seats that look ready: three melds, or two once the wall is past half."""
    late = int(view["wall"]["live"]) < _LATE_WALL
    return [
        p
        for p in view["players"]
        if p["seat"] != seat and (len(p["melds"]) >= 3 or (late and len(p["melds"]) >= 2))
    ]


def fold_safe(view: Mapping[str, Any], seat: int, unseen: Sequence[int]) -> set[int]:
    """Tiles safe against the threatening seats: those they discarded themselves, and honours
    with no unseen copy (nobody holds one to wait on)."""
    safe = {t for t in range(27, shapes.KINDS) if unseen[t] == 0}
    for p in _threats(view, seat):
        safe |= {read_tile(d["tile"]) for d in p["discards"]}
    return safe


class JintanStrongPlayer(HeuristicPlayer):
    """The strong 金坛 bot (see the module docstring). ``**budget`` is accepted and ignored:
    it does not search (the harness passes a search bot's budget to every strong bot)."""

    def __init__(self, **budget: int) -> None:
        del budget
        self._options = JintanOptions()

    def choose_options(self, game: Game) -> None:
        """Read the table's scoring options (public) before deciding."""
        options = getattr(game, "options", None)
        self._options = options if isinstance(options, JintanOptions) else JintanOptions()

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        self.choose_options(game)
        return super().choose(game, seat, rng)

    def _turn(
        self,
        seat: int,
        legal: list[Action],
        view: Mapping[str, Any],
        counts: list[int],
        melds: int,
        unseen: Sequence[int],
    ) -> Action:
        kong = self._harmless_kong(legal, counts, melds, shapes.shanten(counts, melds))
        if kong is not None:
            return kong
        tile, _ = self.discard_tile(seat, legal, view, counts, melds, unseen)
        return _discard(seat, legal, tile)

    def discard_tile(
        self,
        seat: int,
        legal: list[Action],
        view: Mapping[str, Any],
        counts: list[int],
        melds: int,
        unseen: Sequence[int],
    ) -> tuple[int, bool]:
        """``(tile, folded)``: the tile this bot discards on its turn when it does not kong
        (the hint's reason reads it too), and whether defence chose it: defence first, then
        among ready discards the most valuable waits, one from ready the most valuable next
        draws, else the heuristic's most efficient."""
        candidates = [read_tile(a.data["tile"]) for a in legal if a.kind == "discard"]
        ranked = best_discards(counts, melds, unseen, candidates)
        tile, folded = self._push_or_fold(seat, view, counts, melds, unseen, ranked)
        safer = safer_discard(tile, ranked, view, seat, counts, melds, unseen, self._options)
        return (tile, folded) if safer is None else (safer, True)

    def _push_or_fold(
        self,
        seat: int,
        view: Mapping[str, Any],
        counts: list[int],
        melds: int,
        unseen: Sequence[int],
        ranked: list[tuple[int, int, int]],
    ) -> tuple[int, bool]:
        now = shapes.shanten(counts, melds)
        if now >= 2 and _threats(view, seat):
            safe = fold_safe(view, seat, unseen)
            for _, _, t in ranked:
                if t in safe:
                    return t, t != ranked[0][2]
        if ranked[0][0] == 1:
            near = [t for s, _, t in ranked if s == 1]
            if len(near) > 1:
                cache: dict[tuple[int, ...], float] = {}
                best, worth = near[0], -1.0
                for t in near:
                    counts[t] -= 1
                    w = next_worth(counts, view, seat, unseen, self._options, cache)
                    counts[t] += 1
                    if w > worth + 1e-9:
                        best, worth = t, w
                return best, False
        ready = [t for s, _, t in ranked if s == 0]
        if len(ready) > 1:
            best, worth = ready[0], -1.0
            for t in ready:
                counts[t] -= 1
                w = ready_worth(counts, view, seat, unseen, self._options)
                counts[t] += 1
                if w > worth + 1e-9:
                    best, worth = t, w
            return best, False
        return ranked[0][2], False


def safer_discard(
    tile: int,
    ranked: list[tuple[int, int, int]],
    view: Mapping[str, Any],
    seat: int,
    counts: list[int],
    melds: int,
    unseen: Sequence[int],
    options: JintanOptions,
) -> int | None:
    """A discard as far from ready as ``tile`` (``ranked``: :func:`best_discards`' list) but
    less likely to deal in, whose expected measure, deal-in risk included
    (:func:`games.jintan.risk.discard_value`), is higher than ``tile``'s; ``None`` when there
    is none or ``tile``'s own deal-in chance is under 3%."""
    risk = deal_in_chance(threat_of(tile, view, seat, unseen))
    if risk < _RISKY:
        return None
    live = int(view["wall"]["live"])
    hua = seat_hua(view, seat)
    steps = next(s for s, _, t in ranked if t == tile)
    best, best_value = None, 0.0
    for s, minus_useful, t in ranked:
        if s != steps:
            continue
        chance = risk if t == tile else deal_in_chance(threat_of(t, view, seat, unseen))
        if chance >= risk and t != tile:
            continue
        counts[t] -= 1
        if s == 0:
            feature = ready_worth(counts, view, seat, unseen, options)
        elif s <= 2:
            feature = -minus_useful if minus_useful else _useful(counts, melds, unseen, s)
        else:
            feature = 0.0
        counts[t] += 1
        value = discard_value(hand_worth(s, live, hua, melds, feature), chance)
        if t == tile:
            value -= 1e-9  # a safer tile must be strictly better
        if best is None or value > best_value:
            best, best_value = t, value
    return None if best == tile else best
