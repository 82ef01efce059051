"""Declaring trump (亮主), reinforcing (加固) and overcalling (反主): the ladder.

Seed: pajiwo.txt:39-61. A declaration shows cards from the declarer's hand:

* ``single``: one joker and one level card (级牌) of the joker's colour; 大王 goes
  with ♥ ♦, 小王 with ♠ ♣ (pajiwo.txt:41-43). Strength 1, whatever the suit.
* ``pair``: one joker and a pair of level cards of its colour (pajiwo.txt:45).
  Strength 2..5 by suit, ♦ < ♣ < ♥ < ♠ (pajiwo.txt:61). A declarer who adds
  the second level card to their own single reinforces it (加固, pajiwo.txt:43).
* ``joker_pair``: a pair of 小王 (strength 6) or of 大王 (strength 7): the hand
  becomes no-trump (无主) (pajiwo.txt:47, 59-61). Nothing overcalls a pair of 大王.

A new declaration must be strictly stronger than the standing one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from games.base import IllegalAction
from games.cards import BIG_JOKER, SMALL_JOKER, Card, Rank, Suit, format_card, format_cards

__all__ = [
    "PAIR_SUIT_ORDER",
    "Declaration",
    "check_overcall",
    "is_reinforcement",
    "possible_declarations",
    "read_declaration",
]

PAIR_SUIT_ORDER: tuple[Suit, ...] = (Suit.DIAMONDS, Suit.CLUBS, Suit.HEARTS, Suit.SPADES)
"""Pairs of level cards overcall each other in this order, weakest first (pajiwo.txt:61)."""

_RULE = "pajiwo.txt:59"


@dataclass(frozen=True)
class Declaration:
    """One shown declaration.

    Attributes:
        seat: the declaring seat.
        cards: the cards shown, joker first.
        kind: ``"single"``, ``"pair"`` or ``"joker_pair"``.
        suit: the trump suit it names, ``None`` for no-trump (无主).
        strength: 1 single; 2..5 pair ♦ ♣ ♥ ♠; 6 pair of 小王; 7 pair of 大王.
        level: the level rank shown (``None`` for a pair of jokers).
    """

    seat: int
    cards: tuple[Card, ...]
    kind: str
    suit: Suit | None
    strength: int
    level: Rank | None

    @property
    def no_trump(self) -> bool:
        return self.kind == "joker_pair"

    def describe(self) -> str:
        """``"大王 ♥5"``, ``"a pair of 小王 (no-trump)"``."""
        if self.kind == "joker_pair":
            return f"a pair of {format_card(self.cards[0])} (no-trump)"
        return format_cards(self.cards)


def _joker_colour_ok(joker: Card, suit: Suit) -> bool:
    """大王 goes with the red suits, 小王 with the black ones (pajiwo.txt:41)."""
    return suit.is_red == (joker == BIG_JOKER)


def read_declaration(seat: int, cards: Sequence[Card], level: Rank) -> Declaration:
    """Read the shown ``cards`` as a declaration at ``level``.

    Raises :class:`IllegalAction` (code ``"bad_declaration"``) naming the cards
    when they are not a joker with one or two level cards of its colour, or a
    pair of jokers.
    """
    jokers = sorted((c for c in cards if c.is_joker), key=lambda c: -int(c.rank))
    others = [c for c in cards if not c.is_joker]
    shown = format_cards(cards) or "nothing"
    if len(cards) == 2 and len(jokers) == 2:
        if jokers[0] != jokers[1]:
            raise IllegalAction(
                "bad_declaration",
                "大王 and 小王 are not a pair: a pair of jokers is two 大王 or two 小王",
                {"cards": shown},
                _RULE,
            )
        strength = 7 if jokers[0] == BIG_JOKER else 6
        return Declaration(seat, tuple(jokers), "joker_pair", None, strength, None)
    if len(jokers) != 1 or len(others) not in (1, 2):
        raise IllegalAction(
            "bad_declaration",
            f"show one joker with one or two level cards ({level.label}) of its colour, "
            f"or a pair of jokers, not {shown}",
            {"cards": shown, "level": level.label},
            "pajiwo.txt:41",
        )
    joker = jokers[0]
    for card in others:
        if card.rank != level:
            raise IllegalAction(
                "not_level_card",
                f"{format_card(card)} is not a level card: the level is {level.label}",
                {"card": format_card(card), "level": level.label},
                "pajiwo.txt:21",
            )
    if len(others) == 2 and others[0] != others[1]:
        raise IllegalAction(
            "bad_declaration",
            f"{format_cards(others)} is not a pair: both level cards must be of one suit",
            {"cards": shown},
            "pajiwo.txt:45",
        )
    suit = others[0].suit
    assert suit is not None
    if not _joker_colour_ok(joker, suit):
        colours = "♥ or ♦" if joker == BIG_JOKER else "♠ or ♣"
        raise IllegalAction(
            "joker_colour",
            f"{format_card(joker)} goes with {colours} level cards, not {format_card(others[0])}",
            {"joker": format_card(joker), "card": format_card(others[0])},
            "pajiwo.txt:41",
        )
    if len(others) == 1:
        return Declaration(seat, (joker, others[0]), "single", suit, 1, level)
    strength = 2 + PAIR_SUIT_ORDER.index(suit)
    return Declaration(seat, (joker, others[0], others[1]), "pair", suit, strength, level)


def is_reinforcement(standing: Declaration | None, new: Declaration) -> bool:
    """True when ``new`` is the standing declarer adding the second level card (加固)."""
    return (
        standing is not None
        and standing.kind == "single"
        and new.kind == "pair"
        and new.seat == standing.seat
        and new.suit == standing.suit
        and new.cards[0] == standing.cards[0]
    )


def check_overcall(standing: Declaration | None, new: Declaration) -> None:
    """Raise :class:`IllegalAction` (code ``"weak_overcall"``) unless ``new`` beats ``standing``.

    The ladder of pajiwo.txt:59-61: a joker with a pair of level cards beats a
    single; pairs by suit ♠ > ♥ > ♣ > ♦; a pair of 小王 beats any level-card
    declaration; a pair of 大王 beats a pair of 小王; nothing beats a pair of 大王.
    """
    if standing is None or new.strength > standing.strength:
        return
    if standing.kind == "single":
        msg = "a joker with one level card can only be overcalled by a joker with a pair"
    elif standing.kind == "pair":
        msg = (
            f"a pair of {standing.suit} level cards can only be overcalled by a pair of a higher "
            "suit (♠ > ♥ > ♣ > ♦) or a pair of jokers"
        )
    elif standing.strength == 6:
        msg = "a pair of 小王 can only be overcalled by a pair of 大王"
    else:
        msg = "nothing overcalls a pair of 大王"
    raise IllegalAction(
        "weak_overcall",
        f"{msg}: {new.describe()} does not beat {standing.describe()}",
        # the cards, not describe(): params are shown in any language
        {"standing": format_cards(standing.cards), "cards": format_cards(new.cards)},
        _RULE,
    )


def possible_declarations(
    seat: int, hand: Sequence[Card], level: Rank, standing: Declaration | None
) -> list[Declaration]:
    """Every declaration ``hand`` can show at ``level`` that beats ``standing``, strongest first."""
    counts = Counter(hand)
    found: list[Declaration] = []
    for joker in (BIG_JOKER, SMALL_JOKER):
        if counts[joker] >= 2:
            found.append(
                Declaration(
                    seat, (joker, joker), "joker_pair", None, 7 if joker == BIG_JOKER else 6, None
                )
            )
        if counts[joker] == 0:
            continue
        for suit in Suit:
            if not _joker_colour_ok(joker, suit):
                continue
            lc = Card(level, suit)
            if counts[lc] >= 2:
                found.append(
                    Declaration(
                        seat, (joker, lc, lc), "pair", suit, 2 + PAIR_SUIT_ORDER.index(suit), level
                    )
                )
            if counts[lc] >= 1:
                found.append(Declaration(seat, (joker, lc), "single", suit, 1, level))
    legal = [d for d in found if standing is None or d.strength > standing.strength]
    legal.sort(key=lambda d: -d.strength)
    return legal
