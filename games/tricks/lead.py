"""Leading a trick: classification (single, pair, tractor, throw), throw checks, legal leads.

Source: ``pajiwo.txt:103`` (a lead is a tractor, a pair, a single or a
throw), ``pajiwo.txt:105`` (a throw 甩牌 must be unbeatable; a failed throw
plays the smallest card of the throw).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from games.cards import Card
from games.tricks.order import EffectiveSuit, TrumpOrder
from games.tricks.rules import TrickRules
from games.tricks.units import Unit

__all__ = ["Lead", "ThrowCheck", "check_throw", "classify_lead", "legal_leads"]


@dataclass(frozen=True)
class Lead:
    """A classified lead.

    Attributes:
        suit: the effective suit led (a Suit or ``TRUMP``).
        units: its units, largest first (see :func:`games.tricks.units.decompose`).
        is_throw: True when it has more than one unit (甩牌).
    """

    suit: EffectiveSuit
    units: tuple[Unit, ...]
    is_throw: bool

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards of the lead, unit by unit."""
        return tuple(c for u in self.units for c in u.cards)

    @property
    def size(self) -> int:
        """Number of cards every follower must play."""
        return sum(u.size for u in self.units)


@dataclass(frozen=True)
class ThrowCheck:
    """The outcome of checking a lead against the other hands (``pajiwo.txt:105``).

    Attributes:
        ok: True when no other hand beats any unit of the lead (or it is no throw).
        played: what the leader actually plays: the whole lead when ``ok``,
            else the smallest card of the throw (seed) or the beaten unit (option).
        beaten_by: the first seat (in the order given) that beats a unit; None when ok.
        unit: the lead unit that is beaten; None when ok.
        beating: the cards of ``beaten_by`` that beat it; empty when ok.
    """

    ok: bool
    played: tuple[Card, ...]
    beaten_by: int | None = None
    unit: Unit | None = None
    beating: tuple[Card, ...] = ()


def classify_lead(cards: Iterable[Card], order: TrumpOrder, rules: TrickRules) -> Lead:
    """Read a lead as one unit or a throw.

    Raises ``IllegalAction``: ``"empty_play"``, ``"too_many_copies"``,
    ``"lead_mixed_suits"`` (not one effective suit), ``"throw_not_allowed"``
    (several units when ``rules.throws`` is False).
    """
    raise NotImplementedError


def check_throw(
    lead: Lead,
    other_hands: Mapping[int, Iterable[Card]],
    order: TrumpOrder,
    rules: TrickRules,
) -> ThrowCheck:
    """Whether a throw stands: no other hand holds a higher unit of the same shape.

    ``other_hands`` maps seat -> hand, in play order after the leader.
    """
    raise NotImplementedError


def legal_leads(
    hand: Iterable[Card],
    order: TrumpOrder,
    rules: TrickRules,
    limit: int | None = None,
    unseen: Iterable[Card] | None = None,
) -> list[tuple[Card, ...]]:
    """Useful legal leads, most useful first, at most ``limit``.

    Sure throws (when ``unseen``, the cards the leader cannot see, is given),
    then tractors, triples, pairs, singles, each strongest first. Any set of one
    suit is a legal lead (a throw attempt); this list holds representatives.
    """
    raise NotImplementedError
