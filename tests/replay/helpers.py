"""Bot-only games for the replay tests: a generic driver over the engine contract."""

from __future__ import annotations

import random
from typing import Any

from games.base import Action, Event, Game
from games.registry import GAMES

__all__ = ["GAME_KEYS", "NAMES", "play"]

GAME_KEYS = tuple(GAMES)
NAMES = ("Ann", "Bo", "Cy", "Di")


def play(
    key: str,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    stop_after: int | None = None,
) -> tuple[Game, list[list[Event]]]:
    """Play ``key`` with heuristic bots from ``seed`` until the match is over (or after
    ``stop_after`` actions); return the engine and each applied action's events."""
    spec = GAMES[key]
    cls = spec.engine()
    game = cls(
        seed, cls.options_type.from_dict(options if options is not None else {"match": "one_hand"})
    )
    bots = [spec.bots()["heuristic"]() for _ in range(game.seat_count)]
    rng = random.Random(seed)
    said: list[list[Event]] = []
    while not game.is_over and (stop_after is None or len(game.actions) < stop_after):
        pending = game.pending()
        acted = False
        for d in pending:  # optional declarations (a live deal), asked once per state
            if d.required or d.seat is None or "standing" in d.kinds:
                continue
            choice = bots[d.seat].choose(game, d.seat, rng)
            if choice.kind != "pass":
                try:
                    said.append(game.apply(choice))
                except Exception:
                    continue
                acted = True
                break
        if acted:
            continue
        d = next(d for d in pending if d.required)
        action = game.table_action() if d.seat is None else bots[d.seat].choose(game, d.seat, rng)
        assert isinstance(action, Action)
        said.append(game.apply(action))
    return game, said
