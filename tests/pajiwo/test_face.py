"""The engine's face: registry, options and presets, views, events, pending decisions."""

from __future__ import annotations

import pytest

from games.base import Action, Decision, OptionError
from games.pajiwo import BOTS, GAME, HeuristicPlayer, PajiwoOptions, RandomPlayer
from games.registry import get_game

from .helpers import act, new_game, rig, setup_play


def test_registry_finds_the_engine_and_bots() -> None:
    spec = get_game("扒鸡窝")
    assert spec.engine() is GAME
    assert GAME.name == "pajiwo" and GAME.title == "扒鸡窝 Pajiwo" and GAME.seat_count == 4
    assert isinstance(BOTS["random"](), RandomPlayer)
    assert isinstance(BOTS["heuristic"](), HeuristicPlayer)


def test_presets_are_valid_and_standard_is_the_seed() -> None:
    assert GAME.presets["standard"] == {}
    for name, values in GAME.presets.items():
        opts = PajiwoOptions.from_dict(values)
        assert isinstance(opts, PajiwoOptions), name
    assert PajiwoOptions.from_dict(GAME.presets["quick"]).match == "one_hand"
    assert PajiwoOptions().deal == "progressive" and PajiwoOptions().failed_throw == "smallest_card"


@pytest.mark.parametrize(
    ("values", "fragment"),
    [
        ({"deal": "sometimes"}, "option 'deal' must be one of progressive, all_at_once"),
        ({"target_level": 15}, "option 'target_level' must be at most 14"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_bad_options_are_refused(values: dict[str, object], fragment: str) -> None:
    with pytest.raises(OptionError, match=fragment):
        PajiwoOptions.from_dict(values)


def test_dealing_decisions_table_step_and_optional_declares() -> None:
    g = new_game(1, deal_delay_ms=2500)
    pend = g.pending()
    assert pend[0] == Decision(None, ("deal",), True, 2.5, "deal the next cards")
    assert [(d.seat, d.required) for d in pend[1:]] == [(s, False) for s in range(4)]
    assert g.table_action() == Action(None, "deal")
    assert g.view(0)["turn"] == [] and g.view(0)["optional"] == [0, 1, 2, 3]


def test_hand_over_decision_and_kitty_shown_to_all() -> None:
    g = new_game(1, next_hand_delay_ms=4000)
    setup_play(g, dealer=0, levels=(2, 2), trump="S", hands=["BJ", "3h", "4h", "6h"])
    assert g.view(1)["kitty"] is None and g.view(0)["kitty"] is not None
    events = []
    for seat, card in enumerate(["BJ", "3h", "4h", "6h"]):
        events += act(g, seat, "play", card)
    assert [e.kind for e in events] == ["trick_won", "hand_over", "level_up"]
    assert events[-1].text == "seats 0 & 2 go up 3 to 5"
    assert g.pending() == [Decision(None, ("next_hand",), True, 4.0, "deal the next hand")]
    assert g.view(None)["kitty"] is not None and len(g.view(None)["kitty"]) == 8
    assert g.view(3)["hand_results"][0]["summary"]["result"] == "大光"


def test_view_shows_hand_in_trump_order_and_public_state() -> None:
    g = new_game(1, deal="all_at_once")
    rig(g, ["BJ 2h 2h 3h Ac"])
    while g.turn != 0:
        act(g, g.turn, "pass")
    act(g, 0, "declare", "BJ 2h 2h")
    view = g.view(0)
    hand = view["hand"]
    assert hand[0] == "BJ"  # trumps first, strongest first
    assert hand.index("2h") < hand.index("3h") < hand.index("Ac")  # ♥ trump before the side suits
    assert view["declarations"] == [
        {
            "seat": 0,
            "cards": ["BJ", "2h", "2h"],
            "kind": "declare",
            "phase": "auction",
            "trump": "H",
            "no_trump": False,
        }
    ]
    assert view["trump"] == {
        "suit": "H",
        "no_trump": False,
        "fixed_by": "declaration",
        "kitty_card": None,
    }
    assert view["dealer"] == 0 and view["level"] == "2" and view["team_levels"] == ["2", "2"]


def test_a_to_level_match_must_aim_above_the_start_level() -> None:
    # otherwise the first level gained would end the match at once, whatever the hand
    with pytest.raises(OptionError, match="'target_level' 5 must be above start_level 6"):
        PajiwoOptions.from_dict({"match": "to_level", "target_level": 5, "start_level": 6})
    with pytest.raises(OptionError, match="must be above start_level"):
        PajiwoOptions(match="to_level", target_level=6).replace(start_level=6)
    # the target only matters in a to_level match
    assert PajiwoOptions.from_dict({"target_level": 5, "start_level": 6}).start_level == 6
