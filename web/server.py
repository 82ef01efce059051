"""Starting and stopping the web pages: alone (``python -m bot web``) or beside the bot.

:func:`start` opens the read-only :class:`web.data.WebData` on the database and listens;
:class:`WebServer` stops both. ``python -m bot run`` starts one in its own event loop when
``WEB_PORT`` is set (:mod:`cogs.client`); :func:`main` is ``python -m bot web``, which serves
until it is stopped (Ctrl-C or SIGTERM).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from bot.config import Settings, redact
from bot.stop_signal import until_terminated
from web.app import create_app
from web.data import WebData

__all__ = ["DEFAULT_PORT", "WebServer", "main", "start"]

log = logging.getLogger(__name__)

DEFAULT_PORT = 8080
"""``python -m bot web``'s port when neither ``--port`` nor ``WEB_PORT`` says one."""


@dataclass
class WebServer:
    runner: web.AppRunner
    data: WebData
    host: str
    port: int

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    async def stop(self) -> None:
        try:
            await self.runner.cleanup()
        finally:
            await self.data.close()


async def start(db_path: str | Path, host: str, port: int, *, must_exist: bool = True) -> WebServer:
    """Serve the pages of ``db_path`` on ``host:port`` (port 0: any free port) until
    :meth:`WebServer.stop`. Raises ``FileNotFoundError`` when the database does not exist and
    ``OSError`` when the port cannot be bound. ``must_exist=False`` (beside the bot, which
    creates the file): pages are empty until it exists."""
    data = await WebData.open(db_path) if must_exist else WebData(db_path)
    runner = web.AppRunner(create_app(data), access_log=None)
    try:
        await runner.setup()
        site = web.TCPSite(runner, host, port, reuse_address=True)
        await site.start()
    except BaseException:
        await runner.cleanup()
        await data.close()
        raise
    sockets = [s for s in (runner.addresses or [])]
    bound = int(sockets[0][1]) if sockets else port
    log.info("web pages on http://%s:%d/", host, bound)
    return WebServer(runner, data, host, bound)


async def _serve(db_path: Path | str, host: str, port: int) -> None:
    server = await start(db_path, host, port)
    shown = redact(db_path) if isinstance(db_path, str) else db_path  # no password printed
    print(f"serving the web pages of {shown} on {server.url} (Ctrl-C stops)", flush=True)
    try:
        # SIGTERM stops them as Ctrl-C does, also where SIGINT is ignored (nohup, a script's &)
        await until_terminated(asyncio.Event().wait())
    finally:
        await server.stop()


def main(
    settings: Settings,
    db: Path | str | None = None,
    host: str | None = None,
    port: int | None = None,
) -> int:
    """``python -m bot web``: serve until stopped; the exit status. ``db``: the SQLite file
    or the PostgreSQL URL (default: ``DATABASE_URL``, else ``DATABASE_PATH``)."""
    path = db or settings.database
    if port is None:  # --port 0 is any free port, not the default
        port = settings.web_port if settings.web_port is not None else DEFAULT_PORT
    try:
        asyncio.run(_serve(path, host or settings.web_host, port))
    except KeyboardInterrupt:
        return 0
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: cannot serve the web pages: {exc}", file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as exc:  # PostgreSQL unreachable, a file that is not SQLite
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0
