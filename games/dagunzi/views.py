"""What each seat may see of a Dagunzi game, the full snapshot, and the self-checks.

A seat sees its own hand and everything public: declarations, trump, the flipped or shown
kitty (dagunzi.txt:42), the tribute's count (the cards only to payer and receiver), a buried
kitty only when it holds jokers (dagunzi.txt:44, 46) or to the dealer who buried it, and to
all once the hand is over. A spectator (``seat=None``) sees no hand.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from games.base import JSON
from games.cards import Card
from games.dagunzi import rules as R
from games.dagunzi.deck import DECK, TEAMS, TOTAL_POINTS, asc, card_points, is_seat, level_label
from games.tricks import trick_winner

if TYPE_CHECKING:
    from games.dagunzi.engine import DagunziGame

__all__ = ["invariants", "seat_view", "snapshot"]


def _kitty_visible(game: DagunziGame, seat: int | None) -> bool:
    if game.phase in ("hand_over", "match_over") or game.kitty_public:
        return True
    return seat is not None and seat == game.dealer and game.kitty_taken and game.phase != "bury"


def seat_view(game: DagunziGame, seat: int | None) -> dict[str, JSON]:
    """What ``seat`` sees; ``None`` = spectator.

    Keys (besides those of every trick-taking view: game, phase, hand_number, seat, hand,
    hand_counts, team_levels, teams, level, dealer, dealer_team, trump, declarations,
    standing, kitty, trick, last_trick, tricks, tricks_played, points, defenders_points,
    kitty_bonus, turn, optional, legal, hand_results, scores, match_over, match_result):
    ``lun`` (number of the 轮), ``luns_won``, ``grab``, ``flips``, ``kitty_shown`` (the kitty
    as shown after declaring), ``gan_guo``, ``tribute`` ({from, to, owed, count, blood} and
    ``cards`` for payer and receiver), ``blood_next``, ``joker_buries``, ``jokers_closed``
    (why nobody else may bury jokers), ``take_choices`` (the seat choosing what to take back).
    """
    if seat is not None and not is_seat(seat):
        raise ValueError(f"there is no seat {seat!r}: seats are 0-3")
    dealer_team = game.dealer_team
    pend = game.pending()
    order = game.order
    tribute: dict[str, JSON] | None = None
    if game.tribute is not None:
        tribute = dict(game.tribute)
        if seat is not None and seat in (game.tribute["from"], game.tribute["to"]):
            tribute["cards"] = asc(game.tribute_cards)
            tribute["returned"] = asc(game.returned_cards)
    permanent = ["2"] + ([game.mixed.label] if game.mixed is not None else [])
    take = None
    if game.take_pending is not None and game.take_pending[0] == seat:
        take = {"choices": asc(game.take_pending[1]), "count": game.take_pending[2]}
    return {
        "game": game.name,
        "phase": game.phase,
        "hand_number": game.hand_number,
        "lun": game.lun_number,
        "luns_won": list(game.luns_won),
        "seat": seat,
        "hand": None if seat is None else asc(game.sorted_hand(game.hands[seat])),
        "hand_counts": [len(h) for h in game.hands],
        "team_levels": [level_label(min(x, game.options.top)) for x in game.levels],
        "teams": [list(t) for t in TEAMS],
        "level": level_label(game.level),
        "dealer": game.dealer,
        "dealer_team": None if dealer_team is None else list(TEAMS[dealer_team]),
        "grab": game.grab,
        "trump": {
            "suit": game.trump_suit.value if game.trump_suit else None,
            "no_trump": False,
            "fixed_by": game.trump_fixed_by,
            "kitty_card": asc([game.trump_card])[0]
            if game.trump_card and game.trump_fixed_by in ("kitty_draw", "flip")
            else None,
            "permanent": permanent,
        },
        "declarations": list(game.declarations),
        "standing": None
        if game.standing is None
        else {"seat": game.standing.seat, "cards": asc(list(game.standing.cards))},
        "flips": list(game.flips),
        "kitty_shown": None if game.kitty_shown is None else asc(game.kitty_shown),
        "gan_guo": game.gan,
        "tribute": tribute,
        "blood_next": game.blood if game.phase in ("hand_over", "match_over") else None,
        "kitty": asc(game.kitty) if _kitty_visible(game, seat) else None,
        "kitty_public": game.kitty_public or game.phase in ("hand_over", "match_over"),
        # the front ends' names: who holds the kitty (the dealer once taken) and the cards
        # the dealer has just picked up, shown to the dealer while it buries
        "kitty_owner": game.dealer if game.kitty_taken else None,
        "picked_up": asc(game.kitty_shown)
        if game.phase == "bury" and seat == game.dealer and game.kitty_shown is not None
        else None,
        "joker_buries": list(game.joker_buries),
        "jokers_closed": game.closed,
        "take_choices": take,
        "trick": {
            "leader": game.trick_leader,
            "plays": [{"seat": s, "cards": asc(p)} for s, p in game.trick_plays],
            "failed_throw": None,
            # who holds the trick so far (public: every play is face up)
            "winning": trick_winner(game.trick_plays, game._order(), R.RULES)
            if game.trick_plays
            else None,
        },
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
                "level": level_label(min(game.levels[t], game.options.top)),
                "hands_won": game.hands_won[t],
                "luns_won": game.luns_won[t],
            }
            for t in (0, 1)
        ],
        "match_over": game._match_result is not None,
        "match_result": None if game._match_result is None else game._match_result.to_json(),
        "sorted_by": "trump" if order is not None else "suit",
    }


def snapshot(game: DagunziGame) -> dict[str, JSON]:
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
        "blood": game.blood,
        "owed": game.owed,
        "turn": game.turn,
        "asking": list(game.asking),
        "declined": [sorted(map(list, d)) for d in game.declined],
        "joker_queue": list(game.joker_queue),
        "tribute_cards": asc(game.tribute_cards),
        "returned_cards": asc(game.returned_cards),
        "won_cards": asc(game.won_cards),
        "actions": len(game.actions),
    }


def invariants(game: DagunziGame) -> dict[str, bool]:
    """``cards_conserved``: the 162 cards are exactly in hands + kitty + undealt + trick + won;
    ``hand_sizes``: in play every seat holds 39 less the tricks played (less this trick's
    card count); ``points_total``: points won plus points still out make 300 (抠底's double
    aside)."""
    where: Counter[Card] = Counter()
    for h in game.hands:
        where.update(h)
    where.update(game.kitty)
    where.update(game.undealt[game.deal_pos :])
    where.update(c for _, p in game.trick_plays for c in p)
    where.update(game.won_cards)
    conserved = where == Counter(DECK) and sum(where.values()) == 162
    sizes = True
    if game.phase == "play":
        played = {s: len(p) for s, p in game.trick_plays}
        sizes = len({len(h) + played.get(s, 0) for s, h in enumerate(game.hands)}) == 1
    bonus = int(game.kitty_bonus["bonus"]) if game.kitty_bonus else 0
    out = card_points(c for h in game.hands for c in h) + card_points(game.kitty)
    out += card_points(c for _, p in game.trick_plays for c in p)
    out += card_points(game.undealt[game.deal_pos :])
    return {
        "cards_conserved": conserved,
        "hand_sizes": sizes,
        "points_total": sum(game.points) - bonus + out == TOTAL_POINTS,
    }
