"""Bot players for 打滚子: a random-legal player and a heuristic player.

Both read only ``game.view(seat)``, the table options and the legality functions, never
another seat's hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.base import JSON, Action, Game, IllegalAction
from games.cards import BIG_JOKER, Card, Suit
from games.dagunzi import rules as R
from games.dagunzi.deck import DECK_COUNT, asc, card_of, card_points
from games.tricks import TRUMP, TrumpOrder, classify_lead, legal_leads, trick_winner

__all__ = ["HeuristicPlayer", "RandomPlayer"]


def _cards(raw: Sequence[str]) -> list[Card]:
    return [card_of(x) for x in raw]


def _level(label: str) -> int:
    return 11 if label == "J" else int(label)


def _order(game: Game, view: dict[str, JSON]) -> TrumpOrder:
    suit = view["trump"]["suit"]
    assert suit is not None
    mixed = getattr(game, "mixed", None)
    return R.trump_order(_level(view["level"]), Suit(suit), mixed)


def _bang(game: Game) -> str:
    return str(getattr(game.options, "bang", "huobang"))


class RandomPlayer:
    """Plays a random legal action: a random follow (drawn without listing them all), 6 random
    non-joker cards to bury, else a uniform choice among the listed actions."""

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        view = game.view(seat)
        kinds = view["legal"]
        if "play" in kinds and view["trick"]["plays"]:
            order = _order(game, view)
            lead = classify_lead(_cards(view["trick"]["plays"][0]["cards"]), order, R.RULES)
            cards = R.random_dagunzi_follow(lead, _cards(view["hand"]), order, _bang(game), rng)
            return Action(seat, "play", {"cards": asc(list(cards))})
        if "bury" in kinds:
            hand = [c for c in _cards(view["hand"]) if not c.is_joker]
            return Action(seat, "bury", {"cards": asc(rng.sample(hand, 6))})
        actions = game.legal_actions(seat, limit=40)
        if not actions:
            raise RuntimeError(f"seat {seat} has nothing to do in phase {view['phase']}")
        choice = rng.choice(actions)
        if choice.kind == "bury_jokers":
            try:
                game.check(choice)  # the listed counts may not fit the (hidden) kitty
            except IllegalAction:
                return Action(seat, "pass")
        return choice


class HeuristicPlayer:
    """A sensible, never-illegal player.

    * grabs the first hand with a 大王; later declares a suit that gives it many trumps;
    * buries low side cards without points, emptying short suits; buries jokers only when
      its trumps look strong enough to hold the last trick;
    * leads units nobody can beat, else a low side card of a short suit; keeps trump 滚子
      for the end (the last trick doubles the kitty);
    * follows: feeds points to a partner who is winning, wins cheaply when the trick is
      worth it, else plays its least valuable cards.
    """

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        view = game.view(seat)
        kinds = view["legal"]
        if "play" in kinds:
            return self._play(game, seat, view)
        if "bury" in kinds:
            return self._bury(game, seat, view)
        if "bury_jokers" in kinds:
            return self._bury_jokers(game, seat, view)
        if "declare" in kinds:
            return self._declare(game, seat, view)
        actions = game.legal_actions(seat, limit=1)
        if not actions:
            raise RuntimeError(f"seat {seat} has nothing to do in phase {view['phase']}")
        return actions[0]

    # ---------------------------------------------------------------- declaring
    def _declare(self, game: Game, seat: int, view: dict[str, JSON]) -> Action:
        options = [a for a in game.legal_actions(seat) if a.kind == "declare"]
        if not options:
            return Action(seat, "pass")
        if view["grab"]:
            return options[0]  # dealing first is worth it
        standing = view["standing"]
        if standing is not None and standing["seat"] % 2 == seat % 2:
            return Action(seat, "pass")  # our side's declaration stands
        hand = _cards(view["hand"])
        level = _level(view["level"])

        def share(act: Action) -> float:
            suit = (
                Suit(act.data["suit"]) if "suit" in act.data else _cards(act.data["cards"])[0].suit
            )
            n = sum(1 for c in hand if c.is_joker or int(c.rank) in (2, level) or c.suit == suit)
            return n / max(1, len(hand))

        best = max(options, key=share)
        dealt = len(hand)
        threshold = 0.4 if dealt >= 15 else 0.5
        return best if share(best) >= threshold or dealt >= 36 else Action(seat, "pass")

    # ------------------------------------------------------------------ the kitty
    def _bury(self, game: Game, seat: int, view: dict[str, JSON]) -> Action:
        order = _order(game, view)
        hand = _cards(view["hand"])
        side = [c for c in hand if not order.is_trump(c)]
        by_suit = Counter(order.suit_of(c) for c in side)
        copies = Counter(side)

        def cost(card: Card) -> tuple[int, int, int, int]:
            return (
                card.points,
                int(order.strength(card) >= 9) + 2 * int(copies[card] >= 2),
                by_suit[order.suit_of(card)],
                order.strength(card),
            )

        chosen = sorted(side, key=cost)[:6]
        if len(chosen) < 6:
            rest = Counter(c for c in hand if not c.is_joker) - Counter(chosen)
            extra = sorted(rest.elements(), key=lambda c: (order.is_trump(c), order.strength(c)))
            chosen += extra[: 6 - len(chosen)]
        return Action(seat, "bury", {"cards": asc(chosen)})

    def _bury_jokers(self, game: Game, seat: int, view: dict[str, JSON]) -> Action:
        """Bury one joker only with a long, high trump holding (it must hold the last trick)."""
        order = _order(game, view)
        hand = _cards(view["hand"])
        trumps = [c for c in hand if order.is_trump(c)]
        dealer_side = seat in (view["dealer_team"] or [])
        big = Counter(hand)[BIG_JOKER]
        if dealer_side and len(trumps) >= 20 and big >= 2:
            return Action(seat, "bury_jokers", {"cards": ["BJ"]})
        return Action(seat, "pass")

    # ------------------------------------------------------------------- playing
    def _play(self, game: Game, seat: int, view: dict[str, JSON]) -> Action:
        order = _order(game, view)
        hand = _cards(view["hand"])
        plays = [(p["seat"], tuple(_cards(p["cards"]))) for p in view["trick"]["plays"]]
        if not plays:
            cards = self._lead(view, hand, order)
        else:
            cards = self._follow(game, seat, hand, plays, order)
        return Action(seat, "play", {"cards": asc(list(cards))})

    @staticmethod
    def _unseen(view: dict[str, JSON], hand: Sequence[Card]) -> Counter[Card]:
        seen = Counter(hand)
        for trick in [*view["tricks"], view["trick"]]:
            for play in trick["plays"]:
                seen.update(_cards(play["cards"]))
        if view["kitty"]:
            seen.update(_cards(view["kitty"]))
        return DECK_COUNT - seen

    def _lead(self, view: dict[str, JSON], hand: list[Card], order: TrumpOrder) -> tuple[Card, ...]:
        unseen = self._unseen(view, hand)
        top: dict[Any, int] = {}
        for card in unseen:
            suit, strength = order.info(card)
            top[suit] = max(top.get(suit, -1), strength)
        side_counts = Counter(order.suit_of(c) for c in hand if not order.is_trump(c))
        endgame = len(hand) <= 6
        best: tuple[float, tuple[Card, ...]] | None = None
        score: float
        for lead in legal_leads(hand, order, R.RULES):
            first = lead[0]
            suit, strength = order.info(first)
            trump = suit == TRUMP
            size = len(lead)
            safe = top.get(suit, -1) <= strength
            if safe and not (trump and size == 3 and not endgame):
                score = 60 + size * 6 + card_points(lead) - (15 if trump and not endgame else 0)
            elif trump:
                score = -20 - strength + (40 if endgame else 0)
            else:
                score = 10 - side_counts[suit] * 2 - card_points(lead) - strength * 0.5
                score += (size - 1) * 2
            if best is None or score > best[0]:
                best = (score, lead)
        assert best is not None
        return best[1]

    def _follow(
        self,
        game: Game,
        seat: int,
        hand: list[Card],
        plays: list[tuple[int, tuple[Card, ...]]],
        order: TrumpOrder,
    ) -> tuple[Card, ...]:
        lead = classify_lead(plays[0][1], order, R.RULES)
        follows = R.dagunzi_follows(lead, hand, order, _bang(game), 30)
        winner = trick_winner(plays, order, R.RULES)
        partner_wins = winner % 2 == seat % 2
        last = len(plays) == 3
        trick_points = sum(card_points(p) for _, p in plays)
        final = len(hand) == lead.size

        def value(cards: Sequence[Card]) -> float:
            return sum(order.strength(c) + (25 if order.is_trump(c) else 0) for c in cards)

        if partner_wins and (last or self._strong(plays, winner, order)):
            return max(follows, key=lambda f: (card_points(f), -value(f)))
        if not partner_wins or final:
            winning = [
                f for f in follows if trick_winner([*plays, (seat, f)], order, R.RULES) == seat
            ]
            if winning and not partner_wins:
                cheapest = min(winning, key=lambda f: value(f) - card_points(f) * 2)
                if trick_points > 0 or card_points(cheapest) > 0 or final or lead.size > 1:
                    return cheapest
        return min(follows, key=lambda f: card_points(f) * 3 + value(f))

    @staticmethod
    def _strong(plays: list[tuple[int, tuple[Card, ...]]], winner: int, order: TrumpOrder) -> bool:
        cards = dict(plays)[winner]
        return any(order.is_trump(c) for c in cards) or max(c.rank for c in cards) >= 14
