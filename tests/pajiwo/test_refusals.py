"""Every kind of bad action, in every phase, is refused with a specific code and message and
changes nothing (docs/rules/pajiwo.md#12)."""

from __future__ import annotations

from typing import Any

import pytest

from games.base import Action, IllegalAction
from games.pajiwo.engine import PajiwoGame

from .helpers import act, deal_all, new_game, rig, setup_play


def refused(game: PajiwoGame, action: Action, code: str, fragment: str) -> None:
    before = game.snapshot()
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert err.value.code == code, err.value.message
    assert fragment in err.value.message
    assert game.snapshot() == before


def dealing() -> PajiwoGame:
    g = new_game(5)
    rig(g, ["BJ 2h 2s 2h", "BJ 2d 2d", "2c 2c", "SJ SJ"])
    act(g, None, "deal")
    return g


def bury_phase() -> PajiwoGame:
    g = dealing()
    act(g, 0, "declare", "BJ 2h")
    deal_all(g)
    act(g, 1, "pass")
    act(g, 3, "pass")
    assert g.phase == "bury"
    return g


def rebel_phase() -> PajiwoGame:
    g = dealing()
    act(g, 0, "declare", "BJ 2h")
    deal_all(g)
    assert g.phase == "rebel"
    return g


def pajiwo_round() -> PajiwoGame:
    g = bury_phase()
    g.apply(Action(0, "bury", {"cards": [str(c) for c in g.hands[0][-8:]]}))
    assert g.phase == "pajiwo" and g.turn == 1
    act(g, 1, "declare", "BJ 2d 2d")
    g.apply(Action(1, "bury", {"cards": [str(c) for c in g.hands[1][-8:]]}))
    assert g.turn == 2
    return g


def match_over() -> PajiwoGame:
    g = new_game(1)
    setup_play(g, dealer=0, levels=(14, 13), trump="S", hands=["BJ", "3h", "4h", "6h"])
    for seat, card in enumerate(["BJ", "3h", "4h", "6h"]):
        act(g, seat, "play", card)
    assert g.phase == "match_over"
    return g


CASES: list[tuple[str, Any, Action, str, str]] = [
    ("dealing", dealing, Action(0, "play", {"cards": ["Ah"]}), "wrong_phase", "cannot play now"),
    ("dealing", dealing, Action(0, "declare", {"cards": 5}), "bad_cards", "not 5"),
    ("dealing", dealing, Action(0, "declare", {"cards": [5]}), "bad_cards", "not [5]"),
    ("dealing", dealing, Action(0, "declare", {}), "bad_cards", "needs data"),
    ("dealing", dealing, Action(0, "declare", {"cards": ["XX"]}), "bad_cards", "'XX'"),
    ("dealing", dealing, Action(0, "declare", {"cards": ["BJ", "2s"]}), "joker_colour", "♠2"),
    ("dealing", dealing, Action(0, "declare", {"cards": ["BJ", "3h"]}), "not_in_hand", "♥3"),
    ("dealing", dealing, Action(0, "dance"), "unknown_action", "'dance' is not"),
    ("dealing", dealing, Action(0, ["play"]), "unknown_action", "['play'] is not"),  # type: ignore[arg-type]
    ("dealing", dealing, Action(4, "pass"), "bad_seat", "there is no seat 4"),
    ("dealing", dealing, Action(None, "next_hand"), "wrong_phase", "cannot next_hand"),
    ("bury", bury_phase, Action(0, "bury", {"cards": ["2h"] * 7}), "wrong_count", "not 7"),
    (
        "bury",
        bury_phase,
        Action(0, "bury", {"cards": ["Ah"] * 8}),
        "not_in_hand",
        "you do not hold ♥A",
    ),
    ("bury", bury_phase, Action(1, "bury", {"cards": ["3c"] * 8}), "not_your_turn", "seat 0"),
    ("bury", bury_phase, Action(1, "rebel"), "not_your_turn", "seat 0"),
    # 造反 and a pass are the move alone: cards typed at them are refused, never ignored
    (
        "rebel",
        rebel_phase,
        Action(1, "rebel", {"cards": ["3h", "3h", "3h"]}),
        "bad_data",
        "造反 (rebelling) takes no cards",
    ),
    ("rebel", rebel_phase, Action(1, "pass", {"cards": ["3h"]}), "bad_data", "a pass takes no"),
    (
        "pajiwo",
        pajiwo_round,
        Action(2, "declare", {"cards": ["2c", "2c", "SJ"]}),
        "not_in_hand",
        "小王",
    ),
    ("pajiwo", pajiwo_round, Action(3, "pass"), "not_your_turn", "seat 2"),
    ("pajiwo", pajiwo_round, Action(2, "play", {"cards": ["2c"]}), "wrong_phase", "pajiwo"),
    ("over", match_over, Action(0, "play", {"cards": ["BJ"]}), "match_over", "is over"),
    ("over", match_over, Action(None, "next_hand"), "match_over", "is over"),
]


@pytest.mark.parametrize(
    ("phase", "make", "action", "code", "fragment"), CASES, ids=[f"{c[0]}-{c[3]}" for c in CASES]
)
def test_refusals(phase: str, make: Any, action: Action, code: str, fragment: str) -> None:
    game = make()
    assert game.phase == ("match_over" if phase == "over" else phase)
    refused(game, action, code, fragment)


def test_a_weaker_overcall_in_the_pajiwo_round_is_refused() -> None:
    """pajiwo.txt:77: overcalls in the 扒鸡窝 round follow the ladder (pajiwo.txt:59-61)."""
    g = new_game(5)
    rig(g, ["BJ 2h 2h", "BJ 2d 2d", "SJ 2c 2c", "SJ 2s"])
    act(g, None, "deal")
    act(g, 0, "declare", "BJ 2h 2h")
    deal_all(g)
    act(g, 1, "pass")
    act(g, 3, "pass")
    g.apply(Action(0, "bury", {"cards": [str(c) for c in g.hands[0][-8:]]}))
    refused(
        g,
        Action(1, "declare", {"cards": ["BJ", "2d", "2d"]}),
        "weak_overcall",
        "大王 ♦2 ♦2 does not beat 大王 ♥2 ♥2",
    )
    act(g, 1, "pass")
    refused(g, Action(2, "declare", {"cards": ["SJ", "2c", "2c"]}), "weak_overcall", "♣2 ♣2")
    act(g, 2, "pass")
    refused(g, Action(3, "declare", {"cards": ["SJ", "2s"]}), "weak_overcall", "a pair of ♥")
    act(g, 3, "pass")
    assert g.phase == "play" and g.kitty_owner == 0


@pytest.mark.parametrize("data", [None, [], "BJ 2h", 5])
def test_action_data_that_is_not_an_object_is_refused(data: Any) -> None:
    # Action.from_json refuses these; an Action built in code must not crash check() either,
    # nor be recorded (to_json would fail on it later)
    g = dealing()
    for action in (Action(0, "declare", data), Action(0, "pass", data), Action(None, "deal", data)):
        refused(g, action, "bad_data", "must be an object")
    assert g.actions == [Action(None, "deal")]
