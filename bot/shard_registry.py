"""The bot processes that split the shards on one PostgreSQL database, as they see each other.

Each process of a bot split by ``SHARD_IDS`` (:mod:`bot.owners`) keeps a row of the table
``shard_processes`` (migration 7): a random token for this run, the server pid of its claim
connection, host and process id, its ``SHARD_COUNT`` and ``SHARD_IDS``, when it started and
when it was last seen (a heartbeat every few seconds, on the server's clock). A row is **live**
while its claim connection holds the database's shared claim (``pg_locks``): a process that
is gone (stopped, crashed, ``SIGKILL``\\ ed, or its connection cut) holds nothing, whatever its
row says, and the next registration deletes its row.

* :func:`register` (at start-up, under a transaction-level advisory lock so that two processes
  starting at once are judged one after the other) refuses a process whose ``SHARD_COUNT``
  differs from a live process's, or whose ``SHARD_IDS`` overlap a live process's
  (``TableError("shard_conflict")``, one sentence naming the other process). A live process
  not seen for :data:`HEARTBEAT_STALE_S` does not count (a crashed process's connection that the
  server has not dropped yet), and the service tries again for a few seconds before it gives up
  (a process restarted the moment it was killed finds its old session still ending).
* :func:`heartbeat` updates the row (and notices a lost claim connection: it fails).
* :func:`processes` lists the rows, each with whether it is live: ``python -m bot health``
  reports them one a line, and a process hands an adopted table back to the live process
  whose shards it belongs to (:meth:`bot.table_handback.HandBackMixin.hand_back`).

Every query here runs on an asyncpg connection (the claim's, or the health check's own).
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.claim import CLAIM_LOCK
from bot.errors import TableError

__all__ = [
    "HEARTBEAT_STALE_S",
    "LIVE_CLAIMS",
    "ProcessRow",
    "conflict",
    "heartbeat",
    "processes",
    "register",
    "server_now",
    "shard_health",
    "shard_ranges",
    "unregister",
]

REGISTRY_LOCK = 0x5061_696C
"""The first key of the transaction-level advisory lock that serialises registrations (the
second is ``hashtext(current_schema())``; the claim's is ``0x5061696A``, migrations'
``0x5061696B``)."""

HEARTBEAT_STALE_S = 30.0
"""A live process not seen for this long is reported unhealthy (its heartbeat is every
``takeover_interval_s``, 5 s: its event loop is stuck, or it cannot reach the database)."""

LIVE_CLAIMS = (
    "SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted"
    f" AND l.classid = {CLAIM_LOCK}::bigint::oid AND l.objsubid = 2"
    " AND l.objid = (hashtext(current_schema())::bigint & 4294967295)::oid"
    " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)
"""The server pids of the connections that hold the database's claim (:mod:`bot.claim`)."""

_NOW = "EXTRACT(EPOCH FROM clock_timestamp())::float8"


@dataclass(frozen=True)
class ProcessRow:
    """One process's row, and whether it is live (its claim connection holds the claim)."""

    token: str
    backend_pid: int
    host: str
    os_pid: int
    shard_count: int
    shard_ids: tuple[int, ...]
    started_at: float
    seen_at: float
    live: bool

    def where(self) -> str:
        """How an admin finds it: ``host HOST, process PID``."""
        return f"host {self.host}, process {self.os_pid}"


def shard_ranges(ids: Iterable[int]) -> str:
    """Shard ids as ``SHARD_IDS`` writes them: ``0-3,6``."""
    out: list[str] = []
    run: list[int] = []
    for i in sorted(set(ids)):
        if run and i == run[-1] + 1:
            run.append(i)
            continue
        if run:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
        run = [i]
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ",".join(out)


async def processes(conn: Any) -> list[ProcessRow]:
    """Every registered process, oldest first, each with whether it is live."""
    rows = await conn.fetch(
        "SELECT token, backend_pid, host, os_pid, shard_count, shard_ids, started_at, seen_at,"
        f" backend_pid IN ({LIVE_CLAIMS}) AS live FROM shard_processes ORDER BY started_at, token"
    )
    return [
        ProcessRow(
            token=r["token"],
            backend_pid=int(r["backend_pid"]),
            host=r["host"],
            os_pid=int(r["os_pid"]),
            shard_count=int(r["shard_count"]),
            shard_ids=tuple(int(i) for i in json.loads(r["shard_ids"])),
            started_at=float(r["started_at"]),
            seen_at=float(r["seen_at"]),
            live=bool(r["live"]),
        )
        for r in rows
    ]


async def server_now(conn: Any) -> float:
    """The server's clock (epoch seconds), the one ``seen_at`` is written in."""
    return float(await conn.fetchval(f"SELECT {_NOW}"))


def conflict(
    shard_count: int, shard_ids: Iterable[int], others: Iterable[ProcessRow]
) -> str | None:
    """Why a process with these settings cannot run beside the live ``others`` (one sentence
    for the admin), or ``None``."""
    mine = set(shard_ids)
    for other in others:
        if other.shard_count != shard_count:
            return (
                f"SHARD_COUNT={shard_count} disagrees with the running bot process on"
                f" {other.where()}, which has SHARD_COUNT={other.shard_count}: every process"
                " of the bot must give the same SHARD_COUNT (to change it, stop them all and"
                " start them again with the new count)"
            )
        both = mine & set(other.shard_ids)
        if both:
            return (
                f"SHARD_IDS={shard_ranges(mine)} overlaps the running bot process on"
                f" {other.where()}, which runs SHARD_IDS={shard_ranges(other.shard_ids)}"
                f" (both would run shard {shard_ranges(both)}): give each process its own"
                " shards"
            )
    return None


async def register(
    conn: Any, token: str, shard_count: int, shard_ids: Iterable[int], *, refuse: bool = True
) -> str | None:
    """Register this process (its row keyed by ``token``; the claim connection ``conn``) after
    judging it against the live processes: raises ``TableError("shard_conflict")`` when
    :func:`conflict` finds one and ``refuse`` (at start-up); without ``refuse`` (a process that
    reconnects after losing its claim connection) it registers whatever it finds and returns
    the conflict for the caller to log. Rows of processes that are gone are deleted."""
    ids = sorted(set(shard_ids))
    async with conn.transaction():
        await conn.execute(
            "SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))", REGISTRY_LOCK
        )
        rows = await processes(conn)
        gone = [r.token for r in rows if not r.live and r.token != token]
        if gone:
            await conn.execute("DELETE FROM shard_processes WHERE token = ANY($1::text[])", gone)
        pid = conn.get_server_pid()
        now = await server_now(conn)
        # a session whose process stopped answering long ago is no process to agree with: a
        # half-open connection of a crashed one, which the server drops in its own time
        others = [
            r
            for r in rows
            if r.live
            and r.token != token
            and r.backend_pid != pid
            and now - r.seen_at <= HEARTBEAT_STALE_S
        ]
        problem = conflict(shard_count, ids, others)
        if problem is not None and refuse:
            raise TableError("shard_conflict", problem, {"message": problem})
        await conn.execute(
            "INSERT INTO shard_processes (token, backend_pid, host, os_pid, shard_count,"
            f" shard_ids, started_at, seen_at) VALUES ($1, $2, $3, $4, $5, $6, {_NOW}, {_NOW})"
            " ON CONFLICT (token) DO UPDATE SET backend_pid = excluded.backend_pid,"
            " seen_at = excluded.seen_at",
            token,
            pid,
            socket.gethostname(),
            os.getpid(),
            shard_count,
            json.dumps(ids),
        )
    return problem


async def heartbeat(conn: Any, token: str, *, timeout: float) -> None:
    """Say this process is alive (raises when the claim connection does not answer)."""
    await conn.execute(
        f"UPDATE shard_processes SET seen_at = {_NOW}, backend_pid = pg_backend_pid()"
        " WHERE token = $1",
        token,
        timeout=timeout,
    )


async def unregister(conn: Any, token: str) -> None:
    """Remove this process's row (a clean shut-down)."""
    await conn.execute("DELETE FROM shard_processes WHERE token = $1", token)


async def shard_health(
    conn: Any, shard_count: int | None = None, shard_ids: Iterable[int] | None = None
) -> tuple[bool, list[str]] | None:
    """``python -m bot health`` of a bot split by ``SHARD_IDS``: ``(healthy, lines)``, the
    first line the verdict and then one line per registered process (live or gone, its shards,
    when it was last seen); ``None`` when no live process is registered (a bot without shards:
    the claim alone tells).

    Healthy when every shard asked about (this process's ``shard_ids`` when given, else every
    shard of ``shard_count`` or of the live processes' count) is run by a live process seen
    within :data:`HEARTBEAT_STALE_S`."""
    exists = await conn.fetchval("SELECT to_regclass('shard_processes') IS NOT NULL")
    rows = await processes(conn) if exists else []
    live = [r for r in rows if r.live]
    if not live:
        return None
    now = await server_now(conn)
    count = shard_count or live[0].shard_count
    wanted = set(shard_ids) if shard_ids is not None else set(range(count))
    fresh = [r for r in live if now - r.seen_at <= HEARTBEAT_STALE_S and r.shard_count == count]
    run = {s for r in fresh for s in r.shard_ids}
    lines = []
    for r in rows:
        state = "gone" if not r.live else f"last seen {max(0.0, now - r.seen_at):.0f} s ago"
        if r.live and now - r.seen_at > HEARTBEAT_STALE_S:
            state += " (not answering)"
        lines.append(
            f"  process on {r.where()} (server pid {r.backend_pid}):"
            f" {_shards_of(set(r.shard_ids), r.shard_count, asked=False)}, {state}"
        )
    counts = sorted({r.shard_count for r in live})
    if len(counts) > 1:
        verdict = f"the live processes disagree on SHARD_COUNT ({', '.join(map(str, counts))})"
        return False, [verdict, *lines]
    if shard_count and counts != [shard_count]:  # this process's setting, not the bot's
        verdict = (
            f"SHARD_COUNT={shard_count} here disagrees with the live processes'"
            f" SHARD_COUNT={counts[0]}: every process of the bot must give the same"
        )
        return False, [verdict, *lines]
    missing = wanted - run
    if missing:
        verdict = (
            f"{_shards_of(missing, count, asked=shard_ids is not None)}"
            f" {'has' if len(missing) == 1 else 'have'} no live process that answers"
            f" (every shard of {count} needs one)"
        )
        return False, [verdict, *lines]
    runners = sum(1 for r in fresh if wanted & set(r.shard_ids))
    verdict = (
        f"{_shards_of(wanted, count, asked=shard_ids is not None)} run by {runners} live"
        f" {'process' if runners == 1 else 'processes'}"
    )
    return True, [verdict, *lines]


def _shards_of(ids: set[int], count: int, *, asked: bool) -> str:
    """``shard 1 of 2``, ``shards 0-1 of 2``; ``this process's shard(s) …`` when ``asked``."""
    noun = "shard" if len(ids) == 1 else "shards"
    whose = "this process's " if asked else ""
    return f"{whose}{noun} {shard_ranges(ids)} of {count}"
