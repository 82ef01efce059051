"""The 扒鸡窝 (Pajiwo) engine: a whole match at one table of four.

Seed: ``pajiwo.txt`` (see ``docs/rules/pajiwo.md`` for every rule with its
line and every reading chosen). The trick-taking itself (card order, units,
throws, following, ruffs) is the shared machinery of :mod:`games.tricks`.

Phases of one hand, in order::

    dealing   (progressive deal: table "deal" steps; anyone may "declare")
    auction   (all-at-once deal, or after 下台: "declare" / "pass" in turn)
    rebel     (造反 window: each defender "rebel" / "pass")
    bury      (the kitty taker "bury"s 8 cards)
    pajiwo    (扒鸡窝: "declare" (overcall) / "pass" in turn; an overcall goes back to bury)
    play      (25 tricks: "play")
    hand_over (table "next_hand")
    match_over

Seats are numbered in play order (counter-clockwise); partners are 0 & 2 and
1 & 3; team ``t`` is the seats ``s`` with ``s % 2 == t``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.base import (
    JSON,
    Action,
    Decision,
    Event,
    Game,
    HandResult,
    IllegalAction,
    MatchResult,
)
from games.cards import (
    Card,
    CardParseError,
    Rank,
    Suit,
    format_card,
    format_card_ascii,
    format_cards,
)
from games.pajiwo import play as tricks
from games.pajiwo import views
from games.pajiwo.deck import (
    DEALT,
    DECK,
    DECK_COUNT,
    KITTY_SIZE,
    TEAMS,
    asc,
    card_of,
    is_seat,
)
from games.pajiwo.ladder import (
    Declaration,
    check_overcall,
    is_reinforcement,
    possible_declarations,
    read_declaration,
)
from games.pajiwo.options import PRESETS, PajiwoOptions
from games.pajiwo.scoring import card_points, level_label, settle

__all__ = ["FOLLOWS_LISTED", "PajiwoGame"]

FOLLOWS_LISTED = 200
"""At most this many follows in :meth:`PajiwoGame.legal_actions` when no limit is given: a seat
void in the suit of a long throw may discard any of hundreds of thousands of card sets, so the list
holds representatives and :meth:`PajiwoGame.check` stays the authority."""


def _plain_key(card: Card) -> tuple[int, int]:
    """Display order before trump is known: jokers, then ♠ ♥ ♣ ♦, each high first."""
    suit_rank = {None: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3, Suit.DIAMONDS: 4}
    return (suit_rank[card.suit], -int(card.rank))


class PajiwoGame(Game):
    """扒鸡窝: 2 decks, 4 players in two fixed partnerships, levels 2..A.

    Construct with ``PajiwoGame(seed, PajiwoOptions(...))``; the first hand is
    dealt at once. Actions (``seat`` in 0..3, cards as any notation
    :func:`games.cards.parse_card` reads):

    * ``Action(None, "deal")`` - the next deal step (progressive deal only).
    * ``Action(s, "declare", {"cards": ["BJ", "5h"]})`` - declare, reinforce or overcall.
    * ``Action(s, "pass")`` - decline to declare (auction, 扒鸡窝 round, and as a
      no-op while cards are dealt), or decline 造反.
    * ``Action(s, "rebel")`` - 造反 (pajiwo.txt:65).
    * ``Action(s, "bury", {"cards": [8 cards]})`` - bury the kitty (pajiwo.txt:69).
    * ``Action(s, "play", {"cards": [...]})`` - lead or follow a trick.
    * ``Action(None, "next_hand")`` - deal the next hand after a hand's result.
    """

    name: ClassVar[str] = "pajiwo"
    title: ClassVar[str] = "扒鸡窝 Pajiwo"
    seat_count: ClassVar[int] = 4
    options_type: ClassVar[type[PajiwoOptions]] = PajiwoOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    options: PajiwoOptions

    def __init__(self, seed: int, options: PajiwoOptions | None = None) -> None:
        super().__init__(seed, options)
        opts = self.options
        self.rules = tricks.rules_for(opts.failed_throw, opts.tractor_follow)
        self.levels: list[int] = [opts.start_level, opts.start_level]
        self.hand_number = 1
        self.dealer: int | None = None
        self._hand_results: list[HandResult] = []
        self._match_result: MatchResult | None = None
        self.hands_won = [0, 0]
        self._checked: tuple[Action, Any] | None = None
        self._start_hand(grab=True, start_seat=None, redeals=0)

    # ================================================================ hand set-up
    def _rng(self, *extra: object) -> random.Random:
        """The hand's RNG, seeded from (seed, hand number, redeals, purpose); never global."""
        key = ":".join(str(x) for x in ("pajiwo", self.seed, self.hand_number, *extra))
        return random.Random(key)

    def _start_hand(self, grab: bool, start_seat: int | None, redeals: int) -> None:
        """Shuffle and start dealing one hand (also after 造反, with ``redeals`` + 1)."""
        rng = self._rng(redeals)
        deck = list(DECK)
        rng.shuffle(deck)
        self.grab = grab  # 抢庄 hand: the first to declare becomes dealer (pajiwo.txt:49)
        self.redeals = redeals
        if grab:
            self.dealer = None
            if start_seat is None:
                start_seat = rng.randrange(4)
        else:
            assert self.dealer is not None
            start_seat = self.dealer
        self.start_seat: int = start_seat
        self.deck_order = deck  # the shuffled deck; the last 8 are the kitty
        self.hands: list[list[Card]] = [[], [], [], []]
        self.undealt: list[Card] = deck[:DEALT]
        self.kitty: list[Card] = deck[DEALT:]
        self.deal_pos = 0
        self.level: int | None = None if self.dealer is None else self.levels[self.dealer % 2]
        self.declarations: list[dict[str, JSON]] = []
        self.standing: Declaration | None = None
        self.trump_suit: Suit | None = None
        self.no_trump = False
        self.trump_fixed_by: str | None = None
        self.kitty_card: Card | None = None
        self.stepped_down = False
        self.turn: int | None = None
        self.passes = 0
        self.rebel_pending: list[int] = []
        self.kitty_owner: int | None = None
        self.kitty_seen_by: int | None = None
        #: the kitty's cards as the kitty owner took them (底牌), marked in its hand while it
        #: buries
        self.picked_up: list[Card] = []
        self.order: tricks.TrumpOrder | None = None
        self.trick_leader: int | None = None
        self.trick_plays: list[tuple[int, tuple[Card, ...]]] = []
        self.lead: tricks.Lead | None = None  # the current trick's lead, as played
        # A failed throw (甩牌失败) of the current trick, public: the others see what was thrown
        # and the card it was cut to (pajiwo.txt:105).
        self.failed_throw: dict[str, JSON] | None = None
        # How the current trick's lead was read (public): its units and, for a throw,
        # whether it stood (docs/rules/pajiwo.md#9, view()["trick"]["lead"]).
        self.lead_reading: dict[str, JSON] | None = None
        self.tricks_done: list[dict[str, JSON]] = []
        self.won_cards: list[Card] = []  # cards of finished tricks (for conservation)
        self.points = [0, 0]
        self.kitty_bonus: dict[str, JSON] | None = None
        if self.options.deal == "all_at_once":
            self._deal_cards(DEALT)
            self.phase = "auction"
            self.turn = start_seat
        else:
            self.phase = "dealing"

    def _deal_cards(self, count: int) -> list[tuple[int, Card]]:
        """Deal the next ``count`` cards one at a time counter-clockwise from the start seat."""
        out = []
        end = min(DEALT, self.deal_pos + count)
        for i in range(self.deal_pos, end):
            seat = (self.start_seat + i) % 4
            card = self.undealt[i]
            self.hands[seat].append(card)
            out.append((seat, card))
        self.deal_pos = end
        return out

    # ================================================================== helpers
    @property
    def dealer_team(self) -> int | None:
        return None if self.dealer is None else self.dealer % 2

    def _declare_level(self, seat: int) -> int:
        """The level a seat declares with: its own side's in a 抢庄 deal, else the dealer's."""
        if self.level is None:
            return self.levels[seat % 2]
        return self.level

    def _order(self) -> tricks.TrumpOrder:
        assert self.order is not None
        return self.order

    def _sorted(self, cards: Sequence[Card]) -> list[Card]:
        """Display order: by the trump order, or the standing declaration's while cards arrive."""
        if self.order is not None:
            return self.order.sorted(cards)
        if self.standing is not None:
            level = self.level or self.levels[self.standing.seat % 2]
            return tricks.trump_order(Rank(level), self.standing.suit).sorted(cards)
        return sorted(cards, key=_plain_key)

    def unseen_by(self, seat: int) -> list[Card]:
        """Cards ``seat`` cannot see now: the deck less its hand, the cards played this hand
        and the kitty it buried. Public knowledge plus its own, so bots may use it."""
        seen = Counter(self.hands[seat])
        seen.update(self.won_cards)
        seen.update(c for _, p in self.trick_plays for c in p)
        if self.kitty_seen_by == seat:
            seen.update(self.kitty)
        return list((DECK_COUNT - seen).elements())

    def _parse_cards(self, action: Action, count: int | None = None) -> list[Card]:
        raw = action.data.get("cards")
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise IllegalAction(
                "bad_cards",
                f"{action.kind} needs data {{'cards': [card, ...]}}, not {raw!r}",
                {"kind": action.kind},
            )
        try:
            cards = [card_of(x) for x in raw]
        except CardParseError as exc:
            raise IllegalAction("bad_cards", str(exc), {"cards": raw}) from None
        if count is not None and len(cards) != count:
            raise IllegalAction(
                "wrong_count",
                f"{action.kind} takes exactly {count} cards, not {len(cards)}",
                {"count": count, "given": len(cards)},
                "pajiwo.txt:69" if action.kind == "bury" else "",
            )
        if not cards:
            raise IllegalAction("bad_cards", f"{action.kind} needs at least one card", {})
        return cards

    def _require_held(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self.hands[seat]
        if len(cards) <= 4:
            # the common case by identity (shared instances, deck.card_of), without two Counters
            for card in cards:
                if sum(1 for held in hand if held is card) < sum(1 for c in cards if c is card):
                    break
            else:
                return
        have = Counter(hand)
        for card, n in Counter(cards).items():
            if have[card] < n:
                times = "" if n == 1 else f" {n} times"
                held = f" (you hold {have[card]})" if have[card] else ""
                raise IllegalAction(
                    "not_in_hand",
                    f"you do not hold {format_card(card)}{times}{held}",
                    {"card": format_card(card), "count": n},
                )

    def _remove(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self.hands[seat]
        for card in cards:
            # cards are the deck's shared instances (deck.card_of): finding the same object
            # skips Card.__eq__ for every card before it; list.remove is the fallback
            for i, held in enumerate(hand):
                if held is card:
                    del hand[i]
                    break
            else:
                hand.remove(card)

    # ================================================================ decisions
    def pending(self) -> list[Decision]:
        """Who may act now (see the module docstring for the phases)."""
        phase = self.phase
        if phase == "dealing":
            delay = self.options.deal_delay_ms / 1000
            prompt = "deal the next cards" if self.deal_pos < DEALT else "end the deal"
            out = [Decision(None, ("deal",), True, delay, prompt)]
            out += [
                Decision(s, ("declare", "pass"), False, None, "declare trump (亮主) if you can")
                for s in range(4)
            ]
            return out
        if phase in ("auction", "pajiwo"):
            assert self.turn is not None
            prompt = "declare trump or pass" if phase == "auction" else "overcall (扒鸡窝) or pass"
            return [Decision(self.turn, ("declare", "pass"), True, None, prompt)]
        if phase == "rebel":
            return [
                Decision(s, ("rebel", "pass"), True, None, "造反 or pass")
                for s in self.rebel_pending
            ]
        if phase == "bury":
            assert self.kitty_owner is not None
            return [Decision(self.kitty_owner, ("bury",), True, None, "bury 8 cards (扣底)")]
        if phase == "play":
            assert self.turn is not None
            prompt = "lead a trick" if not self.trick_plays else "follow the trick"
            return [Decision(self.turn, ("play",), True, None, prompt)]
        if phase == "hand_over":
            delay = self.options.next_hand_delay_ms / 1000
            return [Decision(None, ("next_hand",), True, delay, "deal the next hand")]
        return []

    def _turn_error(self, seat: int | None, kind: str) -> IllegalAction:
        waiting = sorted({d.seat for d in self.pending() if d.seat is not None and d.required})
        if self.phase == "match_over":
            return IllegalAction("match_over", "the match is over", {})
        if waiting and seat not in waiting:
            who = " or ".join(f"seat {s}" for s in waiting)
            return IllegalAction(
                "not_your_turn", f"it is {who}'s turn", {"seat": seat, "turn": waiting}
            )
        kinds = sorted({k for d in self.pending() if d.seat == seat for k in d.kinds})
        can = ", ".join(kinds) if kinds else "nothing"
        return IllegalAction(
            "wrong_phase",
            f"you cannot {kind} now ({self.phase}): you may {can}",
            {"kind": kind, "phase": self.phase},
        )

    # ==================================================================== check
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` may be applied now; changes nothing."""
        self._checked = (action, self._validate(action))

    def _validate(self, action: Action) -> Any:
        """Check ``action`` and return what applying it needs (parsed cards, readings)."""
        seat, kind = action.seat, action.kind
        if not isinstance(action.data, Mapping):
            raise IllegalAction(
                "bad_data",
                f"action data must be an object such as {{'cards': ['BJ', '2h']}}, "
                f"not {action.data!r}",
                {"data": repr(action.data)},
            )
        if seat is not None and not is_seat(seat):
            raise IllegalAction(
                "bad_seat", f"there is no seat {seat!r}: seats are 0-3", {"seat": seat}
            )
        allowed = any(d.seat == seat and kind in d.kinds for d in self.pending())
        if not allowed:
            known = ("deal", "declare", "pass", "rebel", "bury", "play", "next_hand")
            if not isinstance(kind, str) or kind not in known:
                raise IllegalAction(
                    "unknown_action",
                    f"{kind!r} is not a Pajiwo action: {', '.join(sorted(known))}",
                    {"kind": kind},
                )
            raise self._turn_error(seat, kind)
        if seat is None or kind == "pass":
            return None
        if kind == "declare":
            return self._validate_declare(seat, action)
        if kind == "rebel":
            pts = card_points(self.hands[seat])
            if pts >= self.options.rebel_below:
                raise IllegalAction(
                    "rebel_points",
                    f"造反 needs fewer than {self.options.rebel_below} points in hand: "
                    f"you hold {pts}",
                    {"points": pts, "limit": self.options.rebel_below},
                    "pajiwo.txt:65",
                )
            return None
        if kind == "bury":
            cards = self._parse_cards(action, KITTY_SIZE)
            self._require_held(seat, cards)
            return cards
        if kind == "play":
            cards = self._parse_cards(action)
            self._require_held(seat, cards)
            return self._validate_play(seat, cards)
        raise self._turn_error(seat, kind)  # pragma: no cover - pending() lists every kind

    def _validate_declare(self, seat: int, action: Action) -> Declaration:
        """Read a declaration (亮主) and check it beats the standing one by the ladder
        (pajiwo.txt:41-61), or reinforces (加固) the seat's own single (pajiwo.txt:43)."""
        cards = self._parse_cards(action)
        standing = self.standing
        level = Rank(self._declare_level(seat))
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
        self._require_held(seat, cards)
        new = read_declaration(seat, cards, level)
        if not is_reinforcement(standing, new):
            check_overcall(standing, new)
        return new

    def _validate_play(self, seat: int, cards: list[Card]) -> tricks.Lead | None:
        """A lead: its reading (single, pair, tractor, throw; pajiwo.txt:103); a follow: checked
        against the lead (follow suit, tractors, pairs; pajiwo.txt:101,107,109)."""
        order = self._order()
        if not self.trick_plays:
            lead = tricks.classify_lead(cards, order, self.rules)
            return lead
        assert self.lead is not None
        tricks.check_follow(self.lead, self.hands[seat], cards, order, self.rules)
        return None

    # ==================================================================== apply
    def _apply(self, action: Action) -> list[Event]:
        # apply() has just checked this very action object: reuse its reading
        checked = self._checked
        self._checked = None
        info = (
            checked[1] if checked is not None and checked[0] is action else self._validate(action)
        )
        kind = action.kind
        seat = action.seat
        if seat is None:
            if kind == "deal":
                return self._apply_deal()
            return self._apply_next_hand()
        if kind == "declare":
            return self._apply_declare(seat, info)
        if kind == "pass":
            return self._apply_pass(seat)
        if kind == "rebel":
            return self._apply_rebel(seat)
        if kind == "bury":
            return self._apply_bury(seat, info)
        return self._apply_play(seat, self._parse_cards(action), info)

    # ----------------------------------------------------------------- dealing
    def _apply_deal(self) -> list[Event]:
        """Deal the next round of a progressive deal, or close the declaring window."""
        if self.deal_pos < DEALT:
            dealt = self._deal_cards(4 * self.options.deal_round)
            return [
                Event(
                    "cards_dealt",
                    None,
                    {"count": len(dealt), "dealt": self.deal_pos},
                    f"{len(dealt)} cards dealt ({self.deal_pos} of {DEALT})",
                )
            ]
        return self._finish_deal()

    def _apply_declare(self, seat: int, new: Declaration) -> list[Event]:
        """Record a declaration. While dealing / in the auction it fixes trump and, in a 抢庄
        hand, the dealer (pajiwo.txt:49); in the 扒鸡窝 round the declarer takes the kitty
        (pajiwo.txt:77)."""
        standing = self.standing
        reinforce = is_reinforcement(standing, new)
        kind = "reinforce" if reinforce else ("declare" if standing is None else "overcall")
        self.standing = new
        self.declarations.append(
            {
                "seat": seat,
                "cards": asc(new.cards),
                "kind": kind,
                "phase": self.phase,
                "trump": new.suit.value if new.suit else None,
                "no_trump": new.no_trump,
            }
        )
        if self.phase == "dealing" or self.phase == "auction":
            if self.grab:
                self.dealer = seat  # 抢庄: the declarer (or overcaller) is dealer (pajiwo.txt:49)
            self._set_trump(new.suit)
            if self.phase == "auction":
                self.passes = 0
                self.turn = (seat + 1) % 4
        else:  # 扒鸡窝: the overcaller takes the kitty and buries 8 (pajiwo.txt:77)
            self._set_trump(new.suit)
            self._give_kitty(seat)
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
        if self.phase == "bury":
            events.append(self._kitty_event(seat))
        return events

    def _apply_pass(self, seat: int) -> list[Event]:
        """A pass: a no-op while dealing; declines 造反; in the auction and the 扒鸡窝 round it
        moves the turn on and ends the round when the others have all passed (pajiwo.txt:77)."""
        phase = self.phase
        if phase == "dealing":
            return []  # a no-op: "not now" while cards arrive
        if phase == "rebel":
            self.rebel_pending.remove(seat)
            if not self.rebel_pending:
                self._give_kitty(self._kitty_taker())
                return [self._kitty_event(self.kitty_owner)]
            return []
        self.passes += 1
        self.turn = (seat + 1) % 4
        if phase == "auction":
            needed = 3 if self.standing is not None else 4
            if self.passes >= needed:
                return self._finish_deal()
            return []
        # 扒鸡窝 round: over when the three others have passed since the last bury (pajiwo.txt:77)
        if self.passes >= 3:
            return self._start_play()
        return []

    def _set_trump(self, suit: Suit | None) -> None:
        self.trump_suit = suit
        self.no_trump = suit is None
        self.trump_fixed_by = "declaration"

    def _finish_deal(self) -> list[Event]:
        """The deal (and its declaring) is over: fix dealer, level and trump (pajiwo.txt:49-55)."""
        events: list[Event] = []
        if self.standing is None and not self.grab and not self.stepped_down:
            # 下台: the dealer steps down; the defenders deal and must declare their level.
            assert self.dealer is not None
            old = self.dealer
            self.dealer = (old + 1) % 4
            self.level = self.levels[self.dealer % 2]
            self.stepped_down = True
            self.phase = "auction"
            self.turn = self.dealer
            self.passes = 0
            return [
                Event(
                    "stepped_down",
                    old,
                    {"old_dealer": old, "dealer": self.dealer, "level": level_label(self.level)},
                    f"nobody declared: seat {old} steps down (下台); seat {self.dealer} deals at "
                    f"level {level_label(self.level)} and trump is declared again",
                )
            ]
        if self.standing is None:
            # A random kitty card fixes trump; a joker means no-trump (pajiwo.txt:55).
            if self.dealer is None:
                self.dealer = self.start_seat
            index = self._rng(self.redeals, "kitty").randrange(KITTY_SIZE)
            card = self.kitty[index]
            self.kitty_card = card
            self.trump_suit = card.suit
            self.no_trump = card.suit is None
            self.trump_fixed_by = "kitty_card"
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
        assert self.dealer is not None
        self.level = self.levels[self.dealer % 2]
        self._refresh_order()
        if self.redeals < self.options.rebels_per_hand:
            self.phase = "rebel"
            self.rebel_pending = [(self.dealer + 1) % 4, (self.dealer + 3) % 4]
            return events
        self._give_kitty(self._kitty_taker())
        events.append(self._kitty_event(self.kitty_owner))
        return events

    def _kitty_taker(self) -> int:
        """The dealer, or the partner whose declaration stands (pajiwo.txt:141)."""
        assert self.dealer is not None
        partner = (self.dealer + 2) % 4
        if not self.grab and self.standing is not None and self.standing.seat == partner:
            return partner
        return self.dealer

    def _refresh_order(self) -> None:
        assert self.level is not None
        self.order = tricks.trump_order(Rank(self.level), self.trump_suit)

    def _give_kitty(self, seat: int) -> None:
        self.picked_up = list(self.kitty)
        self.hands[seat].extend(self.kitty)
        self.kitty = []
        self.kitty_owner = seat
        self.kitty_seen_by = seat
        self.phase = "bury"
        if self.level is not None:
            self._refresh_order()

    def _kitty_event(self, seat: int | None) -> Event:
        return Event("kitty_taken", seat, {}, f"seat {seat} takes the kitty (底牌) and buries 8")

    def _apply_rebel(self, seat: int) -> list[Event]:
        """造反: redeal from the rebel as a 抢庄 hand (pajiwo.txt:65)."""
        points = card_points(self.hands[seat])
        self._start_hand(grab=True, start_seat=seat, redeals=self.redeals + 1)
        return [
            Event(
                "rebelled",
                seat,
                {"points": points},
                f"seat {seat} holds {points} points and calls 造反: the cards are redealt from "
                f"seat {seat} and the first to declare deals (抢庄)",
            )
        ]

    # ------------------------------------------------------------------ kitty
    def _apply_bury(self, seat: int, cards: list[Card]) -> list[Event]:
        """Bury 8 cards as the kitty (pajiwo.txt:69-71) and open the 扒鸡窝 round from the next
        player (pajiwo.txt:77)."""
        self._remove(seat, cards)
        self.kitty = list(cards)
        self.phase = "pajiwo"
        self.turn = (seat + 1) % 4
        self.passes = 0
        return [
            Event(
                "kitty_buried",
                seat,
                {"count": KITTY_SIZE},
                f"seat {seat} buries 8 cards; 扒鸡窝: the others may overcall in turn",
            )
        ]

    # ------------------------------------------------------------------- play
    def _start_play(self) -> list[Event]:
        """Trump is final (pajiwo.txt:79); the dealer leads the first trick (pajiwo.txt:81, 99)."""
        self._refresh_order()
        self.phase = "play"
        assert self.dealer is not None
        self.turn = self.dealer  # the dealer leads the first trick (pajiwo.txt:81, 99)
        self.trick_leader = self.dealer
        trump = "no-trump" if self.no_trump else f"{self.trump_suit} trump"
        assert self.level is not None
        return [
            Event(
                "play_started",
                self.dealer,
                {"trump": self.trump_suit.value if self.trump_suit else None},
                f"trump is fixed: {trump} at level {level_label(self.level)}; "
                f"seat {self.dealer} leads",
            )
        ]

    def _apply_play(self, seat: int, cards: list[Card], lead: tricks.Lead | None) -> list[Event]:
        """Play cards to the trick; a throw some other hand can beat is cut to its smallest
        card or, by option, the beaten unit (pajiwo.txt:105)."""
        order = self._order()
        events: list[Event] = []
        if not self.trick_plays:
            assert lead is not None  # _validate_play read the lead
            played: tuple[Card, ...] = tuple(cards)
            thrown = lead
            stood = True
            if tricks.is_throw(lead):
                others = {(seat + k) % 4: self.hands[(seat + k) % 4] for k in (1, 2, 3)}
                ok, played, beaten_by = tricks.check_throw(lead, others, order, self.rules)
                stood = ok
                if not ok:
                    self.failed_throw = {
                        "seat": seat,
                        "cards": asc(cards),
                        "played": asc(played),
                        "beaten_by": beaten_by,
                    }
                    events.append(
                        Event(
                            "throw_failed",
                            seat,
                            {"cards": asc(cards), "played": asc(played), "beaten_by": beaten_by},
                            f"seat {seat}'s throw {format_cards(cards)} fails (seat {beaten_by} "
                            f"can beat it): {format_cards(played)} is played",
                        )
                    )
                    lead = tricks.classify_lead(list(played), order, self.rules)
            self.lead = lead
            self.trick_leader = seat
            self.lead_reading = {
                "seat": seat,
                **tricks.lead_json(lead),
                "throw": {"stood": stood, "units": tricks.units_json(thrown.units)}
                if tricks.is_throw(thrown)
                else None,
            }
        else:
            played = tuple(cards)
        self._remove(seat, played)
        self.trick_plays.append((seat, played))
        if len(self.trick_plays) < 4:
            self.turn = (seat + 1) % 4
            return events
        return events + self._finish_trick()

    def _finish_trick(self) -> list[Event]:
        """The trick's winner (ruffs and over-ruffs, pajiwo.txt:111-119) takes its points
        (pajiwo.txt:123) and leads next (pajiwo.txt:99); after the 25th trick the hand ends."""
        order = self._order()
        winner = tricks.trick_winner(self.trick_plays, order, self.rules)
        cards = [c for _, p in self.trick_plays for c in p]
        pts = card_points(cards)
        self.points[winner % 2] += pts
        self.won_cards.extend(cards)
        record: dict[str, JSON] = {
            "leader": self.trick_leader,
            "plays": [{"seat": s, "cards": asc(p)} for s, p in self.trick_plays],
            "winner": winner,
            "points": pts,
            "failed_throw": self.failed_throw,
            "lead": self.lead_reading,
        }
        self.tricks_done.append(record)
        events = [
            Event(
                "trick_won",
                winner,
                {"points": pts, "trick": len(self.tricks_done)},
                f"seat {winner} wins trick {len(self.tricks_done)}"
                + (f" with {pts} points" if pts else ""),
            )
        ]
        last_plays = self.trick_plays
        self.trick_plays = []
        self.lead = None
        self.failed_throw = None
        self.lead_reading = None
        self.trick_leader = winner
        self.turn = winner
        if any(self.hands):
            return events
        return events + self._finish_hand(winner, dict(last_plays)[winner])

    # -------------------------------------------------------------- scoring
    def _finish_hand(self, last_winner: int, winning_play: Sequence[Card]) -> list[Event]:
        """扣底 (pajiwo.txt:127-129), the result table, levels, next dealer and match end
        (pajiwo.txt:133-143, :func:`games.pajiwo.scoring.settle`)."""
        assert self.dealer is not None and self.level is not None
        events: list[Event] = []
        dealer_team = self.dealer % 2
        def_team = 1 - dealer_team
        kitty_pts = card_points(self.kitty)
        if last_winner % 2 == def_team:
            # 扣底: kitty points × the winning play's largest unit (pajiwo.txt:129)
            if self.options.kitty_multiplier == "double":
                mult = 2
            else:
                mult = tricks.kitty_multiplier(winning_play, self._order(), self.rules)
            bonus = kitty_pts * mult
            self.points[def_team] += bonus
            self.kitty_bonus = {
                "kitty_points": kitty_pts,
                "multiplier": mult,
                "bonus": bonus,
                "seat": last_winner,
            }
            events.append(
                Event(
                    "kitty_won",
                    last_winner,
                    dict(self.kitty_bonus),
                    f"扣底: seat {last_winner} wins the last trick; the kitty's {kitty_pts} points "
                    f"×{mult} = {bonus} go to the defenders",
                )
            )
        def_points = self.points[def_team]
        opts = self.options
        before = list(self.levels)
        st = settle(def_points, self.dealer, (before[0], before[1]), opts.match, opts.target_level)
        res, winner_team, up, next_dealer = st.outcome, st.winner_team, st.levels_up, st.next_dealer
        match_won = st.match_won
        self.levels = list(st.levels)
        self.hands_won[winner_team] += 1
        if res.takeover:
            text = f"defenders {def_points}: they take over the deal ({res.name})"
            if up:
                text += f" and go up {up}"
        else:
            text = f"defenders {def_points}: the dealer side goes up {up} ({res.name})"
        summary: dict[str, JSON] = {
            "dealer": self.dealer,
            "dealer_team": list(TEAMS[dealer_team]),
            "level": level_label(self.level),
            "trump": self.trump_suit.value if self.trump_suit else None,
            "no_trump": self.no_trump,
            "defenders_points": def_points,
            "kitty": asc(self.kitty),
            "kitty_bonus": self.kitty_bonus,
            "result": res.name,
            "takeover": res.takeover,
            "levels_up": up,
            "winner_team": list(TEAMS[winner_team]),
            "levels_before": [level_label(x) for x in before],
            "levels_after": [level_label(x) for x in self.levels],
            "next_dealer": next_dealer,
        }
        result = HandResult(
            self.hand_number, TEAMS, (self.points[0], self.points[1]), summary, text
        )
        self._hand_results.append(result)
        events.append(Event("hand_over", None, result.to_json(), text))
        if up:
            events.append(
                Event(
                    "level_up",
                    None,
                    {
                        "team": list(TEAMS[winner_team]),
                        "up": up,
                        "level": level_label(self.levels[winner_team]),
                    },
                    f"seats {TEAMS[winner_team][0]} & {TEAMS[winner_team][1]} go up {up} to "
                    f"{level_label(self.levels[winner_team])}",
                )
            )
        self.dealer = next_dealer
        self.phase = "hand_over"
        self.turn = None
        if match_won:
            self.phase = "match_over"
            ranks = (1, 2) if winner_team == 0 else (2, 1)
            self._match_result = MatchResult(
                TEAMS,
                ranks,
                (self.levels[0], self.levels[1]),
                {
                    "levels": [level_label(x) for x in self.levels],
                    "hands": self.hand_number,
                    "hands_won": list(self.hands_won),
                },
                f"seats {TEAMS[winner_team][0]} & {TEAMS[winner_team][1]} win the match",
            )
            events.append(
                Event("match_over", None, self._match_result.to_json(), self._match_result.text)
            )
        return events

    def _apply_next_hand(self) -> list[Event]:
        """Deal the next hand with the dealer the last result named (pajiwo.txt:139, 143)."""
        self.hand_number += 1
        self._start_hand(grab=False, start_seat=None, redeals=0)
        assert self.dealer is not None
        return [
            Event(
                "hand_started",
                self.dealer,
                {"hand": self.hand_number, "dealer": self.dealer},
                f"hand {self.hand_number}: seat {self.dealer} deals at level "
                f"{level_label(self.levels[self.dealer % 2])}",
            )
        ]

    # ============================================================ legal actions
    def legal_actions(self, seat: int, limit: int | None = None) -> list[Action]:
        """Legal actions for ``seat`` now, most useful first (see :meth:`Game.legal_actions`).

        Declarations strongest first then pass; rebel before pass; for a bury, a
        few sensible sets of 8 (:meth:`check` accepts any 8 held cards); for
        play, the leads/follows of :mod:`games.tricks`, at most
        :data:`FOLLOWS_LISTED` follows when ``limit`` is None.
        """
        kinds = {k for d in self.pending() if d.seat == seat for k in d.kinds}
        out: list[Action] = []
        if "declare" in kinds:
            level = Rank(self._declare_level(seat))
            for d in possible_declarations(seat, self.hands[seat], level, self.standing):
                out.append(Action(seat, "declare", {"cards": asc(d.cards)}))
            st = self.standing
            if st is not None and st.seat == seat and st.kind == "single":
                reinf = (st.cards[0], st.cards[1], st.cards[1])
                if Counter(self.hands[seat])[st.cards[1]] >= 2:
                    act = Action(seat, "declare", {"cards": asc(reinf)})
                    if act not in out:
                        out.insert(0, act)
        if "rebel" in kinds and card_points(self.hands[seat]) < self.options.rebel_below:
            out.append(Action(seat, "rebel"))
        if "pass" in kinds:
            out.append(Action(seat, "pass"))
        if "bury" in kinds:
            for cards in self.bury_candidates(seat):
                out.append(Action(seat, "bury", {"cards": asc(cards)}))
        if "play" in kinds:
            order = self._order()
            hand = self.hands[seat]
            if self.lead is None:
                unseen = self.unseen_by(seat)
                options = tricks.legal_leads(hand, order, self.rules, limit, unseen=unseen)
            else:
                cap = FOLLOWS_LISTED if limit is None else limit
                options = tricks.legal_follows(self.lead, hand, order, self.rules, cap)
            out += [Action(seat, "play", {"cards": asc(c)}) for c in options]
        return out[:limit] if limit is not None else out

    def bury_candidates(self, seat: int) -> list[list[Card]]:
        """A few sets of 8 cards ``seat`` could bury, the least useful first.

        1. the 8 lowest side cards that carry no points (keeps trumps and points);
        2. the 8 lowest cards by trump order, points allowed.
        """
        order = self._order()
        hand = self.hands[seat]
        weakest = sorted(hand, key=lambda c: (order.is_trump(c), order.strength(c), c.points))
        safe = sorted(
            (c for c in hand if not order.is_trump(c)),
            key=lambda c: (c.points > 0, order.strength(c)),
        )
        out: list[list[Card]] = []
        if len(safe) >= KITTY_SIZE:
            out.append(safe[:KITTY_SIZE])
        low = weakest[:KITTY_SIZE]
        if not out or Counter(low) != Counter(out[0]):
            out.append(low)
        return out

    # ===================================================================== views
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` sees (see :func:`games.pajiwo.views.seat_view`); ``None`` = spectator."""
        return views.seat_view(self, seat)

    def snapshot(self) -> dict[str, JSON]:
        """The whole derived state, all hands included (see :func:`games.pajiwo.views.snapshot`)."""
        return views.snapshot(self)

    def invariants(self) -> dict[str, bool]:
        """Self-checks (see :func:`games.pajiwo.views.invariants`); all True in a sound state."""
        return views.invariants(self)

    # ================================================================= results
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Partners sit opposite: ``((0, 2), (1, 3))`` (pajiwo.txt:33)."""
        return TEAMS

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._hand_results)

    @property
    def match_result(self) -> MatchResult | None:
        return self._match_result
