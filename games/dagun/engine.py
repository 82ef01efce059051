"""The 打滚 (Dagun) engine: a whole match at one table of four.

Seed: ``dagun_and_jinhua-mahjong.txt`` lines 1-75 (see ``docs/rules/dagun.md`` for every rule with
its line and every reading chosen). Combinations, readings with wild jokers, comparison and move
generation are the shared climbing machinery of :mod:`games.climbing`.

Phases of one hand::

    alone      (硬牌: each seat in turn from the dealer "declare_alone" / "pass"; option `alone`)
    play       (the seat on turn "play"s or "pass"es; a lead cannot pass)
    hand_over  (table "next_hand")
    match_over

Seats are numbered in play order (counter-clockwise, :47). The teams are secret: the dealer's
partner is the other holder of the called card (叫牌, :49) and nobody else knows who it is until
that card is played (明鸡, :55); :meth:`DagunGame.teams` is ``None`` until then.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.bare_moves import refuse_data
from games.base import JSON, Action, Decision, Event, Game, HandResult, IllegalAction, MatchResult
from games.cards import Card, CardParseError, format_card, format_cards
from games.climbing import (
    Combo,
    HandCounts,
    Play,
    beats,
    generate,
    readings,
)
from games.dagun import hand_end, views
from games.dagun.call import called_card
from games.dagun.deck import DECK, asc, card_of, card_points, is_seat
from games.dagun.options import PRESETS, DagunOptions
from games.dagun.plays import PlayRecord, play_actions
from games.dagun.scoring import bonuses_of

__all__ = ["DagunGame", "PlayRecord", "play_actions"]

SRC = "dagun_and_jinhua-mahjong.txt"
PLACES = ("first (一游)", "second (二游)", "third (三游)")


class DagunGame(Game):
    """打滚: 2 decks, 4 players, a secret partner, wild jokers.

    Actions (``seat`` 0..3; cards in any notation :func:`games.cards.parse_card` reads):

    * ``Action(s, "declare_alone")`` / ``Action(s, "pass")`` - 硬牌 or not, in turn (:51).
    * ``Action(s, "play", {"cards": [...], "as": "5566"})`` - lead or beat the last play (:53);
      ``as`` names the reading (:meth:`games.climbing.Combo.key`) and is needed only when the
      cards read several ways that are all legal now (55 + two jokers: 5555, 5566 or 4455).
    * ``Action(s, "pass")`` - decline to beat the last play.
    * ``Action(None, "next_hand")`` - deal the next hand after a hand's result.
    """

    name: ClassVar[str] = "dagun"
    title: ClassVar[str] = "打滚 Dagun"
    seat_count: ClassVar[int] = 4
    options_type: ClassVar[type[DagunOptions]] = DagunOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS

    options: DagunOptions

    def __init__(self, seed: int, options: DagunOptions | None = None) -> None:
        super().__init__(seed, options)
        self.rules = self.options.climb_rules()
        self.coins = [0, 0, 0, 0]
        self.hand_number = 1
        self.dealer = 0
        self._hand_results: list[HandResult] = []
        self._match_result: MatchResult | None = None
        self._start_hand(first=True)

    # ================================================================ hand set-up
    def _rng(self, *extra: object) -> random.Random:
        """The hand's RNG, seeded from (seed, hand number, purpose); never global."""
        return random.Random(
            ":".join(str(x) for x in ("dagun", self.seed, self.hand_number, *extra))
        )

    def _start_hand(self, first: bool) -> list[Event]:
        """Shuffle, deal 27 each one card at a time counter-clockwise, fix the dealer (:47) and
        the called card (:49), and note the bonus hands (:25-29)."""
        rng = self._rng()
        deck = list(DECK)
        rng.shuffle(deck)
        if first:
            # a random card is turned face up during the deal; its receiver deals (:47)
            start = rng.randrange(4)
            self.face_up: int | None = rng.randrange(len(deck))
            self.dealer = (start + self.face_up) % 4
        else:
            start = self.dealer  # later hands: the last 一游 deals and receives the first card
            self.face_up = None
        self.deal_start = start
        self.dealt: list[list[Card]] = [[], [], [], []]  # each seat's cards in the order dealt
        for i, card in enumerate(deck):
            self.dealt[(start + i) % 4].append(card)
        self.hands: list[list[Card]] = [list(h) for h in self.dealt]
        self.called, self.call_draws = called_card(self.dealt[self.dealer], first, rng)
        self.partner = next(
            s for s in range(4) if s != self.dealer and self.called in self.hands[s]
        )
        self.revealed = False
        self.alone: int | None = None
        # the sides of the hand just finished, kept while its end is shown (``true_teams``)
        self.finished_teams: tuple[tuple[int, ...], ...] | None = None
        self.bonuses = bonuses_of(self.hands)
        self.out: list[int] = []
        self.captured = [0, 0, 0, 0]
        self.left_points = 0  # 末游's unplayed points credited to 三游 (:59), still in its hand
        self.played: list[Card] = []  # every card played this hand
        self.round: list[dict[str, JSON]] = []  # this round's plays and passes, in order
        self.round_cards: list[Card] = []
        self.standing: PlayRecord | None = None
        self.passed: set[int] = set()
        self.history: list[dict[str, JSON]] = []  # this hand's plays and passes
        self.last_round: dict[str, JSON] | None = None
        self.jiefeng: dict[str, JSON] | None = None
        self.turn: int | None = self.dealer
        self.phase = "alone" if self.options.alone else "play"
        text = (
            f"hand {self.hand_number}: seat {self.dealer} deals and leads; the called card is "
            f"{format_card(self.called)}: its other holder is seat {self.dealer}'s secret partner"
        )
        return [
            Event(
                "hand_started",
                self.dealer,
                {"hand": self.hand_number, "dealer": self.dealer, "called": asc([self.called])[0]},
                text,
            )
        ]

    # ================================================================== helpers
    def partner_of(self, seat: int) -> int:
        """The true partner of ``seat`` (hidden information: views must not use it)."""
        if seat == self.dealer:
            return self.partner
        if seat == self.partner:
            return self.dealer
        return next(s for s in range(4) if s not in (self.dealer, self.partner, seat))

    def true_teams(self) -> tuple[tuple[int, ...], ...]:
        """The real sides of this hand, hidden or not: the lone player against three under 硬牌,
        else the dealer and partner against the other two."""
        if self.phase in ("hand_over", "match_over") and self.finished_teams is not None:
            return self.finished_teams  # ``dealer`` already names the next hand's dealer
        if self.alone is not None:
            return ((self.alone,), tuple(s for s in range(4) if s != self.alone))
        ours = tuple(sorted((self.dealer, self.partner)))
        return (ours, tuple(s for s in range(4) if s not in ours))

    def _next_holding(self, seat: int) -> int | None:
        """The next seat after ``seat`` (counter-clockwise) still holding cards."""
        for k in (1, 2, 3):
            s = (seat + k) % 4
            if self.hands[s]:
                return s
        return None

    def plays_for(self, seat: int) -> list[Play]:
        """Every play ``seat`` may make now (see :func:`games.climbing.generate`)."""
        target = self.standing.combo if self.standing is not None else None
        return generate(HandCounts.of(self.hands[seat]), self.rules, target)

    def _hides_call(self, seat: int) -> bool:
        return seat == self.partner and not self.revealed and self.alone is None

    # ================================================================ decisions
    def pending(self) -> list[Decision]:
        if self.phase == "match_over":
            return []
        if self.phase == "hand_over":
            delay = self.options.next_hand_delay_ms / 1000
            return [Decision(None, ("next_hand",), True, delay, "deal the next hand")]
        assert self.turn is not None
        if self.phase == "alone":
            return [
                Decision(self.turn, ("declare_alone", "pass"), prompt="硬牌: play 1 against 3?")
            ]
        if self.standing is None:
            return [Decision(self.turn, ("play",), prompt="lead any combination")]
        return [
            Decision(
                self.turn,
                ("play", "pass"),
                prompt=f"beat {format_cards(self.standing.cards)} "
                f"({self.standing.combo.label()}) or pass",
            )
        ]

    def legal_actions(self, seat: int, limit: int | None = None) -> list[Action]:
        """Legal actions for ``seat``, most useful first: ``pass`` before declaring alone; when
        following, ``pass``, then the plays that beat the last one (non-bombs from the lowest,
        fewest jokers first, then bombs from the weakest); when leading, every play. Each play
        names its reading (``as``). The hidden partner also gets, after each play that could
        keep the called card, the same play with it (which reveals the partnership)."""
        kinds = {k for d in self.pending() if d.seat == seat for k in d.kinds}
        out: list[Action] = []
        if "declare_alone" in kinds:
            out = [Action(seat, "pass"), Action(seat, "declare_alone")]
        elif "play" in kinds:
            if "pass" in kinds:
                out.append(Action(seat, "pass"))
            target = self.standing.combo if self.standing is not None else None
            hide = self.called if self._hides_call(seat) else None
            out += play_actions(seat, self.hands[seat], target, self.rules, hide, limit)
        return out[:limit] if limit is not None else out

    # ==================================================================== check
    def check(self, action: Action) -> None:
        self._validate(action)

    def _refuse(self, code: str, message: str, rule: str = "", **params: Any) -> IllegalAction:
        return IllegalAction(code, message, params, rule)

    def _validate(self, action: Action) -> tuple[list[Card], Combo] | None:
        """Check ``action``; for a play return its cards and reading. Raises IllegalAction."""
        kind = action.kind
        if not isinstance(action.data, Mapping):
            raise self._refuse("bad_data", "the action's data must be an object")
        if self.phase == "match_over":
            raise self._refuse("match_over", "the match is over")
        if action.seat is None:
            if kind != "next_hand":
                raise self._refuse("unknown_action", f"the table cannot {kind!r}", kind=kind)
            if self.phase != "hand_over":
                raise self._refuse("wrong_phase", "the hand is not over yet", kind=kind)
            return None
        seat = action.seat
        if not is_seat(seat):
            raise self._refuse(
                "bad_seat", f"there is no seat {seat!r}: seats are 0-3", seat=str(seat)
            )
        if kind not in ("play", "pass", "declare_alone"):
            raise self._refuse("unknown_action", f"{kind!r} is not a Dagun action", kind=kind)
        refuse_data(action, ("pass", "declare_alone"))
        if self.phase == "hand_over":
            raise self._refuse("wrong_phase", "the hand is over: wait for the next deal", kind=kind)
        if self.turn != seat:
            raise self._refuse("not_your_turn", f"it is seat {self.turn}'s turn", turn=self.turn)
        if self.phase == "alone":
            if kind == "play":
                raise self._refuse(
                    "wrong_phase", "first each seat says whether it plays alone (硬牌)", f"{SRC}:51"
                )
            return None
        if kind == "declare_alone":
            raise self._refuse(
                "wrong_phase", "硬牌 is declared before the first play", f"{SRC}:51", kind=kind
            )
        if kind == "pass":
            if self.standing is None:
                raise self._refuse(
                    "must_lead", "you have the lead: play any combination", f"{SRC}:53"
                )
            return None
        return self._validate_play(seat, action.data)

    def _validate_play(self, seat: int, data: Mapping[str, JSON]) -> tuple[list[Card], Combo]:
        raw = data.get("cards")
        if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
            raise self._refuse("bad_cards", "data.cards must be a list of card names")
        try:
            cards = [card_of(x) for x in raw]
        except CardParseError as exc:
            raise self._refuse("bad_cards", str(exc)) from None
        if not cards:
            raise self._refuse("empty_play", "a play needs at least one card", f"{SRC}:53")
        missing = Counter(cards) - Counter(self.hands[seat])
        if missing:
            shown = format_cards(sorted(missing.elements()))
            raise self._refuse("not_in_hand", f"you do not hold {shown}", cards=shown, card=shown)
        shown = format_cards(cards)
        combos = readings(cards, self.rules)
        if not combos:
            raise self._refuse(
                "not_a_combination",
                f"{shown} is no combination: play a single, pair, triple, consecutive pairs, "
                "plane or bomb, each alone",
                f"{SRC}:45",
                cards=shown,
            )
        wanted = data.get("as")
        if wanted is not None:
            if not isinstance(wanted, str):
                raise self._refuse("bad_data", "data.as must be a reading such as '5566'")
            named = [c for c in combos if c.key() == wanted.strip().upper() or c.key() == wanted]
            if not named:
                options = ", ".join(c.key() for c in combos)
                raise self._refuse(
                    "not_a_reading",
                    f"{shown} cannot be read as {wanted}: it reads as {options}",
                    f"{SRC}:35",
                    cards=shown,
                    reading=wanted,
                    readings=options,
                )
            combos = named
        if self.standing is not None:
            target = self.standing.combo
            beating = [c for c in combos if beats(c, target)]
            if not beating:
                last = format_cards(self.standing.cards)
                raise self._refuse(
                    "does_not_beat",
                    f"{shown} ({combos[0].label()}) does not beat {last} ({target.label()}): "
                    "play a higher one of the same kind and length, or a stronger bomb, or pass",
                    f"{SRC}:45",
                    cards=shown,
                    last=last,
                )
            combos = beating
        if len(combos) > 1:
            options = ", ".join(c.key() for c in combos)
            raise self._refuse(
                "ambiguous_reading",
                f"{shown} reads several ways ({options}): say which (as)",
                f"{SRC}:35",
                cards=shown,
                readings=options,
            )
        return cards, combos[0]

    # ==================================================================== apply
    def _apply(self, action: Action) -> list[Event]:
        info = self._validate(action)
        seat = action.seat
        if seat is None:
            return self._apply_next_hand()
        if action.kind == "declare_alone":
            return self._apply_alone(seat)
        if action.kind == "pass":
            return self._apply_alone_pass(seat) if self.phase == "alone" else self._apply_pass(seat)
        assert info is not None
        return self._apply_play(seat, info[0], info[1])

    def _apply_alone(self, seat: int) -> list[Event]:
        """硬牌: the first declaration stands; play starts with the dealer's lead (:51)."""
        self.alone = seat
        self.phase = "play"
        self.turn = self.dealer
        return [
            Event(
                "alone_declared",
                seat,
                {"seat": seat},
                f"seat {seat} declares 硬牌: seat {seat} plays alone against the other three; "
                "only who goes out first counts",
            )
        ]

    def _apply_alone_pass(self, seat: int) -> list[Event]:
        nxt = (seat + 1) % 4
        if nxt == self.dealer:
            self.phase = "play"
            self.turn = self.dealer
            return [
                Event(
                    "play_started", self.dealer, {}, f"nobody plays alone; seat {self.dealer} leads"
                )
            ]
        self.turn = nxt
        return []

    def _apply_play(self, seat: int, cards: list[Card], combo: Combo) -> list[Event]:
        """Play onto the table (:53); the partner playing the called card reveals the teams
        (明鸡, :55); an empty hand goes out in the next place (:59)."""
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        record = PlayRecord(seat, tuple(cards), combo)
        self.played.extend(cards)
        self.round_cards.extend(cards)
        entry = record.to_json()
        self.round.append(entry)
        self.history.append(entry)
        self.standing = record
        self.passed = set()
        self.jiefeng = None
        events = [
            Event(
                "played",
                seat,
                entry,
                f"seat {seat} plays {format_cards(cards)} ({combo.label()} {combo.key()})",
            )
        ]
        if (
            not self.revealed
            and self.alone is None
            and seat == self.partner
            and self.called in cards
        ):
            self.revealed = True
            events.append(
                Event(
                    "partner_revealed",
                    seat,
                    {"seat": seat, "dealer": self.dealer, "called": asc([self.called])[0]},
                    f"明鸡: seat {seat} plays the called card {format_card(self.called)} and is "
                    f"seat {self.dealer}'s partner",
                )
            )
        if not hand:
            self.out.append(seat)
            place = len(self.out)
            events.append(
                Event(
                    "went_out",
                    seat,
                    {"seat": seat, "place": place},
                    f"seat {seat} goes out {PLACES[place - 1]}",
                )
            )
            if self._hand_ends():
                return events + self._finish_hand()
        nxt = self._next_holding(seat)
        assert nxt is not None
        self.turn = nxt
        return events

    def _hand_ends(self) -> bool:
        """硬牌: the first out ends the hand (reading of :51, :63). Otherwise 绑 (一游 and 二游 on
        one side, :65) or three out."""
        if self.alone is not None:
            return True
        if len(self.out) == 2:
            return self.partner_of(self.out[0]) == self.out[1]
        return len(self.out) >= 3

    def _apply_pass(self, seat: int) -> list[Event]:
        """A pass; when every other seat still holding cards has passed, the round ends: its
        points go to the player whose play stood (:67) and that player leads, or, if they are
        out, the lead passes by 接风 (:57)."""
        assert self.standing is not None
        self.passed.add(seat)
        entry: dict[str, JSON] = {"seat": seat, "pass": True}
        self.round.append(entry)
        self.history.append(entry)
        stood = self.standing.seat
        holding = {s for s in range(4) if self.hands[s] and s != stood}
        if not holding <= self.passed:
            nxt = self._next_holding(seat)
            assert nxt is not None
            self.turn = nxt
            return []
        pts = card_points(self.round_cards)
        events: list[Event] = []
        if self.hands[stood]:
            leader = stood
        else:
            leader = self._jiefeng_target(stood)
            how = "their partner" if self.revealed and self.alone is None else "the next player"
            self.jiefeng = {"from": stood, "to": leader}
            events.append(
                Event(
                    "jiefeng",
                    leader,
                    {"from": stood, "to": leader},
                    f"接风: nobody beats seat {stood}'s last play; the lead passes to {how}, "
                    f"seat {leader}",
                )
            )
        taker = stood if self.options.points_to == "stood" else leader
        self.captured[taker] += pts
        self.last_round = {
            "plays": list(self.round),
            "stood": stood,
            "points": pts,
            "taker": taker,
            "leader": leader,
        }
        text = f"seat {stood}'s play stands"
        if pts:
            text += f": seat {taker} takes {pts} points"
        events.insert(
            0, Event("round_won", stood, {"seat": stood, "points": pts, "taker": taker}, text)
        )
        self.round = []
        self.round_cards = []
        self.standing = None
        self.passed = set()
        self.turn = leader
        return events

    def _jiefeng_target(self, stood: int) -> int:
        """接风 (:57): the partner once revealed, else the next player; a seat already out is
        skipped to the next seat holding cards (reading)."""
        revealed = self.revealed and self.alone is None
        target = self.partner_of(stood) if revealed else (stood + 1) % 4
        if not self.hands[target]:
            nxt = self._next_holding(target)
            assert nxt is not None
            return nxt
        return target

    # ------------------------------------------------------------------- scoring
    def _finish_hand(self) -> list[Event]:
        return hand_end.finish_hand(self)

    def _rank_match(self) -> MatchResult:
        return hand_end.rank_match(self)

    def _apply_next_hand(self) -> list[Event]:
        self.hand_number += 1
        return self._start_hand(first=False)

    # ===================================================================== views
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` sees (see :func:`games.dagun.views.seat_view`); ``None`` = spectator."""
        return views.seat_view(self, seat)

    def snapshot(self) -> dict[str, JSON]:
        """The whole state, all hands and the secret partner included."""
        return views.snapshot(self)

    def invariants(self) -> dict[str, bool]:
        """``cards_conserved`` and ``points_total`` (see :func:`games.dagun.views.invariants`)."""
        return views.invariants(self)

    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        """The sides as publicly known: ``None`` while the partner is secret; the lone player
        against three under 硬牌; the pairs once the called card is played (明鸡, :55)."""
        if self.alone is not None or self.revealed:
            return self.true_teams()
        return None

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._hand_results)

    @property
    def match_result(self) -> MatchResult | None:
        return self._match_result

    def seen_cards(self) -> Sequence[Card]:
        """Cards played this hand (public)."""
        return list(self.played)
