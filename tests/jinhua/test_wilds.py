"""The wild-tile search against brute force: every 财神 replaced by every tile kind, every
白板 played both ways, on thousands of random hands (near-complete ones, so that both
answers are common), with 0-3 财神 and 0-4 declared melds."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement, pairwise

from games.jinhua.wilds import WHITE, is_complete
from games.mahjong.shapes import KINDS


@cache
def _sets(suit: tuple[int, ...], pair: bool) -> bool:
    """Plain recursion: the lowest tile is in a pong, a chow, or (once) the pair."""
    i = next((k for k, c in enumerate(suit) if c), -1)
    if i < 0:
        return not pair
    rest = list(suit)
    if pair and suit[i] >= 2:
        rest[i] -= 2
        if _sets(tuple(rest), False):
            return True
        rest[i] += 2
    if suit[i] >= 3:
        rest[i] -= 3
        if _sets(tuple(rest), pair):
            return True
        rest[i] += 3
    if len(suit) == 9 and i <= 6 and suit[i + 1] and suit[i + 2]:
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        return _sets(tuple(rest), pair)
    return False


def natural_regular(counts: list[int]) -> bool:
    """Sets and one pair: every group sets only, but one with the pair."""
    groups = [tuple(counts[s : s + 9]) for s in (0, 9, 18)] + [(c,) for c in counts[27:34] if c]
    bad = [g for g in groups if not _sets(g, False)]
    if len(bad) != 1:
        return False
    return _sets(bad[0], True)


def spaced(counts: list[int], start: int) -> list[int] | None:
    ranks = [r for r in range(9) if counts[start + r]]
    if any(counts[start + r] > 1 for r in ranks):
        return None
    if any(b - a < 3 for a, b in pairwise(ranks)):
        return None
    return ranks


def natural_special(counts: list[int], subs: tuple[int, ...], melds: int) -> bool:
    if not any(counts[:27]):
        return True  # 乱风
    if melds:
        return False
    if sum(counts) != 14:
        return False
    if all(c % 2 == 0 for c in counts):
        return True  # seven pairs
    honours = counts[27:34]
    if max(honours) > 1 or sum(honours) not in (5, 7):
        return False
    suits = [spaced(counts, s) for s in (0, 9, 18)]
    if any(r is None for r in suits):
        return False
    suited = sum(len(r) for r in suits if r is not None)
    if sum(honours) == 5 and suited == 9:
        return True  # 十三不靠
    # 七风: no wild plays an honour
    return sum(honours) == 7 and suited == 7 and all(s < 27 for s in subs)


def brute(counts: list[int], caishen: int, natural_caishen: int, melds: int) -> bool:
    base = list(counts)
    wilds = base[caishen] - natural_caishen
    base[caishen] = natural_caishen
    whites = base[WHITE] if caishen != WHITE else 0
    for j in range(whites + 1):
        b = list(base)
        b[WHITE] -= j
        b[caishen] += j
        for subs in combinations_with_replacement(range(KINDS), wilds):
            h = list(b)
            for s in subs:
                h[s] += 1
            if natural_regular(h) or natural_special(h, subs, melds):
                return True
    return False


def random_hand(rng: random.Random, size: int, caishen: int) -> list[int]:
    """A complete-ish hand of ``size`` tiles, some tiles turned into 财神 or 白板."""
    shape = rng.random()
    tiles: list[int] = []
    if shape < 0.1 and size == 14:  # 十三不靠 / 七风-like
        honours = rng.sample(range(27, 34), rng.choice((5, 6, 7)))
        tiles = honours
        while len(tiles) < 14:
            tiles.append(rng.randrange(27))
    elif shape < 0.2 and size == 14:  # seven pairs-like
        for _ in range(7):
            tiles += [rng.randrange(34)] * 2
    elif shape < 0.25:  # honours only
        tiles = [rng.randrange(27, 34) for _ in range(size)]
    else:
        tiles = [rng.randrange(34)] * 2
        while len(tiles) < size:
            if rng.random() < 0.4:
                tiles += [rng.randrange(34)] * 3
            else:
                s = rng.randrange(3) * 9 + rng.randrange(7)
                tiles += [s, s + 1, s + 2]
        tiles = tiles[:size]
    for _ in range(rng.choice((0, 0, 1, 2))):
        tiles[rng.randrange(size)] = rng.randrange(34)
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        tiles[rng.randrange(size)] = caishen
    if rng.random() < 0.25:
        tiles[rng.randrange(size)] = WHITE
    return tiles


def test_wild_search_equals_brute_force_substitution() -> None:
    rng = random.Random(12)
    checked = {0: 0, 1: 0, 2: 0, 3: 0}
    complete = 0
    limits = {0: 1000, 1: 1000, 2: 400, 3: 80}
    while any(checked[w] < limits[w] for w in checked):
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        size = 14 - 3 * melds
        caishen = rng.choice((rng.randrange(34), WHITE, 27))
        tiles = random_hand(rng, size, caishen)
        counts = [0] * KINDS
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        natural = 1 if counts[caishen] and rng.random() < 0.1 else 0
        wilds = counts[caishen] - natural
        if wilds > 3 or checked[wilds] >= limits[wilds]:
            continue
        checked[wilds] += 1
        expected = brute(counts, caishen, natural, melds)
        complete += expected
        got = is_complete(counts, caishen, natural, melds, True)
        assert got == expected, (tiles, caishen, natural, melds)
    assert complete > 500  # both answers are well represented
    assert sum(checked.values()) - complete > 500


# ------------------------------------------------------------------ best reading
def _colour(natural: list[int], wilds: int) -> int:
    suits = {k // 9 for k in range(27) if natural[k]}
    honours = any(natural[27:34])
    if len(suits) != 1:
        return 1
    if not honours:
        return 2 if wilds else 4
    return 2


def brute_best(tiles: list[int], caishen: int, win: int, self_drawn: bool, baotou: int) -> int:
    """The best multiplier by substitution: every 白板 assignment, every multiset of tiles for
    the wilds, every natural reading of the result; a reading's 财神头, 三财一刻 and 爆头 are
    read off how many substitutes of each kind it holds."""
    from games.mahjong.shapes import readings

    counts = [0] * KINDS
    for t in tiles:
        counts[t] += 1
    natural_c = 1 if not self_drawn and win == caishen else 0
    tile_wild = self_drawn and win == caishen
    base = list(counts)
    wilds = base[caishen] - natural_c
    base[caishen] = natural_c
    whites = base[WHITE] if caishen != WHITE else 0
    best = 0
    for j in range(whites + 1):
        n = list(base)
        n[WHITE] -= j
        n[caishen] += j
        roles = set()
        if not tile_wild:
            if win == WHITE and caishen != WHITE:
                roles = ({WHITE} if n[WHITE] else set()) | ({caishen} if j else set())
            elif n[win]:
                roles = {win}
        colour = _colour(n, wilds)
        for subs in combinations_with_replacement(range(KINDS), wilds):
            s = [0] * KINDS
            for k in subs:
                s[k] += 1
            h = [a + b for a, b in zip(n, s, strict=True)]
            found = []
            for r in readings(h, seven_pairs=True):
                if r.seven_pairs:
                    m = 4 if wilds == 0 else 2
                    if self_drawn and (
                        any(s[p] >= 2 for p in r.pairs)
                        if tile_wild
                        else any(s[p] >= 1 for p in r.pairs if p in roles)
                    ):
                        m = max(m, 8)
                    found.append(m * colour)
                    continue
                found.append(colour)
                if any(x.kind == "pong" and s[x.tile] >= 3 for x in r.sets):
                    found.append(8 * colour)
                if s[r.pair] >= 2:
                    found.append(4 * (baotou if self_drawn and tile_wild else 1) * colour)
                if self_drawn and r.pair in roles and s[r.pair] >= 1:
                    found.append(baotou * colour)
            if not any(h[:27]):
                found.append(8)
            honours = h[27:34]
            if max(h) <= 1:
                suited = [[k % 9 for k in range(st, st + 9) if h[k]] for st in (0, 9, 18)]
                ok = all(all(b - a >= 3 for a, b in pairwise(x)) for x in suited)
                if ok and sum(honours) == 5 and sum(map(len, suited)) == 9:
                    found.append(1)
                if ok and sum(honours) == 7 and all(k < 27 for k in subs):
                    found.append(2)
            if found:
                best = max(best, *found)
    return best


def test_best_reading_equals_brute_force_on_winning_hands() -> None:
    from games.jinhua.scoring import Situation, best_valuation

    rng = random.Random(7)
    limits = {0: 150, 1: 200, 2: 80, 3: 12}
    checked = dict.fromkeys(limits, 0)
    special = 0
    while any(checked[w] < limits[w] for w in checked):
        caishen = rng.choice((rng.randrange(34), WHITE, 27, 4))
        tiles = random_hand(rng, 14, caishen)
        counts = [0] * KINDS
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        win = rng.choice(tiles)
        self_drawn = rng.random() < 0.6
        natural = 0 if self_drawn or win != caishen else 1
        wilds = counts[caishen] - natural
        if (
            wilds > 3
            or checked[wilds] >= limits[wilds]
            or not is_complete(counts, caishen, natural)
        ):
            continue
        checked[wilds] += 1
        baotou = rng.choice((2, 4))
        val = best_valuation(counts, caishen, Situation(win, self_drawn, baotou=baotou))
        assert val is not None
        expected = brute_best(tiles, caishen, win, self_drawn, baotou)
        assert val.multiplier == expected, (tiles, caishen, win, self_drawn, val)
        special += val.multiplier > 1
    assert special > 60  # hands with a multiplier above 1 are well represented
