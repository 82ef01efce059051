"""The tournament core: Swiss and round-robin seating, matchpoints, round scores, standings."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.model import RoundPlan, TableOutcome
from bot.tournaments.pairing import (
    _pairings,
    _repeats,
    history_of,
    round_robin_round,
    round_robin_rounds,
    swiss_round,
)
from bot.tournaments.scoring import matchpoints, round_scores, standings, table_scores

FAST = settings(max_examples=40, deadline=None)


def _swiss(order: Sequence[int], rounds: int, team: bool, points_seed: int) -> list[RoundPlan]:
    """``rounds`` Swiss rounds with made-up points (a function of the seed)."""
    plans: list[RoundPlan] = []
    points = {p: 0.0 for p in order}
    for number in range(1, rounds + 1):
        ranked = sorted(order, key=lambda p: -points[p])
        plan = swiss_round(
            number, ranked, points, plans, team_game=team, duplicate=False, seed=points_seed
        )
        plans.append(plan)
        for t in plan.tables:
            for seat, p in enumerate(t.seats):
                if p is not None:
                    points[p] += ((p * 7 + number * 13 + seat + points_seed) % 4) / 3
    return plans


@FAST
@given(st.integers(2, 17), st.integers(1, 4), st.booleans(), st.integers(0, 50))
def test_every_player_is_seated_once_per_round(n: int, rounds: int, team: bool, seed: int) -> None:
    order = list(range(100, 100 + n))
    for plan in _swiss(order, rounds, team, seed):
        assert sorted(plan.players) == order
        assert all(len(t.seats) == 4 for t in plan.tables)
        assert len(plan.tables) == -(-n // 4)
        # filler bots spread: no table has two while another has none
        bots = [t.seats.count(None) for t in plan.tables]
        assert max(bots) - min(bots) <= 1
        assert [t.number for t in plan.tables] == list(range(1, len(plan.tables) + 1))


def _min_repeats(people: Sequence[int], hist_rounds: list[RoundPlan]) -> int:
    """The fewest repeated partners any split of ``people`` into tables of four could have
    (brute force, independent of the pairing code's search)."""
    hist = history_of(hist_rounds, team_game=True)
    best = None
    people = list(people)

    def splits(rest: list[int]) -> list[list[tuple[int, ...]]]:
        if not rest:
            return [[]]
        first = rest[0]
        out = []
        for others in itertools.combinations(rest[1:], 3):
            left = [p for p in rest[1:] if p not in others]
            out += [[(first, *others), *tail] for tail in splits(left)]
        return out

    for split in splits(people):
        total = sum(min(_repeats(s, hist) for s in _pairings(list(g))) for g in split)
        best = total if best is None else min(best, total)
    assert best is not None
    return best


@FAST
@given(st.sampled_from([4, 8]), st.integers(2, 4), st.integers(0, 50))
def test_no_repeated_partners_where_avoidable(n: int, rounds: int, seed: int) -> None:
    order = list(range(1, n + 1))
    plans = _swiss(order, rounds, True, seed)
    for i, plan in enumerate(plans):
        hist = history_of(plans[:i], team_game=True)
        repeats = sum(_repeats(t.seats, hist) for t in plan.tables)
        assert repeats == _min_repeats(order, plans[:i])
        for t in plan.tables:  # and partners sit opposite: seats 1 & 3, 2 & 4
            assert _repeats(t.seats, hist) == min(_repeats(s, hist) for s in _pairings(t.seats))


def test_eight_players_never_repeat_a_partner_in_three_rounds() -> None:
    plans = _swiss(list(range(1, 9)), 3, True, 0)
    hist = history_of(plans, team_game=True)
    assert max(hist.partners.values()) == 1


def test_round_one_seats_the_sign_up_order_and_rotates_seats() -> None:
    plan = swiss_round(1, [1, 2, 3, 4, 5], {}, [], team_game=False, duplicate=True, seed=3)
    assert [sorted(t.players) for t in plan.tables] == [[1, 2, 3], [4, 5]]
    assert len({t.seed for t in plan.tables}) == 1  # duplicate: one deal for the round
    two = swiss_round(2, [1, 2, 3, 4], {}, [], team_game=False, duplicate=False, seed=3)
    assert two.tables[0].seats == (4, 1, 2, 3)  # turned by one seat in round 2


@FAST
@given(st.integers(2, 9), st.booleans())
def test_round_robin_meets_every_pair_once(pairs: int, duplicate: bool) -> None:
    entries = [(2 * i, 2 * i + 1) for i in range(pairs)]
    met = []
    for number in range(1, round_robin_rounds(pairs) + 1):
        plan = round_robin_round(number, entries, duplicate=duplicate, seed=1)
        assert sorted(plan.players) == list(range(2 * pairs))
        for t in plan.tables:
            sides = [frozenset((t.seats[0], t.seats[2])), frozenset((t.seats[1], t.seats[3]))]
            assert all(
                side in {frozenset(e) for e in entries} | {frozenset({None})} for side in sides
            )
            met.append(frozenset(sides))
    real = [m for m in met if frozenset({None}) not in m]
    assert len(real) == len(set(real)) == pairs * (pairs - 1) // 2


@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-5, 5)), min_size=1, max_size=12))
def test_matchpoints_sum_and_range(keys: list[tuple[int, int]]) -> None:
    points = matchpoints([(float(a), float(b)) for a, b in keys])
    assert abs(sum(points) - len(keys) / 2) < 1e-9
    assert all(0.0 <= p <= 1.0 for p in points)
    best = max(keys)
    assert all(p == max(points) for k, p in zip(keys, points, strict=True) if k == best)


def test_matchpoints_share_beaten_ties_half() -> None:
    assert matchpoints([(-1, 5), (-1, 3), (-1, 3), (-2, 9)]) == [1.0, 0.5, 0.5, 0.0]
    assert matchpoints([(-1, 0)]) == [0.5]


def test_table_scores() -> None:
    team = TableOutcome(1, (0, 1, 0, 1), (1, 2, 1, 2), (3, 2, 3, 2))
    assert table_scores(team) == [1.0, 0.0, 1.0, 0.0]
    ffa = TableOutcome(1, (0, 1, 2, 3), (2, 1, 4, 2), (0, 9, -5, 0))
    assert table_scores(ffa) == [0.5, 1.0, 0.0, 0.5]


@FAST
@given(
    st.integers(4, 14),
    st.booleans(),
    st.lists(st.integers(1, 4), min_size=16, max_size=16),
    st.integers(0, 3),
)
def test_round_scores_and_standings_add_up(
    n: int, duplicate: bool, ranks: list[int], absent_index: int
) -> None:
    order = list(range(1, n + 1))
    plan = swiss_round(1, order, {}, [], team_game=False, duplicate=duplicate, seed=1)
    absent = order[absent_index]
    outcomes = {
        t.number: TableOutcome(
            t.number,
            (0, 1, 2, 3),
            tuple(ranks[(t.number * 4 + s) % 16] for s in range(4)),
            (0.0, 0.0, 0.0, 0.0),
            frozenset({absent} & set(t.players)),
        )
        for t in plan.tables
    }
    scores = round_scores(plan, outcomes)
    assert set(scores) == set(order)
    assert scores[absent] == 0.0
    assert all(0.0 <= s <= 1.0 for s in scores.values())
    table = standings(order, [(plan, outcomes)])
    assert [s.rank for s in table] == list(range(1, n + 1))
    assert abs(sum(s.points for s in table) - sum(scores.values())) < 1e-6
    keys = [(-s.points, -s.opponents, -s.tops, s.order) for s in table]
    assert keys == sorted(keys)


def test_plans_round_trip_as_json() -> None:
    plan = swiss_round(1, [5, 6, 7], {}, [], team_game=True, duplicate=True, seed=9)
    assert RoundPlan.from_json(plan.to_json()) == plan
    outcome = TableOutcome(1, (0, 1, 0, 1), (1, 2, 1, 2), (3.0, 2.0, 3.0, 2.0), frozenset({5}))
    assert TableOutcome.from_json(outcome.to_json()) == outcome
