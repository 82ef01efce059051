"""Plain input records (scenes) for the table pictures.

Each picture function takes one of these, so ``render`` never depends on an engine's
view layout; an adapter (for example :mod:`render.pajiwo`) builds a scene from a view.
Seats are numbered 0-3 in playing order; ``viewer`` is drawn at the bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from games.cards import Card, Suit
from games.tiles import Tile

__all__ = [
    "SEATS",
    "ClimbTableScene",
    "LeaderboardRow",
    "MahjongHandScene",
    "MahjongResultScene",
    "MahjongSeat",
    "MahjongTableScene",
    "MahjongWin",
    "Meld",
    "TrickTableScene",
]


SEATS = 4
"""Every table picture has four seats."""


def _check_seats(kind: str, names: Sequence[object], **seats: int | None) -> None:
    """Raise ``ValueError`` unless there are four seats and every seat number is 0-3."""
    if len(names) != SEATS:
        raise ValueError(f"{kind}: a table has {SEATS} seats, not {len(names)}")
    for field_name, seat in seats.items():
        if seat is not None and not 0 <= seat < SEATS:
            raise ValueError(f"{kind}: {field_name} must be a seat 0-3 or None, not {seat}")


def _check_per_seat(kind: str, field_name: str, values: Sequence[object]) -> None:
    if values and len(values) != SEATS:
        raise ValueError(f"{kind}: {field_name} needs one entry per seat (4), not {len(values)}")


@dataclass(frozen=True)
class TrickTableScene:
    """A trick-taking table (Pajiwo 扒鸡窝, Dagunzi 打滚子) as one player sees it.

    * ``names``: display names by seat (any script); ``cards_left``: cards in each hand.
    * ``trick``: the current trick (一墩) as ``(seat, cards)`` in play order; the first
      entry is the lead. Empty before the lead.
    * ``trump_suit`` / ``no_trump``: the trump (主) suit, or no-trump (无主).
      ``level``: the rank being played (打几), a label such as ``"7"`` or ``"A"``.
    * ``points``: points won per side (分), ``(label, points)`` pairs in display order.
    * ``dealer`` (庄家) and ``turn`` (whose move) are seats or ``None``.
    * ``deadline``: text already formatted by the caller (``"出牌 0:25"``), or ``""``.
    * ``teams``: optional side per seat (0/1) to colour names; ``title`` a heading.
    * ``trick_caption``: what the cards in front of the seats are when they are not the
      current trick, for example ``"上一墩 last trick"`` or ``"亮主 declared"``
      (drawn in the middle; the lead marker 先 is then left out); ``""`` for the current trick.
    * ``lead_lines``: how the lead of the trick shown was read (首家 / 甩牌: its units and,
      for a throw, whether it stood), one short line each, drawn at the top left under
      ``trick_caption``; empty to draw nothing.
    * ``trick_winner``: the seat that won the trick shown (marked 赢; the trick is then a
      finished one and drawn faded), or ``None``.
    * ``kitty``: the kitty (底牌) when every viewer may see it (after the hand), else empty;
      ``kitty_label`` names what is shown there (default ``"底牌 kitty"``; for example
      ``"翻底 turned"`` for the one kitty card turned up to fix trump).
    """

    names: Sequence[str]
    cards_left: Sequence[int]
    trick: Sequence[tuple[int, Sequence[Card]]] = ()
    trump_suit: Suit | None = None
    no_trump: bool = False
    level: str = ""
    points: Sequence[tuple[str, int]] = ()
    dealer: int | None = None
    turn: int | None = None
    deadline: str = ""
    viewer: int = 0
    teams: Sequence[int | None] = ()
    title: str = ""
    phase: str = ""
    trick_caption: str = ""
    lead_lines: Sequence[str] = ()
    trick_winner: int | None = None
    kitty: Sequence[Card] = ()
    kitty_label: str = "底牌 kitty"

    def __post_init__(self) -> None:
        kind = "TrickTableScene"
        _check_seats(
            kind,
            self.names,
            viewer=self.viewer,
            dealer=self.dealer,
            turn=self.turn,
            trick_winner=self.trick_winner,
        )
        _check_per_seat(kind, "cards_left", self.cards_left)
        _check_per_seat(kind, "teams", self.teams)
        for seat, _cards in self.trick:
            _check_seats(kind, self.names, trick_seat=seat)


@dataclass(frozen=True)
class ClimbTableScene:
    """A climbing (shedding) game table such as Dagun 打滚 as one player sees it.

    * ``last_play``: ``(seat, cards, label)`` of the play to beat, label such as
      ``"炸弹 bomb"`` or ``""``; ``None`` when the table is clear.
    * ``finish_order``: seats that went out, first first (头游, 二游 …).
    * ``captured``: points captured per seat (5/10/K cards won).
    * ``teams``: revealed side per seat (0 or 1), ``None`` while the partner is secret;
      ``called_card``: the card that names the secret partner (叫牌), if any.
    * ``passed``: seats that passed on the play to beat (marked 过).
    * ``plays``: the round's plays by seat, each seat's latest ``(seat, cards, label)``, in
      the order made: the last one is the play to beat (``last_play``), the others were
      beaten and are drawn faded. Empty: ``last_play`` alone is drawn.
    * ``plays_caption``: what ``plays`` are when they are not the round under way (for
      example ``"上一轮 · last round · 张伟 · +25分"``, a line per part): all are then drawn
      faded, the ``round_winner``'s marked 赢.
    * ``round_points``: the points (5, 10, K) on the table in the round under way.
    """

    names: Sequence[str]
    cards_left: Sequence[int]
    last_play: tuple[int, Sequence[Card], str] | None = None
    finish_order: Sequence[int] = ()
    captured: Sequence[int] = ()
    teams: Sequence[int | None] = ()
    called_card: Card | None = None
    dealer: int | None = None
    turn: int | None = None
    deadline: str = ""
    viewer: int = 0
    title: str = ""
    passed: Sequence[int] = ()
    plays: Sequence[tuple[int, Sequence[Card], str]] = ()
    plays_caption: str = ""
    round_winner: int | None = None
    round_points: int = 0

    def __post_init__(self) -> None:
        kind = "ClimbTableScene"
        for seat, _cards, _label in self.plays:
            _check_seats(kind, self.names, plays_seat=seat)
        _check_seats(kind, self.names, round_winner=self.round_winner)
        last = self.last_play[0] if self.last_play else None
        _check_seats(
            kind,
            self.names,
            viewer=self.viewer,
            dealer=self.dealer,
            turn=self.turn,
            last_play_seat=last,
        )
        for name in ("cards_left", "captured", "teams"):
            _check_per_seat(kind, name, getattr(self, name))
        for seat in self.finish_order:
            _check_seats(kind, self.names, finish_order_seat=seat)
        for seat in self.passed:
            _check_seats(kind, self.names, passed_seat=seat)


MeldKind = Literal["chow", "pong", "kong", "concealed_kong", "added_kong", "hidden_kong"]


@dataclass(frozen=True)
class Meld:
    """An exposed meld (副露): chow 吃, pong 碰, kong 杠 (明杠), added kong 补杠, or a
    concealed kong 暗杠 (drawn with its two outer tiles face down), or another seat's
    concealed kong whose faces are hidden (``hidden_kong``: four tiles face down; its
    ``tiles`` are placeholders and never drawn).

    ``claimed``: index in ``tiles`` of the tile taken from a discard (drawn turned), or None.
    """

    kind: MeldKind
    tiles: Sequence[Tile]
    claimed: int | None = None

    def __post_init__(self) -> None:
        size = 3 if self.kind in ("chow", "pong") else 4
        if self.kind not in ("chow", "pong", "kong", "concealed_kong", "added_kong", "hidden_kong"):
            raise ValueError(f"Meld: unknown kind {self.kind!r}")
        if len(self.tiles) != size:
            raise ValueError(f"Meld: a {self.kind} has {size} tiles, not {len(self.tiles)}")
        if self.claimed is not None and not 0 <= self.claimed < size:
            raise ValueError(
                f"Meld: claimed must index one of the {size} tiles, not {self.claimed}"
            )


@dataclass(frozen=True)
class MahjongHandScene:
    """One player's own hand: concealed tiles (手牌), melds, the newly drawn tile (摸牌)
    set apart, collected flowers (花), and the wildcard (财神) to mark, if the game has one.
    """

    concealed: Sequence[Tile]
    melds: Sequence[Meld] = ()
    drawn: Tile | None = None
    flowers: Sequence[Tile] = ()
    wildcard: Tile | None = None
    title: str = ""


@dataclass(frozen=True)
class MahjongSeat:
    """What every player sees of one seat: name, seat wind, tiles in hand (count),
    discards in order (弃牌), melds and flowers."""

    name: str
    wind: Tile | None = None
    hand_count: int = 13
    discards: Sequence[Tile] = ()
    melds: Sequence[Meld] = ()
    flowers: Sequence[Tile] = ()


@dataclass(frozen=True)
class MahjongTableScene:
    """The whole mahjong table: four :class:`MahjongSeat` in playing order, tiles left in
    the wall (牌墙), the dealer (庄家), the prevailing wind (圈风), the wildcard (财神,
    Jinhua) and whose turn it is. ``last_discard`` = seat whose last discard is live.
    """

    seats: Sequence[MahjongSeat]
    wall_left: int
    dealer: int | None = None
    prevailing_wind: Tile | None = None
    wildcard: Tile | None = None
    turn: int | None = None
    last_discard: int | None = None
    deadline: str = ""
    viewer: int = 0
    title: str = ""

    def __post_init__(self) -> None:
        _check_seats(
            "MahjongTableScene",
            self.seats,
            viewer=self.viewer,
            dealer=self.dealer,
            turn=self.turn,
            last_discard=self.last_discard,
        )
        if self.wall_left < 0:
            raise ValueError(f"MahjongTableScene: wall_left must be >= 0, not {self.wall_left}")


@dataclass(frozen=True)
class MahjongWin:
    """One winner's hand as it stands at the end (胡牌), every tile face up.

    * ``concealed``: the concealed tiles without the winning tile (手牌).
    * ``winning_tile``: the tile the hand was won on (胡的牌), drawn apart and marked.
    * ``melds``: the declared melds; a concealed kong (暗杠) is shown face up here.
    * ``how``: how it was won, as a caption (``"自摸 self-drawn"``, ``"点炮 Bob"``).
    * ``hands``: the hand's names or fan (``["清一色", "七对"]``), may be empty.
    """

    name: str
    concealed: Sequence[Tile]
    winning_tile: Tile
    melds: Sequence[Meld] = ()
    flowers: Sequence[Tile] = ()
    how: str = ""
    hands: Sequence[str] = ()


@dataclass(frozen=True)
class MahjongResultScene:
    """The end of a mahjong hand: each winner's hand (several for 一炮多响), the 财神
    (``wildcard``) to mark in them, and a title (the game, the hand number)."""

    wins: Sequence[MahjongWin]
    wildcard: Tile | None = None
    title: str = ""


@dataclass(frozen=True)
class LeaderboardRow:
    """One row of a leaderboard: ``rank`` from 1, ``rating`` (displayed rounded),
    ``games`` played and ``win_rate`` as a fraction 0-1."""

    rank: int
    name: str
    rating: float
    games: int
    win_rate: float

    def __post_init__(self) -> None:
        if not 0.0 <= self.win_rate <= 1.0:
            raise ValueError(f"LeaderboardRow: win_rate is a fraction 0-1, not {self.win_rate}")
        if self.games < 0 or self.rank < 1:
            raise ValueError(f"LeaderboardRow: bad rank {self.rank} or games {self.games}")
