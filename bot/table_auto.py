"""The table service's automatic moves and deadlines: bots, table steps, forced passes,
reminders and timeouts (a seat handed to its bot after too many)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass

from bot.table_core import AUTO_RETRY_S, TableServiceCore, bot_kind, log
from bot.table_model import Table, TableUpdate, is_private
from bot.thinking import SLOW_KINDS
from bot.timers import TIMEOUTS_TO_HAND_OVER, Deadline, plan_deadlines
from games.base import Action, Decision, Game, IllegalAction, Player


class AutoMixin(TableServiceCore):
    """Deadlines (reminder, timeout, hand-over) and every move nobody waits for."""

    # ------------------------------------------------------------ deadlines
    def _waiting_people(self, table: Table) -> list[int]:
        assert table.engine is not None
        return sorted(
            {
                d.seat
                for d in table.engine.pending()
                if d.seat is not None and d.required and not table.seats[d.seat].automatic
            }
        )

    def _planned_deadlines(self, table: Table, actor: int | None) -> dict[int, Deadline]:
        return plan_deadlines(
            table.timers,
            self._waiting_people(table),
            actor=actor,
            now=self.clock(),
            pace_seconds=table.pace_seconds,
        )

    async def _replan_deadlines(self, table: Table, actor: int | None, persist: bool) -> None:
        new = self._planned_deadlines(table, actor)
        if new != table.timers:
            table.timers = new
            if persist:
                await self.store.put_deadlines(table.id, new)

    def _arm(self, table: Table, deadline: Deadline) -> None:
        tid, seat = table.id, deadline.seat
        self.scheduler.call_at(
            deadline.due,
            ("t", tid, "due", seat),
            lambda: self._on_deadline(tid, seat, deadline.due),
        )
        if not deadline.reminded:
            self.scheduler.call_at(
                deadline.remind_at,
                ("t", tid, "remind", seat),
                lambda: self._on_reminder(tid, seat, deadline.due),
            )

    def _disarm(self, table: Table, seat: int) -> None:
        self.scheduler.cancel(("t", table.id, "due", seat))
        self.scheduler.cancel(("t", table.id, "remind", seat))

    def _arm_all(self, table: Table, *, fresh: bool = False) -> None:
        if not fresh:  # a table loaded at start-up has no timers to cancel (and the scan is
            # over every timer of every table: a thousand tables made start-up quadratic)
            self.scheduler.cancel_prefix(("t", table.id, "due"))
            self.scheduler.cancel_prefix(("t", table.id, "remind"))
        for deadline in table.timers.values():
            self._arm(table, deadline)

    def _rearm(
        self, table: Table, old: Mapping[int, Deadline], new: Mapping[int, Deadline]
    ) -> None:
        for seat in set(old) | set(new):
            if old.get(seat) != new.get(seat):
                self._disarm(table, seat)
                if seat in new:
                    self._arm(table, new[seat])

    async def _on_reminder(self, table_id: int, seat: int, due: float) -> None:
        table = self._tables.get(table_id)
        if table is None or table.status != "playing":
            return
        async with table.lock:
            deadline = table.timers.get(seat)
            if deadline is None or deadline.due != due or deadline.reminded:
                return
            table.timers = {
                **table.timers,
                seat: dataclasses.replace(deadline, reminded=True),
            }
            await self.store.put_deadlines(table.id, table.timers)
        await self._notify([TableUpdate(table, "reminder", reminder_seat=seat)])

    async def _on_deadline(self, table_id: int, seat: int, due: float) -> None:
        table = self._tables.get(table_id)
        if table is None or table.status != "playing":
            return
        updates: list[TableUpdate] = []
        think: _Think | None = None
        async with table.lock:
            deadline = table.timers.get(seat)
            if table.status != "playing" or deadline is None or deadline.due != due:
                return
            if self._off_loop(table, seat):
                think = self._think_plan(table, seat, required=True)
                if think is None:  # already being worked out
                    return
            else:
                move = self._bot_move(table, seat, required=True)
                if move is None:
                    return
                await self._timeout_commit(table, seat, move, due, updates)
        if think is not None:
            answer = await self._think(table, think)
            async with table.lock:
                table.thinking.discard(think.key)
                deadline = table.timers.get(seat)
                if (
                    self._stopping
                    or table.status != "playing"
                    or deadline is None
                    or deadline.due != due
                    or self._state_key(table, seat) != think.key
                ):
                    return  # the table moved on while the bot thought: nothing stale is played
                move = self._checked(table, seat, answer, required=True)
                if move is None:
                    return
                await self._timeout_commit(table, seat, move, due, updates)
        await self._notify(updates)

    async def _timeout_commit(
        self, table: Table, seat: int, move: Action, due: float, updates: list[TableUpdate]
    ) -> None:
        """Play the bot's ``move`` for a person whose deadline ``due`` passed (lock held)."""
        assert table.engine is not None
        table_id = table.id
        private = is_private(table.engine.pending(), seat)
        seat_obj = table.seats[seat]
        handed = False
        new_seat = None
        if not private:  # counted, and the seat handed over, once stored with the move
            count = seat_obj.timeouts_in_a_row + 1
            handed = count >= TIMEOUTS_TO_HAND_OVER and not seat_obj.auto
            new_seat = dataclasses.replace(
                seat_obj, timeouts_in_a_row=count, auto=seat_obj.auto or handed
            )
        seq = len(table.engine.actions)
        try:
            # a missed private decision (a mahjong claim) is no missed turn: it is not
            # counted and is told as an ordinary move, or the table would learn of it
            await self._commit(
                table,
                move,
                f"sys:timeout:{seq}",
                None,
                "action" if private else "timeout",
                updates,
                new_seat=new_seat,
            )
        except Exception:
            # not stored (nothing of it was put in place): try again soon
            log.exception("table %s seat %s: the timeout move failed", table.id, seat)
            self.scheduler.call_at(
                self.clock() + AUTO_RETRY_S,
                ("t", table_id, "due", seat),
                lambda: self._on_deadline(table_id, seat, due),
            )
            return
        if handed:
            updates.append(TableUpdate(table, "auto_seat"))

    # ----------------------------------------------------------- automatic
    def seat_bot(self, table_id: int, seat: int) -> Player:
        """The bot that plays ``seat``: the table's ``bot_level`` (see :func:`bot_kind`), or
        the kind the bot seat was given when that is not the default."""
        return self._bot(self.get(table_id), seat)

    def _bot(self, table: Table, seat: int) -> Player:
        kind = self._bot_kind(table, seat)
        player = table._bots.get((seat, kind))
        if player is None:
            player = table.spec.bots()[kind]()
            table._bots[(seat, kind)] = player
        return player

    def _bot_kind(self, table: Table, seat: int) -> str:
        options = table.engine.options if table.engine is not None else table.resolved_options()
        level = str(getattr(options, "bot_level", "normal"))
        return bot_kind(level, table.seats[seat].bot, list(table.spec.bots()))

    def _bot_rng_key(self, table: Table, seat: int, salt: str = "") -> str:
        # derived from the state, so a resumed game makes the same bot choices (a string:
        # what a worker process rebuilds the same generator from, bot.thinking)
        assert table.engine is not None
        return f"{salt}{table.engine.seed}:{len(table.engine.actions)}:{seat}"

    def _bot_rng(self, table: Table, seat: int, salt: str = "") -> random.Random:
        return random.Random(self._bot_rng_key(table, seat, salt))

    def _bot_move(self, table: Table, seat: int, *, required: bool) -> Action | None:
        """The seat's bot's move, on the loop; for a required decision it falls back to the
        first legal move."""
        engine = table.engine
        assert engine is not None
        answer: Action | BaseException
        try:
            answer = self._bot(table, seat).choose(engine, seat, self._bot_rng(table, seat))
        except Exception as exc:
            answer = exc
        return self._checked(table, seat, answer, required=required)

    def _checked(
        self, table: Table, seat: int, answer: Action | BaseException, *, required: bool
    ) -> Action | None:
        """A bot's ``answer`` (a move, or what it raised) checked by the engine; for a
        required decision a refused or failed answer falls back to the first legal move."""
        engine = table.engine
        assert engine is not None
        try:
            if isinstance(answer, BaseException):
                raise answer
            move = Action(seat, answer.kind, dict(answer.data))
            engine.check(move)
            return move
        except IllegalAction as exc:
            if not required:
                return None
            log.warning("table %s seat %s: the bot chose an illegal move (%s)", table.id, seat, exc)
        except Exception:
            if not required:
                return None
            log.exception("table %s seat %s: the bot failed", table.id, seat)
        legal = engine.legal_actions(seat, 1)
        return legal[0] if legal else None

    # ------------------------------------------------------ thinking off the loop
    def _off_loop(self, table: Table, seat: int) -> bool:
        """Whether ``seat``'s bot thinks off the event loop (a slow kind, a pool)."""
        return self.thinker.off_loop and self._bot_kind(table, seat) in SLOW_KINDS

    def _state_key(self, table: Table, seat: int) -> tuple[int, int, int]:
        """The state a bot's answer is for: the seat, the engine object (rebuilt at start-up or
        a hand-back; a move the store refused was never put in place) and its number of
        moves."""
        assert table.engine is not None
        return (seat, id(table.engine), len(table.engine.actions))

    def _think_plan(self, table: Table, seat: int, *, required: bool) -> _Think | None:
        """Mark ``seat``'s decision as being worked out off the loop (lock held); ``None``
        when it already is."""
        key = self._state_key(table, seat)
        if key in table.thinking:
            return None
        table.thinking.add(key)
        assert table.engine is not None
        return _Think(
            seat,
            required,
            key,
            self._bot_kind(table, seat),
            self._bot(table, seat),
            table.engine,
            self._bot_rng_key(table, seat),
        )

    async def _think(self, table: Table, think: _Think) -> Action | BaseException:
        """The bot's answer to ``think``, worked out by the thinker without the table's lock
        (what it raised, if it failed)."""
        try:
            # the engine is only read, and pickled for a worker before the first await
            return await self.thinker.choose(
                think.player, think.engine, table.game, think.kind, think.seat, think.rng_key
            )
        except Exception as exc:
            return exc

    async def _think_and_commit(self, table: Table, think: _Think) -> None:
        """Work out a bot seat's move off the loop, then play it if the table is still in the
        state it was asked about (a person's move, a seat taken back or a new engine in the
        meantime make it stale: it is dropped, and the change has scheduled the bots again)."""
        answer = await self._think(table, think)
        await self._commit_thought(table, think, answer)

    async def _commit_thought(
        self, table: Table, think: _Think, answer: Action | BaseException
    ) -> None:
        """Play the bot's ``answer`` to ``think`` if the table is still in the state it was
        asked about (:meth:`_think_and_commit`)."""
        updates: list[TableUpdate] = []
        async with table.lock:
            table.thinking.discard(think.key)
            if (
                self._stopping
                or table.status != "playing"
                or self._state_key(table, think.seat) != think.key
                or not table.seats[think.seat].automatic
            ):
                return
            assert table.engine is not None
            move = self._checked(table, think.seat, answer, required=think.required)
            decision = next((d for d in table.engine.pending() if d.seat == think.seat), None)
            if think.required and (move is None or decision is None):
                return  # nothing legal to play (as on the loop: the table waits)
            if (
                move is None
                or decision is None
                or (not think.required and (move.kind == "pass" or move.kind not in decision.kinds))
            ):
                # an optional decision answered "not now": go on with the other moves
                self._schedule_auto(table, 0.0)
                return
            try:
                await self._commit(
                    table, move, f"sys:bot:{len(table.engine.actions)}", None, "action", updates
                )
            except Exception:
                log.exception("table %s: automatic move %s failed", table.id, move)
                self._schedule_auto(table, AUTO_RETRY_S)
        await self._notify(updates)

    def _schedule_auto(self, table: Table, delay: float | None = None) -> None:
        tid = table.id
        now = self.clock()
        when = now + (self.bot_delay_s if delay is None else delay)
        self.scheduler.call_at(when, ("t", tid, "auto"), lambda: self._on_auto(tid))
        if delay is None and self.bot_delay_s > 0 and self.thinker.off_loop:
            # the bot delay paces the moves a person watches, it is no time to think in
            # addition: a bot thinking off the loop starts now, and its move is played no
            # earlier than the delay after the previous one (:meth:`_think_ahead`)
            self.scheduler.call_at(now, ("t", tid, "ahead"), lambda: self._think_ahead(tid, when))

    async def _think_ahead(self, table_id: int, due: float) -> None:
        """Start working out the next move now when it is a required decision of a bot seat
        that thinks off the loop, and play it at ``due`` (or when the answer comes, if later).
        Meanwhile :meth:`_on_auto` at ``due`` finds the decision being worked out and leaves
        it; a move made meanwhile makes the answer stale (dropped, as always)."""
        table = self._tables.get(table_id)
        if table is None or table.status != "playing":
            return
        async with table.lock:
            if table.status != "playing" or table.engine is None:
                return
            first = next(
                (
                    d
                    for d in table.engine.pending()
                    if d.seat is not None and d.required and table.seats[d.seat].automatic
                ),
                None,
            )
            if first is None or first.seat is None or not self._off_loop(table, first.seat):
                return  # a quick move, a table step or a person: played at due as before
            think = self._think_plan(table, first.seat, required=True)
        if think is None:  # already being worked out
            return
        answer = await self._think(table, think)
        if self.clock() < due:
            self.scheduler.call_at(
                due,
                ("t", table_id, "thought"),
                lambda: self._commit_thought(table, think, answer),
            )
            return
        await self._commit_thought(table, think, answer)

    def _next_auto_move(self, table: Table) -> tuple[Action, str] | _Think | None:
        """The next move nobody waits for: bots' required, bots' optional, then a due table
        step; or a bot's decision to work out off the loop (:class:`_Think`), or ``None``."""
        engine = table.engine
        assert engine is not None
        pending = engine.pending()
        for d in pending:
            if d.seat is not None and d.required and table.seats[d.seat].automatic:
                if self._off_loop(table, d.seat):
                    return self._think_plan(table, d.seat, required=True)
                move = self._bot_move(table, d.seat, required=True)
                if move is not None:
                    return move, f"sys:bot:{len(engine.actions)}"
        for d in pending:
            if (
                d.seat is not None
                and not d.required
                and table.seats[d.seat].automatic
                and d.seat not in table.consulted
            ):
                table.consulted.add(d.seat)
                if self._off_loop(table, d.seat):
                    return self._think_plan(table, d.seat, required=False)
                move = self._bot_move(table, d.seat, required=False)
                if move is not None and move.kind != "pass" and move.kind in d.kinds:
                    return move, f"sys:bot:{len(engine.actions)}"
        forced = self._forced_pass(table, pending)
        if forced is not None:
            return forced
        steps = [d for d in pending if d.seat is None]
        if steps:
            return self._table_step(table, steps[0])
        table.step_due = None
        return None

    def _forced_pass(self, table: Table, pending: list[Decision]) -> tuple[Action, str] | None:
        """``pass`` for a person's required decision that has no other legal move, once its
        random delay is over (see ``forced_pass_delay``); schedules itself until then."""
        if self.forced_pass_delay is None:
            return None
        engine = table.engine
        assert engine is not None
        step = len(engine.actions)
        now = self.clock()
        for d in pending:
            if d.seat is None or not d.required or table.seats[d.seat].automatic:
                continue
            legal = engine.legal_actions(d.seat, 2)
            if len(legal) != 1 or legal[0].kind != "pass" or legal[0].data:
                continue
            key = (d.seat, step)
            due = table.forced_due.get(key)
            if due is None:
                table.forced_due = {k: v for k, v in table.forced_due.items() if k[1] == step}
                due = now + self._forced_rng.uniform(*self.forced_pass_delay)
                table.forced_due[key] = due
            if now >= due:
                return Action(d.seat, "pass", {}), f"sys:forced:{step}:{d.seat}"
            self._schedule_forced(table.id, d.seat, due)
        return None

    def _schedule_forced(self, table_id: int, seat: int, due: float) -> None:
        self.scheduler.call_at(
            due, ("t", table_id, "forced", seat), lambda: self._on_auto(table_id)
        )

    def _table_step(self, table: Table, decision: Decision) -> tuple[Action, str] | None:
        engine = table.engine
        assert engine is not None
        delay = (decision.delay_s or 0.0) if table.pace_obj.live else 0.0
        now = self.clock()
        if table.step_due is None:
            table.step_due = now + delay
        if now >= table.step_due:
            step = engine.table_action() or Action(None, decision.kinds[0])
            return step, f"sys:table:{len(engine.actions)}"
        tid = table.id
        self.scheduler.call_at(table.step_due, ("t", tid, "auto"), lambda: self._on_auto(tid))
        return None

    async def _on_auto(self, table_id: int) -> None:
        table = self._tables.get(table_id)
        if table is None or table.status != "playing":
            return
        updates: list[TableUpdate] = []
        think: _Think | None = None
        async with table.lock:
            if table.status != "playing":
                return
            move = self._next_auto_move(table)
            if isinstance(move, _Think):
                think = move
            elif move is not None:
                action, key = move
                try:
                    await self._commit(table, action, key, None, "action", updates)
                except Exception:
                    # e.g. the disk is full: the engine was rolled back; try again later
                    log.exception("table %s: automatic move %s failed", table.id, action)
                    self._schedule_auto(table, AUTO_RETRY_S)
        if think is not None:
            await self._think_and_commit(table, think)
        await self._notify(updates)


@dataclass(frozen=True, eq=False)
class _Think:
    """A bot decision to work out off the loop: the seat, whether it is required, the state
    it is for (:meth:`AutoMixin._state_key`), the bot (kind and object), the engine and the
    key of the bot's random source."""

    seat: int
    required: bool
    key: tuple[int, int, int]
    kind: str
    player: Player
    engine: Game
    rng_key: str
