"""The 扒鸡窝 strong bot judged decision by decision against the real cards.

``python -m benchmarks.tools.pajiwo_decisions --seed 3001 --deals 30 --every 6 [--old]
[--rollouts 8] [--skip N] [--out FILE]`` plays heuristic one-hand games of the duplicate
harness's deals (:func:`games.duplicate.deal_seeds`: the same cards as ``strength pajiwo
--seed S``), and at every ``every``-th decision with a choice in the play asks the strong bot
(``--old``: the shared search of :mod:`games.tricks.search` it replaced) for its move, with a
random source of the deal and decision. Where it leaves the heuristic's move, both moves are
played in the real deal and the hand finished by the heuristic in every seat: the change won
the hand (+1), lost it (-1) or neither, and moved the defenders' points for the mover's side.

It prints one JSON line: decisions, changes, hands won and lost by them, points, and the bot's
CPU ms at p50/p95. ``--out`` writes a line per decision. Many decisions per CPU minute where a
duplicate deal costs 10 s, but a proxy: the games go on with the heuristic, not the bot.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from games.base import Action, Player
from games.duplicate import deal_game, p95, play_decisions
from games.pajiwo import StrongPlayer
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.engine import PajiwoGame
from games.search import clone, finish_hand
from games.tricks.search import strong_player as shared_strong_player


def decisions(
    seed: int, deals: int, every: int, skip: int = 0
) -> Iterator[tuple[int, int, PajiwoGame, int]]:
    """``(deal number, decision number, state, seat)`` of heuristic one-hand games (copies)."""
    for number in range(skip + 1, skip + deals + 1):
        game: Any
        game, rng = deal_game("pajiwo", seed, number)
        n = 0
        for seat in play_decisions(game, HeuristicPlayer(), rng):
            if game.phase == "play" and len(game.legal_actions(seat, limit=2)) > 1:
                n += 1
                if n % every == 0:
                    state: Any = clone(game)
                    yield number, n, state, seat


def played_out(game: PajiwoGame, move: Action) -> tuple[int, int]:
    """``move`` then the heuristic in every seat, in the real deal: (the mover's side won 0/1,
    the defenders' points counted for the mover's side)."""
    world: Any = clone(game)
    world.apply(move)
    finish_hand(world, [HeuristicPlayer() for _ in range(4)], random.Random(0))
    summary = world.hand_results[-1].summary
    sign = 1 if move.seat not in summary["dealer_team"] else -1
    return int(move.seat in summary["winner_team"]), sign * int(summary["defenders_points"])


def main(argv: Sequence[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.tools.pajiwo_decisions")
    parser.add_argument("--seed", type=int, default=3001)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--skip", type=int, default=0)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--rollouts", type=int, default=8, help="worlds a move (0: the table's)")
    parser.add_argument("--old", action="store_true", help="the shared search it replaced")
    parser.add_argument("--out", help="a JSON line per decision")
    args = parser.parse_args(argv)
    budget: dict[str, Any] = {"budget_ms": 10**8}
    if args.rollouts:
        budget["rollouts"] = args.rollouts
    out = open(args.out, "w") if args.out else None  # noqa: SIM115
    times: list[float] = []
    total = {"decisions": 0, "changes": 0, "won": 0, "lost": 0, "points": 0}
    for deal, n, game, seat in decisions(args.seed, args.deals, args.every, args.skip):
        bot: Player = (
            shared_strong_player(HeuristicPlayer, **budget) if args.old else StrongPlayer(**budget)
        )
        own = HeuristicPlayer().choose(game, seat, random.Random(0))
        start = time.process_time()
        move = bot.choose(game, seat, random.Random(f"{deal}:{n}"))
        times.append((time.process_time() - start) * 1000)
        record: dict[str, Any] = {"deal": deal, "n": n, "seat": seat, "changed": move != own}
        total["decisions"] += 1
        if move != own:
            (won, points), (won0, points0) = played_out(game, move), played_out(game, own)
            record.update(won=won - won0, points=points - points0)
            total["changes"] += 1
            total["won"] += int(won > won0)
            total["lost"] += int(won < won0)
            total["points"] += points - points0
        if out is not None:
            out.write(json.dumps(record) + "\n")
            out.flush()
    ordered = sorted(times)
    return {
        **total,
        "bot": "old" if args.old else "strong",
        "seed": args.seed,
        "deals": f"{args.skip + 1}-{args.skip + args.deals}",
        "every": args.every,
        "rollouts": args.rollouts or "table",
        "ms_p50": round(ordered[len(ordered) // 2], 1) if ordered else 0.0,
        "ms_p95": round(p95(times), 1),
    }


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1:])))
