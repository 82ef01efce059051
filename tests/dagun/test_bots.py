"""The bots: legal, blind to hidden cards and to the secret partner, and the partner inference."""

from __future__ import annotations

import copy
import random
from typing import Any

from games.base import Action
from games.dagun import BOTS, DagunGame, DagunOptions, HeuristicPlayer
from games.dagun.bots import guess_friends


def _mid_hand(seed: int, plays: int = 8) -> DagunGame:
    game = DagunGame(seed, DagunOptions(match="one_hand", alone=False))
    bots, rng = [HeuristicPlayer() for _ in range(4)], random.Random(seed)
    for _ in range(plays):
        (d,) = game.pending()
        assert d.seat is not None
        game.apply(bots[d.seat].choose(game, d.seat, rng))
    return game


def test_a_bot_cannot_tell_who_the_partner_is() -> None:
    """Move the called card to another seat (the view of the seat to move is the same): the
    heuristic chooses the same move, so it never reads the secret."""
    checked = 0
    for seed in range(30):
        game = _mid_hand(seed)
        (d,) = game.pending()
        seat = d.seat
        assert seat is not None
        if game.revealed or seat == game.partner:
            continue
        others = [s for s in range(4) if s not in (seat, game.dealer, game.partner)]
        if not others or not game.hands[others[0]]:
            continue
        other = others[0]
        twin = copy.deepcopy(game)
        # swap the partner's called card with a card of the other seat: the partner changes
        give = next(c for c in twin.hands[other] if c != twin.called)
        twin.hands[twin.partner].remove(twin.called)
        twin.hands[twin.partner].append(give)
        twin.hands[other].remove(give)
        twin.hands[other].append(twin.called)
        twin.partner = other
        assert twin.view(seat) == game.view(seat)
        a = HeuristicPlayer().choose(game, seat, random.Random(1))
        b = HeuristicPlayer().choose(twin, seat, random.Random(1))
        assert a == b
        checked += 1
    assert checked >= 5


def test_guess_friends_from_public_play() -> None:
    view: dict[str, Any] = {
        "seat": 0,
        "dealer": 0,
        "teams": None,
        "you_are_partner": False,
        "history": [
            {"seat": 0, "as": "3"},
            {"seat": 1, "as": "4"},
            {"seat": 2, "as": "5"},
            {"seat": 3, "as": "6"},
            {"seat": 0, "as": "7"},
            {"seat": 1, "as": "8"},
            {"seat": 2, "as": "9"},
            {"seat": 0, "as": "T"},
            {"seat": 1, "as": "J"},
            {"seat": 2, "as": "Q"},
        ],
    }
    # seat 1 keeps beating the dealer; seat 2 beats the others: seat 2 looks like the partner
    assert guess_friends(view) == {1: False, 2: True, 3: False}
    view["teams"] = [[0, 3], [1, 2]]
    assert guess_friends(view) == {1: False, 2: False, 3: True}
    assert guess_friends({"seat": 2, "dealer": 1, "teams": None, "you_are_partner": True}) == {
        0: False,
        1: True,
        3: False,
    }


def test_the_heuristic_lets_a_known_partner_play_stand() -> None:
    game = _mid_hand(4, plays=0)
    seat = game.partner
    # the dealer leads; when the turn reaches the partner it passes on the dealer's play
    bots, rng = [HeuristicPlayer() for _ in range(4)], random.Random(0)
    for _ in range(200):
        (d,) = game.pending()
        assert d.seat is not None
        action = bots[d.seat].choose(game, d.seat, rng)
        if (
            d.seat == seat
            and game.standing is not None
            and game.standing.seat == game.dealer
            and len(game.hands[seat]) > game.standing.combo.size
        ):
            assert action == Action(seat, "pass")
            return
        game.apply(action)
    raise AssertionError("the partner never answered the dealer")


def test_random_bot_is_legal_and_rarely_plays_alone() -> None:
    alone = 0
    for seed in range(40):
        game = DagunGame(seed, DagunOptions(match="one_hand"))
        action = BOTS["random"]().choose(game, game.dealer, random.Random(seed))
        game.check(action)
        alone += action.kind == "declare_alone"
    assert alone <= 8
