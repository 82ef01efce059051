"""What a decision cost in the review of one's play (games/review.py, the games' EVALUATORs,
games/mahjong/sample.py): known costs in constructed positions, the text in both languages, and
the same review from the same seed."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest

from bot.replay import record_of
from bot.review import judge, review_hand, strong_bot
from games.base import Action
from games.cards import SMALL_JOKER, Card, Rank, Suit, format_card_ascii
from games.mahjong.melds import Meld, read_tile
from games.registry import GAMES
from games.review import Cost, measure
from present.review import amount, cost_line
from tests.replay.helpers import NAMES, play

# ------------------------------------------------------------------ a trick game's position


def _pajiwo_at_play() -> Any:
    """A one-hand 扒鸡窝 game played by the heuristic up to its first lead."""
    spec = GAMES["pajiwo"]
    cls = spec.engine()
    game: Any = cls(11, cls.options_type.from_dict({"match": "one_hand"}))
    bot = spec.bots()["heuristic"]()
    rng = random.Random(11)
    while game.phase != "play":
        d = next(d for d in game.pending() if d.required)
        game.apply(game.table_action() if d.seat is None else bot.choose(game, d.seat, rng))
    return game


def _ten_position() -> tuple[Any, int, Card, Card]:
    """The second-to-last trick of a 扒鸡窝 hand, the dealer ``D`` fourth to play: the defender
    on its right led the top plain card of a suit ``D`` is void in and both others followed
    without points; ``D`` holds a ten of another plain suit and the small joker. The three
    cards left in the others' hands (the only cards ``D`` has not seen) are plain cards of a
    third suit. Discarding the ten gives the defenders 10 points (the joker then wins the last
    trick); ruffing with the joker wins this trick and the ten wins the last one: the ten costs
    exactly 10 points, and a level (the dealer side goes up 2 instead of 3), in every world."""
    game = _pajiwo_at_play()
    dealer = game.dealer
    level = game.level
    trump = game.trump_suit
    plain = [s for s in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS) if s != trump]
    led_suit, ten_suit, last_suit = plain[:3]
    small = [Rank(r) for r in (3, 4, 6, 7, 8, 9) if r != level]
    top = Rank(14) if level != 14 else Rank(12)
    assert level != 10
    lead = Card(top, led_suit)
    ten = Card(Rank(10), ten_suit)
    joker = SMALL_JOKER
    leader, partner, right = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    hands = {
        leader: [lead, Card(small[1], last_suit)],
        partner: [Card(small[2], led_suit), Card(small[1], last_suit)],
        right: [Card(small[3], led_suit), Card(small[4], last_suit)],
        dealer: [ten, joker],
    }
    deck = Counter(c for h in game.hands for c in h) + Counter(game.kitty)
    left = deck - Counter(c for h in hands.values() for c in h)
    assert sum(left.values()) == sum(deck.values()) - 8
    rest = list(left.elements())
    kitty = [c for c in rest if c.rank not in (Rank(5), Rank(10), Rank(13))][:8]
    game.hands = [list(hands[s]) for s in range(4)]
    game.kitty = kitty
    game.won_cards = list((left - Counter(kitty)).elements())
    game.kitty_owner = game.kitty_seen_by = dealer
    game.points = [0, 0]
    game.tricks_done = []
    game.trick_plays, game.lead, game.lead_reading, game.failed_throw = [], None, None, None
    game.turn = game.trick_leader = leader
    for seat in (leader, partner, right):
        game.apply(Action(seat, "play", {"cards": [format_card_ascii(game.hands[seat][0])]}))
    return game, dealer, ten, joker


def _play(seat: int, card: Card) -> Action:
    return Action(seat, "play", {"cards": [format_card_ascii(card)]})


def test_throwing_a_ten_onto_the_opponents_trick_costs_ten_points_in_every_world() -> None:
    game, dealer, ten, joker = _ten_position()
    assert sorted(a.data["cards"][0] for a in game.legal_actions(dealer)) == sorted(
        [format_card_ascii(ten), format_card_ascii(joker)]
    )
    ev = GAMES["pajiwo"].evaluator()
    cost = measure(ev, game, dealer, _play(dealer, ten), _play(dealer, joker), seed=1, worlds=6)
    assert cost is not None
    assert (cost.value, cost.error, cost.worlds, cost.unit) == (10.0, 0.0, 6, "points")
    assert (cost.result, cost.result_unit) == (1.0, "levels")  # up 2 levels instead of 3
    assert not cost.even
    # and the other way round: the joker, against the ten, did better by 10
    back = measure(ev, game, dealer, _play(dealer, joker), _play(dealer, ten), seed=1, worlds=6)
    assert back is not None and back.value == -10.0 and back.result == -1.0
    # the strong bot ruffs, and the review says what the ten cost
    found = judge(strong_bot("pajiwo", rollouts=4, candidates=3), game, _play(dealer, ten), 99)
    assert found is not None and found.bot.data["cards"] == [format_card_ascii(joker)]
    assert found.cost is not None and found.cost.value == 10.0 and found.cost.error == 0.0
    assert cost_line("en", found.cost).startswith("costs about 10 points, the hand's result")
    assert cost_line("zh", found.cost).startswith("约少得 10 分，本局结果约差 1 级")


# ------------------------------------------------------------------- mahjong: a deal-in


def _jintan_last_discard() -> Any:
    """A 金坛 hand at its last discard, the wall empty: seats 1-3 have four pongs each laid
    down and one West in hand (a single wait, 独吊 and 对对胡); seat 0 holds the fourth West
    and nothing else anyone can take. The only tiles seat 0 has not seen are those three
    Wests, so every world is this one."""
    cls = GAMES["jintan"].engine()
    game: Any = cls(5, cls.options_type.from_dict({"match": "one_hand"}))
    west = read_tile("W")
    pongs = ["1m 2m 3m 4m", "5m 6m 7m 8m", "9m 1p 2p 3p"]
    own = [
        read_tile(t)
        for t in ["W", "4p", "7p", "1s", "4s", "7s", "E", "S", "N", "C", "F", "P", "2s", "5s"]
    ]
    whole = Counter({k: 4 for k in range(34)}) + Counter(range(34, 42))
    used = Counter(own) + Counter({west: 3})
    for s in range(4):
        game.hands[s], game.melds[s], game.river[s] = [], [], []
    game.hands[0] = list(own)
    for s, kinds in zip((1, 2, 3), pongs, strict=True):
        game.hands[s] = [west]
        for k in (read_tile(t) for t in kinds.split()):
            game.melds[s].append(Meld("pong", (k, k, k), k, (s + 1) % 4))
            used[k] += 3
    flowers = list(range(34, 42))
    game.flowers = [flowers[0:2], flowers[2:4], flowers[4:6], flowers[6:8]]
    used.update(flowers)
    rest = sorted((whole - used).elements())
    game.river = [[(t, "") for t in rest[s::4]] for s in range(4)]
    game.wall.front = game.wall.back = len(game.wall.tiles)
    game.had_turn = [True] * 4
    game.turn, game.phase, game.window = 0, "discard", None
    game.drawn, game.draw_kind, game.kong_tile = own[-1], "wall", None
    game.own_discards = [set(), set(), set(), set()]
    game.passed = [None] * 4
    assert all(game.invariants().values())
    return game


def test_a_discard_that_deals_into_a_known_win_costs_that_hands_payment() -> None:
    game = _jintan_last_discard()
    deal_in = Action(0, "discard", {"tile": "W"})
    safe = Action(0, "discard", {"tile": "4p"})
    # what dealing in pays, played out on the real hand: all three win (一炮多响)
    real = copy.deepcopy(game)
    real.apply(deal_in)
    for seat in (1, 2, 3):
        real.apply(Action(seat, "win"))
    paid = -real.hand_results[-1].scores[0]
    assert paid > 0 and len(real.hand_results[-1].summary["winners"]) == 3
    drawn = copy.deepcopy(game)
    drawn.apply(safe)
    assert drawn.hand_results[-1].scores[0] == 0  # the wall is empty: a drawn hand
    ev = GAMES["jintan"].evaluator()
    cost = measure(ev, game, 0, deal_in, safe, seed=3, worlds=5)
    assert cost is not None
    assert (cost.value, cost.error, cost.worlds, cost.unit) == (float(paid), 0.0, 5, "points")
    assert cost.result is None
    assert cost_line("en", cost) == f"costs about {amount(paid)} points (5 sampled deals)"
    assert cost_line("zh", cost) == f"约少得 {amount(paid)} 分（抽样 5 局）"


def test_the_mahjong_world_keeps_the_view_and_deals_the_hidden_tiles_again() -> None:
    from games.mahjong.sample import sample_world
    from tests.bots.test_hidden import _states

    moved = 0
    for key in ("jintan", "jinhua"):
        for game, seat in _states(key, seed=8, every=3):
            before = game.snapshot()
            world: Any = sample_world(game, seat, random.Random(1))
            assert world is not None and game.snapshot() == before  # the real game untouched
            assert world.view(seat) == game.view(seat)
            assert all(world.invariants().values())
            others = [s for s in range(4) if s != seat]
            moved += any(sorted(world.hands[s]) != sorted(game.hands[s]) for s in others)
            if world.window is not None:  # the others' offers, worked out from the world
                for s in world.window.offers:
                    assert (
                        s == seat
                        or world.hands[s].count(world.window.tile) >= 1
                        or ("win" in world.window.offers[s] or "chow" in world.window.offers[s])
                    )
    assert moved >= 10


# ---------------------------------------------------------------------- the text, the seed


class LastLegal:
    """A bot that plays the last legal move listed (the least useful: it often disagrees)."""

    def choose(self, game: Any, seat: int, rng: random.Random) -> Action:
        return game.legal_actions(seat)[-1]


@pytest.mark.parametrize(
    ("cost", "en", "zh"),
    [
        (
            Cost(12.5, 2.0, 8, "points", 5.0),
            "costs about 12 points (8 sampled deals)",
            "约少得 12 分（抽样 8 局）",
        ),
        (
            Cost(1.0, 0.0, 4, "coins", 0.5),
            "costs about 1 coin (4 sampled deals)",
            "约少得 1 金币（抽样 4 局）",
        ),
        (
            Cost(2.4, 0.3, 6, "coins", 0.5),
            "costs about 2.4 coins (6 sampled deals)",
            "约少得 2.4 金币（抽样 6 局）",
        ),
        (
            Cost(-7.5, 1.0, 10, "points", 1.0),
            "your move did better by about 7.5 points (10 sampled deals)",
            "你的走法约多得 7.5 分（抽样 10 局）",
        ),
        (Cost(3.0, 0.5, 8, "points", 5.0), "about even (8 sampled deals)", "大致持平（抽样 8 局）"),
        (
            Cost(20.0, 25.0, 3, "points", 5.0),
            "about even (3 sampled deals)",
            "大致持平（抽样 3 局）",
        ),
        (Cost(0.2, 0.0, 1, "coins", 0.1), "about even (1 sampled deal)", "大致持平（抽样 1 局）"),
    ],
)
def test_the_cost_reads_in_both_languages(cost: Cost, en: str, zh: str) -> None:
    assert (cost_line("en", cost), cost_line("zh", cost)) == (en, zh)


@pytest.mark.parametrize("key", ["dagun", "jinhua"])
def test_the_same_seed_gives_the_same_review_with_its_costs(key: str) -> None:
    game, _said = play(key, 4)
    rec = record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES)
    budget = {"rollouts": 3, "candidates": 3, "work": 300, "budget_ms": 60_000}
    found = None
    for seat in range(4):
        found = review_hand(rec, 1, seat, budget=budget, work=1500)
        if any(d.cost is not None for d in found.differences):
            break
    assert found is not None
    costs = [d.cost for d in found.differences if d.cost is not None]
    assert costs and all(c.worlds >= 2 for c in costs)
    unit = "coins" if key == "dagun" else "points"
    assert {c.unit for c in costs} == {unit}
    assert sum(c.plies for c in costs) <= 1500 + max(c.plies for c in costs)
    again = review_hand(rec, 1, found.seat, budget=budget, work=1500)
    assert again == found
    other = review_hand(rec, 1, found.seat, budget=budget, work=1500, seed=rec.seed + 1)
    assert [d.cost for d in other.differences] != [d.cost for d in found.differences]


@pytest.mark.parametrize(
    ("key", "cost", "en", "zh"),
    [
        (
            "pajiwo",
            Cost(12.5, 2.0, 8, "points", 5.0, 0.5, "levels"),
            "costs about 12 points, the hand's result about 0.5 levels worse (8 sampled deals)",
            "约少得 12 分，本局结果约差 0.5 级（抽样 8 局）",
        ),
        ("dagun", Cost(2.0, 0.5, 16, "coins", 0.5), "costs about 2 coins", "约少得 2 金币"),
        ("jintan", Cost(0.4, 0.9, 3, "points", 1.0), "about even (3", "大致持平（抽样 3 局）"),
    ],
)
def test_the_review_says_each_differences_cost_in_both_languages(
    key: str, cost: Cost, en: str, zh: str
) -> None:
    from bot.replay import replay_hand
    from bot.review import Difference, Review, decisions_of
    from cogs.replay import review_text

    game, _said = play(key, 6)
    rec = record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES)
    index, state, played, _own = next(iter(decisions_of(rec, 1, 0)))
    other = next(a for a in state.legal_actions(0) if a != played)
    found = Review(key, 1, 0, 5, 4, (Difference(index, played, other, None, cost),))
    replay = replay_hand(rec, 1)
    said = {lg: review_text(replay, found, lg) for lg in ("en", "zh")}
    assert "4 of 5 decisions (80%)" in said["en"] and "5 次决定中有 4 次" in said["zh"]
    assert en in said["en"] and zh in said["zh"]
    assert " · " in said["en"].splitlines()[-1]  # the cost closes the difference's line


def test_a_finished_hand_of_a_match_in_play_is_reviewed_from_its_own_moves_only() -> None:
    """Hand 1 of a match whose hand 2 is being played: its review (costs included) is the one
    of the record cut at hand 1's end, so nothing of the hand in play, nor of the deals to
    come, enters it; hand 2 itself is refused."""
    from dataclasses import replace

    from bot.replay import ReplayRefused, hand_bounds

    game, _said = play("dagun", 9, {"match": "full", "hands": 3}, stop_after=130)
    full = record_of(
        "dagun", game.seed, game.options.to_dict(), game.actions, NAMES, status="playing"
    )
    bounds = hand_bounds(full)
    assert len(bounds) == 1 and bounds[0][1] < len(full.actions)  # hand 2 is under way
    cut = replace(full, actions=full.actions[: bounds[0][1]])
    seat = 0
    mine = review_hand(full, 1, seat, player=LastLegal(), work=1200)
    assert mine == review_hand(cut, 1, seat, player=LastLegal(), work=1200)
    assert any(d.cost is not None for d in mine.differences)
    with pytest.raises(ReplayRefused) as refused:
        review_hand(full, 2, seat, player=LastLegal())
    assert refused.value.code == "hand_in_play"


def test_a_long_review_shows_the_costliest_differences_in_the_order_played() -> None:
    from bot.review import Difference, Review

    def diff(i: int, cost: Cost | None) -> Difference:
        return Difference(i, Action(0, "play", {"cards": ["3s"]}), Action(0, "pass"), None, cost)

    costs = [
        Cost(2.0, 0.5, 8, "coins", 0.5),  # 0: shown (2 coins)
        None,  # 1: not measured
        Cost(0.2, 0.1, 8, "coins", 0.5),  # 2: about even
        Cost(5.0, 4.0, 8, "coins", 0.5),  # 3: shown (5 coins)
        Cost(-3.0, 0.5, 8, "coins", 0.5),  # 4: the move played did better
        Cost(1.0, 0.2, 8, "coins", 0.5),  # 5: shown (1 coin)
    ]
    found = Review("dagun", 1, 0, 9, 3, tuple(diff(i, c) for i, c in enumerate(costs)))
    assert [d.action_index for d in found.shown(3)] == [0, 3, 5]
    assert [d.action_index for d in found.shown(4)] == [0, 1, 3, 5]  # then the others, in order
    assert found.shown(6) == found.differences
