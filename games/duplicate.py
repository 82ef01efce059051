"""Duplicate matches (复式赛): one bot kind against another on the same deals, so that the cards
cancel out and what is left is the difference in play.

Any game of :mod:`games.registry` is played the same way; nothing here names a game:

* **Partnership games** (``GameSpec.fixed_partners``: 扒鸡窝, 打滚子): each deal is played twice,
  the challenger's pair at seats 0 & 2 and then at 1 & 3, the baseline in the other seats. The
  measure is the challenger's share of the games won (a deal's value is 0, 0.5 or 1: the mean of
  its two games; a tie counts half).
* **Free-for-all games** (打滚, 金坛, 金华): one challenger against three baseline bots, rotated
  through all four seats on the same deal. The measure is the challenger's score per hand minus
  the mean of the baseline seats' scores (打滚: coins, mahjong: points), a deal's value being the
  mean over its four rotations.

Every game is a one-hand match (the game's ``quick`` preset, else ``match=one_hand``); a game
with a ``deal`` option is dealt ``all_at_once``, as at a table that is not live. The winner and
the scores are the :class:`~games.base.MatchResult`'s ranks and scores of that one-hand match.

Determinism: the deal seeds and each game's random source come from ``seed`` alone, and both
plays of a deal (or its four rotations) use the same random source, so identical bots play
identical games and a deal's value is then exactly 0.5 (partnerships) or 0 (free-for-all).
Deals may run in several processes (``workers``); the result does not depend on how many.

The 95% confidence interval is the normal one over the deals' values (mean ± 1.96·s/√n,
:func:`interval`); the deals are independent, the plays within a deal are not, which is why a
deal is the unit.

Runs add up: the deals of a seed are numbered 1, 2, … (:func:`deal_seeds`), ``skip`` starts a
run after the first ``skip`` of them, so a run with ``skip=N`` plays exactly the deals N+1, …
that a longer run from the start would have played next, and ``on_deal`` hands each finished
deal over as it ends (a benchmark writes it down, :mod:`games.duplicate_pool` pools such
records from several runs).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from games.base import Action, Game, Player
from games.registry import get_game

__all__ = [
    "DealOutcome",
    "DuplicateResult",
    "deal_game",
    "deal_seeds",
    "interval",
    "p95",
    "play_deal",
    "play_decisions",
    "play_one_hand",
    "run_duplicate",
]

#: z for a two-sided 95% normal interval
_Z95 = 1.959964
#: a hand that has not ended after this many actions is a bug in a bot or an engine
_MAX_ACTIONS = 5000


class _Timed:
    """A player that records the CPU milliseconds (``time.process_time``) of each choice."""

    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        start = time.process_time()
        action = self.inner.choose(game, seat, rng)
        self.times.append((time.process_time() - start) * 1000)
        return action


def play_one_hand(game: Game, players: Sequence[Player], rng: random.Random) -> None:
    """Play a one-hand match to its end with ``players[seat]`` for each seat.

    Table steps (``seat=None``) are applied at once. An optional decision (``required=False``)
    is offered to its seat's bot once per state, as the host does; a ``pass``, an illegal
    answer or a bot's error on it means "not now" (mahjong's standing choices are such a
    decision that bots never take). Raises ``RuntimeError`` when the match has not ended after
    5000 actions or nothing can move.
    """
    asked: set[tuple[int, int]] = set()
    while not game.is_over:
        if len(game.actions) > _MAX_ACTIONS:
            raise RuntimeError(f"the hand did not end within {_MAX_ACTIONS} actions")
        state = len(game.actions)
        pending = game.pending()
        moved = False
        for decision in pending:
            seat = decision.seat
            if seat is None or decision.required or (state, seat) in asked:
                continue
            asked.add((state, seat))
            try:
                choice = players[seat].choose(game, seat, rng)
                if choice.kind == "pass":
                    continue
                game.apply(choice)
            except Exception:  # as the host: a failed optional answer means "not now"
                continue
            moved = True
            break
        if moved:
            continue
        required = [d for d in pending if d.required]
        if not required:
            raise RuntimeError("nothing is pending but the match is not over")
        decision = required[0]
        if decision.seat is None:
            step = game.table_action()
            assert step is not None
            game.apply(step)
        else:
            game.apply(players[decision.seat].choose(game, decision.seat, rng))


def play_decisions(game: Game, player: Player, rng: random.Random) -> Iterator[int]:
    """Play ``game`` to its end with ``player`` in every seat, yielding the seat of each seat
    decision just before ``player`` answers it: ``game`` is then at that decision (copy it to
    keep it; stop iterating to leave it there). Table steps are applied at once; only required
    decisions are asked (as in a rollout, :func:`games.search.finish_hand`)."""
    while not game.is_over:
        decision = next(d for d in game.pending() if d.required)
        if decision.seat is None:
            step = game.table_action()
            assert step is not None
            game.apply(step)
            continue
        yield decision.seat
        game.apply(player.choose(game, decision.seat, rng))


def deal_game(
    game_key: str, seed: int, deal: int, options: Mapping[str, Any] | None = None
) -> tuple[Game, random.Random]:
    """Deal number ``deal`` (from 1) of a run of ``seed`` as :func:`play_deal` starts each of its
    plays: the one-hand game (:func:`deal_seeds`, the one-hand options plus ``options``) and its
    random source. Raises ``ValueError`` for a deal below 1, ``UnknownGame`` for a game."""
    if deal < 1:
        raise ValueError(f"deals are numbered from 1, not {deal}")
    engine = get_game(game_key).engine()
    deal_seed, rng_seed = deal_seeds(seed, deal)[deal - 1]
    opts = engine.options_type.from_dict(_one_hand_options(engine, options or {}))
    return engine(deal_seed, opts), random.Random(rng_seed)


def _one_hand_options(engine: type[Game], extra: Mapping[str, Any]) -> dict[str, Any]:
    """The options of a one-hand match dealt all at once, plus ``extra``."""
    names = {d["name"]: d for d in engine.options_type.describe()}
    opts: dict[str, Any] = dict(engine.presets.get("quick") or {"match": "one_hand"})
    deal = names.get("deal")
    if deal is not None and "all_at_once" in (deal["choices"] or ()):
        opts["deal"] = "all_at_once"
    opts.update(extra)
    return opts


@dataclass(frozen=True)
class DealOutcome:
    """One deal's plays.

    Attributes:
        value: the deal's value (share won 0..1, or score difference per hand).
        challenger_ms: CPU ms of each of the challenger's choices.
        deal_ins: ``{"challenger": n, "baseline": n}``: hands in which a seat of that kind
            discarded the tile another seat won on (only where results list ``wins``).
        seat_hands: ``{"challenger": n, "baseline": n}``: seat-hands played by each kind.
        lists_wins: the game's hand results list ``wins`` (with the seat each came ``from``).
    """

    value: float
    challenger_ms: tuple[float, ...]
    deal_ins: dict[str, int] = field(default_factory=dict)
    seat_hands: dict[str, int] = field(default_factory=dict)
    lists_wins: bool = False


def _arrangements(partners: bool) -> list[tuple[int, ...]]:
    """The challenger's seats in each play of a deal."""
    return [(0, 2), (1, 3)] if partners else [(0,), (1,), (2,), (3,)]


def play_deal(
    game_key: str,
    challenger: str,
    baseline: str,
    deal_seed: int,
    rng_seed: int,
    options: Mapping[str, Any] | None = None,
    challenger_args: Mapping[str, Any] | None = None,
) -> DealOutcome:
    """Play one deal duplicate: the plays described in the module docstring.

    ``challenger`` and ``baseline`` are bot kinds of the game (``BOTS`` keys);
    ``challenger_args`` are keyword arguments for the challenger's factory (e.g. a search
    bot's budget). Raises
    ``KeyError`` for an unknown kind, :class:`~games.registry.UnknownGame` for an unknown game.
    """
    spec = get_game(game_key)
    engine = spec.engine()
    factories = spec.bots()
    make_baseline = factories[baseline]

    def make_challenger() -> Player:
        return factories[challenger](**dict(challenger_args or {}))

    opts = engine.options_type.from_dict(_one_hand_options(engine, options or {}))
    partners = spec.fixed_partners
    times: list[float] = []
    values: list[float] = []
    deal_ins = {"challenger": 0, "baseline": 0}
    seat_hands = {"challenger": 0, "baseline": 0}
    lists_wins = False
    for seats in _arrangements(partners):
        players: list[Player] = [
            _Timed(make_challenger(), times) if s in seats else make_baseline()
            for s in range(engine.seat_count)
        ]
        game = engine(deal_seed, opts)
        play_one_hand(game, players, random.Random(rng_seed))
        result = game.match_result
        assert result is not None
        for s in range(engine.seat_count):
            seat_hands["challenger" if s in seats else "baseline"] += 1
        for hand in game.hand_results:
            wins = hand.summary.get("wins")
            if wins is None:
                continue
            lists_wins = True
            # one deal-in per hand even when several seats win on the same discard (一炮多响)
            for s in {w["from"] for w in wins if w.get("from") is not None}:
                deal_ins["challenger" if s in seats else "baseline"] += 1
        if partners:
            ours = next(i for i, team in enumerate(result.teams) if seats[0] in team)
            best = min(result.ranks)
            winners = [i for i, r in enumerate(result.ranks) if r == best]
            values.append((1.0 / len(winners)) if ours in winners else 0.0)
        else:
            by_seat = {
                team[0]: score for team, score in zip(result.teams, result.scores, strict=True)
            }
            mine = by_seat[seats[0]]
            others = [v for s, v in by_seat.items() if s not in seats]
            values.append(mine - sum(others) / len(others))
    return DealOutcome(statistics.fmean(values), tuple(times), deal_ins, seat_hands, lists_wins)


@dataclass(frozen=True)
class DuplicateResult:
    """A duplicate match's figures.

    Attributes:
        game, challenger, baseline, seed: what was played.
        measure: ``"share_won"`` (partnership games) or ``"score_diff"`` (score per hand).
        deals: number of deals (each played 2 or 4 times).
        value: mean of the deals' values; ``ci_low``/``ci_high`` its 95% interval.
        move_p95_ms: 95th percentile of the challenger's CPU ms per choice.
        deal_in: ``{"challenger": rate, "baseline": rate}``, deal-ins per seat-hand, or ``None``
            for a game whose results list no ``wins``.
        values: each deal's value, in deal order.
        skip: the seed's deals skipped before the first one played (deal ``skip + 1``).
    """

    game: str
    challenger: str
    baseline: str
    seed: int
    measure: str
    deals: int
    value: float
    ci_low: float
    ci_high: float
    move_p95_ms: float
    deal_in: dict[str, float] | None
    values: tuple[float, ...]
    skip: int = 0


def p95(times: Sequence[float]) -> float:
    """The 95th percentile of ``times`` (the nearest-rank one), 0 for none."""
    if not times:
        return 0.0
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, ci_low, ci_high)``: the mean of the deals' ``values`` and its normal 95%
    interval (mean ± 1.96·s/√n; no width for a single deal). Raises ``ValueError`` for none."""
    if not values:
        raise ValueError("no deals to pool")
    mean = statistics.fmean(values)
    half = _Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def deal_seeds(seed: int, deals: int) -> list[tuple[int, int]]:
    """``(deal seed, random-source seed)`` of the first ``deals`` deals of ``seed``, from
    ``seed`` alone (deal number n is item n - 1): a longer list begins with a shorter one."""
    source = random.Random(f"duplicate:{seed}")
    return [(source.getrandbits(63), source.getrandbits(63)) for _ in range(deals)]


def run_duplicate(
    game_key: str,
    challenger: str,
    baseline: str,
    deals: int,
    seed: int = 2026,
    workers: int = 1,
    options: Mapping[str, Any] | None = None,
    challenger_args: Mapping[str, Any] | None = None,
    cpu_s: float | None = None,
    progress: Callable[[int, float], None] | None = None,
    skip: int = 0,
    on_deal: Callable[[int, int, DealOutcome], None] | None = None,
) -> DuplicateResult:
    """Play ``deals`` deals duplicate and return the figures (see the module docstring).

    ``options`` are table options on top of a one-hand match; ``challenger_args`` keyword
    arguments for the challenger's factory. ``workers`` > 1 plays deals in that many
    processes (same result). ``cpu_s``: stop after the deal that brings this process's CPU
    time (``time.process_time``) past ``cpu_s`` seconds (one process only); the deals played
    are then the first deals of the seed, the very ones a run of that many deals plays.
    ``skip``: begin after the seed's first ``skip`` deals (deals ``skip + 1`` …
    ``skip + deals``), the very deals a run from the start plays after its first ``skip``.
    ``progress(deal number, value)`` and ``on_deal(deal number, deal seed, outcome)`` are
    called after each deal, in deal order (the
    number counts from the seed's first deal, so with ``skip`` it starts at ``skip + 1``).
    Raises ``ValueError`` for ``deals`` < 1, ``skip`` < 0 or ``workers`` < 1 (or > 1 with
    ``cpu_s``), ``KeyError`` for an unknown bot kind.
    """
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if skip < 0:
        raise ValueError(f"skip must be at least 0, not {skip}")
    if cpu_s is not None and workers != 1:
        raise ValueError("a CPU budget (cpu_s) is for one process only")
    spec = get_game(game_key)
    bots = spec.bots()
    for kind in (challenger, baseline):
        if kind not in bots:
            raise KeyError(f"{spec.key} has no bot {kind!r}: it has {', '.join(sorted(bots))}")
    seeds = deal_seeds(seed, skip + deals)[skip:]
    extra, bot_args = dict(options or {}), dict(challenger_args or {})
    args = [(spec.key, challenger, baseline, d, r, extra, bot_args) for d, r in seeds]
    outcomes: list[DealOutcome] = []

    def finished(outcome: DealOutcome) -> None:
        outcomes.append(outcome)
        number = skip + len(outcomes)
        if on_deal is not None:
            on_deal(number, seeds[len(outcomes) - 1][0], outcome)
        if progress is not None:
            progress(number, outcome.value)

    if workers == 1:
        start = time.process_time()
        for a in args:
            finished(play_deal(*a))
            if cpu_s is not None and time.process_time() - start >= cpu_s:
                break
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for outcome in pool.map(play_deal, *zip(*args, strict=True)):
                finished(outcome)
    values = [o.value for o in outcomes]
    mean, low, high = interval(values)
    times = [t for o in outcomes for t in o.challenger_ms]
    deal_in: dict[str, float] | None = None
    if any(o.lists_wins for o in outcomes):
        deal_in = {
            kind: sum(o.deal_ins[kind] for o in outcomes)
            / max(1, sum(o.seat_hands[kind] for o in outcomes))
            for kind in ("challenger", "baseline")
        }
    return DuplicateResult(
        game=spec.key,
        challenger=challenger,
        baseline=baseline,
        seed=seed,
        measure="share_won" if spec.fixed_partners else "score_diff",
        deals=len(outcomes),
        value=mean,
        ci_low=low,
        ci_high=high,
        move_p95_ms=p95(times),
        deal_in=deal_in,
        values=tuple(values),
        skip=skip,
    )
