"""Following a lead: obligations, legal follows, a random legal follow.

Source: ``pajiwo.txt:101`` (follow the led suit; all trumps are one suit; when
void, ruff 毙 or discard 垫), ``pajiwo.txt:107`` (tractor lead: a tractor of
that suit if held, else pairs, then singles), ``pajiwo.txt:109`` (pair lead: a
pair if held), ``dagunzi.txt:67``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from games.cards import Card
from games.tricks.lead import Lead
from games.tricks.order import TrumpOrder
from games.tricks.rules import TrickRules

__all__ = ["check_follow", "legal_follows", "random_follow"]


def check_follow(
    lead: Lead, hand: Iterable[Card], play: Iterable[Card], order: TrumpOrder, rules: TrickRules
) -> None:
    """Raise ``IllegalAction`` when ``play`` (from ``hand``) does not follow ``lead``.

    Codes: ``"wrong_count"``, ``"not_in_hand"``, ``"must_follow_suit"``
    (``"you must follow ♥: you hold ♥7"``), ``"must_play_tractor"``,
    ``"must_play_triple"``, ``"must_play_pair"``.
    """
    raise NotImplementedError


def legal_follows(
    lead: Lead, hand: Iterable[Card], order: TrumpOrder, rules: TrickRules, limit: int | None = None
) -> list[tuple[Card, ...]]:
    """Legal follows, most useful first, at most ``limit`` (None: all; may be many)."""
    raise NotImplementedError


def random_follow(
    lead: Lead, hand: Iterable[Card], order: TrumpOrder, rules: TrickRules, rng: random.Random
) -> tuple[Card, ...]:
    """A random legal follow, without enumerating the legal set."""
    raise NotImplementedError
