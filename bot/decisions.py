"""Which decision a control was drawn for (决策): the identity a button or menu carries.

A control (a move button, a menu of moves, a hint's "play this") is good for as long as
the decision it was drawn for stands, not only at the step it was drawn at. A seat's
*decision* opens at the step when the seat becomes pending with a set of kinds (``play``;
``declare``/``pass`` while the cards arrive; a claim window's ``pong``/``pass`` …) and lasts
while the seat stays pending with the same kinds and has not acted. So in 打滚子's live deal
a declaration drawn three deal steps ago is still for the decision that stands, while a hint
drawn before the seat's last play is for a decision that has ended.

The identity is the *decision number*: the step at which the decision opened, counted as
:func:`step_count` counts (accepted actions, settings such as mahjong's standing choices
left out). It is computed by the host from the engine's pending decisions after every
applied action (:func:`note_applied`, one comparison per seat), and rebuilt when the engine
was (start-up, a store refusal) so that a control survives a restart: a short log is
replayed, a long one estimated from the log alone (each decision as opened right after the
seat's own last move: never later than the truth, so no control of a standing decision is
refused).

:func:`judge` says what a number carried by a control means now: ``"current"`` (the
decision stands), ``"ended"`` (an earlier decision: refuse as out of date) or ``"forged"``
(a step the game has not reached: no control was ever drawn with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from bot.table_model import Table
    from games.base import Action, Decision, Game

__all__ = [
    "NOT_STEPS",
    "SETTING_KINDS",
    "DecisionClock",
    "Verdict",
    "current_step",
    "decision_of",
    "judge",
    "note_applied",
    "step_count",
]

#: Action kinds that are not steps: they neither count as a step nor end a decision. A seat's
#: settings (mahjong's standing choices, always open beside every decision) and the end of a
#: claim pause (``close_window``, a table step that decides nothing).
SETTING_KINDS = frozenset({"standing", "close_window"})
NOT_STEPS = SETTING_KINDS

#: The longest log a rebuild replays (a replay starts from the deal, ~80 us an action, so at
#: most ~3 ms); a longer one is estimated from the log alone (:meth:`DecisionClock._estimate`),
#: so that the display's first look at a thousand tables after a restart replays nothing.
EXACT_REBUILD_MAX = 40

Verdict = Literal["current", "ended", "forged"]
Signature = tuple[tuple[tuple[str, ...], bool], ...]


def step_count(actions: Sequence[Action]) -> int:
    """The number of accepted actions that are moves (settings left out): the game step."""
    return sum(1 for a in actions if a.kind not in SETTING_KINDS)


def _is_move(action: Action) -> bool:
    return action.kind not in SETTING_KINDS


def _signature(pending: Sequence[Decision], seat: int) -> Signature:
    """The seat's open decisions as ``((kinds, required), …)``, settings-only ones left out."""
    return tuple(
        sorted(
            (tuple(d.kinds), bool(d.required))
            for d in pending
            if d.seat == seat and not set(d.kinds) <= SETTING_KINDS
        )
    )


@dataclass
class DecisionClock:
    """Per table: the step at which each pending seat's current decision opened.

    ``engine`` and ``seen`` say which engine and how many of its actions the clock has
    followed; ``opened`` maps a seat to ``(signature, decision number)``.
    """

    engine: Game | None = field(default=None, repr=False)
    seen: int = -1
    step: int = 0
    opened: dict[int, tuple[Signature, int]] = field(default_factory=dict)

    def _advance(self, last: Action, pending: Sequence[Decision], seats: int) -> None:
        """Follow one applied action ``last`` whose resulting pending decisions are ``pending``."""
        setting = last.kind in SETTING_KINDS
        if not setting:
            self.step += 1
        opened: dict[int, tuple[Signature, int]] = {}
        for seat in range(seats):
            sig = _signature(pending, seat)
            if not sig:
                continue
            before = self.opened.get(seat)
            acted = last.seat == seat and not setting
            if before is not None and before[0] == sig and not acted:
                opened[seat] = before
            else:
                opened[seat] = (sig, self.step)
        self.opened = opened
        self.seen += 1

    def _rebuild(self, engine: Game, seats: int) -> None:
        """Replay the log to find when each pending seat's decision opened (a short log), or
        estimate it (a long one)."""
        actions = list(engine.actions)
        pending = engine.pending()
        self.engine = engine
        if len(actions) > EXACT_REBUILD_MAX:
            self._estimate(actions, pending, seats)
            return
        start = len(actions)
        for seat in range(seats):
            if not _signature(pending, seat):
                continue
            own = [i for i, a in enumerate(actions) if a.seat == seat and _is_move(a)]
            start = min(start, own[-1] if own else 0)
        past = type(engine).replay(engine.seed, engine.options, actions[:start])
        self.step = step_count(actions[:start])
        self.seen = start
        self.opened = {}
        before = past.pending()
        for seat in range(seats):
            sig = _signature(before, seat)
            if sig:
                self.opened[seat] = (sig, self.step)
        for action in actions[start:]:
            past.apply(action)
            self._advance(action, past.pending(), seats)

    def _estimate(self, actions: Sequence[Action], pending: Sequence[Decision], seats: int) -> None:
        """Each pending seat's decision as opened just after its own last move (the earliest it
        can have opened): never later than the truth, so no control of the decision that stands
        is refused; a control of an earlier decision drawn since that move is left to the rules
        to refuse, once, until the next decision."""
        steps, last = 0, dict.fromkeys(range(seats), 0)
        for action in actions:
            if not _is_move(action):
                continue
            steps += 1
            if action.seat is not None and action.seat in last:
                last[action.seat] = steps
        self.step, self.seen = steps, len(actions)
        self.opened = {}
        for seat in range(seats):
            sig = _signature(pending, seat)
            if sig:
                self.opened[seat] = (sig, last[seat])

    def verdict(self, seat: int, drawn: int) -> Verdict:
        """:func:`judge` on the clock as it stands (call :meth:`follow` first)."""
        if drawn > self.step or drawn < 0:
            return "forged"
        found = self.opened.get(seat)
        if found is not None and found[1] <= drawn <= self.step:
            return "current"
        return "ended"

    def fork(self, old: Game, new: Game) -> DecisionClock:
        """A copy of this clock for ``new``, a copy of ``old`` with more actions applied
        (the host's commit applies a move to a copy of the stored engine): it follows ``new``
        from where it followed ``old``; this clock is left as it is."""
        twin = DecisionClock(self.engine, self.seen, self.step, dict(self.opened))
        if twin.engine is old:
            twin.engine = new
        return twin

    def follow(self, engine: Game, seats: int) -> None:
        """Bring the clock up to ``engine``'s newest action (one step cheaply, else rebuild)."""
        count = len(engine.actions)
        if self.engine is engine and self.seen == count:
            return
        if self.engine is engine and self.seen == count - 1:
            self._advance(engine.actions[-1], engine.pending(), seats)
            return
        self._rebuild(engine, seats)


def note_applied(table: Table) -> None:
    """Call after every action applied to ``table.engine`` (the host's commit does): the clock
    follows it in one comparison per seat."""
    if table.engine is not None:
        table.decisions.follow(table.engine, len(table.seats))


def decision_of(table: Table, seat: int) -> int | None:
    """The number of ``seat``'s current decision at ``table`` (the step it opened at), or
    ``None`` when the seat has no decision open (settings apart)."""
    if table.engine is None:
        return None
    table.decisions.follow(table.engine, len(table.seats))
    found = table.decisions.opened.get(seat)
    return found[1] if found is not None else None


def current_step(table: Table) -> int:
    """The game step of ``table`` (accepted moves, settings left out); 0 before the start."""
    if table.engine is None:
        return 0
    table.decisions.follow(table.engine, len(table.seats))
    return table.decisions.step


def judge(table: Table, seat: int, drawn: int) -> Verdict:
    """What the decision number ``drawn``, carried by a control, means for ``seat`` now.

    ``"forged"``: beyond the game's step (no control was drawn there); ``"current"``: within
    the seat's decision that stands (from its opening step to now); ``"ended"``: any other
    (an earlier decision, or the seat has none open now).
    """
    if table.engine is None:
        return "ended"
    table.decisions.follow(table.engine, len(table.seats))
    return table.decisions.verdict(seat, drawn)
