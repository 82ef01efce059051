"""The winner of a trick: following suit, ruffing (毙) and over-ruffing (盖毙).

Source: ``pajiwo.txt:111`` (rule 7: ruff), ``pajiwo.txt:113-119`` (rule 8:
over-ruff, with the three worked examples).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cards import Card
from games.tricks._shape import best_key, count, ladder
from games.tricks.order import TRUMP, TrumpOrder
from games.tricks.rules import TrickRules
from games.tricks.units import decompose, shape

__all__ = ["trick_winner"]


def trick_winner(
    plays: Sequence[tuple[int, Sequence[Card]]], order: TrumpOrder, rules: TrickRules
) -> int:
    """The seat that wins the trick (``pajiwo.txt:99-119``).

    ``plays`` is ``[(seat, cards), ...]`` in play order, the first being the
    lead as actually played (after a failed throw, the cards it was cut to).
    The plays are assumed legal (see :func:`games.tricks.follow.check_follow`).

    A play can win only if it *answers the lead in full*: all its cards are of
    the led suit, or (ruff 毙, rule 7, ``pajiwo.txt:111``) all are trumps
    when a side suit was led; and they can be read as the lead's units: a
    tractor of the same shape for each tractor, a pair for each pair, a triple
    for each triple (reading of "at least as many tractors and pairs"; it
    agrees with the seed's example ``pajiwo.txt:115``). Anything else is a
    discard (垫牌) and never wins.

    Plays that answer in full compare by the lead's largest unit (rule 8,
    ``pajiwo.txt:113``: by the tractors and pairs): the highest card of the
    play's answer to it, the play choosing its best reading; for a lead of
    singles only, by the highest card (``pajiwo.txt:119``: 977 stays above
    884 on 567). A trump answer beats any side-suit answer (the ruff); between
    ruffs a strictly higher one over-ruffs (盖毙, ``pajiwo.txt:117``); ties
    stay with the earlier play.

    Raises ``ValueError`` for no plays.
    """
    if not plays:
        raise ValueError("a trick needs at least the lead")
    if all(len(cards) == 1 for _, cards in plays):
        return _single_winner(plays, order)
    lad = ladder(order, rules)
    info = lad.info
    lead_seat, lead_cards = plays[0]
    lead_counts = count(lead_cards)
    lead_suit = info[lead_cards[0]][0]
    units = shape(decompose(lead_cards, order, rules))
    best_seat = lead_seat
    best_suit = lead_suit
    best = best_key(lead_counts, units, lad)
    if best is None:  # pragma: no cover - a lead answers itself
        best = -1
    for seat, cards in plays[1:]:
        if not cards:
            continue
        suit = info[cards[0]][0]
        if suit != lead_suit and suit != TRUMP:
            continue
        if any(info[c][0] != suit for c in cards):
            continue
        key = best_key(count(cards), units, lad)
        if key is None:
            continue
        if suit == best_suit:
            if key > best:
                best_seat, best = seat, key
        elif suit == TRUMP:  # a ruff over a side-suit winner
            best_seat, best_suit, best = seat, TRUMP, key
    return best_seat


def _single_winner(plays: Sequence[tuple[int, Sequence[Card]]], order: TrumpOrder) -> int:
    """:func:`trick_winner` of a trick of single cards (the common case, kept cheap for the
    search bot's rollouts): the highest card of the led suit, or the highest trump on a side
    suit; ties stay with the earlier play."""
    best_seat, (cards,) = plays[0][0], [plays[0][1]]
    best_suit, best = order.info(cards[0])
    for seat, (card,) in plays[1:]:
        suit, strength = order.info(card)
        if suit == best_suit:
            if strength > best:
                best_seat, best = seat, strength
        elif suit == TRUMP:  # a ruff over a side-suit winner
            best_seat, best_suit, best = seat, TRUMP, strength
    return best_seat
