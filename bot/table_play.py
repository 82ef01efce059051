"""The table service's play: a person's move checked and applied, a seat taken back,
and the one commit every move goes through (apply, store in one transaction, re-plan
timers, announce)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
from typing import Any

from bot.decisions import note_applied
from bot.errors import TableError
from bot.snapshots import SNAPSHOT_EVERY
from bot.snapshots import take as snapshots_take
from bot.store import DuplicateKey
from bot.store_rows import Seat
from bot.table_core import TableServiceCore, _check_action, log, not_stored
from bot.table_model import ActResult, Table, TableUpdate, UpdateKind
from games.base import Action, Event, IllegalAction
from games.search import clone


class PlayMixin(TableServiceCore):
    """Applying moves: :meth:`act`, :meth:`take_back` and the commit behind every move."""

    async def act(
        self, table_id: int, user_id: int, action: Action, idempotency_key: str
    ) -> ActResult:
        """Apply a person's move.

        ``action.seat`` may be ``None`` (the caller's seat is used) or must be
        the caller's seat. The move is checked, applied, and appended to the
        store with ``idempotency_key`` before this returns; the same key again
        returns ``ActResult(events=[], duplicate=True)`` and changes nothing
        (also after the move that ended the match). Keys are per user: another
        user sending the same key is judged as a new move (an outsider is refused
        with ``not_seated``). A player whose seat was handed to a bot takes it
        back by moving.

        Raises ``TableError``: ``bad_action``, ``no_table``, ``not_started``,
        ``finished``, ``not_seated``, ``not_your_seat``, ``not_your_turn``, ``illegal``.
        """
        _check_action(action)
        # the key is scoped to its user: another user's key is no duplicate of theirs
        key = f"u:{user_id}:{idempotency_key}"
        if not self._back.is_set():  # a lost claim connection is being made again
            await self._claim_back()
        table = self.get(table_id)
        if table.status == "finished" and key in table.keys:
            return ActResult([], duplicate=True)  # a retried final move
        table = self._playing(table_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            table = self._playing(table_id)
            seat = self._seat_for_play(table, user_id)
            if key in table.keys:
                return ActResult([], duplicate=True)
            if action.seat is not None and action.seat != seat:
                raise TableError(
                    "not_your_seat",
                    f"you sit in seat {seat + 1}, not seat {action.seat + 1}",
                    {"seat": seat, "action_seat": action.seat},
                )
            engine = table.engine
            assert engine is not None
            decisions = [d for d in engine.pending() if d.seat == seat]
            if not decisions:
                # never names the seats play waits for: in a claim window that is private
                raise TableError("not_your_turn", "it is not your turn", {"seat": seat})
            kinds = [k for d in decisions for k in d.kinds]
            move = Action(seat, action.kind, dict(action.data))
            if move.kind not in kinds and not any(d.required for d in decisions):
                # only optional choices open (e.g. mahjong standing choices): not this seat's turn
                raise TableError("not_your_turn", "it is not your turn", {"seat": seat})
            if move.kind not in kinds:
                raise TableError(
                    "illegal",
                    f"you cannot {move.kind} now: you may {', '.join(kinds)}",
                    {"kind": move.kind, "kinds": ", ".join(kinds)},
                    rule_code="not_open",
                )
            try:
                engine.check(move)
            except IllegalAction as exc:
                raise TableError(
                    "illegal",
                    exc.message,
                    exc.params,
                    rule_code=exc.code,
                    rule=exc.rule,
                    game=table.game,
                ) from exc
            seat_obj = table.seats[seat]
            new_seat = None
            # an answer to a private decision (a mahjong claim) leaves the seat's marker
            # and count as they are: a change would tell the table the seat was asked
            if not any(d.private for d in decisions) and (
                seat_obj.timeouts_in_a_row != 0 or seat_obj.auto
            ):
                new_seat = dataclasses.replace(seat_obj, timeouts_in_a_row=0, auto=False)
            events = await self._commit(
                table, move, key, user_id, "action", updates, new_seat=new_seat
            )
            if events is None:
                return ActResult([], duplicate=True)
        await self._notify(updates)
        return ActResult(events)

    async def take_back(self, table_id: int, user_id: int) -> Table:
        """Take back a seat that was handed to a bot after timeouts.

        Raises ``TableError``: ``no_table``, ``not_started``, ``finished``,
        ``not_seated``, ``not_handed_over``.
        """
        table = self._playing(table_id)
        updates: list[TableUpdate] = []
        async with table.lock:
            table = self._playing(table_id)
            seat = self._seat_for_play(table, user_id)
            seat_obj = table.seats[seat]
            if not seat_obj.auto:
                raise TableError(
                    "not_handed_over", "your seat is not played by a bot; play on", {"seat": seat}
                )
            # stored first: a refused write leaves the seat (and what is shown of it) as it was
            new_seat = dataclasses.replace(seat_obj, auto=False, timeouts_in_a_row=0)
            await self._seat_changed(
                table,
                seat,
                "taken_back",
                updates,
                new_seat=new_seat,
                refusal="take_back_not_stored",
            )
        await self._notify(updates)
        return table

    async def rename(self, table_id: int, user_id: int, name: str) -> Table:
        """The seated person's name at the table from now on (what the match's record, the
        web page and /history show), stored first. Raises ``TableError``: ``no_table``,
        ``not_started``, ``finished``, ``not_seated``, ``not_stored``."""
        table = self._playing(table_id)
        async with table.lock:
            table = self._playing(table_id)
            seat = self._seat_for_play(table, user_id)
            new_seat = dataclasses.replace(table.seats[seat], name=name)
            try:
                await self.store.update_table(
                    table.id, self.clock(), seats=_seats_json(table, new_seat)
                )
            except Exception as exc:
                log.warning("table %s: seat %s's name not stored (%r)", table.id, seat + 1, exc)
                raise not_stored() from exc
            _put_seat(table, new_seat)
        return table

    async def _seat_changed(
        self,
        table: Table,
        seat: int,
        kind: UpdateKind,
        updates: list[TableUpdate],
        *,
        new_seat: Seat | None = None,
        host: int | None = None,
        refusal: str = "not_stored",
    ) -> None:
        """Persist a seat's auto/left change during play, replan deadlines, wake the bots.
        ``new_seat``: the seat's new state, put in place once stored (else the change is
        already made); ``host``: the host's user id from now on, likewise (a host who left).
        A refused write raises :func:`not_stored` ``refusal`` (the person is told why nothing
        changed), with the store's error as its cause."""
        host = table.host_user_id if host is None else host
        try:
            await self.store.update_table(
                table.id,
                self.clock(),
                seats=_seats_json(table, new_seat),
                host_user_id=host,
            )
        except Exception as exc:
            log.warning("table %s: seat %s %s not stored (%r)", table.id, seat + 1, kind, exc)
            raise not_stored(refusal) from exc
        table.host_user_id = host
        if new_seat is not None:
            _put_seat(table, new_seat)
        await self._replan_deadlines(table, actor=None, persist=True)
        self._arm_all(table)
        self._schedule_auto(table)
        updates.append(TableUpdate(table, kind, reminder_seat=None))

    # --------------------------------------------------------------- commit
    async def _commit(
        self,
        table: Table,
        action: Action,
        key: str,
        user_id: int | None,
        kind: UpdateKind,
        updates: list[TableUpdate],
        *,
        new_seat: Seat | None = None,
    ) -> list[Event] | None:
        """Apply a checked action, store it (one transaction), re-plan timers, queue updates.

        ``new_seat``: the acting seat's new marker and count (stored with the move). Nothing
        of the move or the seat is in place before the store has it: readers meanwhile see
        the stored state, and a refused write leaves nothing to undo. Returns the events, or
        ``None`` when the key turned out to be a duplicate. Must be called with
        ``table.lock`` held.
        """
        self._owned(table)  # shards: never applied as owner without the table's lock
        stored = table.engine
        assert stored is not None and table.game_id is not None
        seq = len(stored.actions)
        hands_before = None
        if not self._listeners:
            table.last_hands = None  # nobody compares hands: do not keep stale ones
        else:
            # the hands after the previous move, if nothing rebuilt the engine since
            hands_before = table.last_hands or self._hands(table)
        # the move is applied to a copy: until the store has it, every reader (the Discord
        # messages, the terminal, the web pages) sees the stored state only, and a refusal
        # leaves nothing to undo
        engine = clone(stored)
        events = engine.apply(action)
        # which decision each seat's controls are for (bot.decisions), and the deadlines,
        # worked out on the new state without letting anyone see it (nothing awaits here)
        clock = table.decisions.fork(stored, engine)
        committed_clock = table.decisions
        old_seat = table.seats[new_seat.index] if new_seat is not None else None
        table.engine, table.decisions = engine, clock
        if new_seat is not None:
            table.seats[new_seat.index] = new_seat
        try:
            note_applied(table)
            new_deadlines = self._planned_deadlines(table, actor=action.seat)
        finally:
            table.engine, table.decisions = stored, committed_clock
            if old_seat is not None:
                table.seats[old_seat.index] = old_seat
        now = self.clock()
        old_deadlines = table.timers
        try:
            await self.store.append_action(
                table.game_id,
                seq,
                action.to_json(),
                key,
                user_id,
                now,
                table_id=table.id,
                seats=_seats_json(table, new_seat) if new_seat is not None else None,
                deadlines=new_deadlines if new_deadlines != old_deadlines else None,
            )
        except DuplicateKey:
            return None  # the engine shown and kept is still the stored one
        except Exception as exc:
            # nothing of the move was put in place, nor shown: the person is told so
            log.warning("table %s: %s not stored (%r)", table.id, action, exc)
            raise not_stored() from exc
        # stored: the table's engine (the same object, which callers may hold) takes on the
        # new state, sharing it with the copy the move was applied to
        stored.__dict__ = engine.__dict__
        engine = stored
        clock.engine = stored
        table.decisions = clock
        if new_seat is not None:
            _put_seat(table, new_seat)
        if key.startswith("u:"):
            table.keys.add(key)
        table.timers = new_deadlines
        table.consulted = set()
        if action.seat is None:
            table.step_due = None
        self._rearm(table, old_deadlines, new_deadlines)
        changed: set[int] = set()
        if hands_before is not None:
            after = self._hands(table)
            table.last_hands = after
            changed = {
                i for i, (a, b) in enumerate(zip(hands_before, after, strict=True)) if a != b
            }
        updates.append(TableUpdate(table, kind, events, changed, action=action))
        if engine.is_over:
            updates += await self._finish(table)
        else:
            if len(engine.actions) - self._snapshot_seq.get(table.game_id, 0) >= SNAPSHOT_EVERY:
                await self._put_snapshots([snapshots_take(table.game_id, engine)])
            self._schedule_auto(table)
        return events

    async def _claim_back(self) -> None:
        """Wait (a little) for a lost claim connection to be made again and its tables taken
        back; a move that comes meanwhile is then judged as usual (``table_moved`` if its
        table went to another process)."""
        from bot.owners import READY_WAIT_S

        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._back.wait(), READY_WAIT_S)

    def _hands(self, table: Table) -> list[Any]:
        assert table.engine is not None
        out = []
        for seat in range(len(table.seats)):
            view = table.engine.view(seat)
            out.append(view.get("hand", view))
        return out


def _seats_json(table: Table, new_seat: Seat | None) -> list[dict[str, Any]]:
    """The table's seats as stored, with ``new_seat`` in its place."""
    return [
        (new_seat if new_seat is not None and s.index == new_seat.index else s).to_json()
        for s in table.seats
    ]


def _put_seat(table: Table, new_seat: Seat) -> None:
    """Put a stored seat state in place (the same object: views and tasks may hold it)."""
    seat = table.seats[new_seat.index]
    for f in dataclasses.fields(seat):
        setattr(seat, f.name, getattr(new_seat, f.name))
