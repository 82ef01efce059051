"""Command line: ``python -m bot play|simulate|resume|run|backup|check|health``.

* ``play GAME``: play in the terminal against bots (``bot.cli``).
* ``simulate GAME --games N --seed S [--json]``: bot-only matches through the
  table service and a real store; one JSON line per match (``bot.simulate``).
* ``resume``: rebuild the unfinished tables of ``--db`` and play the bot-only
  ones to the end (after a crash), one JSON line each.
* ``run``: start the Discord bot (``bot.discord_app``, imported only here).
* ``backup PATH``, ``check PATH``, ``health``: copy the live database, verify a
  copy, tell whether a bot runs the database (``bot.backup``).

Common options: ``--db PATH`` (default: ``DATABASE_PATH`` or ``paiju.sqlite3``;
``simulate`` defaults to a temporary file), ``--preset NAME``, ``--match
LENGTH`` (the game's ``match`` option, e.g. ``one_hand``), ``--option
NAME=VALUE`` (repeatable), ``--pace``.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.config import ConfigError, Settings
from bot.errors import TableError

__all__ = ["main"]

TOKEN_HELP = """\
DISCORD_TOKEN is not set, so the Discord bot cannot start.

To get a token: open https://discord.com/developers/applications, create an
application (New Application), open its Bot page and press Reset Token, then
copy the token. Put it in a file named .env in the directory you run from:

    DISCORD_TOKEN=your-token-here

(see .env.example for every setting), or set the DISCORD_TOKEN environment
variable. Invite the bot with the scopes bot and applications.commands.
Without a token you can still play in the terminal: python -m bot play pajiwo
"""


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise SystemExit(f"--option takes NAME=VALUE, not {item!r}")
        options[name.strip()] = value.strip()
    if args.match:
        options["match"] = args.match
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Paiju (牌局) host")
    sub = parser.add_subparsers(dest="command", required=True)

    def table_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", help="SQLite database file")
        p.add_argument("--preset", help="named option preset of the game (default: standard)")
        p.add_argument("--match", help="match length option, e.g. one_hand, to_level, full")
        p.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option")
        p.add_argument("--seed", type=int, help="seed of the (first) game")

    play = sub.add_parser("play", help="play in the terminal against bots")
    play.add_argument("game", help="game key, e.g. pajiwo")
    table_options(play)
    play.add_argument("--pace", default="relaxed", help="live, relaxed, async or seconds")
    play.add_argument("--name", default="you", help="your name at the table")
    play.add_argument("--bot", default="heuristic", help="bot kind of the other seats")
    play.add_argument(
        "--new", action="store_true", help="abort the saved unfinished game and start a new one"
    )

    sim = sub.add_parser("simulate", help="bot-only matches through the table service")
    sim.add_argument("game", help="game key, e.g. pajiwo")
    table_options(sim)
    sim.add_argument("--games", type=int, default=1, help="number of matches")
    sim.add_argument("--json", action="store_true", help="one JSON line per match")
    sim.add_argument("--bot", default="heuristic", help="bot kind (heuristic, random)")
    sim.add_argument("--pace", default="async", help="table pace (live waits for table steps)")
    sim.add_argument("--bot-delay", type=float, default=0.0, help="seconds between moves")
    sim.add_argument("--progress", action="store_true", help="print 'action TABLE N' on stderr")

    res = sub.add_parser("resume", help="finish the unfinished bot-only tables of a database")
    res.add_argument("--db", help="SQLite database file")
    res.add_argument("--progress", action="store_true", help="print 'action TABLE N' on stderr")

    sub.add_parser("run", help="start the Discord bot (needs DISCORD_TOKEN)")
    from bot.backup import add_commands

    add_commands(sub)  # backup, check, health
    return parser


def _progress(table_id: int, actions: int) -> None:
    print(f"action {table_id} {actions}", file=sys.stderr, flush=True)


def _print_line(line: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(line, ensure_ascii=False), flush=True)
        return
    checks = "ok" if line["invariants_ok"] and line["replay_equal"] else "FAILED"
    print(
        f"{line['game']} seed {line['seed']}: {line['status']}, {line['hands']} hands,"
        f" {line['actions']} actions, scores {line['scores']}, ranks {line['ranks']},"
        f" checks {checks}",
        flush=True,
    )


async def _simulate(args: argparse.Namespace, db: Path) -> int:
    from bot.simulate import simulate

    failed = False
    async for line in simulate(
        args.game,
        games=args.games,
        seed=args.seed if args.seed is not None else 1,
        db_path=db,
        options=_options(args),
        preset=args.preset,
        bot=args.bot,
        pace=args.pace,
        bot_delay_s=args.bot_delay,
        progress=_progress if args.progress else None,
    ):
        failed |= not (line["invariants_ok"] and line["replay_equal"])
        _print_line(line, args.json)
    return 1 if failed else 0


async def _resume(args: argparse.Namespace, db: Path) -> int:
    from bot.simulate import resume

    if not db.exists():
        print(f"error: there is no database {db}", file=sys.stderr)
        return 2
    failed, resumed = False, 0
    async for line in resume(db, progress=_progress if args.progress else None):
        failed |= not (line["invariants_ok"] and line["replay_equal"])
        resumed += 1
        _print_line(line, True)
    if not resumed:
        print(f"nothing to resume: {db} has no unfinished bot-only table", file=sys.stderr)
    return 1 if failed else 0


def _run(settings: Settings) -> int:
    if not settings.discord_token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    try:
        discord_app = importlib.import_module("bot.discord_app")
    except ImportError as exc:
        print(f"the Discord front end cannot be loaded: {exc}", file=sys.stderr)
        return 1
    import discord  # only here: play and simulate never load discord.py

    try:
        asyncio.run(discord_app.run(settings))
    except discord.LoginFailure as exc:
        print(
            f"Discord refused the token ({exc}): copy a fresh one from your application's Bot"
            " page (Reset Token) into DISCORD_TOKEN",
            file=sys.stderr,
        )
        return 2
    except OSError as exc:  # aiohttp's connection errors are OSErrors
        print(f"cannot reach Discord: {exc}", file=sys.stderr)
        return 1
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m bot`` and the ``paiju`` script; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"bad setting: {exc}", file=sys.stderr)
        return 2
    settings.configure_logging()
    try:
        if args.command == "run":
            return _run(settings)
        if args.command in ("backup", "check", "health"):
            from bot.backup import run_command

            return run_command(args, settings.database_path)
        if args.command == "play":
            from bot.cli import play

            db = Path(args.db) if args.db else settings.database_path
            return asyncio.run(
                play(
                    args.game,
                    db_path=db,
                    stdin=sys.stdin,
                    stdout=sys.stdout,
                    seed=args.seed,
                    pace=args.pace,
                    preset=args.preset,
                    options=_options(args),
                    name=args.name,
                    bot=args.bot,
                    new=args.new,
                )
            )
        if args.command == "resume":
            return asyncio.run(_resume(args, Path(args.db) if args.db else settings.database_path))
        if args.db:
            return asyncio.run(_simulate(args, Path(args.db)))
        with tempfile.TemporaryDirectory(prefix="paiju-sim-") as tmp:
            return asyncio.run(_simulate(args, Path(tmp) / "simulate.sqlite3"))
    except TableError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # e.g. simulate ... | head: the reader left; stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the final flush at exit cannot fail again
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
