"""Replays in the terminal (issue 24): a finished hand stepped through as ``/replay`` shows it.

* ``replay`` / ``replay N`` / ``回放`` typed at the terminal's table (:mod:`bot.cli`): the last
  finished hand (or hand ``N``) of the match being played;
* ``python -m bot replay MATCH [--hand N] [--lang zh] [--all]``: a stored match's hand, the
  match's number being the one ``/history`` and the terminal's end of match print.

The steps, their narration and the result screen are :mod:`bot.replay`'s and
:mod:`bot.replay_text`'s, the same as Discord's; at each step the terminal adds the table as the
game's presentation says it to a spectator (:func:`present.games.table`) and every seat's hand,
face up (the hand is over). A hand still being played is refused with Discord's reason, for
everyone. Step with Enter or ``n`` (next), ``p`` (previous), ``first``, ``last``, a step's
number, and ``q`` to stop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from bot.replay import HandReplay, ReplayRefused, load_game, replay_hand
from bot.replay_text import refused_text, step_text
from bot.store import Store
from bot.textview import hand_groups, own_module
from present import games as presentation
from present.i18n import tr
from present.message import Reader, render, seat_text

__all__ = [
    "REPLAY_WORDS",
    "hand_line",
    "load_replay",
    "refusal_line",
    "step_lines",
    "step_through",
]

REPLAY_WORDS = {"replay", "回放", "重看"}
"""What starts a replay at the terminal's table (a hand's number may follow)."""
NEXT_WORDS = {"", "n", "next", "下", "下一步"}
PREVIOUS_WORDS = {"p", "prev", "previous", "上", "上一步"}
FIRST_WORDS = {"first", "f", "首", "第一步", "开头"}
LAST_WORDS = {"last", "l", "末", "最后", "最后一步"}
STOP_WORDS = {"q", "quit", "back", "stop", "exit", "返回", "退出"}


def hand_line(game: str, view: Mapping[str, Any], reader: Reader, name: str) -> str:
    """One seat's hand, face up: ``Ann (25): ♠A ♠K …`` (grouped as the terminal lists a hand,
    or as the game's presentation names its pieces)."""
    hand = [str(c) for c in view.get("hand") or []]
    pieces = presentation.hand(game, view)
    if pieces is not None:
        body = render(reader, pieces) if hand else "—"
    else:
        own = getattr(own_module(game), "hand_groups", None)
        groups = own(hand) if own is not None else hand_groups(view)
        body = "  ".join(" ".join(cards) for _group, cards in groups) or "—"
    return tr(reader.lang, "terminal.replay.hand", name=name, count=len(hand), pieces=body)


def step_lines(
    replay: HandReplay,
    step: int,
    lang: str,
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> list[str]:
    """Step ``step`` of ``replay`` as the terminal prints it: title and step number, the
    narration (``/replay``'s), the table and every hand face up, and at the last step the
    result screen. ``you``: the reader's own seat, said in the second person."""
    shown = list(names if names is not None else replay.names)
    text = step_text(replay, step, lang, shown, you)
    at = replay.steps[step]
    reader = Reader(lang, shown, you=you)
    lines = [f"── {text.title} ──", text.count, *(f"  · {s}" for s in text.said)]
    table = presentation.table(replay.game, at.public) or []
    lines += [render(reader, m) for m in table]
    for seat, view in enumerate(at.views):
        lines.append("  " + hand_line(replay.game, view, reader, seat_text(reader, seat)))
    if text.screen:
        lines += ["", *text.screen]
    return lines


async def load_replay(store: Store, game_id: int, hand: int | None) -> HandReplay:
    """Hand ``hand`` (``None``: the last finished one) of the stored match ``game_id``,
    replayed in a thread. Raises :class:`bot.replay.ReplayRefused`."""
    record = await load_game(store, game_id)
    return await asyncio.to_thread(replay_hand, record, hand)


def _target(word: str, at: int, last: int) -> int | None:
    """The step a typed word asks for, ``None`` for a word that is not a step's."""
    if word in NEXT_WORDS:
        return at + 1
    if word in PREVIOUS_WORDS:
        return max(0, at - 1)
    if word in FIRST_WORDS:
        return 0
    if word in LAST_WORDS:
        return last
    if word.isdigit():
        return min(int(word), last)
    return None


async def step_through(
    replay: HandReplay,
    read_line: Callable[[], Awaitable[str | None]],
    say: Callable[[str], None],
    lang: str,
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> None:
    """Show ``replay`` from its first step, stepping as the lines read say, until ``q``, the
    end of input, or a step past the last one; ``you``: the reader's own seat."""
    last = len(replay.steps) - 1
    at = 0
    say(tr(lang, "terminal.replay.keys"))
    for line in step_lines(replay, at, lang, names, you):
        say(line)
    while True:
        typed = await read_line()
        if typed is None:
            return
        word = typed.strip().lower()
        if word in STOP_WORDS:
            say(tr(lang, "terminal.replay.stopped"))
            return
        target = _target(word, at, last)
        if target is None:
            say(tr(lang, "terminal.replay.keys"))
            continue
        if target > last:
            say(tr(lang, "terminal.replay.ended"))
            return
        at = target
        say("")
        for line in step_lines(replay, at, lang, names, you):
            say(line)


def refusal_line(lang: str, refused: ReplayRefused) -> str:
    """A refused replay as the terminal prints it (Discord's reason)."""
    return f"! {refused_text(lang, refused)}"
