"""Bots only see what their seat sees (issue 22): the other seats' hidden cards and tiles and a
hidden kitty or wall are dealt afresh, keeping everything the seat's view shows, and every bot
kind of every game must then make the same choice with the same random source.

The reshuffle is the test's own, reaching into each engine's state (the engines keep hidden
cards in ``hands``, ``kitty`` and the mahjong ``wall``); a state whose view the reshuffle would
change is not used.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from games.base import Action, Game, Player
from games.duplicate import play_decisions
from games.registry import GAMES


def _deal_again(pools: list[list[Any]], rng: random.Random) -> list[list[Any]]:
    """The items of ``pools`` shuffled together and dealt back in the same sizes."""
    items = [x for pool in pools for x in pool]
    rng.shuffle(items)
    out, at = [], 0
    for pool in pools:
        out.append(items[at : at + len(pool)])
        at += len(pool)
    return out


def _swap_trick(game: Any, seat: int, rng: random.Random) -> None:
    """扒鸡窝/打滚子: the other hands and the kitty, when the seat has not seen it."""
    others = [s for s in range(4) if s != seat]
    before = game.view(seat)
    pools = [game.hands[s] for s in others] + [game.kitty]
    dealt = _deal_again(pools, rng)
    for s, cards in zip(others, dealt, strict=False):
        game.hands[s] = cards
    game.kitty = dealt[-1]
    if game.view(seat) != before:  # the seat sees the kitty: keep it, deal only the hands
        game.kitty = pools[-1]
        for s, cards in zip(others, _deal_again(pools[:-1], rng), strict=True):
            game.hands[s] = cards


def _swap_dagun(game: Any, seat: int, rng: random.Random) -> None:
    """打滚: the other hands; the secret partner follows the called card, as it would."""
    others = [s for s in range(4) if s != seat]
    for s, cards in zip(others, _deal_again([game.hands[s] for s in others], rng), strict=True):
        game.hands[s] = cards
    if not game.revealed and game.partner != seat:
        holders = [s for s in range(4) if s != game.dealer and game.called in game.hands[s]]
        if holders:
            game.partner = holders[0]


def _swap_mahjong(game: Any, seat: int, rng: random.Random) -> None:
    """金坛/金华: the other seats' concealed tiles and the wall still to draw."""
    others = [s for s in range(4) if s != seat]
    wall = game.wall
    pools = [game.hands[s] for s in others] + [wall.tiles[wall.front : wall.back]]
    dealt = _deal_again(pools, rng)
    for s, tiles in zip(others, dealt, strict=False):
        game.hands[s] = sorted(tiles)
    wall.tiles[wall.front : wall.back] = dealt[-1]


SWAPS: dict[str, Callable[[Any, int, random.Random], None]] = {
    "pajiwo": _swap_trick,
    "dagunzi": _swap_trick,
    "dagun": _swap_dagun,
    "jintan": _swap_mahjong,
    "jinhua": _swap_mahjong,
}

# a small search budget: the property does not depend on it, the test's time does
BOT_ARGS: dict[str, dict[str, Any]] = {
    "strong": {"rollouts": 1, "candidates": 3, "budget_ms": 100_000}
}


def _states(key: str, seed: int, every: int) -> list[tuple[Game, int]]:
    """Copies of a heuristic one-hand game at every ``every``-th seat decision."""
    spec = GAMES[key]
    engine = spec.engine()
    options = engine.options_type.from_dict(engine.presets["quick"])
    game = engine(seed, options)
    heuristic = spec.bots()["heuristic"]()
    rng = random.Random(seed)
    out: list[tuple[Game, int]] = []
    for n, seat in enumerate(play_decisions(game, heuristic, rng), 1):
        if n % every == 0:
            out.append((copy.deepcopy(game), seat))
    return out


def _differences(
    key: str, bot: Callable[[], Player], states: list[tuple[Game, int]]
) -> tuple[int, list[Any]]:
    """``(states checked, choices that changed)`` when the hidden cards are dealt again."""
    checked, changed = 0, []
    for i, (game, seat) in enumerate(states):
        other = copy.deepcopy(game)
        SWAPS[key](other, seat, random.Random(i))
        if other.view(seat) != game.view(seat) or other.snapshot() == game.snapshot():
            continue  # the view changed, or there was nothing hidden to move
        mine = bot().choose(game, seat, random.Random(100 + i))
        theirs = bot().choose(other, seat, random.Random(100 + i))
        checked += 1
        if not _same(mine, theirs):
            changed.append((game.view(seat)["phase"], mine, theirs))
    return checked, changed


@pytest.mark.parametrize("key", sorted(SWAPS))
def test_every_bot_chooses_the_same_when_hidden_cards_are_dealt_again(key: str) -> None:
    bots = GAMES[key].bots()
    states = _states(key, seed=5, every=6) + _states(key, seed=6, every=6)
    for kind in sorted(bots):
        args = BOT_ARGS.get(kind, {})
        checked, changed = _differences(key, lambda k=kind, a=args: bots[k](**a), states)
        assert changed == [], (kind, changed)
        assert checked >= 5, (kind, checked)


class _Peeking:
    """A bot that cheats: its choice depends on the other seats' hands."""

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        legal = game.legal_actions(seat, limit=10)
        hidden = str(game.snapshot()["hands"])
        return legal[sum(map(ord, hidden)) % len(legal)]


def test_the_reshuffle_catches_a_bot_that_peeks() -> None:
    states = _states("pajiwo", seed=5, every=6)
    checked, changed = _differences("pajiwo", _Peeking, states)
    assert checked >= 5 and changed


def _same(a: Action, b: Action) -> bool:
    return (a.seat, a.kind, dict(a.data)) == (b.seat, b.kind, dict(b.data))
