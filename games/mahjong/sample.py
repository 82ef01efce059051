"""A world of a mahjong hand as one seat sees it (确定化): the tiles the seat cannot see dealt
afresh, consistently with its view, for the review's cost of a decision (:mod:`games.review`) and
for any search.

What the seat sees stays: its own hand (and the tile it drew), every meld laid down, every
discard, every flower, the tiles set aside (金华's 财神 indicator), the wall's count. What it does
not see is dealt again from the tiles it has not seen:

* the other seats' concealed tiles, in the numbers they hold; a seat that has had its turn holds
  no flower (flowers are laid out as they come), one that has not may;
* the faces of the other seats' concealed kongs (暗杠): a kind of which all four copies are
  unseen, at random;
* the wall still to draw (live and dead), in a random order.

And what only the other seats know is forgotten: their standing choices (自动胡, 不吃碰) and their
memory of passed claims (金坛's passed win, 金华's passed pong), which follow from their hidden
tiles; in a claim window, the offers the others have (who may claim is private) are worked out
again from the world's hands, and answers they gave are dropped (they answer again in the
world). So nothing of the real game's hidden tiles is kept: a world depends only on the seat's
view and the random source (``tests/mahjong/test_sample.py``).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.base import Game
from games.mahjong import claims
from games.mahjong.melds import Meld, is_flower
from games.mahjong.model import STANDING, ClaimWindow, Win
from games.search import clone
from games.tiles import full_tile_set

__all__ = ["sample_world", "unseen_by"]

#: per-seat memories of passed claims (private, like the tiles behind them): the attribute and
#: its "nothing passed" value, forgotten for the other seats in a world
_PRIVATE_MEMORY: dict[str, Any] = {"passed": lambda: None, "passed_pongs": set}


def _hidden_kong(meld: Meld) -> bool:
    return meld.kind == "kong" and meld.concealed


def unseen_by(game: Any, seat: int) -> Counter[int]:
    """The tiles ``seat`` has not seen (by index): the whole set less its own hand, every meld
    but the others' concealed kongs, every flower laid out, the discards still in the rivers,
    the tiles set aside and a kong being added."""
    seen: Counter[int] = Counter(game.hands[seat])
    for s in range(game.seat_count):
        for meld in game.melds[s]:
            if s == seat or not _hidden_kong(meld):
                seen.update(meld.tiles)
        seen.update(game.flowers[s])
        seen.update(t for t, how in game.river[s] if how != "claimed")
    seen.update(game.set_aside)
    if game.kong_tile is not None:
        seen[game.kong_tile] += 1
    whole = Counter(t.index for t in full_tile_set(flowers=game.core.flowers))
    return whole - seen


def sample_world(game: Game, seat: int, rng: random.Random) -> Game | None:
    """A copy of ``game`` with what ``seat`` cannot see dealt afresh (see the module
    docstring); ``None`` outside a hand's play (a discard or a claim window) or when the counts
    do not add up."""
    engine: Any = game
    if engine.phase not in ("discard", "claim"):
        return None
    others = [s for s in range(engine.seat_count) if s != seat]
    pool = unseen_by(engine, seat)
    kongs = [(s, i) for s in others for i, m in enumerate(engine.melds[s]) if _hidden_kong(m)]
    wall = engine.wall
    wall_size = wall.back - wall.front
    sizes = {s: len(engine.hands[s]) for s in others}
    if sum(pool.values()) != sum(sizes.values()) + 4 * len(kongs) + wall_size:
        return None
    world: Any = clone(game)
    for s, i in kongs:  # a concealed kong's face: a kind all four of which are unseen
        kinds = sorted(k for k, n in pool.items() if n >= 4 and not is_flower(k))
        if not kinds:
            return None
        kind = rng.choice(kinds)
        pool[kind] -= 4
        old = world.melds[s][i]
        world.melds[s][i] = Meld("kong", (kind,) * 4, None, old.from_seat, True, old.added)
    tiles = sorted(pool.elements())
    rng.shuffle(tiles)
    plain = [t for t in tiles if not is_flower(t)]
    flowers = [t for t in tiles if is_flower(t)]
    # a seat that has had its turn holds no flower; the others and the wall take the rest
    for s in others:
        if engine.had_turn[s]:
            if len(plain) < sizes[s]:
                return None
            world.hands[s] = sorted(plain[: sizes[s]])
            plain = plain[sizes[s] :]
    rest = plain + flowers
    rng.shuffle(rest)
    for s in others:
        if not engine.had_turn[s]:
            world.hands[s] = sorted(rest[: sizes[s]])
            rest = rest[sizes[s] :]
    world.wall.tiles[wall.front : wall.back] = rest
    for s in others:
        world.standing[s] = dict.fromkeys(STANDING, False)
        for attr, nothing in _PRIVATE_MEMORY.items():
            memory = getattr(world, attr, None)
            if isinstance(memory, list):
                memory[s] = nothing()
    if world.window is not None:
        _reopen(world, seat)
    return world


def _reopen(world: Any, seat: int) -> None:
    """The world's claim window worked out again from its hands: the others' offers (and wins)
    as their sampled tiles give them, ``seat``'s own as they were, no answer of another seat."""
    old: ClaimWindow = world.window
    if old.kind == "discard":
        world.window = None
        world.windows_opened -= 1  # the same window again: the same pause is drawn
        claims.open_discard_window(world, old.from_seat, old.tile)
        new: ClaimWindow | None = world.window
        assert new is not None  # the seat's own offer is still there
    else:  # robbing an added kong: only wins are offered
        wins: dict[int, Win] = {}
        for k in range(1, 4):
            o = (old.from_seat + k) % 4
            if world._shape_wins(o, old.tile):
                win = world.score_win(world._ctx(o, old.tile, "rob_kong", old.from_seat))
                if isinstance(win, Win):
                    wins[o] = win
        offers: dict[int, tuple[str, ...]] = {o: ("win", "pass") for o in wins}
        new = ClaimWindow("rob", old.tile, old.from_seat, offers, {}, wins)
        world.window = new
    new.held, new.pause_s = old.held, old.pause_s
    new.answers = {s: a for s, a in old.answers.items() if s == seat}
