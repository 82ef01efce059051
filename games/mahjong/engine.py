"""The mahjong machinery every mahjong game shares: a whole match at one table of four.

A game subclasses :class:`MahjongGame`, gives its :class:`CoreRules` (flowers or not, a
reserved dead wall, one or several winners per discard, robbing the kong) and implements
the hooks that are its own rules: :meth:`MahjongGame.score_win` (value of a win, or the
refusal that forbids it) and :meth:`MahjongGame.settle` (who pays whom). Everything else is
here: wall and dice, deal, flower replacement (补花), draw and discard, claim windows,
kongs and their replacement draws, robbing the kong (抢杠), exhaustive draw (荒庄), the
dealer's rotation and the match.

Seats are numbered in play order (counter-clockwise): ``(s + 1) % 4`` is the next player
(下家). Phases of a hand::

    discard    the seat on turn holds 14 (counting melds as 3): "discard", maybe "kong", "win"
    claim      a claim window on a discard or an added kong: several seats pending at once
    hand_over  the result is in; table step "next_hand"
    match_over

Actions (tiles in ASCII notation, see :mod:`games.tiles`):

* ``Action(s, "discard", {"tile": "5p"})``
* ``Action(s, "kong", {"tile": "5p"})`` on one's turn: concealed (暗杠) or added (补杠);
  ``Action(s, "kong")`` in a window: an exposed kong (明杠) of the discard.
* ``Action(s, "pong")``, ``Action(s, "chow", {"tiles": ["4p", "6p"]})`` (the two tiles
  from the hand), ``Action(s, "win")``, ``Action(s, "pass")`` in a window.
* ``Action(s, "win")`` on one's turn: self-draw (自摸).
* ``Action(None, "next_hand")``: the table deals the next hand.
* ``Action(None, "close_window")``: the claim pause is over (option ``claim_pause_ms``).

Draws and flower replacements have no choice in them: the engine makes them itself
after the move that calls for them, and reports them as events (a drawn tile is never in
an event: events are public).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from games.bare_moves import refuse_data
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
)
from games.mahjong import claims, hand_end, shapes, turns, views
from games.mahjong.melds import (
    FLOWER_START,
    NAMES,
    Meld,
    is_flower,
    name,
    names,
    read_tile,
)
from games.mahjong.model import (
    PRIORITY,
    STANDING,
    STANDING_DECISIONS,
    ClaimWindow,
    CoreRules,
    HandEnd,
    Win,
    WinContext,
)
from games.mahjong.wall import Wall, deal_order
from games.tiles import full_tile_set

__all__ = [
    "ClaimWindow",
    "CoreRules",
    "HandEnd",
    "MahjongGame",
    "Win",
    "WinContext",
]


class MahjongGame(Game):
    """The shared engine. Subclasses set ``name``, ``title``, ``options_type``, ``presets``
    and implement :meth:`core_rules`, :meth:`score_win` and :meth:`settle`.

    Options the core reads from the options object when present (with these defaults):
    ``match`` (``"one_round"``, ``"four_rounds"``, ``"one_hand"``), ``max_hands`` (0 = no
    limit), ``next_hand_delay_ms`` (8000) and ``claim_pause_ms`` (0 = no claim pause): see
    :func:`games.mahjong.claims.pause_window`.
    """

    seat_count: ClassVar[int] = 4
    #: the seat that deals the next hand, set when a hand ends (:mod:`games.mahjong.hand_end`)
    next_dealer: int

    def __init__(self, seed: int, options: GameOptions | None = None) -> None:
        super().__init__(seed, options)
        self.core = self.core_rules()
        self.totals = [0, 0, 0, 0]
        self.hand_number = 1
        self.dealer = random.Random(f"{self.name}:{seed}:seats").randrange(4)
        self.first_dealer = self.dealer
        self.deal_passes = 0  # how many times the deal has moved on
        self.standing: list[dict[str, bool]] = [dict.fromkeys(STANDING, False) for _ in range(4)]
        self._hand_results: list[HandResult] = []
        self._match_result: MatchResult | None = None
        self._start_hand()

    # ================================================================ overridables
    def core_rules(self) -> CoreRules:
        """The machinery's parameters for this table (from ``self.options``)."""
        return CoreRules()

    def score_win(self, ctx: WinContext) -> Win | IllegalAction:
        """Value a complete hand, or return the refusal that forbids this win."""
        raise NotImplementedError

    def settle(self, end: HandEnd) -> tuple[list[int], dict[str, JSON], str]:
        """Score changes per seat, a summary and an English line for a finished hand."""
        raise NotImplementedError

    def after_flower(self, seat: int) -> HandEnd | None:
        """Called after each flower a seat lays out; a :class:`HandEnd` ends the hand."""
        return None

    def on_moved(self, seat: int) -> None:
        """Called when a seat draws or claims (its go-around starts again)."""

    def on_passed_win(self, seat: int, win: Win) -> None:
        """Called when a seat offered a discard win does not take it."""

    def shape_counts(self, counts: list[int]) -> tuple[list[int], int]:
        """``(natural counts, wild tiles)`` for the win-shape search. The core has no wilds;
        Jinhua takes its 财神 out as wilds here and lets 白板 play as the 财神's face."""
        return counts, 0

    def discard_refusal(self, seat: int, tile: int) -> IllegalAction | None:
        """A game's own refusal of a discard (Jinhua's 吃张打张 limit), or ``None``."""
        return None

    def on_window_resolved(self, window: ClaimWindow) -> None:
        """Called with every answer in once a window resolves (Jinhua's pong restriction)."""

    def after_deal(self) -> list[Event]:
        """Called once the hand is dealt, before the dealer's flowers (Jinhua turns up the
        财神 indicator here, into :attr:`set_aside`)."""
        return []

    def claim_kinds(self, seat: int, tile: int, kinds: list[str]) -> list[str]:
        """Last say over a seat's claim kinds on a discard (Jinhua: 财神 not claimable)."""
        return kinds

    # ================================================================== hand set-up
    def _rng(self, purpose: str) -> random.Random:
        return random.Random(f"{self.name}:{self.seed}:{self.hand_number}:{purpose}")

    def _start_hand(self) -> None:
        tiles = [t.index for t in full_tile_set(flowers=self.core.flowers)]
        self.total_tiles = len(tiles)
        self.wall = Wall.build(tiles, self._rng("wall"), self.core.dead_wall)
        self.hands: list[list[int]] = [[], [], [], []]
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.flowers: list[list[int]] = [[], [], [], []]
        self.river: list[list[tuple[int, str]]] = [[], [], [], []]  # (tile, "", "claimed", "won")
        self.had_turn = [False, False, False, False]
        self.claims_made = 0
        self.window: ClaimWindow | None = None
        self.windows_opened = 0  # this hand's windows, to draw each one's pause
        self.kong_tile: int | None = None  # an added kong's tile while it may be robbed
        self.drawn: int | None = None  # the tile the seat on turn just drew
        self.draw_kind: str | None = None  # "deal", "wall", "kong", "flower"; None after a claim
        self.end: HandEnd | None = None
        self.hand_deltas: list[int] | None = None
        self.set_aside: list[int] = []  # tiles out of play but public (Jinhua's indicator)
        for seat, n in deal_order(self.dealer):
            for _ in range(n):
                self.hands[seat].append(self.wall.draw())
        self.turn = self.dealer
        self.phase = "discard"
        self.draw_kind = "deal"
        self.pending_events: list[Event] = [
            Event(
                "hand_started",
                None,
                {"hand": self.hand_number, "dealer": self.dealer, "dice": list(self.wall.dice)},
                f"hand {self.hand_number}: seat {self.dealer} deals, dice "
                f"{self.wall.dice[0]}+{self.wall.dice[1]}",
            )
        ]
        self.pending_events += self.after_deal()
        self.pending_events += self._first_turn_flowers(self.dealer)

    def opening_events(self) -> list[Event]:
        """The first hand's start (who deals, the dice, the flowers laid out before the first
        discard), told as the game starts; a game rebuilt from its seed tells them with its
        first move again."""
        events, self.pending_events = self.pending_events, []
        return events

    # ====================================================================== helpers
    def counts(self, seat: int) -> list[int]:
        """The concealed part of ``seat`` as 34 counts (flowers not counted)."""
        return shapes.counts_of(self.hands[seat])

    def _concealed_size_ok(self, seat: int, extra: int) -> bool:
        n = sum(1 for t in self.hands[seat] if not is_flower(t)) + extra
        return n + 3 * len(self.melds[seat]) == 14

    def _ctx(self, seat: int, tile: int, source: str, from_seat: int | None) -> WinContext:
        counts = self.counts(seat)
        if source != "self_draw":
            counts[tile] += 1
        return WinContext(
            seat=seat,
            tile=tile,
            source=source,
            from_seat=from_seat,
            counts=tuple(counts),
            melds=tuple(self.melds[seat]),
            flowers=tuple(self.flowers[seat]),
            after_kong=source == "self_draw" and self.draw_kind == "kong",
            after_flower=source == "self_draw" and self.draw_kind == "flower",
            live_left=self.wall.live,
            discards_before=sum(len(r) for r in self.river),
            claims_before=self.claims_made,
        )

    def _shape_wins(self, seat: int, tile: int | None) -> bool:
        """True when the seat's concealed part (plus ``tile`` from outside) is complete."""
        extra = 0 if tile is None else 1
        if not self._concealed_size_ok(seat, extra):
            return False
        counts = self.counts(seat)
        if tile is not None:
            counts[tile] += 1
        natural, wilds = self.shape_counts(counts)
        return shapes.is_win(natural, wilds, self.core.seven_pairs and not self.melds[seat])

    def waits(self, seat: int) -> list[int]:
        """The kinds that would complete ``seat``'s 13-tile concealed part (empty if none)."""
        if not self._concealed_size_ok(seat, 1):
            return []
        seven = self.core.seven_pairs and not self.melds[seat]
        counts = self.counts(seat)
        if (
            self.shape_counts(counts)[1] == 0
            and type(self).shape_counts is MahjongGame.shape_counts
        ):
            return shapes.waits(counts, 0, seven)
        out = []
        for t in range(shapes.KINDS):
            if counts[t] < 4:
                counts[t] += 1
                natural, wilds = self.shape_counts(counts)
                if shapes.is_win(natural, wilds, seven):
                    out.append(t)
                counts[t] -= 1
        return out

    def _self_draw_win(self, seat: int) -> Win | IllegalAction | None:
        if self.draw_kind is None or not self._shape_wins(seat, None):
            return None
        tile = self.drawn if self.drawn is not None else self.hands[seat][-1]
        return self.score_win(self._ctx(seat, tile, "self_draw", None))

    def _kong_options(self, seat: int) -> list[int]:
        """Kinds the seat on turn may kong now: four concealed, or a pong plus the fourth."""
        if self.wall.live <= 0:
            return []  # no replacement tile would be left
        counts = self.counts(seat)
        out = [k for k in range(shapes.KINDS) if counts[k] == 4]
        out += [m.first for m in self.melds[seat] if m.kind == "pong" and counts[m.first]]
        return sorted(out)

    def _chow_options(self, seat: int, tile: int) -> list[tuple[int, int]]:
        if tile >= 27:
            return []
        counts = self.counts(seat)
        pos = tile % 9
        out = []
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if pos + a >= 0 and pos + b <= 8 and counts[tile + a] and counts[tile + b]:
                out.append((tile + a, tile + b))
        return out

    # ==================================================================== flowers
    def _lay_out_flowers(self, seat: int) -> tuple[list[Event], HandEnd | None]:
        return turns.lay_out_flowers(self, seat)

    def _first_turn_flowers(self, seat: int) -> list[Event]:
        return turns.first_turn_flowers(self, seat)

    # ======================================================================= turns
    def _draw_for(self, seat: int, replacement: bool = False) -> list[Event]:
        return turns.draw_for(self, seat, replacement)

    def _open_discard_window(self, seat: int, tile: int) -> list[Event]:
        return claims.open_discard_window(self, seat, tile)

    def _claim_pause(self) -> bool:
        return claims.claim_pause(self)

    def _pause_window(self, window: ClaimWindow) -> ClaimWindow:
        return claims.pause_window(self, window)

    # =================================================================== the face
    def pending(self) -> list[Decision]:
        """The required decisions of the moment, then every seat's optional ``standing``
        (its standing choices may be changed at any time; nobody waits for them)."""
        if self.phase == "match_over":
            return []
        return [*self._required(), *STANDING_DECISIONS]

    def _required(self) -> list[Decision]:
        if self.phase == "hand_over":
            delay = int(getattr(self.options, "next_hand_delay_ms", 8000)) / 1000
            return [Decision(None, ("next_hand",), True, delay, "deal the next hand")]
        if self.phase == "claim":
            window = self.window
            assert window is not None
            prompt = "claim the discard" if window.kind == "discard" else "rob the kong"
            out = [
                Decision(s, window.offers[s], True, None, prompt, private=True)
                for s in window.waiting
            ]
            if window.held:
                out.append(
                    Decision(None, ("close_window",), True, window.pause_s, "the claim pause")
                )
            return out
        kinds = ["discard"]
        if self._kong_options(self.turn):
            kinds.insert(0, "kong")
        if isinstance(self._self_draw_win(self.turn), Win):
            kinds.insert(0, "win")
        return [Decision(self.turn, tuple(kinds), True, None, "discard a tile")]

    def _not_your_turn(self, seat: int | None) -> IllegalAction:
        # never names the seats a window waits for: who may claim is private
        if self.phase == "claim":
            return IllegalAction(
                "not_your_turn", "you have no claim on this tile", {"seat": seat}, ""
            )
        return IllegalAction(
            "not_your_turn", f"it is seat {self.turn}'s turn", {"seat": seat, "turn": self.turn}
        )

    def check(self, action: Action) -> None:
        self._validate(action)

    def _validate(self, action: Action) -> Any:
        seat, kind = action.seat, action.kind
        if self.phase == "match_over":
            raise IllegalAction("match_over", "the match is over")
        if seat is None:
            if self.phase == "hand_over" and kind == "next_hand":
                return None
            window = self.window
            if self.phase == "claim" and kind == "close_window" and window and window.held:
                return None
            raise IllegalAction("not_a_table_step", f"{kind!r} is not a table step now")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            raise IllegalAction("bad_seat", f"seat must be 0-3, not {seat!r}", {"seat": seat})
        refuse_data(action, ("pass", "pong", "win"), "tiles")  # the same for every seat
        if kind == "standing":
            return self._validate_standing(action)
        if self.phase == "hand_over":
            raise IllegalAction("hand_over", "the hand is over: the next one is being dealt")
        if self.phase == "claim":
            return self._validate_claim(seat, action)
        if seat != self.turn:
            raise self._not_your_turn(seat)
        if kind == "discard":
            tile = read_tile(action.data.get("tile"))
            if tile not in self.hands[seat]:
                raise IllegalAction(
                    "tile_not_held",
                    f"you do not hold {name(tile)}",
                    {"tile": name(tile)},
                )
            refusal = self.discard_refusal(seat, tile)
            if refusal is not None:
                raise refusal
            return tile
        if kind == "kong":
            tile = read_tile(action.data.get("tile"))
            if tile not in self._kong_options(seat):
                raise IllegalAction(
                    "no_kong",
                    f"you cannot kong {name(tile)}: a kong needs four in hand, or your pong "
                    "and the fourth in hand, on your own turn, with a tile left to replace it",
                    {"tile": name(tile)},
                    "jintan-mahjong.txt:61-79",
                )
            return tile
        if kind == "win":
            win = self._self_draw_win(seat)
            if win is None:
                raise IllegalAction(
                    "not_complete",
                    "your hand is not complete: four sets and a pair, or seven pairs",
                    {},
                    "jintan-mahjong.txt:33",
                )
            if isinstance(win, IllegalAction):
                raise win
            return win
        raise IllegalAction(
            "not_open",
            f"you cannot {kind} now: discard, kong or win",
            {"kind": kind, "kinds": "discard, kong, win"},
        )

    def _validate_standing(self, action: Action) -> dict[str, bool]:
        data = dict(action.data)
        bad = [k for k in data if k not in STANDING or not isinstance(data[k], bool)]
        if bad:
            raise IllegalAction(
                "bad_standing",
                f"standing choices are {', '.join(STANDING)}, each true or false: not {bad[0]!r}",
                {"name": bad[0]},
            )
        return {k: bool(v) for k, v in data.items()}

    def _validate_claim(self, seat: int, action: Action) -> Any:
        return claims.validate_claim(self, seat, action)

    def _apply(self, action: Action) -> list[Event]:
        checked = self._validate(action)
        events = self.pending_events
        self.pending_events = []
        if action.kind == "standing":
            assert action.seat is not None
            self.standing[action.seat].update(checked)  # private: no event
        elif action.seat is None and action.kind == "close_window":
            window = self.window
            assert window is not None
            window.held = False
            events += [] if window.waiting else self._resolve(window)
        elif action.seat is None:
            events = self._next_hand()
        elif self.phase == "claim":
            events += self._answer(action.seat, action, checked)
        elif action.kind == "discard":
            events += self._discard(action.seat, checked)
        elif action.kind == "kong":
            events += self._own_kong(action.seat, checked)
        else:
            events += self._end_hand(HandEnd(wins=(checked,)))
        return events + self._standing_moves()

    def _standing_moves(self) -> list[Event]:
        return turns.standing_moves(self)

    # ================================================================= the moves
    def _discard(self, seat: int, tile: int) -> list[Event]:
        return turns.discard(self, seat, tile)

    def on_discarded(self, seat: int, tile: int) -> None:
        """Called after a seat discards (for go-around rules)."""

    def _own_kong(self, seat: int, tile: int) -> list[Event]:
        return turns.own_kong(self, seat, tile)

    def _complete_added_kong(self, seat: int, tile: int) -> list[Event]:
        return turns.complete_added_kong(self, seat, tile)

    def _answer(self, seat: int, action: Action, checked: Any) -> list[Event]:
        return claims.answer(self, seat, action, checked)

    def _resolve(self, window: ClaimWindow) -> list[Event]:
        return claims.resolve(self, window)

    def _claim(self, seat: int, action: Action, window: ClaimWindow) -> list[Event]:
        return claims.claim(self, seat, action, window)

    # ================================================================ hand's end
    def _end_hand(self, end: HandEnd) -> list[Event]:
        return hand_end.end_hand(self, end)

    def _match_ends(self, keep: bool) -> bool:
        return hand_end.match_ends(self, keep)

    def _finish_match(self) -> None:
        return hand_end.finish_match(self)

    def _next_hand(self) -> list[Event]:
        return hand_end.next_hand(self)

    # ============================================================ legal actions
    def legal_actions(self, seat: int, limit: int | None = None) -> list[Action]:
        out: list[Action] = []
        if self.phase == "claim":
            window = self.window
            assert window is not None
            kinds = window.offers.get(seat)
            if kinds is None or seat in window.answers:
                return []
            for kind in kinds:
                if kind == "chow":
                    out += [
                        Action(seat, "chow", {"tiles": names(pair)}) for pair in window.chows[seat]
                    ]
                else:
                    out.append(Action(seat, kind))
        elif self.phase == "discard" and seat == self.turn:
            if isinstance(self._self_draw_win(seat), Win):
                out.append(Action(seat, "win"))
            out += [Action(seat, "kong", {"tile": name(t)}) for t in self._kong_options(seat)]
            seen: list[int] = []
            if self.drawn is not None and self.drawn in self.hands[seat]:
                seen.append(self.drawn)
            seen += sorted(set(self.hands[seat]) - set(seen))
            out += [Action(seat, "discard", {"tile": name(t)}) for t in seen]
        return out[:limit] if limit is not None else out

    # ==================================================================== views
    def view(self, seat: int | None) -> dict[str, JSON]:
        return views.view(self, seat)

    def snapshot(self) -> dict[str, JSON]:
        return views.snapshot(self)

    def tiles_in_play(self) -> Counter[int]:
        return views.tiles_in_play(self)

    def invariants(self) -> dict[str, bool]:
        return views.invariants(self)

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return ((0,), (1,), (2,), (3,))

    @property
    def hand_results(self) -> list[HandResult]:
        return list(self._hand_results)

    @property
    def match_result(self) -> MatchResult | None:
        return self._match_result


def tile_names(tiles: Sequence[int]) -> list[str]:
    """ASCII notation of tile indexes (re-exported for games built on the core)."""
    return names(tiles)


__all__ += ["FLOWER_START", "NAMES", "PRIORITY", "tile_names"]
