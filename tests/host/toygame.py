"""A small test-only game that implements the engine contract, to test the host without 扒鸡窝.

It exercises what the host must handle: table steps (``seat=None``) with
``delay_s`` (a progressive deal, the pause before the next hand), optional
decisions (bidding while cards arrive), several required seats at once (every
seat antes simultaneously), turns (tricks), and matches of several hands.

Rules, per hand: 26 cards (♠ and ♥, 2..A) shuffled from ``(seed, hand)``;
3 cards each. ``deal="progressive"``: 3 table steps ``deal`` give one card
each, and while cards arrive any seat may ``bid`` once (optional; a bid doubles
its team's trick points). ``deal="all_at_once"``: all cards at the start, no
bidding. Then every seat ``ante``s ``{"amount": 1|2}`` at once (required, any
order). Then 3 tricks: the leader is seat ``(hand - 1) % 4``; each plays one
card ``{"cards": ["As"]}``, following the led suit when it can; the highest
card of the led suit wins and leads next. A trick is worth 1 point (2 if the
winner's team bid) plus the antes in the last trick. After the hand a table
step ``next_hand`` (delay 2 s) deals the next, until ``hands`` hands are played;
teams are (0, 2) and (1, 3), the higher total ranks first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.base import (
    JSON,
    Action,
    Decision,
    Event,
    Game,
    GameOptions,
    HandResult,
    IllegalAction,
    MatchResult,
    Player,
    option,
)
from games.cards import Card, Rank, Suit, format_card, format_card_ascii, parse_card

TEAMS: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
DECK = tuple(Card(r, s) for s in (Suit.SPADES, Suit.HEARTS) for r in Rank if not r.is_joker)


@dataclass(frozen=True)
class ToyOptions(GameOptions):
    deal: str = option("progressive", "how cards are dealt", choices=("progressive", "all_at_once"))
    hands: int = option(2, "hands in a match", minimum=1, maximum=5)
    deal_delay_ms: int = option(1000, "live delay between deal steps", minimum=0, maximum=10000)


class ToyGame(Game):
    name = "toy"
    title = "玩具 Toy"
    seat_count = 4
    options_type = ToyOptions
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"standard": {}, "quick": {"hands": 1}}

    def __init__(self, seed: int, options: GameOptions | None = None) -> None:
        super().__init__(seed, options)
        assert isinstance(self.options, ToyOptions)
        self.opts: ToyOptions = self.options
        self.totals = [0, 0]
        self._hand_results: list[HandResult] = []
        self._match: MatchResult | None = None
        self._new_hand(1)

    # ------------------------------------------------------------ helpers
    def _new_hand(self, number: int) -> None:
        self.hand_no = number
        deck = list(DECK)
        random.Random(f"{self.seed}:{number}").shuffle(deck)
        self.undealt: list[Card] = deck
        self.hands: list[list[Card]] = [[] for _ in range(4)]
        self.played: list[Card] = []
        self.bids: set[int] = set()
        self.antes: dict[int, int] = {}
        self.trick: list[tuple[int, Card]] = []
        self.tricks_done = 0
        self.points = [0, 0]
        self.turn = (number - 1) % 4
        self.deals_done = 0
        if self.opts.deal == "all_at_once":
            for _ in range(3):
                self._deal_round()
            self.phase = "ante"
        else:
            self.phase = "dealing"

    def _deal_round(self) -> None:
        for seat in range(4):
            self.hands[seat].append(self.undealt.pop())
        self.deals_done += 1

    @staticmethod
    def team_of(seat: int) -> int:
        return seat % 2

    # ------------------------------------------------------------ the face
    def pending(self) -> list[Decision]:
        if self.phase == "dealing":
            out = [Decision(None, ("deal",), True, self.opts.deal_delay_ms / 1000, "deal")]
            out += [
                Decision(s, ("bid", "pass"), False, None, "bid if you like")
                for s in range(4)
                if s not in self.bids and self.hands[s]
            ]
            return out
        if self.phase == "ante":
            return [
                Decision(s, ("ante",), True, None, "ante") for s in range(4) if s not in self.antes
            ]
        if self.phase == "play":
            return [Decision(self.turn, ("play",), True, None, "play a card")]
        if self.phase == "hand_over":
            return [Decision(None, ("next_hand",), True, 2.0, "next hand")]
        return []

    def legal_actions(self, seat: int, limit: int | None = None) -> list[Action]:
        out: list[Action] = []
        kinds = {k for d in self.pending() if d.seat == seat for k in d.kinds}
        if "bid" in kinds:
            out += [Action(seat, "bid"), Action(seat, "pass")]
        if "ante" in kinds:
            out += [Action(seat, "ante", {"amount": 1}), Action(seat, "ante", {"amount": 2})]
        if "play" in kinds:
            for card in sorted(set(self._playable(seat)), key=lambda c: -int(c.rank)):
                out.append(Action(seat, "play", {"cards": [format_card_ascii(card)]}))
        return out[:limit] if limit is not None else out

    def _playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if self.trick:
            led = self.trick[0][1].suit
            same = [c for c in hand if c.suit == led]
            if same:
                return same
        return list(hand)

    def check(self, action: Action) -> None:
        pend = [d for d in self.pending() if d.seat == action.seat]
        kinds = {k for d in pend for k in d.kinds}
        if action.kind not in kinds:
            if self.phase == "match_over":
                raise IllegalAction("match_over", "the match is over")
            raise IllegalAction(
                "not_your_turn",
                f"seat {action.seat} cannot {action.kind} now",
                {"seat": action.seat, "kind": action.kind},
            )
        if action.kind == "ante" and action.data.get("amount") not in (1, 2):
            raise IllegalAction(
                "bad_ante", "an ante is 1 or 2", {"amount": action.data.get("amount")}
            )
        if action.kind == "play":
            assert action.seat is not None
            card = self._card(action)
            if card not in self.hands[action.seat]:
                raise IllegalAction("not_in_hand", f"you do not hold {format_card(card)}")
            if card not in self._playable(action.seat):
                led = self.trick[0][1].suit
                assert led is not None
                held = [c for c in self.hands[action.seat] if c.suit == led]
                raise IllegalAction(
                    "must_follow_suit",
                    f"you must follow {led.symbol}: you hold {format_card(held[0])}",
                    {"suit": led.symbol, "card": format_card(held[0])},
                    "toygame.py",
                )

    @staticmethod
    def _card(action: Action) -> Card:
        raw = action.data.get("cards")
        if not isinstance(raw, list) or len(raw) != 1:
            raise IllegalAction("bad_cards", "play exactly one card", {"cards": raw})
        try:
            return parse_card(str(raw[0]))
        except ValueError as exc:
            raise IllegalAction("bad_cards", str(exc)) from None

    def _apply(self, action: Action) -> list[Event]:
        seat = action.seat
        if action.kind == "deal":
            self._deal_round()
            if self.deals_done == 3:
                self.phase = "ante"
            return [Event("dealt", None, {"round": self.deals_done})]
        if action.kind == "next_hand":
            self._new_hand(self.hand_no + 1)
            return [Event("new_hand", None, {"hand": self.hand_no})]
        if action.kind == "pass":
            return []
        assert seat is not None
        if action.kind == "bid":
            self.bids.add(seat)
            return [Event("bid", seat, {}, f"seat {seat} bids")]
        if action.kind == "ante":
            self.antes[seat] = int(action.data["amount"])
            if len(self.antes) == 4:
                self.phase = "play"
            return [Event("ante", seat, {})]
        if action.kind == "play":
            card = self._card(action)
            self.hands[seat].remove(card)
            self.trick.append((seat, card))
            self.turn = (seat + 1) % 4
            if len(self.trick) < 4:
                return [Event("played", seat, {"cards": [format_card_ascii(card)]})]
            return self._end_trick()
        raise AssertionError(action.kind)

    def _end_trick(self) -> list[Event]:
        led = self.trick[0][1].suit
        winner, _ = max(
            ((s, c) for s, c in self.trick if c.suit == led), key=lambda sc: int(sc[1].rank)
        )
        team = self.team_of(winner)
        worth = 2 if any(self.team_of(b) == team for b in self.bids) else 1
        self.tricks_done += 1
        if self.tricks_done == 3:
            worth += sum(self.antes.values())
        self.points[team] += worth
        self.played += [c for _, c in self.trick]
        self.trick = []
        self.turn = winner
        events = [Event("trick_won", winner, {"points": worth})]
        if self.tricks_done == 3:
            self.totals[0] += self.points[0]
            self.totals[1] += self.points[1]
            result = HandResult(
                self.hand_no, TEAMS, (self.points[0], self.points[1]), {"bids": sorted(self.bids)}
            )
            self._hand_results.append(result)
            events.append(Event("hand_over", None, result.to_json()))
            if self.hand_no >= self.opts.hands:
                self.phase = "match_over"
                a, b = self.totals
                ranks = (1, 1) if a == b else ((1, 2) if a > b else (2, 1))
                self._match = MatchResult(TEAMS, ranks, (a, b), {}, f"{a} to {b}")
                events.append(Event("match_over", None, self._match.to_json()))
            else:
                self.phase = "hand_over"
        return events

    def view(self, seat: int | None) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "phase": self.phase,
            "hand_no": self.hand_no,
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [[s, format_card_ascii(c)] for s, c in self.trick],
            "bids": sorted(self.bids),
            "anted": sorted(self.antes),
            "points": list(self.points),
            "totals": list(self.totals),
            "turn": self.turn if self.phase == "play" else None,
        }
        if seat is not None:
            out["seat"] = seat
            out["hand"] = [format_card_ascii(c) for c in self.hands[seat]]
        return out

    def snapshot(self) -> dict[str, JSON]:
        out = self.view(None)
        out.update(
            hands=[[format_card_ascii(c) for c in h] for h in self.hands],
            undealt=[format_card_ascii(c) for c in self.undealt],
            played=[format_card_ascii(c) for c in self.played],
            antes={str(k): v for k, v in sorted(self.antes.items())},
            results=[r.to_json() for r in self._hand_results],
        )
        return out

    def invariants(self) -> dict[str, bool]:
        every = (
            [c for h in self.hands for c in h]
            + self.undealt
            + self.played
            + [c for _, c in self.trick]
        )
        return {"cards_conserved": sorted(every) == sorted(DECK)}

    def teams(self) -> tuple[tuple[int, ...], ...] | None:
        return TEAMS

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._hand_results)

    @property
    def match_result(self) -> MatchResult | None:
        return self._match


class RandomToyBot:
    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        return rng.choice(game.legal_actions(seat))


class HeuristicToyBot:
    """Bids holding an ace, antes 1, plays its highest playable card."""

    def choose(self, game: Game, seat: int, rng: random.Random) -> Action:
        assert isinstance(game, ToyGame)
        legal = game.legal_actions(seat)
        kinds = {a.kind for a in legal}
        if "bid" in kinds:
            has_ace = any(c.rank == Rank.ACE for c in game.hands[seat])
            return Action(seat, "bid" if has_ace else "pass")
        if "ante" in kinds:
            return Action(seat, "ante", {"amount": 1})
        return legal[0]


GAME = ToyGame
BOTS: dict[str, Callable[[], Player]] = {"random": RandomToyBot, "heuristic": HeuristicToyBot}


def register() -> None:
    """Put the toy game into the registry (tests only)."""
    from games.registry import GAMES, GameSpec

    GAMES["toy"] = GameSpec("toy", "玩具", "Toy", "tests.host.toygame")


def unregister() -> None:
    from games.registry import GAMES

    GAMES.pop("toy", None)


__all__: list[str] = ["BOTS", "GAME", "ToyGame", "ToyOptions", "register", "unregister"]
