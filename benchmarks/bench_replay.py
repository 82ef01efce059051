"""Replay benchmarks (issue 24): cutting a finished hand into steps, drawing a step with every
hand face up, the animated hand (its size against Discord's upload limit and the time to make
it), the review of the first seat's play with /replay's budget for the strong bot and the JSON
export, for one bot-played hand of each game.

``python -m benchmarks replay``; run it under ``nice`` on a shared machine.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Iterator

from benchmarks import Figure
from bot.replay import GameRecord, narration_text, record_of, replay_hand
from bot.replay_export import export_match
from bot.review import QUICK_BUDGET, review_hand
from games.registry import GAMES
from render.replay import UPLOAD_LIMIT, animation, step_image, step_png
from render.warm import warm_up

NAMES = ("Ann", "Bo", "Cy", "Di")
SEED = 7


def _record(key: str, seed: int = SEED, first: str = "heuristic") -> GameRecord:
    """One hand of ``key`` played by heuristic bots, the first seat by the ``first`` kind."""
    spec = GAMES[key]
    cls = spec.engine()
    game = cls(seed, cls.options_type.from_dict({"match": "one_hand"}))
    bots = [spec.bots()[first if s == 0 else "heuristic"]() for s in range(game.seat_count)]
    rng = random.Random(seed)
    while not game.is_over:
        pending = game.pending()
        d = next(d for d in pending if d.required)
        action = game.table_action() if d.seat is None else bots[d.seat].choose(game, d.seat, rng)
        assert action is not None
        game.apply(action)
    return record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES)


def review_figures(key: str, record: GameRecord | None = None) -> Iterator[Figure]:
    """The review of the first seat's play with ``/replay``'s budget, in CPU seconds: of a
    hand played by heuristic bots (few differences), and of one where the first seat played
    at random (a difference at most decisions: the costs' budget is spent)."""
    for name, rec in (
        ("review_s", record or _record(key)),
        ("review_random_s", _record(key, first="random")),
    ):
        start = time.process_time()
        found = review_hand(rec, 1, 0, budget=QUICK_BUDGET)
        costs = [d.cost for d in found.differences if d.cost is not None]
        yield Figure(
            f"replay.{key}.{name}",
            time.process_time() - start,
            "s",
            None,
            {
                "decisions": found.decisions,
                "same": found.same,
                "costed": len(costs),
                "worlds": sum(c.worlds for c in costs),
                "rollout_moves": sum(c.plies for c in costs),
                "about_even": sum(c.even for c in costs),
            },
        )


def run() -> Iterator[Figure]:
    warm_up()
    for key in GAMES:
        record = _record(key)
        start = time.perf_counter()
        replay = replay_hand(record)
        hand_ms = (time.perf_counter() - start) * 1000
        yield Figure(f"replay.{key}.hand_ms", hand_ms, "ms", None, {"steps": len(replay.steps)})
        times = []
        for step in replay.steps[:: max(1, len(replay.steps) // 10)]:
            start = time.perf_counter()
            step_png(
                key, step.public, step.views, replay.names, narration_text(replay, step.index, "en")
            )
            times.append((time.perf_counter() - start) * 1000)
        yield Figure(f"replay.{key}.step_png_ms", statistics.median(times), "ms", "< 200")
        start = time.perf_counter()
        frames = [
            step_image(key, s.public, s.views, replay.names, narration_text(replay, s.index, "en"))
            for s in replay.steps
        ]
        gif = animation(frames)
        seconds = time.perf_counter() - start
        yield Figure(f"replay.{key}.gif_s", seconds, "s", None, {"frames": len(frames)})
        yield Figure(f"replay.{key}.gif_mb", len(gif) / 1e6, "MB", f"< {UPLOAD_LIMIT / 1e6:.1f}")
        yield from review_figures(key, record)
        start = time.perf_counter()
        doc = export_match(record)
        text = json.dumps(doc, ensure_ascii=False)
        yield Figure(
            f"replay.{key}.export_ms",
            (time.perf_counter() - start) * 1000,
            "ms",
            None,
            {"bytes": len(text.encode())},
        )
