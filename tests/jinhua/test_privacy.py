"""Jinhua's own state stays private: a passed pong (the pong restriction) shows in no other
seat's view, and a refused claim on a discarded 财神 names nobody."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.base import IllegalAction
from tests.jinhua.helpers import IDLE, act, discard, jrig, offers, tiles


def _public(view: dict[str, Any]) -> str:
    view = dict(view)
    for key in ("hand", "waits", "drawn", "legal", "claim"):
        view.pop(key, None)
    view["players"] = [dict(p, concealed=None) for p in view["players"]]
    return json.dumps(view, sort_keys=True)


def test_a_passed_pong_is_in_no_other_view() -> None:
    a = jrig({0: IDLE + " 5p", 2: "55p 147m 147s E S W N C"})
    b = jrig({0: IDLE + " 5p", 2: "58p 147m 147s E S W N C"})
    discard(a, 0, "5p")
    discard(b, 0, "5p")
    assert offers(a) == {2: ("pong", "pass")} and offers(b) == {1: ("discard",)}
    act(a, 2, "pass")
    assert a.passed_pongs[2] == set(tiles("5p"))
    for seat in (None, 1, 3):
        assert _public(a.view(seat)) == _public(b.view(seat))
    assert "passed" not in json.dumps(a.view(None))


def test_refusing_a_caishen_claim_names_nobody() -> None:
    game = jrig({0: IDLE + " 9s", 1: "123m 456m 789p 78s 55s", 2: "9s 9s 147m 147p 1s E S W"})
    discard(game, 0, "9s")
    with pytest.raises(IllegalAction) as refused:
        act(game, 3, "pong")
    assert refused.value.code == "caishen_not_claimable"
    assert "seat" not in refused.value.message and refused.value.params == {"tile": "9s"}
