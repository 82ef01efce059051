"""The search bot's parts: voids read from the tricks, worlds that keep the view, the paired
confidence rule, and the search on a real deal."""

from __future__ import annotations

import random
from collections import Counter

from games.base import Action
from games.dagun import BOTS as DAGUN_BOTS
from games.dagun import DagunGame
from games.dagun.search import sample_world as dagun_world
from games.pajiwo import BOTS, PajiwoGame, PajiwoOptions
from games.pajiwo import play as tricks
from games.search import _confident_gain
from games.tricks.search import sample_world, voids


def _in_play(seed: int, tricks_done: int) -> PajiwoGame:
    """A heuristic one-hand 扒鸡窝 game after ``tricks_done`` whole tricks."""
    game = PajiwoGame(seed, PajiwoOptions.from_dict({"match": "one_hand", "deal": "all_at_once"}))
    bot, rng = BOTS["heuristic"](), random.Random(seed)
    while not (
        game.phase == "play" and len(game.tricks_done) >= tricks_done and not game.trick_plays
    ):
        d = next(d for d in game.pending() if d.required)
        game.apply(game.table_action() if d.seat is None else bot.choose(game, d.seat, rng))  # type: ignore[arg-type]
    return game


def test_a_seat_that_did_not_follow_suit_is_void_in_it() -> None:
    order = tricks.trump_order(tricks.Rank(2), tricks.Suit.SPADES)
    view = {
        "tricks": [
            {
                "plays": [
                    {"seat": 0, "cards": ["Ah"]},
                    {"seat": 1, "cards": ["3h"]},
                    {"seat": 2, "cards": ["4c"]},  # no heart: void in hearts
                    {"seat": 3, "cards": ["5s"]},  # a trump (ruff): void in hearts too
                ]
            }
        ],
        "trick": {
            "plays": [{"seat": 1, "cards": ["Kd", "Kd"]}, {"seat": 2, "cards": ["Qd", "3c"]}]
        },
    }
    assert voids(view, order) == {
        2: {tricks.Suit.HEARTS, tricks.Suit.DIAMONDS},
        3: {tricks.Suit.HEARTS},
    }


def test_a_world_keeps_the_view_and_deals_only_the_unseen_cards() -> None:
    game = _in_play(seed=21, tricks_done=6)
    seat = game.trick_leader
    assert seat is not None
    shown = voids(game.view(seat), game.order)
    for n in range(5):
        world = sample_world(game, seat, random.Random(n))
        assert world is not None
        assert world.view(seat) == game.view(seat)
        assert [len(h) for h in world.hands] == [len(h) for h in game.hands]  # type: ignore[attr-defined]
        dealt = Counter(c for s in range(4) if s != seat for c in world.hands[s])  # type: ignore[attr-defined]
        if game.kitty_seen_by != seat:
            dealt.update(world.kitty)  # type: ignore[attr-defined]
        assert dealt == Counter(game.unseen_by(seat))
        for s, suits in shown.items():
            if s != seat:
                assert not [c for c in world.hands[s] if game.order.suit_of(c) in suits]  # type: ignore[attr-defined]
    # different worlds differ: the hidden cards really are dealt again
    a, b = (sample_world(game, seat, random.Random(n)) for n in (1, 2))
    assert a is not None and b is not None
    assert a.hands != b.hands  # type: ignore[attr-defined]


def test_no_world_outside_the_play_of_tricks() -> None:
    game = PajiwoGame(3, PajiwoOptions.from_dict({"match": "one_hand", "deal": "all_at_once"}))
    assert game.phase == "auction"
    assert sample_world(game, 0, random.Random(0)) is None


def test_a_dagun_world_gives_the_called_card_to_the_dealer_and_a_possible_partner() -> None:
    game = DagunGame(8, DagunGame.options_type.from_dict({"match": "one_hand"}))
    bot, rng = DAGUN_BOTS["heuristic"](), random.Random(8)
    for _ in range(12):
        (d,) = game.pending()
        assert d.seat is not None
        game.apply(bot.choose(game, d.seat, rng))
    seat = next(s for s in range(4) if s not in (game.dealer, game.partner))
    assert not game.revealed
    partners = set()
    for n in range(12):
        world = dagun_world(game, seat, random.Random(n))
        assert world is not None and world.view(seat) == game.view(seat)
        assert game.called in world.hands[game.dealer] or game.called in world.played  # type: ignore[attr-defined]
        assert world.partner not in (seat, game.dealer)  # type: ignore[attr-defined]
        assert game.called in world.hands[world.partner]  # type: ignore[attr-defined]
        partners.add(world.partner)  # type: ignore[attr-defined]
    assert len(partners) == 2  # the seat cannot tell which of the other two it is


def test_a_move_must_beat_the_heuristic_with_confidence() -> None:
    assert _confident_gain([0.0]) == 0.0  # one world proves nothing
    assert _confident_gain([1.0, 0.0, 1.0, 0.0]) > 0  # mean 0.5, one s.e. 0.29
    assert _confident_gain([1.0, -1.0, 1.0, -1.0, 0.5]) == 0.0  # mean 0.1 within the noise
    assert _confident_gain([0.01, 0.01, 0.01]) == 0.0  # too small a gain to change


def test_the_search_bot_plays_legal_moves_the_same_from_the_same_seed() -> None:
    game = _in_play(seed=4, tricks_done=3)
    seat = game.trick_leader
    assert seat is not None
    strong = BOTS["strong"](rollouts=3, budget_ms=100_000)
    first = strong.choose(game, seat, random.Random(9))
    again = BOTS["strong"](rollouts=3, budget_ms=100_000).choose(game, seat, random.Random(9))
    assert first == again
    game.check(Action(seat, first.kind, dict(first.data)))
