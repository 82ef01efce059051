"""The called card (叫牌) that names the dealer's secret partner
(``dagun_and_jinhua-mahjong.txt:49``)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.cards import Card

__all__ = ["called_card"]


def called_card(dealt: Sequence[Card], first_hand: bool, rng: random.Random) -> tuple[Card, int]:
    """The called card and how many cards were looked at to find it.

    ``dealt``: the dealer's cards in the order dealt (27, an odd number, so some card is held
    once). First hand: a random card of the dealer's; if the dealer holds both copies of it,
    draw again. Later hands: the first card dealt to the dealer; while the dealer holds both
    copies of the call, the call is the first card dealt after the second copy. Reading: past
    the dealer's last card, the first card held once (the seed does not say).
    Raises ``ValueError`` if every card is held twice.
    """
    count = Counter(dealt)
    if all(n == 2 for n in count.values()):
        raise ValueError("the dealer holds both copies of every card: no card can be called")
    if first_hand:
        draws = 1
        card = rng.choice(list(dealt))
        while count[card] == 2:
            card = rng.choice(list(dealt))
            draws += 1
        return card, draws
    pos = 0
    draws = 1
    while pos < len(dealt):
        card = dealt[pos]
        if count[card] == 1:
            return card, draws
        # the dealer holds both copies: the call moves past the second copy
        pos = max(i for i, c in enumerate(dealt) if c == card) + 1
        draws += 1
    return next(c for c in dealt if count[c] == 1), draws
