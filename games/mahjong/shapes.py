"""Win shapes (和牌型) on counts arrays: complete hands, readings, waiting tiles, shanten.

A hand is a counts array of the 34 kinds (index as :attr:`games.tiles.Tile.index`: 0-8
characters 万, 9-17 dots 筒, 18-26 bamboo 条, 27-30 winds 东南西北, 31-33 dragons 中发白).
Flowers never take part in shapes. ``counts`` may be longer than 34 (the flower slots are
ignored). The concealed part of a hand with ``k`` declared melds holds ``14 - 3k`` tiles
when complete.

Every check is exact and fast: each suit is judged alone by a cached function of its nine
counts (a suit's sets never cross into another suit), and honours have no sequences. So a
14-tile check is a few dictionary look-ups (``mahjong.win_checks_per_s`` in the benchmark).

Wild tiles (财神, Jinhua) enter as a number ``wilds``: :func:`min_wilds` is the fewest
wilds that complete the natural tiles, by the same per-suit cache; a wild may stand for any
tile. Restrictions on what a wild may stand for (Jinhua's 七风) and the 白板 stand-in
(白板 plays as the 财神 tile's face) are the game's business: it rewrites the counts first.

Sources: four sets and a pair, a kong counting as a set (``jintan-mahjong.txt:33-35``); seven
pairs (七对, ``jintan-mahjong.txt:123``), a four of a kind counting as two pairs (reading).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

__all__ = [
    "HONOURS",
    "KINDS",
    "Reading",
    "Set",
    "counts_of",
    "is_seven_pairs",
    "is_win",
    "min_wilds",
    "min_wilds_sets",
    "readings",
    "shanten",
    "shanten_regular",
    "shanten_seven_pairs",
    "waits",
]

KINDS = 34
"""Number of tile kinds that form shapes (flowers excluded)."""
HONOURS = range(27, 34)
"""Indexes of the honours (字牌): winds 27-30, dragons 31-33."""
_SUIT_STARTS = (0, 9, 18)
_INF = 99


def counts_of(tiles: Sequence[int]) -> list[int]:
    """A counts array of length 34 from tile indexes (flowers, index >= 34, are ignored)."""
    counts = [0] * KINDS
    for t in tiles:
        if t < KINDS:
            counts[t] += 1
    return counts


# ------------------------------------------------------------------ natural shapes
@cache
def _suit_sets(suit: tuple[int, ...]) -> bool:
    """True when the nine counts of one suit split into sets (pongs and chows) only."""
    i = next((k for k, c in enumerate(suit) if c), -1)
    if i < 0:
        return True
    if suit[i] >= 3:
        rest = list(suit)
        rest[i] -= 3
        if _suit_sets(tuple(rest)):
            return True
    if i <= 6 and suit[i + 1] and suit[i + 2]:
        rest = list(suit)
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        return _suit_sets(tuple(rest))
    return False


@cache
def _suit_sets_pair(suit: tuple[int, ...]) -> bool:
    """True when the nine counts of one suit split into sets and exactly one pair."""
    for i, c in enumerate(suit):
        if c >= 2:
            rest = list(suit)
            rest[i] -= 2
            if _suit_sets(tuple(rest)):
                return True
    return False


def is_regular(counts: Sequence[int]) -> bool:
    """True when the 34 counts are sets (chows, pongs) and exactly one pair (3n+2 tiles)."""
    pair_seen = False
    for h in range(27, 34):
        c = counts[h]
        if c == 2:
            if pair_seen:
                return False
            pair_seen = True
        elif c == 1 or c == 4:
            return False
    pair_suit = -1
    for start in _SUIT_STARTS:
        total = sum(counts[start : start + 9])
        rem = total % 3
        if rem == 1:
            return False
        if rem == 2:
            if pair_seen:
                return False
            pair_seen = True
            pair_suit = start
    if not pair_seen:
        return False
    for start in _SUIT_STARTS:
        suit = tuple(counts[start : start + 9])
        ok = _suit_sets_pair(suit) if start == pair_suit else _suit_sets(suit)
        if not ok:
            return False
    return True


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven pairs (七对) of 14 concealed tiles; a four of a kind is two pairs (reading).

    ``jintan-mahjong.txt:123``.
    """
    pairs = 0
    for c in counts[:KINDS]:
        if c & 1:
            return False
        pairs += c // 2
    return pairs == 7


def is_win(counts: Sequence[int], wilds: int = 0, seven_pairs: bool = True) -> bool:
    """True when ``counts`` (plus ``wilds`` wild tiles) is a complete hand.

    Regular: sets and one pair (any 3n+2 tiles). Seven pairs: only with 14 tiles and
    ``seven_pairs``; a wild pairs with any single tile.
    """
    n = sum(counts[:KINDS]) + wilds
    if n % 3 != 2:
        return False
    if wilds == 0:
        if is_regular(counts):
            return True
        return seven_pairs and n == 14 and is_seven_pairs(counts)
    if min_wilds(counts) <= wilds:
        return True
    if seven_pairs and n == 14:
        singles = sum(c & 1 for c in counts[:KINDS])
        return singles <= wilds and (wilds - singles) % 2 == 0
    return False


# -------------------------------------------------------------------- with wilds
@cache
def _suit_need(suit: tuple[int, ...], pair: bool, honour: bool) -> int:
    """Fewest wilds that complete one suit's tiles into sets (and one pair if ``pair``).

    ``honour``: the group is one honour kind (no chows). Exact: every way of covering the
    lowest tile is tried (as part of a pong, a pair, or a chow in any position, the other
    tiles of the chow held or wild).
    """
    i = next((k for k, c in enumerate(suit) if c), -1)
    if i < 0:
        return 2 if pair else 0
    best = _INF
    c = suit[i]
    for take in range(1, min(c, 3) + 1):  # a pong with 3 - take wilds
        rest = list(suit)
        rest[i] -= take
        best = min(best, 3 - take + _suit_need(tuple(rest), pair, honour))
    if pair:
        for take in range(1, min(c, 2) + 1):
            rest = list(suit)
            rest[i] -= take
            best = min(best, 2 - take + _suit_need(tuple(rest), False, honour))
    if not honour:
        for start in range(max(0, i - 2), min(i, 6) + 1):
            # positions below i are wild (i is the lowest tile held); above i held or wild
            above = [p for p in range(start, start + 3) if p > i]
            below = i - start
            for mask in range(1 << len(above)):
                rest = list(suit)
                rest[i] -= 1
                wild = below
                ok = True
                for bit, p in enumerate(above):
                    if mask >> bit & 1:
                        if rest[p] == 0:
                            ok = False
                            break
                        rest[p] -= 1
                    else:
                        wild += 1
                if ok:
                    best = min(best, wild + _suit_need(tuple(rest), pair, honour))
    return best


def min_wilds(counts: Sequence[int]) -> int:
    """Fewest wild tiles that make ``counts`` a regular complete hand (sets and a pair).

    The wilds needed may leave spare wilds only in multiples of three (a set of wilds);
    the caller compares with the wilds held. A pair made of two wilds counts 2.
    """
    groups: list[tuple[tuple[int, ...], bool]] = [
        (tuple(counts[s : s + 9]), False) for s in _SUIT_STARTS
    ]
    groups.extend(((counts[h],), True) for h in HONOURS if counts[h])
    without = [_suit_need(g, False, h) for g, h in groups]
    base = sum(without)
    best = base + 2  # the pair made of two wilds
    for k, (g, h) in enumerate(groups):
        best = min(best, base - without[k] + _suit_need(g, True, h))
    return best


def min_wilds_sets(counts: Sequence[int]) -> int:
    """Fewest wild tiles that make ``counts`` sets only, with no pair (0 for no tiles).

    Jinhua's readings that set the pair aside first (财神头: two wilds as the pair; 爆头: a
    lone wild waiting for any tile, ``dagun_and_jinhua-mahjong.txt:161,165``) ask this of
    the rest of the hand. Spare wilds beyond it must come in threes, as in :func:`min_wilds`.
    """
    total = sum(_suit_need(tuple(counts[s : s + 9]), False, False) for s in _SUIT_STARTS)
    return total + sum(_suit_need((counts[h],), False, True) for h in HONOURS if counts[h])


# ---------------------------------------------------------------------- readings
@dataclass(frozen=True, slots=True)
class Set:
    """One set of a reading: ``kind`` is ``"chow"`` (first tile ``tile``) or ``"pong"``."""

    kind: str
    tile: int


@dataclass(frozen=True, slots=True)
class Reading:
    """One way a complete concealed part reads: ``pair`` and ``sets``, or seven ``pairs``.

    ``seven_pairs`` readings have ``pair = -1``, no sets and the seven pair kinds in
    ``pairs`` (a four of a kind appears twice).
    """

    pair: int
    sets: tuple[Set, ...]
    seven_pairs: bool = False
    pairs: tuple[int, ...] = ()


def _sets_of(counts: list[int], start: int) -> Iterator[tuple[Set, ...]]:
    i = start
    while i < KINDS and counts[i] == 0:
        i += 1
    if i == KINDS:
        yield ()
        return
    if counts[i] >= 3:
        counts[i] -= 3
        for rest in _sets_of(counts, i):
            yield (Set("pong", i), *rest)
        counts[i] += 3
    if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        for rest in _sets_of(counts, i):
            yield (Set("chow", i), *rest)
        for k in (i, i + 1, i + 2):
            counts[k] += 1


def readings(counts: Sequence[int], seven_pairs: bool = True) -> list[Reading]:
    """Every reading of a complete concealed part (no wilds), regular ones first.

    Empty when the hand is not complete. Used by scoring, which takes the best reading
    (``jintan-mahjong.txt:131``).
    """
    work = list(counts[:KINDS])
    out: list[Reading] = []
    if sum(work) % 3 == 2:
        for p in range(KINDS):
            if work[p] >= 2:
                work[p] -= 2
                out.extend(Reading(p, sets) for sets in _sets_of(work, 0))
                work[p] += 2
    if seven_pairs and sum(work) == 14 and is_seven_pairs(work):
        pairs = tuple(k for k in range(KINDS) for _ in range(work[k] // 2))
        out.append(Reading(-1, (), True, pairs))
    return out


# ------------------------------------------------------------------------- waits
def waits(counts: Sequence[int], wilds: int = 0, seven_pairs: bool = True) -> list[int]:
    """The kinds that complete a hand one tile short (3n+1 tiles), in index order.

    A kind of which the hand already holds four is left out (no fifth copy exists).
    """
    work = list(counts[:KINDS])
    out = []
    for t in range(KINDS):
        if work[t] >= 4:
            continue
        work[t] += 1
        if is_win(work, wilds, seven_pairs):
            out.append(t)
        work[t] -= 1
    return out


# ------------------------------------------------------------------------ shanten
@cache
def _suit_blocks(suit: tuple[int, ...], honour: bool) -> frozenset[tuple[int, int, int]]:
    """Every Pareto-best ``(sets, partial sets, pair)`` split of one suit's counts.

    A partial set (搭子) is two tiles a set lacks one tile of: a pair, two neighbours or two
    tiles one apart. ``pair`` is 1 when a pair is set aside as the hand's pair (将).
    """
    i = next((k for k, c in enumerate(suit) if c), -1)
    if i < 0:
        return frozenset({(0, 0, 0)})
    found: set[tuple[int, int, int]] = set()

    def add(rest: list[int], m: int, t: int, p: int) -> None:
        for a, b, c in _suit_blocks(tuple(rest), honour):
            if p + c <= 1:
                found.add((a + m, b + t, c + p))

    rest = list(suit)
    rest[i] -= 1
    add(rest, 0, 0, 0)  # the tile stays alone
    if suit[i] >= 3:
        rest = list(suit)
        rest[i] -= 3
        add(rest, 1, 0, 0)
    if suit[i] >= 2:
        rest = list(suit)
        rest[i] -= 2
        add(rest, 0, 1, 0)
        add(rest, 0, 0, 1)
    if not honour:
        if i <= 6 and suit[i + 1] and suit[i + 2]:
            rest = list(suit)
            rest[i] -= 1
            rest[i + 1] -= 1
            rest[i + 2] -= 1
            add(rest, 1, 0, 0)
        for gap in (1, 2):
            if i + gap <= 8 and suit[i + gap]:
                rest = list(suit)
                rest[i] -= 1
                rest[i + gap] -= 1
                add(rest, 0, 1, 0)
    best = {
        x
        for x in found
        if not any(y != x and y[0] >= x[0] and y[1] >= x[1] and y[2] >= x[2] for y in found)
    }
    return frozenset(best)


def shanten_regular(counts: Sequence[int], melds: int = 0) -> int:
    """Tiles away from a regular complete hand (-1 = complete, 0 = ready (听牌)).

    ``melds``: sets already declared (chow, pong, kong); the concealed part needs
    ``4 - melds`` sets and a pair. Formula: ``2n - 2·sets - min(partials, n - sets) - pair``.
    """
    need = 4 - melds
    # honours have no chows: a pong, or a pair (a partial set, or the hand's pair)
    h_sets = h_pairs = 0
    for h in HONOURS:
        c = counts[h]
        if c >= 3:
            h_sets += 1
        elif c == 2:
            h_pairs += 1
    combos: dict[tuple[int, int], int] = {(min(h_sets, need), 0): h_pairs}
    if h_pairs:
        combos[(min(h_sets, need), 1)] = h_pairs - 1
    for start in _SUIT_STARTS:
        g = tuple(counts[start : start + 9])
        if not any(g):
            continue
        blocks = _suit_blocks(g, False)
        nxt: dict[tuple[int, int], int] = {}
        for (m, p), t in combos.items():
            for a, b, c in blocks:
                if p + c > 1:
                    continue
                key = (min(m + a, need), p + c)
                tt = t + b
                if nxt.get(key, -1) < tt:
                    nxt[key] = tt
        combos = nxt
    best = _INF
    for (m, p), t in combos.items():
        best = min(best, 2 * need - 2 * m - min(t, need - m) - p)
    if best == 0 and sum(counts[:KINDS]) % 3 == 1 and not waits(counts, 0, seven_pairs=False):
        return 1  # ready only on a fifth copy of a kind held four times: not ready
    return best


def shanten_seven_pairs(counts: Sequence[int]) -> int:
    """Tiles away from seven pairs (-1 = complete); a four of a kind is two pairs."""
    pairs = sum(c // 2 for c in counts[:KINDS])
    return 6 - min(pairs, 7)


def shanten(counts: Sequence[int], melds: int = 0, seven_pairs: bool = True) -> int:
    """The smaller of regular and (with no melds, when allowed) seven-pairs shanten."""
    best = shanten_regular(counts, melds)
    if seven_pairs and melds == 0:
        best = min(best, shanten_seven_pairs(counts))
    return best
