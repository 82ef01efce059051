"""What a decision cost, in the game's own points: the measure behind the review of one's own play
(issue 24), the same for every game, with each game's part given as an :class:`Evaluator`.

At a decision of ``seat``, two moves are compared: the one the seat played and the one the strong
bot would have played. The measure

1. samples a *world* (确定化): a copy of the game with everything the seat could not see at that
   moment (the other hands, a hidden kitty, the wall, other seats' private claims) dealt afresh,
   consistently with the seat's view; the game's ``sample`` (the strong bots' samplers);
2. plays each of the two moves in that world and finishes the hand with the game's heuristic in
   every seat, the two lines with the same random source (common random numbers: the
   difference is the moves', not the luck's);
3. scores each finished hand with the game's ``score``: what the hand gave the seat's side, in
   the game's own unit (card points won or lost, coins, mahjong points), and where the game
   gives one, a second figure of the hand's result (``result``: levels);
4. repeats over new worlds, at most ``worlds`` of them and, when ``work`` is given, while one
   more world (as long as the mean world so far) keeps the rollout moves within ``work`` (the
   budget is counted in moves, not timed: the same state and seed give the same cost on any
   machine); at least :data:`MIN_WORLDS` when the sampler allows.

The :class:`Cost` is the mean, over the worlds, of the bot's line's score less the played line's
(positive: the move played cost that much), with its standard error, so a reader can tell a cost
from the noise (:attr:`Cost.even`). Nothing of the real game's hidden cards enters a world (the
game's sampler keeps only the view), so the cost depends only on what the seat saw and the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from games.base import Action, Game, Player
from games.search import clone, finish_hand

__all__ = ["MIN_WORLDS", "Cost", "Evaluator", "measure"]

#: worlds sampled for a cost even when the budget is spent (a mean needs two to have a spread)
MIN_WORLDS = 2


@dataclass(frozen=True)
class Evaluator:
    """A game's part in :func:`measure` (``EVALUATOR`` of a game's package).

    Attributes:
        sample: ``(game, seat, rng) -> world`` or ``None`` where it cannot sample (a phase it
            does not handle): a copy of ``game`` holding nothing the seat cannot see.
        score: ``(world after the hand, seat) -> float``: what the hand gave the seat's side,
            in ``unit``.
        rollout: the game's heuristic bot (the factory), which finishes the hand in every seat.
        unit: the catalogue's word for the unit: ``"points"`` or ``"coins"``.
        result: ``(world after the hand, seat) -> float``: a second figure of the hand's result
            for the seat's side (levels gained, less levels the other side gained), or ``None``.
        result_unit: its word (``"levels"``).
        even: a cost smaller than this (in ``unit``) reads "about even".
        work: rollout moves for the costs of a whole hand's review (about 3 s of CPU).
        worlds: at most this many worlds for one decision.
    """

    sample: Callable[[Game, int, random.Random], Game | None]
    score: Callable[[Game, int], float]
    rollout: Callable[[], Player]
    unit: str
    result: Callable[[Game, int], float] | None = None
    result_unit: str | None = None
    even: float = 1.0
    work: int = 8000
    worlds: int = 16


@dataclass(frozen=True)
class Cost:
    """What a move cost the seat's side, by :func:`measure`.

    ``value``: the mean over ``worlds`` of the bot's line less the played line, in ``unit``
    (negative: the move played did better in the sampled worlds); ``error``: its standard error
    (0 when every world agreed); ``even_below``: the game's threshold of "about even";
    ``result``: the same mean for the hand's result (``result_unit``), or ``None``; ``plies``:
    the rollout moves it took (the budget's count)."""

    value: float
    error: float
    worlds: int
    unit: str
    even_below: float = 1.0
    result: float | None = None
    result_unit: str | None = None
    plies: int = 0

    @property
    def even(self) -> bool:
        """True when the cost is small (under ``even_below``) or its sign is uncertain (its
        size within one standard error, or a single world)."""
        size = abs(self.value)
        return size < self.even_below or size <= self.error or self.worlds < MIN_WORLDS


def _finished(
    ev: Evaluator, world: Game, move: Action, seat: int, rollout_seed: int
) -> tuple[float, float, int]:
    """``move`` played in ``world`` (a copy is made) and the hand finished by the heuristic:
    ``(score, result, plies)``. Raises ``RuntimeError`` when the hand does not finish."""
    trial = clone(world)
    start = len(trial.hand_results)
    trial.apply(move)
    plies = 1
    if len(trial.hand_results) == start and not trial.is_over:
        players = [ev.rollout() for _ in range(trial.seat_count)]
        plies += finish_hand(trial, players, random.Random(rollout_seed))
    if len(trial.hand_results) == start:
        raise RuntimeError("the hand did not finish")
    result = ev.result(trial, seat) if ev.result is not None else 0.0
    return float(ev.score(trial, seat)), float(result), plies


def measure(
    ev: Evaluator,
    game: Game,
    seat: int,
    played: Action,
    other: Action,
    *,
    seed: str | int,
    worlds: int | None = None,
    work: int | None = None,
) -> Cost | None:
    """The cost of ``played`` against ``other`` (both moves of ``seat`` in ``game``), see the
    module docstring; ``None`` when no world can be sampled here, or a move does not fit one."""
    most = max(1, worlds if worlds is not None else ev.worlds)
    seeds = random.Random(f"cost:{seed}")
    diffs: list[float] = []
    results: list[float] = []
    plies = 0
    try:
        for n in range(1, most + 1):
            world = ev.sample(game, seat, random.Random(seeds.getrandbits(64)))
            if world is None:
                break
            rollout_seed = seeds.getrandbits(64)
            mine = _finished(ev, world, other, seat, rollout_seed)
            theirs = _finished(ev, world, played, seat, rollout_seed)
            plies += mine[2] + theirs[2]
            diffs.append(mine[0] - theirs[0])
            results.append(mine[1] - theirs[1])
            if work is not None and n >= MIN_WORLDS and plies * (n + 1) / n > work:
                break
    except Exception:  # a move that does not fit a world: no measure rather than a wrong one
        return None
    if not diffs:
        return None
    n = len(diffs)
    mean = sum(diffs) / n
    error = (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
    return Cost(
        value=mean,
        error=error,
        worlds=n,
        unit=ev.unit,
        even_below=ev.even,
        result=sum(results) / n if ev.result is not None else None,
        result_unit=ev.result_unit if ev.result is not None else None,
        plies=plies,
    )
