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

from games.bare_moves import refuse_data
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
)
from games.pajiwo import dealing, playing, views
from games.pajiwo import play as tricks
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
    possible_declarations,
)
from games.pajiwo.options import PRESETS, PajiwoOptions
from games.pajiwo.scoring import card_points, level_label
from games.tricks.held import not_held

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
                raise IllegalAction("not_in_hand", *not_held(format_card(card), n, have[card]))

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
                Decision(s, ("rebel", "pass"), True, None, "造反 rebel or pass")
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
        refuse_data(action, ("pass", "rebel"))
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
        return dealing.validate_declare(self, seat, action)

    def _validate_play(self, seat: int, cards: list[Card]) -> tricks.Lead | None:
        return playing.validate_play(self, seat, cards)

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
        return dealing.apply_deal(self)

    def _apply_declare(self, seat: int, new: Declaration) -> list[Event]:
        return dealing.apply_declare(self, seat, new)

    def _apply_pass(self, seat: int) -> list[Event]:
        return dealing.apply_pass(self, seat)

    def _set_trump(self, suit: Suit | None) -> None:
        return dealing.set_trump(self, suit)

    def _finish_deal(self) -> list[Event]:
        return dealing.finish_deal(self)

    def _kitty_taker(self) -> int:
        return dealing.kitty_taker(self)

    def _refresh_order(self) -> None:
        return dealing.refresh_order(self)

    def _give_kitty(self, seat: int) -> None:
        return dealing.give_kitty(self, seat)

    def _kitty_event(self, seat: int | None) -> Event:
        return dealing.kitty_event(self, seat)

    def _apply_rebel(self, seat: int) -> list[Event]:
        return dealing.apply_rebel(self, seat)

    # ------------------------------------------------------------------ kitty
    def _apply_bury(self, seat: int, cards: list[Card]) -> list[Event]:
        return dealing.apply_bury(self, seat, cards)

    # ------------------------------------------------------------------- play
    def _start_play(self) -> list[Event]:
        return playing.start_play(self)

    def _apply_play(self, seat: int, cards: list[Card], lead: tricks.Lead | None) -> list[Event]:
        return playing.apply_play(self, seat, cards, lead)

    def _finish_trick(self) -> list[Event]:
        return playing.finish_trick(self)

    # -------------------------------------------------------------- scoring
    def _finish_hand(self, last_winner: int, winning_play: Sequence[Card]) -> list[Event]:
        return playing.finish_hand(self, last_winner, winning_play)

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
