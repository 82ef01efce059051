"""A whole tournament with bots, in-process: real engines, heuristic bots, the tournament core,
and the invariants, as booleans (``python -m bot tournament simulate``).

Each table is played to its end by ``games.duplicate.play_one_hand`` (the duplicate harness's
player, which offers optional decisions once per state as the host does) from the seed the
round gave it. The invariants:

* ``seated_once``: every participant is seated exactly once in every round, and nobody else;
* ``tables_full``: every table has one participant or filler bot per seat;
* ``partners_rotate``: (team games) no table could have seated its four as partnerships that
  repeat fewer earlier partners;
* ``pairs_meet_once``: (round robin) no two registered pairs meet twice, and after a full cycle
  every two of the P registered pairs have met (P(P-1)/2 meetings; a round against the pair of
  filler bots that an odd P adds is a bye and not counted);
* ``duplicate_deals_identical``: (duplicate) the deals the round's games really started from
  (their seeds and options) are one deal;
* ``matchpoints_sum``: (duplicate) the matchpoints of each position add up to ``tables / 2``;
* ``absent_scores_zero``: a no-show scores 0 for the round;
* ``standings_add_up``: each participant's points are the sum of its round scores, and the
  standings' points add up to all the scores of all the rounds;
* ``engine_invariants``: every game's own self-checks held at its end.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.tournaments.deals import deal_fingerprint, same_deals, table_options
from bot.tournaments.model import RoundPlan, Standing, TableOutcome, outcome_from_match
from bot.tournaments.pairing import (
    _pairings,
    _repeats,
    history_of,
    round_robin_round,
    round_robin_rounds,
    swiss_round,
)
from bot.tournaments.scoring import round_scores, seat_scores, standings
from games.base import Game, Player
from games.duplicate import play_one_hand
from games.registry import get_game

__all__ = ["FORMATS", "SimulationResult", "check_round", "simulate_tournament"]

FORMATS = ("swiss", "round_robin")


@dataclass
class SimulationResult:
    """One simulated tournament: what was played, the standings and the invariants."""

    game: str
    format: str
    duplicate: bool
    players: int
    rounds: int
    seed: int
    standings: list[Standing]
    invariants: dict[str, bool] = field(default_factory=dict)
    tables: int = 0

    @property
    def ok(self) -> bool:
        return all(self.invariants.values())

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "format": self.format,
            "duplicate": self.duplicate,
            "players": self.players,
            "rounds": self.rounds,
            "seed": self.seed,
            "tables": self.tables,
            "standings": [s.to_json() for s in self.standings],
            "invariants": self.invariants,
            "ok": self.ok,
        }


def check_round(
    plan: RoundPlan,
    outcomes: Mapping[int, TableOutcome],
    participants: list[int],
    earlier: list[RoundPlan],
    *,
    team_game: bool,
    fingerprints: list[str] | None = None,
    partners_rotate: bool = True,
) -> dict[str, bool]:
    """The invariants of one played round (see the module docstring)."""
    seated = plan.players
    checks = {
        "seated_once": sorted(seated) == sorted(participants),
        "tables_full": all(len(t.seats) == 4 for t in plan.tables),
    }
    if team_game and partners_rotate:
        hist = history_of(earlier, team_game=True)
        checks["partners_rotate"] = all(
            _repeats(t.seats, hist) == min(_repeats(s, hist) for s in _pairings(t.seats))
            for t in plan.tables
        )
    if plan.duplicate:
        checks["duplicate_deals_identical"] = fingerprints is not None and same_deals(fingerprints)
        per_table = seat_scores(plan, outcomes)
        n = len(plan.tables)
        checks["matchpoints_sum"] = all(
            abs(sum(per_table[t.number][seat] for t in plan.tables) - n / 2) < 1e-9
            for seat in range(4)
        )
    scores = round_scores(plan, outcomes)
    absent = [p for o in outcomes.values() for p in o.absent]
    checks["absent_scores_zero"] = all(scores[p] == 0.0 for p in absent)
    return checks


def bot_kind(participant: int | None, kinds: list[str]) -> str:
    """The bot kind playing for a simulated participant: one in three plays ``random`` (so that
    results differ from table to table), the others and every filler bot ``heuristic``."""
    if participant is not None and participant % 3 == 2 and "random" in kinds:
        return "random"
    return "heuristic"


def _play_table(
    game: str, seats: tuple[int | None, ...], seed: int, options: dict[str, Any], rng_seed: int
) -> tuple[Game, list[str]]:
    spec = get_game(game)
    engine = spec.engine()
    opts = engine.options_type.from_dict(options)
    bots = spec.bots()
    players: list[Player] = [bots[bot_kind(p, list(bots))]() for p in seats]
    played = engine(seed, opts)
    play_one_hand(played, players, random.Random(rng_seed))
    return played, [deal_fingerprint(game, played.seed, played.options.to_dict())]


def simulate_tournament(
    game: str,
    fmt: str = "swiss",
    *,
    duplicate: bool = False,
    players: int = 12,
    rounds: int = 3,
    seed: int = 1,
    no_shows: int = 0,
) -> SimulationResult:
    """Run a bot-only tournament in-process and check it (see the module docstring).

    ``no_shows`` participants (chosen by the seed) miss round 2 (round 1 if there is one
    round): a bot plays their seat and they score 0. Raises ``ValueError`` for a format that
    does not apply (round robin of a game without partnerships), too few players or rounds.
    """
    spec = get_game(game)
    team_game = spec.fixed_partners
    if fmt not in FORMATS:
        raise ValueError(f"format is swiss or round_robin, not {fmt!r}")
    if fmt == "round_robin" and not team_game:
        raise ValueError(f"round robin is for pairs in team games; {spec.key} has none")
    if players < 2 or rounds < 1:
        raise ValueError("a tournament needs at least 2 players and 1 round")
    participants = [1000 + i for i in range(players)]
    pairs: list[tuple[int | None, int | None]] = []
    if fmt == "round_robin":
        people: list[int | None] = list(participants)
        if len(people) % 2:
            people.append(None)
        pairs = [(people[i], people[i + 1]) for i in range(0, len(people), 2)]
        if len(pairs) < 2:
            raise ValueError("a round robin needs at least two pairs (four players)")
        rounds = min(rounds, round_robin_rounds(len(pairs)))
    options = (
        get_game(game)
        .engine()
        .options_type.from_dict(
            {**get_game(game).engine().presets["quick"], **table_options(game, "quick", duplicate)}
        )
    )
    chooser = random.Random(f"no-shows:{seed}")
    absent_round = 2 if rounds >= 2 else 1
    absentees = set(chooser.sample(participants, min(no_shows, len(participants))))
    played_rounds: list[tuple[RoundPlan, dict[int, TableOutcome]]] = []
    checks: dict[str, bool] = {}
    table_count = 0
    for number in range(1, rounds + 1):
        table = standings(participants, played_rounds)
        points = {s.participant: s.points for s in table}
        earlier = [plan for plan, _ in played_rounds]
        if fmt == "swiss":
            plan = swiss_round(
                number,
                [s.participant for s in table],
                points,
                earlier,
                team_game=team_game,
                duplicate=duplicate,
                seed=seed,
            )
        else:
            plan = round_robin_round(number, pairs, duplicate=duplicate, seed=seed)
        outcomes: dict[int, TableOutcome] = {}
        fingerprints: list[str] = []
        engine_ok = True
        for t in plan.tables:
            played, prints = _play_table(
                game, t.seats, t.seed, options.to_dict(), seed * 1009 + number * 31 + t.number
            )
            fingerprints += prints
            engine_ok = engine_ok and all(played.invariants().values())
            result = played.match_result
            assert result is not None
            absent = [p for p in t.players if number == absent_round and p in absentees]
            outcomes[t.number] = outcome_from_match(t.number, result, len(t.seats), absent)
        table_count += len(plan.tables)
        for name, value in check_round(
            plan,
            outcomes,
            participants,
            earlier,
            team_game=team_game,
            fingerprints=fingerprints if duplicate else None,
            partners_rotate=fmt == "swiss",
        ).items():
            checks[name] = checks.get(name, True) and value
        checks["engine_invariants"] = checks.get("engine_invariants", True) and engine_ok
        played_rounds.append((plan, outcomes))
    final = standings(participants, played_rounds)
    total = sum(sum(round_scores(p, o).values()) for p, o in played_rounds)
    checks["standings_add_up"] = abs(sum(s.points for s in final) - total) < 1e-6 and all(
        abs(s.points - sum(s.rounds)) < 1e-6 for s in final
    )
    if fmt == "round_robin":
        # A meeting with the pair of filler bots an odd number of pairs adds (its seats are all
        # None, so it reads as the empty set) is a bye, not a meeting of two registered pairs.
        met = [
            frozenset(pair)
            for plan, _ in played_rounds
            for t in plan.tables
            for pair in itertools.combinations(
                {frozenset(x for x in p if x is not None) for p in _table_pairs(t.seats)}, 2
            )
            if all(pair)
        ]
        full = rounds == round_robin_rounds(len(pairs))
        checks["pairs_meet_once"] = len(met) == len(set(met)) and (
            not full or len(set(met)) == len(pairs) * (len(pairs) - 1) // 2
        )
    return SimulationResult(
        game=spec.key,
        format=fmt,
        duplicate=duplicate,
        players=players,
        rounds=rounds,
        seed=seed,
        standings=final,
        invariants=checks,
        tables=table_count,
    )


def _table_pairs(seats: tuple[int | None, ...]) -> list[tuple[int | None, int | None]]:
    return [(seats[0], seats[2]), (seats[1], seats[3])]
