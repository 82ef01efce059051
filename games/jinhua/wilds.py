"""金华's win shapes with 财神 (wild tiles) and the 白板 stand-in: exact and fast.

A concealed part is a counts array of the 34 kinds (:mod:`games.mahjong.shapes`). The 财神
kind ``caishen`` is the face of the turned-up indicator; the copies of it in a hand are wild
(``dagun_and_jinhua-mahjong.txt:103``): each may stand for any tile, except an honour in 七风
(:153). 白板 (``P``, index 33) may play as the 财神's face or as itself (:103), so a hand with
``b`` 白板 has ``b + 1`` *assignments* (how many 白板 play as the face); the search tries
them all. A 财神 won on another seat's discard plays as its own face (reading), which the
caller passes as ``natural_caishen=1``.

Shapes (``dagun_and_jinhua-mahjong.txt:129-159``):

* regular: sets and a pair, wilds filling in (:func:`games.mahjong.shapes.min_wilds`);
* seven pairs (七对, 14 concealed), a wild pairing with any single;
* 十三不靠 (:151): exactly five different honours and nine suited tiles, three a suit, any
  two of one suit at least three ranks apart (1-4-7, 1-5-9 …); a wild fills any gap;
* 七风 (:153): all seven honours, each once and never a wild, and seven suited tiles spaced
  the same way;
* 乱风 (:159): every tile an honour, any shape.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, pairwise

from games.mahjong import shapes

__all__ = [
    "WHITE",
    "assignments",
    "bukao_kind",
    "is_all_honours",
    "is_complete",
    "is_regular",
    "is_seven_pairs",
]

WHITE = 33
"""白板 (white dragon): the 财神's stand-in (:103)."""
_KINDS = shapes.KINDS


def _spaced(ranks: Sequence[int]) -> bool:
    return all(b - a >= 3 for a, b in pairwise(ranks))


# every spaced set of ranks (0-8) that a full spaced three (1-4-7 …) contains
_EXTENDS_TO_THREE: frozenset[tuple[int, ...]] = frozenset(
    sub
    for three in combinations(range(9), 3)
    if _spaced(three)
    for k in range(4)
    for sub in combinations(three, k)
)


def assignments(
    counts: Sequence[int], caishen: int, natural_caishen: int = 0
) -> Iterator[tuple[list[int], int, int]]:
    """``(natural counts, wilds, j)`` for each way the hand's 白板 may play: ``j`` of them
    as the 财神's face, the rest as 白板. The wild copies are taken out of the counts.

    ``natural_caishen`` copies of the 财神 kind play as their face (a discarded 财神 won
    on). When the 财神 is 白板 itself there is no stand-in and one assignment.
    """
    natural = list(counts[:_KINDS])
    wilds = natural[caishen] - natural_caishen
    natural[caishen] = natural_caishen
    yield natural, wilds, 0
    if caishen == WHITE:
        return
    for j in range(1, natural[WHITE] + 1):
        n = list(natural)
        n[WHITE] -= j
        n[caishen] += j
        yield n, wilds, j


@cache
def _group_need(group: tuple[int, ...]) -> tuple[int, int]:
    """``(wilds for sets only, extra wilds when the group also holds the pair)`` of one
    suit's nine counts or one honour's count (the group ``(c,)``), from the core's exact
    search (:func:`games.mahjong.shapes.min_wilds`). The extra is at most 2: a pair of
    wilds."""
    counts = [0] * _KINDS
    if len(group) == 9:
        counts[:9] = group
    else:
        counts[27] = group[0]
    sets = shapes.min_wilds_sets(counts)
    return sets, min(shapes.min_wilds(counts) - sets, 2)


_HONOUR_NEED = tuple(_group_need((c,)) for c in range(9))


def min_wilds(natural: Sequence[int]) -> int:
    """Fewest wilds that make ``natural`` sets and one pair: the core's
    :func:`games.mahjong.shapes.min_wilds`, each group's answer cached, so a 14-tile check
    is three look-ups and a loop over the honours."""
    a, x = _group_need(tuple(natural[0:9]))
    b, y = _group_need(tuple(natural[9:18]))
    c, z = _group_need(tuple(natural[18:27]))
    base = a + b + c
    extra = min(x, y, z)
    for h in natural[27:34]:
        if h:
            w, e = _HONOUR_NEED[h]
            base += w
            if e < extra:
                extra = e
    return base + extra


def is_regular(natural: Sequence[int], wilds: int) -> bool:
    """Sets and one pair, ``wilds`` filling in."""
    if (sum(natural) + wilds) % 3 != 2:
        return False
    if wilds == 0 and max(natural[27:34]) <= 4:
        return shapes.is_regular(natural)
    return min_wilds(natural) <= wilds


_ODD = (0, 1, 0, 1, 0, 1, 0, 1, 0, 1)


def is_seven_pairs(natural: Sequence[int], wilds: int) -> bool:
    """Seven pairs of 14 tiles (a four counts twice), a wild pairing with any single."""
    if sum(natural) + wilds != 14:
        return False
    singles = sum(map(_ODD.__getitem__, natural))
    return singles <= wilds and (wilds - singles) % 2 == 0


def is_all_honours(natural: Sequence[int]) -> bool:
    """No suited natural tile (乱风, :159): the wilds stand for honours."""
    return not any(natural[:27])


def bukao_kind(natural: Sequence[int], wilds: int) -> str | None:
    """``"qifeng"`` (七风, :153), ``"shisanbukao"`` (十三不靠, :151) or ``None`` for 14
    concealed tiles. A wild never stands for an honour in 七风."""
    if sum(natural) + wilds != 14:
        return None
    honours = natural[27:34]
    if max(honours) > 1:
        return None
    held = sum(honours)
    suited = 0
    full_three = 0  # how many suited tiles the suits can hold at most, spaced
    all_three = True
    for start in (0, 9, 18):
        ranks = []
        for r in range(9):
            c = natural[start + r]
            if c > 1:
                return None
            if c:
                ranks.append(r)
        if not _spaced(ranks):
            return None
        suited += len(ranks)
        if tuple(ranks) in _EXTENDS_TO_THREE:
            full_three += 3
        else:
            full_three += 2
            all_three = False
    if held == 7 and suited + wilds == 7 and full_three >= 7:
        return "qifeng"
    if held <= 5 and all_three and (5 - held) + (9 - suited) == wilds:
        return "shisanbukao"
    return None


def is_complete(
    counts: Sequence[int],
    caishen: int,
    natural_caishen: int = 0,
    melds: int = 0,
    honour_melds: bool = True,
) -> bool:
    """True when the concealed part (14 - 3 × ``melds`` tiles, the winning tile included)
    wins in some shape under some assignment of its 白板.

    ``honour_melds``: every declared meld is of honours (乱风 needs it).
    """
    for natural, wilds, _ in assignments(counts, caishen, natural_caishen):
        if is_regular(natural, wilds):
            return True
        if honour_melds and is_all_honours(natural):
            return True
        if melds == 0 and (
            is_seven_pairs(natural, wilds) or (max(natural) <= 1 and bukao_kind(natural, wilds))
        ):
            return True
    return False
