"""Measure the loopback Discord itself (not collected by pytest; speed lives in benchmarks).

``python -m tests.loopback.measure_loopback`` prints ``benchmarks.Figure`` JSON lines:

* ``loopback.spec_check_us``: mean microseconds for ``SpecValidator.check`` over every REST
  request the tiny test bot made in the run (path match + query + body validation);
* ``loopback.slash_p50_ms`` / ``loopback.slash_p99_ms``: dispatch-to-callback time of
  ``/demo ping`` (ephemeral reply, then a public follow-up with a view) for 100 users at once,
  3 rounds, server validating every request; ``extra`` has the request count and wall time.

``run()`` has the shape of a benchmark suite, so this module can move to
``benchmarks/bench_loopback.py`` unchanged.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

from benchmarks import Figure

__all__ = ["run"]


async def _measure(users: int, rounds: int) -> dict[str, float]:
    from tests.discord_loopback import Harness, LoopbackDiscord, LoopbackUser
    from tests.loopback.test_loopback_server import TinyBot

    server = LoopbackDiscord()
    await server.start()
    harness = Harness(server, timeout=60)
    latencies: list[float] = []
    try:
        people = [server.add_user(f"u{i}") for i in range(users)]
        await harness.start_bot(TinyBot())

        async def one(user: LoopbackUser) -> None:
            result = await harness.slash(user, "demo ping", word="x")
            latencies.append(result.latency_ms)
            await result.followup(timeout=60)

        started = time.perf_counter()
        for _ in range(rounds):
            await asyncio.gather(*(one(u) for u in people))
        wall = time.perf_counter() - started
        await harness.stop_bot()
    finally:
        await server.stop()
    server.assert_clean()
    corpus = [(r.method, r.path, r.query, r.body) for r in server.requests if r.body is not None]
    t0 = time.perf_counter()
    for method, path, query, body in corpus:
        server.spec.check(method, path, query, body)
    per_check = (time.perf_counter() - t0) / len(corpus)
    latencies.sort()
    return {
        "p50": latencies[len(latencies) // 2],
        "p99": latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))],
        "check_us": per_check * 1e6,
        "requests": len(server.requests),
        "wall": wall,
    }


def run(users: int = 100, rounds: int = 3) -> Iterator[Figure]:
    out = asyncio.run(_measure(users, rounds))
    extra: dict[str, float] = {"users": users, "rounds": rounds, "requests": int(out["requests"])}
    yield Figure("loopback.spec_check_us", out["check_us"], "us", None, extra)
    extra = {**extra, "seconds": round(out["wall"], 2)}
    yield Figure("loopback.slash_p50_ms", out["p50"], "ms", None, extra)
    yield Figure("loopback.slash_p99_ms", out["p99"], "ms", None, extra)


if __name__ == "__main__":
    for figure in run():
        print(figure.to_line())
