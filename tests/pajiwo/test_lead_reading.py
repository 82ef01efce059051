"""A seat's view says how the lead was read (issue 8): ``view()["trick"]["lead"]`` holds the
lead's units, their kinds and, for a throw (甩牌), whether it stood (pajiwo.txt:103-105)."""

from __future__ import annotations

from .helpers import act, new_game, setup_play


def test_a_tractor_lead_is_read_as_one_tractor_for_every_seat() -> None:
    g = new_game(1)
    hands = ["2s 2s 3s 3s 4s 4s", "7s 7s 8s 8s 10s 10s Qs Qs 9h Kd", "6d", "7d"]
    setup_play(g, dealer=0, levels=(5, 2), trump="H", hands=hands)
    assert g.view(1)["trick"]["lead"] is None  # nothing led yet
    act(g, 0, "play", "2s 2s 3s 3s 4s 4s")
    reading = {
        "seat": 0,
        "suit": "S",
        "units": [{"kind": "tractor", "cards": ["4s", "4s", "3s", "3s", "2s", "2s"], "length": 3}],
        "throw": None,
    }
    for seat in (None, 0, 1, 2, 3):
        assert g.view(seat)["trick"]["lead"] == reading


def test_a_failed_throw_reads_as_the_card_it_was_cut_to_and_did_not_stand() -> None:
    g = new_game(1)
    setup_play(
        g,
        dealer=0,
        levels=(2, 2),
        trump="S",
        hands=["Ah Qh 3c", "Kh 4c 5c", "6d 7d 8d", "6c 7c 8c"],
    )
    act(g, 0, "play", "Ah Qh")
    thrown = [
        {"kind": "single", "cards": ["Ah"], "length": 1},
        {"kind": "single", "cards": ["Qh"], "length": 1},
    ]
    assert g.view(2)["trick"]["lead"] == {
        "seat": 0,
        "suit": "H",
        "units": [{"kind": "single", "cards": ["Qh"], "length": 1}],
        "throw": {"stood": False, "units": thrown},
    }
    for seat, card in ((1, "Kh"), (2, "6d"), (3, "6c")):
        act(g, seat, "play", card)
    view = g.view(None)
    assert view["trick"]["lead"] is None  # the next trick has no lead yet
    assert view["last_trick"]["lead"]["throw"] == {"stood": False, "units": thrown}


def test_a_throw_that_stands_says_so() -> None:
    g = new_game(1)
    setup_play(
        g,
        dealer=0,
        levels=(2, 2),
        trump="S",
        hands=["Ah Ah Kh", "Qh 4c 5c", "Jh 7d 8d", "6c 7c 8c"],
    )
    act(g, 0, "play", "Ah Ah Kh")
    units = [
        {"kind": "pair", "cards": ["Ah", "Ah"], "length": 1},
        {"kind": "single", "cards": ["Kh"], "length": 1},
    ]
    lead = g.view(3)["trick"]["lead"]
    assert lead == {
        "seat": 0,
        "suit": "H",
        "units": units,
        "throw": {"stood": True, "units": units},
    }


def test_a_trump_lead_reads_as_trump() -> None:
    g = new_game(1)
    setup_play(g, dealer=0, levels=(2, 2), trump="S", hands=["2h 2h", "3s 4s", "5d 6d", "7c 8c"])
    act(g, 0, "play", "2h 2h")
    lead = g.view(1)["trick"]["lead"]
    assert (lead["suit"], [u["kind"] for u in lead["units"]]) == ("trump", ["pair"])
