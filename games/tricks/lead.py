"""Leading a trick: classification (single, pair, tractor, throw), throw checks, legal leads.

Source: ``pajiwo.txt:103`` (a lead is a tractor, a pair, a single or a
throw), ``pajiwo.txt:105`` (a throw 甩牌 must be unbeatable; a failed throw
plays the smallest card of the throw).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.base import IllegalAction
from games.cards import Card, format_card_ascii
from games.tricks._shape import (
    Counts,
    Ladder,
    count,
    full_grade,
    in_suit,
    ladder,
    options,
    split,
    windows,
)
from games.tricks.order import SUITS, TRUMP, EffectiveSuit, TrumpOrder
from games.tricks.rules import TrickRules
from games.tricks.units import Unit, _decompose_suit, decompose

__all__ = [
    "Lead",
    "ThrowCheck",
    "check_throw",
    "classify_lead",
    "lead_json",
    "legal_leads",
    "suit_name",
    "units_json",
]


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


def _names(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)  # spaced: ♠K ♥3, not ♠K♥3


def suit_name(suit: EffectiveSuit) -> str:
    """``♥`` for a side suit, ``trump`` for the trumps (messages)."""
    return suit if isinstance(suit, str) else suit.symbol


def units_json(units: Iterable[Unit]) -> list[dict[str, Any]]:
    """Units as JSON for views: ``[{"kind", "cards", "length"}]``, in the order given.

    ``kind`` is ``"single"``, ``"pair"``, ``"triple"`` or ``"tractor"``; ``cards`` the
    unit's cards in ASCII notation (``format_card_ascii``: ``"10s"``, ``"BJ"``),
    strongest first; ``length`` the number of sets (1, or the pairs of a tractor).
    """
    return [
        {"kind": u.kind, "cards": [format_card_ascii(c) for c in u.cards], "length": u.length}
        for u in units
    ]


def lead_json(lead: Lead) -> dict[str, Any]:
    """How a lead was read (``pajiwo.txt:103``), as JSON for views and front ends:
    ``{"suit": "S"|"H"|"C"|"D"|"trump", "units": units_json(lead.units)}``.

    Several units make a throw (甩牌); whether it stood is :func:`check_throw`'s answer,
    which the engine adds.
    """
    suit = lead.suit if isinstance(lead.suit, str) else lead.suit.value
    return {"suit": suit, "units": units_json(lead.units)}


def classify_lead(cards: Iterable[Card], order: TrumpOrder, rules: TrickRules) -> Lead:
    """Read a lead as one unit or a throw (``pajiwo.txt:103``).

    The units are those of :func:`games.tricks.units.decompose` (longest
    tractors, then sets, then singles, largest first). Only the shape is
    judged here; whether a throw stands is :func:`check_throw`.

    Raises ``IllegalAction``: ``"empty_play"``; ``"too_many_copies"`` (a card
    more often than there are decks); ``"lead_mixed_suits"`` (not one effective
    suit; all trumps are one suit, ``pajiwo.txt:101``); ``"throw_not_allowed"``
    (several units when ``rules.throws`` is False, as in 打滚子).
    """
    cards = list(cards)
    if not cards:
        raise IllegalAction("empty_play", "play at least one card", {}, "pajiwo.txt:103")
    lad = ladder(order, rules)
    counts = count(cards)
    for card, copies in counts.items():
        if copies > rules.decks:
            raise IllegalAction(
                "too_many_copies",
                f"there are only {rules.decks} of {card} in {rules.decks} decks, not {copies}",
                {"card": str(card), "copies": copies, "decks": rules.decks},
            )
    suits = {lad.info[c][0] for c in counts}
    if len(suits) > 1:
        names = sorted(suit_name(s) for s in suits)
        raise IllegalAction(
            "lead_mixed_suits",
            f"{_names(cards)} mixes " + " and ".join(names) + " (all trumps count as one suit)",
            {"cards": _names(cards), "suits": names},
            "pajiwo.txt:103",
        )
    units = decompose(cards, order, rules)
    if len(units) > 1 and not rules.throws:
        raise IllegalAction(
            "throw_not_allowed",
            f"lead a single, a pair or a triple, not several units at once: {_names(cards)}",
            {"cards": _names(cards)},
            "dagunzi.txt:57-60",
        )
    return Lead(suits.pop(), tuple(units), len(units) > 1)


def _beater(counts: Counts, unit: Unit, lad: Ladder) -> tuple[Card, ...] | None:
    """The highest cards in ``counts`` (already in the unit's suit) beating ``unit``, if any."""
    if unit.kind == "single":
        best = max(counts, key=lambda c: lad.info[c][1], default=None)
        if best is not None and lad.info[best][1] > unit.top:
            return (best,)
        return None
    grade, opts = options(counts, (unit.kind, unit.width, unit.length), lad)
    if grade != full_grade((unit.kind, unit.width, unit.length)):
        return None
    cards, top = opts[0]
    return tuple(cards) if top > unit.top else None


def check_throw(
    lead: Lead,
    other_hands: Mapping[int, Iterable[Card]],
    order: TrumpOrder,
    rules: TrickRules,
) -> ThrowCheck:
    """Whether a throw (甩牌) stands: no other hand beats any of its units (``pajiwo.txt:105``).

    A unit is beaten when another hand holds, in the same effective suit, a
    unit of the same shape that is strictly higher (a higher single; a higher
    pair or triple; a tractor of as many sets, each as wide, with a higher
    top). Equal strengths do not beat (two off-suit level cards).

    ``other_hands`` maps seat -> that seat's hand, in play order after the
    leader; ``beaten_by`` is the first seat in that order beating the unit.
    When the throw fails, ``played`` is the smallest card of the throw
    (``rules.failed_throw == "smallest_card"``, the seed) or the beaten unit
    (``"beaten_unit"``; when several are beaten, the one with fewest cards,
    then the lowest). A lead that is no throw always stands.
    """
    if not lead.is_throw:
        return ThrowCheck(True, lead.cards)
    lad = ladder(order, rules)
    hands = [(seat, in_suit(count(hand), lead.suit, lad)) for seat, hand in other_hands.items()]
    beaten: list[tuple[Unit, int, tuple[Card, ...]]] = []
    for unit in lead.units:
        for seat, counts in hands:
            cards = _beater(counts, unit, lad) if counts else None
            if cards is not None:
                beaten.append((unit, seat, cards))
                break
    if not beaten:
        return ThrowCheck(True, lead.cards)
    unit, seat, cards = min(beaten, key=lambda b: (b[0].size, b[0].top))
    if rules.failed_throw == "beaten_unit":
        played: tuple[Card, ...] = unit.cards
    else:
        # The smallest card: lowest strength; among equals the last in display order.
        played = (max(lead.cards, key=lambda c: (-lad.info[c][1], order.sort_key(c))),)
    return ThrowCheck(False, played, seat, unit, cards)


def _sure_units(mine: Counts, rival: Counts, suit: EffectiveSuit, lad: Ladder) -> list[Unit]:
    """The units of ``mine`` that no holder of all the ``rival`` cards could beat."""
    units = _decompose_suit(dict(mine), suit, lad)
    if not rival:
        return units
    info = lad.info
    top_single = max(info[c][1] for c in rival)
    sure = []
    for u in units:
        if u.kind == "single":
            if top_single <= u.top:
                sure.append(u)
        elif top_single <= u.top or _beater(rival, u, lad) is None:
            sure.append(u)
    return sure


def legal_leads(
    hand: Iterable[Card],
    order: TrumpOrder,
    rules: TrickRules,
    limit: int | None = None,
    unseen: Iterable[Card] | None = None,
) -> list[tuple[Card, ...]]:
    """Useful legal leads, most useful first, at most ``limit`` (``pajiwo.txt:103``).

    The order: sure throws (only when ``unseen`` is given: the cards the
    leader cannot see, i.e. the other hands and anything else not yet shown;
    a throw of every unit of one suit that no holder of all of ``unseen`` could
    beat), then every tractor (longest first), triple, pair and single, each
    strongest first. Any set of one suit is a legal lead (a throw may fail,
    see :func:`check_throw`); this list holds the representatives bots need.
    Each lead is a tuple of cards, strongest first.
    """
    lad = ladder(order, rules)
    info = lad.info
    counts = count(hand)
    out: list[tuple[Card, ...]] = []
    by_suit = split(counts, lad)
    if rules.throws and unseen is not None:
        rivals = split(count(unseen), lad)
        for suit in sorted(by_suit, key=lambda s: 0 if s == TRUMP else 1 + SUITS.index(s)):
            sure = _sure_units(by_suit[suit], rivals.get(suit, {}), suit, lad)
            if len(sure) > 1:
                out.append(tuple(c for u in sure for c in u.cards))
    tractors: list[tuple[int, int, tuple[Card, ...]]] = []
    for width in lad.tractor_widths:
        for suit_counts in by_suit.values():
            for length in range(2, len(suit_counts) + 1):
                found = windows(suit_counts, length, width, lad)
                if not found:
                    break
                tractors.extend((length * width, top, tuple(cards)) for cards, top in found)
    tractors.sort(key=lambda t: (-t[0], -t[1]))
    out.extend(t[2] for t in tractors)
    by_strength = sorted(counts, key=lambda c: (-info[c][1], order.sort_key(c)))
    for width in lad.set_widths:
        out.extend((c,) * width for c in by_strength if counts[c] >= width)
    out.extend((c,) for c in by_strength)
    return out if limit is None else out[:limit]
