"""Seating a round: Swiss tables of four by score, round robin of registered pairs, seats
rotated from round to round, and the rule for numbers that are not a multiple of four.

**Swiss** (``swiss_round``). The participants are taken in standings order and split into
tables of four. Among all the ways to split them (exactly up to 12 participants, by a greedy
start and swaps beyond) the one chosen is the first, in this order of importance, that has

1. the fewest *repeated partners* (team games: two people sitting opposite as partners again,
   when another seating of the same tables avoids it; partners rotate, scoring is individual),
2. the smallest spread of points within its tables (similar scores meet),
3. the fewest pairs of participants who have met at a table before,
4. the tables closest to runs of the standings (places 1-4, 5-8, …; table 1 holds the
   leaders).

**Round robin** (``round_robin_round``, team games only): registered pairs, each pair meeting
every other once (the circle method); pair A sits at seats 1 and 3, pair B at 2 and 4.

**Byes and odd numbers**: nobody sits out. When the participants do not fill tables of four,
the seats left over are played by *filler bots* (one table in four-seat games holds at most
one when there are enough tables), and an odd number of pairs in a round robin gives, each
round, the pair that would sit out a pair of filler bots to play. Filler bots score nothing
and are in no standings; results against them count like any other.

**Seats rotate**: a table's seating is turned by one seat each round (partners stay opposite),
so nobody holds the same position every round; in duplicate mode all tables turn alike.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from bot.tournaments.model import RoundPlan, TablePlan

__all__ = [
    "SEATS",
    "History",
    "arrange_partners",
    "history_of",
    "round_robin_round",
    "round_robin_rounds",
    "round_seeds",
    "swiss_round",
]

SEATS = 4
EXACT_UP_TO = 12
"""Swiss splits are searched exhaustively up to this many participants."""


@dataclass
class History:
    """Who partnered whom and who met whom in earlier rounds (participants only)."""

    partners: Counter[frozenset[int]] = field(default_factory=Counter)
    met: Counter[frozenset[int]] = field(default_factory=Counter)


def _partners(seats: Sequence[int | None]) -> list[tuple[int | None, int | None]]:
    """Opposite seats of a four-seat partnership table."""
    half = len(seats) // 2
    return [(seats[i], seats[i + half]) for i in range(half)]


def history_of(rounds: Sequence[RoundPlan], team_game: bool) -> History:
    """The partners and meetings of earlier rounds."""
    hist = History()
    for plan in rounds:
        for table in plan.tables:
            for a, b in itertools.combinations(table.players, 2):
                hist.met[frozenset((a, b))] += 1
            if team_game:
                for one, two in _partners(table.seats):
                    if one is not None and two is not None:
                        hist.partners[frozenset((one, two))] += 1
    return hist


def _pairings(members: Sequence[int | None]) -> Iterator[list[int | None]]:
    """The three ways to seat four as two partnerships: seats [a, c, b, d], a & b partners."""
    a, b, c, d = members
    yield [a, c, b, d]
    yield [a, b, c, d]
    yield [a, b, d, c]


def _repeats(seats: Sequence[int | None], hist: History) -> int:
    return sum(
        hist.partners[frozenset((a, b))]
        for a, b in _partners(seats)
        if a is not None and b is not None
    )


def arrange_partners(members: Sequence[int | None], hist: History) -> list[int | None]:
    """The seating of a four-player team table with the fewest repeated partners (the first
    of the three in a fixed order when several tie)."""
    return min(_pairings(members), key=lambda seats: _repeats(seats, hist))


def _bots_per_table(players: int, tables: int) -> list[int]:
    """Filler bots per table, the bottom tables first, as evenly as possible."""
    fillers = tables * SEATS - players
    bots = [0] * tables
    for i in range(fillers):
        bots[tables - 1 - (i % tables)] += 1
    return bots


def _table_cost(
    group: Sequence[int], points: Mapping[int, float], hist: History, team_game: bool
) -> tuple[int, float, int]:
    members: list[int | None] = [*group, *([None] * (SEATS - len(group)))]
    repeats = _repeats(arrange_partners(members, hist), hist) if team_game else 0
    scores = [points.get(p, 0.0) for p in group]
    spread = (max(scores) - min(scores)) if scores else 0.0
    rematches = sum(hist.met[frozenset(pair)] for pair in itertools.combinations(group, 2))
    return repeats, spread, rematches


def _cost(
    groups: Sequence[Sequence[int]],
    points: Mapping[int, float],
    hist: History,
    team_game: bool,
    position: Mapping[int, int],
) -> tuple[int, float, int, int]:
    repeats = 0
    spread = 0.0
    rematches = 0
    for g in groups:
        r, s, m = _table_cost(g, points, hist, team_game)
        repeats, spread, rematches = repeats + r, spread + s, rematches + m
    distance = sum(max(position[p] for p in g) - min(position[p] for p in g) for g in groups)
    return repeats, round(spread, 9), rematches, distance


def _partitions(people: Sequence[int], sizes: Counter[int]) -> Iterator[list[tuple[int, ...]]]:
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for size in sorted(sizes, reverse=True):
        if sizes[size] == 0:
            continue
        sizes[size] -= 1
        for others in itertools.combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for tail in _partitions(left, sizes):
                yield [(first, *others), *tail]
        sizes[size] += 1


def _improve(
    groups: list[list[int]],
    points: Mapping[int, float],
    hist: History,
    team_game: bool,
    position: Mapping[int, int],
) -> list[list[int]]:
    """Swap two participants of different tables while that lowers the cost."""
    best = _cost(groups, points, hist, team_game, position)
    improved = True
    while improved:
        improved = False
        for i, j in itertools.combinations(range(len(groups)), 2):
            for a, b in itertools.product(range(len(groups[i])), range(len(groups[j]))):
                groups[i][a], groups[j][b] = groups[j][b], groups[i][a]
                cost = _cost(groups, points, hist, team_game, position)
                if cost < best:
                    best, improved = cost, True
                else:
                    groups[i][a], groups[j][b] = groups[j][b], groups[i][a]
    return groups


def _split(
    order: Sequence[int], points: Mapping[int, float], hist: History, team_game: bool
) -> list[list[int]]:
    tables = -(-len(order) // SEATS)
    sizes = [SEATS - b for b in _bots_per_table(len(order), tables)]
    position = {p: i for i, p in enumerate(order)}
    if len(order) <= EXACT_UP_TO:
        best: list[tuple[int, ...]] | None = None
        best_cost: tuple[int, float, int, int] | None = None
        for parts in _partitions(list(order), Counter(sizes)):
            cost = _cost(parts, points, hist, team_game, position)
            if best_cost is None or cost < best_cost:
                best, best_cost = parts, cost
        assert best is not None
        groups = [list(g) for g in best]
    else:
        groups, start = [], 0
        for size in sizes:
            groups.append(list(order[start : start + size]))
            start += size
        groups = _improve(groups, points, hist, team_game, position)
    groups = [sorted(g, key=lambda p: position[p]) for g in groups]
    return sorted(groups, key=lambda g: (min(position[p] for p in g), -len(g)))


def _rotate(seats: Sequence[int | None], number: int) -> tuple[int | None, ...]:
    turn = (number - 1) % len(seats)
    return tuple(seats[(i - turn) % len(seats)] for i in range(len(seats)))


def round_seeds(tournament_seed: int, number: int, tables: int, duplicate: bool) -> list[int]:
    """The game seed of each table of round ``number``: one seed for all in duplicate mode."""
    source = random.Random(f"tournament:{tournament_seed}:round:{number}")
    if duplicate:
        seed = source.getrandbits(62)
        return [seed] * tables
    return [source.getrandbits(62) for _ in range(tables)]


def swiss_round(
    number: int,
    order: Sequence[int],
    points: Mapping[int, float],
    earlier: Sequence[RoundPlan],
    *,
    team_game: bool,
    duplicate: bool,
    seed: int,
) -> RoundPlan:
    """Round ``number`` of a Swiss tournament for the participants ``order`` (standings order,
    best first) with their ``points`` so far, after the ``earlier`` rounds.

    Raises ``ValueError`` for fewer than two participants or a repeated one.
    """
    if len(order) < 2:
        raise ValueError("a round needs at least two participants")
    if len(set(order)) != len(order):
        raise ValueError("a participant is listed twice")
    hist = history_of(earlier, team_game)
    groups = _split(order, points, hist, team_game)
    seeds = round_seeds(seed, number, len(groups), duplicate)
    tables = []
    for index, group in enumerate(groups):
        members: list[int | None] = [*group, *([None] * (SEATS - len(group)))]
        seats = arrange_partners(members, hist) if team_game else members
        tables.append(TablePlan(index + 1, _rotate(seats, number), seeds[index]))
    return RoundPlan(number, tuple(tables), duplicate)


Pair = tuple[int | None, int | None]


def round_robin_rounds(pairs: int) -> int:
    """How many rounds a round robin of ``pairs`` pairs has (one more pair of bots when odd)."""
    return pairs - 1 if pairs % 2 == 0 else pairs


def round_robin_round(
    number: int, pairs: Sequence[Pair], *, duplicate: bool, seed: int
) -> RoundPlan:
    """Round ``number`` (1-based) of a round robin of registered ``pairs`` (circle method).

    Raises ``ValueError`` for fewer than two pairs, a participant in two pairs, or a round
    beyond the last.
    """
    if len(pairs) < 2:
        raise ValueError("a round robin needs at least two pairs")
    people = [p for pair in pairs for p in pair if p is not None]
    if len(set(people)) != len(people):
        raise ValueError("a participant is in two pairs")
    entries: list[Pair] = list(pairs)
    if len(entries) % 2:
        entries.append((None, None))
    rounds = len(entries) - 1
    if not 1 <= number <= rounds:
        raise ValueError(f"a round robin of {len(pairs)} pairs has rounds 1 to {rounds}")
    rest = entries[1:]
    shift = (number - 1) % len(rest)
    circle = [entries[0], *rest[len(rest) - shift :], *rest[: len(rest) - shift]]
    half = len(circle) // 2
    meetings = [(circle[i], circle[len(circle) - 1 - i]) for i in range(half)]
    seeds = round_seeds(seed, number, len(meetings), duplicate)
    tables = []
    for index, (a, b) in enumerate(meetings):
        seats = (a[0], b[0], a[1], b[1])
        tables.append(TablePlan(index + 1, _rotate(seats, number), seeds[index]))
    return RoundPlan(number, tuple(tables), duplicate)
