"""While the database cannot answer (PostgreSQL down or restarting, a connection lost) the
pages are a clean 503 page to try again shortly (``Retry-After``), not a 500 "something went
wrong"; a fault of the pages themselves is still a 500."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from web.app import DOWN_LOG_EVERY_S, PAGES
from web.data import WebData
from web.server import start


def _get(url: str, lang: str = "en") -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(url, headers={"Accept-Language": lang})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read().decode()


async def test_pages_are_a_503_while_postgresql_cannot_be_reached(tmp_path: Path) -> None:
    # no server listens on this socket directory: as a PostgreSQL stopped after the pages started
    url = f"postgresql://paiju:pw@/paiju?host={tmp_path / 'down'}"
    pages = await start(url, "127.0.0.1", 0, must_exist=False)
    try:
        for path in ("/", "/s/424242", "/s/424242/m/1", "/s/424242/m/1/h/1/0.png"):
            status, headers, body = await asyncio.to_thread(_get, pages.url.rstrip("/") + path)
            assert status == 503, (path, body[:300])
            assert headers["Retry-After"] == "30" and headers["Cache-Control"] == "no-store"
            assert "<h1>503</h1>" in body and "Try again in a minute" in body, path
            assert "Traceback" not in body and "pw" not in body and "paiju?host" not in body
        zh = await asyncio.to_thread(_get, pages.url, "zh-CN")
        assert zh[0] == 503 and "请过一分钟再试" in zh[2]
    finally:
        await pages.stop()


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (sqlite3.OperationalError("ConnectionDoesNotExistError: connection was closed"), 503),
        (ConnectionRefusedError(111, "Connection refused"), 503),
        (TimeoutError(), 503),
        (sqlite3.OperationalError("database is locked"), 503),
        (KeyError("a bug of the pages"), 500),
    ],
)
async def test_a_lost_connection_is_a_503_and_a_bug_a_500(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException, status: int
) -> None:
    async def fails(self: WebData) -> list[object]:
        raise error

    monkeypatch.setattr(WebData, "servers", fails)
    pages = await start(tmp_path / "none.sqlite3", "127.0.0.1", 0, must_exist=False)
    try:
        got, _, body = await asyncio.to_thread(_get, pages.url)
        assert got == status and f"<h1>{status}</h1>" in body and "Traceback" not in body
    finally:
        await pages.stop()


async def test_while_the_database_is_down_one_line_is_logged_every_few_seconds(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Not a traceback a request: one line with the error's class and message, then nothing
    for ``DOWN_LOG_EVERY_S`` (the pages' own clock, set by hand here), then one line saying
    how many failures went unlogged. Every request is still the 503 page."""
    url = f"postgresql://paiju:pw@/paiju?host={tmp_path / 'down'}"
    server = await start(url, "127.0.0.1", 0, must_exist=False)
    pages = server.runner.app[PAGES]
    now = [1000.0]
    pages.clock = lambda: now[0]
    caplog.set_level(logging.WARNING, logger="web.app")
    try:

        async def statuses(n: int) -> list[int]:
            return [
                (await asyncio.to_thread(_get, server.url.rstrip("/") + f"/s/{424242 + i}"))[0]
                for i in range(n)
            ]

        assert await statuses(3) == [503, 503, 503]
        lines = [r for r in caplog.records if r.name == "web.app"]
        assert len(lines) == 1
        first = lines[0]
        assert first.levelno == logging.WARNING and first.exc_info is None
        text = first.getMessage()
        assert text.startswith("web page /s/424242: the database cannot answer (")
        assert text.endswith("); answering 503") and "\n" not in text
        error = text.split("cannot answer (", 1)[1].rsplit("); answering", 1)[0]
        assert error == (  # the store's error, the password masked
            f"OperationalError: cannot connect to postgresql://paiju:***@/paiju?host="
            f"{tmp_path / 'down'}: [Errno 2] No such file or directory"
        )
        now[0] += DOWN_LOG_EVERY_S - 0.5  # still within the quiet time
        assert await statuses(2) == [503, 503]
        assert len([r for r in caplog.records if r.name == "web.app"]) == 1
        now[0] += 1.0
        assert await statuses(1) == [503]
        lines = [r for r in caplog.records if r.name == "web.app"]
        assert len(lines) == 2 and lines[1].exc_info is None
        assert lines[1].getMessage() == (
            f"web page /s/424242: the database cannot answer ({error}); answering 503"
            " (4 more since the last line)"
        )
    finally:
        await server.stop()
