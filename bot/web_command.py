"""``python -m bot web``: serve the read-only web pages alone, from the same database.

The pages live in the package ``web`` (:data:`WEB_FRONT_END`, loaded by name only for this
command, as ``run`` loads the Discord front end): the host never imports them.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable
from typing import Any

from bot.config import Settings, store_target

__all__ = ["WEB_FRONT_END", "add_web_command", "check_web_args", "web_command"]

WEB_FRONT_END = "web.server"
"""The module ``web`` loads by name; it has ``main(settings, db, host, port) -> exit status``."""


def add_web_command(sub: Any, db_argument: Callable[[str], str]) -> None:
    """Add the ``web`` subcommand to the subparsers ``sub``; ``db_argument`` checks ``--db``."""
    web = sub.add_parser(
        "web",
        help="serve the read-only web pages (leaderboards, players, replays, rules)",
        description="Serve the league's read-only web pages from a database, alone (python -m"
        " bot run serves them too when WEB_PORT is set). Only servers listed with /league web on"
        " are shown, and only finished matches.",
    )
    web.set_defaults(subparser=web)
    web.add_argument(
        "--db",
        type=db_argument,
        help="the database: a SQLite file, which must exist, or a postgresql:// URL (default:"
        " DATABASE_URL, else DATABASE_PATH, else paiju.sqlite3)",
    )
    web.add_argument("--host", help="address to listen on (default: WEB_HOST, else 127.0.0.1)")
    web.add_argument(
        "--port",
        type=int,
        help="port to listen on; 0: any free port, the one chosen is printed (default:"
        " WEB_PORT, else 8080)",
    )


def check_web_args(args: argparse.Namespace) -> None:
    """Raise ``ValueError`` for a refused argument of ``web``."""
    if args.port is not None and not 0 <= args.port <= 65535:
        raise ValueError(f"--port must be 0-65535, not {args.port}")


def web_command(args: argparse.Namespace, settings: Settings) -> int:
    """Serve until stopped; the exit status."""
    try:
        front_end = importlib.import_module(WEB_FRONT_END)
    except ImportError as exc:
        print(f"the web pages cannot be loaded: {exc}", file=sys.stderr)
        return 1
    db = store_target(args.db) if args.db else settings.database
    status: int = front_end.main(settings, db, args.host, args.port)
    return status
