"""The duplicate harness (games/duplicate.py) with bots whose strength is known."""

from __future__ import annotations

import pytest

from games.duplicate import play_deal, run_duplicate


@pytest.mark.parametrize("game", ["pajiwo", "dagunzi"])
def test_identical_bots_cancel_exactly_in_partnership_games(game: str) -> None:
    # the two plays of a deal are the same game with the pairs' seats swapped: one win each
    result = run_duplicate(game, "heuristic", "heuristic", 3, seed=7)
    assert result.measure == "share_won"
    assert result.values == (0.5, 0.5, 0.5)
    assert (result.value, result.ci_low, result.ci_high) == (0.5, 0.5, 0.5)


@pytest.mark.parametrize("game", ["dagun", "jintan", "jinhua"])
def test_identical_bots_cancel_exactly_in_free_for_all_games(game: str) -> None:
    # four rotations of the same game: the challenger's scores sum to the table's total
    result = run_duplicate(game, "heuristic", "heuristic", 2, seed=7)
    assert result.measure == "score_diff"
    assert result.values == (0.0, 0.0)


def test_identical_bots_deal_in_at_the_same_rate() -> None:
    result = run_duplicate("jintan", "heuristic", "heuristic", 3, seed=3)
    assert result.deal_in is not None
    assert result.deal_in["challenger"] == result.deal_in["baseline"]


def test_heuristic_beats_random_clearly_in_a_partnership_game() -> None:
    result = run_duplicate("pajiwo", "heuristic", "random", 8, seed=11)
    assert result.value >= 0.8
    assert result.ci_low > 0.5
    assert result.deals == 8 and len(result.values) == 8


def test_heuristic_beats_random_clearly_in_a_free_for_all_game() -> None:
    result = run_duplicate("dagun", "heuristic", "random", 8, seed=11)
    assert result.ci_low > 0
    assert result.deal_in is None  # 打滚's results list no wins from a discard


def test_mahjong_random_deals_in_more_than_the_heuristic() -> None:
    result = run_duplicate("jinhua", "heuristic", "random", 4, seed=5)
    assert result.deal_in is not None
    assert result.deal_in["challenger"] < result.deal_in["baseline"]
    assert result.value > 0


def test_the_same_seed_gives_the_same_figures_in_any_number_of_processes() -> None:
    one = run_duplicate("dagun", "heuristic", "random", 4, seed=5)
    again = run_duplicate("dagun", "heuristic", "random", 4, seed=5, workers=2)
    assert one.values == again.values
    other = run_duplicate("dagun", "heuristic", "random", 4, seed=6)
    assert other.values != one.values


def test_a_deal_swaps_the_partnerships_on_the_same_cards() -> None:
    # heuristic against random on one deal: the heuristic pair wins both plays
    outcome = play_deal("dagunzi", "heuristic", "random", deal_seed=4, rng_seed=4)
    assert outcome.value == 1.0
    assert outcome.seat_hands == {"challenger": 4, "baseline": 4}
    assert outcome.challenger_ms  # the challenger's moves were timed


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="deals must be at least 1"):
        run_duplicate("dagun", "heuristic", "random", 0)
    with pytest.raises(KeyError, match="no bot 'grandmaster'"):
        run_duplicate("dagun", "grandmaster", "random", 1)


def test_the_strength_benchmark_prints_each_figure() -> None:
    from benchmarks.bench_strength import main

    argv = ["jinhua", "--deals", "2", "--challenger", "heuristic", "--baseline", "random"]
    figures = {f.name: f for f in main(argv)}
    headline = figures["jinhua.heuristic_vs_random"]
    assert headline.extra is not None and headline.extra["deals"] == 2
    assert headline.extra["ci_low"] <= headline.value <= headline.extra["ci_high"]
    assert set(figures) == {
        "jinhua.heuristic_vs_random",
        "jinhua.heuristic_move_p95_ms",
        "jinhua.deal_in_rate",
    }
    with pytest.raises(SystemExit):
        list(main(["chess"]))
