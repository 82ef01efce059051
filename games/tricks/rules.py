"""The parameters that make one trick-taking machinery serve 扒鸡窝 and 打滚子.

扒鸡窝 (Pajiwo, ``pajiwo.txt:15,83-119``): 2 decks, singles, pairs, tractors
and throws. 打滚子 (Dagunzi, ``dagunzi.txt:18,57-60``): 3 decks, singles, pairs
(棒子) and triples (滚子) only, no tractors, no throws; its permanent trumps
(the 2s) belong to :class:`games.tricks.order.TrumpOrder`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = [
    "DAGUNZI_RULES",
    "FAILED_THROW_CHOICES",
    "PAJIWO_RULES",
    "TRACTOR_FOLLOW_CHOICES",
    "TrickRules",
]

FAILED_THROW_CHOICES: Final = ("smallest_card", "beaten_unit")
TRACTOR_FOLLOW_CHOICES: Final = ("longest_tractor", "same_length")


@dataclass(frozen=True)
class TrickRules:
    """How units are formed and what a lead may be.

    Attributes:
        decks: number of decks; no card occurs more often than this.
        set_sizes: the set widths that are units: 1 single (单牌), 2 pair
            (对子, ``pajiwo.txt:87``), 3 triple (滚子, ``dagunzi.txt:60``).
            Must contain 1 and be ascending.
        tractors: whether consecutive sets form tractors (拖拉机,
            ``pajiwo.txt:89``). Tractors are made of pairs (and of triples when
            3 is a set size).
        throws: whether a lead may be a throw (甩牌, ``pajiwo.txt:105``).
        failed_throw: what a failed throw plays: ``"smallest_card"`` (the
            seed, ``pajiwo.txt:105``: the smallest card of the throw) or
            ``"beaten_unit"`` (option: the unit some hand beats).
        tractor_follow: how a follower answers a tractor lead (拖拉机) they
            cannot match in full: ``"longest_tractor"`` (the seed,
            ``pajiwo.txt:107``: the longest tractor of the suit held, up to the
            lead's length, again for the pairs still unanswered, then pairs,
            then singles) or ``"same_length"`` (option: only a tractor as long
            as the lead obliges; else any pairs).
        no_trump_joker_level_tractor: False (the seed, ``pajiwo.txt:91``): in
            no-trump a 小王 pair and a level-card pair are *not* a tractor.
            True makes them adjacent as they are with a trump suit.

    Raises:
        ValueError: an inconsistent combination (named in the message).
    """

    decks: int = 2
    set_sizes: tuple[int, ...] = (1, 2)
    tractors: bool = True
    throws: bool = True
    failed_throw: str = "smallest_card"
    tractor_follow: str = "longest_tractor"
    no_trump_joker_level_tractor: bool = False

    def __post_init__(self) -> None:
        if self.decks < 1:
            raise ValueError(f"decks must be at least 1, not {self.decks}")
        sizes = self.set_sizes
        if not sizes or sizes[0] != 1 or list(sizes) != sorted(set(sizes)):
            raise ValueError(f"set_sizes must start with 1 and ascend, not {sizes}")
        if sizes[-1] > self.decks:
            raise ValueError(f"a set of {sizes[-1]} needs {sizes[-1]} decks, not {self.decks}")
        if self.tractors and len(sizes) < 2:
            raise ValueError("tractors need a set size of 2 or more")
        if self.failed_throw not in FAILED_THROW_CHOICES:
            raise ValueError(
                f"failed_throw must be one of {', '.join(FAILED_THROW_CHOICES)}, "
                f"not {self.failed_throw!r}"
            )
        if self.tractor_follow not in TRACTOR_FOLLOW_CHOICES:
            raise ValueError(
                f"tractor_follow must be one of {', '.join(TRACTOR_FOLLOW_CHOICES)}, "
                f"not {self.tractor_follow!r}"
            )

    @property
    def max_set(self) -> int:
        """The widest set that is a unit (2 in 扒鸡窝, 3 in 打滚子)."""
        return self.set_sizes[-1]


PAJIWO_RULES: Final = TrickRules()
"""扒鸡窝: 2 decks, singles, pairs, tractors, throws (``pajiwo.txt:83-119``)."""

DAGUNZI_RULES: Final = TrickRules(decks=3, set_sizes=(1, 2, 3), tractors=False, throws=False)
"""打滚子: 3 decks, singles, pairs, triples; no tractors, no throws (``dagunzi.txt:18,57-60``)."""
