"""Fixtures for every test: a PostgreSQL database of its own for the tests marked ``postgres``.

The server is the one ``.ci/run`` starts (``.ci/postgres.sh``: Debian's ``postgresql``, a
throwaway cluster on a unix socket), named by ``PAIJU_TEST_POSTGRES_URL``. Start one by hand
the same way: ``source .ci/postgres.sh && pg_test_start`` in the shell that runs pytest.
Without it a ``postgres`` test is skipped, except in CI (``CI=true``), where it FAILS: a
PostgreSQL test that did not run is not a pass.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator

import pytest

POSTGRES_ENV = "PAIJU_TEST_POSTGRES_URL"


def postgres_server() -> str:
    """The test server's URL; skips the test without one (fails it in CI)."""
    url = os.environ.get(POSTGRES_ENV, "").strip()
    if not url:
        why = f"no PostgreSQL server for the tests: {POSTGRES_ENV} is unset (.ci/postgres.sh)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{why}; in CI a postgres test must run, not be skipped")
        pytest.skip(why)
    return url


def with_schema(url: str, schema: str) -> str:
    """``url`` whose connections use ``schema`` (asyncpg reads ``search_path`` from the URL)."""
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


@pytest.fixture
async def postgres_url() -> AsyncIterator[str]:
    """A URL of an empty PostgreSQL schema of this test's own (dropped afterwards): the
    store sees a new database."""
    import asyncpg

    server = postgres_server()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f"CREATE SCHEMA {schema}")
    finally:
        await conn.close()
    yield with_schema(server, schema)
    # a test that failed may have left a connection holding locks in the schema: never wait
    # for it (the server is thrown away after the run; a schema left behind costs nothing)
    conn = await asyncpg.connect(server, server_settings={"lock_timeout": "5s"})
    try:
        await conn.execute(f"DROP SCHEMA {schema} CASCADE")
    except asyncpg.PostgresError:
        pass
    finally:
        await conn.close()
