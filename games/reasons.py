"""Why a bot chose its move, in one line: the hint's reason (issue 22), language-neutral.

A :class:`Reason` is a catalogue id of the ``bots`` domain and its parameters; the front ends
render it in the reader's language (:mod:`present.bots`). Parameters are plain values, and by
name: ``cards`` (card notations), ``tile`` (a tile's notation), ``partner`` (a seat).

:func:`explain` gives the reasons of one move: the only legal move; else the game's own
reading of the move (``REASONS`` of a game's package: a trick won and its points, a safe
discard ...), then what the search found (it beat the rule of thumb's move in k of n sampled
deals). Everything is read from the seat's view, its legal moves and what the seat knows of
the cards (``unseen_by``), never another seat's hidden cards: ``tests/bots/test_hidden.py``
swaps those and checks that the reasons stay the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.base import Action, Game

__all__ = ["Reason", "SearchNote", "explain"]


@dataclass(frozen=True)
class Reason:
    """A catalogue id (``bots.…``) and its parameters."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class SearchNote:
    """What a search bot found for its last move: the worlds sampled, and when it left the
    rule of thumb's move, that move and in how many of the worlds its own did better."""

    worlds: int
    heuristic: Action | None = None
    better_in: int = 0


#: a game's own reading of a move: ``(game, seat, move) -> reasons``
GameReasons = Callable[[Game, int, Action], list[Reason]]


def explain(
    game: Game,
    seat: int,
    move: Action,
    own: GameReasons | None = None,
    note: SearchNote | None = None,
) -> list[Reason]:
    """The reasons for ``seat``'s ``move`` (see the module docstring), most telling first;
    ``[]`` when there is nothing to say."""
    if len(game.legal_actions(seat, limit=2)) == 1:
        return [Reason("bots.forced")]
    out: list[Reason] = []
    if own is not None:
        try:
            out += own(game, seat, move)
        except Exception:  # a reason is a courtesy: never lose the hint for it
            out = []
    if note is not None and note.heuristic is not None and note.worlds:
        cards = list(note.heuristic.data.get("cards") or [])
        counts = {"k": note.better_in, "n": note.worlds}
        if 2 * note.better_in <= note.worlds:  # ahead on average, not in most deals
            out.append(Reason("bots.search.better_avg", {"n": note.worlds}))
        elif note.heuristic.kind == "pass":
            out.append(Reason("bots.search.better_than_pass", counts))
        elif cards:
            out.append(Reason("bots.search.better", {"cards": cards, **counts}))
        else:
            out.append(Reason("bots.search.better_plain", counts))
    elif note is not None and note.worlds >= 2 and not out:
        out.append(Reason("bots.search.agrees", {"n": note.worlds}))
    return out
