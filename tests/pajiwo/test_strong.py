"""The 扒鸡窝 strong bot's own parts (:mod:`games.pajiwo.strong`): the leads it compares, the
value of a finished hand, and a decision of a real deal where they make it play better."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from games.base import Action
from games.cards import format_card_ascii, parse_card
from games.duplicate import deal_game, play_decisions
from games.pajiwo import BOTS, PajiwoGame
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.strong import candidate_moves, declared_held, sample_world, win_chance
from games.search import clone, finish_hand
from games.tricks.search import sample_world as shared_sample_world


def _decision(seed: int, deal: int, n: int) -> tuple[PajiwoGame, int]:
    """The ``n``-th decision with a choice in the play of deal number ``deal`` of the duplicate
    harness's ``seed`` (its cards and random source), every seat played by the heuristic."""
    game: Any
    game, rng = deal_game("pajiwo", seed, deal)
    seen = 0
    for seat in play_decisions(game, HeuristicPlayer(), rng):
        if game.phase == "play" and len(game.legal_actions(seat, limit=2)) > 1:
            seen += 1
            if seen == n:
                return game, seat
    raise AssertionError(f"deal {deal} has fewer than {n} decisions")


def _played_out(game: PajiwoGame, move: Action) -> tuple[bool, int]:
    """``move`` played in the real deal and the hand finished by the heuristic in every seat:
    (the mover's side won, the defenders' points)."""
    world = clone(game)
    world.apply(move)
    finish_hand(world, [HeuristicPlayer() for _ in range(4)], random.Random(0))
    summary = world.hand_results[-1].summary
    return move.seat in summary["winner_team"], int(summary["defenders_points"])


def test_the_leads_compared_hold_every_suit_led_high_and_low() -> None:
    game, seat = _decision(3001, 14, 18)
    assert game.lead is None  # the seat leads
    order = game.order
    assert order is not None
    moves = candidate_moves(game, seat, 8)
    assert len(moves) == 8
    for move in moves:
        game.check(move)  # every one is legal
    led = [[parse_card(c) for c in m.data["cards"]] for m in moves]
    for suit in {order.suit_of(c) for c in game.hands[seat]}:
        held = [c for c in game.hands[seat] if order.suit_of(c) == suit]
        low = min(order.strength(c) for c in held)
        # the suit's lowest card led alone
        assert any(len(x) == 1 and x[0] in held and order.strength(x[0]) == low for x in led)
    # the engine's own first eight leads (throws, pairs and top cards first) hold no low club
    engine8 = [a.data["cards"] for a in game.legal_actions(seat, limit=8)]
    assert ["5c"] not in engine8 and ["5c"] in [m.data["cards"] for m in moves]


def test_a_follow_compares_the_engines_follows() -> None:
    game, seat = _decision(3001, 14, 19)
    assert game.lead is not None
    assert candidate_moves(game, seat, 8) == game.legal_actions(seat, limit=8)


def test_a_hand_is_worth_the_chance_of_winning_it_smoothed_around_80_points() -> None:
    # the defenders need 80 (docs/rules/pajiwo.md, results): 75 and 80 sit either side of 0.5
    assert win_chance(75, defending=True) < 0.5 < win_chance(80, defending=True)
    assert win_chance(80, defending=True) - win_chance(75, defending=True) < 0.1
    # far from the line the points matter little; the dealer's side sees the mirror image
    assert win_chance(0, defending=True) < 0.01 and win_chance(160, defending=True) > 0.99
    for points in (0, 40, 75, 80, 120):
        total = win_chance(points, defending=True) + win_chance(points, defending=False)
        assert abs(total - 1) < 1e-12
    values = [win_chance(p, defending=True) for p in range(0, 205, 5)]
    assert values == sorted(values)


def test_the_last_two_cards_lead_as_a_pair_and_the_hand_is_won() -> None:
    # deal 8 of seed 3001: the dealer (seat 0, ♥ trump) leads the second-to-last trick with
    # ♦10 ♦10 left; the defenders have 75 points and need 80. The heuristic leads one ♦10
    # (it counts a pair's points against it as twice a single's): seat 3, holding ♦Q ♦J,
    # wins both last tricks with their 35 points. The strong bot leads the pair, which only
    # a pair beats and nobody holds one: the dealer's side takes the last two tricks.
    game, seat = _decision(3001, 8, 54)
    assert seat == 0 == game.dealer and game.points[1] == 75
    assert [len(h) for h in game.hands] == [2, 2, 2, 2]
    heuristic = HeuristicPlayer().choose(game, seat, random.Random(0))
    assert heuristic.data["cards"] == ["10d"]
    for budget in ({"rollouts": 8}, {}):  # the duplicate runs' 8 worlds, the table's budget
        bot = BOTS["strong"](budget_ms=10**8, **budget)
        move = bot.choose(game, seat, random.Random(1))
        assert move.data["cards"] == ["10d", "10d"], budget
    assert _played_out(game, heuristic) == (False, 110)
    assert _played_out(game, Action(seat, "play", {"cards": ["10d", "10d"]})) == (True, 75)


def test_a_world_keeps_the_declared_cards_in_the_declarers_hand() -> None:
    # deal 1 of seed 3001: seat 0 declared ♣ with 小王 ♣2 ♣2 and has played none of them
    # after the first trick; every world seat 1 samples leaves them in seat 0's hand
    game, seat = _decision(3001, 1, 6)
    view = game.view(seat)
    held = declared_held(view, seat)
    assert held and all(s != seat for s in held)
    for n in range(8):
        world = sample_world(game, seat, random.Random(n))
        assert world is not None and world.view(seat) == view
        for s, cards in held.items():
            hand = Counter(format_card_ascii(c) for c in world.hands[s])  # type: ignore[attr-defined]
            assert not cards - hand, (s, cards, hand)
    # the shared sampler leaves them to chance
    shared = [shared_sample_world(game, seat, random.Random(n)) for n in range(8)]
    assert any(
        cards - Counter(format_card_ascii(c) for c in w.hands[s])  # type: ignore[attr-defined]
        for w in shared
        if w is not None
        for s, cards in held.items()
    )


def test_a_hidden_kitty_is_dealt_as_a_player_buries() -> None:
    # deal 2 of seed 3001: seat 1 buried ♠9 ♥3 ♥6 ♥9 ♣3 ♣6 ♣7 ♣9 (no points, no trump); seat 2
    # has not seen the kitty. Its worlds' kitties hold far fewer points than the shared
    # sampler's, which deals the kitty like a hand (扣底 multiplies them for the defenders);
    # seat 1, who buried it, keeps the real one in every world
    game, seat = _decision(3001, 2, 6)
    assert (seat, game.kitty_seen_by) == (2, 1)
    assert sum(c.points for c in game.kitty) == 0
    worlds: Any = [sample_world(game, seat, random.Random(n)) for n in range(30)]
    shared: Any = [shared_sample_world(game, seat, random.Random(n)) for n in range(30)]
    points = sum(c.points for w in worlds for c in w.kitty) / 30
    shared_points = sum(c.points for w in shared for c in w.kitty) / 30
    assert points < 8 < 15 < shared_points
    burier, s = _decision(3001, 2, 9)
    assert s == 1
    for n in range(5):
        world: Any = sample_world(burier, 1, random.Random(n))
        assert Counter(world.kitty) == Counter(burier.kitty)
