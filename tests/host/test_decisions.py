"""The decision a control is bound to (bot/decisions.py), on real engines.

A decision opens when a seat becomes pending with a set of kinds and lasts while it stays so
without acting: 打滚子's live deal keeps every seat's declare decision across the deal steps,
a trick-taking seat's play decision ends with its play, a number beyond the game's step is
forged. The clock that follows the game one action at a time agrees with one rebuilt from the
log (a restart), at every step of bot-played games of all five games.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.decisions import EXACT_REBUILD_MAX, DecisionClock, step_count
from games.base import Action, Game
from games.registry import GAMES


def _engine(key: str, seed: int, **options: object) -> Game:
    engine_type = GAMES[key].engine()
    return engine_type(seed, engine_type.options_type.from_dict(dict(options)))


def _next(engine: Game, rng: random.Random) -> Action:
    """A bot's move for the first required decision (table steps by the engine)."""
    decision = next(d for d in engine.pending() if d.required)
    if decision.seat is None:
        step = engine.table_action()
        return step if step is not None else Action(None, decision.kinds[0])
    return GAMES[engine.name].bots()["heuristic"]().choose(engine, decision.seat, rng)


def test_a_live_deal_keeps_every_seats_declare_decision_across_deal_steps() -> None:
    engine = _engine("dagunzi", 7, deal="progressive")
    clock = DecisionClock()
    clock.follow(engine, 4)
    assert {seat: n for seat, (_, n) in clock.opened.items()} == {0: 0, 1: 0, 2: 0, 3: 0}
    for _ in range(5):  # five deal steps: cards arrive, nobody acts
        engine.apply(Action(None, "deal"))
        clock.follow(engine, 4)
    assert clock.step == 5
    # a menu drawn before the first card (number 0) is for the decision that stands
    assert [clock.verdict(seat, 0) for seat in range(4)] == ["current"] * 4
    assert clock.verdict(0, 3) == "current"  # drawn at a later step of the same decision
    assert clock.verdict(0, 6) == "forged"  # the game is at step 5
    # seat 2 passes (nothing changes in a live deal, but it acted): its decision is new
    engine.apply(Action(2, "pass"))
    clock.follow(engine, 4)
    assert clock.opened[2][1] == 6 and clock.opened[0][1] == 0
    assert clock.verdict(2, 0) == "ended" and clock.verdict(2, 6) == "current"


def test_a_play_ends_the_seats_decision_and_its_next_turn_is_a_new_one() -> None:
    engine = _engine("pajiwo", 3, deal="all_at_once")
    rng = random.Random(3)
    clock = DecisionClock()
    while engine.phase != "play":
        engine.apply(_next(engine, rng))
    clock.follow(engine, 4)
    leader = next(d.seat for d in engine.pending() if d.required)
    assert leader is not None
    first = clock.opened[leader][1]
    assert first == step_count(engine.actions)  # opened now: the lead
    for _ in range(4):  # the trick: the leader and the three others
        engine.apply(_next(engine, rng))
        clock.follow(engine, 4)
    while leader not in {d.seat for d in engine.pending()}:
        engine.apply(_next(engine, rng))
        clock.follow(engine, 4)
    later = clock.opened[leader][1]
    assert later > first
    # a hint drawn for the first lead ("play this") is for a decision that has ended
    assert clock.verdict(leader, first) == "ended"
    assert clock.verdict(leader, later) == "current"
    assert clock.verdict(leader, clock.step + 1) == "forged"


@pytest.mark.parametrize("key", sorted(GAMES))
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.integers(1, EXACT_REBUILD_MAX))
def test_a_rebuilt_clock_agrees_with_the_one_that_followed_the_game(
    key: str, seed: int, cut: int
) -> None:
    options = {"deal": "progressive"} if key in ("pajiwo", "dagunzi") else {}
    engine = _engine(key, seed, **options)
    rng = random.Random(seed)
    followed = DecisionClock()
    followed.follow(engine, 4)
    for _ in range(cut):
        if engine.is_over:
            break
        engine.apply(_next(engine, rng))
        followed.follow(engine, 4)
    rebuilt = DecisionClock()
    rebuilt.follow(engine, 4)  # never saw the game: replays the log
    assert rebuilt.step == followed.step == step_count(engine.actions)
    assert rebuilt.opened == followed.opened


@pytest.mark.parametrize("key", ["pajiwo", "dagunzi", "dagun", "jintan"])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.integers(EXACT_REBUILD_MAX + 1, 400))
def test_a_long_log_is_estimated_never_stricter_than_the_truth(
    key: str, seed: int, cut: int
) -> None:
    engine_type = GAMES[key].engine()
    options = {"deal": "progressive"} if key in ("pajiwo", "dagunzi") else {}
    engine = engine_type(seed, engine_type.options_type.from_dict(options))
    rng = random.Random(seed)
    followed = DecisionClock()
    followed.follow(engine, 4)
    while len(engine.actions) < cut and not engine.is_over:
        engine.apply(_next(engine, rng))
        followed.follow(engine, 4)
    rebuilt = DecisionClock()
    rebuilt.follow(engine, 4)  # a long log: estimated without a replay
    assert rebuilt.step == followed.step
    assert set(rebuilt.opened) == set(followed.opened)
    for seat, (sig, number) in followed.opened.items():
        assert rebuilt.opened[seat][0] == sig
        assert rebuilt.opened[seat][1] <= number  # opened no later than the truth
        # so the controls of every decision that stands are still good
        assert rebuilt.verdict(seat, number) == "current"
