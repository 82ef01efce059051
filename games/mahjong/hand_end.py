"""The end of a hand in the mahjong core and of the match: the hand's result settled by the
game (``settle``), the dealer kept or passed on, the match's end and ranking, the next hand.

Functions over a :class:`games.mahjong.engine.MahjongGame`, called by the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import (
    Event,
    HandResult,
    MatchResult,
)
from games.mahjong.melds import (
    name,
    names,
)
from games.mahjong.model import (
    HandEnd,
)

if TYPE_CHECKING:
    from games.mahjong.engine import MahjongGame

__all__ = ["end_hand", "finish_match", "match_ends", "next_hand"]


def end_hand(game: MahjongGame, end: HandEnd) -> list[Event]:
    game.end = end
    game.window = None
    game.phase = "hand_over"
    deltas, summary, text = game.settle(end)
    game.hand_deltas = deltas
    for s in range(4):
        game.totals[s] += deltas[s]
    summary = {
        "dealer": game.dealer,
        "drawn": not end.wins and end.special is None,
        "winners": [w.seat for w in end.wins],
        "wins": [
            {
                "seat": w.seat,
                "source": w.source,
                "from": w.from_seat,
                "tile": name(w.tile),
                "score": w.score,
                "details": dict(w.details),
            }
            for w in end.wins
        ],
        "hands": [names(sorted(h)) for h in game.hands],
        # every meld laid down, concealed kongs face up: the hand is over and shown
        "melds": [[m.to_json() for m in game.melds[s]] for s in range(4)],
        "flowers": [names(game.flowers[s]) for s in range(4)],
        **summary,
    }
    result = HandResult(game.hand_number, ((0,), (1,), (2,), (3,)), tuple(deltas), summary, text)
    game._hand_results.append(result)
    events = [Event("hand_over", None, result.to_json(), text)]
    # the dealer keeps the deal after the dealer's own win or a drawn hand (reading)
    winners = {w.seat for w in end.wins}
    if end.special_seat is not None:
        winners.add(end.special_seat)
    keep = not winners or game.dealer in winners
    game.next_dealer = game.dealer if keep else (game.dealer + 1) % 4
    if game._match_ends(keep):
        game._finish_match()
        events.append(
            Event(
                "match_over",
                None,
                game._match_result.to_json() if game._match_result else {},
                "the match is over",
            )
        )
    return events


def match_ends(game: MahjongGame, keep: bool) -> bool:
    match = str(getattr(game.options, "match", "one_round"))
    max_hands = int(getattr(game.options, "max_hands", 0))
    if max_hands and game.hand_number >= max_hands:
        return True
    if match == "one_hand":
        return True
    passes = game.deal_passes + (0 if keep else 1)
    return passes >= (16 if match == "four_rounds" else 4)


def finish_match(game: MahjongGame) -> None:
    game.phase = "match_over"
    # standard competition ranking: a tie shares a place and skips the next (1, 2, 2, 4)
    ranks = tuple(1 + sum(1 for t in game.totals if t > game.totals[s]) for s in range(4))
    game._match_result = MatchResult(
        ((0,), (1,), (2,), (3,)),
        ranks,
        tuple(game.totals),
        {"hands": game.hand_number},
        "final scores: " + ", ".join(f"seat {s} {game.totals[s]}" for s in range(4)),
    )


def next_hand(game: MahjongGame) -> list[Event]:
    if game.next_dealer != game.dealer:
        game.deal_passes += 1
    game.dealer = game.next_dealer
    game.hand_number += 1
    game._start_hand()
    events = game.pending_events
    game.pending_events = []
    return events
