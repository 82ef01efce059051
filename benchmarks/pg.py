"""A PostgreSQL schema of its own for a benchmark, on the server ``PAIJU_BENCH_POSTGRES_URL``
names (else ``PAIJU_TEST_POSTGRES_URL``, the tests' server: ``source .ci/postgres.sh &&
pg_test_start`` starts one, with ``fsync`` and ``synchronous_commit`` on, as in production).
Without either, the PostgreSQL figures are left out with a note on stderr."""

from __future__ import annotations

import asyncio
import os
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["postgres_schema", "postgres_server"]


def postgres_server() -> str | None:
    """The server's URL, or ``None`` (said on stderr) when none is configured."""
    for name in ("PAIJU_BENCH_POSTGRES_URL", "PAIJU_TEST_POSTGRES_URL"):
        url = os.environ.get(name, "").strip()
        if url:
            return url
    print(
        "no PostgreSQL server for the PostgreSQL figures: set PAIJU_BENCH_POSTGRES_URL"
        " (or source .ci/postgres.sh && pg_test_start)",
        file=sys.stderr,
    )
    return None


async def _run(server: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(server)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


@contextmanager
def postgres_schema(server: str) -> Iterator[str]:
    """A URL of a new empty schema on ``server``, dropped afterwards."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    asyncio.run(_run(server, f"CREATE SCHEMA {schema}"))
    try:
        yield f"{server}{'&' if '?' in server else '?'}search_path={schema}"
    finally:
        asyncio.run(_run(server, f"DROP SCHEMA {schema} CASCADE"))
