"""Duplicate runs that add up (games/duplicate.py skip and on_deal, games/duplicate_pool.py,
``python -m benchmarks strength --out/--skip/--pool``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.duplicate import DealOutcome, deal_seeds, interval, play_deal, run_duplicate
from games.duplicate_pool import pool, read_records


def test_skip_plays_exactly_the_next_deals_of_the_seed() -> None:
    whole = run_duplicate("dagun", "heuristic", "random", 3, seed=5)
    seen: list[tuple[int, int, float]] = []

    def note(number: int, deal_seed: int, outcome: DealOutcome) -> None:
        seen.append((number, deal_seed, outcome.value))

    rest = run_duplicate("dagun", "heuristic", "random", 1, seed=5, skip=2, on_deal=note)
    third_deal, third_rng = deal_seeds(5, 3)[2]
    assert rest.values == (whole.values[2],)
    assert rest.skip == 2
    # the deal numbered 3 is the seed's third deal: its cards and its random source
    assert seen == [(3, third_deal, whole.values[2])]
    assert play_deal("dagun", "heuristic", "random", third_deal, third_rng).value == seen[0][2]
    # a longer list of deal seeds begins with the shorter one
    assert deal_seeds(5, 2) == deal_seeds(5, 3)[:2]
    with pytest.raises(ValueError, match="skip must be at least 0"):
        run_duplicate("dagun", "heuristic", "random", 1, skip=-1)


def test_the_interval_of_known_values() -> None:
    # mean 0.625, sample sd sqrt(0.6875 / 3) = 0.478714, half width 1.959964 * sd / 2
    mean, low, high = interval([1.0, 0.5, 0.0, 1.0])
    assert mean == 0.625
    assert low == pytest.approx(0.155869, abs=1e-6)
    assert high == pytest.approx(1.094131, abs=1e-6)
    assert interval([0.5]) == (0.5, 0.5, 0.5)


def test_pooled_records_and_progress_lines_give_the_known_figures(tmp_path: Path) -> None:
    seeds = deal_seeds(3001, 2)
    records = [
        {"game": "pajiwo", "seed": 3001, "deal": n, "deal_seed": seeds[n - 1][0], "value": v}
        for n, v in [(1, 1.0), (2, 0.5)]
    ]
    out = tmp_path / "pajiwo.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    err = tmp_path / "pajiwo.err"
    err.write_text("pajiwo: deal 3: +0.000\nsome warning\npajiwo: deal 4: +1.000\n")
    read = read_records(out.read_text().splitlines(), str(out))
    read += read_records(err.read_text().splitlines(), str(err), seed=3001)
    (result,) = pool(read)
    assert (result.game, result.measure, result.deals, result.seeds) == (
        "pajiwo",
        "share_won",
        4,
        (3001,),
    )
    assert result.value == 0.625
    assert (result.ci_low, result.ci_high) == pytest.approx((0.155869, 1.094131), abs=1e-6)
    assert result.move_p95_ms is None and result.deal_in is None


def test_pooling_refuses_the_same_deal_twice_and_foreign_records() -> None:
    line = '{"game": "dagun", "seed": 9, "deal": 1, "value": 1.5}'
    twice = read_records([line], "a.jsonl") + read_records(["dagun: deal 1: +1.500"], "b", seed=9)
    with pytest.raises(ValueError, match="seed 9 deal 1 is twice in the pool"):
        pool(twice)
    # the same deal number of another seed is another deal
    other = read_records(["dagun: deal 1: +1.500"], "b", seed=10)
    assert pool(read_records([line], "a.jsonl") + other)[0].seeds == (9, 10)
    with pytest.raises(ValueError, match="give the seed"):
        read_records(["dagun: deal 1: +1.500"], "b")
    wrong = '{"game": "dagun", "seed": 9, "deal": 2, "deal_seed": 1, "value": 0}'
    with pytest.raises(ValueError, match="is not deal 2 of seed 9"):
        pool(read_records([wrong], "c.jsonl"))
    with pytest.raises(ValueError, match="no deal records"):
        pool([])


def test_the_strength_benchmark_continues_and_pools_its_runs(tmp_path: Path) -> None:
    from benchmarks.bench_strength import main

    out = str(tmp_path / "jinhua.jsonl")
    bots = ["--challenger", "heuristic", "--baseline", "random", "--seed", "5"]
    list(main(["jinhua", "--deals", "2", "--out", out, *bots]))
    list(main(["jinhua", "--deals", "1", "--skip", "2", "--out", out, *bots]))
    lines = [json.loads(x) for x in Path(out).read_text().splitlines()]
    assert [x["deal"] for x in lines] == [1, 2, 3]
    assert all(x["challenger_ms"] and "deal_ins" in x for x in lines)
    whole = run_duplicate("jinhua", "heuristic", "random", 3, seed=5)
    assert [x["value"] for x in lines] == list(whole.values)
    figures = {f.name: f for f in main(["--pool", out, "--challenger", "heuristic"])}
    headline = figures["jinhua.heuristic_vs_random"]
    assert headline.value == pytest.approx(whole.value)
    assert headline.extra is not None
    assert (headline.extra["deals"], headline.extra["seeds"]) == (3, [5])
    assert headline.extra["ci_low"] == round(whole.ci_low, 4)
    rate = figures["jinhua.deal_in_rate"]
    assert whole.deal_in is not None and rate.value == pytest.approx(whole.deal_in["challenger"])
    with pytest.raises(SystemExit):  # the same file twice: every deal twice
        list(main(["--pool", out, out]))
