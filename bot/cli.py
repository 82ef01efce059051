"""The terminal front end: ``python -m bot play GAME`` against bots, on the real table service.

The player (user id :data:`TERMINAL_USER`) sits at seat 0 of a table in the
terminal channel of that game; the other seats are bots. An unfinished game of
the same kind in the same database is resumed instead of a new one. At each of the
player's required decisions the view and the numbered legal moves are
printed (at a live table also the optional ones, such as declaring trump
while the cards arrive: the deal goes on while the prompt waits); the player
types a number, a move in card notation (``10s 10s``,
``♠10♠10``, ``黑桃10 黑桃10``, optionally after the move kind: ``bury 3c 4c …``),
``pass``, ``hint``, ``view`` or ``quit``. End of input leaves the game saved.
"""

from __future__ import annotations

import asyncio
import itertools
import uuid
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from bot import textview_mahjong
from bot.errors import TableError
from bot.store import Store
from bot.tables import Table, TableService, TableUpdate
from bot.textview import format_action, name_seats, render_view
from games.base import Action
from games.cards import CardParseError, format_card_ascii, parse_card, parse_cards
from games.registry import GAMES, UnknownGame, get_game

__all__ = ["TERMINAL_CHANNEL", "TERMINAL_USER", "parse_move", "play", "terminal_channel"]

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


def _card_key(values: Any) -> Counter[str] | None:
    if not isinstance(values, list):
        return None
    try:
        return Counter(format_card_ascii(parse_card(str(v))) for v in values)
    except CardParseError:
        return None


def parse_move(text: str, seat: int, legal: list[Action], kinds: list[str]) -> Action:
    """Read a typed move.

    ``text`` is a 1-based number from the ``legal`` list, a kind alone
    (``pass``), or cards with an optional kind first (``play 10s 10s``). Cards
    matching a listed move give that move; otherwise the move is built with the
    only card-taking kind open (the engine then judges it). Raises
    ``ValueError`` with a message for the player.
    """
    words = text.split()
    if not words:
        raise ValueError("type a number, a move such as 10s 10s, pass, hint or quit")
    if len(words) == 1 and words[0].isdigit():
        n = int(words[0])
        if not 1 <= n <= len(legal):
            raise ValueError(f"choose a number from 1 to {len(legal)}")
        return legal[n - 1]
    kind: str | None = None
    if words[0].lower() in kinds:
        kind = words.pop(0).lower()
        if not words:
            return Action(seat, kind)
    try:
        cards = parse_cards(" ".join(words))
    except CardParseError as exc:
        raise ValueError(str(exc)) from None
    wanted = Counter(format_card_ascii(c) for c in cards)
    for action in legal:
        if (kind is None or action.kind == kind) and _card_key(action.data.get("cards")) == wanted:
            return action
    if kind is None:
        card_kinds = [k for k in kinds if k != "pass"]
        if len(card_kinds) != 1:
            raise ValueError(f"say which move first: {' or '.join(card_kinds)} followed by cards")
        kind = card_kinds[0]
    return Action(seat, kind, {"cards": [format_card_ascii(c) for c in cards]})


class _Terminal:
    def __init__(self, service: TableService, out: TextIO) -> None:
        self.service = service
        self.out = out
        self.changed = asyncio.Event()

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    async def on_update(self, update: TableUpdate) -> None:
        names = [s.name for s in update.table.seats]
        for event in update.events:
            if event.text:
                self.say(f"  · {name_seats(event.text, names)}")
        if update.kind == "reminder":
            self.say("  · reminder: half of your time is gone")
        elif update.kind == "timeout" and update.action is not None:
            fmt = _formatter(update.table.spec.key)
            self.say(f"  · time is up: your bot played {fmt(update.action)}")
        elif update.kind == "auto_seat":
            self.say("  · your seat is handed to a bot; run play again to take it back")
        self.changed.set()


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


_CHANGED: Any = object()


def _formatter(game: str) -> Any:
    """The move formatter of ``game``: mahjong tables have their own text view."""
    return textview_mahjong.format_action if textview_mahjong.handles(game) else format_action


HELP = (
    "type a move's number, or its cards (♠10 10s S10 黑桃10, jokers BJ SJ 大王 小王; a kind first"
    " if needed: bury 3c 4c …), pass, hint, view (show the table again) or quit"
)


class _LineReader:
    """Lines of ``stdin`` read by one thread at a time, awaited next to table changes."""

    def __init__(self, stdin: TextIO, loop: asyncio.AbstractEventLoop) -> None:
        self.stdin = stdin
        self.loop = loop
        self.pending: asyncio.Future[str] | None = None

    async def next_line(self, changed: asyncio.Event | None) -> Any:
        """The next line (``None`` at end of input), or ``_CHANGED`` if ``changed`` is set first."""
        if self.pending is None:
            self.pending = self.loop.run_in_executor(None, self.stdin.readline)
        if changed is not None:
            waiter: asyncio.Future[Any] = asyncio.ensure_future(changed.wait())
            both: set[asyncio.Future[Any]] = {self.pending, waiter}
            done, _ = await asyncio.wait(both, return_when=asyncio.FIRST_COMPLETED)
            if self.pending not in done:
                return _CHANGED
            waiter.cancel()
        line = await self.pending
        self.pending = None
        return line or None


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
) -> int:
    """Play in the terminal until the match ends (0) or input ends / ``quit`` (0, game saved).

    An unfinished terminal game of ``game`` in the database is resumed (its own
    options and seed kept) unless ``new``, which aborts it and starts another.
    Raises ``TableError`` for bad game options.
    """
    channel = terminal_channel(game)
    store = await Store.open(db_path)
    service = TableService(store, default_pace=pace)
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
            term.say(
                f"resuming your unfinished {table.spec.title_en} game (table {table.id},"
                f" seed {table.seed})"
                + (
                    ": it keeps its own options; add --new to start one with yours"
                    if asked
                    else "; add --new to start a new one"
                )
            )
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
            await service.start(channel, TERMINAL_USER, seed=seed)
            term.say(
                f"{table.spec.title_zh} {table.spec.title_en}: table {table.id}, seed {table.seed}"
            )
        seat = table.seat_of(TERMINAL_USER)
        assert seat is not None
        keys = itertools.count(1)
        names = [s.name for s in table.seats]
        title = f"{table.spec.title_zh} {table.spec.title_en}"
        mahjong = textview_mahjong.handles(table.spec.key)
        render = textview_mahjong.render_view if mahjong else render_view
        fmt = _formatter(table.spec.key)
        read_move = textview_mahjong.parse_move if mahjong else parse_move
        term.say(textview_mahjong.HELP if mahjong else HELP)
        lines = _LineReader(stdin, loop)
        shown: tuple[int, list[Action]] | None = None  # (state version, moves listed)
        while table.status == "playing":
            kinds, required = _my_decisions(table, seat)
            assert table.engine is not None
            version = len(table.engine.actions)
            if not kinds:
                term.changed.clear()
                await term.changed.wait()
                continue
            if shown is None or shown[0] != version:
                term.say("")
                term.say(render(service.view(table.id, TERMINAL_USER), names, title))
                legal = service.legal_actions(table.id, TERMINAL_USER, limit=25)
                prompt = next((d.prompt for d in table.engine.pending() if d.seat == seat), "")
                note = "" if required else ", or wait: the deal goes on"
                term.say(f"your move ({prompt}{note}):" if prompt else f"your move{note}:")
                for i, action in enumerate(legal, 1):
                    term.say(f"  {i:>2}. {fmt(action)}")
                shown = (version, legal)
            # an optional decision (declaring while a live deal goes on) must not hold up play
            term.changed.clear()
            line = await lines.next_line(None if required else term.changed)
            if line is _CHANGED:
                continue
            if line is None:
                term.say("end of input: the game is saved; run play again to continue")
                return 0
            text = line.strip()
            if text.lower() in ("quit", "exit", "q"):
                term.say("the game is saved; run play again to continue")
                return 0
            if text.lower() == "hint":
                hint = service.hint(table.id, TERMINAL_USER)
                term.say(f"hint: {fmt(hint)}" if hint else "hint: nothing to do")
                continue
            if text.lower() == "view" or not text:
                shown = None
                continue
            try:
                move = read_move(text, seat, shown[1], kinds)
                key = f"terminal:{next(keys)}:{uuid.uuid4().hex}"
                await service.act(table.id, TERMINAL_USER, move, key)
            except ValueError as exc:  # nothing changed: the list above still holds
                term.say(f"! {exc}")
            except TableError as exc:
                term.say(f"! {exc.message}")
        term.say("")
        if table.engine is not None and table.engine.match_result is not None:
            result = table.engine.match_result
            term.say(render(service.view(table.id, TERMINAL_USER), names, title))
            term.say(f"match over: {name_seats(result.text, names) or result.to_json()}")
            mine = next(i for i, team in enumerate(result.teams) if seat in team)
            term.say("you won" if result.ranks[mine] == 1 else "you lost")
        else:
            term.say(f"the table was {table.status}")
        return 0
    finally:
        await service.shut_down()
        await store.close()
