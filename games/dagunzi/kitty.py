"""Between the deal and the tricks in Dagunzi: the tribute 喝血 (dagunzi.txt:98-104), the
kitty (dagunzi.txt:42-53): 干锅, the dealer's bury, jokers buried by the other seats and the
cards they take back.

Functions over a :class:`games.dagunzi.engine.DagunziGame`, called by the engine after it has
checked the action; the pure rules are :mod:`games.dagunzi.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import JSON, Event
from games.cards import Card, format_cards
from games.dagunzi import rules as R
from games.dagunzi.deck import asc

if TYPE_CHECKING:
    from games.dagunzi.engine import DagunziGame

__all__ = ["bury", "bury_jokers", "next_joker_seat", "open_kitty", "pay_tribute", "take_back"]


def pay_tribute(game: DagunziGame) -> list[Event]:
    """喝血: the dealer's previous seat gives its highest non-point cards
    (dagunzi.txt:99-104)."""
    assert game.dealer is not None
    payer = (game.dealer + 3) % 4
    cards = R.tribute_cards(game.hands[payer], game._order(), game.level, game.owed)
    game._remove(payer, cards)
    game.hands[game.dealer].extend(cards)
    back = R.return_cards(game.hands[game.dealer], game._order(), len(cards))
    game._remove(game.dealer, back)
    game.hands[payer].extend(back)
    game.tribute_cards = list(cards)
    game.returned_cards = list(back)
    game.tribute = {
        "from": payer,
        "to": game.dealer,
        "owed": game.owed,
        "count": len(cards),
        "blood": dict(game.blood_parts),
    }
    events = [
        Event(
            "tribute_paid",
            payer,
            dict(game.tribute),
            f"喝血: seat {payer} gives seat {game.dealer} its {len(cards)} highest cards "
            f"(points excepted; {game.owed} owed) and takes back as many of its smallest",
        )
    ]
    return events + open_kitty(game)


# ------------------------------------------------------------------ kitty
def open_kitty(game: DagunziGame) -> list[Event]:
    """The shown kitty is 干锅 or the dealer takes it (dagunzi.txt:42-43, 50-52)."""
    assert game.dealer is not None
    if game.kitty_shown is not None and R.gan_guo(game.kitty, game._order()):
        game.gan = True
        game.closed = "gan_guo"
        event = Event(
            "gan_guo",
            None,
            {"kitty": asc(game.kitty)},
            f"干锅: the kitty {format_cards(game.kitty)} has no trump-suit card or is all "
            "trump; it stays as it is",
        )
        return [event, *game._start_play()]
    game.hands[game.dealer].extend(game.kitty)
    game.kitty = []
    game.kitty_taken = True
    game.kitty_public = False
    game.phase = "bury"
    return [
        Event(
            "kitty_taken",
            game.dealer,
            {},
            f"seat {game.dealer} takes the kitty (底牌) and buries 6",
        )
    ]


def bury(game: DagunziGame, seat: int, cards: list[Card]) -> list[Event]:
    game._remove(seat, cards)
    game.kitty = list(cards)
    game.dealer_buried = list(cards)
    jokers = [c for c in cards if c.is_joker]
    game.kitty_public = bool(jokers)  # a kitty with jokers is shown (dagunzi.txt:44)
    text = f"seat {seat} buries 6 cards"
    if jokers:
        text += f" with {len(jokers)} joker(s): the kitty is {format_cards(cards)}"
    events = [
        Event(
            "kitty_buried",
            seat,
            {"jokers": len(jokers), "kitty": asc(cards) if jokers else None},
            text,
        )
    ]
    if all(c.points or c.is_joker for c in cards):
        game.closed = "kitty_all_points"  # dagunzi.txt:49,53
    elif not R.pickable(cards):
        game.closed = "kitty_no_small_cards"  # pragma: no cover - points or jokers only
    if game.closed is not None:
        return events + game._start_play()
    game.joker_queue = [(seat + k) % 4 for k in (1, 2, 3)]
    game.phase = "bury_jokers"
    game.turn = game.joker_queue[0]
    return events


def next_joker_seat(game: DagunziGame) -> list[Event]:
    game.joker_queue = game.joker_queue[1:]
    if not R.pickable(game.kitty):
        game.closed = "kitty_no_small_cards"
        game.joker_queue = []
    if game.joker_queue:
        game.phase = "bury_jokers"
        game.turn = game.joker_queue[0]
        return []
    return game._start_play()


def bury_jokers(game: DagunziGame, seat: int, jokers: list[Card]) -> list[Event]:
    """扣王 by another seat: it takes back as many of the kitty's smallest non-point cards
    (dagunzi.txt:46-48); the kitty is then shown to all. Jokers beyond the kitty's small
    cards are not buried: they stay in the hand (``kept``), the biggest going first, so that
    the move is never refused for what the hidden kitty holds (reading)."""
    room = len(R.pickable(game.kitty))
    jokers = sorted(jokers, key=lambda c: -c.rank)
    jokers, kept = jokers[:room], jokers[room:]
    forced, tied, free = R.take_back_choices(game.kitty, len(jokers), game._order())
    game._remove(seat, jokers)
    game.kitty.extend(jokers)
    game.kitty_public = True
    choice = len(set(tied)) > 1 and free < len(tied)
    taken = forced if choice else forced + tied[:free]
    for card in taken:
        game.kitty.remove(card)
    game.hands[seat].extend(taken)
    record: dict[str, JSON] = {"seat": seat, "jokers": asc(jokers), "taken": asc(taken)}
    if kept:
        record["kept"] = asc(kept)
    game.joker_buries.append(record)
    events = [
        Event(
            "jokers_buried",
            seat,
            dict(record),
            f"seat {seat} buries {format_cards(jokers)} and takes back "
            + (format_cards(taken) if taken else "nothing yet")
            + f"; the kitty is {format_cards(game.kitty)}",
        )
    ]
    if choice:
        game.take_pending = (seat, tied, free)
        game.phase = "take_back"
        game.turn = seat
        return events
    return events + next_joker_seat(game)


def take_back(game: DagunziGame, seat: int, cards: list[Card]) -> list[Event]:
    for card in cards:
        game.kitty.remove(card)
    game.hands[seat].extend(cards)
    game.joker_buries[-1]["taken"] = [*game.joker_buries[-1]["taken"], *asc(cards)]
    game.take_pending = None
    ev = Event(
        "cards_taken_back",
        seat,
        {"cards": asc(cards)},
        f"seat {seat} takes back {format_cards(cards)}",
    )
    return [ev, *next_joker_seat(game)]
