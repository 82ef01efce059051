"""The search bot's part for the trick-taking engines on this package (扒鸡窝, 打滚子): how to
sample a world consistent with a seat's view, and what a finished hand is worth.

A world (确定化) deals the cards the seat cannot see (``unseen_by``: the deck less its hand, the
cards played and a kitty it has seen) to the other seats, in the numbers they hold, and to a
kitty (底牌) it has not seen. The deal respects every void a seat has shown (断门): a seat that
did not follow the led suit with every card of a play holds none of that suit (跟牌, following
suit is compulsory, pajiwo.txt:101, dagunzi.txt:57), under the hand's trump order. A game may
add what else its view pins down: cards a declaration showed stay with the declarer
(:func:`declared_cards`), and a hidden kitty holds what a player buries (:func:`buried_weight`).

A game's own search also picks from here the leads it compares (:func:`spread_leads`: every
suit led high and low) and the value of a finished hand (:func:`side_value`: the chance of
winning, smoothed around the game's line); :func:`strong_player` is the plain search with
:func:`hand_value`.

Only the play of tricks is searched; declaring (亮主), burying (扣底) and the rest are the
heuristic's. The engines this works with keep ``hands``, ``kitty``, ``order``, ``phase``,
``trick_plays`` and ``unseen_by(seat)``, which both trick engines do.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.base import Game, Player
from games.cards import Card, format_card_ascii, parse_card
from games.search import SearchPlayer, clone

#: rollout moves a decision at the table (about 0.75 s of CPU at p95 on the machine measured;
#: README "Bot strength"); deterministic, unlike a time limit
WORK = 3000

__all__ = [
    "BURIED_POINTS",
    "BURIED_TRUMP",
    "WORK",
    "HeldCards",
    "KittyWeight",
    "buried_weight",
    "declared_cards",
    "declared_held",
    "hand_value",
    "sample_world",
    "side_value",
    "spread_leads",
    "strong_player",
    "voids",
    "win_chance",
]

#: attempts at a deal that respects every void before giving up on the voids
_ATTEMPTS = 20


def voids(view: Mapping[str, Any], order: Any) -> dict[int, set[Any]]:
    """Seat -> the effective suits (a :class:`~games.cards.Suit` or the trump suit) it has shown
    it does not hold: it played a card of another suit to a trick led in that suit.

    ``view`` is a seat's view (its ``tricks`` and current ``trick``); ``order`` the hand's
    :class:`~games.tricks.order.TrumpOrder`.
    """
    out: dict[int, set[Any]] = {}
    for trick in [*view.get("tricks", ()), view.get("trick") or {"plays": []}]:
        plays = trick["plays"]
        if not plays:
            continue
        led = order.suit_of(parse_card(plays[0]["cards"][0]))
        for play in plays[1:]:
            if any(order.suit_of(parse_card(c)) != led for c in play["cards"]):
                out.setdefault(play["seat"], set()).add(led)
    return out


#: ``(view, seat, unseen, counts, shown, order) -> seat -> cards`` known to be in a seat's hand:
#: taken out of ``unseen`` and ``counts`` (in place) before the rest is dealt
HeldCards = Callable[
    [Mapping[str, Any], int, list[Card], dict[int, int], Mapping[int, set[Any]], Any],
    dict[int, list[Card]],
]


#: ``(card, order) -> weight``: how likely a card is to lie in a hidden kitty against another
#: place, from what a player buries; 0 where it cannot be there
KittyWeight = Callable[[Card, Any], float]


#: a hidden kitty's odds of holding a side card with points, and a trump, against a side card
#: without points: the player who buries keeps trumps and gives no points away, since the
#: kitty's points count (multiplied) for the defenders who win the last trick (扣底, 抠底)
BURIED_POINTS = 0.15
BURIED_TRUMP = 0.1


def buried_weight(card: Card, order: Any) -> float:
    """How likely ``card`` is to lie in a hidden kitty (a :data:`KittyWeight`): seldom a trump
    (:data:`BURIED_TRUMP`) or a side card with points (:data:`BURIED_POINTS`), else 1."""
    if order.is_trump(card):
        return BURIED_TRUMP
    return BURIED_POINTS if card.points else 1.0


def sample_world(
    game: Game,
    seat: int,
    rng: random.Random,
    held: HeldCards | None = None,
    kitty_weight: KittyWeight | None = None,
) -> Game | None:
    """A copy of ``game`` with the cards ``seat`` cannot see dealt afresh (see the module
    docstring); ``None`` outside the play of tricks or when the counts do not add up.
    ``held`` (a game's own knowledge, e.g. 扒鸡窝's declared cards) keeps some cards in the
    hands the view pins them to; the rest is dealt as usual. ``kitty_weight`` (a game's
    reading of what is buried) weighs each card's chance of going to a hidden kitty (底牌)
    rather than to a hand; without it every place is as likely as its room."""
    engine: Any = game
    if getattr(engine, "phase", None) != "play" or engine.order is None:
        return None
    order = engine.order
    view = game.view(seat)
    unseen: list[Card] = list(engine.unseen_by(seat))
    counts = {s: len(engine.hands[s]) for s in range(game.seat_count) if s != seat}
    kitty_hidden = len(unseen) != sum(counts.values())
    if kitty_hidden:
        counts[-1] = len(engine.kitty)  # -1: the kitty, which has no voids
    if len(unseen) != sum(counts.values()):
        return None
    shown = voids(view, order)
    fixed = held(view, seat, unseen, counts, shown, order) if held is not None else {}
    deal = (
        _deal(unseen, counts, shown, order, rng, kitty_weight)
        or _deal(unseen, counts, {}, order, rng, kitty_weight)
        or _deal(unseen, counts, {}, order, rng)
    )
    assert deal is not None  # without voids or weights every deal fits
    world: Any = clone(game)
    for s, cards in deal.items():
        if s == -1:
            world.kitty = cards
        else:
            world.hands[s] = fixed.get(s, []) + cards
    return world


def declared_held(view: Mapping[str, Any], seat: int) -> dict[int, Counter[str]]:
    """Other seat -> the cards its declarations showed (亮主, 加固, 反主, overcalls and the
    like: declared cards stay in the declarer's hand and everyone sees them) that it has not
    played since, in the view's ASCII spelling. ``view`` is ``seat``'s view: its
    ``declarations`` (each ``{"seat", "cards"}``), ``tricks`` and ``trick``. A seat that
    declared twice showed each card as often as in the declaration that showed it most."""
    shown: dict[int, Counter[str]] = {}
    for declaration in view.get("declarations", ()):
        s = declaration["seat"]
        if s == seat:
            continue
        held = shown.setdefault(s, Counter())
        for card, n in Counter(declaration["cards"]).items():
            held[card] = max(held[card], n)
    played: dict[int, Counter[str]] = {}
    for trick in [*view.get("tricks", ()), view.get("trick") or {"plays": []}]:
        for play in trick["plays"]:
            played.setdefault(play["seat"], Counter()).update(play["cards"])
    return {s: held - played.get(s, Counter()) for s, held in shown.items()}


def declared_cards(
    view: Mapping[str, Any],
    seat: int,
    unseen: list[Card],
    counts: dict[int, int],
    shown: Mapping[int, set[Any]],
    order: Any,
) -> dict[int, list[Card]]:
    """The declared cards each declarer still holds (:func:`declared_held`), taken out of
    ``unseen`` and ``counts``: a :data:`HeldCards` for :func:`sample_world`.

    Without it the sampler deals those cards at random, so in most worlds the jokers and level
    cards everyone saw declared sit in another hand. A declared card is left to chance only
    where the view does not pin it: the declarer has shown it is void in that card's suit (it
    buried it: only a kitty taker can), or fewer copies are unseen (``seat`` itself buried or
    holds them)."""
    fixed: dict[int, list[Card]] = {}
    for s, held in declared_held(view, seat).items():
        for spelled, n in held.items():
            for _ in range(n):
                card = next((c for c in unseen if format_card_ascii(c) == spelled), None)
                if card is None or counts[s] == 0 or order.suit_of(card) in shown.get(s, ()):
                    break
                unseen.remove(card)
                fixed.setdefault(s, []).append(card)
                counts[s] -= 1
    return fixed


def spread_leads(leads: Sequence[tuple[Card, ...]], order: Any) -> list[tuple[Card, ...]]:
    """The leads a search compares, from ``leads`` (an engine's legal leads in the order
    :func:`games.tricks.lead.legal_leads` lists them: the longest units first, strongest first
    among units of a length), in turn: each suit's first unit (its biggest tractor, triple or
    pair where it has one, else its top single) and its lowest single, then each suit's top
    single, then each suit's lowest pair; no lead twice; the suits in the order their first
    leads come. A search that takes the first eight of them may cut the last suit's low lead
    and the top singles when the hand holds five suits (trumps one of them).

    An engine's first eight leads are mostly big pairs and top singles, so a search that took
    them never tried leading low to find a partner's winner or to empty a short suit."""
    by_suit: dict[Any, list[tuple[Card, ...]]] = {}
    for lead in leads:
        by_suit.setdefault(order.suit_of(lead[0]), []).append(lead)
    firsts: list[tuple[Card, ...]] = []
    for ls in by_suit.values():
        firsts.append(ls[0])  # the suit's strongest unit
        firsts.append(next((x for x in reversed(ls) if len(x) == 1), ls[-1]))  # its lowest single
    top_single = [next((x for x in ls if len(x) == 1), ls[0]) for ls in by_suit.values()]
    low_pair = [
        next((x for x in reversed(ls) if len(x) == 2 and x[0] == x[1]), ls[0])
        for ls in by_suit.values()
    ]
    out: list[tuple[Card, ...]] = []
    for lead in [*firsts, *top_single, *low_pair]:
        if lead not in out:
            out.append(lead)
    return out


def win_chance(points: float, defending: bool, line: float, scale: float) -> float:
    """What a finished hand with the defenders at ``points`` is worth to a side (defending or
    not): its chance of winning, smoothed around ``line`` (the points where the hand is even,
    half a card short of what the defenders need) by a logistic of the margin ``scale`` points
    wide. The rollouts play the heuristic in every seat, not the real players, so a step at the
    line would count a rollout one card short of it as a sure loss and one at half the line the
    same."""
    margin = (points - line) if defending else (line - points)
    return 1.0 / (1.0 + math.exp(-margin / scale))


def side_value(line: float, scale: float) -> Callable[[Game, int], float]:
    """A search's value of a finished hand for ``seat``: :func:`win_chance` of its side, from
    the last hand result's ``defenders_points`` and ``dealer_team``."""

    def value(game: Game, seat: int) -> float:
        summary = game.hand_results[-1].summary
        defending = seat not in summary["dealer_team"]
        return win_chance(float(summary["defenders_points"]), defending, line, scale)

    return value


def _deal(
    unseen: Sequence[Card],
    counts: Mapping[int, int],
    shown: Mapping[int, set[Any]],
    order: Any,
    rng: random.Random,
    kitty_weight: KittyWeight | None = None,
) -> dict[int, list[Card]] | None:
    """Deal ``unseen`` into ``counts`` places (-1: the kitty) so that no seat gets a suit it
    is void in and the kitty no card of weight 0; the cards with the fewest places to go are
    dealt first. ``None`` after 20 failed tries."""
    weight = {c: kitty_weight(c, order) for c in set(unseen)} if kitty_weight else {}
    for _ in range(_ATTEMPTS):
        cards = list(unseen)
        rng.shuffle(cards)
        room = dict(counts)
        places = {
            card: [
                s
                for s in counts
                if order.suit_of(card) not in shown.get(s, ())
                and (s != -1 or weight.get(card, 1.0) > 0)
            ]
            for card in set(cards)
        }
        cards.sort(key=lambda c: len(places[c]))
        deal: dict[int, list[Card]] = {s: [] for s in counts}
        for card in cards:
            open_places = [s for s in places[card] if room[s] > 0]
            if not open_places:
                break
            # weigh by room left, as a random deal of the remaining cards would (the kitty's
            # by how likely the card is to be buried)
            weights = [room[s] * (weight.get(card, 1.0) if s == -1 else 1) for s in open_places]
            pick = rng.choices(open_places, weights=weights)[0]
            deal[pick].append(card)
            room[pick] -= 1
        else:
            return deal
    return None


def hand_value(game: Game, seat: int) -> float:
    """What the last finished hand is worth to ``seat``'s side: 1 for a won hand, plus the
    defenders' card points (抓分) as a share of 100, counted for the defenders and against the
    dealer's side (so a win by more, or a loss by less, is better)."""
    summary = game.hand_results[-1].summary
    won = seat in summary["winner_team"]
    points = float(summary["defenders_points"]) / 100
    defending = seat not in summary["dealer_team"]
    return (1.0 if won else 0.0) + 0.25 * (points if defending else -points)


def strong_player(
    heuristic: Callable[[], Player],
    rollouts: int = 24,
    budget_ms: int = 1000,
    candidates: int = 8,
    work: int | None = WORK,
) -> SearchPlayer:
    """The search bot of a trick engine, with ``heuristic`` as its rollout policy."""
    return SearchPlayer(
        heuristic,
        sample_world,
        hand_value,
        rollouts=rollouts,
        budget_ms=budget_ms,
        candidates=candidates,
        work=work,
    )
