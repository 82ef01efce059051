"""The 打滚子 strong bot's own parts (:mod:`games.dagunzi.strong`): the leads it compares, the
value of a finished hand around the 120-point line, and its worlds keeping the grabbed 大王."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from games.base import Action
from games.cards import format_card_ascii
from games.dagunzi import BOTS, DagunziGame
from games.dagunzi.bots import HeuristicPlayer
from games.dagunzi.strong import (
    LINE,
    buried_weight,
    candidate_moves,
    declared_kept,
    sample_world,
)
from games.duplicate import deal_game, play_decisions
from games.search import SearchPlayer
from games.tricks.search import declared_cards, declared_held, win_chance
from games.tricks.search import sample_world as shared_sample_world


def _decisions(seed: int, deal: int) -> Iterator[tuple[int, DagunziGame, int]]:
    """``(n, state, seat)`` for the decisions with a choice in the play of deal number ``deal``
    of the duplicate harness's ``seed``, every seat played by the heuristic."""
    game: Any
    game, rng = deal_game("dagunzi", seed, deal)
    seen = 0
    for seat in play_decisions(game, HeuristicPlayer(), rng):
        if game.hand_results:
            return
        if game.phase == "play" and len(game.legal_actions(seat, limit=2)) > 1:
            seen += 1
            yield seen, game, seat


def _decision(seed: int, deal: int, n: int) -> tuple[DagunziGame, int]:
    found = next((g, s) for m, g, s in _decisions(seed, deal) if m == n)
    return found


def test_the_first_lead_compares_low_singles_the_engine_does_not_list() -> None:
    # deal 1 of seed 3001: seat 3 grabbed the deal and leads the first trick; the engine's first
    # eight leads are 滚子 and 棒子 only, the ones compared lead ♦, ♥ and ♣ high and low
    game, seat = _decision(3001, 1, 1)
    assert seat == 3 == game.dealer and game.lead is None
    engine8 = [a.data["cards"] for a in game.legal_actions(seat, limit=8)]
    assert engine8[:3] == [["Jd", "Jd", "Jd"], ["10h", "10h", "10h"], ["7c", "7c", "7c"]]
    assert all(len(cards) >= 2 for cards in engine8)
    moves = candidate_moves(game, seat, 8)
    for move in moves:
        game.check(move)
    assert [m.data["cards"] for m in moves] == [
        ["Jd", "Jd", "Jd"],
        ["5d"],
        ["10h", "10h", "10h"],
        ["5h"],
        ["7c", "7c", "7c"],
        ["4c"],
        ["Ks"],
        ["Jd"],
    ]


def test_a_follow_compares_the_engines_follows() -> None:
    game, seat = _decision(3001, 1, 2)
    assert game.lead is not None
    assert candidate_moves(game, seat, 8) == game.legal_actions(seat, limit=8)


def test_a_hand_is_worth_the_chance_of_winning_it_smoothed_around_120_points() -> None:
    # the defenders take the deal with 120 (dagunzi.txt:83-97): 115 and 120 sit either side
    assert win_chance(115, True, LINE, 20) < 0.5 < win_chance(120, True, LINE, 20)
    assert win_chance(120, False, LINE, 20) < 0.5 < win_chance(115, False, LINE, 20)
    assert win_chance(0, True, LINE, 20) < 0.01 and win_chance(300, True, LINE, 20) > 0.99


def test_a_world_keeps_the_grabbed_big_joker_in_the_grabbers_hand() -> None:
    # deal 1 of seed 3001: seat 3 showed a 大王 to grab the deal (抢亮) and has not played it by
    # seat 0's first follow; every world seat 0 samples leaves one 大王 in seat 3's hand
    game, seat = _decision(3001, 1, 2)
    view = game.view(seat)
    assert seat == 0 and declared_held(view, seat) == {3: Counter({"BJ": 1})}
    for n in range(8):
        world = sample_world(game, seat, random.Random(n))
        assert world is not None and world.view(seat) == view
        assert "BJ" in [format_card_ascii(c) for c in world.hands[3]]  # type: ignore[attr-defined]
    # the shared sampler leaves it to chance
    shared = [shared_sample_world(game, seat, random.Random(n)) for n in range(8)]
    assert any(
        "BJ" not in [format_card_ascii(c) for c in w.hands[3]]  # type: ignore[attr-defined]
        for w in shared
        if w is not None
    )


def test_the_table_bot_is_this_search() -> None:
    bot = BOTS["strong"]()
    assert isinstance(bot, SearchPlayer)
    assert bot.determinize is sample_world
    assert bot.moves is candidate_moves


def test_a_hidden_kitty_holds_what_a_player_buries() -> None:
    # deal 1 of seed 3001: seat 3 buried ♠6 ♠7 ♠8 ♠9 ♠J ♦4 (no points, no trump); seat 0 has
    # not seen the kitty. Its worlds never bury a joker there (a kitty with jokers is shown)
    # and seldom points or trumps; the shared sampler deals the kitty like a hand
    game, seat = _decision(3001, 1, 2)
    assert seat != game.dealer and not game.kitty_public
    assert sum(c.points for c in game.kitty) == 0
    worlds: Any = [sample_world(game, seat, random.Random(n)) for n in range(40)]
    shared: Any = [shared_sample_world(game, seat, random.Random(n)) for n in range(40)]
    assert all(w.view(seat) == game.view(seat) for w in worlds)
    assert not any(c.is_joker for w in worlds for c in w.kitty)
    assert any(c.is_joker for w in shared for c in w.kitty)
    points = [sum(c.points for c in w.kitty) for w in worlds]
    shared_points = [sum(c.points for c in w.kitty) for w in shared]
    assert sum(points) / 40 < 6 < 10 < sum(shared_points) / 40
    trumps = sum(w.order.is_trump(c) for w in worlds for c in w.kitty)
    shared_trumps = sum(w.order.is_trump(c) for w in shared for c in w.kitty)
    assert trumps < shared_trumps / 2
    assert buried_weight(game.kitty[0], game.order) == 1.0


def test_a_kitty_of_six_point_cards_is_dealt_as_the_view_says() -> None:
    # deal 1 of seed 3001, the dealer burying six point cards (55 points): that closes burying
    # jokers (dagunzi.txt:49,53), which every seat's view shows, so seat 0's worlds bury only
    # 5s, 10s and Ks though it has not seen them
    game: Any
    game, rng = deal_game("dagunzi", 3001, 1)
    for seat in play_decisions(game, HeuristicPlayer(), rng):
        if game.phase == "bury":
            points = [c for c in game.hands[seat] if c.points and not c.is_joker][:6]
            game.apply(Action(seat, "bury", {"cards": [format_card_ascii(c) for c in points]}))
        if game.phase == "play" and seat % 2 != game.dealer % 2:
            break
    view = game.view(seat)
    assert view["jokers_closed"] == "kitty_all_points" and view["kitty"] is None
    assert sum(c.points for c in game.kitty) == 55
    for n in range(20):
        world: Any = sample_world(game, seat, random.Random(n))
        assert all(c.points and not c.is_joker for c in world.kitty)
        assert world.view(seat) == view


def test_cards_paid_as_tribute_are_not_kept_with_their_declarer() -> None:
    # seed 8, hand 4 of four: seat 1 declared ♥4 ♥4 and paid ♥4 ♥4 ♠4 ♠4 ♣4 ♦4 to the dealer
    # as tribute (喝血, dagunzi.txt:98-100); seat 0 saw the declaration and the count paid, so
    # its worlds no longer pin the two ♥4 to seat 1
    options = DagunziGame.options_type.from_dict(
        {"deal": "all_at_once", "match": "hands", "hands": 4}
    )
    game: Any = DagunziGame(8, options)
    rng = random.Random(8)
    for seat in play_decisions(game, HeuristicPlayer(), rng):
        if game.phase == "play" and len(game.hand_results) == 3 and seat == 0:
            break
    view = game.view(0)
    assert view["tribute"]["from"] == 1 and view["tribute"]["count"] == 6
    assert declared_held(view, 0)[1] == Counter({"4h": 2})
    assert "4h" not in [format_card_ascii(c) for c in game.hands[1]]
    unseen = list(game.unseen_by(0))
    counts = {s: len(game.hands[s]) for s in (1, 2, 3)}
    order = game.order
    assert declared_kept(view, 0, list(unseen), dict(counts), {}, order).get(1) is None
    assert (
        declared_cards(view, 0, list(unseen), dict(counts), {}, order)[1]
        == [c for c in unseen if format_card_ascii(c) == "4h"][:2]
    )
