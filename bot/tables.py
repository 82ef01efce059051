"""The table service: lobbies, seats, play, bots, timers — the one API every front end uses.

One table per channel (a thread counts as a channel). A table is in the
``lobby`` (players join, the host sets options and adds bots), ``playing``
(the engine runs), then ``finished`` or ``aborted``. The Discord cogs and the
terminal front end are thin adapters over :class:`TableService`.

The service is composed of one module per job over :mod:`bot.table_core`:
:mod:`bot.table_lobby` (lobby and seats), :mod:`bot.table_play` (applying moves),
:mod:`bot.table_auto` (automatic moves and deadlines) and :mod:`bot.table_startup`
(start-up and shut-down); this module composes them and adds what front ends read.

Guarantees:

* Every refusal raises :class:`bot.errors.TableError` and changes nothing.
* :meth:`TableService.act` appends the accepted action to the store — with
  its idempotency key, the seats' state and the new deadlines, in one
  transaction — *before* it returns or any listener hears of it; the same
  key twice is applied once (``ActResult.duplicate``).
* Bot seats, seats handed to a bot, and table steps (``Decision.seat is
  None``) move on their own through the scheduler: table steps wait
  ``delay_s`` at a ``live`` table and go at once otherwise. For an *optional*
  decision a bot is asked once per state; its ``pass`` there means "not now"
  and is not applied.
* Required decisions of seats played by people get deadlines
  (:mod:`bot.timers`): reminder at half time, the seat's bot plays at the
  deadline, 3 timeouts in a row hand the seat to the bot until
  :meth:`TableService.take_back` (or the player's own next move).
* Every change is announced to subscribers as a :class:`TableUpdate`.

Refinements of ``notes/HOST_API.md`` (same capabilities):

* ``Table.deadlines`` is ``dict[int, float]`` as agreed; ``Table.timers`` has the
  full :class:`bot.timers.Deadline` (``.due``, ``.remind_at``, ``.reminded``).
* ``TableService(store, *, scheduler=None, clock=None, rng_seed=None)``: pass a
  scheduler (``bot.timers.ManualScheduler`` in tests) or a clock (the default
  scheduler is ``AsyncioScheduler(clock or time.time)``).
* ``TableUpdate.kind`` adds ``"started"`` (the game began) and
  ``"taken_back"``; ``TableUpdate`` also carries ``action`` (the applied
  :class:`~games.base.Action`, if any).
* ``TableError`` for an illegal move has ``code == "illegal"``, the engine's
  code in ``rule_code`` and its ``params``/``rule``.
* ``Seat`` has ``left`` (the player left a game in progress; a bot plays on).
* Added: ``open_table(..., thread_id=None, rated=None, sit=True)``, ``set_thread``,
  ``start(..., seed=None)``, ``open_tables()``, ``pending(table_id)``,
  ``seat_bot(table_id, seat)``, ``wait_finished(table_id)``; ratings and
  history are module functions taking ``service.store``
  (``bot.ratings.rating/leaderboard``, ``bot.history.history``).
"""

from __future__ import annotations

from typing import Any

from bot.errors import TableError
from bot.table_auto import AutoMixin
from bot.table_core import AUTO_RETRY_S, BOT_KINDS_DEFAULT, log
from bot.table_handback import HandBackMixin
from bot.table_lobby import LobbyMixin
from bot.table_model import (
    ActResult,
    Listener,
    Seat,
    Table,
    TableStatus,
    TableUpdate,
    UpdateKind,
)
from bot.table_play import PlayMixin
from bot.table_startup import StartupMixin
from games.base import Action, Decision, Game
from games.reasons import Reason

HINTS_KEPT = 4096
"""Hints remembered (one per table and seat, for its current decision) before starting over."""

__all__ = [  # the data types are re-exported from bot.table_model
    "AUTO_RETRY_S",
    "BOT_KINDS_DEFAULT",
    "ActResult",
    "Listener",
    "Seat",
    "Table",
    "TableService",
    "TableStatus",
    "TableUpdate",
    "UpdateKind",
    "private_turn",
    "same_move",
]


class TableService(StartupMixin, HandBackMixin, LobbyMixin, PlayMixin, AutoMixin):
    """Runs every table of one process over one :class:`bot.store.Store`.

    Args:
        store: the open store.
        scheduler: where timers and bot moves are scheduled; default
            ``AsyncioScheduler(clock or time.time)``.
        clock: clock seconds (ignored when ``scheduler`` is given; its clock is used).
        rng_seed: seeds the generator of game seeds (tests, simulation).
        default_pace: pace of tables opened without one (``Settings.default_pace``).
        bot_delay_s: seconds between automatic moves (0: at once; a front end may
            slow bots down so people can follow).
        forced_pass_delay: ``(low, high)`` seconds: a person's required decision whose only
            legal move is ``pass`` (a 造反 window without the points, an auction without a
            declaration) is passed for them after a uniformly random delay in that range, so
            nobody taps for a non-choice and the timing reveals nothing; None (default): the
            person passes themselves.
        thinker: where bots think (:mod:`bot.thinking`); default on the event loop. With an
            off-loop one (:class:`bot.thinking.PoolThinker`) the search bots' moves leave the
            loop and tables that set no ``bot_level`` play ``strong``.

    Each job lives in its own module (see :mod:`bot.table_core`); this class adds what
    front ends read.
    """

    # ============================================================== reading
    def pending(self, table_id: int) -> list[Decision]:
        """Who may act now at a playing table (``[]`` otherwise)."""
        table = self.get(table_id)
        if table.engine is None or table.status != "playing":
            return []
        return table.engine.pending()

    def view(self, table_id: int, user_id: int | None) -> dict[str, Any]:
        """The engine's view for the user's seat (spectators, and ``None``, get the public view).

        While several seats are pending at once (a claim window) a ``turn`` list names at
        most the viewer: who else may act is private (see :func:`private_turn`).

        Raises ``TableError``: ``no_table``, ``not_started``.
        """
        table = self.get(table_id)
        if table.engine is None:
            raise TableError("not_started", "the game has not started yet", {})
        seat = table.seat_of(user_id) if user_id is not None else None
        return private_turn(table.engine.view(seat), table.engine.pending(), seat)

    def legal_actions(self, table_id: int, user_id: int, limit: int | None = 25) -> list[Action]:
        """The caller's legal moves, most useful first, at most ``limit`` (``[]``: not their turn).

        Raises ``TableError``: ``no_table``, ``not_started``, ``finished``, ``not_seated``.
        """
        table = self._playing(table_id)
        seat = self._seat_for_play(table, user_id)
        assert table.engine is not None
        return table.engine.legal_actions(seat, limit)

    def hint(self, table_id: int, user_id: int) -> Action | None:
        """What the heuristic bot would play for the caller now (or the strong bot's move, once
        :meth:`hint_why` worked it out for this decision), or ``None`` if nothing is pending.

        The same move for the same state (its generator is seeded from the state), so it is
        worked out once per decision and remembered.

        Raises ``TableError``: ``no_table``, ``not_started``, ``finished``, ``not_seated``.
        """
        table = self._playing(table_id)
        seat = self._seat_for_play(table, user_id)
        engine = table.engine
        assert engine is not None
        # mahjong's standing choices are always open and never a move to hint at
        if not any(d.seat == seat and d.kinds != ("standing",) for d in engine.pending()):
            return None
        hints = self._hints
        known = hints.get((table.id, seat))
        # this state: the engine object and its moves, the last one by identity
        now = _marks(engine)
        if known is not None and known[0] == now:
            return known[1]
        bots = table.spec.bots()
        player = bots.get(BOT_KINDS_DEFAULT) or next(iter(bots.values()))
        try:
            move = player().choose(engine, seat, self._bot_rng(table, seat, "hint:"))
            hinted: Action | None = Action(seat, move.kind, dict(move.data))
        except Exception:
            log.exception("hint failed at table %s", table.id)
            hinted = None
        if len(hints) >= HINTS_KEPT:  # one per seat of the tables seen lately is plenty
            hints.clear()
        hints[(table.id, seat)] = (now, hinted)
        return hinted

    async def hint_why(self, table_id: int, user_id: int) -> tuple[Action, list[Reason]] | None:
        """The hint of ``/hint``: the game's strong bot's move for the caller and why
        (:mod:`games.reasons`), worked out by the service's thinker (off the event loop where
        the bots think off it), from the caller's view only; ``None`` if nothing is pending
        or the table moved on meanwhile. Remembered for the decision: :meth:`hint` (and so
        the first of :meth:`suggestions`) is then this move.

        Raises ``TableError``: ``no_table``, ``not_started``, ``finished``, ``not_seated``.
        """
        table = self._playing(table_id)
        seat = self._seat_for_play(table, user_id)
        engine = table.engine
        assert engine is not None
        if not any(d.seat == seat and d.kinds != ("standing",) for d in engine.pending()):
            return None
        now = _marks(engine)
        known = self._hint_whys.get((table.id, seat))
        if known is not None and known[0] == now:
            return known[1]
        try:
            move, reasons = await self.thinker.hint(
                engine, table.game, seat, self._bot_rng_key(table, seat, "hint:")
            )
        except Exception:
            log.exception("the strong hint failed at table %s", table.id)
            quick = self.hint(table_id, user_id)
            return None if quick is None else (quick, [])
        if table.engine is not engine or _marks(engine) != now:
            return None  # a move was made meanwhile: this hint is for a decision that is gone
        try:
            engine.check(move)
        except Exception:
            log.warning("table %s: the strong hint %s is not legal", table.id, move)
            quick = self.hint(table_id, user_id)
            return None if quick is None else (quick, [])
        if len(self._hint_whys) >= HINTS_KEPT:
            self._hint_whys.clear()
        self._hint_whys[(table.id, seat)] = (now, (move, reasons))
        self._hints[(table.id, seat)] = (now, move)
        return move, reasons

    def suggestions(self, table_id: int, user_id: int, limit: int = 25) -> list[Action]:
        """The caller's suggested moves as the hint orders them: the hint's move first (also
        when it is not among the engine's ``limit`` most useful moves, as a bury of the kitty
        may not be), then the others, most useful first; at most ``limit``. Every list of
        suggested moves (the hand message's menu, ``/play``'s autocomplete) is this one.

        Raises ``TableError``: ``no_table``, ``not_started``, ``finished``, ``not_seated``.
        """
        legal = self.legal_actions(table_id, user_id, limit)
        hinted = self.hint(table_id, user_id) if legal else None
        if hinted is None:
            return legal
        first = Action(legal[0].seat, hinted.kind, hinted.data)
        rest = [a for a in legal if not same_move(a, first)]
        return [first, *rest][:limit]


def _marks(engine: Game) -> tuple[int, int, int]:
    """A state of a table's game: the engine object (rebuilt at start-up or a hand-back) and
    its moves, the last one by identity (a move the store refused was never put in place)."""
    last = engine.actions[-1] if engine.actions else None
    return (id(engine), len(engine.actions), id(last))


def same_move(a: Action, b: Action) -> bool:
    """True when ``a`` and ``b`` are one move: the same kind and data, the order of the cards
    (or tiles) in a list aside."""

    def norm(data: dict[str, Any]) -> dict[str, Any]:
        return {k: sorted(map(str, v)) if isinstance(v, list) else v for k, v in data.items()}

    return a.kind == b.kind and norm(dict(a.data)) == norm(dict(b.data))


def private_turn(view: dict[str, Any], pending: list[Decision], seat: int | None) -> dict[str, Any]:
    """``view`` with a ``turn`` list cut down to the viewer while several seats are pending.

    With one seat to move, whose turn it is is public; when several seats are pending at
    once (a mahjong claim window) the list is private: a seat may learn only that it is
    among them itself.
    """
    turn = view.get("turn")
    waiting = {d.seat for d in pending if d.seat is not None and d.required}
    if isinstance(turn, list) and len(waiting) > 1:
        view = dict(view)
        view["turn"] = [s for s in turn if s == seat]
    return view
