"""The terminal front end: ``python -m bot play GAME`` against bots, on the real table service.

The player (user id :data:`TERMINAL_USER`) sits at seat 0 of a table in the
terminal channel of that game; the other seats are bots. An unfinished game of
the same kind in the same database is resumed instead of a new one. At each of the
player's required decisions the view and the numbered legal moves are
printed (at a live table also the optional ones, such as declaring trump
while the cards arrive: the table deals on while the prompt waits); the player
types a number, a move in card notation (``10s 10s``,
``♠10♠10``, ``黑桃10 黑桃10``, optionally after the move kind: ``bury 3c 4c …``),
``pass``, ``hint``, ``view`` or ``quit``. End of input leaves the game saved.
"""

from __future__ import annotations

import asyncio
import itertools
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from bot import textview_mahjong
from bot.cli_moves import (
    _COUNT_LIMIT,
    FORCED_PASS_DELAY,
    HELP_ASCII,
    HELP_WORDS,
    HINT_WORDS,
    MENU_LIMIT,
    QUIT_WORDS,
    VIEW_WORDS,
    _accepts,
    _help,
    _moves,
    _my_decisions,
    _own_moves,
    _prompt,
    _prompt_kinds,
    _wait_note,
    in_hand_order,
    parse_move,
)
from bot.cli_replay import REPLAY_WORDS
from bot.cli_term import (
    TERMINAL_USER,
    Terminal,
    interrupted_line,
    match_line,
    player_name,
    seat_names,
    tractor_follow,
)
from bot.config import redact
from bot.console import bot_command, is_ascii, play_command
from bot.errors import TableError
from bot.line_reader import CHANGED, LineReader
from bot.screens import match_lines, move_line, name_seats, terminal_lang, typed_refusal, you_line
from bot.store import Store
from bot.tables import TableService
from bot.textview import render_view
from bot.thinking import PoolThinker, Thinker
from bot.timers import Scheduler
from bot.typed import ALL_KINDS
from games.base import Action
from games.registry import GAMES, UnknownGame, get_game
from present import games as presentation
from present.i18n import is_zh, tr
from present.lead import lead_msg
from present.mahjong import standing_line, standing_set
from present.message import Reader, render
from present.refusals import refusal_text

__all__ = [
    "FORCED_PASS_DELAY",
    "HELP_ASCII",
    "MENU_LIMIT",
    "TERMINAL_CHANNEL",
    "TERMINAL_USER",
    "bot_command",
    "in_hand_order",
    "interrupted_line",
    "parse_move",
    "play",
    "play_command",
    "terminal_channel",
    "terminal_lang",
]

TERMINAL_CHANNEL = 1
"""The terminal's first channel id: game number ``i`` of the registry plays in channel
``TERMINAL_CHANNEL + i``, so each game has one resumable terminal table per database."""


def terminal_channel(game: str) -> int:
    """The terminal channel of ``game`` (key or title). Raises ``TableError("unknown_game")``."""
    try:
        key = get_game(game).key
    except UnknownGame as exc:
        raise TableError("unknown_game", str(exc), {"game": game}) from None
    return TERMINAL_CHANNEL + list(GAMES).index(key)


def is_control(text: str) -> bool:
    """Whether a typed line is a word the terminal answers itself, at any time (also while
    the bots play): quit, help, hint, view, or ``replay`` with a hand's number or none."""
    word = text.strip().lower()
    if word in QUIT_WORDS | HELP_WORDS | HINT_WORDS | VIEW_WORDS:
        return True
    words = word.split()
    return bool(words) and words[0] in REPLAY_WORDS and (len(words) == 1 or words[1].isdigit())


OLD_NAME = "you"
"""The terminal player's stored name before they had one of their own (--name, the login)."""


async def play(
    game: str,
    *,
    db_path: str | Path,
    stdin: TextIO,
    stdout: TextIO,
    seed: int | None = None,
    pace: str = "relaxed",
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    name: str | None = None,
    bot: str = "heuristic",
    new: bool = False,
    scheduler: Scheduler | None = None,
    carry_on: str | None = None,
    bot_workers: int = 0,
    thinker: Thinker | None = None,
) -> int:
    """Play in the terminal until the match ends (0) or input ends / ``quit`` (0, game saved).

    An unfinished terminal game of ``game`` in the database is resumed (its own
    options and seed kept) unless ``new``, which aborts it and starts another.
    Raises ``TableError`` for bad game options, a bad pace or a database in use
    (the store is closed again first). ``scheduler``: where timers and bot moves run
    (tests pass a manual one; default: the event loop's clock). ``carry_on``: the command
    printed on leaving that resumes the game (default: :func:`play_command` of ``db_path``).
    ``bot_workers``: processes in which the strong bots (and the hint) think, off the event
    loop, as on Discord (``BOT_WORKERS``; ``python -m bot play`` passes the setting): the
    table's default level is then ``strong`` and the terminal answers what is typed while a bot
    thinks; 0 (the default here): on the loop, level ``normal``. ``thinker``: a ready one
    instead (tests). ``name``: the player's name at the table, as the match's other readers
    see it (default: :func:`bot.cli_term.player_name`); the player reads "you" / "你".
    """
    again = carry_on or play_command(game, db_path)
    channel = terminal_channel(game)
    store = await Store.open(db_path)
    try:
        if thinker is None and bot_workers > 0:
            thinker = PoolThinker(bot_workers)
        service = TableService(
            store,
            default_pace=pace,
            scheduler=scheduler,
            forced_pass_delay=FORCED_PASS_DELAY,
            thinker=thinker,
        )
    except BaseException:
        await store.close()
        raise
    term = Terminal(service, stdout)
    service.subscribe(term.on_update)
    loop = asyncio.get_running_loop()
    try:
        await service.start_up()
        table = service.table_in_channel(channel)
        if (
            not new
            and table is not None
            and table.status == "playing"
            and table.seat_of(TERMINAL_USER) is not None
        ):
            asked = seed is not None or preset is not None or bool(options)
            key = "terminal.resuming_asked" if asked else "terminal.resuming"
            what = (
                presentation.game_title(table.spec.key, term.lang)
                if is_zh(term.lang)
                else table.spec.title_en
            )
            term.say(tr(term.lang, key, game=what, table=table.id, seed=table.seed))
            term.table_id = table.id
            term.hands_shown = len(table.engine.hand_results) if table.engine else 0
            term.heard = len(table.engine.actions) if table.engine else None
            player_seat = table.seats[table.seat_of(TERMINAL_USER) or 0]
            if player_seat.auto:
                await service.take_back(table.id, TERMINAL_USER)
            # a game saved under the old default name "you" (or resumed with another --name)
            # goes on under the player's own name, as the match's other readers see it
            wanted = name or (
                player_name(term.lang) if player_seat.name == OLD_NAME else player_seat.name
            )
            if wanted != player_seat.name:
                try:
                    await service.rename(table.id, TERMINAL_USER, wanted)
                except TableError:  # not stored: the game goes on under the name it has
                    old = player_seat.name
                    term.say(f"! {tr(term.lang, 'terminal.rename_not_stored', name=old)}")
        else:
            if table is not None:
                await service.abort(channel, TERMINAL_USER, force=True)
            table = await service.open_table(
                guild_id=None,
                channel_id=channel,
                game=game,
                user_id=TERMINAL_USER,
                name=name or player_name(term.lang),
                preset=preset,
                options=options,
            )
            await service.add_bot(channel, TERMINAL_USER, len(table.free_seats), bot)
            term.table_id, term.hands_shown = table.id, 0
            term.held = []  # the start's lines (金坛's deal and flowers) come after the heading
            await service.start(channel, TERMINAL_USER, seed=seed)
            what = presentation.game_title(table.spec.key, term.lang)
            term.say(tr(term.lang, "terminal.opened", game=what, table=table.id, seed=table.seed))
        seat = table.seat_of(TERMINAL_USER)
        assert seat is not None
        keys = itertools.count(1)
        names = seat_names(table, term.lang)  # their own seat: "you" / "你"
        title = presentation.game_title(table.spec.key, term.lang)  # 扒雞窩 at a zh-TW terminal
        known = set(ALL_KINDS)
        tiles = presentation.pieces(table.spec.key) == "tile"  # moves read as tiles
        own = _own_moves(table.spec.key)
        ascii_out = is_ascii(stdout)

        def fmt(action: Action) -> str:
            return move_line(term.lang, action)

        def show(view: Mapping[str, Any]) -> str:
            return render_view(view, names, title, lang=term.lang, ascii_cards=ascii_out)

        game_help = _help(table.spec.key, term.lang, ascii_out)
        game_help += "\n" + tr("en" if ascii_out else term.lang, "terminal.help.replay")
        term.say(game_help)
        length = match_line(table, term.lang)
        if length:
            term.say(length)
        opening, term.held = term.held or [], None
        for line in opening:
            term.say(line)
        lines = LineReader(stdin, loop)
        # (state version, moves listed, the decision they answer: kinds, required, prompt)
        shown: tuple[int, list[Action], tuple[Any, ...]] | None = None
        ahead: list[Any] = []  # lines typed while the bots played, kept for the next prompt
        quiet = asyncio.Event()  # never set: a replay waits for lines only
        started = 0  # prompts shown when the replay being stepped began (lines.shown)
        noted: int | None = None  # the decision the replay's "your turn" notice was given for

        async def read_line() -> str | None:
            """A line for the replay stepper: at a terminal, one typed after it started (a
            line typed before it is not a step's), and a note when the table waits for the
            player meanwhile."""
            if ahead:
                return None if ahead[0] is None else str(ahead.pop(0))
            if not lines.interactive:
                line = await lines.next_line(quiet)
                return None if line is None else str(line)
            nonlocal noted
            while True:
                # once for each decision of the player's, the table waiting for it when the
                # replay opened or since (the check and the clear with no await between)
                assert table.engine is not None
                kinds, _required = _my_decisions(table, seat)
                version = len(table.engine.actions)
                if kinds and not table.seats[seat].auto and noted != version:
                    noted = version
                    term.say(f"  · {tr(term.lang, 'terminal.replay.your_turn')}")
                term.changed.clear()
                line = await lines.next_line(term.changed)
                if line is CHANGED:
                    continue
                if line is not None and lines.arrived < started:
                    continue  # typed before the replay began
                return None if line is None else str(line)

        async def control(text: str, kinds: list[str]) -> bool:
            """Answer a word that is not a move (:func:`is_control`); False: stop here."""
            word = text.lower().split()[0]
            if word in QUIT_WORDS:
                term.say(tr(term.lang, "terminal.saved", command=again))
                return False
            if word in HELP_WORDS:
                term.say(game_help)
                if kinds:
                    now = _prompt_kinds(term.lang, kinds)
                    term.say(tr(term.lang, "terminal.now", kinds=now))
            elif word in HINT_WORDS:
                await term.hint(table, names)
            elif word in REPLAY_WORDS:
                nonlocal started, noted
                lines.mark()
                started = lines.shown
                noted = None
                await term.replay(table, text, read_line)
                nonlocal shown
                shown = None  # back at the table: drawn again with its prompt
            elif word in VIEW_WORDS:
                term.say(show(service.view(table.id, TERMINAL_USER)))
            return True

        waited = False  # the last wait ended by another seat's change, not by a line typed
        while table.status == "playing":
            if term.gone:
                raise BrokenPipeError("the output was closed")  # main() stops quietly
            kinds, required = _my_decisions(table, seat)
            assert table.engine is not None
            version = len(table.engine.actions)
            prompt = next((d.prompt for d in table.engine.pending() if d.seat == seat), "")
            decision = (tuple(kinds), required, prompt)
            if not kinds or table.seats[seat].auto:  # nothing to answer, or a bot answers
                waited = False
                term.changed.clear()
                if ahead or lines.fd is None:  # a script's move waits for its prompt
                    await term.changed.wait()
                    continue
                # what is typed meanwhile is answered now (help, view, hint, replay, quit):
                # the bots think off the loop. A move typed at a terminal is refused: it
                # cannot answer a decision not shown yet; a script's move waits for its prompt
                line = await lines.next_line(term.changed)
                if line is CHANGED:
                    continue
                text = "" if line is None else line.strip()
                if line is None or not (is_control(text) or lines.interactive):
                    ahead.append(line)
                    continue
                if not is_control(text):
                    if text:
                        term.say(f"! {tr(term.lang, 'terminal.not_your_turn')}")
                    continue
                if not await control(text, []):
                    return 0
                continue
            if (
                waited
                and required
                and shown is not None
                and shown[0] != version
                and shown[2] == decision
                and all(a.seat != seat for a in table.engine.actions[shown[0] :])
            ):
                # another seat answered beside this one (both defenders may 造反): the events
                # are printed; the same prompt again would only invite a second answer. A new
                # decision with the same moves (an optional pass while the cards are dealt,
                # then a required one in the 造反 window) is prompted again: the player must
                # know that the table now waits for them
                legal_now = service.legal_actions(table.id, TERMINAL_USER, limit=MENU_LIMIT)
                if legal_now == shown[1]:
                    shown = (version, shown[1], decision)
            waited = False
            if shown is None or shown[0] != version:
                await term.events_heard(version)
                if len(table.engine.actions) != version:  # more moves came meanwhile
                    continue
                term.say("")
                seen = service.view(table.id, TERMINAL_USER)
                term.say(show(seen))
                lead = lead_msg(seen, seat, tractor_follow(table)) if "play" in kinds else None
                if lead is not None:  # how the lead was read and how to follow it, as on Discord
                    term.say(render(Reader(term.lang, names, you=seat), lead))
                if own is not None:  # the game lists and reads its plays itself (打滚)
                    legal = service.legal_actions(table.id, TERMINAL_USER, limit=own.LIST_LIMIT)
                    more = 0
                elif tiles:
                    legal, more = service.legal_actions(table.id, TERMINAL_USER, limit=25), 0
                else:
                    legal, more = _moves(service, table)
                known |= {a.kind for a in legal}
                note = _wait_note(table, required, legal, term.lang)
                term.say(_prompt(term.lang, prompt, kinds, note))
                if own is not None:
                    for line in own.format_moves(legal, term.lang):
                        term.say(line)
                for i, action in enumerate([] if own is not None else legal, 1):
                    term.say(f"  {i:>2}. {fmt(action)}")
                if more:
                    plus = "+" if len(legal) + more >= _COUNT_LIMIT else ""
                    term.say(
                        tr(term.lang, "terminal.more", more=f"{more}{plus}", listed=len(legal))
                    )
                shown = (version, legal, decision)
                lines.mark()  # a move typed before this prompt does not answer it
            # wait for a line or a change: a bot may move for this seat (an optional decision
            # passes, a seat handed to its bot plays on) and the match may end meanwhile
            term.changed.clear()
            line = ahead.pop(0) if ahead else await lines.next_line(term.changed)
            if line is CHANGED:
                waited = True
                continue
            if line is None:
                term.say(tr(term.lang, "terminal.end_of_input", command=again))
                return 0
            text = line.strip()
            if text.lower() in VIEW_WORDS or not text:
                shown = None
                continue
            if is_control(text):
                if not await control(text, kinds):
                    return 0
                continue
            if lines.interactive and lines.stale:  # typed before this prompt was shown
                term.say(f"! {tr(term.lang, 'terminal.typed_early')}")
                continue
            if tiles and textview_mahjong.standing_asked(text):  # the choices on, as Discord shows
                term.say(standing_line(term.lang, service.view(table.id, TERMINAL_USER)))
                continue
            try:
                if own is not None:
                    move = own.parse_move(text, seat, shown[1], kinds, _accepts(table))
                elif tiles:
                    claimed = textview_mahjong.claimed_tile(service.view(table.id, TERMINAL_USER))
                    move = textview_mahjong.parse_move(text, seat, shown[1], kinds, claimed)
                else:
                    move = parse_move(text, seat, shown[1], kinds, known)
                key = f"terminal:{next(keys)}:{uuid.uuid4().hex}"
                await service.act(table.id, TERMINAL_USER, move, key)
                if move.kind == "standing":  # confirmed as Discord confirms it, then all on
                    term.say(standing_set(term.lang, move.data))
                    term.say(standing_line(term.lang, service.view(table.id, TERMINAL_USER)))
            except ValueError as exc:  # nothing changed: the list above still holds
                term.say(f"! {typed_refusal(term.lang, exc)}")
            except TableError as exc:
                term.say(f"! {refusal_text(term.lang, exc)}")  # the reader's language
        term.say("")
        if table.engine is not None and table.engine.match_result is not None:
            result = table.engine.match_result
            screen = match_lines(table.game, result.to_json(), names, seat, term.lang)
            if not screen:
                screen = [f"match over: {name_seats(result.text, names) or result.to_json()}"]
            for line in screen:
                term.say(line)
            mine = next(i for i, team in enumerate(result.teams) if seat in team)
            term.say(you_line(result.ranks, mine, term.lang))
            if table.game_id is not None:  # its hands, step by step, as /replay shows them
                shown_db = redact(db_path) if isinstance(db_path, str) else str(db_path)
                command = bot_command("replay", str(table.game_id), "--db", shown_db)
                term.say(tr(term.lang, "terminal.replay.command", command=command))
        else:
            status = tr(term.lang, f"table.status.{table.status}")
            term.say(tr(term.lang, "terminal.table_was", status=status))
        return 0
    finally:
        await service.shut_down()
        await store.close()
