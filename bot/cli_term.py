"""The terminal's output (:mod:`bot.cli`): the lines printed as the table changes (each
event as the game's presentation says it, reminders, timeouts, the end of a hand) and the
lines said once (how long the match is, what Ctrl-C says)."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Awaitable, Callable, Sequence
from typing import TextIO

from bot.cli_replay import load_replay, refusal_line, step_through
from bot.errors import TableError
from bot.replay import ReplayRefused
from bot.screens import event_lines, hand_lines, move_line, terminal_lang
from bot.tables import Table, TableService, TableUpdate
from present import games as presentation
from present.bots import reason_line
from present.i18n import ntr, tr
from present.message import Reader, local_names, render

__all__ = [
    "TERMINAL_USER",
    "Terminal",
    "interrupted_line",
    "local_names",
    "match_line",
    "player_name",
    "seat_names",
    "tractor_follow",
]

TERMINAL_USER = 1
"""The terminal player's user id."""


class Terminal:
    """The player's terminal: prints what happens at the table (its listener)."""

    def __init__(self, service: TableService, out: TextIO) -> None:
        self.service = service
        self.out = out
        self.changed = asyncio.Event()
        self.hands_shown: int | None = None  # hand results already printed
        self.table_id: int | None = None  # the player's table (the service runs any other)
        self.lang = terminal_lang()  # the reader's language (PAIJU_LANG, else LANG)
        # moves whose events are printed: the engine applies a move before the store has it
        # and the listeners hear of it, and the screen must not show it before its event line
        self.heard: int | None = None
        self.gone = False  # the output's reader left (a closed pipe)
        # the table's lines while a replay is stepped through: printed when it closes, not
        # between its steps (``None``: no replay open, the lines are printed as they come)
        self.held: list[str] | None = None

    def say(self, text: str) -> None:
        if self.gone:
            return
        try:
            print(text, file=self.out, flush=True)
        except BrokenPipeError:  # play ... | head: the reader left; the game stops, saved
            self.gone = True
            self.changed.set()

    def table_line(self, text: str) -> None:
        """A line of what happens at the table: printed, or held while a replay is open."""
        if self.held is not None:
            self.held.append(text)
        else:
            self.say(text)

    async def on_update(self, update: TableUpdate) -> None:
        table = update.table
        if table.id != self.table_id:
            return
        names = seat_names(table, self.lang)
        you = table.seat_of(TERMINAL_USER)
        for line in event_lines(table.game, update.events, names, you, self.lang):
            self.table_line(f"  · {line}")
        if update.kind == "reminder":
            self.table_line(f"  · {tr(self.lang, 'terminal.reminder')}")
        elif update.kind == "timeout" and update.action is not None:
            move = move_line(self.lang, update.action)
            self.table_line(f"  · {tr(self.lang, 'terminal.timeout', move=move)}")
        elif update.kind == "auto_seat":
            self.table_line(f"  · {tr(self.lang, 'terminal.auto_seat')}")
        self._hand_end(table, names)
        if table.engine is not None:
            self.heard = len(table.engine.actions)
        self.changed.set()

    async def events_heard(self, version: int) -> None:
        """Wait (at most a second) until the events of the first ``version`` moves are printed,
        so that the screen drawn next comes after the lines that tell how it came about."""
        if self.heard is None or self.heard >= version:
            return
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(1.0):
                while self.heard is not None and self.heard < version:
                    self.changed.clear()
                    await self.changed.wait()
        self.heard = max(self.heard or 0, version)  # no update came: draw what there is

    def _hand_end(self, table: Table, names: list[str]) -> None:
        """When a hand has just ended, print how (whoever played last): listeners run right
        after the action, before the next deal, so the view still shows the finished hand."""
        engine = table.engine
        if engine is None:
            return
        done = len(engine.hand_results)
        if self.hands_shown is None or done <= self.hands_shown:
            self.hands_shown = done if self.hands_shown is None else self.hands_shown
            return
        self.hands_shown = done
        seat = table.seat_of(TERMINAL_USER)
        result = engine.hand_results[-1].to_json()
        final = engine.match_result is not None  # nothing to say of a next hand
        # the result only: the hand's last moments (the trick that ended it, every play of it
        # named) were just printed as events, above
        lines = hand_lines(table.game, result, names, seat, self.lang, final=final)
        if lines:
            self.table_line(tr(self.lang, "terminal.hand_over"))
        for line in lines:
            self.table_line(line)
        if not final:  # the hand just finished may be stepped through at once
            self.table_line(tr(self.lang, "terminal.replay.offer", hand=done))

    async def hint(self, table: Table, names: Sequence[str]) -> None:
        """The strong bot's move for the player and why, in one line each, as ``/hint`` says
        them (:meth:`bot.tables.TableService.hint_why`: worked out by the service's thinker,
        in the bots' worker pool where there is one)."""
        seat = table.seat_of(TERMINAL_USER)
        try:
            found = await self.service.hint_why(table.id, TERMINAL_USER)
        except TableError:  # the match ended meanwhile
            found = None
        if found is None:
            self.say(tr(self.lang, "terminal.no_hint"))
            return
        move, reasons = found
        self.say(tr(self.lang, "terminal.hint", move=move_line(self.lang, move)))
        why = reason_line(Reader(self.lang, list(names), you=seat), reasons)
        if why:
            self.say(f"  {why}")

    async def replay(
        self, table: Table, text: str, read_line: Callable[[], Awaitable[str | None]]
    ) -> None:
        """``replay [N]``: hand ``N`` (default: the last finished one) of the match being
        played, stepped through as ``/replay`` shows it; a hand in play is refused as there."""
        words = text.split()
        hand = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
        if table.game_id is None:
            self.say(refusal_line(self.lang, ReplayRefused("no_finished_hand", "no game")))
            return
        self.held = []  # the table plays on meanwhile: its lines wait for the replay's end
        try:
            try:
                replay = await load_replay(self.service.store, table.game_id, hand)
            except ReplayRefused as refused:
                self.say(refusal_line(self.lang, refused))
                return
            bots = [u is None for u in replay.record.user_ids]
            names = local_names(replay.names, bots, self.lang)
            await step_through(
                replay, read_line, self.say, self.lang, names, you=table.seat_of(TERMINAL_USER)
            )
        finally:
            held, self.held = self.held, None
            if held:
                self.say(ntr(self.lang, "terminal.replay.held", len(held)))
            for line in held:
                self.say(line)


NAME_LIMIT = 32
"""The longest name kept for the terminal's player (a seat's name on the table's screens)."""


def seat_names(table: Table, lang: str) -> list[str]:
    """The seats' names as the terminal's player reads them: their own seat is "you" / "你"
    (also where a line names seats without a :class:`present.message.Reader`)."""
    mine = table.seat_of(TERMINAL_USER)
    you = tr(lang, "present.you")
    bots = [s.bot is not None for s in table.seats]
    names = local_names([s.name for s in table.seats], bots, lang)
    return [you if i == mine else name for i, name in enumerate(names)]


def player_name(lang: str) -> str:
    """The terminal player's name at the table when ``--name`` gives none: the login name
    (``USER``, ``LOGNAME``, ``USERNAME``; not ``root``), else "Player" / "玩家". It is what the
    match's other readers (the web page, ``/history``) see; the player reads "you" / "你"."""
    for var in ("USER", "LOGNAME", "USERNAME"):
        login = os.environ.get(var, "").strip()
        if login and login != "root" and login.isprintable():
            return login[:NAME_LIMIT]
    return tr(lang, "terminal.player")


def interrupted_line(command: str) -> str:
    """What Ctrl-C at the prompt prints, in the terminal's language: the game is saved and
    ``command`` carries it on."""
    return tr(terminal_lang(), "terminal.interrupted", command=command)


def tractor_follow(table: Table) -> str:
    """The table's tractor-follow option (docs/rules/pajiwo.md#9), for the lead's advice."""
    options = table.engine.options if table.engine is not None else None
    return str(getattr(options, "tractor_follow", "longest_tractor"))


def match_line(table: Table, lang: str) -> str | None:
    """``match: to level A``: how long the match is (the ``match`` option most games have),
    said once as the game starts or resumes; ``None`` when the options name no length."""
    try:
        options = table.resolved_options().to_dict()
    except TableError:  # pragma: no cover - a started table's options resolved before
        options = dict(table.options)
    said = presentation.match_length(table.game, options)  # the game's own words
    if said is not None:
        return render(Reader(lang, []), said)
    length = options.get("match")
    if not isinstance(length, str):
        return None
    if length in ("one_hand", "full"):
        return tr(lang, f"terminal.match.{length}")
    if length == "to_level":
        level = options.get("target_level")
        label = {11: "J", 12: "Q", 13: "K", 14: "A"}.get(level, str(level)) if level else "?"
        return tr(lang, "terminal.match.to_level", level=label)
    return tr(lang, "terminal.match.other", what=length.replace("_", " "))
