"""The replay speed-ups in games/pajiwo and games/tricks change no behaviour: shared card
instances are equal to freshly parsed ones, and cards that are not shared still work."""

from __future__ import annotations

import random

from games.base import Action
from games.cards import Card, Rank, Suit, full_deck, parse_card
from games.pajiwo.deck import DECK, card_of
from games.pajiwo.engine import PajiwoGame
from games.pajiwo.options import PajiwoOptions
from games.tricks import TrumpOrder, intern_card


def test_card_of_reads_every_notation_as_parse_card_does_and_shares_instances() -> None:
    for text in ["10s", "♠10", "S10", "黑桃10", "BJ", "小王", "sj", "hq", "Qh", " 10s "]:
        card = card_of(text)
        assert card == parse_card(text)
        assert card is card_of(text) is intern_card(parse_card(text))
    assert len({id(c) for c in DECK}) == 54  # two decks, one instance per card
    order = TrumpOrder(Rank.FIVE, Suit.HEARTS)
    assert order.is_trump(Card(Rank.FIVE, Suit.SPADES))  # fresh instances still look up


def test_a_hand_of_fresh_instances_plays_the_same() -> None:
    """Replace the cards by equal but fresh ones: moves are judged and applied alike."""
    options = PajiwoOptions.from_dict({"deal": "all_at_once", "match": "one_hand"})
    shared, fresh = PajiwoGame(5, options), PajiwoGame(5, options)
    for game in (shared, fresh):
        while game.table_action() is not None:
            game.apply(game.table_action())  # type: ignore[arg-type]
    # every card the game holds becomes a fresh instance (the parsed moves stay shared ones)
    fresh.hands = [[Card(c.rank, c.suit) for c in hand] for hand in fresh.hands]
    fresh.kitty = [Card(c.rank, c.suit) for c in fresh.kitty]
    fresh.undealt = [Card(c.rank, c.suit) for c in fresh.undealt]
    rng = random.Random(1)
    for _ in range(60):
        pending = [d for d in shared.pending() if d.seat is not None and d.required]
        if not pending or pending[0].seat is None:
            break
        seat = pending[0].seat
        moves = shared.legal_actions(seat, 10)
        move = moves[rng.randrange(len(moves))]
        for game in (shared, fresh):
            game.apply(Action(move.seat, move.kind, dict(move.data)))
        # the same judgement and the same cards everywhere (the raw order inside a hand may
        # differ only for a mix of instances, which a dealt game never has)
        assert [fresh.view(s) for s in range(4)] == [shared.view(s) for s in range(4)]
    assert len(shared.actions) > 20
    deck = sorted(full_deck(2))
    assert sorted(c for h in fresh.hands for c in h) == sorted(c for h in shared.hands for c in h)
    assert len(deck) == 108
