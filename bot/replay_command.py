"""``python -m bot replay MATCH [--hand N] [--lang zh] [--all]``: a finished hand in the
terminal, as ``/replay`` shows it (:mod:`bot.cli_replay`).

``MATCH`` is the match's number (``/history``'s ``#12``, and the one the terminal prints at the
end of a match). Without ``--all`` the steps are shown one at a time: Enter or ``n`` for the
next, ``p``, ``first``, ``last``, a step's number, ``q`` to stop (the end of input stops too);
``--all`` prints every step at once. A hand still being played is refused (exit status 1), with
Discord's reason in the reader's language.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from bot.config import Settings, store_target
from bot.line_reader import LineReader
from bot.replay import HandReplay, ReplayRefused
from bot.screens import terminal_lang
from bot.store import Store
from present.i18n import lang_of

__all__ = ["add_replay_command", "replay_command", "show_replay"]


def add_replay_command(sub: Any, db_argument: Callable[[str], str]) -> None:
    """Add the ``replay`` subcommand to the subparsers ``sub``; ``db_argument`` checks ``--db``."""
    rp = sub.add_parser(
        "replay",
        help="step through a finished hand of a stored match, every hand face up",
        description="Step through a finished hand of a match in the database, as /replay shows"
        " it: Enter or n for the next step, p for the previous, first, last, a step's number,"
        " q to stop. A hand still being played is refused.",
    )
    rp.set_defaults(subparser=rp)
    rp.add_argument("match", type=int, help="the match's number, as /history or play prints it")
    rp.add_argument("--hand", type=int, help="which hand of it (default: its last finished one)")
    rp.add_argument(
        "--lang", help="en, zh-CN or zh-TW (default: PAIJU_LANG, else the console's LANG)"
    )
    rp.add_argument("--all", action="store_true", help="print every step at once")
    rp.add_argument(
        "--db",
        type=db_argument,
        help="the database: a SQLite file, which must exist, or a postgresql:// URL (default:"
        " DATABASE_URL, else DATABASE_PATH, else paiju.sqlite3)",
    )


async def show_replay(
    db: str | Path,
    match: int,
    *,
    hand: int | None,
    lang: str,
    stdin: TextIO,
    stdout: TextIO,
    every_step: bool = False,
) -> int:
    """Show hand ``hand`` of match ``match`` of ``db``; 0, or 1 when it is refused."""
    from bot.cli_replay import load_replay, refusal_line, step_lines, step_through

    def say(text: str) -> None:
        print(text, file=stdout, flush=True)

    store = await Store.open(db)
    try:
        try:
            replay = await load_replay(store, match, hand)
        except ReplayRefused as refused:
            say(refusal_line(lang, refused))
            return 1
    finally:
        await store.close()
    you = terminal_seat(replay)
    from bot.cli_term import local_names

    names = local_names(replay.names, [u is None for u in replay.record.user_ids], lang)
    if every_step:
        for step in range(len(replay.steps)):
            if step:
                say("")
            for line in step_lines(replay, step, lang, names, you=you):
                say(line)
        return 0
    lines = LineReader(stdin, asyncio.get_running_loop())
    quiet = asyncio.Event()  # nothing else changes: only lines are awaited

    async def read_line() -> str | None:
        line = await lines.next_line(quiet)
        return None if line is None else str(line)

    await step_through(replay, read_line, say, lang, names, you=you)
    return 0


def terminal_seat(replay: HandReplay) -> int | None:
    """The terminal player's seat in a match played at the terminal (no server; the seat of
    the terminal's user), who reads it here and is said as "you"; ``None`` for another match."""
    from bot.cli_term import TERMINAL_USER

    record = replay.record
    if record.guild_id is not None or TERMINAL_USER not in record.user_ids:
        return None
    return record.user_ids.index(TERMINAL_USER)


def replay_command(args: argparse.Namespace, settings: Settings) -> int:
    """``python -m bot replay``: the exit status."""
    db = store_target(args.db) if args.db else settings.database
    lang = lang_of(args.lang) if args.lang else terminal_lang()
    try:
        return asyncio.run(
            show_replay(
                db,
                args.match,
                hand=args.hand,
                lang=lang,
                stdin=sys.stdin,
                stdout=sys.stdout,
                every_step=args.all,
            )
        )
    except KeyboardInterrupt:
        return 130
