"""Run benchmarks: ``python -m benchmarks`` runs all, ``python -m benchmarks NAME ...`` some.

Suites are modules of this package with a ``run()`` generator of :class:`benchmarks.Figure`.
"""

from __future__ import annotations

import importlib
import sys

# suite name -> module; a suite that is not written yet is skipped with a note on stderr
SUITES: dict[str, str] = {
    "pajiwo": "benchmarks.bench_pajiwo",
    "dagunzi": "benchmarks.bench_dagunzi",
    "dagun": "benchmarks.bench_dagun",
    "jintan": "benchmarks.bench_jintan",
    "jinhua": "benchmarks.bench_jinhua",
    "store": "benchmarks.bench_store",
    "simulate": "benchmarks.bench_simulate",
    "host": "benchmarks.bench_host",
    "render": "benchmarks.bench_render",
    "discord": "benchmarks.bench_discord",
    "discord_ux": "benchmarks.bench_discord_ux",
    "fuzz": "benchmarks.bench_fuzz",
    "claim_pause": "benchmarks.bench_claim_pause",
    "fuzz_controls": "benchmarks.bench_fuzz_controls",
    "strength": "benchmarks.bench_strength",
    "bot_loop": "benchmarks.bench_bot_loop",
    "replay": "benchmarks.bench_replay",
    "web": "benchmarks.bench_web",
}


def main(argv: list[str]) -> int:
    if argv[:1] == ["strength"]:
        # the strength suite takes its own arguments: games, --deals N, --seed S ...
        from benchmarks.bench_strength import main as strength

        for figure in strength(argv[1:]):
            print(figure.to_line(), flush=True)
        return 0
    if argv[:1] == ["bot_loop"] and len(argv) > 1:
        # the bot_loop suite takes its own arguments: --tables N, --seconds S, --inline ...
        from benchmarks.bench_bot_loop import main as bot_loop

        for figure in bot_loop(argv[1:]):
            print(figure.to_line(), flush=True)
        return 0
    names = argv or list(SUITES)
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}; choose from {', '.join(SUITES)}", file=sys.stderr)
        return 2
    for name in names:
        try:
            module = importlib.import_module(SUITES[name])
        except ModuleNotFoundError as exc:
            if exc.name != SUITES[name]:
                raise
            print(f"benchmark suite {name!r} is not written yet", file=sys.stderr)
            continue
        for figure in module.run():
            print(figure.to_line(), flush=True)
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main(sys.argv[1:]))
    except BrokenPipeError:  # `python -m benchmarks | head`: the reader left; that is not an error
        sys.stderr.close()
        raise SystemExit(0) from None
