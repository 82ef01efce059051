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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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
)
from games.mahjong import shapes
from games.mahjong.melds import (
    FLOWER_START,
    NAMES,
    Meld,
    is_flower,
    name,
    names,
    read_tile,
)
from games.mahjong.wall import Wall, WallEmpty, deal_order
from games.tiles import full_tile_set

__all__ = [
    "ClaimWindow",
    "CoreRules",
    "HandEnd",
    "MahjongGame",
    "Win",
    "WinContext",
]

STANDING = ("auto_win", "no_calls", "discard_drawn")
"""Standing choices a seat may set (online players expect them): ``auto_win`` wins whenever
it may, ``no_calls`` is never offered chow, pong or kong, ``discard_drawn`` discards the drawn
tile when nothing else is chosen. The engine makes these moves itself."""
STANDING_DECISIONS = tuple(
    Decision(s, ("standing",), False, None, "set standing choices") for s in range(4)
)

PRIORITY = {"win": 3, "kong": 2, "pong": 2, "chow": 1, "pass": 0}
"""Claim priority: a win over everything (reading), kong and pong over chow
(``jintan-mahjong.txt:23``)."""


@dataclass(frozen=True)
class CoreRules:
    """The shared machinery's parameters; each game derives them from its options.

    Attributes:
        flowers: play with the 8 flowers (144 tiles) and replace them (补花).
        dead_wall: tiles reserved at the far end for replacements (0 = none: replacements
            come from the wall's far end, ``jintan-mahjong.txt:65``; Jinhua 14).
        multiple_winners: every seat that can win on a discard wins (一炮多响); else only
            the first in turn order from the discarder.
        rob_kong: robbing an added kong (抢杠) is allowed.
        seven_pairs: seven pairs (七对) is a win shape.
    """

    flowers: bool = True
    dead_wall: int = 0
    multiple_winners: bool = True
    rob_kong: bool = True
    seven_pairs: bool = True


@dataclass(frozen=True)
class WinContext:
    """Everything a game needs to value a win.

    Attributes:
        seat: the winner.
        tile: the winning tile (index).
        source: ``"self_draw"`` (自摸), ``"discard"`` (吃炮) or ``"rob_kong"`` (抢杠).
        from_seat: the discarder or konger; ``None`` for a self-draw.
        counts: the concealed part with the winning tile, 34 counts.
        melds: the winner's declared melds.
        flowers: the winner's flowers (indexes 34-41).
        after_kong: a self-draw on a kong's replacement tile (杠开).
        after_flower: a self-draw on a flower's replacement tile.
        live_left: tiles left in the live wall.
        discards_before: discards made in this hand before the win (天胡/地胡 readings).
        claims_before: claims (chow, pong, exposed kong) made in this hand before the win.
    """

    seat: int
    tile: int
    source: str
    from_seat: int | None
    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    flowers: tuple[int, ...]
    after_kong: bool = False
    after_flower: bool = False
    live_left: int = 0
    discards_before: int = 0
    claims_before: int = 0

    @property
    def self_drawn(self) -> bool:
        return self.source == "self_draw"


@dataclass(frozen=True)
class Win:
    """A valued win: ``score`` is what one payer pays before the game's payment rule;
    ``details`` is game-specific JSON (花, 番, hand names) for the result."""

    seat: int
    source: str
    from_seat: int | None
    tile: int
    score: int
    details: Mapping[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended: ``wins`` (one or several), or a drawn hand (``wins=()``), or a
    game-specific end (``special``, e.g. 金坛's eight flowers)."""

    wins: tuple[Win, ...] = ()
    special: str | None = None
    special_seat: int | None = None
    special_score: int = 0


@dataclass
class ClaimWindow:
    """An open claim window (on a discard, or on an added kong for robbing it).

    ``offers`` maps each seat that may claim to its kinds (always ending with
    ``"pass"``); ``answers`` holds the answers in; ``wins`` the valued win each offered
    ``"win"`` would be. With a ``claim_pause_ms`` every discard opens one, offered
    to nobody when nobody can claim, ``held`` until the table closes it: it resolves once
    it is closed *and* every answer is in, so the public pause has one distribution.
    """

    kind: str  # "discard" or "rob"
    tile: int
    from_seat: int
    offers: dict[int, tuple[str, ...]]
    chows: dict[int, list[tuple[int, int]]]
    wins: dict[int, Win]
    answers: dict[int, Action] = field(default_factory=dict)
    held: bool = False  # the claim pause: open until the table step ``close_window``
    pause_s: float = 0.0  # that pause's length at a live table (drawn when it opened)

    @property
    def waiting(self) -> list[int]:
        return [s for s in self.offers if s not in self.answers]


class MahjongGame(Game):
    """The shared engine. Subclasses set ``name``, ``title``, ``options_type``, ``presets``
    and implement :meth:`core_rules`, :meth:`score_win` and :meth:`settle`.

    Options the core reads from the options object when present (with these defaults):
    ``match`` (``"one_round"``, ``"four_rounds"``, ``"one_hand"``), ``max_hands`` (0 = no
    limit), ``next_hand_delay_ms`` (8000) and ``claim_pause_ms`` (0 = no claim pause): see
    :meth:`MahjongGame._pause_window`.
    """

    seat_count: ClassVar[int] = 4

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
        """Replace every flower in the seat's hand from the far end, again for a flower
        drawn as replacement (``jintan-mahjong.txt:19-23``)."""
        events: list[Event] = []
        while True:
            flowers = [t for t in self.hands[seat] if is_flower(t)]
            if not flowers:
                return events, None
            for f in flowers:
                self.hands[seat].remove(f)
                self.flowers[seat].append(f)
                events.append(
                    Event("flower", seat, {"flower": name(f)}, f"seat {seat} lays out {name(f)}")
                )
                end = self.after_flower(seat)
                if end is not None:
                    return events, end
                try:
                    tile = self.wall.draw_replacement()
                except WallEmpty:
                    return events, HandEnd()
                self.hands[seat].append(tile)
                self.drawn = tile
                if self.draw_kind in ("wall", "deal"):
                    self.draw_kind = "flower"

    def _first_turn_flowers(self, seat: int) -> list[Event]:
        """At a seat's first turn, the opening hand's flowers are replaced (:19-21)."""
        if self.had_turn[seat]:
            return []
        self.had_turn[seat] = True
        events, end = self._lay_out_flowers(seat)
        if seat == self.dealer and self.draw_kind == "flower":
            self.draw_kind = "deal"
        if end is not None:
            events += self._end_hand(end)
        return events

    # ======================================================================= turns
    def _draw_for(self, seat: int, replacement: bool = False) -> list[Event]:
        """The seat's turn starts with a draw (or a kong's replacement draw)."""
        self.turn = seat
        self.phase = "discard"
        events: list[Event] = []
        if not replacement:
            events += self._first_turn_flowers(seat)
            if self.phase != "discard":
                return events
        try:
            tile = self.wall.draw_replacement() if replacement else self.wall.draw()
        except WallEmpty:
            return events + self._end_hand(HandEnd())
        self.hands[seat].append(tile)
        self.drawn = tile
        self.draw_kind = "kong" if replacement else "wall"
        self.on_moved(seat)
        events.append(
            Event(
                "draw",
                seat,
                {"replacement": replacement, "wall": self.wall.live},
                f"seat {seat} draws" + (" a replacement" if replacement else ""),
            )
        )
        more, end = self._lay_out_flowers(seat)
        events += more
        if end is not None:
            events += self._end_hand(end)
        return events

    def _open_discard_window(self, seat: int, tile: int) -> list[Event]:
        offers: dict[int, tuple[str, ...]] = {}
        chows: dict[int, list[tuple[int, int]]] = {}
        wins: dict[int, Win] = {}
        for k in range(1, 4):
            o = (seat + k) % 4
            kinds: list[str] = []
            if self._shape_wins(o, tile):
                win = self.score_win(self._ctx(o, tile, "discard", seat))
                if isinstance(win, Win):
                    kinds.append("win")
                    wins[o] = win
            count = self.hands[o].count(tile)
            if count >= 3 and self.wall.live > 0:
                kinds.append("kong")
            if count >= 2:
                kinds.append("pong")
            if k == 1:
                options = self._chow_options(o, tile)
                if options:
                    kinds.append("chow")
                    chows[o] = options
            if self.standing[o]["no_calls"]:
                kinds = [k for k in kinds if k == "win"]
            kinds = self.claim_kinds(o, tile, kinds)
            if kinds:
                offers[o] = (*kinds, "pass")
        if not offers and not self._claim_pause():
            return self._draw_for((seat + 1) % 4)
        self.window = self._pause_window(ClaimWindow("discard", tile, seat, offers, chows, wins))
        self.phase = "claim"
        return []  # no event: whether anyone may claim is nobody else's business

    def _claim_pause(self) -> bool:
        return int(getattr(self.options, "claim_pause_ms", 0)) > 0

    def _pause_window(self, window: ClaimWindow) -> ClaimWindow:
        """Hold a window for the claim pause (option ``claim_pause_ms``): the host closes it
        with the table step ``close_window`` after ``pause_s`` at a live table. Each pause
        is drawn uniformly from ½ to 1½ × ``claim_pause_ms``, from the seed and the
        window's number in the hand only, so it is the same draw whoever may claim (a
        bot answers at once; a person thinking longer shows, as at a real table)."""
        self.windows_opened += 1
        if not self._claim_pause():
            return window
        mean = int(getattr(self.options, "claim_pause_ms", 0)) / 1000
        rng = self._rng(f"pause:{self.windows_opened}")
        window.held = True
        window.pause_s = round(rng.uniform(0.5 * mean, 1.5 * mean), 3)
        return window

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
        window = self.window
        assert window is not None
        kinds = window.offers.get(seat)
        answered = seat in window.answers
        if (
            action.kind == "win"
            and not answered
            and "win" not in (kinds or ())
            and seat != window.from_seat
            and self._shape_wins(seat, window.tile)
        ):
            # the seat's own reason, so that a refused win says which rule stops it
            source = "discard" if window.kind == "discard" else "rob_kong"
            win = self.score_win(self._ctx(seat, window.tile, source, window.from_seat))
            if isinstance(win, IllegalAction):
                raise win
        if kinds is None or answered:
            raise self._not_your_turn(seat)
        if action.kind not in kinds:
            raise IllegalAction(
                "not_open",
                f"you cannot {action.kind} this tile: you may {', '.join(kinds)}",
                {"kind": action.kind, "kinds": ", ".join(kinds)},
            )
        if action.kind == "chow":
            raw = action.data.get("tiles")
            if not isinstance(raw, list) or len(raw) != 2:
                raise IllegalAction(
                    "bad_chow", "a chow names the two tiles from your hand, e.g. 4p 6p", {}
                )
            pair = tuple(sorted(read_tile(x) for x in raw))
            if pair not in window.chows.get(seat, []):
                options = "; ".join(" ".join(names(c)) for c in window.chows.get(seat, []))
                raise IllegalAction(
                    "bad_chow",
                    f"{' '.join(names(pair))} do not chow {name(window.tile)}: you may chow "
                    f"with {options}",
                    {"tiles": " ".join(names(pair)), "options": options},
                    "jintan-mahjong.txt:49",
                )
            return pair
        return None

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
        """The moves seats' standing choices make for them, until one needs a person."""
        events: list[Event] = []
        for _ in range(400):
            if self.phase == "claim":
                window = self.window
                assert window is not None
                auto = next(
                    (
                        s
                        for s in window.waiting
                        if self.standing[s]["auto_win"] and "win" in window.offers[s]
                    ),
                    None,
                )
                if auto is None:
                    return events
                events += self._answer(auto, Action(auto, "win"), None)
            elif self.phase == "discard":
                seat = self.turn
                win = self._self_draw_win(seat) if self.standing[seat]["auto_win"] else None
                if isinstance(win, Win):
                    events += self._end_hand(HandEnd(wins=(win,)))
                elif (
                    self.standing[seat]["discard_drawn"]
                    and self.draw_kind in ("wall", "kong", "flower")
                    and self.drawn in self.hands[seat]
                ):
                    assert self.drawn is not None
                    events += self._discard(seat, self.drawn)
                else:
                    return events
            else:
                return events
        return events

    # ================================================================= the moves
    def _discard(self, seat: int, tile: int) -> list[Event]:
        self.hands[seat].remove(tile)
        self.river[seat].append((tile, ""))
        self.drawn = None
        self.draw_kind = None
        events = [
            Event("discard", seat, {"tile": name(tile)}, f"seat {seat} discards {name(tile)}")
        ]
        self.on_discarded(seat, tile)
        return events + self._open_discard_window(seat, tile)

    def on_discarded(self, seat: int, tile: int) -> None:
        """Called after a seat discards (for go-around rules)."""

    def _own_kong(self, seat: int, tile: int) -> list[Event]:
        pong = next((m for m in self.melds[seat] if m.kind == "pong" and m.first == tile), None)
        self.drawn = None
        if pong is None:
            for _ in range(4):
                self.hands[seat].remove(tile)
            self.melds[seat].append(Meld("kong", (tile,) * 4, concealed=True))
            events = [
                Event("kong", seat, {"concealed": True}, f"seat {seat} makes a concealed kong")
            ]
            return events + self._draw_for(seat, replacement=True)
        self.hands[seat].remove(tile)
        events = [
            Event(
                "kong", seat, {"tile": name(tile), "added": True}, f"seat {seat} adds {name(tile)}"
            )
        ]
        if self.core.rob_kong:
            wins: dict[int, Win] = {}
            for k in range(1, 4):
                o = (seat + k) % 4
                if self._shape_wins(o, tile):
                    win = self.score_win(self._ctx(o, tile, "rob_kong", seat))
                    if isinstance(win, Win):
                        wins[o] = win
            if wins or self._claim_pause():
                self.kong_tile = tile
                offers: dict[int, tuple[str, ...]] = {o: ("win", "pass") for o in wins}
                self.window = self._pause_window(ClaimWindow("rob", tile, seat, offers, {}, wins))
                self.phase = "claim"
                return events
        return events + self._complete_added_kong(seat, tile)

    def _complete_added_kong(self, seat: int, tile: int) -> list[Event]:
        i = next(i for i, m in enumerate(self.melds[seat]) if m.kind == "pong" and m.first == tile)
        old = self.melds[seat][i]
        self.melds[seat][i] = Meld(
            "kong", (tile,) * 4, old.claimed, old.from_seat, concealed=False, added=True
        )
        self.kong_tile = None
        return self._draw_for(seat, replacement=True)

    def _answer(self, seat: int, action: Action, checked: Any) -> list[Event]:
        window = self.window
        assert window is not None
        window.answers[seat] = Action(seat, action.kind, dict(action.data))
        if window.waiting or window.held:
            return []  # nobody learns who answered or how
        return self._resolve(window)

    def _resolve(self, window: ClaimWindow) -> list[Event]:
        self.window = None
        self.on_window_resolved(window)
        answers = window.answers
        order = [(window.from_seat + k) % 4 for k in range(1, 4)]
        winners = [s for s in order if s in answers and answers[s].kind == "win"]
        if window.kind == "discard":  # passing up a rob is not passing up a discard (reading)
            for s, win in window.wins.items():
                if s not in winners:
                    self.on_passed_win(s, win)
        if winners:
            if not self.core.multiple_winners:
                winners = winners[:1]
            wins = tuple(window.wins[s] for s in winners)
            if window.kind == "discard":
                tile, _ = self.river[window.from_seat][-1]
                self.river[window.from_seat][-1] = (tile, "won")
            return self._end_hand(HandEnd(wins=wins))
        if window.kind == "rob":
            return self._complete_added_kong(window.from_seat, window.tile)
        best = max(
            (s for s in order if s in answers and answers[s].kind != "pass"),
            key=lambda s: PRIORITY[answers[s].kind],
            default=None,
        )
        if best is None:
            return self._draw_for((window.from_seat + 1) % 4)
        return self._claim(best, answers[best], window)

    def _claim(self, seat: int, action: Action, window: ClaimWindow) -> list[Event]:
        tile = window.tile
        self.river[window.from_seat][-1] = (tile, "claimed")
        self.claims_made += 1
        kind = action.kind
        if kind == "chow":
            pair = tuple(sorted(read_tile(x) for x in action.data["tiles"]))
            used = list(pair)
            tiles = tuple(sorted((*pair, tile)))
        else:
            used = [tile] * (3 if kind == "kong" else 2)
            tiles = (tile,) * (len(used) + 1)
        for t in used:
            self.hands[seat].remove(t)
        self.melds[seat].append(Meld(kind, tiles, tile, window.from_seat))
        self.turn = seat
        self.phase = "discard"
        self.drawn = None
        self.draw_kind = None
        self.on_moved(seat)
        events = [
            Event(
                kind,
                seat,
                {"tile": name(tile), "tiles": names(tiles), "from": window.from_seat},
                f"seat {seat} {kind}s {name(tile)} from seat {window.from_seat}",
            )
        ]
        events += self._first_turn_flowers(seat)
        if self.phase != "discard":
            return events
        if kind == "kong":
            events += self._draw_for(seat, replacement=True)
        return events

    # ================================================================ hand's end
    def _end_hand(self, end: HandEnd) -> list[Event]:
        self.end = end
        self.window = None
        self.phase = "hand_over"
        deltas, summary, text = self.settle(end)
        self.hand_deltas = deltas
        for s in range(4):
            self.totals[s] += deltas[s]
        summary = {
            "dealer": self.dealer,
            "drawn": not end.wins and end.special is None,
            "winners": [w.seat for w in end.wins],
            "wins": [
                {
                    "seat": w.seat,
                    "source": w.source,
                    "from": w.from_seat,
                    "tile": name(w.tile),
                    "score": w.score,
                    "details": dict(w.details),
                }
                for w in end.wins
            ],
            "hands": [names(sorted(h)) for h in self.hands],
            # every meld laid down, concealed kongs face up: the hand is over and shown
            "melds": [[m.to_json() for m in self.melds[s]] for s in range(4)],
            "flowers": [names(self.flowers[s]) for s in range(4)],
            **summary,
        }
        result = HandResult(
            self.hand_number, ((0,), (1,), (2,), (3,)), tuple(deltas), summary, text
        )
        self._hand_results.append(result)
        events = [Event("hand_over", None, result.to_json(), text)]
        # the dealer keeps the deal after the dealer's own win or a drawn hand (reading)
        winners = {w.seat for w in end.wins}
        if end.special_seat is not None:
            winners.add(end.special_seat)
        keep = not winners or self.dealer in winners
        self.next_dealer = self.dealer if keep else (self.dealer + 1) % 4
        if self._match_ends(keep):
            self._finish_match()
            events.append(
                Event(
                    "match_over",
                    None,
                    self._match_result.to_json() if self._match_result else {},
                    "the match is over",
                )
            )
        return events

    def _match_ends(self, keep: bool) -> bool:
        match = str(getattr(self.options, "match", "one_round"))
        max_hands = int(getattr(self.options, "max_hands", 0))
        if max_hands and self.hand_number >= max_hands:
            return True
        if match == "one_hand":
            return True
        passes = self.deal_passes + (0 if keep else 1)
        return passes >= (16 if match == "four_rounds" else 4)

    def _finish_match(self) -> None:
        self.phase = "match_over"
        order = sorted(set(self.totals), reverse=True)
        ranks = tuple(order.index(self.totals[s]) + 1 for s in range(4))
        self._match_result = MatchResult(
            ((0,), (1,), (2,), (3,)),
            ranks,
            tuple(self.totals),
            {"hands": self.hand_number},
            "final scores: " + ", ".join(f"seat {s} {self.totals[s]}" for s in range(4)),
        )

    def _next_hand(self) -> list[Event]:
        if self.next_dealer != self.dealer:
            self.deal_passes += 1
        self.dealer = self.next_dealer
        self.hand_number += 1
        self._start_hand()
        events = self.pending_events
        self.pending_events = []
        return events

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
        """What ``seat`` sees: its own hand, drawn tile and claim choices, and the public
        table. Nobody sees who else may claim a discard (only that a window is open), a
        concealed kong's faces, or another seat's hand, until the hand is over: then every
        hand (``hands``) and every concealed kong is shown face up, for the result."""
        window = self.window
        # once the hand is over every hand is laid down: concealed kongs face up, the hands shown
        over = self.phase in ("hand_over", "match_over") and self.end is not None
        players = []
        for s in range(4):
            players.append(
                {
                    "seat": s,
                    "concealed": len(self.hands[s]),
                    "melds": [m.to_json(hidden=s != seat and not over) for m in self.melds[s]],
                    "flowers": names(self.flowers[s]),
                    "discards": [{"tile": name(t), "taken": how} for t, how in self.river[s]],
                    "score": self.totals[s],
                }
            )
        out: dict[str, JSON] = {
            "game": self.name,
            "phase": self.phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "dice": list(self.wall.dice),
            "wall": {"live": self.wall.live, "dead": self.wall.dead},
            "set_aside": names(self.set_aside),
            "turn": self.turn if self.phase == "discard" else None,
            "claim_window": None
            if window is None
            else {
                "open": True,
                "kind": window.kind,
                "tile": name(window.tile),
                "from": window.from_seat,
            },
            "players": players,
            "scores": list(self.totals),
            "hand_results": [r.to_json() for r in self._hand_results],
            "match_over": self._match_result is not None,
            "match_result": None if self._match_result is None else self._match_result.to_json(),
            "seat": seat,
            "legal": [],
        }
        if over:
            out["hands"] = [names(sorted(h)) for h in self.hands]
        if seat is not None:
            out["hand"] = names(sorted(self.hands[seat]))
            out["drawn"] = (
                name(self.drawn)
                if self.phase == "discard" and seat == self.turn and self.drawn is not None
                else None
            )
            legal = sorted(
                {k for d in self._required() if d.seat == seat for k in d.kinds}
                if self.phase != "match_over"
                else set()
            )
            out["standing"] = dict(self.standing[seat])
            out["legal"] = legal
            if window is not None and seat in window.offers and seat not in window.answers:
                out["claim"] = {
                    "kinds": list(window.offers[seat]),
                    "chows": [names(c) for c in window.chows.get(seat, [])],
                }
            out["waits"] = (
                [] if self.phase in ("hand_over", "match_over") else names(self.waits(seat))
            )
        return out

    def snapshot(self) -> dict[str, JSON]:
        window = self.window
        return {
            "view": self.view(None),
            "hands": [names(h) for h in self.hands],
            "wall": names(self.wall.remaining()),
            "front": self.wall.front,
            "back": self.wall.back,
            "turn": self.turn,
            "drawn": None if self.drawn is None else name(self.drawn),
            "draw_kind": self.draw_kind,
            "had_turn": list(self.had_turn),
            "window": None
            if window is None
            else {
                "offers": {str(s): list(k) for s, k in window.offers.items()},
                "answers": {str(s): a.to_json() for s, a in window.answers.items()},
                "held": window.held,
                "pause_s": window.pause_s,
            },
            "kong_tile": None if self.kong_tile is None else name(self.kong_tile),
            "standing": [dict(x) for x in self.standing],
            "actions": len(self.actions),
        }

    def tiles_in_play(self) -> Counter[int]:
        """Every tile of the hand where it is now: hands, melds, flowers, rivers, wall."""
        where: Counter[int] = Counter()
        for s in range(4):
            where.update(self.hands[s])
            where.update(t for m in self.melds[s] for t in m.tiles)
            where.update(self.flowers[s])
            where.update(t for t, how in self.river[s] if how != "claimed")
        where.update(self.wall.remaining())
        where.update(self.set_aside)
        if self.kong_tile is not None:
            where[self.kong_tile] += 1
        return where

    def invariants(self) -> dict[str, bool]:
        """``tiles_conserved``: the set's 144 (or 136) tiles are each exactly once in play;
        ``hand_sizes``: each concealed part plus 3 per meld holds 13 (14 for the seat on turn)."""
        expected = Counter(t.index for t in full_tile_set(flowers=self.core.flowers))
        conserved = self.tiles_in_play() == expected
        sizes = True
        if self.phase in ("discard", "claim"):
            for s in range(4):
                n = len([t for t in self.hands[s] if not is_flower(t)]) + 3 * len(self.melds[s])
                want = 14 if self.phase == "discard" and s == self.turn else 13
                if self.kong_tile is not None and s == (
                    self.window.from_seat if self.window else -1
                ):
                    want = 13
                if self.had_turn[s] and n != want:
                    sizes = False
        return {"cards_conserved": conserved, "tiles_conserved": conserved, "hand_sizes": sizes}

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
