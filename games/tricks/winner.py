"""The winner of a trick: following suit, ruffing (毙) and over-ruffing (盖毙).

Source: ``pajiwo.txt:111`` (rule 7: ruff), ``pajiwo.txt:113-119`` (rule 8:
over-ruff, with the three worked examples).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card
from games.tricks.order import TrumpOrder
from games.tricks.rules import TrickRules

__all__ = ["trick_winner"]


def trick_winner(
    plays: Sequence[tuple[int, Sequence[Card]]], order: TrumpOrder, rules: TrickRules
) -> int:
    """The seat that wins the trick; ``plays`` is ``[(seat, cards), ...]``, first = lead."""
    raise NotImplementedError
