"""Win shapes, waits and shanten, checked against the ``mahjong`` package (an outside
reference used only in tests) and against brute force for wild tiles."""

from __future__ import annotations

import itertools
import random

import pytest
from mahjong.shanten import Shanten

from games.mahjong import shapes
from games.tiles import parse_tiles


def counts(text: str) -> list[int]:
    return shapes.counts_of([t.index for t in parse_tiles(text)])


def _complete(rng: random.Random, size: int) -> list[int] | None:
    """A random complete hand of ``size`` (3n+2) tiles, or None if a kind ran past four."""
    hand = [rng.randrange(34)] * 2
    for _ in range(size // 3):
        if rng.random() < 0.5:
            hand += [rng.randrange(34)] * 3
        else:
            start = rng.randrange(3) * 9 + rng.randrange(7)
            hand += [start, start + 1, start + 2]
    ok = all(hand.count(k) <= 4 for k in set(hand))
    return hand if ok else None


def _random_hands(n: int, size: int, seed: int) -> list[list[int]]:
    """Random hands: a third complete, a third one tile off complete, a third from a
    narrow pool (many near shapes), so that both answers are common."""
    rng = random.Random(seed)
    narrow = [k for k in (*range(9), 27, 28) for _ in range(4)]
    out: list[list[int]] = []
    while len(out) < n:
        kind = len(out) % 3
        if kind == 2 or size % 3 != 2:
            out.append(rng.sample(narrow, size))
            continue
        hand = _complete(rng, size)
        if hand is None:
            continue
        if kind == 1:
            hand[rng.randrange(size)] = rng.randrange(34)
            if any(hand.count(k) > 4 for k in set(hand)):
                continue
        out.append(hand)
    return out


@pytest.mark.parametrize("size", [14, 11, 8, 5, 2])
def test_regular_wins_match_the_oracle(size: int) -> None:
    wins = 0
    n_hands = 3000
    for hand in _random_hands(n_hands, size, size):
        c = shapes.counts_of(hand)
        oracle = Shanten.calculate_shanten_for_regular_hand(c) == -1
        assert shapes.is_regular(c) == oracle, sorted(hand)
        wins += oracle
    assert wins > n_hands // 4  # the sample holds many complete hands, so the check has teeth


@pytest.mark.parametrize("size", [13, 14, 10, 7])
def test_regular_shanten_matches_the_oracle(size: int) -> None:
    melds = (14 - size) // 3
    for hand in _random_hands(1500, size, 100 + size):
        c = shapes.counts_of(hand)
        assert shapes.shanten_regular(c, melds) == Shanten.calculate_shanten_for_regular_hand(c)


def test_seven_pairs_by_counts() -> None:
    assert shapes.is_seven_pairs(counts("11m 22m 55p 77p 99s EE CC"))
    assert shapes.is_seven_pairs(counts("1111m 22m 55p 77p 99s EE"))  # four of a kind = 2 pairs
    assert not shapes.is_seven_pairs(counts("111m 22m 55p 77p 99s EE C"))
    assert shapes.is_win(counts("1111m 22m 55p 77p 99s EE"))
    assert not shapes.is_win(counts("1111m 22m 55p 77p 99s EE"), seven_pairs=False)
    rng = random.Random(7)
    for _ in range(500):
        kinds = rng.sample(range(34), 7)
        hand = shapes.counts_of(kinds * 2)
        assert shapes.is_seven_pairs(hand) and shapes.shanten_seven_pairs(hand) == -1


def test_nine_gates_waits_on_every_character() -> None:
    assert shapes.waits(counts("1112345678999m")) == list(range(9))


def test_waits_of_a_lone_wait_and_a_full_kind() -> None:
    assert shapes.waits(counts("123m 456m 789m 123p 5s")) == [counts("5s").index(1)]
    # 1111m held: no fifth 1m can complete 1111m 23m ...
    assert 0 not in shapes.waits(counts("1111m 23m 456p 789p 99s"))


def test_readings_find_pongs_and_chows() -> None:
    found = shapes.readings(counts("111222333m 456p 55s"))
    kinds = sorted(tuple(s.kind for s in r.sets) for r in found)
    assert ("pong", "pong", "pong", "chow") in [tuple(sorted(k, reverse=True)) for k in kinds]
    assert any(all(s.kind != "pong" for s in r.sets) for r in found)
    assert shapes.readings(counts("123m 456m 789m 123p 56s")) == []


def _brute_force_win(c: list[int], wilds: int) -> bool:
    if wilds == 0:
        return shapes.is_win(c)
    for combo in itertools.combinations_with_replacement(range(34), wilds):
        d = list(c)
        for t in combo:
            d[t] += 1
        if shapes.is_win(d):
            return True
    return False


def test_wild_tiles_agree_with_brute_force_substitution() -> None:
    rng = random.Random(12)
    pool = [k for k in (*range(9), *range(9, 14), 27, 31) for _ in range(4)]
    checked = wins = 0
    for wilds in (1, 2):
        for _ in range(400):
            hand = rng.sample(pool, 14 - wilds)
            c = shapes.counts_of(hand)
            expected = _brute_force_win(c, wilds)
            assert shapes.is_win(c, wilds) == expected, (sorted(hand), wilds)
            checked += 1
            wins += expected
    assert checked == 800 and wins > 20


def test_min_wilds_examples() -> None:
    assert shapes.min_wilds(counts("123m 456m 789m 123p 55s")) == 0
    assert shapes.min_wilds(counts("123m 456m 789m 123p 5s")) == 1  # the pair's mate
    assert shapes.min_wilds(counts("123m 456m 789m 13p 55s")) == 1  # 2p
    # three sets and a pair need no wild; three wilds then make the fourth set
    assert shapes.min_wilds(counts("123m 456m 789m 55s")) == 0
    assert shapes.is_win(counts("123m 456m 789m 55s"), wilds=3)
    assert not shapes.is_win(counts("123m 456m 789m 5s"), wilds=3)
