"""``shapes.min_wilds_sets`` (sets only, no pair), added for Jinhua's 财神头 and 爆头 readings:
checked against substitution of every wild by every kind, and on worked examples."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

from games.mahjong.shapes import KINDS, counts_of, is_regular, min_wilds, min_wilds_sets
from games.tiles import parse_tiles


def c(text: str) -> list[int]:
    return counts_of([t.index for t in parse_tiles(text)])


def sets_only(counts: list[int]) -> bool:
    """Every honour a pong (or none), every suit sets only: the suit alone with a pair of 东
    added is a complete hand."""
    if any(counts[k] % 3 for k in range(27, 34)):
        return False
    for start in (0, 9, 18):
        alone = [0] * KINDS
        alone[start : start + 9] = counts[start : start + 9]
        alone[27] = 2
        if not is_regular(alone):
            return False
    return True


def test_worked_examples() -> None:
    assert min_wilds_sets(c("")) == 0
    assert min_wilds_sets(c("123m 555p")) == 0
    assert min_wilds_sets(c("13m")) == 1  # 1m 2m* 3m
    assert min_wilds_sets(c("E")) == 2
    assert min_wilds_sets(c("EE 19s")) == 1 + 2 + 2
    assert min_wilds(c("123m 555p 77s")) == 0 and min_wilds_sets(c("123m 555p 77s")) == 1


def test_against_substitution() -> None:
    rng = random.Random(3)
    checked = 0
    while checked < 120:
        tiles: list[int] = []
        for _ in range(rng.choice((1, 2, 3))):
            if rng.random() < 0.4:
                tiles += [rng.randrange(KINDS)] * 3
            else:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                tiles += [s, s + 1, s + 2]
        for _ in range(rng.choice((1, 2, 3))):
            tiles.pop(rng.randrange(len(tiles)))
        counts = counts_of(tiles)
        if max(counts) > 4:
            continue
        checked += 1
        need = min_wilds_sets(counts)
        fewest = None
        for w in range((3 - len(tiles) % 3) % 3, 4, 3):
            for subs in combinations_with_replacement(range(KINDS), w):
                h = list(counts)
                for k in subs:
                    h[k] += 1
                if max(h[27:34]) <= 4 and sets_only(h):
                    fewest = w
                    break
            if fewest is not None:
                break
        if fewest is None:
            assert need > 3, (tiles, need)
        else:
            assert need == fewest, (tiles, need, fewest)
