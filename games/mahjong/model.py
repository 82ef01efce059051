"""The values of the mahjong core: its parameters (:class:`CoreRules`), a win to value
(:class:`WinContext`) and valued (:class:`Win`), how a hand ended (:class:`HandEnd`), an open
claim window (:class:`ClaimWindow`), the standing choices and the claims' priority.

:mod:`games.mahjong.engine` re-exports them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from games.base import (
    JSON,
    Action,
    Decision,
)
from games.mahjong.melds import (
    Meld,
)

__all__ = [
    "PRIORITY",
    "STANDING",
    "STANDING_DECISIONS",
    "ClaimWindow",
    "CoreRules",
    "HandEnd",
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
