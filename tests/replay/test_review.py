"""The review of one's own play (bot/review.py): decisions, match rate, differences, cost."""

from __future__ import annotations

import random

import pytest

from bot.replay import ReplayRefused, record_of
from bot.review import judge, review_hand, same_move, strong_bot
from games.base import Action, Game
from tests.replay.helpers import NAMES, play


class FirstLegal:
    """A bot that plays the first legal move, and says why."""

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        return game.legal_actions(seat, limit=1)[0]

    def reason(self, game: Game, seat: int, action: Action) -> str:
        return "the first move listed"


@pytest.mark.parametrize("key", ["pajiwo", "dagun", "jintan"])
def test_the_match_rate_counts_the_seats_real_choices(key: str) -> None:
    game, _said = play(key, 6)
    rec = record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES)
    review = review_hand(rec, 1, 1, player=FirstLegal(), worlds=0)  # worlds 0: no cost
    # recount by hand: seat 1's required moves with more than one legal move
    replayed = rec.new_game()
    decisions = same = 0
    for action in game.actions:
        pending = any(d.seat == 1 and d.required for d in replayed.pending())
        if action.seat == 1 and pending and len(replayed.legal_actions(1, limit=2)) > 1:
            decisions += 1
            same += same_move(replayed.legal_actions(1, limit=1)[0], action)
        replayed.apply(action)
    assert (review.decisions, review.same) == (decisions, same) and decisions > 3
    assert len(review.differences) == decisions - same
    assert review.rate == pytest.approx(same / decisions)
    for diff in review.differences:
        assert diff.played == game.actions[diff.action_index] and diff.played.seat == 1
        assert not same_move(diff.played, diff.bot)
        assert diff.reason == "the first move listed" and diff.cost is None


def test_the_strong_bot_reviews_with_a_cost_where_it_can_measure() -> None:
    game, _said = play("pajiwo", 6)
    rec = record_of("pajiwo", game.seed, game.options.to_dict(), game.actions, NAMES)
    budget = {"rollouts": 3, "candidates": 3, "work": 150, "budget_ms": 60_000}
    seat = 0
    review = review_hand(rec, 1, seat, budget=budget, work=800)
    assert review.decisions > 5 and 0 <= review.same < review.decisions
    again = review_hand(rec, 1, seat, budget=budget, work=800)
    assert [d.bot for d in again.differences] == [d.bot for d in review.differences]
    costs = [d.cost for d in review.differences if d.cost is not None]
    assert costs and all(c.unit == "points" and c.worlds >= 2 for c in costs)
    assert strong_bot("jintan") is not None


@pytest.mark.parametrize("key", ["dagunzi", "jintan"])
def test_a_difference_says_why_the_bot_would_play_otherwise(key: str) -> None:
    from present.message import Msg, Reader, render

    found: list = []
    said: list = []
    # a strong bot close to the heuristic (mahjong) may agree with it over a whole hand: the
    # next deal then
    for seed in (4, 13, 16):
        game, _said = play(key, seed)
        rec = record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES)
        for seat in range(4):
            budget = {"rollouts": 2, "candidates": 3, "budget_ms": 80}
            found += review_hand(rec, 1, seat, budget=budget, worlds=1).differences
            said = [d.reason for d in found if isinstance(d.reason, Msg)]
            if said:
                break
        if said:
            break
    assert said, f"{len(found)} differences, none with a reason"
    for lang in ("en", "zh"):
        line = render(Reader(lang, NAMES), said[0])
        assert line.startswith(("Why: ", "理由：")) and "bots." not in line


def test_same_move_ignores_the_order_of_cards() -> None:
    a = Action(0, "play", {"cards": ["10s", "Kh"]})
    assert same_move(a, Action(0, "play", {"cards": ["Kh", "10s"]}))
    assert not same_move(a, Action(0, "play", {"cards": ["Kh", "Kh"]}))
    assert not same_move(a, Action(0, "bury", {"cards": ["Kh", "10s"]}))


def test_a_hand_in_play_is_not_reviewed() -> None:
    game, _said = play("dagun", 3, stop_after=20)
    rec = record_of(
        "dagun", game.seed, game.options.to_dict(), game.actions, NAMES, status="playing"
    )
    with pytest.raises(ReplayRefused) as refused:
        review_hand(rec, 1, 0, player=FirstLegal())
    assert refused.value.code == "hand_in_play"


@pytest.mark.parametrize("key", ["pajiwo", "dagun", "jintan", "jinhua"])
def test_a_decision_is_judged_from_what_the_seat_saw(key: str) -> None:
    """The hand is face up when it is reviewed, but each decision is judged from the seat's
    view: the other hands (and kitty, wall) dealt otherwise give the same bot move, reason and
    cost (its worlds are sampled from the view: games/review.py)."""
    import copy

    from tests.bots.test_hidden import SWAPS, _states

    bot = strong_bot(key, rollouts=3, candidates=3, budget_ms=100_000)
    checked = differing = measured = 0
    for i, (game, seat) in enumerate(_states(key, seed=3, every=3)[:8]):
        played = game.legal_actions(seat)[-1]  # the least useful move: the bot disagrees
        other = copy.deepcopy(game)
        SWAPS[key](other, seat, random.Random(100 + i))
        if other.view(seat) != game.view(seat) or other.snapshot() == game.snapshot():
            continue
        first = judge(bot, game, played, i, worlds=2)
        again = judge(bot, other, played, i, worlds=2)
        assert first == again, (key, i)
        checked += 1
        differing += first is not None
        measured += first is not None and first.cost is not None
    assert checked >= 4 and differing >= 2 and measured >= 1
