"""Following a lead: obligations, legal follows, a random legal follow.

Source: ``pajiwo.txt:101`` (follow the led suit; all trumps are one suit; when
void, ruff 毙 or discard 垫), ``pajiwo.txt:107`` (tractor lead: the longest
tractor of that suit held, up to the lead's length, then pairs, then singles),
``pajiwo.txt:109`` (pair lead: a pair if held), ``dagunzi.txt:67``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from games.base import JSON, IllegalAction
from games.cards import Card
from games.tricks._shape import (
    Counts,
    Ladder,
    Profile,
    ShapeUnit,
    answers,
    count,
    expand,
    full_grade,
    in_suit,
    ladder,
    multiset_combos,
    options,
    profile,
    take,
)
from games.tricks.held import not_held
from games.tricks.lead import Lead, suit_name
from games.tricks.order import TRUMP, EffectiveSuit, TrumpOrder
from games.tricks.rules import TrickRules
from games.tricks.units import shape

__all__ = ["check_follow", "legal_follows", "random_follow"]


_RULE_SUIT = "pajiwo.txt:101"
_RULE_TRACTOR = "pajiwo.txt:107"
_RULE_PAIR = "pajiwo.txt:109"


def check_follow(
    lead: Lead, hand: Iterable[Card], play: Iterable[Card], order: TrumpOrder, rules: TrickRules
) -> None:
    """Raise ``IllegalAction`` when ``play`` (cards from ``hand``) does not follow ``lead``.

    The obligations, in order:

    1. As many cards as the lead (``"wrong_count"``), all from the hand
       (``"not_in_hand"``).
    2. Follow suit (``pajiwo.txt:101``): cards of the led effective suit (all
       trumps are one suit) as long as the hand has them; when it has fewer,
       all of them and anything else (a ruff 毙 or a discard 垫). Refusal
       ``"must_follow_suit"``: ``"you must follow ♥: you hold ♥7"``.
    3. Shape (``pajiwo.txt:107,109``), inside the led suit only, unit by unit
       of the lead, largest first, each against the cards left by the earlier
       ones: a tractor lead asks for a tractor of the same shape if held, else
       (``rules.tractor_follow="longest_tractor"``, the seed) the longest
       tractor held, then again the longest for the pairs still unanswered,
       then as many sets (pairs) as it has and the hand holds, widest first,
       then singles (``"same_length"``: no shorter tractor obliges, only the
       sets); a pair asks for a pair, a triple (打滚子) for a triple, else a
       pair. Formally the play's suit cards must reach the same profile as all
       the suit cards held (see ``games/tricks/_shape.py``). For a throw this
       applies the seed's tractor and pair rules to each unit of the throw.
       Refusals ``"must_play_tractor"``, ``"must_play_triple"``,
       ``"must_play_pair"`` name the suit and a held unit.

    Changes nothing; returns None when the play is legal.
    """
    lad = ladder(order, rules)
    play = list(play)
    n = lead.size
    if len(play) != n:
        raise IllegalAction(
            "wrong_count",
            f"the lead has {n} card{'s' if n != 1 else ''}: play {n}, not {len(play)}",
            {"expected": n, "got": len(play)},
            "pajiwo.txt:101",
        )
    hand_counts = count(hand)
    play_counts = count(play)
    for card, copies in play_counts.items():
        if copies > hand_counts.get(card, 0):
            message, said = not_held(str(card), copies, hand_counts.get(card, 0))
            raise IllegalAction("not_in_hand", message, {**said, "copies": copies})
    suit = lead.suit
    held = in_suit(hand_counts, suit, lad)
    played = in_suit(play_counts, suit, lad)
    n_held = sum(held.values())
    if sum(played.values()) < min(n_held, n):
        missing = sorted(
            (c for c in held if held[c] > played.get(c, 0)), key=order.sort_key
        )  # strongest first
        card = missing[0]
        name = suit_name(suit)
        # name every card that could follow, not one of them as if it were the only one
        shown = " ".join(str(c) for c in missing)
        short = min(n_held, n) - sum(played.values())
        message = f"you must follow {name}: you hold {card}"
        # every front end names the same cards: "cards" lists them all, even when one
        params: dict[str, JSON] = {"suit": name, "card": str(card), "cards": shown}
        if len(missing) > 1:
            message = (
                f"you must follow {name} with {short} more card{'s' if short > 1 else ''}:"
                f" you hold {shown}"
            )
        raise IllegalAction(
            "must_follow_suit",
            message,
            params,
            _RULE_SUIT,
        )
    units = shape(lead.units)
    if not units or n_held <= n:
        return
    want = profile(held, units, lad)
    got = profile(played, units, lad)
    if got == want:
        return
    i = next(i for i in range(len(units)) if got[i] != want[i])
    _refuse_shape(units[: i + 1], want[: i + 1], got[i], held, played, suit, lad)


def _refuse_shape(
    units: list[ShapeUnit],
    wanted: Profile,
    got: tuple[int, ...],
    held: Counts,
    played: Counts,
    suit: EffectiveSuit,
    lad: Ladder,
) -> None:
    """Raise the shape refusal for ``units[-1]``, the first unit the play answers worse
    than the hand can (``wanted``: the hand's profile up to that unit)."""
    name = suit_name(suit)
    unit = units[-1]
    want = wanted[-1]
    kind, width, length = unit
    chains = length // 2 if kind == "tractor" else 0
    # the first place of the grade where the play falls short (it never exceeds the hand's)
    k = next(k for k, (a, b) in enumerate(zip(want, got, strict=True)) if a != b)
    if k < chains:
        shown = "".join(str(c) for c in _example(held, units, wanted, lad, k))
        raise IllegalAction(
            "must_play_tractor",
            f"you must play a tractor in {name}: you hold {shown}",
            {"suit": name, "cards": shown},
            _RULE_TRACTOR,
        )
    # The set width where the play falls short.
    x = width - (k - chains) if kind == "tractor" else want[0]
    candidates = [c for c, n in held.items() if n >= x and played.get(c, 0) < x] or [
        c for c, n in held.items() if n >= x
    ]
    card = max(candidates, key=lambda c: lad.info[c][1])
    shown = str(card) * x
    code = "must_play_triple" if x == 3 else "must_play_pair"
    what = "a triple" if x == 3 else "a pair"
    if kind == "tractor":
        what = "triples" if x == 3 else "pairs"
        if any(want[:chains]):
            message = f"you must play {what} in {name} beside your tractor: you hold {shown}"
        else:
            message = f"you must play {what} in {name} when you have no tractor: you hold {shown}"
    else:
        message = f"you must play {what} in {name}: you hold {shown}"
    raise IllegalAction(
        code,
        message,
        {"suit": name, "cards": shown},
        _RULE_TRACTOR if kind == "tractor" else _RULE_PAIR,
    )


def _example(
    held: Counts, units: list[ShapeUnit], wanted: Profile, lad: Ladder, k: int
) -> list[Card]:
    """The ``k``-th tractor (longest first) of an answer to ``units[-1]`` the hand can give
    after answering the earlier units as ``wanted`` asks."""
    width = units[-1][1]
    lengths = wanted[-1]
    start = sum(lengths[:k]) * width
    end = start + lengths[k] * width
    for earlier in answers(held, units[:-1], wanted[:-1], lad):
        rest = dict(held)
        take(rest, earlier)
        grade, opts = options(rest, units[-1], lad)
        if grade == wanted[-1]:
            return opts[0][0][start:end]
    raise AssertionError("the hand's profile says such an answer exists")  # pragma: no cover


_FeedKey = tuple[int, int, int, tuple[int, int, int]]


def _cheap_key(lad: Ladder) -> Callable[[Card], _FeedKey]:
    """Order for filler cards: side suits before trumps, no points before points, low first."""
    info = lad.info
    key = lad.order.sort_key

    def cheap(c: Card) -> _FeedKey:
        return (info[c][0] == TRUMP, c.points > 0, info[c][1], key(c))

    return cheap


def _feed_key(lad: Ladder) -> Callable[[Card], _FeedKey]:
    """Order for feeding points (to a partner winning the trick): most points first,
    side suits before trumps, low first."""
    info = lad.info
    key = lad.order.sort_key

    def feed(c: Card) -> _FeedKey:
        return (-c.points, info[c][0] == TRUMP, info[c][1], key(c))

    return feed


_ANSWERS_SAMPLED = 8
"""How many answers to the lead's units get a cheap completion before the full listing."""
_RUFFS_LISTED = 4
"""How many different full-shape ruffs legal_follows lists before the discards."""


def legal_follows(
    lead: Lead, hand: Iterable[Card], order: TrumpOrder, rules: TrickRules, limit: int | None = None
) -> list[tuple[Card, ...]]:
    """Legal follows, at most ``limit`` (``None``: all of them, which may be very many).

    Every returned play passes :func:`check_follow`, none twice (as multisets);
    with ``limit=None`` the list is exactly the set :func:`check_follow`
    accepts. Each play is a tuple of cards in display order (:meth:`TrumpOrder.sort_key`).

    "Most useful first", so that a short list still offers a bot its real
    choices. When the hand has at least as many cards of the led suit as the
    lead: the answers to the lead's units strongest first, each completed with
    the cheapest other cards of the suit (side suits before trumps, no points
    before points, low first); then the strongest answer completed with the
    most points (feeding a partner); then everything else. When it has fewer:
    all of them plus, first, up to four full-shape ruffs (毙, strongest first)
    when void in a side suit, then the cheapest discard (垫), the discard with
    the most points, then everything else, cheapest first.
    """
    if limit is not None and limit <= 0:
        return []
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[Card, ...]] = set()
    sort_key = order.sort_key
    for cards in _candidates(lead, hand, order, rules):
        key = tuple(sorted(cards, key=sort_key))
        if key not in seen:
            seen.add(key)
            out.append(key)
            if limit is not None and len(out) >= limit:
                break
    return out


def _candidates(
    lead: Lead, hand: Iterable[Card], order: TrumpOrder, rules: TrickRules
) -> Iterator[list[Card]]:
    """Legal follows in the order :func:`legal_follows` promises, with repeats."""
    lad = ladder(order, rules)
    n = lead.size
    counts = count(hand)
    held = in_suit(counts, lead.suit, lad)
    n_held = sum(held.values())
    cheap = _cheap_key(lad)
    feed = _feed_key(lad)
    units = shape(lead.units)

    def first(rest: Counts, k: int, key: Callable[[Card], _FeedKey]) -> list[Card]:
        return next(multiset_combos(sorted(rest.items(), key=lambda kv: key(kv[0])), k))

    if n_held >= n:
        target = profile(held, units, lad)
        feeding: list[Card] | None = None
        for i, ans in enumerate(answers(held, units, target, lad)):
            if i >= _ANSWERS_SAMPLED:
                break
            rest = dict(held)
            take(rest, ans)
            yield ans + first(rest, n - len(ans), cheap)
            if i == 0:
                feeding = ans + first(rest, n - len(ans), feed)
        if feeding is not None:
            yield feeding
        for ans in answers(held, units, target, lad):
            rest = dict(held)
            take(rest, ans)
            items = sorted(rest.items(), key=lambda kv: cheap(kv[0]))
            for filler in multiset_combos(items, n - len(ans)):
                yield ans + filler
        return
    base = expand(held)
    others = {c: k for c, k in counts.items() if c not in held}
    k = n - n_held
    if n_held == 0 and lead.suit != TRUMP:
        trumps = in_suit(counts, TRUMP, lad)
        full = tuple(full_grade(u) for u in units)
        if sum(trumps.values()) >= n and profile(trumps, units, lad) == full:
            for shown, ans in enumerate(answers(trumps, units, full, lad)):
                if shown >= _RUFFS_LISTED:
                    break
                rest = dict(trumps)
                take(rest, ans)
                yield ans + first(rest, n - len(ans), cheap)
    yield base + first(others, k, cheap)
    yield base + first(others, k, feed)
    items = sorted(others.items(), key=lambda kv: cheap(kv[0]))
    for filler in multiset_combos(items, k):
        yield base + filler


def random_follow(
    lead: Lead, hand: Iterable[Card], order: TrumpOrder, rules: TrickRules, rng: random.Random
) -> tuple[Card, ...]:
    """A random legal follow, drawn without enumerating the legal set.

    When the hand has enough cards of the led suit: a random answer to the
    lead's units reaching the required profile (random choice at each step),
    completed with random other suit cards; else all suit cards plus a random
    sample of the rest. Always passes :func:`check_follow`; not exactly
    uniform over the legal set. Raises ``ValueError`` when the hand has fewer
    cards than the lead.
    """
    lad = ladder(order, rules)
    n = lead.size
    counts = count(hand)
    if sum(counts.values()) < n:
        raise ValueError(f"a hand of {sum(counts.values())} cards cannot follow a lead of {n}")
    held = in_suit(counts, lead.suit, lad)
    n_held = sum(held.values())
    if n_held <= n:
        others = [c for c in expand(counts) if c not in held]
        return tuple(expand(held) + rng.sample(others, n - n_held))
    units = shape(lead.units)
    target = profile(held, units, lad)
    ans = next(answers(held, units, target, lad, rng))
    rest = dict(held)
    take(rest, ans)
    return tuple(ans + rng.sample(expand(rest), n - len(ans)))
