"""Shared machinery of climbing (shedding) games: combinations, readings with wild jokers,
comparison and move generation. Written for 打滚 (Dagun) and meant for any game of the family
(争上游, 掼蛋 …): a game picks its :class:`ClimbRules`.

Typical use::

    hand = HandCounts.of(cards)
    plays = generate(hand, DAGUN_RULES, target=last_combo)     # every legal answer
    cards = pick_cards(my_cards, plays[0])
    assert plays[0].combo in readings(cards, DAGUN_RULES)      # the classifier agrees
    beats(plays[0].combo, last_combo)
"""

from games.climbing.classify import readings, set_combo
from games.climbing.combos import (
    BOMB_KINDS,
    CLIMB_ORDER,
    KIND_LABELS,
    RANK_CODES,
    Combo,
    beats,
    climb_index,
)
from games.climbing.generate import CardPicker, HandCounts, Play, generate, pick_cards
from games.climbing.rules import DAGUN_RULES, ClimbRules

__all__ = [
    "BOMB_KINDS",
    "CLIMB_ORDER",
    "DAGUN_RULES",
    "KIND_LABELS",
    "RANK_CODES",
    "CardPicker",
    "ClimbRules",
    "Combo",
    "HandCounts",
    "Play",
    "beats",
    "climb_index",
    "generate",
    "pick_cards",
    "readings",
    "set_combo",
]
