"""The deal of a 打滚子 (Dagunzi) hand: the progressive deal, the grab with a 大王 and the trump
shown with the next suited card, passes, a redeal, the deal's end (``dagunzi.txt`` lines 22-41).

Functions over a :class:`games.dagunzi.engine.DagunziGame`, called by the engine after it has
checked the action; the tribute and the kitty are :mod:`games.dagunzi.kitty`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from games.base import Action, Event, IllegalAction
from games.cards import BIG_JOKER, SMALL_JOKER, Card, Suit, format_cards
from games.dagunzi import rules as R
from games.dagunzi.deck import (
    DEALT,
    KITTY_SIZE,
    asc,
)

if TYPE_CHECKING:
    from games.dagunzi.engine import DagunziGame

__all__ = [
    "apply_deal",
    "apply_declare",
    "apply_pass",
    "check_joker_order",
    "deal_cards",
    "finish_deal",
    "fix_trump",
    "flip",
    "next_asked",
    "open_declare_round",
    "redeal",
    "validate_declare",
]


def apply_deal(game: DagunziGame) -> list[Event]:
    if game.deal_pos >= DEALT:
        return game._finish_deal()
    before = game.deal_pos
    events = game._deal_cards(4 * game.options.deal_round)
    events.insert(
        0,
        Event(
            "cards_dealt",
            None,
            {"count": game.deal_pos - before, "dealt": game.deal_pos},
            f"{game.deal_pos - before} cards dealt ({game.deal_pos} of {DEALT})",
        ),
    )
    if game.options.deal == "all_at_once" and game.declaring_open():
        game._open_declare_round()
    return events


def apply_declare(game: DagunziGame, seat: int, new: R.Declaration) -> list[Event]:
    if game.grab:
        # 抢亮: one 大王 makes the dealer; nobody can overcall (dagunzi.txt:29-31)
        game.grab_seat = seat
        game.dealer = seat
        game.standing = new
        game.declarations.append({"seat": seat, "cards": ["BJ"], "kind": "grab"})
        game.asking = []
        game.phase = "dealing"
        game.turn = None
        events = [
            Event(
                "deal_grabbed",
                seat,
                {"cards": ["BJ"]},
                f"seat {seat} shows a 大王 and becomes dealer (抢亮): trump is the suit of "
                "the next suited card it receives",
            )
        ]
        # the next suited card the grabber receives: later in the deal, or the kitty's
        return events
    standing = game.standing
    kind = (
        "declare"
        if standing is None
        else ("reinforce" if standing.seat == seat and standing.suit == new.suit else "overcall")
    )
    game.standing = new
    game.declarations.append(
        {
            "seat": seat,
            "cards": asc(list(new.cards)),
            "kind": kind,
            "trump": new.suit.value if new.suit else None,
        }
    )
    assert new.suit is not None
    events = [
        Event(
            "trump_declared" if kind != "overcall" else "trump_overcalled",
            seat,
            {"cards": asc(list(new.cards)), "kind": kind, "trump": new.suit.value},
            f"seat {seat} {kind}s with {new.describe()}: {new.suit.symbol} trump",
        )
    ]
    if game.phase == "declare_round":
        game._next_asked()
    return events


def apply_pass(game: DagunziGame, seat: int) -> list[Event]:
    if game.phase == "dealing":
        return []  # "not now" while a live deal goes on
    if game.phase == "declare_round":
        game.declined[seat] |= {game._decl_key(c, s) for c, s in game.possible_declarations(seat)}
        game._next_asked()
        return []
    # bury_jokers: the next seat, or play
    return game._next_joker_seat()


def redeal(game: DagunziGame, why: str) -> list[Event]:
    game._start_hand(game.grab, game.redeals + 1)
    return [Event("redealt", None, {"reason": why}, f"{why}: the cards are dealt again")]


def finish_deal(game: DagunziGame) -> list[Event]:
    """Fix dealer and trump (dagunzi.txt:29-39), then tribute or the kitty."""
    events: list[Event] = []
    game.asking = []
    if game.grab and game.grab_seat is not None:
        if game.trump_suit is None:
            # reading: the grabber's last card was the 大王: the kitty's first suited card
            card = next((c for c in game.kitty if c.suit is not None), None)
            if card is None:
                return game._redeal("the kitty holds only jokers")
            assert card.suit is not None
            events.append(game._fix_trump(card.suit, "grab", card))
    elif game.grab:
        flipped = game._flip()
        if flipped is None:
            return game._redeal("the kitty has too few suited cards to flip")
        seat, card = flipped
        game.dealer = seat
        assert card.suit is not None
        events.append(
            Event(
                "kitty_flipped",
                seat,
                {"flips": list(game.flips)},
                "nobody showed a 大王: each seat flips a kitty card; "
                + ", ".join(f"seat {f['seat']} {f['card']}" for f in game.flips)
                + f"; seat {seat} deals",
            )
        )
        events.append(game._fix_trump(card.suit, "flip", card))
    elif game.standing is not None:
        assert game.standing.suit is not None
        game.trump_suit = game.standing.suit
        game.trump_fixed_by = "declaration"
        game.order = R.trump_order(game.level, game.trump_suit, game.mixed)
    else:
        # nobody declared: a random kitty card, jokers drawn past (dagunzi.txt:38-39)
        indexes = list(range(KITTY_SIZE))
        game._rng(game.redeals, "draw").shuffle(indexes)
        card = next((game.kitty[i] for i in indexes if game.kitty[i].suit is not None), None)
        if card is None:
            return game._redeal("the kitty holds only jokers")
        assert card.suit is not None
        events.append(game._fix_trump(card.suit, "kitty_draw", card))
    assert game.dealer is not None
    shown = game.trump_fixed_by != "kitty_draw"
    game.kitty_shown = list(game.kitty) if shown else None
    game.kitty_public = shown
    if game.owed > 0:
        game.phase = "tribute"
        return events
    return events + game._open_kitty()


def flip(game: DagunziGame) -> tuple[int, Card] | None:
    """Each seat flips kitty cards from the deal's first seat on, a joker flipped past
    (dagunzi.txt:32-33, 63); the highest wins, the first flipped on equal cards."""
    pos = 0
    best: tuple[int, int, Card] | None = None
    for k in range(4):
        seat = (game.start_seat + k) % 4
        while pos < KITTY_SIZE and game.kitty[pos].is_joker:
            game.flips.append({"seat": seat, "card": asc([game.kitty[pos]])[0]})
            pos += 1
        if pos >= KITTY_SIZE:
            game.flips = []
            return None
        card = game.kitty[pos]
        pos += 1
        game.flips.append({"seat": seat, "card": asc([card])[0]})
        value = R.flip_value(card, game.level)
        if best is None or value > best[0]:
            best = (value, seat, card)
    assert best is not None
    return best[1], best[2]


def validate_declare(game: DagunziGame, seat: int, action: Action) -> R.Declaration:
    cards = game._parse_cards(action)
    game._require_held(seat, cards)
    if game.grab:
        if cards != [BIG_JOKER]:
            raise IllegalAction(
                "grab_with_big_joker",
                "the first hand of a 轮 is grabbed by showing one 大王 (抢亮), "
                f"not {format_cards(cards)}",
                {"cards": format_cards(cards)},
                "dagunzi.txt:29",
            )
        return R.Declaration(seat, (BIG_JOKER,), None, 0)
    new = R.read_declaration(seat, cards, game.level, action.data.get("suit"))
    R.check_overcall(game.standing, new)
    return new


def check_joker_order(game: DagunziGame, seat: int, cards: Sequence[Card]) -> None:
    """大王 before 小王 (dagunzi.txt:45): a 小王 is buried only with no 大王 left in hand."""
    if SMALL_JOKER not in cards:
        return
    left = Counter(game.hands[seat]) - Counter(cards)
    if left[BIG_JOKER]:
        raise IllegalAction(
            "big_joker_first",
            "bury 大王 before 小王: you keep a 大王 in hand",
            {"card": "大王"},
            "dagunzi.txt:45",
        )


def deal_cards(game: DagunziGame, count: int) -> list[Event]:
    """Deal ``count`` cards one at a time counter-clockwise from the start seat; after a
    grab, the grabber's first suited card fixes trump (dagunzi.txt:29-30)."""
    events: list[Event] = []
    end = min(DEALT, game.deal_pos + count)
    for i in range(game.deal_pos, end):
        seat = (game.start_seat + i) % 4
        card = game.undealt[i]
        game.hands[seat].append(card)
        if seat == game.grab_seat and game.trump_suit is None and card.suit is not None:
            events.append(game._fix_trump(card.suit, "grab", card))
    game.deal_pos = end
    return events


def fix_trump(game: DagunziGame, suit: Suit, how: str, card: Card | None) -> Event:
    game.trump_suit = suit
    game.trump_fixed_by = how
    game.trump_card = card
    game.order = R.trump_order(game.level, suit, game.mixed)
    return Event(
        "trump_fixed",
        game.grab_seat if how == "grab" else None,
        {"trump": suit.value, "how": how, "card": asc([card])[0] if card else None},
        f"trump is {suit.symbol} ({how.replace('_', ' ')})",
    )


def open_declare_round(game: DagunziGame) -> None:
    """Asynchronous table: after a deal step the seats that can declare something they
    could not before are asked in turn, from the deal's first seat."""
    game.asking = [
        s for s in ((game.start_seat + k) % 4 for k in range(4)) if game._new_capability(s)
    ]
    if game.asking:
        game.phase = "declare_round"
        game.turn = game.asking[0]
    else:
        game.phase = "dealing"
        game.turn = None


def next_asked(game: DagunziGame) -> None:
    game.asking = [s for s in game.asking[1:] if game._new_capability(s)]
    if game.asking and game.declaring_open():
        game.turn = game.asking[0]
    else:
        game.asking = []
        game.phase = "dealing"
        game.turn = None
