"""The claim pause (option ``claim_pause_ms``, docs/security.md): at a table with people every
discard is held for one drawn pause, whether anyone may claim it or not, so neither the
events, the views nor the timing tell who could claim."""

from __future__ import annotations

import random
import statistics

from games.base import Action
from games.jintan import HeuristicPlayer, JintanGame, JintanOptions
from tests.jintan.helpers import IDLE, act, discard, rig

PAUSED = JintanOptions(claim_pause_ms=2000)


def _step(game: JintanGame) -> tuple[float, ...]:
    return tuple(d.delay_s or 0.0 for d in game.pending() if d.seat is None)


def test_a_discard_reads_the_same_whether_anyone_may_claim() -> None:
    pong = rig({0: IDLE + " 5s", 2: "55s 147m 147p E S W N C"}, options=PAUSED)
    none = rig({0: IDLE + " 5s", 2: "69s 147m 147p E S W N C"}, options=PAUSED)
    events = [
        pong.apply(Action(0, "discard", {"tile": "5s"})),
        none.apply(Action(0, "discard", {"tile": "5s"})),
    ]
    assert events[0] == events[1] and [e.kind for e in events[0]] == ["discard"]
    for seat in (None, 0, 1, 3):  # everyone but the seat that may pong
        assert pong.view(seat) == none.view(seat), seat
    assert pong.phase == none.phase == "claim"
    # the same pause, drawn from the seed and the window's number only
    assert _step(pong) == _step(none) and 1.0 <= _step(pong)[0] <= 3.0
    assert [d.seat for d in pong.pending() if d.required and d.seat is not None] == [2]
    assert all(d.private for d in pong.pending() if d.seat == 2 and d.required)
    # an answer in time changes nothing public: the window waits for the pause
    assert pong.apply(Action(2, "pass")) == []
    assert pong.phase == "claim" and pong.view(None) == none.view(None)
    after = [pong.apply(Action(None, "close_window")), none.apply(Action(None, "close_window"))]
    assert [e.kind for e in after[0]] == [e.kind for e in after[1]] == ["draw"]
    assert pong.turn == none.turn == 1


def test_a_person_thinking_longer_than_the_pause_holds_the_window() -> None:
    game = rig({0: IDLE + " 5s", 2: "55s 147m 147p E S W N C"}, options=PAUSED)
    discard(game, 0, "5s")
    assert act(game, None, "close_window") is None and game.phase == "claim"
    assert _step(game) == ()  # the pause is over: only the seat's answer is awaited
    act(game, 2, "pong")
    assert game.phase == "discard" and game.turn == 2


def test_without_the_pause_a_discard_nobody_may_claim_passes_at_once() -> None:
    game = rig({0: IDLE + " 5s"})
    discard(game, 0, "5s")
    assert game.phase == "discard" and game.turn == 1 and _step(game) == ()


def test_every_pause_of_a_hand_is_drawn_from_one_to_three_seconds() -> None:
    pauses: list[float] = []
    discards = 0
    for seed in range(1, 4):
        game = JintanGame(seed, JintanOptions(claim_pause_ms=2000, match="one_hand"))
        rng = random.Random(seed)
        while not game.is_over:
            required = [d for d in game.pending() if d.required]
            seats = [d for d in required if d.seat is not None]
            if seats:
                seat = seats[0].seat
                assert seat is not None
                move = HeuristicPlayer().choose(game, seat, rng)
            else:
                if required[0].kinds == ("close_window",):
                    pauses.append(required[0].delay_s or 0.0)
                move = Action(None, required[0].kinds[0])
            discards += sum(e.kind == "discard" for e in game.apply(move))
    assert len(pauses) >= discards  # one pause per discard (and per robbable added kong)
    assert all(1.0 <= p <= 3.0 for p in pauses)
    assert 1.7 <= statistics.mean(pauses) <= 2.3
    assert len(set(pauses)) > len(pauses) // 2  # drawn, not one fixed delay
