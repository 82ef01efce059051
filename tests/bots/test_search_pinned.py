"""The strong bots' choices pinned on fixed decisions (issue 22: the search made faster must
choose exactly as before).

Each case is a decision of a heuristic one-hand game (the ``every``-th decision with a choice
in the play of a deal), searched with a fixed random source and no time cap (the budget is
counted in worlds and rollout moves, so the choice is the same on any machine). Pinned: the
move chosen, the number of rollouts, and a digest of every rollout's value in order, so a
faster clone, rollout policy, view or sampling that changed any world or any rollout would
show here even where the move chosen stays the same.

The 扒鸡窝 and 打滚子 rows are those of their own searches (``games/pajiwo/strong.py``,
``games/dagunzi/strong.py``: every suit led high and low among the leads compared, a hand's
value smoothed around the game's line, so every rollout's value differs from the shared
``games.tricks.search.hand_value``, and worlds with the declared cards kept and a hidden
kitty dealt as a player buries); 打滚 keeps the shared search's.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.base import Game
from games.duplicate import play_decisions
from games.registry import GAMES
from games.search import SearchPlayer


def _decisions(game: str, deal: int, every: int, count: int) -> Iterator[tuple[Game, int, int]]:
    """``(state, seat, n)`` for every ``every``-th decision with a choice in the play, ``count``
    of them, of a heuristic one-hand game of deal ``deal``."""
    spec = GAMES[game]
    engine = spec.engine()
    options = engine.options_type.from_dict(engine.presets.get("quick") or {"match": "one_hand"})
    state = engine(deal, options)
    heuristic, rng = spec.bots()["heuristic"](), random.Random(deal)
    n = found = 0
    for seat in play_decisions(state, heuristic, rng):
        if found == count:
            return
        if getattr(state, "phase", None) == "play" and len(state.legal_actions(seat, limit=2)) > 1:
            n += 1
            if n % every == 0:
                found += 1
                yield state, seat, n


def _search(game: str, deal: int, every: int, count: int, **budget: Any) -> list[tuple[Any, ...]]:
    """``(n, seat, kind, data, rollouts, digest)`` of the strong bot on those decisions."""
    out = []
    for state, seat, n in _decisions(game, deal, every, count):
        factory: Any = GAMES[game].bots()["strong"]
        bot = factory(budget_ms=10**8, **budget)
        assert isinstance(bot, SearchPlayer)
        values: list[float] = []
        inner = bot.value

        def value(world: Game, s: int, inner: Any = inner, values: list[float] = values) -> float:
            v = float(inner(world, s))
            values.append(v)
            return v

        bot.value = value
        act = bot.choose(state, seat, random.Random(n))
        digest = json.dumps([round(v, 9) for v in values]).encode()
        h = hashlib.sha256(digest).hexdigest()[:16]
        out.append((n, seat, act.kind, dict(act.data), len(values), h))
    return out


#: (game, deal) -> the decisions of ``_search(game, deal, 6, 3, rollouts=8)``
PINNED_8 = {
    ("pajiwo", 1): [
        (6, 0, "play", {"cards": ["8h", "Kc"]}, 32, "1d8764a9e0055938"),
        (12, 2, "play", {"cards": ["7d"]}, 20, "d6810fc3c3537256"),
        (18, 0, "play", {"cards": ["10s"]}, 40, "ce84785c68568867"),
    ],
    ("pajiwo", 2): [
        (6, 3, "play", {"cards": ["Qh"]}, 16, "6a86c70fba0b90ee"),
        (12, 2, "play", {"cards": ["Ac"]}, 32, "6e0fd20f0a76db0e"),
        (18, 1, "play", {"cards": ["4d"]}, 30, "8a95c8c894ac98b1"),
    ],
    ("dagunzi", 1): [
        (6, 2, "play", {"cards": ["4d"]}, 22, "cc272b7e51050240"),
        (12, 0, "play", {"cards": ["7c"]}, 20, "de96e396d2e73f35"),
        (18, 2, "play", {"cards": ["5s", "4s"]}, 23, "1a89ae5400b722f6"),
    ],
    ("dagunzi", 2): [
        (6, 2, "play", {"cards": ["6s"]}, 22, "a727c1835f9b3c4c"),
        (12, 0, "play", {"cards": ["4h"]}, 16, "87077e8ed17b6888"),
        (18, 2, "play", {"cards": ["8d", "7d"]}, 23, "864c17e61442abb8"),
    ],
    ("dagun", 1): [
        (
            6,
            1,
            "play",
            {"cards": ["8c", "8c", "8d", "8d", "8h"], "as": "88888"},
            20,
            "f2627bc9de3c7e8b",
        ),
        (12, 1, "play", {"cards": ["5d", "10s", "BJ"], "as": "5TK"}, 20, "b19d57e0bfa7f439"),
        (18, 0, "pass", {}, 20, "58922477af530dbc"),
    ],
    ("dagun", 2): [
        (
            6,
            0,
            "play",
            {"cards": ["10c", "10d", "10s", "BJ"], "as": "TTTT"},
            32,
            "59eeaf8fa17dff77",
        ),
        (
            12,
            3,
            "play",
            {"cards": ["Jc", "Jd", "Jd", "Js", "SJ"], "as": "JJJJJ"},
            18,
            "32580af3ca98f775",
        ),
        (18, 0, "pass", {}, 24, "0f69ad34e07df55f"),
    ],
}

#: game -> the decisions of ``_search(game, 3, 9, 2)`` (the table's budget)
PINNED_TABLE = {
    "pajiwo": [
        (9, 3, "play", {"cards": ["8h"]}, 40, "5af0c2339b766029"),
        (18, 2, "play", {"cards": ["Js"]}, 45, "1b8b940b93dcc15d"),
    ],
    "dagunzi": [
        (9, 3, "play", {"cards": ["Ah"]}, 18, "0144deeb4ef39511"),
        (18, 1, "play", {"cards": ["5d", "4d"]}, 24, "10786ded5a845fea"),
    ],
    "dagun": [
        (9, 1, "play", {"cards": ["Jc", "Jd", "Jh"], "as": "JJJ"}, 48, "0d56e51501bda8a8"),
        (18, 0, "play", {"cards": ["Js"], "as": "J"}, 64, "57f9ac016dac3f63"),
    ],
}


@pytest.mark.parametrize(
    ("game", "deal"), [(g, d) for g in ("pajiwo", "dagunzi", "dagun") for d in (1, 2)]
)
def test_eight_worlds_a_move_choose_as_pinned(game: str, deal: int) -> None:
    # the duplicate runs' setting (--rollouts 8)
    assert _search(game, deal, 6, 3, rollouts=8) == PINNED_8[(game, deal)]


@pytest.mark.parametrize("game", ["pajiwo", "dagunzi", "dagun"])
def test_the_table_budget_chooses_as_pinned(game: str) -> None:
    # the table's budget: 24 worlds at most, WORK rollout moves
    assert _search(game, 3, 9, 2) == PINNED_TABLE[game]
