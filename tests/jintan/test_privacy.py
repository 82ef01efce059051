"""Who may claim a discard is private: the public view and every other seat's view say
only that a claim window is open, and refusals never name the seats it waits for."""

from __future__ import annotations

import json

import pytest

from games.base import Action, IllegalAction
from tests.jintan.helpers import IDLE, discard, offers, rig

PONGER = "55s 147m 147p E S W N C"


def _window(ponger: int):  # type: ignore[no-untyped-def]
    hands = {0: IDLE + " 5s", ponger: PONGER}
    game = rig(hands)
    discard(game, 0, "5s")
    assert offers(game) == {ponger: ("pong", "pass")}
    return game


def _public(view: dict) -> str:  # type: ignore[type-arg]
    view = dict(view)
    view.pop("hand", None)
    view.pop("waits", None)
    view["players"] = [dict(p, concealed=None) for p in view["players"]]
    return json.dumps(view, sort_keys=True)


def test_public_view_says_only_that_a_window_is_open() -> None:
    game = _window(2)
    public = game.view(None)
    assert public["claim_window"] == {"open": True, "kind": "discard", "tile": "5s", "from": 0}
    assert public["turn"] is None and public["legal"] == []


def test_views_do_not_depend_on_who_may_claim() -> None:
    a, b = _window(2), _window(3)
    assert _public(a.view(None)) == _public(b.view(None))
    assert _public(a.view(1)) == _public(b.view(1))  # seat 1 may claim in neither
    assert "claim" not in a.view(1) and a.view(1)["legal"] == []
    assert a.view(2)["claim"] == {"kinds": ["pong", "pass"], "chows": []}
    assert b.view(3)["claim"] == {"kinds": ["pong", "pass"], "chows": []}


def test_refusal_to_a_seat_without_a_claim_names_nobody() -> None:
    for ponger in (2, 3):
        game = _window(ponger)
        with pytest.raises(IllegalAction) as err:
            game.apply(Action(1, "pong"))
        assert err.value.code == "not_your_turn"
        assert err.value.message == "you have no claim on this tile"
        assert set(err.value.params) == {"seat"}


def test_answers_are_silent_until_the_window_resolves() -> None:
    game = rig({0: IDLE + " 5s", 1: "123m 456m 789p 111s 5s", 2: PONGER}, flowers={1: "春"})
    discard(game, 0, "5s")
    assert offers(game) == {1: ("win", "pass"), 2: ("pong", "pass")}
    events = game.apply(Action(2, "pass"))
    assert events == []  # nobody learns that seat 2 answered, or how
    assert game.view(None)["claim_window"]["open"]


def test_a_claim_with_a_tile_is_refused_alike_for_every_seat() -> None:
    """碰 / 胡 / 过 carry no tile: one with data is refused, never the claim with it ignored;
    the same answer whoever may claim (it says nothing of the offers)."""
    answers = set()
    for ponger in (2, 3):
        game = _window(ponger)
        before = game.snapshot()
        for seat in (1, 2, 3):
            for kind in ("pong", "win", "pass"):
                with pytest.raises(IllegalAction) as err:
                    game.apply(Action(seat, kind, {"tile": "9m"}))
                answers.add((seat, err.value.code, err.value.message))
                assert err.value.params == {"kind": kind, "reason": "takes_nothing"}
        assert game.snapshot() == before
        game.apply(Action(ponger, "pong"))  # the claim alone still works
    assert ("2", "bad_data", "a pong (碰) takes no tiles: it is the move alone") in {
        (str(s), c, m) for s, c, m in answers
    }
    assert len(answers) == 9  # 3 seats x 3 kinds, the same in both tables
