"""Bot strength in duplicate matches (:mod:`games.duplicate`): the strong bot against the heuristic.

``python -m benchmarks strength [GAME ...] [--deals N] [--seed S] [--workers W] [--rollouts R]
[--budget-ms MS] [--challenger KIND] [--baseline KIND]`` prints, per game:

* ``GAME.strong_vs_heuristic``: the challenger's share of the games won (扒鸡窝, 打滚子) or its
  score per hand minus the baseline seats' (打滚 coins, 金坛/金华 points), with ``ci_low`` and
  ``ci_high`` (95%), ``deals`` and ``seed``;
* ``GAME.strong_move_p95_ms``: the 95th percentile of the challenger's CPU ms per move;
* for the mahjong games, ``GAME.deal_in_rate`` of both bots (hands in which the seat discarded
  the winning tile, per seat-hand).

``--cpu-minutes M`` plays deals one after the other (in one process, ``--deals`` at most)
until M minutes of CPU are used, and reports the deals played (the first deals of the seed,
as a run of that many deals plays them), each deal's value on stderr as it comes.

``--moves N`` prints instead ``GAME.strong_move_p95_ms`` at the bot's table budget, over N
decisions with a choice (every fifth of heuristic one-hand games).

A game without the challenger's bot kind is still reported, with ``value`` null and a note.
``--rollouts``/``--budget-ms`` are passed to the challenger (a search bot's determinizations per
move and its time cap); without them the bot's own defaults (the table's budget) hold.
``python -m benchmarks strength`` with no arguments runs every game with 200 deals and the bot's
own budget (hours of CPU for the search bots); ``python -m benchmarks`` (every suite) runs it
with ``PAIJU_BENCH_DEALS`` (default 20) deals and ``PAIJU_BENCH_ROLLOUTS`` (default 8) worlds
a move.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from benchmarks import Figure
from games.duplicate import run_duplicate
from games.registry import GAMES

__all__ = ["main", "measure", "run"]

# the targets for strong against normal
_TARGETS = {True: ">= 0.60, ci_low > 0.50", False: "> 0, ci_low > 0"}


def _p95(times: Sequence[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)] if ordered else 0.0


def measure(
    game: str,
    deals: int,
    seed: int = 2026,
    workers: int = 1,
    challenger: str = "strong",
    baseline: str = "heuristic",
    challenger_args: dict[str, Any] | None = None,
    cpu_minutes: float | None = None,
) -> Iterator[Figure]:
    """The figures of one game (see the module docstring)."""
    spec = GAMES[game]
    name = f"{game}.{challenger}_vs_{baseline}"
    if challenger not in spec.bots():
        yield Figure(name, float("nan"), "", None, {"note": f"{game} has no {challenger!r} bot"})
        return
    result = run_duplicate(
        game,
        challenger,
        baseline,
        deals,
        seed=seed,
        workers=workers,
        challenger_args=challenger_args,
        cpu_s=None if cpu_minutes is None else cpu_minutes * 60,
        progress=_progress(game) if cpu_minutes is not None else None,
    )
    unit = "share of games won" if result.measure == "share_won" else "score per hand"
    extra: dict[str, Any] = {
        "ci_low": round(result.ci_low, 4),
        "ci_high": round(result.ci_high, 4),
        "deals": result.deals,
        "seed": seed,
    }
    if cpu_minutes is not None:
        extra["cpu_minutes"] = cpu_minutes
    if challenger_args:
        extra["challenger_args"] = challenger_args
    yield Figure(name, result.value, unit, _TARGETS[spec.fixed_partners], extra)
    yield Figure(
        f"{game}.{challenger}_move_p95_ms",
        result.move_p95_ms,
        "ms",
        "<= 1000",
        {"deals": result.deals},
    )
    if result.deal_in is not None:
        yield Figure(
            f"{game}.deal_in_rate",
            result.deal_in["challenger"],
            "deal-ins per seat-hand",
            f"< {baseline}'s",
            {
                challenger: round(result.deal_in["challenger"], 4),
                baseline: round(result.deal_in["baseline"], 4),
                "deals": result.deals,
            },
        )


def _progress(game: str) -> Callable[[int, float], None]:
    def tell(n: int, value: float) -> None:
        print(f"{game}: deal {n}: {value:+.3f}", file=sys.stderr, flush=True)

    return tell


def move_times(game: str, moves: int, challenger: str = "strong", seed: int = 2026) -> list[float]:
    """CPU ms of ``challenger`` (at its own, the table's, budget) on ``moves`` decisions with a
    choice (two legal moves or more), every fifth such decision of heuristic one-hand games."""
    spec = GAMES[game]
    engine = spec.engine()
    bots = spec.bots()
    options = engine.options_type.from_dict(engine.presets.get("quick") or {"match": "one_hand"})
    times: list[float] = []
    deal = seed
    while len(times) < moves:
        state = engine(deal, options)
        heuristic, bot, rng = bots["heuristic"](), bots[challenger](), random.Random(deal)
        n = 0
        while not state.is_over and len(times) < moves:
            decision = next(d for d in state.pending() if d.required)
            if decision.seat is None:
                step = state.table_action()
                assert step is not None
                state.apply(step)
                continue
            if len(state.legal_actions(decision.seat, limit=2)) > 1:
                n += 1
                if n % 5 == 0:
                    start = time.process_time()
                    bot.choose(state, decision.seat, random.Random(n))
                    times.append((time.process_time() - start) * 1000)
            state.apply(heuristic.choose(state, decision.seat, rng))
        deal += 1
    return times


def main(argv: Sequence[str]) -> Iterator[Figure]:
    """Parse the command line of ``python -m benchmarks strength`` and yield its figures.

    Raises ``SystemExit`` (status 2) on a bad argument, as argparse does.
    """
    parser = argparse.ArgumentParser(prog="python -m benchmarks strength")
    parser.add_argument("games", nargs="*", choices=[[], *GAMES], help="games (default: all)")
    parser.add_argument("--deals", type=int, default=200, help="deals per game (default 200)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--challenger", default="strong")
    parser.add_argument("--baseline", default="heuristic")
    parser.add_argument("--rollouts", type=int, help="the search bot's samples per move")
    parser.add_argument("--budget-ms", type=int, help="the search bot's time cap per move")
    parser.add_argument(
        "--cpu-minutes",
        type=float,
        help="play deals (at most --deals) until this much CPU time is used, one process",
    )
    parser.add_argument(
        "--moves",
        type=int,
        help="instead: time the challenger at its table budget on this many decisions",
    )
    args = parser.parse_args(list(argv))
    if args.moves is not None:
        for game in args.games or list(GAMES):
            times = sorted(move_times(game, args.moves, args.challenger, args.seed))
            yield Figure(
                f"{game}.{args.challenger}_move_p95_ms",
                _p95(times),
                "ms",
                "<= 1000",
                {"moves": len(times), "p50": round(times[len(times) // 2], 1), "budget": "table"},
            )
        return
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    bot_args: dict[str, Any] = {}
    if args.rollouts is not None:
        bot_args["rollouts"] = args.rollouts
    if args.budget_ms is not None:
        bot_args["budget_ms"] = args.budget_ms
    for game in args.games or list(GAMES):
        yield from measure(
            game,
            args.deals,
            args.seed,
            args.workers,
            args.challenger,
            args.baseline,
            bot_args or None,
            args.cpu_minutes,
        )


def run() -> Iterator[Figure]:
    """Every game, ``PAIJU_BENCH_DEALS`` deals (default 20), ``PAIJU_BENCH_ROLLOUTS`` worlds a
    move (default 8)."""
    deals = os.environ.get("PAIJU_BENCH_DEALS", "20")
    yield from main(["--deals", deals, "--rollouts", os.environ.get("PAIJU_BENCH_ROLLOUTS", "8")])
