"""Duplicate runs that add up: one record per finished deal, and the figures of several runs'
records pooled (:mod:`games.duplicate` plays the deals).

A record is a plain mapping, written as one JSON line by ``python -m benchmarks strength
--out FILE`` as each deal ends::

    {"game": "pajiwo", "challenger": "strong", "baseline": "heuristic", "seed": 3001,
     "deal": 7, "deal_seed": 4517…, "value": 0.5, "challenger_ms": [612.3, …],
     "challenger_args": {"rollouts": 8}}

``deal`` is the deal's number in its seed (1 for the first), so ``(seed, deal)`` names the
cards, whatever run played them; ``deal_seed`` is what :func:`games.duplicate.deal_seeds`
gives for it (pooling checks it). Mahjong records also carry ``deal_ins`` and ``seat_hands``
(``{"challenger": n, "baseline": n}``) for the deal-in rates.

The progress lines a run prints on stderr (``pajiwo: deal 7: +0.500``) are records too once
the seed is known (:func:`read_records` with ``seed``), with the value as printed (three
decimals) and nothing else.

:func:`pool` groups records by game and works out each game's figures over the pooled deals
with the harness's own interval (:func:`games.duplicate.interval`); the same deal twice (the
same seed and number) is refused, not counted twice.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.duplicate import DealOutcome, deal_seeds, interval, p95
from games.registry import get_game

__all__ = ["PooledResult", "deal_record", "pool", "read_records"]

#: a progress line on stderr: ``GAME: deal N: +VALUE``
_PROGRESS = re.compile(r"^([a-z_]+): deal ([0-9]+): ([+-]?[0-9]+(?:\.[0-9]+)?)$")


def deal_record(
    game: str,
    challenger: str,
    baseline: str,
    seed: int,
    number: int,
    deal_seed: int,
    outcome: DealOutcome,
    challenger_args: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The record of one finished deal (see the module docstring); JSON-ready."""
    record: dict[str, Any] = {
        "game": game,
        "challenger": challenger,
        "baseline": baseline,
        "seed": seed,
        "deal": number,
        "deal_seed": deal_seed,
        "value": outcome.value,
        "challenger_ms": [round(t, 1) for t in outcome.challenger_ms],
    }
    if outcome.lists_wins:
        record["deal_ins"] = dict(outcome.deal_ins)
        record["seat_hands"] = dict(outcome.seat_hands)
    if challenger_args:
        record["challenger_args"] = dict(challenger_args)
    return record


def read_records(
    lines: Iterable[str],
    source: str,
    seed: int | None = None,
    challenger: str = "strong",
    baseline: str = "heuristic",
) -> list[dict[str, Any]]:
    """The records in ``lines`` (a file's lines): JSON records, and progress lines
    (``GAME: deal N: +VALUE``) of a run of ``seed`` between ``challenger`` and ``baseline``.

    Other lines (figures, warnings, blank lines) are left out. Each record gets a
    ``"source"`` (``"FILE:LINE"``) for the messages of :func:`pool`. Raises ``ValueError``
    for a progress line without ``seed`` or a JSON record that lacks a field.
    """
    out: list[dict[str, Any]] = []
    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        where = f"{source}:{n}"
        if line.startswith("{"):
            obj = json.loads(line)
            if not isinstance(obj, dict) or "deal" not in obj:
                continue  # a figure line, not a deal's record
            missing = [k for k in ("game", "seed", "deal", "value") if k not in obj]
            if missing:
                raise ValueError(f"{where}: the record has no {', '.join(missing)}")
            out.append({**obj, "source": where})
            continue
        match = _PROGRESS.match(line)
        if match is None:
            continue
        if seed is None:
            raise ValueError(f"{where}: a progress line; give the seed of its run (--seed)")
        out.append(
            {
                "game": match[1],
                "challenger": challenger,
                "baseline": baseline,
                "seed": seed,
                "deal": int(match[2]),
                "value": float(match[3]),
                "source": where,
            }
        )
    return out


@dataclass(frozen=True)
class PooledResult:
    """One game's figures over pooled records.

    Attributes:
        game, challenger, baseline: what was played.
        measure: ``"share_won"`` or ``"score_diff"`` (as :class:`games.duplicate.DuplicateResult`).
        deals: number of deals pooled; ``seeds`` the seeds they come from, in order.
        value, ci_low, ci_high: mean of the deals' values and its 95% interval.
        move_p95_ms: 95th percentile of the challenger's CPU ms per move over the records
            that list them, ``None`` when none does; ``moves`` how many moves that is.
        deal_in: ``{"challenger": rate, "baseline": rate}`` over the records with deal-ins,
            or ``None``; ``deal_in_deals`` how many deals those are.
        challenger_args: the challenger's arguments the records name (all the same), or ``None``.
    """

    game: str
    challenger: str
    baseline: str
    measure: str
    deals: int
    seeds: tuple[int, ...]
    value: float
    ci_low: float
    ci_high: float
    move_p95_ms: float | None
    moves: int
    deal_in: dict[str, float] | None
    deal_in_deals: int
    challenger_args: dict[str, Any] | None


def pool(records: Sequence[Mapping[str, Any]]) -> list[PooledResult]:
    """Each game's figures over ``records`` (games in order of first appearance).

    Raises ``ValueError`` when a deal (seed and number) appears twice, a record's
    ``deal_seed`` is not that of its seed's deal, the records of a game name different bots
    or challenger arguments, or there are no records;
    :class:`~games.registry.UnknownGame` for an unknown game.
    """
    if not records:
        raise ValueError("no deal records to pool")
    by_game: dict[str, list[Mapping[str, Any]]] = {}
    for record in records:
        by_game.setdefault(str(record["game"]), []).append(record)
    return [_pool_game(game, rows) for game, rows in by_game.items()]


def _where(record: Mapping[str, Any]) -> str:
    return str(record.get("source", "a record"))


def _pool_game(game: str, rows: Sequence[Mapping[str, Any]]) -> PooledResult:
    spec = get_game(game)
    seen: dict[tuple[int, int], Mapping[str, Any]] = {}
    for row in rows:
        key = (int(row["seed"]), int(row["deal"]))
        if key[1] < 1:
            raise ValueError(f"{_where(row)}: deal numbers start at 1, not {key[1]}")
        if key in seen:
            raise ValueError(
                f"{game}: seed {key[0]} deal {key[1]} is twice in the pool "
                f"({_where(seen[key])} and {_where(row)})"
            )
        seen[key] = row
    _check_deal_seeds(rows)
    bots = {"challenger": "strong", "baseline": "heuristic"}  # where no record names them
    for name in bots:
        kinds = {str(r[name]) for r in rows if name in r}
        if len(kinds) > 1:
            raise ValueError(f"{game}: the records pool different {name}s: {sorted(kinds)}")
        bots[name] = kinds.pop() if kinds else bots[name]
    args = [r["challenger_args"] for r in rows if r.get("challenger_args")]
    if any(a != args[0] for a in args):
        raise ValueError(f"{game}: the records pool different challenger arguments")
    mean, low, high = interval([float(r["value"]) for r in rows])
    times = [float(t) for r in rows for t in r.get("challenger_ms", ())]
    with_ins = [r for r in rows if "deal_ins" in r]
    deal_in = None
    if with_ins:
        deal_in = {
            kind: sum(int(r["deal_ins"][kind]) for r in with_ins)
            / max(1, sum(int(r["seat_hands"][kind]) for r in with_ins))
            for kind in ("challenger", "baseline")
        }
    return PooledResult(
        game=spec.key,
        challenger=bots["challenger"],
        baseline=bots["baseline"],
        measure="share_won" if spec.fixed_partners else "score_diff",
        deals=len(rows),
        seeds=tuple(dict.fromkeys(int(r["seed"]) for r in rows)),
        value=mean,
        ci_low=low,
        ci_high=high,
        move_p95_ms=p95(times) if times else None,
        moves=len(times),
        deal_in=deal_in,
        deal_in_deals=len(with_ins),
        challenger_args=dict(args[0]) if args else None,
    )


def _check_deal_seeds(rows: Sequence[Mapping[str, Any]]) -> None:
    """Refuse a record whose ``deal_seed`` is not its seed's deal (another harness's record)."""
    last: dict[int, int] = {}
    for row in rows:
        if "deal_seed" in row:
            seed = int(row["seed"])
            last[seed] = max(last.get(seed, 0), int(row["deal"]))
    expected = {seed: deal_seeds(seed, n) for seed, n in last.items()}
    for row in rows:
        if "deal_seed" in row:
            want = expected[int(row["seed"])][int(row["deal"]) - 1][0]
            if int(row["deal_seed"]) != want:
                raise ValueError(
                    f"{_where(row)}: deal_seed {row['deal_seed']} is not deal {row['deal']} "
                    f"of seed {row['seed']} ({want})"
                )
