"""The 打滚子 (Dagunzi) engine: a whole match (one or more 轮) at one table of four.

Seed: ``dagunzi.txt``; every rule with its line and every reading: ``docs/rules/dagunzi.md``.
The trick-taking itself (card order, units, following, ruffs) is :mod:`games.tricks`; the
pure rules of this game (declarations, blood, tribute, the kitty, results) are
:mod:`games.dagunzi.rules`.

Phases of one hand, in order::

    dealing        table "deal" steps; a live table: anyone may "declare" (optional)
    declare_round  asynchronous table, after a deal step: the seats that can declare, in turn
    tribute        table "tribute" step: the dealer's previous seat pays its blood (喝血)
    bury           the dealer takes the kitty and "bury"s 6 (not in 干锅)
    bury_jokers    the other seats in turn: "bury_jokers" or "pass"
    take_back      a seat that buried jokers chooses among equal smallest cards ("take")
    play           39 tricks ("play")
    hand_over      table "next_hand"
    match_over

Seats are in play order (counter-clockwise); partners 0 & 2 and 1 & 3; team = seat % 2.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.bare_moves import refuse_data
from games.base import JSON, Action, Decision, Event, Game, HandResult, IllegalAction, MatchResult
from games.cards import BIG_JOKER, Card, CardParseError, Rank, Suit, format_cards
from games.dagunzi import dealing, kitty, moves, playing, results, views
from games.dagunzi import rules as R
from games.dagunzi.deck import (
    DEALT,
    DECK,
    DECK_COUNT,
    KITTY_SIZE,
    TEAMS,
    asc,
    card_of,
    is_seat,
    level_label,
)
from games.dagunzi.moves import FOLLOWS_LISTED
from games.dagunzi.options import PRESETS, DagunziOptions
from games.tricks import Lead, TrumpOrder, classify_lead
from games.tricks.held import not_held

__all__ = ["FOLLOWS_LISTED", "DagunziGame"]

_KINDS = ("deal", "declare", "pass", "tribute", "bury", "bury_jokers", "take", "play", "next_hand")
_SUIT_RANK = {None: 0, Suit.SPADES: 1, Suit.HEARTS: 2, Suit.CLUBS: 3, Suit.DIAMONDS: 4}


def _plain_key(card: Card) -> tuple[int, int]:
    """Display order before trump is known: jokers, then ♠ ♥ ♣ ♦, each high first."""
    return (_SUIT_RANK[card.suit], -int(card.rank))


class DagunziGame(Game):
    """打滚子: 3 decks, 4 players in two fixed partnerships, levels 3 to 10.

    Actions (seats 0..3, cards in any notation :func:`games.cards.parse_card` reads):

    * ``Action(None, "deal")`` - the next deal step, or the end of the deal.
    * ``Action(s, "declare", {"cards": ["BJ"]})`` - the first hand's grab (one 大王);
      later hands: 1-3 identical level cards, or three identical jokers with
      ``"suit": "H"`` (dagunzi.txt:29-37).
    * ``Action(s, "pass")`` - not declaring (a no-op while a live deal goes on), or not
      burying jokers.
    * ``Action(None, "tribute")`` - the tribute 喝血 is paid (dagunzi.txt:98-104).
    * ``Action(s, "bury", {"cards": [6 cards]})`` - the dealer buries the kitty (dagunzi.txt:43).
    * ``Action(s, "bury_jokers", {"cards": ["BJ", ...]})`` - another seat buries jokers
      (dagunzi.txt:46-48).
    * ``Action(s, "take", {"cards": [...]})`` - which of equal smallest kitty cards to take back.
    * ``Action(s, "play", {"cards": [...]})`` - lead or follow.
    * ``Action(None, "next_hand")``.
    """

    name: ClassVar[str] = "dagunzi"
    title: ClassVar[str] = "打滚子 Dagunzi"
    seat_count: ClassVar[int] = 4
    options_type: ClassVar[type[DagunziOptions]] = DagunziOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    options: DagunziOptions

    def __init__(self, seed: int, options: DagunziOptions | None = None) -> None:
        super().__init__(seed, options)
        opts = self.options
        self.mixed = None if opts.mixed_trump == "off" else _rank_of(opts.mixed_trump)
        self.levels = [3, 3]
        self.lun_number = 1
        self.luns_won = [0, 0]
        self.lun_winners: list[int] = []
        self.hand_number = 1
        self.dealer: int | None = None
        self.blood = 0  # tribute cards the next hand's dealer drinks
        self.blood_parts: dict[str, int] = {"score": 0, "jokers": 0}
        self.hands_won = [0, 0]
        self._hand_results: list[HandResult] = []
        self._match_result: MatchResult | None = None
        self._checked: tuple[Action, Any] | None = None
        self._start_hand(grab=True, redeals=0)

    # ================================================================ hand set-up
    def _rng(self, *extra: object) -> random.Random:
        key = ":".join(str(x) for x in ("dagunzi", self.seed, self.hand_number, *extra))
        return random.Random(key)

    def _start_hand(self, grab: bool, redeals: int) -> None:
        """Shuffle and start dealing: the first hand of a 轮 from a random seat (dagunzi.txt:62),
        later hands from the dealer (dagunzi.txt:64)."""
        rng = self._rng(redeals)
        deck = list(DECK)
        rng.shuffle(deck)
        self.grab = grab
        self.redeals = redeals
        if grab:
            self.dealer = None
            self.start_seat = rng.randrange(4)
        else:
            assert self.dealer is not None
            self.start_seat = self.dealer
        self.hands: list[list[Card]] = [[], [], [], []]
        self.undealt: list[Card] = deck[:DEALT]
        self.kitty: list[Card] = deck[DEALT:]
        self.deal_pos = 0
        self.level = 3 if grab else self.levels[self.dealer % 2]  # type: ignore[operator]
        self.order: TrumpOrder | None = None
        self.standing: R.Declaration | None = None
        self.declarations: list[dict[str, JSON]] = []
        self.grab_seat: int | None = None
        self.trump_suit: Suit | None = None
        self.trump_fixed_by: str | None = None
        self.trump_card: Card | None = None  # the card that fixed trump (grab, flip, draw)
        self.flips: list[dict[str, JSON]] = []
        self.declined: list[set[tuple[str, ...]]] = [set(), set(), set(), set()]
        self.asking: list[int] = []
        self.turn: int | None = None
        self.kitty_shown: list[Card] | None = None  # the kitty as shown to all (dagunzi.txt:42)
        self.gan = False
        self.tribute: dict[str, JSON] | None = None
        self.tribute_cards: list[Card] = []
        self.returned_cards: list[Card] = []
        self.owed = 0 if grab else self.blood
        self.kitty_taken = False
        self.kitty_public = False
        self.dealer_buried: list[Card] = []
        self.joker_queue: list[int] = []
        self.joker_buries: list[dict[str, JSON]] = []
        self.closed: str | None = None  # why the other seats may not bury jokers
        self.take_pending: tuple[int, list[Card], int] | None = None
        self.trick_leader: int | None = None
        self.trick_plays: list[tuple[int, tuple[Card, ...]]] = []
        self.lead: Lead | None = None
        self.tricks_done: list[dict[str, JSON]] = []
        self.won_cards: list[Card] = []
        self.points = [0, 0]
        self.kitty_bonus: dict[str, JSON] | None = None
        self.phase = "dealing"

    def _deal_cards(self, count: int) -> list[Event]:
        return dealing.deal_cards(self, count)

    def _fix_trump(self, suit: Suit, how: str, card: Card | None) -> Event:
        return dealing.fix_trump(self, suit, how, card)

    # ================================================================== helpers
    @property
    def dealer_team(self) -> int | None:
        return None if self.dealer is None else self.dealer % 2

    def _order(self) -> TrumpOrder:
        assert self.order is not None
        return self.order

    def sorted_hand(self, cards: Sequence[Card]) -> list[Card]:
        """Display order: trumps first by the hand's order, or the standing declaration's."""
        if self.order is not None:
            return self.order.sorted(cards)
        if self.standing is not None and self.standing.suit is not None:
            return R.trump_order(self.level, self.standing.suit, self.mixed).sorted(cards)
        return sorted(cards, key=_plain_key)

    def declaring_open(self) -> bool:
        """Declaring is open while the cards are dealt; the grab closes it (dagunzi.txt:29)."""
        return self.phase in ("dealing", "declare_round") and self.grab_seat is None

    def unseen_by(self, seat: int) -> list[Card]:
        """Cards ``seat`` cannot see now (public knowledge plus its own hand and kitty)."""
        seen = Counter(self.hands[seat])
        seen.update(self.won_cards)
        seen.update(c for _, p in self.trick_plays for c in p)
        if self.kitty_public or (seat == self.dealer and self.kitty_taken):
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
            raise IllegalAction(
                "bad_cards", str(exc), {"cards": raw, "text": " ".join(raw)}
            ) from None
        if count is not None and len(cards) != count:
            raise IllegalAction(
                "wrong_count",
                f"{action.kind} takes exactly {count} cards, not {len(cards)}",
                # expected/got: the names the shared Chinese detail (detail.wrong_count) reads
                {"count": count, "given": len(cards), "expected": count, "got": len(cards)},
                "dagunzi.txt:43" if action.kind == "bury" else "dagunzi.txt:46",
            )
        if not cards:
            raise IllegalAction("bad_cards", f"{action.kind} needs at least one card", {})
        return cards

    def _require_held(self, seat: int, cards: Sequence[Card]) -> None:
        have = Counter(self.hands[seat])
        for card, n in Counter(cards).items():
            if have[card] < n:
                raise IllegalAction("not_in_hand", *not_held(str(card), n, have[card]))

    def _remove(self, seat: int, cards: Sequence[Card]) -> None:
        hand = self.hands[seat]
        for card in cards:
            for i, held in enumerate(hand):
                if held is card:
                    del hand[i]
                    break
            else:
                hand.remove(card)

    # ============================================================== declaring
    def possible_declarations(self, seat: int) -> list[tuple[tuple[Card, ...], Suit | None]]:
        """What ``seat`` could declare now (strongest first); ``[]`` when declaring is closed."""
        if not self.declaring_open():
            return []
        if self.grab:
            return [((BIG_JOKER,), None)] if BIG_JOKER in self.hands[seat] else []
        return R.possible_declarations(self.hands[seat], self.level, self.standing)

    @staticmethod
    def _decl_key(cards: Sequence[Card], suit: Suit | None) -> tuple[str, ...]:
        return (*asc(list(cards)), suit.value if suit else "")

    def _new_capability(self, seat: int) -> bool:
        keys = {self._decl_key(c, s) for c, s in self.possible_declarations(seat)}
        return bool(keys - self.declined[seat])

    def _open_declare_round(self) -> None:
        return dealing.open_declare_round(self)

    def _next_asked(self) -> None:
        return dealing.next_asked(self)

    # ================================================================ decisions
    def pending(self) -> list[Decision]:
        """Who may act now (see the module docstring for the phases)."""
        phase = self.phase
        if phase == "dealing":
            live = self.options.deal == "progressive"
            delay = self.options.deal_delay_ms / 1000 if live else 0.0
            prompt = "deal the next cards" if self.deal_pos < DEALT else "end the deal"
            out = [Decision(None, ("deal",), True, delay, prompt)]
            if live and self.declaring_open():
                what = "grab the deal with a 大王 (抢亮)" if self.grab else "declare trump (亮主)"
                out += [Decision(s, ("declare", "pass"), False, None, what) for s in range(4)]
            return out
        if phase == "declare_round":
            assert self.turn is not None
            what = "grab the deal with a 大王 or pass" if self.grab else "declare trump or pass"
            return [Decision(self.turn, ("declare", "pass"), True, None, what)]
        if phase == "tribute":
            delay = self.options.deal_delay_ms / 1000
            return [Decision(None, ("tribute",), True, delay, "pay the tribute (喝血)")]
        if phase == "bury":
            assert self.dealer is not None
            return [Decision(self.dealer, ("bury",), True, None, "bury 6 cards (扣底)")]
        if phase == "bury_jokers":
            assert self.turn is not None
            return [
                Decision(
                    self.turn, ("bury_jokers", "pass"), True, None, "bury jokers (扣王) or pass"
                )
            ]
        if phase == "take_back":
            assert self.turn is not None
            return [Decision(self.turn, ("take",), True, None, "choose the cards to take back")]
        if phase == "play":
            assert self.turn is not None
            prompt = "lead a trick" if not self.trick_plays else "follow the trick"
            return [Decision(self.turn, ("play",), True, None, prompt)]
        if phase == "hand_over":
            delay = self.options.next_hand_delay_ms / 1000
            return [Decision(None, ("next_hand",), True, delay, "deal the next hand")]
        return []

    def _turn_error(self, seat: int | None, kind: str) -> IllegalAction:
        if self.phase == "match_over":
            return IllegalAction("match_over", "the match is over", {})
        if kind == "bury_jokers" and self.closed is not None and self.phase == "play":
            return self._closed_error()
        waiting = sorted({d.seat for d in self.pending() if d.seat is not None and d.required})
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

    def _closed_error(self) -> IllegalAction:
        reason = self.closed
        if reason == "gan_guo":
            return IllegalAction(
                "gan_guo",
                "the kitty is 干锅 (no trump-suit card, or all trump): nobody buries jokers",
                {},
                "dagunzi.txt:50-52",
            )
        if reason == "kitty_all_points":
            return IllegalAction(
                "kitty_all_points",
                "the dealer buried only point cards (and jokers): nobody else may bury jokers",
                {},
                "dagunzi.txt:49,53",
            )
        return IllegalAction(
            "kitty_no_small_cards",
            "the kitty holds no card to take back (only points and jokers): no more jokers",
            {},
            "dagunzi.txt:46-47",
        )

    # ==================================================================== check
    def check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` may be applied now; changes nothing."""
        self._checked = (action, self._validate(action))

    def _validate(self, action: Action) -> Any:
        seat, kind = action.seat, action.kind
        if not isinstance(action.data, Mapping):
            raise IllegalAction(
                "bad_data",
                f"action data must be an object such as {{'cards': ['BJ']}}, not {action.data!r}",
                {"data": repr(action.data)},
            )
        if seat is not None and not is_seat(seat):
            raise IllegalAction(
                "bad_seat", f"there is no seat {seat!r}: seats are 0-3", {"seat": seat}
            )
        if not any(d.seat == seat and kind in d.kinds for d in self.pending()):
            if not isinstance(kind, str) or kind not in _KINDS:
                raise IllegalAction(
                    "unknown_action",
                    f"{kind!r} is not a Dagunzi action: {', '.join(sorted(_KINDS))}",
                    {"kind": kind},
                )
            raise self._turn_error(seat, kind)
        refuse_data(action, ("pass",))
        if seat is None or kind == "pass":
            return None
        if kind == "declare":
            return self._validate_declare(seat, action)
        if kind == "bury":
            cards = self._parse_cards(action, KITTY_SIZE)
            self._require_held(seat, cards)
            self._check_joker_order(seat, cards)
            return cards
        if kind == "bury_jokers":
            return self._validate_bury_jokers(seat, action)
        if kind == "take":
            return self._validate_take(action)
        cards = self._parse_cards(action)
        self._require_held(seat, cards)
        order = self._order()
        if not self.trick_plays:
            return classify_lead(cards, order, R.RULES)
        assert self.lead is not None
        R.check_dagunzi_follow(self.lead, self.hands[seat], cards, order, self.options.bang)
        return None

    def _validate_declare(self, seat: int, action: Action) -> R.Declaration:
        return dealing.validate_declare(self, seat, action)

    def _check_joker_order(self, seat: int, cards: Sequence[Card]) -> None:
        return dealing.check_joker_order(self, seat, cards)

    def _validate_bury_jokers(self, seat: int, action: Action) -> list[Card]:
        cards = self._parse_cards(action)
        if any(not c.is_joker for c in cards):
            raise IllegalAction(
                "jokers_only",
                f"after the dealer, a seat buries jokers only, not {format_cards(cards)}",
                {"cards": format_cards(cards)},
                "dagunzi.txt:46",
            )
        self._require_held(seat, cards)
        # never refused for what the hidden kitty holds (a refusal would tell how many small
        # cards it has): more jokers than it can pay back are buried up to that number, the
        # rest stay in the hand, and the kitty is shown as every joker burial shows it
        # (reading of dagunzi.txt:46-47, docs/security.md)
        self._check_joker_order(seat, cards)
        return cards

    def _validate_take(self, action: Action) -> list[Card]:
        assert self.take_pending is not None
        _seat, tied, free = self.take_pending
        cards = self._parse_cards(action, free)
        if Counter(cards) - Counter(tied):
            raise IllegalAction(
                "not_smallest",
                f"take {free} of the smallest cards {format_cards(tied)}, not "
                f"{format_cards(cards)}",
                {"choices": format_cards(tied), "given": format_cards(cards)},
                "dagunzi.txt:47-48",
            )
        return cards

    # ==================================================================== apply
    def _apply(self, action: Action) -> list[Event]:
        checked = self._checked
        self._checked = None
        info = (
            checked[1] if checked is not None and checked[0] is action else self._validate(action)
        )
        kind, seat = action.kind, action.seat
        if seat is None:
            if kind == "deal":
                return self._apply_deal()
            if kind == "tribute":
                return self._apply_tribute()
            return self._apply_next_hand()
        if kind == "declare":
            return self._apply_declare(seat, info)
        if kind == "pass":
            return self._apply_pass(seat)
        if kind == "bury":
            return self._apply_bury(seat, info)
        if kind == "bury_jokers":
            return self._apply_bury_jokers(seat, info)
        if kind == "take":
            return self._apply_take(seat, info)
        return self._apply_play(seat, self._parse_cards(action), info)

    # ----------------------------------------------------------------- dealing
    def _apply_deal(self) -> list[Event]:
        return dealing.apply_deal(self)

    def _apply_declare(self, seat: int, new: R.Declaration) -> list[Event]:
        return dealing.apply_declare(self, seat, new)

    def _apply_pass(self, seat: int) -> list[Event]:
        return dealing.apply_pass(self, seat)

    def _redeal(self, why: str) -> list[Event]:
        return dealing.redeal(self, why)

    def _finish_deal(self) -> list[Event]:
        return dealing.finish_deal(self)

    def _flip(self) -> tuple[int, Card] | None:
        return dealing.flip(self)

    # ------------------------------------------------- tribute and kitty (kitty.py)
    def _apply_tribute(self) -> list[Event]:
        return kitty.pay_tribute(self)

    def _open_kitty(self) -> list[Event]:
        return kitty.open_kitty(self)

    def _apply_bury(self, seat: int, cards: list[Card]) -> list[Event]:
        return kitty.bury(self, seat, cards)

    def _next_joker_seat(self) -> list[Event]:
        return kitty.next_joker_seat(self)

    def _apply_bury_jokers(self, seat: int, jokers: list[Card]) -> list[Event]:
        return kitty.bury_jokers(self, seat, jokers)

    def _apply_take(self, seat: int, cards: list[Card]) -> list[Event]:
        return kitty.take_back(self, seat, cards)

    # ------------------------------------------------------------------- play
    def _start_play(self) -> list[Event]:
        return playing.start_play(self)

    def _apply_play(self, seat: int, cards: list[Card], lead: Lead | None) -> list[Event]:
        return playing.apply_play(self, seat, cards, lead)

    def _finish_trick(self) -> list[Event]:
        return playing.finish_trick(self)

    # -------------------------------------------------------------- scoring
    def _finish_hand(self, last_winner: int) -> list[Event]:
        """抠底, result, blood, levels, the 轮's end (:func:`games.dagunzi.results.finish_hand`)."""
        return results.finish_hand(self, last_winner)

    def _apply_next_hand(self) -> list[Event]:
        self.hand_number += 1
        grab = self.dealer is None  # a new 轮 starts with the grab (dagunzi.txt:78)
        self._start_hand(grab=grab, redeals=0)
        text = (
            f"hand {self.hand_number}: 轮 {self.lun_number} starts; show a 大王 to deal"
            if grab
            else f"hand {self.hand_number}: seat {self.dealer} deals at level "
            f"{level_label(self.level)}"
        )
        return [Event("hand_started", self.dealer, {"hand": self.hand_number}, text)]

    # ============================================================ legal actions
    def legal_actions(self, seat: int, limit: int | None = None) -> list[Action]:
        return moves.legal_actions(self, seat, limit)

    def bury_candidates(self, seat: int) -> list[list[Card]]:
        return moves.bury_candidates(self, seat)

    # ===================================================================== views
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` sees (:func:`games.dagunzi.views.seat_view`); ``None`` = spectator."""
        return views.seat_view(self, seat)

    def snapshot(self) -> dict[str, JSON]:
        return views.snapshot(self)

    def invariants(self) -> dict[str, bool]:
        return views.invariants(self)

    # ================================================================= results
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Partners sit opposite: ``((0, 2), (1, 3))`` (dagunzi.txt:10-11)."""
        return TEAMS

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._hand_results)

    @property
    def match_result(self) -> MatchResult | None:
        return self._match_result


def _rank_of(label: str) -> Rank:
    letters = {"J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE}
    return letters.get(label) or Rank(int(label))
