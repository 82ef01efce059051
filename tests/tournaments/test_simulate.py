"""``python -m bot tournament simulate``: every invariant true, for each game and format."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.tournaments.runner import simulate_tournament
from bot.tournaments.stored_sim import simulate_stored
from games.registry import GAMES


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("duplicate", [False, True])
def test_swiss_invariants_hold_for_every_game(game: str, duplicate: bool) -> None:
    result = simulate_tournament(
        game, "swiss", duplicate=duplicate, players=9, rounds=2, no_shows=1
    )
    assert result.ok, result.invariants
    if duplicate:
        assert result.invariants["duplicate_deals_identical"]
        assert result.invariants["matchpoints_sum"]
    assert len(result.standings) == 9


@pytest.mark.parametrize("game", [k for k, s in GAMES.items() if s.fixed_partners])
def test_round_robin_invariants_hold(game: str) -> None:
    result = simulate_tournament(game, "round_robin", duplicate=True, players=12, rounds=5)
    assert result.ok, result.invariants
    assert result.rounds == 5 and result.invariants["pairs_meet_once"]


def test_round_robin_is_refused_without_partnerships() -> None:
    with pytest.raises(ValueError, match="team games"):
        simulate_tournament("dagun", "round_robin")


def test_the_command_prints_every_invariant(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["tournament", "simulate", "--game", "pajiwo", "--both", "--players", "6"]
    assert main([*argv, "--rounds", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4  # swiss and round robin, normal and duplicate
    assert all("=false" not in line and "seated_once=true" in line for line in lines)
    assert "duplicate_deals_identical=true" in lines[1]
    assert (
        main(["tournament", "simulate", "jintan", "--duplicate", "--json", "--players", "5"]) == 0
    )
    obj = json.loads(capsys.readouterr().out)
    assert obj["ok"] and obj["game"] == "jintan" and obj["duplicate"]
    assert main(["tournament", "simulate", "--game", "nosuch"]) == 2
    assert main(["tournament", "simulate", "dagun", "--format", "roundrobin"]) == 2


@pytest.mark.parametrize(
    ("game", "fmt", "duplicate"),
    [("dagun", "swiss", True), ("pajiwo", "round_robin", False), ("jintan", "swiss", False)],
)
async def test_through_the_services_and_the_store(game: str, fmt: str, duplicate: bool) -> None:
    result = await simulate_stored(game, fmt, duplicate=duplicate, players=9, rounds=2)
    assert result.ok, result.invariants
    assert result.invariants["replay_equal"] and result.invariants["seated_once"]
    assert ("duplicate_deals_identical" in result.invariants) == duplicate
    assert len(result.standings) == 9 and result.tables == 6


def test_the_command_through_the_store(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "sim.sqlite3"
    argv = ["tournament", "simulate", "dagunzi", "--duplicate", "--store", "--db", str(db)]
    assert main([*argv, "--players", "5", "--rounds", "1", "--format", "swiss"]) == 0
    line = capsys.readouterr().out.strip()
    assert "duplicate_deals_identical=true" in line and "replay_equal=true" in line
    assert db.exists()


@pytest.mark.parametrize(
    ("game", "players", "duplicate"),
    [
        ("pajiwo", 5, False),
        ("pajiwo", 6, False),
        ("pajiwo", 10, False),
        ("pajiwo", 8, False),
        ("dagunzi", 6, True),
    ],
)
def test_a_full_round_robin_of_odd_pairs_meets_every_pair_once(
    game: str, players: int, duplicate: bool
) -> None:
    # 5 and 6 players are three pairs (a pair of filler bots makes four); 10 are five pairs.
    result = simulate_tournament(
        game, "round_robin", duplicate=duplicate, players=players, rounds=99
    )
    assert result.invariants["pairs_meet_once"], result.invariants
    assert result.ok, result.invariants
