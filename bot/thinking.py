"""Where the bots think: on the event loop, or off it in a pool of worker processes.

A search bot (``bot_level`` ``strong``) takes up to a second of CPU a move; on the event loop
that second would stall every table of the process, the Discord gateway's heartbeat included.
A :class:`Thinker` runs a bot's :meth:`~games.base.Player.choose` for the table service:

* :class:`InlineThinker` calls it at once, on the loop (tests, the simulator: the default, and
  with it the default level stays ``normal``);
* :class:`PoolThinker` sends the decisions of the slow kinds (``strong``) to a
  :class:`concurrent.futures.ProcessPoolExecutor` (processes, since the search is CPU-bound
  Python and the GIL would serialise threads) through ``loop.run_in_executor``; the fast kinds
  (``random``, ``heuristic``: a few milliseconds) stay on the loop, which is cheaper than the
  trip. A worker gets the engine pickled (what a snapshot stores, a few kB), the game and the
  bot kind, the seat and the *key* of the bot's random source, derived by the service from the
  game's seed and move number (never from process state), so a worker makes exactly the
  choice the loop would (the search's budget is counted in moves, see
  :class:`games.search.SearchPlayer`).

The service reads the pool's answer only if the table is still in the state the bot was asked
about (``bot.table_auto``); a pool that breaks (a worker killed) is replaced, and the decision
is answered on the loop by the heuristic meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
import random
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any

from games.base import Action, Game, Player
from games.reasons import Reason, explain
from games.registry import GAMES

if TYPE_CHECKING:
    from bot.replay import GameRecord
    from bot.review import Difference, Review

__all__ = [
    "SLOW_KINDS",
    "InlineThinker",
    "PoolThinker",
    "Thinker",
    "choose_in_worker",
    "hint_in_worker",
    "hint_of",
    "judge_in_worker",
]

log = logging.getLogger("bot.thinking")

#: bot kinds whose decisions go to the pool (the others are quick enough for the loop)
SLOW_KINDS = frozenset({"strong"})

#: a worker's bots, one per (game, kind): the bots keep no state between moves
_WORKER_BOTS: dict[tuple[str, str], Player] = {}


def _worker_bot(game: str, kind: str) -> Player:
    player = _WORKER_BOTS.get((game, kind))
    if player is None:
        player = GAMES[game].bots()[kind]()
        _WORKER_BOTS[(game, kind)] = player
    return player


def choose_in_worker(
    engine_bytes: bytes, game: str, kind: str, seat: int, rng_key: str
) -> tuple[str, dict[str, Any]]:
    """In a worker: the ``kind`` bot's move for ``seat`` in the pickled engine, as
    ``(kind, data)`` (an :class:`Action` is rebuilt by the caller)."""
    engine: Game = pickle.loads(engine_bytes)
    move = _worker_bot(game, kind).choose(engine, seat, random.Random(rng_key))
    return move.kind, dict(move.data)


def hint_of(engine: Game, game: str, seat: int, rng_key: str) -> tuple[Action, list[Reason]]:
    """The hint for ``seat``: the game's strongest bot's move (``strong``, else its
    ``heuristic``) and its reasons (:func:`games.reasons.explain`), from the seat's view."""
    spec = GAMES[game]
    kind = "strong" if "strong" in spec.bots() else "heuristic"
    player = _worker_bot(game, kind)
    move = player.choose(engine, seat, random.Random(rng_key))
    move = Action(seat, move.kind, dict(move.data))
    return move, explain(engine, seat, move, spec.reasons(), getattr(player, "last", None))


def hint_in_worker(
    engine_bytes: bytes, game: str, seat: int, rng_key: str
) -> tuple[Action, list[Reason]]:
    """In a worker: :func:`hint_of` for the pickled engine."""
    return hint_of(pickle.loads(engine_bytes), game, seat, rng_key)


_REVIEW_BOTS: dict[tuple[str, tuple[tuple[str, Any], ...]], Player] = {}


def judge_in_worker(
    engine_bytes: bytes,
    game: str,
    played: dict[str, Any],
    index: int,
    worlds: int,
    seed: int,
    budget: tuple[tuple[str, Any], ...],
    work: int | None = None,
) -> Difference | None:
    """In a worker: one decision of the review of your play (:func:`bot.review.judge`) with
    the strong bot of ``budget``, in the pickled state before ``played``; its cost within
    ``work`` rollout moves."""
    from bot.review import judge, strong_bot

    bot = _REVIEW_BOTS.get((game, budget))
    if bot is None:
        bot = _REVIEW_BOTS[(game, budget)] = strong_bot(game, **dict(budget))
    return judge(
        bot,
        pickle.loads(engine_bytes),
        Action.from_json(played),
        index,
        worlds=worlds,
        seed=seed,
        work=work,
    )


class Thinker:
    """Runs bot decisions for the table service (see the module docstring)."""

    #: True when decisions of the slow kinds leave the event loop
    off_loop: bool = False

    async def choose(
        self, player: Player, engine: Game, game: str, kind: str, seat: int, rng_key: str
    ) -> Action:
        """``player``'s (a ``kind`` bot of ``game``) move for ``seat``, its random source
        ``random.Random(rng_key)``. Raises what the bot raises."""
        return _call(player, engine, seat, rng_key)

    async def hint(
        self, engine: Game, game: str, seat: int, rng_key: str
    ) -> tuple[Action, list[Reason]]:
        """:func:`hint_of` (the strong bot's move for ``seat`` and why). Raises what the bot
        raises."""
        return hint_of(engine, game, seat, rng_key)

    async def review(
        self,
        record: GameRecord,
        hand: int,
        seat: int,
        *,
        user_id: int | None,
        budget: Mapping[str, Any],
        worlds: int | None = None,
    ) -> Review:
        """The review of ``seat``'s play in ``hand`` (:func:`bot.review.review_hand` with the
        strong bot of ``budget``, only ``user_id``'s own moves judged, the costs over at most
        ``worlds`` worlds, default the game's). Here in a thread (there is no pool: the loop
        stays free but shares the GIL); the pool judges each decision in a worker process
        instead."""
        from bot.review import review_hand

        return await asyncio.to_thread(
            review_hand, record, hand, seat, budget=budget, worlds=worlds, user_id=user_id
        )

    def close(self) -> None:
        """Stop the workers (no new decision may be asked after)."""


class InlineThinker(Thinker):
    """Every decision on the loop, at once."""


class PoolThinker(Thinker):
    """The slow kinds' decisions in ``workers`` processes (see the module docstring).

    ``context``: the multiprocessing start method, ``spawn`` by default (a fork of a process
    with threads running, as aiosqlite's, may copy a held lock). ``executor``: a ready
    executor instead (tests pass a thread pool).
    """

    off_loop = True

    def __init__(
        self, workers: int = 1, context: str = "spawn", executor: Executor | None = None
    ) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.workers = workers
        self._context = context
        self._given = executor
        self._pool: Executor | None = executor
        self.asked = 0  # decisions sent to the pool (tests and benchmarks read it)

    def _executor(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context(self._context)
            )
        return self._pool

    async def choose(
        self, player: Player, engine: Game, game: str, kind: str, seat: int, rng_key: str
    ) -> Action:
        if kind not in SLOW_KINDS:
            return _call(player, engine, seat, rng_key)
        data = pickle.dumps(engine, protocol=pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        self.asked += 1
        try:
            move_kind, move_data = await loop.run_in_executor(
                self._executor(), choose_in_worker, data, game, kind, seat, rng_key
            )
        except BrokenProcessPool:
            log.exception("the bots' worker pool broke: a new one is started")
            self._replace()
            fallback: Callable[[], Player] = GAMES[game].bots()["heuristic"]
            return _call(fallback(), engine, seat, rng_key)
        return Action(seat, move_kind, move_data)

    async def hint(
        self, engine: Game, game: str, seat: int, rng_key: str
    ) -> tuple[Action, list[Reason]]:
        data = pickle.dumps(engine, protocol=pickle.HIGHEST_PROTOCOL)
        loop = asyncio.get_running_loop()
        self.asked += 1
        try:
            return await loop.run_in_executor(
                self._executor(), hint_in_worker, data, game, seat, rng_key
            )
        except BrokenProcessPool:
            log.exception("the bots' worker pool broke: a new one is started")
            self._replace()
            raise

    async def review(
        self,
        record: GameRecord,
        hand: int,
        seat: int,
        *,
        user_id: int | None,
        budget: Mapping[str, Any],
        worlds: int | None = None,
    ) -> Review:
        """The review with each decision judged in a worker, one at a time
        (:func:`bot.review.review_hand_async`): the loop only replays the log (milliseconds),
        and a table's strong bot queued behind a review waits one decision, not the review."""
        from bot.review import review_hand_async

        loop = asyncio.get_running_loop()
        frozen = tuple(sorted(budget.items()))

        async def ask(
            engine: Game, played: Action, index: int, worlds: int, seed: int, work: int
        ) -> Difference | None:
            data = pickle.dumps(engine, protocol=pickle.HIGHEST_PROTOCOL)
            self.asked += 1
            try:
                return await loop.run_in_executor(
                    self._executor(),
                    judge_in_worker,
                    data,
                    record.game,
                    played.to_json(),
                    index,
                    worlds,
                    seed,
                    frozen,
                    work,
                )
            except BrokenProcessPool:
                log.exception("the bots' worker pool broke: a new one is started")
                self._replace()
                raise

        return await review_hand_async(record, hand, seat, ask, user_id=user_id, worlds=worlds)

    def _replace(self) -> None:
        old, self._pool = self._pool, self._given
        if old is not None and old is not self._given:
            old.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        if self._pool is not None and self._pool is not self._given:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None


def _call(player: Player, engine: Game, seat: int, rng_key: str) -> Action:
    move = player.choose(engine, seat, random.Random(rng_key))
    return Action(seat, move.kind, dict(move.data))
