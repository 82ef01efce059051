"""Shared trick-taking machinery for 扒鸡窝 (Pajiwo) and 打滚子 (Dagunzi).

Pure functions over :class:`games.cards.Card` values, parameterised by a
:class:`TrumpOrder` (level, trump suit, permanent trumps) and a
:class:`TrickRules` (decks, set sizes, tractors, throws). See
``notes``/``TRICKS_API.md`` and the module docstrings for the seed lines.
"""

from games.tricks.follow import check_follow, legal_follows, random_follow
from games.tricks.lead import Lead, ThrowCheck, check_throw, classify_lead, legal_leads
from games.tricks.order import SUITS, TRUMP, EffectiveSuit, TrumpOrder
from games.tricks.rules import DAGUNZI_RULES, PAJIWO_RULES, TrickRules
from games.tricks.units import Unit, decompose, kitty_multiplier, largest_unit
from games.tricks.winner import trick_winner

__all__ = [
    "DAGUNZI_RULES",
    "PAJIWO_RULES",
    "SUITS",
    "TRUMP",
    "EffectiveSuit",
    "Lead",
    "ThrowCheck",
    "TrickRules",
    "TrumpOrder",
    "Unit",
    "check_follow",
    "check_throw",
    "classify_lead",
    "decompose",
    "kitty_multiplier",
    "largest_unit",
    "legal_follows",
    "legal_leads",
    "random_follow",
    "trick_winner",
]
