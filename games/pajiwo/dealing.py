"""The deal of a 扒鸡窝 (Pajiwo) hand and what follows it until the first trick: dealing,
declaring trump (亮主, 反主, 加固), 下台 and the auction, the kitty (底牌) given and buried,
造反 (``pajiwo.txt`` lines 20-72).

Functions over a :class:`games.pajiwo.engine.PajiwoGame`, called by the engine after it has
checked the action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Action, Event, IllegalAction
from games.cards import (
    Card,
    Rank,
    Suit,
    format_card,
    format_card_ascii,
)
from games.pajiwo import play as tricks
from games.pajiwo.deck import (
    DEALT,
    KITTY_SIZE,
    asc,
)
from games.pajiwo.ladder import (
    Declaration,
    check_overcall,
    is_reinforcement,
    read_declaration,
)
from games.pajiwo.scoring import card_points, level_label

if TYPE_CHECKING:
    from games.pajiwo.engine import PajiwoGame

__all__ = [
    "apply_bury",
    "apply_deal",
    "apply_declare",
    "apply_pass",
    "apply_rebel",
    "finish_deal",
    "give_kitty",
    "kitty_event",
    "kitty_taker",
    "refresh_order",
    "set_trump",
    "validate_declare",
]


def apply_deal(game: PajiwoGame) -> list[Event]:
    """Deal the next round of a progressive deal, or close the declaring window."""
    if game.deal_pos < DEALT:
        dealt = game._deal_cards(4 * game.options.deal_round)
        return [
            Event(
                "cards_dealt",
                None,
                {"count": len(dealt), "dealt": game.deal_pos},
                f"{len(dealt)} cards dealt ({game.deal_pos} of {DEALT})",
            )
        ]
    return game._finish_deal()


def apply_declare(game: PajiwoGame, seat: int, new: Declaration) -> list[Event]:
    """Record a declaration. While dealing / in the auction it fixes trump and, in a 抢庄
    hand, the dealer (pajiwo.txt:49); in the 扒鸡窝 round the declarer takes the kitty
    (pajiwo.txt:77)."""
    standing = game.standing
    reinforce = is_reinforcement(standing, new)
    kind = "reinforce" if reinforce else ("declare" if standing is None else "overcall")
    game.standing = new
    game.declarations.append(
        {
            "seat": seat,
            "cards": asc(new.cards),
            "kind": kind,
            "phase": game.phase,
            "trump": new.suit.value if new.suit else None,
            "no_trump": new.no_trump,
        }
    )
    if game.phase == "dealing" or game.phase == "auction":
        if game.grab:
            game.dealer = seat  # 抢庄: the declarer (or overcaller) is dealer (pajiwo.txt:49)
        game._set_trump(new.suit)
        if game.phase == "auction":
            game.passes = 0
            game.turn = (seat + 1) % 4
    else:  # 扒鸡窝: the overcaller takes the kitty and buries 8 (pajiwo.txt:77)
        game._set_trump(new.suit)
        game._give_kitty(seat)
    trump = "no-trump" if new.no_trump else f"{new.suit} trump"
    words = {"declare": "declares", "reinforce": "reinforces", "overcall": "overcalls with"}
    ev_kind = "trump_declared" if kind != "overcall" else "trump_overcalled"
    events = [
        Event(
            ev_kind,
            seat,
            {
                "cards": asc(new.cards),
                "kind": kind,
                "trump": new.suit.value if new.suit else None,
            },
            f"seat {seat} {words[kind]} {new.describe()}: {trump}",
        )
    ]
    if game.phase == "bury":
        events.append(game._kitty_event(seat))
    return events


def apply_pass(game: PajiwoGame, seat: int) -> list[Event]:
    """A pass: a no-op while dealing; declines 造反; in the auction and the 扒鸡窝 round it
    moves the turn on and ends the round when the others have all passed (pajiwo.txt:77)."""
    phase = game.phase
    if phase == "dealing":
        return []  # a no-op: "not now" while cards arrive
    if phase == "rebel":
        game.rebel_pending.remove(seat)
        if not game.rebel_pending:
            game._give_kitty(game._kitty_taker())
            return [game._kitty_event(game.kitty_owner)]
        return []
    game.passes += 1
    game.turn = (seat + 1) % 4
    if phase == "auction":
        needed = 3 if game.standing is not None else 4
        if game.passes >= needed:
            return game._finish_deal()
        return []
    # 扒鸡窝 round: over when the three others have passed since the last bury (pajiwo.txt:77)
    if game.passes >= 3:
        return game._start_play()
    return []


def set_trump(game: PajiwoGame, suit: Suit | None) -> None:
    game.trump_suit = suit
    game.no_trump = suit is None
    game.trump_fixed_by = "declaration"


def finish_deal(game: PajiwoGame) -> list[Event]:
    """The deal (and its declaring) is over: fix dealer, level and trump (pajiwo.txt:49-55)."""
    events: list[Event] = []
    if game.standing is None and not game.grab and not game.stepped_down:
        # 下台: the dealer steps down; the defenders deal and must declare their level.
        assert game.dealer is not None
        old = game.dealer
        game.dealer = (old + 1) % 4
        game.level = game.levels[game.dealer % 2]
        game.stepped_down = True
        game.phase = "auction"
        game.turn = game.dealer
        game.passes = 0
        return [
            Event(
                "stepped_down",
                old,
                {"old_dealer": old, "dealer": game.dealer, "level": level_label(game.level)},
                f"nobody declared: seat {old} steps down (下台); seat {game.dealer} deals at "
                f"level {level_label(game.level)} and trump is declared again",
            )
        ]
    if game.standing is None:
        # A random kitty card fixes trump; a joker means no-trump (pajiwo.txt:55).
        if game.dealer is None:
            game.dealer = game.start_seat
        index = game._rng(game.redeals, "kitty").randrange(KITTY_SIZE)
        card = game.kitty[index]
        game.kitty_card = card
        game.trump_suit = card.suit
        game.no_trump = card.suit is None
        game.trump_fixed_by = "kitty_card"
        trump = "no-trump" if card.suit is None else f"{card.suit} trump"
        events.append(
            Event(
                "trump_from_kitty",
                None,
                {
                    "card": format_card_ascii(card),
                    "trump": card.suit.value if card.suit else None,
                },
                f"nobody declared: the kitty card {format_card(card)} is drawn: {trump}",
            )
        )
    assert game.dealer is not None
    game.level = game.levels[game.dealer % 2]
    game._refresh_order()
    if game.redeals < game.options.rebels_per_hand:
        game.phase = "rebel"
        game.rebel_pending = [(game.dealer + 1) % 4, (game.dealer + 3) % 4]
        return events
    game._give_kitty(game._kitty_taker())
    events.append(game._kitty_event(game.kitty_owner))
    return events


def kitty_taker(game: PajiwoGame) -> int:
    """The dealer, or the partner whose declaration stands (pajiwo.txt:141)."""
    assert game.dealer is not None
    partner = (game.dealer + 2) % 4
    if not game.grab and game.standing is not None and game.standing.seat == partner:
        return partner
    return game.dealer


def refresh_order(game: PajiwoGame) -> None:
    assert game.level is not None
    game.order = tricks.trump_order(Rank(game.level), game.trump_suit)


def give_kitty(game: PajiwoGame, seat: int) -> None:
    game.picked_up = list(game.kitty)
    game.hands[seat].extend(game.kitty)
    game.kitty = []
    game.kitty_owner = seat
    game.kitty_seen_by = seat
    game.phase = "bury"
    if game.level is not None:
        game._refresh_order()


def kitty_event(game: PajiwoGame, seat: int | None) -> Event:
    return Event("kitty_taken", seat, {}, f"seat {seat} takes the kitty (底牌) and buries 8")


def apply_rebel(game: PajiwoGame, seat: int) -> list[Event]:
    """造反: redeal from the rebel as a 抢庄 hand (pajiwo.txt:65)."""
    points = card_points(game.hands[seat])
    game._start_hand(grab=True, start_seat=seat, redeals=game.redeals + 1)
    return [
        Event(
            "rebelled",
            seat,
            {"points": points},
            f"seat {seat} holds {points} points and calls 造反: the cards are redealt from "
            f"seat {seat} and the first to declare deals (抢庄)",
        )
    ]


def apply_bury(game: PajiwoGame, seat: int, cards: list[Card]) -> list[Event]:
    """Bury 8 cards as the kitty (pajiwo.txt:69-71) and open the 扒鸡窝 round from the next
    player (pajiwo.txt:77)."""
    game._remove(seat, cards)
    game.kitty = list(cards)
    game.phase = "pajiwo"
    game.turn = (seat + 1) % 4
    game.passes = 0
    return [
        Event(
            "kitty_buried",
            seat,
            {"count": KITTY_SIZE},
            f"seat {seat} buries 8 cards; 扒鸡窝: the others may overcall in turn",
        )
    ]


def validate_declare(game: PajiwoGame, seat: int, action: Action) -> Declaration:
    """Read a declaration (亮主) and check it beats the standing one by the ladder
    (pajiwo.txt:41-61), or reinforces (加固) the seat's own single (pajiwo.txt:43)."""
    cards = game._parse_cards(action)
    standing = game.standing
    level = Rank(game._declare_level(seat))
    # Shorthand for 加固: the standing declarer shows just the second level card.
    if (
        standing is not None
        and standing.kind == "single"
        and len(cards) == 1
        and cards[0] == standing.cards[1]
    ):
        if standing.seat != seat:
            raise IllegalAction(
                "not_your_declaration",
                f"only seat {standing.seat}, who declared {standing.describe()}, may reinforce "
                f"it (加固); to overcall, show a joker with a pair of level cards",
                {"seat": standing.seat, "standing": standing.describe()},
                "pajiwo.txt:43",
            )
        cards = [*standing.cards, cards[0]]
    game._require_held(seat, cards)
    new = read_declaration(seat, cards, level)
    if not is_reinforcement(standing, new):
        check_overcall(standing, new)
    return new
