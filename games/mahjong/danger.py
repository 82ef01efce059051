"""How dangerous a discard is (放铳, dealing in: discarding the tile another seat wins on),
read from what every seat sees: the chance a seat is ready (听牌), which grows with its open
melds (副露) and the turns it has played, and the chance a tile is one of its waits. An honour
(字牌) with no unseen copy cannot be waited on at all and one with a single unseen copy only as
a pair wait; a number tile is less likely to be a wait when it is *suji* (筋) to a tile that
seat discarded (a two-sided wait on it would have taken that tile), when the seat discarded it
itself (现物: these rules have no furiten, so it is not safe, only less likely), and at the
terminals. The hint's fallback reasons (:mod:`games.mahjong.reasons`) use these measures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.mahjong.melds import read_tile

__all__ = ["danger", "ready_chance"]


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
