"""Standing choices: auto-win, no calls, discard the drawn tile; set at any time, private,
and replayed like every other action."""

from __future__ import annotations

import pytest

from games.base import Action, IllegalAction
from games.jintan import JintanGame
from tests.jintan.helpers import IDLE, act, discard, offers, rig


def test_auto_win_takes_a_discard_win_without_waiting() -> None:
    game = rig({0: IDLE + " 5s", 1: "123m 456m 789p 111s 5s"}, flowers={1: "春"})
    assert game.apply(Action(1, "standing", {"auto_win": True})) == []  # private: no event
    discard(game, 0, "5s")
    assert game.phase == "hand_over"
    assert game.hand_results[-1].summary["winners"] == [1]


def test_no_calls_is_never_offered_chow_pong_or_kong_but_may_win() -> None:
    game = rig({0: IDLE + " 5s", 2: "555s 147m 147p E S W C"})
    act(game, 2, "standing", no_calls=True)
    discard(game, 0, "5s")
    assert 2 not in offers(game) and game.turn == 1  # no window at all: seat 1 drew
    game = rig({0: IDLE + " 5s", 1: "123m 456m 789p 111s 5s"}, flowers={1: "春"})
    act(game, 1, "standing", no_calls=True)
    discard(game, 0, "5s")
    assert offers(game) == {1: ("win", "pass")}


def test_discard_drawn_throws_the_drawn_tile() -> None:
    game = rig({0: IDLE + " C"}, wall="F 9p 9p 9p")
    act(game, 1, "standing", discard_drawn=True)
    discard(game, 0, "C")
    assert [t for t, _ in game.river[1]] == [game.wall.tiles[0]]  # F, thrown at once
    assert game.turn == 2


def test_standing_choices_are_checked_private_and_replayed() -> None:
    game = JintanGame(4)
    with pytest.raises(IllegalAction) as err:
        game.apply(Action(2, "standing", {"auto_pass": True}))
    assert err.value.code == "bad_standing"
    game.apply(Action(2, "standing", {"auto_win": True, "discard_drawn": True}))
    assert game.view(2)["standing"]["auto_win"] is True
    assert not any(game.view(1)["standing"].values())  # seat 1 sees only its own
    assert "standing" not in game.view(None)
    assert game.view(1)["players"] == game.view(None)["players"]
    again = JintanGame.replay(4, game.options, game.actions)
    assert again.snapshot() == game.snapshot()
