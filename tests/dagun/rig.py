"""Known positions for rule tests: a Dagun game whose hands, dealer and called card are set."""

from __future__ import annotations

from games.base import Action
from games.cards import parse_card, parse_cards
from games.dagun import DagunGame, DagunOptions
from games.dagun.scoring import bonuses_of


def rigged(
    cards: list[str],
    *,
    dealer: int = 0,
    called: str = "7h",
    phase: str = "play",
    **options: object,
) -> DagunGame:
    """A game in ``phase`` with these hands (``cards``: card notation per seat), ``dealer``
    on turn, and ``called`` as the called card (its holder other than the dealer is the partner)."""
    game = DagunGame(1, DagunOptions.from_dict({"match": "one_hand", **options}))
    game.hands = [parse_cards(h) for h in cards]
    game.dealer = dealer
    game.turn = dealer
    game.called = parse_card(called)
    game.partner = next(s for s in range(4) if s != dealer and game.called in game.hands[s])
    game.bonuses = bonuses_of(game.hands)
    game.phase = phase
    return game


def play(game: DagunGame, seat: int, cards: str, reading: str | None = None) -> None:
    data: dict[str, object] = {"cards": cards.split()}
    if reading is not None:
        data["as"] = reading
    game.apply(Action(seat, "play", data))


def passes(game: DagunGame, *seats: int) -> None:
    for seat in seats:
        game.apply(Action(seat, "pass"))
