"""Bot strength in duplicate matches (:mod:`games.duplicate`): the strong bot against the heuristic.

``python -m benchmarks strength [GAME ...] [--deals N] [--seed S] [--skip N] [--out FILE]
[--workers W] [--rollouts R] [--budget-ms MS] [--challenger KIND] [--baseline KIND]`` prints,
per game:

* ``GAME.strong_vs_heuristic``: the challenger's share of the games won (扒鸡窝, 打滚子) or its
  score per hand minus the baseline seats' (打滚 coins, 金坛/金华 points), with ``ci_low`` and
  ``ci_high`` (95%), ``deals`` and ``seed``;
* ``GAME.strong_move_p95_ms``: the 95th percentile of the challenger's CPU ms per move;
* for the mahjong games, ``GAME.deal_in_rate`` of both bots (hands in which the seat discarded
  the winning tile, per seat-hand).

``--cpu-minutes M`` plays deals one after the other (in one process, ``--deals`` at most)
until M minutes of CPU are used, and reports the deals played (the first deals of the seed,
as a run of that many deals plays them), each deal's value on stderr as it comes.

``--out FILE`` appends one JSON line per finished deal to FILE as it ends (game, seed, deal
number, deal seed, value, the challenger's move times, mahjong's deal-ins:
:func:`games.duplicate_pool.deal_record`). ``--skip N`` starts after the seed's first N deals,
so ``--seed S --skip N`` continues a run of seed S that finished N deals, on exactly the deals
it would have played next (its progress lines and ``--out`` records number the deals from the
seed's first). ``--pool FILE ...`` plays nothing: it reads the records of such files, and the
progress lines of a run's stderr (``pajiwo: deal 7: +0.500``, with ``--seed`` of that run),
and prints each game's figures over all their deals, with the same interval; the same deal
(seed and number) twice is refused.

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
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from benchmarks import Figure
from games.duplicate import DealOutcome, play_decisions, run_duplicate
from games.duplicate_pool import PooledResult, deal_record, pool, read_records
from games.registry import GAMES

__all__ = ["main", "measure", "run"]

# the targets for strong against normal
_TARGETS = {True: ">= 0.60, ci_low > 0.50", False: "> 0, ci_low > 0"}


#: the seed of a run that names none
_SEED = 2026


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
    skip: int = 0,
    out: str | None = None,
) -> Iterator[Figure]:
    """The figures of one game (see the module docstring); ``skip`` deals of the seed are
    skipped, and with ``out`` each deal's record is appended to that file as it ends."""
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
        progress=_progress(game) if cpu_minutes is not None or out or skip else None,
        skip=skip,
        on_deal=None
        if out is None
        else _writer(out, game, challenger, baseline, seed, challenger_args),
    )
    unit = "share of games won" if result.measure == "share_won" else "score per hand"
    extra: dict[str, Any] = {
        "ci_low": round(result.ci_low, 4),
        "ci_high": round(result.ci_high, 4),
        "deals": result.deals,
        "seed": seed,
    }
    if skip:
        extra["skip"] = skip
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


def _writer(
    path: str,
    game: str,
    challenger: str,
    baseline: str,
    seed: int,
    challenger_args: dict[str, Any] | None,
) -> Callable[[int, int, DealOutcome], None]:
    """``on_deal`` for :func:`run_duplicate`: append the deal's record to ``path`` at once."""

    def write(number: int, deal_seed: int, outcome: DealOutcome) -> None:
        record = deal_record(
            game, challenger, baseline, seed, number, deal_seed, outcome, challenger_args
        )
        with open(path, "a", encoding="utf-8") as file:
            file.write(json.dumps(record, ensure_ascii=False) + "\n")

    return write


def pooled_figures(results: Sequence[PooledResult]) -> Iterator[Figure]:
    """The figures of pooled records, named as a run's (see the module docstring)."""
    for r in results:
        unit = "share of games won" if r.measure == "share_won" else "score per hand"
        extra: dict[str, Any] = {
            "ci_low": round(r.ci_low, 4),
            "ci_high": round(r.ci_high, 4),
            "deals": r.deals,
            "seeds": list(r.seeds),
            "pooled": True,
        }
        if r.challenger_args:
            extra["challenger_args"] = r.challenger_args
        name = f"{r.game}.{r.challenger}_vs_{r.baseline}"
        yield Figure(name, r.value, unit, _TARGETS[r.measure == "share_won"], extra)
        if r.move_p95_ms is not None:
            yield Figure(
                f"{r.game}.{r.challenger}_move_p95_ms",
                r.move_p95_ms,
                "ms",
                "<= 1000",
                {"moves": r.moves, "pooled": True},
            )
        if r.deal_in is not None:
            yield Figure(
                f"{r.game}.deal_in_rate",
                r.deal_in["challenger"],
                "deal-ins per seat-hand",
                f"< {r.baseline}'s",
                {
                    r.challenger: round(r.deal_in["challenger"], 4),
                    r.baseline: round(r.deal_in["baseline"], 4),
                    "deals": r.deal_in_deals,
                    "pooled": True,
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
        for seat in play_decisions(state, heuristic, rng):
            if len(times) >= moves:
                break
            if len(state.legal_actions(seat, limit=2)) > 1:
                n += 1
                if n % 5 == 0:
                    start = time.process_time()
                    bot.choose(state, seat, random.Random(n))
                    times.append((time.process_time() - start) * 1000)
        deal += 1
    return times


def main(argv: Sequence[str]) -> Iterator[Figure]:
    """Parse the command line of ``python -m benchmarks strength`` and yield its figures.

    Raises ``SystemExit`` (status 2) on a bad argument, as argparse does.
    """
    parser = argparse.ArgumentParser(prog="python -m benchmarks strength")
    parser.add_argument("games", nargs="*", choices=[[], *GAMES], help="games (default: all)")
    parser.add_argument("--deals", type=int, default=200, help="deals per game (default 200)")
    parser.add_argument("--seed", type=int, help=f"the run's seed (default {_SEED})")
    parser.add_argument("--skip", type=int, default=0, help="start after the seed's first N deals")
    parser.add_argument("--out", help="append one JSON line per finished deal to this file")
    parser.add_argument(
        "--pool",
        nargs="+",
        metavar="FILE",
        help="instead: the figures over these files' deal records (and progress lines of --seed)",
    )
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
    if args.pool is not None:
        records = []
        try:
            for path in args.pool:
                with open(path, encoding="utf-8") as file:
                    records += read_records(file, path, args.seed, args.challenger, args.baseline)
            if args.games:
                records = [r for r in records if r["game"] in args.games]
            results = pool(records)
        except (OSError, ValueError) as exc:
            parser.error(str(exc))
        yield from pooled_figures(results)
        return
    seed = _SEED if args.seed is None else args.seed
    if args.moves is not None:
        for game in args.games or list(GAMES):
            times = sorted(move_times(game, args.moves, args.challenger, seed))
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
    if args.skip < 0:
        parser.error("--skip must be at least 0")
    bot_args: dict[str, Any] = {}
    if args.rollouts is not None:
        bot_args["rollouts"] = args.rollouts
    if args.budget_ms is not None:
        bot_args["budget_ms"] = args.budget_ms
    for game in args.games or list(GAMES):
        yield from measure(
            game,
            args.deals,
            seed,
            args.workers,
            args.challenger,
            args.baseline,
            bot_args or None,
            args.cpu_minutes,
            args.skip,
            args.out,
        )


def run() -> Iterator[Figure]:
    """Every game, ``PAIJU_BENCH_DEALS`` deals (default 20), ``PAIJU_BENCH_ROLLOUTS`` worlds a
    move (default 8)."""
    deals = os.environ.get("PAIJU_BENCH_DEALS", "20")
    yield from main(["--deals", deals, "--rollouts", os.environ.get("PAIJU_BENCH_ROLLOUTS", "8")])
