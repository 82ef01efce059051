"""The seam between the Pajiwo engine and the shared trick machinery :mod:`games.tricks`.

Only Pajiwo-specific glue lives here (which :class:`TrickRules` a table's
options give); the card order,
units, throws, following and the trick winner are :mod:`games.tricks`'.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache

from games.cards import Card, Rank, Suit
from games.tricks import (
    Lead,
    TrickRules,
    TrumpOrder,
    check_follow,
    classify_lead,
    decompose,
    kitty_multiplier,
    lead_json,
    legal_follows,
    legal_leads,
    random_follow,
    trick_winner,
    units_json,
)
from games.tricks import check_throw as _check_throw

__all__ = [
    "Lead",
    "TrickRules",
    "TrumpOrder",
    "check_follow",
    "check_throw",
    "classify_lead",
    "decompose",
    "is_throw",
    "kitty_multiplier",
    "lead_json",
    "legal_follows",
    "legal_leads",
    "random_follow",
    "rules_for",
    "trick_winner",
    "trump_order",
    "units_json",
]


@lru_cache(maxsize=16)
def rules_for(
    failed_throw: str = "smallest_card", tractor_follow: str = "longest_tractor"
) -> TrickRules:
    """扒鸡窝's rules (2 decks, pairs, tractors, throws; pajiwo.txt:83-107) with the table's
    failed-throw option (``"smallest_card"`` = the seed, or ``"beaten_unit"``) and
    tractor-follow option (``"longest_tractor"`` = the seed, or ``"same_length"``).

    Raises ``ValueError`` for a choice that is neither.
    """
    return TrickRules(failed_throw=failed_throw, tractor_follow=tractor_follow)


@lru_cache(maxsize=256)
def trump_order(level: Rank, trump_suit: Suit | None) -> TrumpOrder:
    """The :class:`TrumpOrder` for a level and trump suit, cached (its tables are built once)."""
    return TrumpOrder(level, trump_suit)


def is_throw(lead: Lead) -> bool:
    """True for a throw (甩牌): a lead of several units (pajiwo.txt:105)."""
    return lead.is_throw


def check_throw(
    lead: Lead, others: Mapping[int, Iterable[Card]], order: TrumpOrder, rules: TrickRules
) -> tuple[bool, tuple[Card, ...], int | None]:
    """``(ok, cards actually played, seat that beats it or None)`` (pajiwo.txt:105)."""
    res = _check_throw(lead, others, order, rules)
    return res.ok, tuple(res.played), res.beaten_by
