"""A turn in the mahjong core: flowers laid out and replaced (补花), the draw, the standing
choices played for the seat, the discard, and the seat's own kongs (暗杠, 加杠).

Functions over a :class:`games.mahjong.engine.MahjongGame`, called by the engine after it has
checked the action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import (
    Action,
    Event,
)
from games.mahjong.melds import (
    Meld,
    is_flower,
    name,
)
from games.mahjong.model import (
    ClaimWindow,
    HandEnd,
    Win,
)
from games.mahjong.wall import WallEmpty

if TYPE_CHECKING:
    from games.mahjong.engine import MahjongGame

__all__ = [
    "complete_added_kong",
    "discard",
    "draw_for",
    "first_turn_flowers",
    "lay_out_flowers",
    "own_kong",
    "standing_moves",
]


def lay_out_flowers(game: MahjongGame, seat: int) -> tuple[list[Event], HandEnd | None]:
    """Replace every flower in the seat's hand from the far end, again for a flower
    drawn as replacement (``jintan-mahjong.txt:19-23``)."""
    events: list[Event] = []
    while True:
        flowers = [t for t in game.hands[seat] if is_flower(t)]
        if not flowers:
            return events, None
        for f in flowers:
            game.hands[seat].remove(f)
            game.flowers[seat].append(f)
            events.append(
                Event("flower", seat, {"flower": name(f)}, f"seat {seat} lays out {name(f)}")
            )
            end = game.after_flower(seat)
            if end is not None:
                return events, end
            try:
                tile = game.wall.draw_replacement()
            except WallEmpty:
                return events, HandEnd()
            game.hands[seat].append(tile)
            game.drawn = tile
            if game.draw_kind in ("wall", "deal"):
                game.draw_kind = "flower"


def first_turn_flowers(game: MahjongGame, seat: int) -> list[Event]:
    """At a seat's first turn, the opening hand's flowers are replaced (:19-21)."""
    if game.had_turn[seat]:
        return []
    game.had_turn[seat] = True
    events, end = game._lay_out_flowers(seat)
    if seat == game.dealer and game.draw_kind == "flower":
        game.draw_kind = "deal"
    if end is not None:
        events += game._end_hand(end)
    return events


def draw_for(game: MahjongGame, seat: int, replacement: bool = False) -> list[Event]:
    """The seat's turn starts with a draw (or a kong's replacement draw)."""
    game.turn = seat
    game.phase = "discard"
    events: list[Event] = []
    if not replacement:
        events += game._first_turn_flowers(seat)
        if game.phase != "discard":
            return events
    try:
        tile = game.wall.draw_replacement() if replacement else game.wall.draw()
    except WallEmpty:
        return events + game._end_hand(HandEnd())
    game.hands[seat].append(tile)
    game.drawn = tile
    game.draw_kind = "kong" if replacement else "wall"
    game.on_moved(seat)
    events.append(
        Event(
            "draw",
            seat,
            {"replacement": replacement, "wall": game.wall.live},
            f"seat {seat} draws" + (" a replacement" if replacement else ""),
        )
    )
    more, end = game._lay_out_flowers(seat)
    events += more
    if end is not None:
        events += game._end_hand(end)
    return events


def standing_moves(game: MahjongGame) -> list[Event]:
    """The moves seats' standing choices make for them, until one needs a person."""
    events: list[Event] = []
    for _ in range(400):
        if game.phase == "claim":
            window = game.window
            assert window is not None
            auto = next(
                (
                    s
                    for s in window.waiting
                    if game.standing[s]["auto_win"] and "win" in window.offers[s]
                ),
                None,
            )
            if auto is None:
                return events
            events += game._answer(auto, Action(auto, "win"), None)
        elif game.phase == "discard":
            seat = game.turn
            win = game._self_draw_win(seat) if game.standing[seat]["auto_win"] else None
            if isinstance(win, Win):
                events += game._end_hand(HandEnd(wins=(win,)))
            elif (
                game.standing[seat]["discard_drawn"]
                and game.draw_kind in ("wall", "kong", "flower")
                and game.drawn in game.hands[seat]
            ):
                assert game.drawn is not None
                events += game._discard(seat, game.drawn)
            else:
                return events
        else:
            return events
    return events


def discard(game: MahjongGame, seat: int, tile: int) -> list[Event]:
    game.hands[seat].remove(tile)
    game.river[seat].append((tile, ""))
    game.drawn = None
    game.draw_kind = None
    events = [Event("discard", seat, {"tile": name(tile)}, f"seat {seat} discards {name(tile)}")]
    game.on_discarded(seat, tile)
    return events + game._open_discard_window(seat, tile)


def own_kong(game: MahjongGame, seat: int, tile: int) -> list[Event]:
    pong = next((m for m in game.melds[seat] if m.kind == "pong" and m.first == tile), None)
    game.drawn = None
    if pong is None:
        for _ in range(4):
            game.hands[seat].remove(tile)
        game.melds[seat].append(Meld("kong", (tile,) * 4, concealed=True))
        events = [Event("kong", seat, {"concealed": True}, f"seat {seat} makes a concealed kong")]
        return events + game._draw_for(seat, replacement=True)
    game.hands[seat].remove(tile)
    events = [
        Event("kong", seat, {"tile": name(tile), "added": True}, f"seat {seat} adds {name(tile)}")
    ]
    if game.core.rob_kong:
        wins: dict[int, Win] = {}
        for k in range(1, 4):
            o = (seat + k) % 4
            if game._shape_wins(o, tile):
                win = game.score_win(game._ctx(o, tile, "rob_kong", seat))
                if isinstance(win, Win):
                    wins[o] = win
        if wins or game._claim_pause():
            game.kong_tile = tile
            offers: dict[int, tuple[str, ...]] = {o: ("win", "pass") for o in wins}
            game.window = game._pause_window(ClaimWindow("rob", tile, seat, offers, {}, wins))
            game.phase = "claim"
            return events
    return events + game._complete_added_kong(seat, tile)


def complete_added_kong(game: MahjongGame, seat: int, tile: int) -> list[Event]:
    i = next(i for i, m in enumerate(game.melds[seat]) if m.kind == "pong" and m.first == tile)
    old = game.melds[seat][i]
    game.melds[seat][i] = Meld(
        "kong", (tile,) * 4, old.claimed, old.from_seat, concealed=False, added=True
    )
    game.kong_tile = None
    return game._draw_for(seat, replacement=True)
