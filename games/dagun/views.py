"""What each seat may see of a Dagun game, the full snapshot, and the self-checks.

A seat sees its own hand and everything public: the called card (叫牌), the plays, passes,
cards left, points captured, who went out, 硬牌. The dealer's partner is named only in the
partner's own view until the called card is played (明鸡, ``dagun_and_jinhua-mahjong.txt:55``)
or the hand ends; nobody else's view, the spectators' included, says who it is. Bonus hands held
(天炸, 7喜, 8喜) are shown to their holder and to everyone once the hand is over.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from games.base import JSON
from games.cards import Card
from games.dagun.deck import DECK, asc, card_points, is_seat, sort_hand

if TYPE_CHECKING:
    from games.dagun.engine import DagunGame

__all__ = ["invariants", "seat_view", "snapshot"]


def seat_view(game: DagunGame, seat: int | None) -> dict[str, JSON]:
    """What ``seat`` sees; ``None`` = spectator.

    Keys: game, phase, hand_number, hands_total, seat, hand (own cards, 3 … A, 2, jokers last;
    ASCII) or None, hand_counts, dealer (at a hand's end: the finished hand's), next_dealer
    (the next hand's, while a hand is over and the match goes on; else None), called (the
    called card), partner (a seat, or None
    while it is secret to this viewer), you_are_partner, revealed, alone, teams (None while
    secret), last_play {seat, cards, as, kind, label, label_zh, bomb} or None, round (this
    round's plays and passes), passed, round_points, last_round, jiefeng, history (this hand's
    plays and passes), finish_order, captured (points per seat), team_points (None while the
    teams are secret), turn, legal, bonuses (own, or everyone's after the hand), coins (match
    totals), hand_results, match_over, match_result.
    """
    if seat is not None and not is_seat(seat):
        raise ValueError(f"there is no seat {seat!r}: seats are 0-3")
    over = game.phase in ("hand_over", "match_over")
    knows_partner = game.revealed or over or (seat is not None and seat == game.partner)
    teams = game.teams()
    pend = game.pending()
    if over:
        bonuses: JSON = {str(s): [n for n, _ in b] for s, b in game.bonuses.items()}
    elif seat is not None:
        bonuses = {str(seat): [n for n, _ in game.bonuses.get(seat, [])]}
    else:
        bonuses = {}
    return {
        "game": game.name,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "hands_total": game.options.match_hands,
        "seat": seat,
        "hand": None if seat is None else asc(sort_hand(game.hands[seat])),
        "hand_counts": [len(h) for h in game.hands],
        # at a hand's end the finished hand's dealer, as its teams (engine.finished_teams):
        # the engine already holds the next hand's (its 一游), which is ``next_dealer``
        "dealer": _finished_dealer(game) if over else game.dealer,
        "next_dealer": game.dealer if game.phase == "hand_over" else None,
        "called": asc([game.called])[0],
        "partner": game.partner if knows_partner else None,
        "you_are_partner": None if seat is None else (seat == game.partner and game.alone is None),
        "revealed": game.revealed,
        "alone": game.alone,
        "teams": None if teams is None else [list(t) for t in teams],
        "last_play": None if game.standing is None else game.standing.to_json(),
        "round": list(game.round),
        "passed": sorted(game.passed),
        "round_points": card_points(game.round_cards),
        "last_round": game.last_round,
        "jiefeng": game.jiefeng,
        "history": list(game.history),
        "finish_order": list(game.out),
        "captured": list(game.captured),
        "team_points": None if teams is None else [sum(game.captured[s] for s in t) for t in teams],
        "turn": sorted({d.seat for d in pend if d.seat is not None and d.required}),
        "legal": sorted({k for d in pend if d.seat == seat and seat is not None for k in d.kinds}),
        "bonuses": bonuses,
        "coins": list(game.coins),
        "hand_results": [r.to_json() for r in game._hand_results],
        "match_over": game._match_result is not None,
        "match_result": None if game._match_result is None else game._match_result.to_json(),
    }


def _finished_dealer(game: DagunGame) -> int:
    """The dealer of the hand that just ended (its result's summary), else the current one."""
    if game._hand_results:
        dealer = game._hand_results[-1].summary.get("dealer")
        if isinstance(dealer, int):
            return dealer
    return game.dealer


def snapshot(game: DagunGame) -> dict[str, JSON]:
    """The whole derived state, all hands and the secret partner included."""
    return {
        "view": seat_view(game, None),
        "hands": [asc(h) for h in game.hands],
        "partner": game.partner,
        "deal_start": game.deal_start,
        "face_up": game.face_up,
        "call_draws": game.call_draws,
        "played": asc(game.played),
        "left_points": game.left_points,
        "turn": game.turn,
        "actions": len(game.actions),
    }


def invariants(game: DagunGame) -> dict[str, bool]:
    """``cards_conserved``: the hands and the cards played this hand are exactly the 108 cards.
    ``points_total``: points captured, on the table and in hands make 200 (less 末游's unplayed
    points already credited to 三游). ``hand_sizes``: 27 each at the deal, none above 27."""
    where: Counter[Card] = Counter()
    for h in game.hands:
        where.update(h)
    where.update(game.played)
    conserved = where == Counter(DECK) and sum(where.values()) == 108
    held = card_points(c for h in game.hands for c in h)
    table = card_points(game.round_cards) if game.standing is not None else 0
    total = sum(game.captured) + table + held - game.left_points == 200
    sizes = (
        all(len(h) <= 27 for h in game.hands)
        and sum(map(len, game.hands)) + len(game.played) == 108
    )
    return {"cards_conserved": conserved, "points_total": total, "hand_sizes": sizes}
