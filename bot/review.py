"""The review of one's own play: a finished hand against the strong bot (issue 24).

For each decision a seat took in a finished hand, the strong bot (the game's ``BOTS`` kind
for the table option ``bot_level=strong``, :data:`bot.table_model.LEVEL_KINDS`; the search of
:mod:`games.search` for the card games) is asked what it would have played **in the state the
seat was in**, through the engine contract: a bot sees only ``game.view(seat)`` and the legality
functions, and the search samples the hidden cards afresh (a world never keeps a hidden card of
the real game, ``tests/bots/test_hidden.py``), so the review uses only what that seat saw at
that moment, even though the whole hand is known now.

A decision is one of the seat's *required* moves with a real choice (a forced move, one legal
action, is not counted; neither are optional declarations, which a bot is asked once per state
and may decline). The match rate is the share of decisions equal to the bot's. Where they
differ, :class:`Difference` gives the bot's move, its one-line reason when the bot offers one
(the hint's reasons, :mod:`games.reasons`, or a player's own ``reason(game, seat, action)``)
and what the move played cost, in the game's own points, where it can be measured
(:class:`games.review.Cost`, by :func:`games.review.measure` with the game's ``EVALUATOR``):
worlds sampled from the seat's view at that moment, the hand finished by the heuristic after
the move played and after the bot's with the same random source in each world, and the mean
difference of what the hand gave the seat's side (card points and levels in the trick games,
coins in 打滚, points in mahjong), with the number of worlds and its standard error.

**The budget.** A whole hand's costs share the game's ``Evaluator.work`` rollout moves (about
3 s of CPU), counted, not timed: each difference may spend the budget left divided by the
differences still expected (the decisions to come times the share that differed so far; so later
decisions get fewer worlds once it runs low), with at least
:data:`games.review.MIN_WORLDS` worlds. The bot's own choice uses :data:`QUICK_BUDGET` (also
counted). Everything is seeded from the match's seed and the decision's index, so the same hand
gives the same review, in a thread or decision by decision in the bots' worker processes.

**Only the person's own decisions count.** The store records who took each action
(:attr:`bot.replay.GameRecord.actors`: the acting user id, ``None`` for a move the table made).
Given the reviewed person's ``user_id``, a decision of the seat taken by anyone else (the bot
playing for the seat after a timeout or a hand-over) is not judged: it is counted in
:attr:`Review.bot_moves` instead, and the review says so. A record without actors (not from the
store) counts every move of the seat.
"""

from __future__ import annotations

import math
import random
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from bot.replay import GameRecord, ReplayRefused, hand_bounds
from bot.table_model import LEVEL_KINDS
from games.base import Action, Game, Player
from games.registry import GAMES
from games.review import Cost, Evaluator, measure
from present.message import Join, Msg

__all__ = [
    "QUICK_BUDGET",
    "Difference",
    "Review",
    "decisions_of",
    "judge",
    "review_hand",
    "review_hand_async",
    "same_move",
    "strong_bot",
]

QUICK_BUDGET: Mapping[str, int] = {"rollouts": 8, "work": 600, "budget_ms": 5000}
"""The strong bot's search per decision when a person waits for the review (``/replay``):
fewer worlds and rollout moves than at the table (``work``: counted, so the same review on any
machine; ``budget_ms`` is only the safety net of a much slower one), so a hand's review takes
seconds, not a minute."""


@dataclass(frozen=True)
class Difference:
    """A decision where the bot would have played otherwise.

    ``action_index``: the move's index in the match's log; ``played``/``bot``: the two moves;
    ``reason``: the bot's one line for its move, or ``None``; ``cost``: what the move played
    cost the seat's side against the bot's, in the game's points
    (:class:`games.review.Cost`: negative when the sampled worlds favour the move played), or
    ``None`` where it cannot be measured (a phase the game's sampler does not handle)."""

    action_index: int
    played: Action
    bot: Action
    reason: Msg | str | None = None
    cost: Cost | None = None


@dataclass(frozen=True)
class Review:
    """One seat's play in one finished hand: ``decisions`` counted, ``same`` of them equal to
    the bot's, and the ``differences`` in the order played; ``bot_moves``: the seat's
    decisions a bot took for the person (after a timeout), not judged."""

    game: str
    hand: int
    seat: int
    decisions: int
    same: int
    differences: tuple[Difference, ...]
    bot_moves: int = 0

    @property
    def rate(self) -> float:
        """The match rate, 0 to 1 (1 when there was no decision)."""
        return self.same / self.decisions if self.decisions else 1.0

    def shown(self, limit: int) -> tuple[Difference, ...]:
        """At most ``limit`` differences to show, in the order played: all of them when they
        fit, else the ones that cost most (a measured cost, not "about even", first by its
        size; then the others in the order played)."""
        if len(self.differences) <= limit:
            return self.differences

        def weight(i: int) -> tuple[int, float, int]:
            cost = self.differences[i].cost
            if cost is None or cost.even or cost.value <= 0:
                return (1, 0.0, i)
            return (0, -cost.value, i)

        kept = sorted(sorted(range(len(self.differences)), key=weight)[:limit])
        return tuple(self.differences[i] for i in kept)


def strong_bot(game: str, **budget: Any) -> Player:
    """The bot a table of ``bot_level=strong`` plays with (the game's heuristic when it has no
    strong kind), built with ``budget`` when it takes one."""
    bots: Mapping[str, Callable[..., Player]] = GAMES[game].bots()
    kind = LEVEL_KINDS["strong"] if LEVEL_KINDS["strong"] in bots else "heuristic"
    factory = bots[kind]
    try:
        return factory(**budget) if budget else factory()
    except TypeError:  # a bot that takes no budget
        return factory()


def _norm(value: Any) -> Any:
    if isinstance(value, list):
        return sorted((_norm(v) for v in value), key=repr)
    if isinstance(value, Mapping):
        return {k: _norm(v) for k, v in value.items()}
    return value


def same_move(a: Action, b: Action) -> bool:
    """The same move: kind and data, the order of cards or tiles aside."""
    return a.kind == b.kind and _norm(dict(a.data)) == _norm(dict(b.data))


def _choice(game: Game, seat: int) -> bool:
    """True when ``seat`` takes a required decision now with more than one legal move."""
    if not any(d.seat == seat and d.required for d in game.pending()):
        return False
    return len(game.legal_actions(seat, limit=2)) > 1


def _reason(player: Player, game: Game, seat: int, move: Action) -> Msg | str | None:
    """The bot's one line for ``move``: its own ``reason`` when it has one, else the hint's
    reasons (:func:`games.reasons.explain`: the game's reading of the move and what the search
    found, from the seat's view), as ``bots.why``; ``None`` when there is nothing to say."""
    own = getattr(player, "reason", None)
    try:
        if own is not None:
            said = own(game, seat, move)
            return said if isinstance(said, Msg | str) else None
        from games.reasons import explain
        from present.bots import reason_msg

        found = explain(game, seat, move, GAMES[game.name].reasons(), getattr(player, "last", None))
    except Exception:  # a reason is a courtesy: none rather than no review
        return None
    found = [r for r in found if r.id != "bots.forced"]
    if not found:
        return None
    return Msg("bots.why", why=Join([reason_msg(r) for r in found], "semicolon"))


class _Budget:
    """A hand's rollout moves for the costs (the module docstring): each difference may spend
    what is left divided by the differences still expected: the decisions to come times the
    share of decisions that differed so far (a third before any is known)."""

    def __init__(self, work: int, decisions: int) -> None:
        self.left = max(0, work)
        self.to_come = decisions
        self.judged = self.differed = 0

    def share(self) -> int:
        rate = (self.differed + 1) / (self.judged + 3)
        expected = max(1, math.ceil(self.to_come * rate))
        return self.left // expected

    def spent(self, found: Difference | None) -> None:
        self.to_come -= 1
        self.judged += 1
        if found is not None:
            self.differed += 1
            if found.cost is not None:
                self.left = max(0, self.left - found.cost.plies)


def _setup(
    record: GameRecord, worlds: int | None, seed: int | None, work: int | None
) -> tuple[int, int, int]:
    """``(worlds, seed, work)`` with the defaults: the game's evaluator's worlds and work, the
    match's seed."""
    ev: Evaluator | None = GAMES[record.game].evaluator()
    if worlds is None:
        worlds = ev.worlds if ev is not None else 0
    if work is None:
        work = ev.work if ev is not None else 0
    return worlds, int(record.seed) if seed is None else seed, work


def review_hand(
    record: GameRecord,
    hand: int,
    seat: int,
    *,
    player: Player | None = None,
    worlds: int | None = None,
    seed: int | None = None,
    budget: Mapping[str, Any] | None = None,
    user_id: int | None = None,
    work: int | None = None,
) -> Review:
    """Review ``seat``'s decisions in finished hand ``hand`` of ``record`` (see the module
    docstring). ``player``: the bot to compare with (default :func:`strong_bot` with
    ``budget``); ``worlds``: at most this many worlds for a difference's cost (0: no cost;
    default the game's); ``work``: the rollout moves for the whole hand's costs (default the
    game's); ``seed``: the bot's and the worlds' randomness (default the match's seed: the
    same review for the same hand); ``user_id``: the person reviewed: with the record's
    ``actors``, only the seat's moves that person took are judged (the others are
    :attr:`Review.bot_moves`).

    Raises :class:`bot.replay.ReplayRefused` for a hand that is not finished (``hand_in_play``,
    ``no_hand``)."""
    bot = player if player is not None else strong_bot(record.game, **dict(budget or {}))
    worlds, seed, work = _setup(record, worlds, seed, work)
    own = sum(1 for *_, mine in decisions_of(record, hand, seat, user_id) if mine)
    left = _Budget(work, own)
    decisions = same = bot_moves = 0
    differences: list[Difference] = []
    for index, game, action, mine in decisions_of(record, hand, seat, user_id):
        if not mine:
            bot_moves += 1  # taken for the person (a timeout): not theirs to be judged on
            continue
        decisions += 1
        found = judge(bot, game, action, index, worlds=worlds, seed=seed, work=left.share())
        left.spent(found)
        if found is None:
            same += 1
        else:
            differences.append(found)
    return Review(record.game, hand, seat, decisions, same, tuple(differences), bot_moves)


Ask = Callable[[Game, Action, int, int, int, int], Awaitable["Difference | None"]]
"""Judges one decision elsewhere (:meth:`bot.thinking.Thinker.review`): ``(game, played,
index, worlds, seed, work)``, the arguments of :func:`judge`; ``game`` must be copied
(pickled) before the first ``await``."""


async def review_hand_async(
    record: GameRecord,
    hand: int,
    seat: int,
    ask: Ask,
    *,
    user_id: int | None = None,
    worlds: int | None = None,
    seed: int | None = None,
    work: int | None = None,
) -> Review:
    """:func:`review_hand` with each decision judged by ``ask`` (a worker process of the
    bots' pool, one decision at a time, so a table's bot waits at most one decision behind
    a review). The same review as :func:`review_hand` with the same bot, ``worlds``, ``seed``
    and ``work``: a decision's answer depends only on its state, index and share of the
    budget."""
    worlds, seed, work = _setup(record, worlds, seed, work)
    own = sum(1 for *_, mine in decisions_of(record, hand, seat, user_id) if mine)
    left = _Budget(work, own)
    decisions = same = bot_moves = 0
    differences: list[Difference] = []
    for index, game, action, mine in decisions_of(record, hand, seat, user_id):
        if not mine:
            bot_moves += 1
            continue
        decisions += 1
        found = await ask(game, action, index, worlds, seed, left.share())
        left.spent(found)
        if found is None:
            same += 1
        else:
            differences.append(found)
    return Review(record.game, hand, seat, decisions, same, tuple(differences), bot_moves)


def decisions_of(
    record: GameRecord, hand: int, seat: int, user_id: int | None = None
) -> Iterator[tuple[int, Game, Action, bool]]:
    """``seat``'s decisions in finished hand ``hand``, in order: ``(index, game, played,
    own)`` with ``game`` the state before ``played`` (the next step applies ``played`` to it:
    copy it before resuming) and ``own`` False for a move taken by someone other than
    ``user_id`` (a bot after a timeout; always True without ``user_id`` or actors).

    Raises :class:`bot.replay.ReplayRefused` at once for a hand that is not finished."""
    bounds = hand_bounds(record)
    if not 1 <= hand <= len(bounds):
        code = (
            "hand_in_play" if hand == len(bounds) + 1 and record.status != "finished" else "no_hand"
        )
        raise ReplayRefused(code, f"hand {hand} cannot be reviewed", {"hand": hand})
    start, end = bounds[hand - 1]
    actions = [Action.from_json(a) for a in record.actions[:end]]
    actors = record.actors if user_id is not None and record.actors else None

    def walk() -> Iterator[tuple[int, Game, Action, bool]]:
        game = record.new_game()
        for action in actions[:start]:
            game.apply(action)
        for index in range(start, end):
            action = actions[index]
            if action.seat == seat and _choice(game, seat):
                own = actors is None or index >= len(actors) or actors[index] == user_id
                yield index, game, action, own
            game.apply(action)

    return walk()


def judge(
    bot: Player,
    game: Game,
    played: Action,
    index: int,
    *,
    worlds: int = 16,
    seed: int = 0,
    work: int | None = None,
) -> Difference | None:
    """One decision: ``None`` when ``bot``, asked in ``game`` (the state before ``played``,
    a move of ``played.seat``), plays the same; else the :class:`Difference`, its cost
    measured over at most ``worlds`` worlds within ``work`` rollout moves (``worlds`` 0: not
    measured). Everything comes from the seat's view (the bot's contract, the sampled
    worlds), so hidden cards dealt otherwise give the same answer
    (``tests/replay/test_review.py``)."""
    assert played.seat is not None
    seat = played.seat
    rng = random.Random(f"review:{seed}:{index}")
    try:
        wanted = bot.choose(game, seat, rng)
    except Exception:  # the bot has nothing to say here: not counted against anyone
        return None
    if same_move(wanted, played):
        return None
    wanted = Action(seat, wanted.kind, dict(wanted.data))
    reason = _reason(bot, game, seat, wanted)
    ev: Evaluator | None = GAMES[game.name].evaluator()
    cost = None
    if ev is not None and worlds > 0:
        cost = measure(
            ev, game, seat, played, wanted, seed=f"{seed}:{index}", worlds=worlds, work=work
        )
    return Difference(index, played, wanted, reason, cost)
