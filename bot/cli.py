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
import contextlib
import itertools
import uuid
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from bot import textview_mahjong
from bot.console import bot_command, is_ascii, play_command
from bot.errors import TableError
from bot.line_reader import CHANGED, LineReader
from bot.screens import (
    event_lines,
    hand_lines,
    match_lines,
    move_line,
    name_seats,
    terminal_lang,
    typed_refusal,
    you_line,
)
from bot.store import Store
from bot.tables import Table, TableService, TableUpdate
from bot.textview import hand_groups, own_module, render_view
from bot.timers import Scheduler
from bot.typed import ALL_KINDS, read_cards_move
from games.base import Action
from games.cards import CardParseError, format_card, parse_card
from games.registry import GAMES, UnknownGame, get_game
from present import games as presentation
from present.i18n import is_zh, tr
from present.lead import lead_msg
from present.message import Msg, Reader, render
from present.moves import kind_msg
from present.refusals import refusal_text

__all__ = [
    "TERMINAL_CHANNEL",
    "TERMINAL_USER",
    "bot_command",
    "interrupted_line",
    "parse_move",
    "play",
    "play_command",
    "terminal_channel",
]

TERMINAL_USER = 1
"""The terminal player's user id."""
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


def parse_move(
    text: str, seat: int, legal: list[Action], kinds: list[str], known: set[str] | None = None
) -> Action:
    """Read a typed card move (:func:`bot.typed.read_cards_move`): a 1-based number from the
    ``legal`` list, a kind alone (``pass``, ``PASS``, ``过``, ``造反``), or cards with kind words
    first and data after, as the moves are printed (``play ♠10 ♠10``, ``扣王 小王``,
    ``declare 大王 大王 大王 suit=H``). ``kinds`` are the kinds open to the seat now, ``known``
    every kind of the game. Raises ``ValueError`` with a message for the player."""
    return read_cards_move(text, seat, legal, kinds, ALL_KINDS if known is None else known)


class _Terminal:
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

    def say(self, text: str) -> None:
        if self.gone:
            return
        try:
            print(text, file=self.out, flush=True)
        except BrokenPipeError:  # play ... | head: the reader left; the game stops, saved
            self.gone = True
            self.changed.set()

    async def on_update(self, update: TableUpdate) -> None:
        table = update.table
        if table.id != self.table_id:
            return
        names = [s.name for s in table.seats]
        you = table.seat_of(TERMINAL_USER)
        for line in event_lines(table.game, update.events, names, you, self.lang):
            self.say(f"  · {line}")
        if update.kind == "reminder":
            self.say(f"  · {tr(self.lang, 'terminal.reminder')}")
        elif update.kind == "timeout" and update.action is not None:
            move = move_line(self.lang, update.action)
            self.say(f"  · {tr(self.lang, 'terminal.timeout', move=move)}")
        elif update.kind == "auto_seat":
            self.say(f"  · {tr(self.lang, 'terminal.auto_seat')}")
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
        # the hand's last moments the screen did not show yet (the last trick), then its result
        said = presentation.closing(table.game, engine.view(seat))
        reader = Reader(self.lang, names, you=seat)
        lines = [render(reader, m) for m in said]
        lines += hand_lines(table.game, result, names, seat, self.lang, final=final)
        if lines:
            self.say(tr(self.lang, "terminal.hand_over"))
        for line in lines:
            self.say(line)


def _my_decisions(table: Table, seat: int) -> tuple[list[str], bool]:
    """The kinds open to ``seat`` the player must or (at a live table) may answer, and whether
    one is required. Optional decisions at other paces pass in a moment: not offered."""
    if table.engine is None or table.status != "playing":
        return [], False
    # standing choices (mahjong) are always open and never a move to prompt for
    mine = [d for d in table.engine.pending() if d.seat == seat and d.kinds != ("standing",)]
    required = any(d.required for d in mine)
    if not required and not table.pace_obj.live:
        return [], False
    return [k for d in mine if d.required or not required for k in d.kinds], required


def _accepts(table: Table) -> Any:
    """``action -> bool``: whether the table's engine would accept ``action`` now (nothing
    changes: :meth:`games.base.Game.check` only looks)."""

    def accepts(action: Action) -> bool:
        if table.engine is None:
            return False
        try:
            table.engine.check(action)
        except Exception:  # IllegalAction, or data the engine cannot read
            return False
        return True

    return accepts


def interrupted_line(command: str) -> str:
    """What Ctrl-C at the prompt prints, in the terminal's language: the game is saved and
    ``command`` carries it on."""
    return tr(terminal_lang(), "terminal.interrupted", command=command)


def _tractor_follow(table: Table) -> str:
    """The table's tractor-follow option (docs/rules/pajiwo.md#9), for the lead's advice."""
    options = table.engine.options if table.engine is not None else None
    return str(getattr(options, "tractor_follow", "longest_tractor"))


def _match_line(table: Table, lang: str) -> str | None:
    """``match: to level A``: how long the match is (the ``match`` option most games have),
    said once as the game starts or resumes; ``None`` when the options name no length."""
    try:
        options = table.resolved_options().to_dict()
    except TableError:  # pragma: no cover - a started table's options resolved before
        options = dict(table.options)
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


FORCED_PASS_DELAY = (1.0, 3.0)
"""Seconds (low, high) before a required decision whose only move is ``pass`` is passed for
the player, as on Discord: waiting for it would only run the clock (a 造反 window without
the points, after a live deal)."""


def _wait_note(table: Table, required: bool, legal: list[Action], lang: str = "en") -> str:
    """What the prompt adds: what happens while an optional decision waits (the table's next
    step, e.g. ``the table will end the deal``), or that a lone pass is made for the player."""
    if required:
        if len(legal) == 1 and legal[0].kind == "pass" and not legal[0].data:
            return tr(lang, "terminal.only_pass")
        return ""
    assert table.engine is not None
    step = next((d for d in table.engine.pending() if d.seat is None), None)
    if step is None or not step.prompt or is_zh(lang):  # the engine says its steps in English
        return tr(lang, "terminal.or_wait")
    return tr(lang, "terminal.or_wait_step", step=step.prompt)


def _prompt_kinds(lang: str, kinds: list[str]) -> str:
    """The kinds of move open, as the game's presentation names them: ``出牌 play / 过 pass``."""
    reader = Reader(lang, [])
    return " / ".join(
        render(reader, Msg("move.kind", kind=kind_msg(k))) for k in dict.fromkeys(kinds)
    )


def _prompt(lang: str, prompt: str, kinds: list[str], note: str) -> str:
    """``your move (lead a trick):``: the engine's prompt in English; in another language the
    kinds of move open (出牌 / 过), as the game's presentation names them."""
    what = _prompt_kinds(lang, kinds) if is_zh(lang) or not prompt else prompt
    return tr(lang, "terminal.your_move", what=what, note=note)


def _own_moves(game: str) -> ModuleType | None:
    """The game's own terminal module when it lists and reads its moves itself
    (:func:`bot.textview.own_module` with ``LIST_LIMIT``, ``format_moves`` and ``parse_move``:
    打滚's), else ``None``."""
    own = own_module(game)
    return own if hasattr(own, "parse_move") and hasattr(own, "format_moves") else None


def _help(game: str, lang: str = "en", ascii_only: bool = False) -> str:
    """The help line of ``game``'s terminal (what a move looks like there) in the reader's
    language; ``ascii_only``: for a console that cannot show ♠ or Chinese (cards and tiles in
    the ASCII notation only, which is also what that console prints, in English)."""
    own = textview_mahjong if presentation.pieces(game) == "tile" else _own_moves(game)
    if ascii_only:
        return str(getattr(own, "HELP_ASCII", HELP_ASCII))
    return tr(lang, str(getattr(own, "HELP_ID", "terminal.help.cards")))


HELP_ASCII = (
    "type a move's number, or its cards (10s S10 Kh, jokers BJ SJ), a kind first if needed"
    " (bury 3c 4c ...), a kind alone (pass, rebel), hint, view (show the table again), help"
    " or quit"
)
MENU_LIMIT = 25
"""Moves listed at a prompt; the rest are counted and typed as cards."""
_COUNT_LIMIT = 1000


def _moves(service: TableService, table: Table) -> tuple[list[Action], int]:
    """The moves to list and how many more there are (at least; counting stops at
    :data:`_COUNT_LIMIT`). A long list (more than :data:`MENU_LIMIT` moves, such as the
    hundreds of ways to follow a pair when void) lists the engine's most useful
    :data:`MENU_LIMIT`, sorted as :func:`in_hand_order` says, so that they can be scanned."""
    legal = service.legal_actions(table.id, TERMINAL_USER, limit=_COUNT_LIMIT)
    more = max(0, len(legal) - MENU_LIMIT)
    listed = legal[:MENU_LIMIT]
    if more:
        listed = in_hand_order(listed, service.view(table.id, TERMINAL_USER))
    return listed, more


def in_hand_order(moves: list[Action], view: Mapping[str, Any]) -> list[Action]:
    """``moves`` grouped by kind (in the order the kinds first come) and, within a kind, in
    the order the hand is shown (trumps first, then ♠ ♥ ♣ ♦, strongest first): a move
    comes before another when its first card in that order does, then its second …"""
    position: dict[str, int] = {}
    for _group, cards in hand_groups(view):
        for card in cards:
            position.setdefault(card, len(position))
    kinds: dict[str, int] = {}
    for move in moves:
        kinds.setdefault(move.kind, len(kinds))

    def key(move: Action) -> tuple[int, list[int]]:
        cards = move.data.get("cards")
        places: list[int] = []
        if isinstance(cards, list):
            for text in cards:
                try:
                    places.append(position.get(format_card(parse_card(str(text))), len(position)))
                except CardParseError:
                    places.append(len(position))
        return kinds[move.kind], sorted(places)

    return sorted(moves, key=key)


QUIT_WORDS = {"quit", "exit", "q", "退出"}
HINT_WORDS = {"hint", "提示"}
VIEW_WORDS = {"view", "v", "看", "牌桌"}
HELP_WORDS = {"help", "h", "?", "？", "帮助"}


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
    name: str = "you",
    bot: str = "heuristic",
    new: bool = False,
    scheduler: Scheduler | None = None,
    carry_on: str | None = None,
) -> int:
    """Play in the terminal until the match ends (0) or input ends / ``quit`` (0, game saved).

    An unfinished terminal game of ``game`` in the database is resumed (its own
    options and seed kept) unless ``new``, which aborts it and starts another.
    Raises ``TableError`` for bad game options, a bad pace or a database in use
    (the store is closed again first). ``scheduler``: where timers and bot moves run
    (tests pass a manual one; default: the event loop's clock). ``carry_on``: the command
    printed on leaving that resumes the game (default: :func:`play_command` of ``db_path``).
    """
    again = carry_on or play_command(game, db_path)
    channel = terminal_channel(game)
    store = await Store.open(db_path)
    try:
        service = TableService(
            store,
            default_pace=pace,
            scheduler=scheduler,
            forced_pass_delay=FORCED_PASS_DELAY,
        )
    except BaseException:
        await store.close()
        raise
    term = _Terminal(service, stdout)
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
            what = table.spec.title_zh if is_zh(term.lang) else table.spec.title_en
            term.say(tr(term.lang, key, game=what, table=table.id, seed=table.seed))
            term.table_id = table.id
            term.hands_shown = len(table.engine.hand_results) if table.engine else 0
            term.heard = len(table.engine.actions) if table.engine else None
            if table.seats[table.seat_of(TERMINAL_USER) or 0].auto:
                await service.take_back(table.id, TERMINAL_USER)
        else:
            if table is not None:
                await service.abort(channel, TERMINAL_USER, force=True)
            table = await service.open_table(
                guild_id=None,
                channel_id=channel,
                game=game,
                user_id=TERMINAL_USER,
                name=name,
                preset=preset,
                options=options,
            )
            await service.add_bot(channel, TERMINAL_USER, len(table.free_seats), bot)
            term.table_id, term.hands_shown = table.id, 0
            await service.start(channel, TERMINAL_USER, seed=seed)
            what = (
                table.spec.title_zh
                if is_zh(term.lang)
                else f"{table.spec.title_zh} {table.spec.title_en}"
            )
            term.say(tr(term.lang, "terminal.opened", game=what, table=table.id, seed=table.seed))
        seat = table.seat_of(TERMINAL_USER)
        assert seat is not None
        keys = itertools.count(1)
        names = [s.name for s in table.seats]
        title = (
            table.spec.title_zh
            if is_zh(term.lang)
            else f"{table.spec.title_zh} {table.spec.title_en}"
        )
        known = set(ALL_KINDS)
        tiles = presentation.pieces(table.spec.key) == "tile"  # moves read as tiles
        own = _own_moves(table.spec.key)
        ascii_out = is_ascii(stdout)

        def fmt(action: Action) -> str:
            return move_line(term.lang, action)

        def show(view: Mapping[str, Any]) -> str:
            return render_view(view, names, title, lang=term.lang, ascii_cards=ascii_out)

        game_help = _help(table.spec.key, term.lang, ascii_out)
        term.say(game_help)
        length = _match_line(table, term.lang)
        if length:
            term.say(length)
        lines = LineReader(stdin, loop)
        # (state version, moves listed, the decision they answer: kinds, required, prompt)
        shown: tuple[int, list[Action], tuple[Any, ...]] | None = None
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
                await term.changed.wait()
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
                lead = lead_msg(seen, seat, _tractor_follow(table)) if "play" in kinds else None
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
            # wait for a line or a change: a bot may move for this seat (an optional decision
            # passes, a seat handed to its bot plays on) and the match may end meanwhile
            term.changed.clear()
            line = await lines.next_line(term.changed)
            if line is CHANGED:
                waited = True
                continue
            if line is None:
                term.say(tr(term.lang, "terminal.end_of_input", command=again))
                return 0
            text = line.strip()
            word = text.lower()
            if word in QUIT_WORDS:
                term.say(tr(term.lang, "terminal.saved", command=again))
                return 0
            if word in HELP_WORDS:
                term.say(game_help)
                term.say(tr(term.lang, "terminal.now", kinds=_prompt_kinds(term.lang, kinds)))
                continue
            if word in HINT_WORDS:
                hint = service.hint(table.id, TERMINAL_USER)
                said = tr(term.lang, "terminal.hint", move=fmt(hint)) if hint else None
                term.say(said or tr(term.lang, "terminal.no_hint"))
                continue
            if word in VIEW_WORDS or not text:
                shown = None
                continue
            try:
                if own is not None:
                    move = own.parse_move(text, seat, shown[1], kinds, _accepts(table))
                elif tiles:
                    move = textview_mahjong.parse_move(text, seat, shown[1], kinds)
                else:
                    move = parse_move(text, seat, shown[1], kinds, known)
                key = f"terminal:{next(keys)}:{uuid.uuid4().hex}"
                await service.act(table.id, TERMINAL_USER, move, key)
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
        else:
            status = tr(term.lang, f"table.status.{table.status}")
            term.say(tr(term.lang, "terminal.table_was", status=status))
        return 0
    finally:
        await service.shut_down()
        await store.close()
