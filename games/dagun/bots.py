"""Bot players for 打滚: a random-legal player and a heuristic player.

Both follow :class:`games.base.Player`. They read only ``game.view(seat)`` (own hand and public
state), the table options and the climbing functions of :mod:`games.climbing`, never another
seat's hand or the secret partner: a dealer's bot learns who its partner is like a person does.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from games.base import JSON, Action, Game
from games.cards import Card
from games.climbing import ClimbRules, Combo, HandCounts, Play, generate, pick_cards, readings
from games.dagun.deck import asc, card_of
from games.dagun.options import DagunOptions

__all__ = ["HeuristicPlayer", "RandomPlayer", "guess_friends"]


def _cards(raw: Sequence[str]) -> list[Card]:
    return [card_of(x) for x in raw]


def _rules(game: Game) -> ClimbRules:
    """The combination types of the table's options."""
    options = game.options
    assert isinstance(options, DagunOptions)
    return options.climb_rules()


def _combo_of(play: Mapping[str, JSON], game: Game) -> Combo:
    """The reading of a play the view shows (its cards and ``as``; remembered: the search
    bot's rollouts read the same plays again and again)."""
    rules = _rules(game)
    key = (tuple(play["cards"]), play["as"], rules)
    combo = _READ.get(key)
    if combo is None:
        combos = readings(_cards(play["cards"]), rules)
        combo = next(c for c in combos if c.key() == play["as"])
        if len(_READ) >= 20000:
            _READ.clear()
        _READ[key] = combo
    return combo


#: (cards as shown, reading, rules) -> the play's combination (a value: Combo is frozen)
_READ: dict[tuple[Any, ...], Combo] = {}


class RandomPlayer:
    """Declares 硬牌 with probability ``alone_rate`` (default 0.05), else plays a uniformly random
    legal action (passing included)."""

    def __init__(self, alone_rate: float = 0.05) -> None:
        if not 0.0 <= alone_rate <= 1.0:
            raise ValueError(f"alone_rate is a share from 0 to 1, not {alone_rate}")
        self.alone_rate = alone_rate

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        view = game.view(seat)
        if "declare_alone" in view["legal"]:
            kind = "declare_alone" if rng.random() < self.alone_rate else "pass"
            return Action(seat, kind)
        actions = game.legal_actions(seat)
        if not actions:
            raise RuntimeError(f"seat {seat} has nothing to do in phase {view['phase']}")
        return rng.choice(actions)


def guess_friends(view: Mapping[str, JSON]) -> dict[int, bool | None]:
    """Each other seat: a known teammate (True), a known or likely opponent (False), or unknown.

    Public knowledge only: revealed teams, 硬牌, one's own role (the partner knows the dealer),
    and the play so far: a seat that beats the dealer's plays is taken for the dealer's
    opponent, one that beats only the others' for the partner (once the evidence is 2 plays
    clear)."""
    seat = int(view["seat"])
    dealer = int(view["dealer"])
    others = [s for s in range(4) if s != seat]
    teams = view.get("teams")
    if teams:
        mine = next(t for t in teams if seat in t)
        return {s: s in mine for s in others}
    if view.get("you_are_partner"):
        return {s: s == dealer for s in others}
    # who beat whom, from this hand's plays
    against_dealer: Counter[int] = Counter()
    for_dealer: Counter[int] = Counter()
    last: int | None = None
    for entry in view.get("history") or []:
        if entry.get("pass"):
            continue
        s = int(entry["seat"])
        if last is not None and last != s:
            if last == dealer:
                against_dealer[s] += 1
            elif s != dealer:
                for_dealer[s] += 1
        last = s
    score = {s: for_dealer[s] - against_dealer[s] for s in range(4) if s != dealer}
    if seat == dealer:
        best = max(others, key=lambda s: score[s])
        clear = all(score[best] - score[s] >= 2 for s in others if s != best)
        return {s: (s == best) if clear else None for s in others}
    # not the dealer, not the partner: the dealer is an opponent; one of the two others too
    rest = [s for s in others if s != dealer]
    out: dict[int, bool | None] = {dealer: False}
    a, b = rest
    if score[a] - score[b] >= 2:
        out.update({a: False, b: True})
    elif score[b] - score[a] >= 2:
        out.update({a: True, b: False})
    else:
        out.update({a: None, b: None})
    return out


class HeuristicPlayer:
    """A sensible, never-illegal player.

    * plays alone (硬牌) only with a very strong hand (several bombs and jokers);
    * leads the play that sheds the most low cards without jokers, without breaking a bomb and,
      early, without points; goes out when one play empties the hand;
    * lets a known teammate's play stand (so that 接风 hands the lead to the partner);
    * beats an opponent as cheaply as it can, keeps its 2s and As for when points are on the
      table or an opponent is close to going out, and keeps bombs for points (15 or more on the
      table) or to stop an opponent with few cards;
    * as the hidden partner keeps the called card back while it can.
    """

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        view = game.view(seat)
        legal = view["legal"]
        if "declare_alone" in legal:
            return Action(seat, "declare_alone" if self._strong(view) else "pass")
        if "play" not in legal:
            actions = game.legal_actions(seat, limit=1)
            if not actions:
                raise RuntimeError(f"seat {seat} has nothing to do in phase {view['phase']}")
            return actions[0]
        hand = _cards(view["hand"])
        last = view["last_play"]
        target = _combo_of(last, game) if last else None
        rules = _rules(game)
        plays = generate(HandCounts.of(hand), rules, target)
        avoid = (
            card_of(view["called"])
            if view.get("you_are_partner") and not view["revealed"]
            else None
        )
        finishing = [p for p in plays if p.combo.size == len(hand)]
        if finishing:
            return self._act(seat, hand, finishing[0], avoid)
        counts = HandCounts.of(hand).counts
        if target is None:
            return self._act(seat, hand, self._lead(plays, counts, view), avoid)
        friends = guess_friends(view)
        stood = int(last["seat"])
        if friends.get(stood) is True:
            return Action(seat, "pass")
        choice = self._follow(plays, counts, view, stood)
        return Action(seat, "pass") if choice is None else self._act(seat, hand, choice, avoid)

    @staticmethod
    def _act(seat: int, hand: list[Card], play: Play, avoid: Card | None) -> Action:
        cards = pick_cards(hand, play, avoid)
        return Action(seat, "play", {"cards": asc(cards), "as": play.key})

    @staticmethod
    def _strong(view: Mapping[str, JSON]) -> bool:
        hand = _cards(view["hand"])
        counts = HandCounts.of(hand)
        bombs = sum(1 for c in counts.counts if c >= 4)
        top = counts.counts[11] + counts.counts[12]
        return counts.jokers >= 3 and bombs >= 3 and top >= 5

    @staticmethod
    def _cost(play: Play, counts: Sequence[int]) -> float:
        """How much a play spends: jokers, broken bombs, high ranks; shedding cards earns."""
        nat = dict(play.naturals)
        broken = sum(1 for i, n in nat.items() if counts[i] >= 4 and n < counts[i])
        top = max(nat) if nat else 0
        return 12 * play.jokers + 10 * broken + top - 1.5 * play.combo.size

    def _lead(self, plays: list[Play], counts: Sequence[int], view: Mapping[str, JSON]) -> Play:
        plain = [p for p in plays if not p.combo.is_bomb]
        if not plain:
            return plays[0]  # only bombs: the weakest
        points_penalty = {2: 2.0, 7: 3.0, 10: 3.0}  # 5, 10, K: do not offer points early

        def cost(p: Play) -> float:
            pts = sum(points_penalty.get(i, 0.0) * n for i, n in p.naturals)
            return self._cost(p, counts) + pts

        return min(plain, key=cost)

    def _follow(
        self, plays: list[Play], counts: Sequence[int], view: Mapping[str, JSON], stood: int
    ) -> Play | None:
        on_table = int(view["round_points"])
        close = int(view["hand_counts"][stood]) <= 5
        plain = [p for p in plays if not p.combo.is_bomb]
        if plain:
            best = min(plain, key=lambda p: self._cost(p, counts))
            high = best.combo.top >= 11 or best.jokers > 0
            if not high or on_table >= 10 or close:
                return best
            return None
        bombs = [p for p in plays if p.combo.is_bomb]
        if bombs and (on_table >= 15 or close):
            return min(bombs, key=lambda p: (p.combo.bomb_key(), p.jokers))
        return None
