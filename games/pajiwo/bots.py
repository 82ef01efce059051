"""Bot players for 扒鸡窝: a random-legal player (for tests) and a heuristic player.

Both follow :class:`games.base.Player`: ``choose(game, seat, rng) -> Action``.
They read only ``game.view(seat)`` (own hand and public state), the table
options and the legality functions (``game.legal_actions``, ``game.check``
and the pure functions of :mod:`games.tricks`), never another seat's hand.

While cards are dealt (progressive deal) a seat's decision is optional: a bot
that does not want to declare answers ``Action(seat, "pass")``, which the
engine accepts as a no-op.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.base import JSON, Action, Game
from games.cards import Card, Rank, Suit, parse_card
from games.cards import format_card_ascii as _ascii
from games.pajiwo import play as tricks
from games.pajiwo.deck import DECK
from games.pajiwo.scoring import card_points

__all__ = ["HeuristicPlayer", "RandomPlayer"]

_LEVELS = {"J": 11, "Q": 12, "K": 13, "A": 14}
# the deck's shared instances (deck.DECK, interned): a look-up in the trump order's tables
# then finds the very key and skips Card.__eq__
_DECK = Counter(DECK)


_ASCII: dict[str, Card] = {_ascii(c): c for c in _DECK}
_ASCII_OF: dict[Card, str] = {c: s for s, c in _ASCII.items()}
_DECK_SPELLED: tuple[tuple[Card, str, int], ...] = tuple(
    (c, _ASCII_OF[c], n) for c, n in _DECK.items()
)


def _cards(raw: Sequence[str]) -> list[Card]:
    """Cards from the view's ASCII notation (a fast path for the canonical spelling)."""
    return [_ASCII.get(x) or parse_card(x) for x in raw]


def _level_rank(label: str) -> Rank:
    return Rank(_LEVELS.get(label) or int(label))


def _order_from_view(view: dict[str, JSON]) -> tricks.TrumpOrder | None:
    """The hand's trump order as the view shows it (None before level and trump are known)."""
    level = view.get("level")
    trump = view["trump"]
    if level is None or (trump["suit"] is None and not trump["no_trump"]):
        return None
    suit = Suit(trump["suit"]) if trump["suit"] else None
    return tricks.trump_order(_level_rank(level), suit)


def _rules(game: Game) -> tricks.TrickRules:
    """The table's trick rules, from its public options (failed throw, tractor follow)."""
    options = game.options
    return tricks.rules_for(
        str(getattr(options, "failed_throw", "smallest_card")),
        str(getattr(options, "tractor_follow", "longest_tractor")),
    )


class RandomPlayer:
    """Plays a random legal action: a random follow (drawn without listing them all), a random
    set of 8 to bury, else a uniform choice among the listed actions (declarations and pass alike).

    ``throw_rate`` (0..1, default 0): the share of its leads that are a random set of 2-5 cards
    of one suit, a throw (甩牌) that usually fails (pajiwo.txt:105); tests use it so that random
    games go through failed throws, which the listed leads (sure throws only) never do.
    """

    def __init__(self, throw_rate: float = 0.0) -> None:
        if not 0.0 <= throw_rate <= 1.0:
            raise ValueError(f"throw_rate is a share from 0 to 1, not {throw_rate}")
        self.throw_rate = throw_rate

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        view = game.view(seat)
        kinds = view["legal"]
        if "play" in kinds and not view["trick"]["plays"] and rng.random() < self.throw_rate:
            throw = self._random_throw(view, game, rng)
            if throw:
                return Action(seat, "play", {"cards": [_ascii(c) for c in throw]})
        if "play" in kinds and view["trick"]["plays"]:
            order = _order_from_view(view)
            assert order is not None
            rules = _rules(game)
            lead = tricks.classify_lead(_cards(view["trick"]["plays"][0]["cards"]), order, rules)
            cards = tricks.random_follow(lead, _cards(view["hand"]), order, rules, rng)
            return Action(seat, "play", {"cards": [_ascii(c) for c in cards]})
        if "bury" in kinds:
            hand = _cards(view["hand"])
            return Action(seat, "bury", {"cards": [_ascii(c) for c in rng.sample(hand, 8)]})
        actions = game.legal_actions(seat, limit=40)
        if not actions:
            raise RuntimeError(f"seat {seat} has nothing to do in phase {view['phase']}")
        return rng.choice(actions)

    @staticmethod
    def _random_throw(view: dict[str, JSON], game: Game, rng: random.Random) -> list[Card]:
        """2-5 random cards of one effective suit of the hand ([] when no suit has two)."""
        order = _order_from_view(view)
        assert order is not None
        by_suit: dict[Any, list[Card]] = {}
        for card in _cards(view["hand"]):
            by_suit.setdefault(order.suit_of(card), []).append(card)
        suits = sorted((s for s, cs in by_suit.items() if len(cs) >= 2), key=str)
        if not suits:
            return []
        cards = by_suit[rng.choice(suits)]
        return rng.sample(cards, rng.randint(2, min(5, len(cards))))


class HeuristicPlayer:
    """A sensible, never-illegal player.

    * declares / overcalls when the named trump would give a long trump holding,
      and in a 抢庄 or 下台 deal as soon as it can;
    * calls 造反 with a weak hand;
    * buries low side cards without points, shortest suits first (to ruff them);
    * leads sure throws, then strong units (A-high pairs and tractors), else a low
      side card of its shortest suit;
    * follows: feeds points to a partner who is winning the trick; wins the trick
      as cheaply as it can when it holds points, when the winning cards carry
      points, when the lead is several cards, or when it plays last and need not
      ruff (taking the lead); else plays its least valuable legal cards, keeping
      trumps (a side-suit single without points is not ruffed, unless its cheapest
      ruff carries points itself).
    """

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        view = game.view(seat)
        kinds = view["legal"]
        if "play" in kinds:
            return self._play(game, seat, view)
        if "bury" in kinds:
            return self._bury(game, seat, view)
        if "rebel" in kinds:
            legal = game.legal_actions(seat)
            rebel = [a for a in legal if a.kind == "rebel"]
            return rebel[0] if rebel else Action(seat, "pass")
        if "declare" in kinds:
            return self._declare(game, seat, view)
        actions = game.legal_actions(seat, limit=1)
        if not actions:
            raise RuntimeError(f"seat {seat} has nothing to do in phase {view['phase']}")
        return actions[0]

    # ---------------------------------------------------------------- declaring
    def _declare(self, game: Game, seat: int, view: dict[str, JSON]) -> Action:
        hand = _cards(view["hand"])
        options = [a for a in game.legal_actions(seat) if a.kind == "declare"]
        if not options:
            return Action(seat, "pass")
        dealer_team = view["dealer_team"]
        mine = dealer_team is None or seat in dealer_team
        standing = view["standing"]
        if standing is not None and standing["seat"] % 2 == seat % 2 and view["phase"] != "pajiwo":
            # our side's declaration stands: only reinforce it
            for act in options:
                if len(act.data["cards"]) == 3 and standing["seat"] == seat:
                    return act
            return Action(seat, "pass")
        best: tuple[float, Action] | None = None
        for act in options:
            shown = _cards(act.data["cards"])
            score = self._trump_share(hand, shown)
            if best is None or score > best[0]:
                best = (score, act)
        assert best is not None
        score, act = best
        dealt = max(1, len(hand))
        urgent = view["grab"] or (view["phase"] == "auction" and standing is None)
        threshold = 0.28 if (mine or urgent) else 0.4
        if view["phase"] == "pajiwo":
            # taking the kitty after the bury is worth it only with a clearly better trump
            threshold = 0.42
        if dealt < 10 and not urgent:
            threshold += 0.1  # few cards seen yet
        return act if score >= threshold else Action(seat, "pass")

    @staticmethod
    def _trump_share(hand: Sequence[Card], shown: Sequence[Card]) -> float:
        """Share of ``hand`` that would be trump under the declaration ``shown``."""
        levels = [c.rank for c in shown if not c.is_joker]
        suits = {c.suit for c in shown if not c.is_joker}
        if not levels:  # a pair of jokers: no-trump; value jokers and aces
            trumps = sum(1 for c in hand if c.is_joker)
            aces = sum(1 for c in hand if c.rank == Rank.ACE)
            return (trumps + aces) / max(1, len(hand)) + 0.05
        level = levels[0]
        suit = next(iter(suits))
        n = sum(1 for c in hand if c.is_joker or c.rank == level or c.suit == suit)
        return n / max(1, len(hand))

    # ------------------------------------------------------------------- burying
    def _bury(self, game: Game, seat: int, view: dict[str, JSON]) -> Action:
        order = _order_from_view(view)
        hand = _cards(view["hand"])
        assert order is not None
        side = [c for c in hand if not order.is_trump(c)]
        by_suit = Counter(order.suit_of(c) for c in side)
        pair_count = Counter(side)

        def cost(card: Card) -> tuple[int, int, int, int]:
            # keep points, high cards and pairs; empty the short suits first
            return (
                card.points,
                int(order.strength(card) >= 10) + 2 * int(pair_count[card] >= 2),
                by_suit[order.suit_of(card)],
                order.strength(card),
            )

        chosen = sorted(side, key=cost)[:8]
        if len(chosen) < 8:
            rest = Counter(hand) - Counter(chosen)
            extra = sorted(rest.elements(), key=lambda c: (order.is_trump(c), order.strength(c)))
            chosen += extra[: 8 - len(chosen)]
        return Action(seat, "bury", {"cards": [_ascii(c) for c in chosen]})

    # ------------------------------------------------------------------- playing
    def _play(self, game: Game, seat: int, view: dict[str, JSON]) -> Action:
        order = _order_from_view(view)
        assert order is not None
        rules = _rules(game)
        hand = _cards(view["hand"])
        plays = [(p["seat"], tuple(_cards(p["cards"]))) for p in view["trick"]["plays"]]
        if not plays:
            cards = self._lead(view, seat, hand, order, rules)
        else:
            cards = self._follow(seat, hand, plays, order, rules)
        return Action(seat, "play", {"cards": [_ascii(c) for c in cards]})

    @staticmethod
    def _unseen(view: dict[str, JSON], hand: Sequence[Card]) -> list[Card]:
        """Cards this seat cannot see: the deck less its hand, the played cards and its kitty."""
        # counted by spelling (a string hashes in C, a card in Python), in the deck's order:
        # the very list ``(_DECK - Counter(the cards seen)).elements()`` gives
        spelled: Counter[str] = Counter(_ASCII_OF[c] for c in hand)
        for trick in [*view["tricks"], view["trick"]]:
            for play in trick["plays"]:
                spelled.update(play["cards"])
        if view["kitty"]:
            spelled.update(view["kitty"])
        if not spelled.keys() <= _ASCII.keys():  # a spelling of its own: count the cards
            seen = Counter(_cards(list(spelled.elements())))
            return list((_DECK - seen).elements())
        return [c for c, text, n in _DECK_SPELLED for _ in range(n - spelled[text])]

    def _lead(
        self,
        view: dict[str, JSON],
        seat: int,
        hand: list[Card],
        order: tricks.TrumpOrder,
        rules: tricks.TrickRules,
    ) -> tuple[Card, ...]:
        unseen = self._unseen(view, hand)
        leads = tricks.legal_leads(hand, order, rules, 30, unseen=unseen)
        top_unseen: dict[Any, int] = {}
        for card in set(unseen):
            suit, strength = order.info(card)
            if strength > top_unseen.get(suit, -1):
                top_unseen[suit] = strength
        best: tuple[float, tuple[Card, ...]] | None = None
        side_counts = Counter(order.suit_of(c) for c in hand if not order.is_trump(c))
        for lead in leads:
            score = self._lead_score(lead, order, rules, top_unseen, side_counts, len(hand))
            if best is None or score > best[0]:
                best = (score, lead)
        assert best is not None
        return best[1]

    @staticmethod
    def _lead_score(
        lead: Sequence[Card],
        order: tricks.TrumpOrder,
        rules: tricks.TrickRules,
        top_unseen: dict[Any, int],
        side_counts: Counter[Any],
        hand_size: int,
    ) -> float:
        first = lead[0]
        trump = order.is_trump(first)
        suit = order.suit_of(first)
        if len(lead) == 1 or (len(lead) == 2 and lead[0] == lead[1]):
            n_units = 1  # a single or a pair: no need to decompose
        else:
            n_units = len(tricks.decompose(lead, order, rules))
        # a unit is "safe" when no unseen card of its suit is stronger
        top = max(order.strength(c) for c in lead)
        safe = top_unseen.get(suit, -1) <= top
        size = len(lead)
        if n_units > 1:  # a throw offered by legal_leads is sure
            return 100 + size
        if safe:
            return 60 + size * 5 - (20 if trump and hand_size > 8 else 0)
        if trump:
            return -10 - order.strength(first) + (30 if hand_size <= 3 else 0)
        # a low side card of a short suit, without points
        pts = card_points(lead)
        return 10 - side_counts[suit] * 2 - pts - order.strength(first) * 0.3 + (size - 1) * 3

    def _follow(
        self,
        seat: int,
        hand: list[Card],
        plays: list[tuple[int, tuple[Card, ...]]],
        order: tricks.TrumpOrder,
        rules: tricks.TrickRules,
    ) -> tuple[Card, ...]:
        lead = tricks.classify_lead(plays[0][1], order, rules)
        follows = tricks.legal_follows(lead, hand, order, rules, 40)
        if not follows:
            return tricks.random_follow(lead, hand, order, rules, random.Random(0))
        winner = tricks.trick_winner(plays, order, rules)
        partner_wins = winner % 2 == seat % 2
        last = len(plays) == 3
        trick_points = sum(card_points(p) for _, p in plays)

        def value(cards: Sequence[Card]) -> float:
            """What the cards are worth keeping: trumps and high cards cost most."""
            v = 0.0
            for c in cards:
                v += order.strength(c) + (20 if order.is_trump(c) else 0)
            return v

        if partner_wins:
            strong = last or self._is_strong(plays, winner, order)
            if strong:
                # feed points to the partner, cheapest keep-value otherwise
                return max(follows, key=lambda f: (card_points(f), -value(f)))
            return min(follows, key=lambda f: (card_points(f), value(f)))
        winning = [
            f for f in follows if tricks.trick_winner([*plays, (seat, f)], order, rules) == seat
        ]
        if winning:
            cheapest = min(winning, key=lambda f: value(f) - card_points(f) * 2)
            ruff = not order.is_trump(plays[0][1][0]) and order.is_trump(cheapest[0])
            worth = trick_points > 0 or card_points(cheapest) > 0 or lead.size > 1
            if worth or (last and not ruff):
                return cheapest
        return min(follows, key=lambda f: card_points(f) * 3 + value(f))

    @staticmethod
    def _is_strong(
        plays: list[tuple[int, tuple[Card, ...]]], winner: int, order: tricks.TrumpOrder
    ) -> bool:
        """The winning play looks hard to beat: a trump, or an ace-high side play."""
        cards = dict(plays)[winner]
        return any(order.is_trump(c) for c in cards) or max(c.rank for c in cards) >= Rank.ACE
