"""The tricks of a 打滚子 (Dagunzi) hand: the dealer's first lead, each play, the trick won
(``dagunzi.txt`` lines 54-77); the hand's end is :mod:`games.dagunzi.results`'.

Functions over a :class:`games.dagunzi.engine.DagunziGame`, called by the engine after it has
checked the action; the trick rules are those of :mod:`games.tricks`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import JSON, Event
from games.cards import Card
from games.dagunzi import rules as R
from games.dagunzi.deck import (
    asc,
    card_points,
    level_label,
)
from games.tricks import Lead, trick_winner

if TYPE_CHECKING:
    from games.dagunzi.engine import DagunziGame

__all__ = ["apply_play", "finish_trick", "start_play"]


def start_play(game: DagunziGame) -> list[Event]:
    """The dealer leads the first trick (dagunzi.txt:7, 66)."""
    assert game.dealer is not None and game.trump_suit is not None
    game.phase = "play"
    game.turn = game.dealer
    game.trick_leader = game.dealer
    return [
        Event(
            "play_started",
            game.dealer,
            {"trump": game.trump_suit.value, "level": level_label(game.level)},
            f"{game.trump_suit.symbol} trump at level {level_label(game.level)}; "
            f"seat {game.dealer} leads",
        )
    ]


def apply_play(game: DagunziGame, seat: int, cards: list[Card], lead: Lead | None) -> list[Event]:
    if not game.trick_plays:
        assert lead is not None
        game.lead = lead
        game.trick_leader = seat
    game._remove(seat, cards)
    game.trick_plays.append((seat, tuple(cards)))
    if len(game.trick_plays) < 4:
        game.turn = (seat + 1) % 4
        return []
    return game._finish_trick()


def finish_trick(game: DagunziGame) -> list[Event]:
    """The winner takes the points and leads (dagunzi.txt:69); equal cards: the first
    played wins (reading)."""
    winner = trick_winner(game.trick_plays, game._order(), R.RULES)
    cards = [c for _, p in game.trick_plays for c in p]
    pts = card_points(cards)
    game.points[winner % 2] += pts
    game.won_cards.extend(cards)
    plays: list[JSON] = [{"seat": s, "cards": asc(p)} for s, p in game.trick_plays]
    game.tricks_done.append(
        {
            "leader": game.trick_leader,
            "plays": plays,
            "winner": winner,
            "points": pts,
        }
    )
    n = len(game.tricks_done)
    events = [
        Event(
            "trick_won",
            winner,
            {"points": pts, "trick": n, "plays": plays},
            f"seat {winner} wins trick {n}" + (f" with {pts} points" if pts else ""),
        )
    ]
    game.trick_plays = []
    game.lead = None
    game.trick_leader = winner
    game.turn = winner
    if any(game.hands):
        return events
    return events + game._finish_hand(winner)
