"""What the Discord front end showed and when, for ``python -m benchmarks discord``'s latency
part: the same records whether the bot runs in the benchmark's process or in processes of its
own (``PAIJU_BENCH_PROCESSES=2``, :mod:`benchmarks.discord_procs`).

:meth:`Trace.install` wraps the display's table-message edit and post, its "nothing to edit"
check and its hand delivery (class attributes of :class:`cogs.display.TableDisplay`), and
:meth:`Trace.watch` the table service's updates, recording:

* every accepted move: table, game step after it, when it was announced and when the
  store's append of it returned, and whether it gave the person a decision;
* every read of a table's state by a front end (the service's ``view``, ``legal_actions``
  and ``suggestions``) while a move of that table is being appended and already in that state:
  what would show a move before it is stored (``shown_before_stored``, expected 0);
* every table message on Discord: the step it shows and when its call returned;
* every hand delivery as it starts (the step read, whether it offers a decision) and, when it
  offers one, when it is on Discord.

Times are ``time.monotonic()``, one clock for every process of the machine. A trace given a
file also appends each record to it as a JSON line (with the display's counts of edits by path
every second), so the benchmark reads its bot processes' records back with :meth:`Trace.load`.
:func:`latencies` turns records into the figures.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

__all__ = ["MOOT_S", "Trace", "latencies"]

MOOT_S = 0.5  # a decision gone this soon after its move cannot be shown to anyone


class Trace:
    """Records of moves, table messages and hand deliveries (see the module's text)."""

    def __init__(self, path: Path | None = None) -> None:
        self.table_shown: dict[int, list[tuple[int, float]]] = {}  # table -> (step, when)
        self.hand_offered: dict[int, list[tuple[int, float]]] = {}  # table -> (step, when)
        #: (table, step after the move, when announced, when the store had it)
        self.moves: list[tuple[int, int, float, float]] = []
        #: (table, actions the state read had, when): a read of a move not yet stored
        self.early: list[tuple[int, int, float]] = []
        self._appending: dict[int, int] = {}  # table -> index of the action being appended
        self._stored_at: dict[int, float] = {}  # table -> when its last append returned
        self.hands_turn: set[tuple[int, int]] = set()  # (table, step): the person's decision
        # table -> (step, when, whether it offers a decision) of every hand delivery's start
        self.hand_started: dict[int, list[tuple[int, float, bool]]] = {}
        #: the display's counts by path (``table_edits_by``, ``table_token_paths``,
        #: ``hands_by``), summed over the processes
        self.counts: dict[str, dict[str, int]] = {}
        #: per process, the counts as they were at each moment: ``(when, counts)``
        self.samples: list[list[tuple[float, dict[str, dict[str, int]]]]] = []
        #: called with a user id when a hand delivery to them is on Discord (in process)
        self.delivered: Callable[[int], None] = lambda user_id: None
        self._file: IO[str] | None = path.open("a", encoding="utf-8") if path else None

    # ------------------------------------------------------------------ recording
    def _put(self, kind: str, *values: Any) -> None:
        if kind == "shown":
            self.table_shown.setdefault(values[0], []).append((values[1], values[2]))
        elif kind == "offered":
            self.hand_offered.setdefault(values[0], []).append((values[1], values[2]))
        elif kind == "started":
            started = (values[1], values[2], bool(values[3]))
            self.hand_started.setdefault(values[0], []).append(started)
        elif kind == "move":
            stored = values[4] if len(values) > 4 else values[2]
            self.moves.append((values[0], values[1], values[2], stored))
            if values[3]:
                self.hands_turn.add((values[0], values[1]))
        elif kind == "early":
            self.early.append((values[0], values[1], values[2]))
        elif kind == "counts":
            for name, counts in values[0].items():
                into = self.counts.setdefault(name, {})
                for path, n in counts.items():
                    into[path] = into.get(path, 0) + int(n)
        if self._file is not None and kind != "counts":
            self._file.write(json.dumps([kind, *values]) + "\n")

    def install(self) -> Callable[[], None]:
        """Wrap the display's methods (every bot of this process); returns the undo."""
        from cogs.display import TableDisplay, step_of

        display_cls: Any = TableDisplay
        original_edit = display_cls._edit_table_message
        original_post = display_cls._post_table_message
        original_deliver = display_cls._deliver_hand
        original_shows = display_cls._shows_already
        clock, put = time.monotonic, self._put

        async def timed_edit(display: Any, table: Any, *args: Any) -> None:
            step = step_of(table)
            await original_edit(display, table, *args)
            put("shown", table.id, step, clock())

        async def timed_post(display: Any, table: Any, *args: Any) -> None:
            step = step_of(table)
            await original_post(display, table, *args)
            put("shown", table.id, step, clock())

        def timed_shows(display: Any, table: Any) -> bool:
            # a move that changes nothing on the table message (a pass while the cards
            # arrive) is on Discord as soon as the display sees there is nothing to edit
            already = bool(original_shows(display, table))
            if already:
                put("shown", table.id, step_of(table), clock())
            return already

        async def timed_deliver(display: Any, table_id: int, user_id: int) -> None:
            table = display.bot.service.get(table_id)
            step = step_of(table)
            offers = bool(display._legal(table, user_id))  # a decision: required or optional
            put("started", table_id, step, clock(), offers)
            # the state is read when the job starts; it is on Discord when the call returns
            await original_deliver(display, table_id, user_id)
            if offers:
                put("offered", table_id, step, clock())
            self.delivered(user_id)

        display_cls._edit_table_message = timed_edit
        display_cls._post_table_message = timed_post
        display_cls._deliver_hand = timed_deliver
        display_cls._shows_already = timed_shows

        def undo() -> None:
            display_cls._edit_table_message = original_edit
            display_cls._post_table_message = original_post
            display_cls._deliver_hand = original_deliver
            display_cls._shows_already = original_shows

        return undo

    def watch(self, bot: Any) -> None:
        """Record ``bot``'s accepted moves (its table service's updates), when the store had
        each, and any read of its tables' state that holds a move not yet stored."""
        from cogs.display import step_of

        service, store = bot.service, bot.service.store
        appending, stored_at = self._appending, self._stored_at

        async def on_update(update: Any) -> None:
            if update.action is None or update.kind != "action":
                return
            table = update.table
            person = table.seats[0].user_id
            turn = table.status == "playing" and bool(service.legal_actions(table.id, person, 1))
            now = time.monotonic()
            # the move's own append is the table's last one: the lock is held from it to here
            self._put("move", table.id, step_of(table), now, turn, stored_at.get(table.id, now))

        real_append = store.append_action

        async def timed_append(*args: Any, **kwargs: Any) -> Any:
            table_id, seq = kwargs.get("table_id"), args[1]
            if table_id is None:
                return await real_append(*args, **kwargs)
            appending[table_id] = seq
            try:
                result = await real_append(*args, **kwargs)
                stored_at[table_id] = time.monotonic()
                return result
            finally:
                appending.pop(table_id, None)

        def checked(read: Callable[..., Any]) -> Callable[..., Any]:
            def reading(table_id: int, *args: Any, **kwargs: Any) -> Any:
                seq = appending.get(table_id)
                if seq is not None:
                    with contextlib.suppress(Exception):
                        engine = service.get(table_id).engine
                        if engine is not None and len(engine.actions) > seq:
                            self._put("early", table_id, len(engine.actions), time.monotonic())
                return read(table_id, *args, **kwargs)

            return reading

        store.append_action = timed_append
        service.view = checked(service.view)
        service.legal_actions = checked(service.legal_actions)
        service.suggestions = checked(service.suggestions)
        service.subscribe(on_update)

    def counts_of(self, bot: Any) -> dict[str, dict[str, int]]:
        """The display's counts of edits by path, as :attr:`counts` keeps them."""
        display = bot.display
        return {
            "table_edits_by": dict(display.table_edits_by),
            "table_token_paths": dict(display.table_token_paths),
            "hands_by": dict(display.hands_by),
        }

    async def write_counts(self, bot: Any, every_s: float = 1.0) -> None:
        """Every ``every_s``, keep the display's counts as they are then (in
        :attr:`samples`) and append them to the file if any (a bot process's task; the
        benchmark reads each process's lines back)."""
        self.samples.append([])
        mine = self.samples[-1]
        while True:
            await asyncio.sleep(every_s)
            with contextlib.suppress(AttributeError):  # not set up yet
                now, counts = time.monotonic(), self.counts_of(bot)
                mine.append((now, counts))
                if self._file is not None:
                    self._file.write(json.dumps(["counts", now, counts]) + "\n")
                    self._file.flush()

    def counts_between(self, start: float, end: float) -> dict[str, dict[str, int]]:
        """The counts of what happened from ``start`` to ``end`` (by the samples taken then),
        summed over the processes."""
        out: dict[str, dict[str, int]] = {}
        for samples in self.samples:
            before = [c for t, c in samples if t <= start]
            until = [c for t, c in samples if t <= end]
            if not until:
                continue
            first = before[-1] if before else {}
            for name, counts in until[-1].items():
                into = out.setdefault(name, {})
                for path, n in counts.items():
                    into[path] = into.get(path, 0) + n - first.get(name, {}).get(path, 0)
        return out

    def flush(self) -> None:
        if self._file is not None:
            self._file.flush()

    @classmethod
    def load(cls, paths: list[Path]) -> Trace:
        """The records of the files at ``paths`` (one per bot process) together."""
        trace = cls()
        for path in paths:
            samples: list[tuple[float, dict[str, dict[str, int]]]] = []
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    kind, *values = json.loads(line)
                except ValueError:  # a line cut by the process's end
                    continue
                if kind == "counts":
                    samples.append((values[0], values[1]))
                else:
                    trace._put(kind, *values)
            trace.samples.append(samples)
            if samples:
                trace._put("counts", samples[-1][1])
        return trace


def latencies(trace: Trace, measure_from: float, stop_at: float, play_s: float) -> dict[str, Any]:
    """``to_table`` (ms from each move to the first table message showing it or later),
    ``to_hand`` (ms from each move giving the person a decision to the first hand message
    offering it), ``moot`` (decisions gone at once, :func:`_gone_at_once`), ``unseen`` (moves
    never shown) and ``moves``, for the moves from ``measure_from`` until 10 s before
    ``stop_at`` (they had time to be shown); ``shown_before_stored``: reads of a move not yet
    stored, over the whole run (each a violation: a move is shown only once stored).

    A message counts as showing a move when it is on Discord after the store had the move
    (it may be before the announcement: 0 ms then); one on Discord before the store had it
    shows nothing of it, and the read behind it is in ``shown_before_stored``."""
    to_table: list[float] = []
    to_hand: list[float] = []
    unseen = moot = 0
    moves = [m for m in trace.moves if measure_from <= m[2] <= stop_at - 10.0]
    for tid, step, when, stored in moves:
        # a message that read this state or a later one and is on Discord after the store had
        # the move shows it; the service announces a move a little after storing it, so such
        # a message may be on Discord before the announcement (0 ms then)
        shown = [t for s, t in trace.table_shown.get(tid, []) if s >= step and t >= stored]
        if shown:
            to_table.append(max(0.0, min(shown) - when) * 1000)
        else:
            unseen += 1
        if (tid, step) not in trace.hands_turn:
            continue
        if _gone_at_once(trace.hand_started.get(tid, []), step, when):
            moot += 1
            continue
        # the first hand message offering the person a move, from this state or a later one
        offered = [t for s, t in trace.hand_offered.get(tid, []) if s >= step and t >= stored]
        to_hand.append(max(0.0, min(offered) - when) * 1000 if offered else play_s * 1000)
    return {
        "to_table": to_table,
        "to_hand": to_hand,
        "moot": moot,
        "unseen": unseen,
        "moves": len(moves),
        "shown_before_stored": len(trace.early),
    }


def _gone_at_once(started: list[tuple[int, float, bool]], step: int, when: float) -> bool:
    """True when the person's decision at ``step`` was gone by the time the display began to
    deliver it, within ``MOOT_S`` of the move: the first hand delivery after the move read a
    later state in which the person had no decision (the next move had been applied, e.g. a
    declaring window closed by the turn that opened it). A slow display cannot hide behind
    this: a delivery beginning later than ``MOOT_S`` counts the decision as usual."""
    after = [(t, s, offers) for s, t, offers in started if t >= when]
    if not after:
        return False
    at, seen, offers = min(after)
    return at - when < MOOT_S and seen > step and not offers
