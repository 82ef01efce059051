"""What each seat may see of a Pajiwo game, the full snapshot, and the self-checks.

A seat sees its own hand and everything public (declarations, trump, level,
tricks, points, cards left per seat); the kitty (底牌) only when it buried it,
and everyone once the hand is over (pajiwo.txt:69-77; docs/rules/pajiwo.md#8).
A spectator (``seat=None``) sees no hand.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from games import tricks
from games.base import JSON
from games.cards import Card, format_card_ascii
from games.pajiwo.deck import DECK, TEAMS, asc, is_seat
from games.pajiwo.scoring import card_points, level_label

if TYPE_CHECKING:
    from games.pajiwo.engine import PajiwoGame

__all__ = ["invariants", "seat_view", "snapshot", "trick_json"]


def trick_json(game: PajiwoGame) -> dict[str, JSON]:
    """The current trick: ``{leader, plays [{seat, cards}], failed_throw, winning, lead}``.

    ``winning`` is the seat whose play would take the trick as it stands (public: every
    play is seen), ``None`` before the lead.
    ``lead`` is how the lead was read (``pajiwo.txt:103-105``), ``None`` before it:
    ``{seat, suit ("S"/"H"/"C"/"D"/"trump"), units [{kind, cards, length}], throw}``.
    ``units`` are what every follower answers, largest first (kind ``single``,
    ``pair`` or ``tractor``; ``length`` the pairs of a tractor); after a failed throw,
    the units of the card(s) it was cut to. ``throw`` is ``None`` for a single unit,
    else ``{stood: bool, units: the throw's units as thrown}``.
    """
    winning = None
    if game.trick_plays:
        winning = tricks.trick_winner(game.trick_plays, game._order(), game.rules)
    return {
        "leader": game.trick_leader,
        "plays": [{"seat": s, "cards": asc(p)} for s, p in game.trick_plays],
        "failed_throw": game.failed_throw,
        "winning": winning,
        "lead": game.lead_reading,
    }


def seat_view(game: PajiwoGame, seat: int | None) -> dict[str, JSON]:
    """What ``seat`` sees: its own hand and everything public; ``None`` = spectator.

    Keys: game, phase, hand_number, seat, hand (own cards in trump order,
    ASCII) or None, hand_counts, team_levels, level, dealer, kitty_owner,
    grab, trump {suit, no_trump, fixed_by, kitty_card}, declarations,
    standing, kitty (only to the seat that buried it, and to all after the
    hand), picked_up (the kitty's cards, only to the seat burying them, while
    it buries), trick {leader, plays, failed_throw, winning, lead}
    (:func:`trick_json`), last_trick, tricks (this hand's finished tricks {leader,
    plays, winner, points, failed_throw, lead}; failed_throw is None or {seat,
    cards thrown, played, beaten_by}; lead as in :func:`trick_json`), tricks_played, points (per
    team), defenders_points, turn (seats pending a required decision),
    optional (seats that may act but need not), legal (own legal action
    kinds), hand_results, scores, match_over, match_result.
    """
    if seat is not None and not is_seat(seat):
        raise ValueError(f"there is no seat {seat!r}: seats are 0-3")
    dealer_team = game.dealer_team
    show_kitty = game.phase in ("hand_over", "match_over") or (
        seat is not None and seat == game.kitty_seen_by and game.phase != "bury"
    )
    pend = game.pending()
    level = game.level
    if level is None and game.standing is not None:
        level = game.levels[game.standing.seat % 2]
    return {
        "game": game.name,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "seat": seat,
        "hand": None if seat is None else asc(game._sorted(game.hands[seat])),
        "hand_counts": [len(h) for h in game.hands],
        "team_levels": [level_label(x) for x in game.levels],
        "teams": [list(t) for t in TEAMS],
        "level": None if level is None else level_label(level),
        "dealer": game.dealer,
        "dealer_team": None if dealer_team is None else list(TEAMS[dealer_team]),
        "grab": game.grab,
        "kitty_owner": game.kitty_owner,
        "trump": {
            "suit": game.trump_suit.value if game.trump_suit else None,
            "no_trump": game.no_trump,
            "fixed_by": game.trump_fixed_by,
            "kitty_card": format_card_ascii(game.kitty_card) if game.kitty_card else None,
        },
        "declarations": list(game.declarations),
        "standing": None
        if game.standing is None
        else {"seat": game.standing.seat, "cards": asc(game.standing.cards)},
        "kitty": asc(game.kitty) if show_kitty else None,
        "picked_up": asc(game.picked_up)
        if seat is not None and seat == game.kitty_owner and game.phase == "bury"
        else None,
        "trick": trick_json(game),
        "last_trick": game.tricks_done[-1] if game.tricks_done else None,
        "tricks": list(game.tricks_done),
        "tricks_played": len(game.tricks_done),
        "points": list(game.points),
        "defenders_points": None if dealer_team is None else game.points[1 - dealer_team],
        "kitty_bonus": game.kitty_bonus,
        "turn": sorted({d.seat for d in pend if d.seat is not None and d.required}),
        "optional": sorted({d.seat for d in pend if d.seat is not None and not d.required}),
        "legal": sorted({k for d in pend if d.seat == seat and seat is not None for k in d.kinds}),
        "hand_results": [r.to_json() for r in game._hand_results],
        "scores": [
            {
                "team": list(TEAMS[t]),
                "level": level_label(game.levels[t]),
                "hands_won": game.hands_won[t],
            }
            for t in (0, 1)
        ],
        "match_over": game._match_result is not None,
        "match_result": None if game._match_result is None else game._match_result.to_json(),
    }


def snapshot(game: PajiwoGame) -> dict[str, JSON]:
    """The whole derived state, all hands included (for replay checks and debugging)."""
    return {
        "view": seat_view(game, None),
        "hands": [asc(h) for h in game.hands],
        "kitty": asc(game.kitty),
        "undealt": asc(game.undealt[game.deal_pos :]),
        "deal_pos": game.deal_pos,
        "start_seat": game.start_seat,
        "redeals": game.redeals,
        "levels": list(game.levels),
        "level": game.level,
        "turn": game.turn,
        "passes": game.passes,
        "rebel_pending": list(game.rebel_pending),
        "stepped_down": game.stepped_down,
        "kitty_seen_by": game.kitty_seen_by,
        "tricks": list(game.tricks_done),
        "won_cards": asc(game.won_cards),
        "actions": len(game.actions),
    }


def invariants(game: PajiwoGame) -> dict[str, bool]:
    """``cards_conserved``: the 108 cards are exactly in hands + kitty + undealt + trick + won.

    Also ``hand_sizes`` (during play every seat holds 25 minus tricks played,
    less its card count in the current trick) and ``points_total`` (the
    points won in tricks plus those still out add up to 200, before 扣底).
    """
    where: Counter[Card] = Counter()
    for h in game.hands:
        where.update(h)
    where.update(game.kitty)
    where.update(game.undealt[game.deal_pos :])
    where.update(c for _, p in game.trick_plays for c in p)
    where.update(game.won_cards)
    conserved = where == Counter(DECK) and sum(where.values()) == 108
    sizes = True
    if game.phase == "play":
        counts = [len(h) for h in game.hands]
        played = {s: len(p) for s, p in game.trick_plays}
        base = {len(h) + played.get(s, 0) for s, h in enumerate(game.hands)}
        sizes = len(base) == 1 and len(set(counts)) <= 2
    bonus = int(game.kitty_bonus["bonus"]) if game.kitty_bonus else 0
    out_points = card_points(c for h in game.hands for c in h) + card_points(game.kitty)
    out_points += card_points(c for _, p in game.trick_plays for c in p)
    out_points += card_points(game.undealt[game.deal_pos :])
    points_total = sum(game.points) - bonus + out_points == 200
    return {"cards_conserved": conserved, "hand_sizes": sizes, "points_total": points_total}
