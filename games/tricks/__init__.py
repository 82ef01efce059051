"""Shared trick-taking machinery for 扒鸡窝 (Pajiwo) and 打滚子 (Dagunzi).

Pure functions over :class:`games.cards.Card` values (identical cards are
equal; hands are any iterables of cards), parameterised by a
:class:`TrumpOrder` (level, trump suit, permanent trumps) and a
:class:`TrickRules` (decks, set sizes, tractors, throws, failed-throw option).
Illegal plays raise :class:`games.base.IllegalAction` with a stable code, an
English message naming the cards, params and the seed line.

Typical use for one trick::

    order = TrumpOrder(Rank.FIVE, Suit.HEARTS)          # level 5, ♥ trump
    lead = classify_lead(cards, order, PAJIWO_RULES)    # single/pair/tractor/throw
    if lead.is_throw:
        result = check_throw(lead, {seat: hand, ...}, order, PAJIWO_RULES)
        if not result.ok:
            lead = classify_lead(result.played, order, PAJIWO_RULES)
    check_follow(lead, hand, play, order, PAJIWO_RULES)  # each follower
    winner = trick_winner([(seat, cards), ...], order, PAJIWO_RULES)

Readings (where the seed, ``pajiwo.txt``, leaves a choice):

* Decomposition (``pajiwo.txt:85-91``): the longest tractors first (on equal
  length the highest), then the widest sets, then singles. E.g. at level 5 ♥
  trump, ♥A♥A ♠5♠5 ♣5♣5 ♥5♥5 is a 3-pair tractor and a pair.
* Tractor adjacency: off-suit level cards share one place on the ladder, so
  two of their pairs never form a tractor; side suits skip the level rank; in
  no-trump 小王 and level cards are not adjacent (``pajiwo.txt:91``; option
  ``TrickRules.no_trump_joker_level_tractor``).
* Following a multi-unit lead (a throw): the seed's tractor and pair rules
  (``pajiwo.txt:107,109``) apply to each unit of the lead in turn, largest
  first, each against the cards the earlier units leave. A tractor unit is
  answered by a tractor of the same length if held, else (``pajiwo.txt:107``
  as written, issue 8) by the longest tractor held, then again the longest
  for the pairs still unanswered, then by pairs (widest sets first), else
  singles. Option ``TrickRules.tractor_follow="same_length"``: a shorter
  tractor obliges no more than its pairs. The hand's best achievable answer
  is the obligation.
* Ruff (毙, rule 7, ``pajiwo.txt:111``): "at least as many tractors and pairs"
  is read as: all trump, and the play can be read as the lead's units (a
  tractor of the same shape for each tractor, a pair for each pair); else it is
  a discard. Over-ruff (盖毙, rule 8, ``pajiwo.txt:113``) and any comparison
  of plays of one lead: by the lead's largest unit, each play choosing its
  best reading; for a lead of singles, by the highest card
  (``pajiwo.txt:119``). Ties stay with the earlier play.
* Throw check (``pajiwo.txt:105``): a unit is beaten by a strictly higher unit
  of the same shape in one other hand. Failed throw: the smallest card of the
  throw (seed), or with ``failed_throw="beaten_unit"`` the beaten unit (the
  one with fewest cards, then lowest, when several are).
* 打滚子 (``dagunzi.txt:55-60,67``): a triple lead asks for a triple, else a
  pair, else singles; permanent 2s rank under the level cards.
* Kitty multiplier (``pajiwo.txt:129``): by the largest unit of the winning
  play read on its own.
"""

from games.tricks.follow import check_follow, legal_follows, random_follow
from games.tricks.lead import (
    Lead,
    ThrowCheck,
    check_throw,
    classify_lead,
    lead_json,
    legal_leads,
    suit_name,
    units_json,
)
from games.tricks.order import SUITS, TRUMP, EffectiveSuit, TrumpOrder, intern_card
from games.tricks.rules import DAGUNZI_RULES, PAJIWO_RULES, TrickRules
from games.tricks.units import KINDS, Unit, decompose, kitty_multiplier, largest_unit, make_unit
from games.tricks.winner import trick_winner

__all__ = [
    "DAGUNZI_RULES",
    "KINDS",
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
    "intern_card",
    "kitty_multiplier",
    "largest_unit",
    "lead_json",
    "legal_follows",
    "legal_leads",
    "make_unit",
    "random_follow",
    "suit_name",
    "trick_winner",
    "units_json",
]
