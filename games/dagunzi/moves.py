"""The legal moves of a 打滚子 (Dagunzi) seat, most useful first (what menus and bots offer;
:meth:`games.dagunzi.engine.DagunziGame.check` stays the authority), and the bury candidates.

Functions over a :class:`games.dagunzi.engine.DagunziGame`.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING

from games.base import JSON, Action
from games.cards import Card
from games.dagunzi import rules as R
from games.dagunzi.deck import (
    KITTY_SIZE,
    asc,
)
from games.tricks import legal_leads

if TYPE_CHECKING:
    from games.dagunzi.engine import DagunziGame

__all__ = ["FOLLOWS_LISTED", "bury_candidates", "legal_actions"]

FOLLOWS_LISTED = 200
"""At most this many follows in :meth:`DagunziGame.legal_actions` without a limit."""


def legal_actions(game: DagunziGame, seat: int, limit: int | None = None) -> list[Action]:
    """Legal actions for ``seat`` now, most useful first; :meth:`check` is the authority."""
    kinds = {k for d in game.pending() if d.seat == seat for k in d.kinds}
    out: list[Action] = []
    if "declare" in kinds:
        for cards, suit in game.possible_declarations(seat):
            data: dict[str, JSON] = {"cards": asc(list(cards))}
            if cards[0].is_joker and len(cards) == 3:
                assert suit is not None
                data["suit"] = suit.value
            out.append(Action(seat, "declare", data))
    if "bury_jokers" in kinds:
        jokers = sorted((c for c in game.hands[seat] if c.is_joker), key=lambda c: -c.rank)
        # every count the seat could bury, whatever the hidden kitty holds: listing only
        # the counts that fit would tell the seat how many small cards the kitty has;
        # check() accepts each (jokers beyond the kitty's small cards stay in the hand)
        for n in range(len(jokers), 0, -1):
            out.append(Action(seat, "bury_jokers", {"cards": asc(jokers[:n])}))
    if "pass" in kinds:
        out.append(Action(seat, "pass"))
    if "bury" in kinds:
        for six in game.bury_candidates(seat):
            out.append(Action(seat, "bury", {"cards": asc(six)}))
    if "take" in kinds:
        assert game.take_pending is not None
        _s, tied, free = game.take_pending
        seen: set[tuple[str, ...]] = set()
        # every choice (at most C(6, 3) = 20 from a kitty of 6), so that a menu offers
        # each one (dagunzi.txt:47-48: among equal ranks the player chooses)
        for pick in combinations(tied, free):
            key = tuple(sorted(asc(list(pick))))
            if key not in seen:
                seen.add(key)
                out.append(Action(seat, "take", {"cards": list(key)}))
    if "play" in kinds:
        order = game._order()
        hand = game.hands[seat]
        if game.lead is None:
            plays = legal_leads(hand, order, R.RULES, limit)
        else:
            cap = FOLLOWS_LISTED if limit is None else limit
            plays = R.dagunzi_follows(game.lead, hand, order, game.options.bang, cap)
        out += [Action(seat, "play", {"cards": asc(list(c))}) for c in plays]
    return out[:limit] if limit is not None else out


def bury_candidates(game: DagunziGame, seat: int) -> list[list[Card]]:
    """A few sets of 6 ``seat`` could bury, least useful first: the 6 lowest side cards
    without points, then the 6 lowest cards by the trump order (no jokers)."""
    order = game._order()
    hand = game.hands[seat]
    safe = sorted(
        (c for c in hand if not order.is_trump(c)),
        key=lambda c: (c.points > 0, order.strength(c)),
    )
    weakest = sorted(
        (c for c in hand if not c.is_joker),
        key=lambda c: (order.is_trump(c), order.strength(c)),
    )
    out: list[list[Card]] = []
    if len(safe) >= KITTY_SIZE:
        out.append(safe[:KITTY_SIZE])
    low = weakest[:KITTY_SIZE]
    if not out or Counter(low) != Counter(out[0]):
        out.append(low)
    return out
