"""Scoring a round and the standings (``docs/tournaments.md``).

Every round gives each participant a score from 0 to 1, so formats and games add up alike:

* **Table score** (not duplicate): the share of the *other teams* at the table the
  participant's team finished ahead of, a tie counting half. A partnership game: a win 1, a
  loss 0; a four-player free-for-all: 1st 1, 2nd 2/3, 3rd 1/3, 4th 0.
* **Matchpoints** (duplicate): every table played the same deal, so each result is compared
  with the results of the *same engine seat* (the same cards) at the other tables: the share
  of them beaten, a tie counting half. With one table there is nothing to compare: 0.5.
  A result is compared by rank first, then by the match score (levels, coins, points).
* **No-show**: the participant's seat was played by a bot; that result stands for the table
  (and for the field in duplicate), but the absent participant scores 0 for the round.
* Filler bots (seats ``None``) play and are compared like anyone, and are never scored.

Standings: points, then the tie-breaks in this order: *opponents* (the mean final points of
the participants met as opponents, partners excluded, counted once per meeting), *tops*
(rounds whose score was the best at the participant's table), then the sign-up order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.tournaments.model import RoundPlan, Standing, TableOutcome

__all__ = [
    "matchpoints",
    "round_scores",
    "standings",
    "table_scores",
]


def _share(mine: tuple[float, float], others: Sequence[tuple[float, float]]) -> float:
    if not others:
        return 0.5
    won = sum(1.0 if mine > o else 0.5 if mine == o else 0.0 for o in others)
    return won / len(others)


def table_scores(outcome: TableOutcome) -> list[float]:
    """Each seat's table score: the share of the other teams beaten, ties half."""
    best: dict[int, tuple[float, float]] = {}
    for seat, team in enumerate(outcome.teams):
        best.setdefault(team, outcome.key(seat))
    return [_share(best[team], [k for t, k in best.items() if t != team]) for team in outcome.teams]


def matchpoints(keys: Sequence[tuple[float, float]]) -> list[float]:
    """The matchpoints of same-position results: each the share of the others beaten, ties
    half (0.5 when alone). They add up to ``len(keys) / 2``."""
    return [_share(k, [o for j, o in enumerate(keys) if j != i]) for i, k in enumerate(keys)]


def seat_scores(plan: RoundPlan, outcomes: Mapping[int, TableOutcome]) -> dict[int, list[float]]:
    """Each table's per-seat score (table scores, or matchpoints when the round is duplicate),
    by table number, before the no-show rule."""
    if not plan.duplicate:
        return {t.number: table_scores(outcomes[t.number]) for t in plan.tables}
    numbers = [t.number for t in plan.tables]
    seat_count = len(plan.tables[0].seats)
    scores = {n: [0.0] * seat_count for n in numbers}
    for seat in range(seat_count):
        points = matchpoints([outcomes[n].key(seat) for n in numbers])
        for n, p in zip(numbers, points, strict=True):
            scores[n][seat] = p
    return scores


def round_scores(plan: RoundPlan, outcomes: Mapping[int, TableOutcome]) -> dict[int, float]:
    """Each participant's score for the round (0..1); an absent participant scores 0."""
    per_table = seat_scores(plan, outcomes)
    result: dict[int, float] = {}
    for table in plan.tables:
        outcome = outcomes[table.number]
        for seat, who in enumerate(table.seats):
            if who is None:
                continue
            result[who] = 0.0 if who in outcome.absent else per_table[table.number][seat]
    return result


def standings(
    order: Sequence[int],
    rounds: Sequence[tuple[RoundPlan, Mapping[int, TableOutcome]]],
) -> list[Standing]:
    """The standings after ``rounds`` (each a plan and its outcomes by table number) of the
    participants ``order`` (in sign-up order), best first, with the documented tie-breaks.
    A participant who sat out a round (added later, or removed) scores 0 in it."""
    points = {p: 0.0 for p in order}
    per_round: dict[int, list[float]] = {p: [] for p in order}
    tops = {p: 0 for p in order}
    met: dict[int, list[int]] = {p: [] for p in order}
    for plan, outcomes in rounds:
        scores = round_scores(plan, outcomes)
        per_table = seat_scores(plan, outcomes)
        for p in order:
            s = scores.get(p, 0.0)
            points[p] += s
            per_round[p].append(s)
        for table in plan.tables:
            outcome = outcomes[table.number]
            best = max(per_table[table.number])
            for seat, who in enumerate(table.seats):
                if who is None or who not in points:
                    continue
                if who not in outcome.absent and per_table[table.number][seat] == best:
                    tops[who] += 1
                met[who] += [
                    other
                    for s, other in enumerate(table.seats)
                    if other is not None
                    and other in points
                    and s != seat
                    and outcome.teams[s] != outcome.teams[seat]
                ]
    # rounded so that sums taken in another order tie as they should
    points = {p: round(v, 9) for p, v in points.items()}
    opponents = {
        p: round(sum(points[o] for o in met[p]) / len(met[p]), 9) if met[p] else 0.0 for p in order
    }
    position = {p: i for i, p in enumerate(order)}
    ordered = sorted(order, key=lambda p: (-points[p], -opponents[p], -tops[p], position[p]))
    return [
        Standing(
            rank=i + 1,
            participant=p,
            points=points[p],
            opponents=opponents[p],
            tops=tops[p],
            order=position[p] + 1,
            rounds=tuple(per_round[p]),
        )
        for i, p in enumerate(ordered)
    ]
