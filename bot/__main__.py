"""Command line: ``python -m bot play|simulate|resume|run|backup|check|health|tournament``.

* ``play GAME``: play in the terminal against bots (``bot.cli``).
* ``simulate GAME --games N --seed S [--json]``: bot-only matches through the
  table service and a real store; one JSON line per match (``bot.simulate``).
* ``resume``: rebuild the unfinished tables of ``--db`` and play the bot-only
  ones to the end (after a crash), one JSON line each.
* ``run``: start the Discord bot (:data:`DISCORD_FRONT_END`, loaded by name only for
  ``run``: the host package imports neither discord.py nor the cogs).
* ``backup PATH``, ``check [PATH]``, ``health``: copy the live database, verify a copy, tell
  whether a bot runs the database (``bot.backup``; PostgreSQL and ``migrate``: ``bot.pg_admin``).
* ``tournament simulate``: bot-only tournaments with their invariants (``bot.tournaments.cli``).
* ``replay MATCH``: step through a finished hand in the terminal (``bot.replay_command``).
* ``web``: serve the read-only web pages of ``--db`` alone (``bot.web_command``; ``run``
  serves them too when ``WEB_PORT`` is set).

Common options: ``--db PATH`` or a ``postgresql://`` URL (default: ``DATABASE_URL``, else
``DATABASE_PATH``; ``simulate``: ``DATABASE_URL``, else a temporary file), ``--preset NAME``,
``--match LENGTH`` (the game's ``match`` option, e.g. ``one_hand``), ``--option NAME=VALUE``
(repeatable), ``--pace``.

Every argument is checked before the database is opened: a refused one prints
``python -m bot COMMAND: error: …`` and exits with status 2 at once. Every
command that writes to a database claims it first (``bot.claim``), so it is
refused while another Paiju process runs that file's tables.

A command is a function that adds its subparser in :func:`_parser` and a
handler ``(args, settings) -> exit status`` in :data:`HANDLERS`.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import logging
import math
import os
import random
import sqlite3
import sys
import tempfile
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bot.config import ConfigError, Settings, is_other_url, redact, store_target
from bot.console import bot_command, fit_console, play_command
from bot.errors import TableError
from bot.pace import PaceError, parse_pace
from bot.pg_admin import add_migrate_command, migrate_command
from bot.replay_command import add_replay_command, replay_command
from bot.sqlite_files import check_db_path
from bot.web_command import add_web_command, check_web_args, web_command

__all__ = ["DISCORD_FRONT_END", "HANDLERS", "main"]

MAX_SEED = 2**63 - 1
"""Seeds are stored as SQLite integers (64-bit signed)."""

DISCORD_FRONT_END = "cogs.client"
"""The module ``run`` loads by name; it has ``main(settings) -> exit status``."""


TOKEN_HELP = """\
DISCORD_TOKEN is not set, so the Discord bot cannot start.

To get a token: open https://discord.com/developers/applications, create an
application (New Application), open its Bot page and press Reset Token, then
copy the token. Put it in a file named .env in the directory you run from:

    DISCORD_TOKEN=your-token-here

(see .env.example for every setting), or set the DISCORD_TOKEN environment
variable. Invite the bot with the scopes bot and applications.commands.
Without a token you can still play in the terminal, in a database of its own:

    python -m bot play pajiwo --db terminal.sqlite3
"""

RUN_HELP = """\
Start the Discord bot. It needs DISCORD_TOKEN, read from the environment or
from a file named .env in the directory you run from (real environment
variables win). The other settings (DATABASE_PATH, DEV_GUILD_ID, LOG_LEVEL,
DEFAULT_LOCALE, DEFAULT_PACE) are explained in .env.example.
"""


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the epilog's layout (the games' option tables)."""


def _game_help() -> str:
    """Every playable game's presets, options (with ranges) and bot kinds, for ``--help``."""
    from games.registry import GAMES

    lines = ["games, their presets (--preset), options (--option NAME=VALUE) and bots (--bot):"]
    for spec in GAMES.values():
        if not spec.available:
            continue
        engine = spec.engine()
        lines.append(f"  {spec.key} ({spec.title_zh} {spec.title_en})")
        presets = []
        for name, preset in engine.presets.items():
            what = " ".join(f"{k}={v}" for k, v in preset.items()) or "the seed's rules"
            presets.append(f"{name} ({what})")
        lines += _wrap("presets: " + ", ".join(presets) + "; default standard", 4)
        lines.append("    options:")
        for opt in engine.options_type.describe():
            if opt["choices"]:
                values = " | ".join(str(c) for c in opt["choices"])
            elif opt["type"] == "bool":
                values = "yes | no"
            elif opt["min"] is not None or opt["max"] is not None:
                values = f"{opt['min']}..{opt['max']}"
                if opt.get("rank"):
                    values += " (J Q K A for 11 12 13 14)"
            else:
                values = str(opt["type"])
            lines += _wrap(f"{opt['name']}: {values}; default {opt['default']}", 6)
            lines += _wrap(str(opt["help"]), 8)
        kinds = list(spec.bots())
        lines += _wrap("bots: " + ", ".join(kinds) + "; default heuristic", 4)
    lines.append("")
    lines += _wrap(
        "paces (--pace): live (60 s a move; deals in rounds, declare as cards arrive), relaxed"
        " (10 min), async (24 h), or a time such as 90s, 5m, 2h (10 s to 7 days). A game's"
        " deal option, if the table does not set it, follows the pace: progressive when live,"
        " else all_at_once.",
        0,
    )
    return "\n".join(lines)


def _match_help() -> str:
    """``--match``'s help: each game's own match lengths and default (not one game's for all)."""
    from games.registry import GAMES

    games = []
    for spec in GAMES.values():
        if not spec.available:
            continue
        for opt in spec.engine().options_type.describe():
            if opt["name"] == "match" and opt["choices"]:
                values = ", ".join(str(c) for c in opt["choices"])
                games.append(f"{spec.key}: {values} (default {opt['default']})")
    return (
        "match length, the game's match option (a preset may set it): " + "; ".join(games)
        if games
        else "match length, the game's match option"
    )


def _wrap(text: str, indent: int) -> list[str]:
    return textwrap.wrap(text, 92, initial_indent=" " * indent, subsequent_indent=" " * indent)


def _db_argument(text: str) -> str:
    """``--db``'s value: a file name (an empty one would quietly mean the default file)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a database file name, e.g. --db terminal.sqlite3")
    return text


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Paiju (牌局) host")
    sub = parser.add_subparsers(dest="command", required=True)
    epilog = _game_help()

    def table_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--preset", help="named option set of the game (default: standard)")
        p.add_argument("--match", help=_match_help())
        p.add_argument(
            "--option",
            action="append",
            metavar="NAME=VALUE",
            help="a game option, repeatable (names and ranges below)",
        )
        p.add_argument(
            "--seed", type=int, help=f"seed of the (first) game, 0 to {MAX_SEED} (default: random)"
        )

    play = sub.add_parser(
        "play",
        help="play in the terminal against bots",
        description="Play against bots in the terminal. The game is kept in the database: run"
        " the same command again to carry on where you stopped, or add --new.",
        epilog=epilog,
        formatter_class=_Formatter,
    )
    play.set_defaults(subparser=play)
    play.add_argument("game", help="game key, e.g. pajiwo")
    play.add_argument(
        "--db",
        type=_db_argument,
        help="SQLite database file (default: DATABASE_PATH, else paiju.sqlite3); created if"
        " missing, but its directory must exist (it is not created)",
    )
    table_options(play)
    play.add_argument(
        "--pace",
        default="relaxed",
        help="time for a move: live, relaxed, async or 5m (default: relaxed)",
    )
    play.add_argument(
        "--name",
        help="your name at the table, as others reading the match see it (default: your login"
        " name, else Player); the terminal says you",
    )
    play.add_argument(
        "--bot",
        default="heuristic",
        help="bot kind of the other seats (default: heuristic, which plays at the table's"
        " bot_level: strong, or normal with BOT_WORKERS=0)",
    )
    play.add_argument(
        "--new", action="store_true", help="abort the saved unfinished game and start a new one"
    )

    sim = sub.add_parser(
        "simulate",
        help="bot-only matches through the table service",
        description="Bot-only matches through the table service and a real database; match i"
        " uses seed SEED+i.",
        epilog=epilog,
        formatter_class=_Formatter,
    )
    sim.set_defaults(subparser=sim)
    sim.add_argument("game", help="game key, e.g. pajiwo")
    sim.add_argument(
        "--db",
        type=_db_argument,
        help="SQLite database file or postgresql:// URL (default: DATABASE_URL, else a"
        " temporary file); a file is created if missing, but its directory must exist",
    )
    table_options(sim)
    sim.add_argument(
        "--games", type=int, default=1, help="number of matches, 1 or more (default: 1)"
    )
    sim.add_argument("--json", action="store_true", help="one JSON line per match")
    sim.add_argument("--bot", default="heuristic", help="bot kind (default: heuristic)")
    sim.add_argument(
        "--pace", default="async", help="table pace; live waits for table steps (default: async)"
    )
    sim.add_argument(
        "--bot-delay", type=float, default=0.0, help="seconds between moves (default: 0)"
    )
    sim.add_argument("--progress", action="store_true", help="print 'action TABLE N' on stderr")

    res = sub.add_parser("resume", help="finish the unfinished bot-only tables of a database")
    res.set_defaults(subparser=res)
    res.add_argument(
        "--db",
        type=_db_argument,
        help="SQLite database file (default: DATABASE_PATH, else paiju.sqlite3); created if"
        " missing, but its directory must exist (it is not created)",
    )
    res.add_argument("--progress", action="store_true", help="print 'action TABLE N' on stderr")
    res.add_argument("--json", action="store_true", help="one JSON line per finished table")

    sub.add_parser(
        "run",
        help="start the Discord bot (needs DISCORD_TOKEN, from the environment or .env)",
        description=RUN_HELP,
        formatter_class=_Formatter,
    )
    add_web_command(sub, _db_argument)
    add_replay_command(sub, _db_argument)  # replay MATCH (bot.replay_command)
    from bot.backup import add_commands

    add_commands(sub)  # backup, check, health
    add_migrate_command(sub)  # migrate --to postgresql://… (bot.pg_admin)
    from bot.tournaments.cli import add_commands as tournament_commands

    tournament_commands(sub)  # tournament simulate
    return parser


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """``--option NAME=VALUE`` and ``--match`` as a dict. Raises ``ValueError``."""
    options: dict[str, Any] = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            shown = item if len(item) <= 40 else item[:39] + "…"
            raise ValueError(f"--option takes NAME=VALUE, not {shown!r}")
        options[name.strip()] = value.strip()
    if args.match:
        options["match"] = args.match
    return options


def _check_table_args(args: argparse.Namespace) -> list[str]:
    """Refuse bad arguments of ``play``/``simulate`` before any database is opened.

    Returns warnings (options that have no effect); raises ``ValueError`` with the reason.
    """
    from bot.table_model import resolve_options
    from games.registry import UnknownGame, get_game

    try:
        spec = get_game(args.game)
    except UnknownGame as exc:
        raise ValueError(str(exc)) from None
    try:
        pace = parse_pace(args.pace)
    except PaceError as exc:
        raise ValueError(str(exc)) from None
    options = _options(args)
    engine = spec.engine()
    try:
        resolved = resolve_options(engine, args.preset or "standard", options, pace)
    except TableError as exc:
        raise ValueError(exc.message) from None
    kinds = list(spec.bots())
    if args.bot not in kinds:
        raise ValueError(f"there is no {args.bot!r} bot: choose {', '.join(kinds)}")
    games = getattr(args, "games", 1)
    if games < 1:
        raise ValueError(f"--games must be 1 or more, not {games}")
    if args.seed is not None and not (args.seed >= 0 and args.seed + games - 1 <= MAX_SEED):
        raise ValueError(f"--seed must be a whole number from 0 to {MAX_SEED}, not {args.seed}")
    delay = getattr(args, "bot_delay", 0.0)
    if not (math.isfinite(delay) and delay >= 0):
        raise ValueError(f"--bot-delay must be 0 or more seconds, not {delay}")
    if args.__dict__.get("name") is not None and not args.name.strip():
        raise ValueError("--name must not be empty")
    return list(resolved.unused(options).values())


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


async def _simulate(args: argparse.Namespace, db: Path | str) -> int:
    from bot.simulate import simulate

    if args.seed is None:  # random, and said, so that the run can be repeated
        args.seed = random.SystemRandom().randrange(1, 10**9)
        print(f"seed {args.seed} (random; add --seed {args.seed} to repeat)", file=sys.stderr)
    failed = False
    async for line in simulate(
        args.game,
        games=args.games,
        seed=args.seed,
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


async def _resume(args: argparse.Namespace, db: Path | str) -> int:
    from bot.simulate import resume

    failed, resumed = False, 0
    async for line in resume(db, progress=_progress if args.progress else None):
        failed |= not (line["invariants_ok"] and line["replay_equal"])
        resumed += 1
        _print_line(line, args.json)
    if not resumed:
        shown = redact(db) if isinstance(db, str) else db  # no password printed
        print(f"nothing to resume: {shown} has no unfinished bot-only table", file=sys.stderr)
    return 1 if failed else 0


def _interrupted(text: str, said: bool = False) -> int:
    print(f"\n{text}" if said else f"\ninterrupted: {text}", flush=True)
    return 130


def _cmd_run(args: argparse.Namespace, settings: Settings) -> int:
    if not settings.discord_token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.pg_admin import refuse_unusable

    refuse_unusable(settings.database)  # damaged, unreachable, newer: one line, exit 2 (main)
    try:
        front_end = importlib.import_module(DISCORD_FRONT_END)
    except ImportError as exc:
        print(f"the Discord front end cannot be loaded: {exc}", file=sys.stderr)
        return 1
    try:
        status: int = front_end.main(settings)
    except KeyboardInterrupt:
        return _interrupted("the bot stopped; every accepted move is stored")
    return status


def _cmd_play(args: argparse.Namespace, settings: Settings) -> int:
    from bot.cli import interrupted_line, play

    db = store_target(args.db) if args.db else settings.database
    try:
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
                carry_on=play_command(args.game, db),
                bot_workers=settings.bot_workers,  # BOT_WORKERS: strong bots off the loop
            )
        )
    except KeyboardInterrupt:
        return _interrupted(interrupted_line(play_command(args.game, db)), said=True)


def _cmd_simulate(args: argparse.Namespace, settings: Settings) -> int:
    # --db, else DATABASE_URL as every command reads it, else a temporary file (never the bot's
    # DATABASE_PATH: bot-only matches have no place in its history)
    given: str | None = args.db or settings.database_url
    try:
        if given:
            return asyncio.run(_simulate(args, store_target(given)))
        with tempfile.TemporaryDirectory(prefix="paiju-sim-") as tmp:
            return asyncio.run(_simulate(args, Path(tmp) / "simulate.sqlite3"))
    except KeyboardInterrupt:
        shown = redact(given) if given else ""
        where = (
            f"the finished matches are in {shown};"
            f" {bot_command('resume', '--db', shown)} finishes the one that was playing"
            if given
            else "the matches were in a temporary database, now removed"
        )
        return _interrupted(where)


def _cmd_resume(args: argparse.Namespace, settings: Settings) -> int:
    db = store_target(args.db) if args.db else settings.database
    try:
        return asyncio.run(_resume(args, db))
    except KeyboardInterrupt:
        return _interrupted(
            f"every stored move is kept; to finish: {bot_command('resume', '--db', str(db))}"
        )


def _cmd_backup(args: argparse.Namespace, settings: Settings) -> int:
    """``backup``, ``check`` and ``health`` (:mod:`bot.backup`)."""
    from bot.backup import run_command

    return run_command(args, settings.database, (settings.shard_count, settings.shard_ids))


def _cmd_tournament(args: argparse.Namespace, settings: Settings) -> int:
    from bot.tournaments.cli import run_command

    return run_command(args)


HANDLERS: dict[str, Callable[[argparse.Namespace, Settings], int]] = {
    "run": _cmd_run,
    "play": _cmd_play,
    "simulate": _cmd_simulate,
    "resume": _cmd_resume,
    "backup": _cmd_backup,
    "check": _cmd_backup,
    "health": _cmd_backup,
    "migrate": migrate_command,
    "tournament": _cmd_tournament,
    "web": web_command,
    "replay": replay_command,
}
"""The command handlers by subcommand name: ``(args, settings) -> exit status``."""


def _check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse bad arguments (``error:``, exit status 2) before anything is opened."""
    sub: argparse.ArgumentParser = getattr(args, "subparser", parser)
    try:
        if args.command in ("play", "simulate"):
            for warning in _check_table_args(args):
                print(f"warning: {warning}", file=sys.stderr)
        if args.command == "web":
            check_web_args(args)
    except ValueError as exc:
        sub.error(str(exc))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m bot`` and the ``paiju`` script; returns the exit status."""
    sys.stdout = fit_console(sys.stdout)
    sys.stderr = fit_console(sys.stderr)
    parser = _parser()
    args = parser.parse_args(argv)
    _check(parser, args)
    try:
        settings = Settings.from_env()
    except ConfigError as exc:
        print(f"error: bad setting: {exc}", file=sys.stderr)
        return 2
    for given in (getattr(args, "db", None), getattr(args, "path", None)):
        if isinstance(given, str) and is_other_url(given):  # not a path: "mysql:/x@y/z" was
            print(
                f"error: {redact(given)} is not a supported database URL: give a SQLite file's"
                " path or a postgresql:// URL",
                file=sys.stderr,
            )
            return 2
    settings.configure_logging()
    if args.command in ("play", "simulate", "resume", "replay") and not os.environ.get("LOG_LEVEL"):
        # a player at a prompt, or a reader of the result lines, wants those, not INFO logs
        logging.getLogger().setLevel(logging.WARNING)
    db: Path | str | None = None
    if args.command in ("play", "simulate", "resume", "web", "replay"):
        db = store_target(args.db) if args.db else None
        if db is None and args.command != "simulate":
            db = settings.database
        elif db is None:  # simulate: DATABASE_URL, else a temporary file
            db = settings.database_url
    if isinstance(db, Path):
        try:
            check_db_path(db, must_exist=args.command in ("resume", "web", "replay"))
        except ValueError as exc:  # one line, no usage: the arguments were right
            print(f"error: {exc}", file=sys.stderr)
            return 2
    try:
        return HANDLERS[args.command](args, settings)
    except TableError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as exc:  # not a Paiju file, or one from a newer version
        text = str(exc)
        shown = redact(db) if isinstance(db, str) else str(db)  # no password printed
        if db is not None and shown not in text:  # sqlite3's own words do not name the file
            text = f"{shown}: {text}; choose another --db file"
        print(f"error: {text}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. simulate ... | head: the reader left; stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the final flush at exit cannot fail again
        return 1
    except OSError as exc:  # e.g. the disk filled or the file vanished while playing
        where = str(exc.filename or db or "the database")
        print(f"error: {where}: {exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
