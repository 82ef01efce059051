"""A search bot for any game: determinized flat Monte Carlo (perfect-information Monte Carlo,
"PIMC", the simplest member of the information-set search family), with a heuristic bot as
the rollout policy.

For a decision worth thinking about, the bot

1. lists candidate moves: the game's most useful legal moves (``legal_actions``) and the
   heuristic's own choice;
2. samples a *world* (确定化, a determinization): a copy of the game in which everything the
   seat cannot see (the other hands, a hidden kitty, the wall) is replaced by a random deal
   consistent with its view. How to sample is the game's part (``determinize``);
3. plays each candidate in that world and finishes the hand with the heuristic in every seat
   (the rollout), scoring the end with the game's ``value`` for the seat;
4. repeats with new worlds (the same world for every candidate: common random numbers, so the
   comparison is between the moves, not the deals) until ``rollouts`` worlds, or ``work``
   rollout moves (the deterministic budget: the same state and random source give the same
   choice on any machine), or, as a safety net on a machine much slower than the one the work
   was measured on, ``budget_ms`` of CPU time. After a quarter and after half of the worlds
   the worse half of the candidates is dropped (successive halving), so the later worlds go
   to the moves still in question;
5. keeps the heuristic's move unless another one beats it *with confidence*: its mean gain
   over the heuristic's move, world by world, less one standard error, is above zero (and the
   gain above 0.02). So a few worlds' noise does not make it play worse than the heuristic;
   more worlds let it leave the heuristic more often.

Forced moves (one candidate) and decisions the game does not search (``searchable`` False:
declaring, burying ...) are the heuristic's at once. The choice depends only on the view,
the public options and ``rng``: a world never keeps a hidden card of the real game, which
``tests/bots/test_hidden.py`` checks by swapping the hidden cards.

Sources: Ginsberg, "GIB: Imperfect information in a computationally challenging game" (JAIR
2001) for PIMC in a trick-taking game; Cowling, Powley & Whitehouse, "Information Set Monte
Carlo Tree Search" (IEEE TCIAIG 2012) for the family and its known limits (strategy fusion).
"""

from __future__ import annotations

import copy
import enum
import random
import time
from collections.abc import Callable
from typing import Any

from games.base import Action, Game, Player
from games.cards import Card
from games.reasons import SearchNote
from games.tricks.order import TrumpOrder
from games.tricks.rules import TrickRules

__all__ = ["SearchPlayer", "finish_hand", "in_play"]

#: a rollout that has not ended the hand after this many moves is abandoned (a bot bug)
_MAX_ROLLOUT = 3000
#: how many standard errors a move's mean gain over the heuristic's move must clear
_CONFIDENCE = 1.0
#: and the least mean gain worth a change (in the game's value units)
_MIN_GAIN = 0.02


def finish_hand(game: Game, players: list[Player], rng: random.Random) -> int:
    """Play ``game`` (a world) until the current hand's result is in or the match is over;
    return the number of moves played.

    Required decisions only: table steps at once, seats by ``players``; optional decisions
    are left (bots pass on them in the phases searched). Raises ``RuntimeError`` past 3000
    moves.
    """
    start = len(game.hand_results)
    moves = 0
    while len(game.hand_results) == start and not game.is_over:
        required = [d for d in game.pending() if d.required]
        if not required:
            return moves
        decision = required[0]
        if decision.seat is None:
            step = game.table_action()
            assert step is not None
            game.apply(step)
        else:
            game.apply(players[decision.seat].choose(game, decision.seat, rng))
        moves += 1
        if moves > _MAX_ROLLOUT:
            raise RuntimeError("a rollout did not end the hand")
    return moves


def clone(game: Game) -> Game:
    """A deep copy of ``game`` that shares its (immutable) recorded actions.

    The same copy as ``copy.deepcopy`` (aliasing kept: a list held twice is copied once),
    only faster for what an engine's state is made of: values that never change (cards,
    enums, numbers, strings, a frozen trump order or rule set) are shared rather than
    rebuilt, and lists, dicts, sets and tuples are copied without ``copy``'s dispatch. Any
    other object goes through ``copy.deepcopy`` with the same memo.
    """
    memo: dict[int, Any] = {id(game.actions): list(game.actions)}
    cls = type(game)
    world = cls.__new__(cls)
    memo[id(game)] = world
    world.__dict__.update({k: _copy(v, memo) for k, v in game.__dict__.items()})
    return world


#: types whose values never change: a copy shares them (``copy.deepcopy`` rebuilds a card)
_SHARED: set[type] = {int, float, str, bool, type(None), Card, TrumpOrder, TrickRules}


def _copy(x: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(x, memo)``, sharing the values of :data:`_SHARED` and enums."""
    cls = type(x)
    if cls in _SHARED:
        return x
    found = memo.get(id(x))
    if found is not None:
        return found
    if cls is list:
        out: Any = []
        memo[id(x)] = out
        out.extend([_copy(v, memo) for v in x])
        return out
    if cls is dict:
        out = {}
        memo[id(x)] = out
        for k, v in x.items():
            out[_copy(k, memo)] = _copy(v, memo)
        return out
    if cls is tuple:
        items = tuple([_copy(v, memo) for v in x])
        if all(a is b for a, b in zip(items, x, strict=True)):
            return x
        memo[id(x)] = items
        return items
    if cls is set:
        out = {_copy(v, memo) for v in x}
        memo[id(x)] = out
        return out
    if isinstance(x, enum.Enum):
        return x
    return copy.deepcopy(x, memo)


def in_play(game: Game, seat: int) -> bool:
    """True while the cards are played (phase ``play``): the decisions a search bot searches;
    declaring, burying and the rest stay with the heuristic."""
    return getattr(game, "phase", None) == "play"


class SearchPlayer:
    """The search bot (see the module docstring).

    Args:
        heuristic: factory of the game's heuristic bot (fallback and rollout policy).
        determinize: ``(game, seat, rng) -> world`` or ``None`` when it cannot sample (then the
            heuristic decides). The world must hold nothing the seat cannot see of the real game.
        value: ``(finished world, seat) -> float``, larger is better for the seat (its team).
        searchable: ``(game, seat) -> bool``: whether this decision is searched (default
            :func:`in_play`).
        rollouts: worlds per decision (at most).
        work: rollout moves per decision (all candidates' together), or ``None``: no new
            world is started when one more, as long as the mean world so far, would pass it.
            This is the budget that binds at the table: it is counted, not timed, so the
            choice depends only on the state and ``rng`` (the host derives ``rng`` from the
            game's seed and move number). A game's default is measured to take about 0.75 s
            of CPU at p95 (issue 22: at most 1 s a move).
        budget_ms: CPU milliseconds per decision (``time.process_time``), the same way: the
            safety net on a slower machine (where it binds, the choice depends on the speed).
        candidates: at most this many of ``legal_actions`` are compared (plus the heuristic's).
        moves: ``(game, seat, candidates) -> actions``: the moves compared besides the
            heuristic's (default: ``game.legal_actions(seat, limit=candidates)``); a game whose
            legal list is ordered for another use gives its own (扒鸡窝's leads, one per suit).
        confidence: how many standard errors a move's mean gain must clear (default 1).
        plan_halving: halve at a quarter and half of the worlds the ``work`` affords (read
            from the first world's rollouts) rather than of ``rollouts``: when the work binds
            before ``rollouts // 4`` worlds, as it does on the first tricks of a long hand
            with many candidates, the moves are still narrowed down (default off).
    """

    def __init__(
        self,
        heuristic: Callable[[], Player],
        determinize: Callable[[Game, int, random.Random], Game | None],
        value: Callable[[Game, int], float],
        searchable: Callable[[Game, int], bool] = in_play,
        rollouts: int = 24,
        budget_ms: int = 1000,
        candidates: int = 8,
        work: int | None = None,
        moves: Callable[[Game, int, int], list[Action]] | None = None,
        confidence: float = _CONFIDENCE,
        plan_halving: bool = False,
    ) -> None:
        if rollouts < 1 or budget_ms < 1 or candidates < 1 or (work is not None and work < 1):
            raise ValueError("rollouts, budget_ms, candidates and work must be at least 1")
        self.heuristic = heuristic
        self.fallback = heuristic()
        self.determinize = determinize
        self.value = value
        self.searchable = searchable
        self.rollouts = rollouts
        self.budget_ms = budget_ms
        self.candidates = candidates
        self.work = work
        self.moves = moves
        self.confidence = confidence
        self.plan_halving = plan_halving
        #: what the last searched decision found (the hint's reason), else ``None``
        self.last: SearchNote | None = None
        # after a quarter and after half of the worlds, the worse half of the moves is dropped
        self._halvings = {max(2, rollouts // 4), max(3, rollouts // 2)}

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        """The heuristic's move, or one that beats it with confidence (see the module
        docstring)."""
        self.last = None
        own = self.fallback.choose(game, seat, rng)
        if not self.searchable(game, seat):
            return own
        moves = [Action(seat, own.kind, dict(own.data))]
        listed = (
            self.moves(game, seat, self.candidates)
            if self.moves is not None
            else game.legal_actions(seat, limit=self.candidates)
        )
        for act in listed:
            if act not in moves:
                moves.append(act)
        if len(moves) == 1:
            return own
        # diffs[i][w]: move i's value minus the heuristic move's, in world w (paired samples)
        diffs: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        start = time.process_time()
        plies = 0
        seeds = random.Random(rng.getrandbits(64))
        halvings = self._halvings
        for worlds in range(1, self.rollouts + 1):
            world_rng = random.Random(seeds.getrandbits(64))
            rollout_seed = seeds.getrandbits(64)
            world = self.determinize(game, seat, world_rng)
            if world is None:
                break
            values: dict[int, float] = {}
            for n, i in enumerate(alive):
                trial = clone(world) if n < len(alive) - 1 else world
                trial.apply(moves[i])
                players = [self.heuristic() for _ in range(trial.seat_count)]
                plies += 1 + finish_hand(trial, players, random.Random(rollout_seed))
                values[i] = self.value(trial, seat)
            for i in alive:
                diffs[i].append(values[i] - values[0])
            elapsed = (time.process_time() - start) * 1000
            # stop when one more world (about as long as the mean so far) would overrun
            if elapsed * (worlds + 1) / worlds >= self.budget_ms:
                break
            if self.work is not None and plies * (worlds + 1) / worlds >= self.work:
                break
            if worlds == 1 and self.plan_halving and self.work is not None:
                # the worlds the work affords with every move in each (halving about doubles it)
                afford = 2 * self.work // max(1, plies)
                planned = max(2, min(self.rollouts, afford))
                halvings = {max(2, planned // 4), max(3, planned // 2)}
            if worlds in halvings and len(alive) > 2:
                # successive halving: the worlds left go to the better half of the moves (the
                # heuristic's move stays, as the yardstick)
                ranked = sorted(alive[1:], key=lambda i: -sum(diffs[i]))
                alive = [0, *sorted(ranked[: max(1, len(ranked) // 2)])]
        best, best_gain = 0, 0.0
        for i in alive[1:]:
            gain = _confident_gain(diffs[i], self.confidence)
            if gain > best_gain:
                best, best_gain = i, gain
        self.last = SearchNote(
            worlds=len(diffs[0]),
            heuristic=moves[0] if best else None,
            better_in=sum(1 for d in diffs[best] if d > 0),
        )
        return moves[best]


def _confident_gain(diffs: list[float], confidence: float = _CONFIDENCE) -> float:
    """The mean of ``diffs`` less ``confidence`` standard errors, or 0 when that is not above
    ``_MIN_GAIN`` (too few worlds, or a gain within the noise)."""
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    low = mean - confidence * (var / n) ** 0.5
    return low if mean >= _MIN_GAIN and low > 0 else 0.0
