"""``python -m bot tournament simulate``: bot-only tournaments with every invariant printed.

Without ``--game`` every game is run, without ``--format`` every format that applies (round
robin only for partnership games), in normal mode, or duplicate mode with ``--duplicate``
(``--both`` runs both). One line per tournament: the invariants, true or false, then the
standings' first lines; ``--json`` prints one JSON object per tournament instead. The exit
status is 1 when any invariant is false.

By default the tournament runs in-process on the core (``bot.tournaments.runner``: real
engines, heuristic and random bots, one participant missing round 2). ``--store`` runs it
through the same tournament service, table service and store the Discord bot uses
(``bot.tournaments.stored_sim``; every participant a bot; ``--db FILE`` keeps the database,
else it is in memory) and checks the invariants from what the store holds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

from games.registry import GAMES, UnknownGame, get_game

__all__ = ["add_commands", "run_command"]


def add_commands(sub: Any) -> None:
    """Add ``tournament simulate`` to the command line's subparsers."""
    parser = sub.add_parser("tournament", help="tournaments: simulate a bot-only one")
    parser.set_defaults(subparser=parser)
    inner = parser.add_subparsers(dest="tournament_command", required=True)
    sim = inner.add_parser(
        "simulate",
        help="run bot-only tournaments in-process and print every invariant",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sim.add_argument("game_pos", nargs="?", metavar="GAME", help="game key (default: every game)")
    sim.add_argument("--game", help="game key (the same as GAME)")
    sim.add_argument(
        "--format",
        choices=("swiss", "roundrobin", "round_robin"),
        help="swiss or round robin (default: every format that applies)",
    )
    sim.add_argument("--duplicate", action="store_true", help="duplicate mode")
    sim.add_argument("--both", action="store_true", help="normal and duplicate mode")
    sim.add_argument("--players", type=int, default=12, help="participants (default: 12)")
    sim.add_argument("--rounds", type=int, default=3, help="rounds (default: 3)")
    sim.add_argument("--seed", type=int, default=1, help="seed (default: 1)")
    sim.add_argument(
        "--no-shows", type=int, default=1, help="participants missing round 2 (default: 1)"
    )
    sim.add_argument("--json", action="store_true", help="one JSON object per tournament")
    sim.add_argument(
        "--store",
        action="store_true",
        help="through the tournament and table services and a store (bot participants only)",
    )
    sim.add_argument("--db", help="with --store: a SQLite file (default: in memory)")


def _name(participant: int) -> str:
    """``Bot 3`` for a bot participant, ``P4`` for the simulated players 1000, 1001, …"""
    return f"Bot {-participant}" if participant < 0 else f"P{participant - 999}"


def _line(result: Any) -> str:
    checks = " ".join(f"{k}={'true' if v else 'false'}" for k, v in result.invariants.items())
    mode = "duplicate" if result.duplicate else "normal"
    top = ", ".join(
        f"{s.rank}. {_name(s.participant)} {s.points:.2f}" for s in result.standings[:3]
    )
    return (
        f"{result.game} {result.format} {mode} players={result.players} rounds={result.rounds}"
        f" tables={result.tables}: {checks} | {top}"
    )


def run_command(args: argparse.Namespace) -> int:
    """Run ``tournament simulate``; the exit status (0 all true, 1 one false, 2 bad usage)."""
    from bot.tournaments.runner import simulate_tournament
    from bot.tournaments.stored_sim import simulate_stored

    if not os.environ.get("LOG_LEVEL"):  # the reader wants the result lines, not INFO logs
        logging.getLogger().setLevel(logging.WARNING)
    wanted = args.game or args.game_pos
    try:
        games = [get_game(wanted).key] if wanted else [k for k, s in GAMES.items() if s.available]
    except UnknownGame as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.players < 2 or args.rounds < 1 or args.no_shows < 0:
        print("error: --players must be 2 or more, --rounds 1 or more", file=sys.stderr)
        return 2
    fmt = "round_robin" if args.format in ("roundrobin", "round_robin") else args.format
    modes = [False, True] if args.both else [bool(args.duplicate)]
    failed = False
    for game in games:
        formats = [fmt] if fmt else ["swiss", "round_robin"]
        for f in formats:
            if f == "round_robin" and not GAMES[game].fixed_partners:
                if fmt:
                    print(f"error: round robin is for pairs in team games, not {game}")
                    return 2
                continue
            for duplicate in modes:
                if args.store:
                    result = asyncio.run(
                        simulate_stored(
                            game,
                            f,
                            duplicate=duplicate,
                            players=args.players,
                            rounds=args.rounds,
                            seed=args.seed,
                            db=Path(args.db) if args.db else None,
                        )
                    )
                else:
                    result = simulate_tournament(
                        game,
                        f,
                        duplicate=duplicate,
                        players=args.players,
                        rounds=args.rounds,
                        seed=args.seed,
                        no_shows=args.no_shows,
                    )
                failed = failed or not result.ok
                print(json.dumps(result.to_json()) if args.json else _line(result), flush=True)
    return 1 if failed else 0
