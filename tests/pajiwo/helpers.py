"""Test helpers: rig a Pajiwo hand with chosen cards, and drive bot-only games."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from games.base import Action, Event
from games.cards import Card, full_deck, parse_card
from games.pajiwo.deck import DEALT
from games.pajiwo.engine import PajiwoGame
from games.pajiwo.options import PajiwoOptions


def cards(text: str) -> list[Card]:
    return [parse_card(x) for x in text.split()]


def rig(game: PajiwoGame, hands: Sequence[str], kitty: str = "") -> None:
    """Give each seat the listed cards (space-separated notation), fill to 25 / 8 from the rest.

    Works right after a hand starts: in a progressive deal it rewrites the deal
    order so the seats receive these cards; in an all-at-once deal it replaces
    the hands. The 108 cards stay conserved.
    """
    pool = Counter(full_deck(2))
    want = [cards(h) for h in hands] + [[]] * (4 - len(hands))
    kit = cards(kitty)
    for group in [*want, kit]:
        pool.subtract(group)
    assert min(pool.values()) >= 0, f"too many copies: {-pool}"
    rest = sorted(pool.elements())
    random.Random(7).shuffle(rest)
    full = []
    for group in want:
        need = 25 - len(group)
        full.append(list(group) + rest[:need])
        rest = rest[need:]
    kit = kit + rest[: 8 - len(kit)]
    game.kitty = kit
    if game.phase == "dealing":
        assert game.deal_pos == 0
        queues = [list(h) for h in full]
        order = []
        for i in range(DEALT):
            order.append(queues[(game.start_seat + i) % 4].pop(0))
        game.undealt = order
    else:
        game.hands = full
    assert game.invariants()["cards_conserved"]


def new_game(seed: int = 1, **opts: object) -> PajiwoGame:
    return PajiwoGame(seed, PajiwoOptions.from_dict(opts))


def act(game: PajiwoGame, seat: int | None, kind: str, text: str = "") -> list[Event]:
    data = {"cards": text.split()} if text else {}
    return game.apply(Action(seat, kind, data))


def deal_all(game: PajiwoGame) -> None:
    """Apply deal steps until the progressive deal is over."""
    while game.phase == "dealing":
        game.apply(Action(None, "deal"))


def later_hand(game: PajiwoGame, dealer: int, levels: tuple[int, int]) -> None:
    """Start a later (non-抢庄) hand with a known ``dealer`` and team ``levels`` (rule tests)."""
    game.levels = list(levels)
    game.dealer = dealer
    game.hand_number = 2
    game._start_hand(grab=False, start_seat=None, redeals=0)


def setup_play(
    game: PajiwoGame,
    *,
    dealer: int,
    levels: tuple[int, int],
    trump: str | None,
    hands: Sequence[str],
    kitty: str | None = None,
    leader: int | None = None,
    defenders_points: int = 0,
) -> None:
    """Put ``game`` in the play phase with exactly these hands.

    The rest of the deck counts as won in earlier tricks, ``defenders_points``
    of it by the defenders.
    """
    from games.cards import Suit
    from games.pajiwo.scoring import card_points

    pool = Counter(full_deck(2))
    held = [cards(h) for h in hands]
    for group in held:
        pool.subtract(group)
    if kitty is None:  # 8 cards without points that nobody holds
        kit = sorted(c for c in pool.elements() if not c.points and not c.is_joker)[:8]
    else:
        kit = cards(kitty)
    pool.subtract(kit)
    assert min(pool.values()) >= 0, f"too many copies: {-pool}"
    game.levels = list(levels)
    game.dealer = dealer
    game.grab = False
    game.level = levels[dealer % 2]
    game.trump_suit = Suit(trump) if trump else None
    game.no_trump = trump is None
    game.hands = held
    game.kitty = kit
    game.undealt = []
    game.deal_pos = 0
    game.won_cards = list(pool.elements())
    won = card_points(game.won_cards)
    game.points = [0, 0]
    game.points[1 - dealer % 2] = defenders_points
    game.points[dealer % 2] = won - defenders_points
    game.phase = "play"
    game.turn = dealer if leader is None else leader
    game.trick_leader = game.turn
    game.trick_plays = []
    game.kitty_owner = dealer
    game.kitty_seen_by = dealer
    game._refresh_order()
    assert game.invariants()["cards_conserved"]
