"""The hint's one-line reason (issue 22): every game gives one for its moves, in both
languages from the ``bots`` catalogues, and it reads only what the asking seat sees."""

from __future__ import annotations

import copy
import random

import pytest

from bot.thinking import hint_of
from games.base import Action
from games.reasons import Reason, SearchNote, explain
from games.registry import GAMES
from present.bots import reason_line
from present.message import Reader
from tests.bots.test_hidden import SWAPS, _states

NAMES = ["Ann", "Bo", "Cy", "Di"]


def _reasons(key: str, every: int = 5) -> list[tuple[object, int, Action, list[Reason]]]:
    spec = GAMES[key]
    out = []
    for game, seat in _states(key, seed=5, every=every):
        move = spec.bots()["heuristic"]().choose(game, seat, random.Random(1))
        out.append((game, seat, move, explain(game, seat, move, spec.reasons())))
    return out


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_game_says_why_in_both_languages(key: str) -> None:
    said = [(seat, r) for _, seat, _, r in _reasons(key) if r]
    assert len(said) >= 5
    for seat, reasons in said:
        for lang in ("en", "zh"):
            line = reason_line(Reader(lang, NAMES, you=seat), reasons)
            assert line and "bots." not in line and "{" not in line, line
    # every game has its own readings, not only the generic ones
    assert {r.id for _, rs in said for r in rs} - {"bots.forced"}


@pytest.mark.parametrize("key", sorted(SWAPS))
def test_the_reason_reads_only_the_seat_s_view(key: str) -> None:
    spec = GAMES[key]
    checked = 0
    for i, (game, seat, move, reasons) in enumerate(_reasons(key, every=4)):
        other = copy.deepcopy(game)
        SWAPS[key](other, seat, random.Random(i))
        if other.view(seat) != game.view(seat) or other.snapshot() == game.snapshot():  # type: ignore[attr-defined]
            continue
        assert explain(other, seat, move, spec.reasons()) == reasons  # type: ignore[arg-type]
        checked += 1
    assert checked >= 5


def test_a_search_that_left_the_rule_of_thumb_says_by_how_much() -> None:
    game, seat = _states("pajiwo", seed=5, every=40)[0]
    other = Action(seat, "play", {"cards": ["4d"]})
    line = Reader("en", NAMES, you=seat)
    note = SearchNote(worlds=20, heuristic=other, better_in=15)
    reasons = explain(game, seat, other, None, note)
    assert reason_line(line, reasons).endswith("better than ♦4 in 15 of 20 sampled deals")
    note = SearchNote(worlds=20, heuristic=other, better_in=8)
    assert "on average over 20" in reason_line(line, explain(game, seat, other, None, note))


def test_the_hint_is_the_strong_bot_s_move_with_its_reasons() -> None:
    game, seat = _states("dagunzi", seed=5, every=40)[0]
    move, reasons = hint_of(game, "dagunzi", seat, "k")  # type: ignore[arg-type]
    game.check(move)  # type: ignore[attr-defined]
    assert reasons


def test_a_search_budget_counted_in_moves_makes_the_same_choice() -> None:
    """The budget that binds at the table is counted, not timed: the same state and random
    source give the same move (what a worker process must give, bot.thinking)."""
    from games.dagunzi import HeuristicPlayer
    from games.tricks.search import strong_player

    game, seat = _states("dagunzi", seed=5, every=40)[0]
    moves = [
        strong_player(HeuristicPlayer, work=400, budget_ms=10**6).choose(
            copy.deepcopy(game), seat, random.Random("same")
        )
        for _ in range(2)
    ]
    assert moves[0] == moves[1]
