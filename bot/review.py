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
and a rough cost when
the bot can measure it: for the search bots, the mean over ``worlds`` sampled deals (from the
seat's view, the same deals for both moves) of the hand's value to the seat (the search's own
``value``: a won hand counts 1 and the card points a quarter of their share of 100 in the trick
games; the coins won in 打滚) after the bot's move less after the move played, each
finished by the heuristic in every seat.

**Only the person's own decisions count.** The store records who took each action
(:attr:`bot.replay.GameRecord.actors`: the acting user id, ``None`` for a move the table made).
Given the reviewed person's ``user_id``, a decision of the seat taken by anyone else (the bot
playing for the seat after a timeout or a hand-over) is not judged: it is counted in
:attr:`Review.bot_moves` instead, and the review says so. A record without actors (not from the
store) counts every move of the seat.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from bot.replay import GameRecord, ReplayRefused, hand_bounds
from bot.table_model import LEVEL_KINDS
from games.base import Action, Game, Player
from games.registry import GAMES
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

QUICK_BUDGET: Mapping[str, int] = {"rollouts": 8, "budget_ms": 150}
"""The strong bot's search per decision when a person waits for the review (``/replay``):
fewer worlds than at the table, so a hand's review takes seconds, not a minute."""


@dataclass(frozen=True)
class Difference:
    """A decision where the bot would have played otherwise.

    ``action_index``: the move's index in the match's log; ``played``/``bot``: the two moves;
    ``reason``: the bot's one line for its move, or ``None``; ``cost``: how much the move
    played is worse by the bot's count (value units of its search, see the module
    docstring; negative when the sampled deals favour the move played), or ``None`` where it
    cannot be measured."""

    action_index: int
    played: Action
    bot: Action
    reason: Msg | str | None = None
    cost: float | None = None


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


def _cost(
    player: Player, game: Game, seat: int, played: Action, bot: Action, worlds: int, seed: int
) -> float | None:
    """The bot's move's mean value less the played move's over sampled deals, or ``None``."""
    determinize = getattr(player, "determinize", None)
    value = getattr(player, "value", None)
    heuristic = getattr(player, "heuristic", None)
    if determinize is None or value is None or heuristic is None:
        return None
    from games.search import clone, finish_hand

    rng = random.Random(seed)
    gains: list[float] = []
    try:
        for _ in range(worlds):
            world = determinize(game, seat, random.Random(rng.getrandbits(64)))
            if world is None:
                break
            rollout = rng.getrandbits(64)
            values = []
            for move in (bot, played):
                trial = clone(world)
                trial.apply(move)
                finish_hand(
                    trial, [heuristic() for _ in range(trial.seat_count)], random.Random(rollout)
                )
                values.append(float(value(trial, seat)))
            gains.append(values[0] - values[1])
    except Exception:  # a world the move does not fit: no measure
        return None
    return sum(gains) / len(gains) if gains else None


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


def review_hand(
    record: GameRecord,
    hand: int,
    seat: int,
    *,
    player: Player | None = None,
    worlds: int = 8,
    seed: int = 0,
    budget: Mapping[str, Any] | None = None,
    user_id: int | None = None,
) -> Review:
    """Review ``seat``'s decisions in finished hand ``hand`` of ``record`` (see the module
    docstring). ``player``: the bot to compare with (default :func:`strong_bot` with
    ``budget``); ``worlds``: deals sampled for a difference's cost; ``seed``: the bot's and the
    samples' randomness (the same review for the same arguments); ``user_id``: the person
    reviewed: with the record's ``actors``, only the seat's moves that person took are judged
    (the others are :attr:`Review.bot_moves`).

    Raises :class:`bot.replay.ReplayRefused` for a hand that is not finished (``hand_in_play``,
    ``no_hand``)."""
    bot = player if player is not None else strong_bot(record.game, **dict(budget or {}))
    decisions = same = bot_moves = 0
    differences: list[Difference] = []
    for index, game, action, own in decisions_of(record, hand, seat, user_id):
        if not own:
            bot_moves += 1  # taken for the person (a timeout): not theirs to be judged on
            continue
        decisions += 1
        found = judge(bot, game, action, index, worlds=worlds, seed=seed)
        if found is None:
            same += 1
        else:
            differences.append(found)
    return Review(record.game, hand, seat, decisions, same, tuple(differences), bot_moves)


Ask = Callable[[Game, Action, int], Awaitable["Difference | None"]]
"""Judges one decision elsewhere (:meth:`bot.thinking.Thinker.judge`): ``(game, played,
index)``; ``game`` must be copied (pickled) before the first ``await``."""


async def review_hand_async(
    record: GameRecord, hand: int, seat: int, ask: Ask, *, user_id: int | None = None
) -> Review:
    """:func:`review_hand` with each decision judged by ``ask`` (a worker process of the
    bots' pool, one decision at a time, so a table's bot waits at most one decision behind
    a review). The same review as :func:`review_hand` with the same bot, ``worlds`` and
    ``seed``: a decision's answer depends only on its state and index."""
    decisions = same = bot_moves = 0
    differences: list[Difference] = []
    for index, game, action, own in decisions_of(record, hand, seat, user_id):
        if not own:
            bot_moves += 1
            continue
        decisions += 1
        found = await ask(game, action, index)
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
    bot: Player, game: Game, played: Action, index: int, *, worlds: int = 8, seed: int = 0
) -> Difference | None:
    """One decision: ``None`` when ``bot``, asked in ``game`` (the state before ``played``,
    a move of ``played.seat``), plays the same; else the :class:`Difference`. Everything
    comes from the seat's view (the bot's contract, the search's sampled deals), so hidden
    cards dealt otherwise give the same answer (``tests/replay/test_review.py``)."""
    assert played.seat is not None
    seat = played.seat
    rng = random.Random(f"review:{seed}:{index}")
    try:
        wanted = bot.choose(game, seat, rng)
    except Exception:  # the bot has nothing to say here: not counted against anyone
        return None
    if same_move(wanted, played):
        return None
    return Difference(
        index,
        played,
        Action(seat, wanted.kind, dict(wanted.data)),
        _reason(bot, game, seat, wanted),
        _cost(bot, game, seat, played, wanted, worlds, seed + index),
    )
