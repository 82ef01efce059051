"""Set a Jintan table to a chosen position (hands, melds, flowers, wall) for rule tests.

The game is built normally from a seed and then its hand is replaced, so every later
move goes through the real engine. Tiles are notation strings (``"123m 55p E"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import Action
from games.jintan import JintanGame, JintanOptions
from games.mahjong.engine import MahjongGame
from games.mahjong.melds import Meld
from games.mahjong.wall import Wall
from games.tiles import parse_tiles

# 13 tiles that can neither chow, pong nor win on anything: kept by seats a test ignores
IDLE = "147m 147p 147s E S W N"


def tiles(text: str) -> list[int]:
    return [t.index for t in parse_tiles(text)]


def meld(kind: str, text: str, concealed: bool = False, from_seat: int | None = 1) -> Meld:
    ts = tuple(sorted(tiles(text)))
    return Meld(kind, ts, None if concealed else ts[0], None if concealed else from_seat, concealed)


def rig(
    hands: Mapping[int, str],
    wall: str = "9p 9p 9p 9p 8p 8p 8p 8p",
    turn: int = 0,
    dealer: int = 0,
    melds: Mapping[int, Sequence[Meld]] | None = None,
    flowers: Mapping[int, str] | None = None,
    options: JintanOptions | None = None,
    cls: type[MahjongGame] = JintanGame,
    dead_wall: int = 0,
) -> Any:
    """A game with seat ``turn`` to discard (it must hold 14 counting melds as 3), the
    others' hands as given (default :data:`IDLE`), the wall in draw order (replacement
    tiles come from its end)."""
    game = cls(1, options) if cls is not JintanGame else JintanGame(1, options or JintanOptions())
    game.dealer = dealer
    for s in range(4):
        game.hands[s] = tiles(hands.get(s, IDLE))
        game.melds[s] = list((melds or {}).get(s, []))
        game.flowers[s] = tiles((flowers or {}).get(s, ""))
        game.river[s] = []
    game.wall = Wall(tiles(wall), (3, 4), dead_wall)
    game.had_turn = [True] * 4
    game.turn = turn
    game.phase = "discard"
    game.draw_kind = "wall"
    game.drawn = game.hands[turn][-1]
    game.window = None
    game.pending_events = []
    return game


def act(game: MahjongGame, seat: int | None, kind: str, **data: object) -> None:
    game.apply(Action(seat, kind, dict(data)))


def discard(game: MahjongGame, seat: int, tile: str) -> None:
    act(game, seat, "discard", tile=tile)


def offers(game: MahjongGame) -> dict[int, tuple[str, ...]]:
    """Pending seats and their kinds (the engine's private pending list)."""
    return {d.seat: d.kinds for d in game.pending() if d.seat is not None and d.required}
