"""The hint's reading of a play in the trick engines (扒鸡窝, 打滚子): who the play makes the
trick's winner so far, with its points, or why it cannot win (see :mod:`games.reasons`).

It reads the seat's view (the trick so far), the hand's trump order (public) and what the seat
knows of the cards (``unseen_by``): a lead says how many cards of its suit are still out, and
when both opponents have shown they hold none of it (a void, 断门).
"""

from __future__ import annotations

from typing import Any

from games.base import Action, Game
from games.cards import parse_card
from games.reasons import Reason
from games.tricks.order import TRUMP
from games.tricks.search import voids
from games.tricks.setup_reasons import setup_reasons
from games.tricks.winner import trick_winner

__all__ = ["trick_reasons"]


def trick_reasons(game: Game, seat: int, move: Action, rules: Any) -> list[Reason]:
    """The reasons for ``move``: a play while the tricks are played, a decision before them
    (:mod:`games.tricks.setup_reasons`); ``[]`` otherwise."""
    engine: Any = game
    if move.kind != "play":
        return setup_reasons(game, seat, move)
    if getattr(engine, "phase", None) != "play" or engine.order is None:
        return []
    order = engine.order
    view = game.view(seat)
    cards = [parse_card(c) for c in move.data.get("cards") or []]
    if not cards:
        return []
    names = [str(c) for c in move.data["cards"]]
    plays = [(p["seat"], [parse_card(c) for c in p["cards"]]) for p in view["trick"]["plays"]]
    if not plays:  # a lead
        suit = order.suit_of(cards[0])
        out_there = sum(1 for c in engine.unseen_by(seat) if order.suit_of(c) == suit)
        opponents = [s for s in range(4) if s % 2 != seat % 2]
        shown = voids(view, order)
        if out_there and all(suit in shown.get(s, ()) for s in opponents):
            return [Reason("bots.tricks.lead_void", {"cards": names})]
        return [Reason("bots.tricks.lead", {"cards": names, "n": out_there})]
    after = [*plays, (seat, cards)]
    points = sum(c.points for _, p in after for c in p)
    winner = trick_winner(after, order, rules)
    last = len(after) == game.seat_count
    led = order.suit_of(plays[0][1][0])
    ruff = led != TRUMP and all(order.suit_of(c) == TRUMP for c in cards)
    if winner == seat:
        key = "bots.tricks.takes" if last else "bots.tricks.wins_so_far"
        if ruff:
            key += "_ruff"
        return [Reason(key, {"cards": names, "points": points})]
    if winner % 2 == seat % 2:  # the partner (opposite) holds the trick
        own = sum(c.points for c in cards)
        key = "bots.tricks.partner_points" if own else "bots.tricks.partner"
        return [Reason(key, {"partner": winner, "cards": names, "points": own})]
    own = sum(c.points for c in cards)
    if not own:
        return [Reason("bots.tricks.cannot_win", {"cards": names, "points": own})]
    # why give points away: the least any follow gives, else it keeps the rest for later
    least = min(
        sum(parse_card(c).points for c in a.data.get("cards") or ())
        for a in game.legal_actions(seat)
        if a.kind == "play"
    )
    key = "bots.tricks.cannot_win_least" if own <= least else "bots.tricks.cannot_win_keeps"
    return [Reason(key, {"cards": names, "points": own})]
