"""Adapter from the 金坛麻将 (Jintan) engine view to the mahjong pictures of
:mod:`render.mahjong` (any view of :class:`games.mahjong.engine.MahjongGame` works).

``hand_scene(view)`` draws the viewer's own hand with the drawn tile set apart, melds and
flowers; ``table_scene(view, names)`` the table: every seat's wind, dealer, tiles in hand,
melds (another seat's concealed kong face down), flowers and discards (claimed ones leave
the river), the wall count and the dice in the header, the live discard outlined. Who may
claim a discard is not in the view, so it is not in the picture either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.tiles import Family, Tile, parse_tile
from render.scenes import (
    MahjongHandScene,
    MahjongResultScene,
    MahjongSeat,
    MahjongTableScene,
    MahjongWin,
    Meld,
)

__all__ = [
    "hand_input",
    "hand_png",
    "hand_scene",
    "meld_of",
    "result_png",
    "result_scene",
    "table_png",
    "table_scene",
]

_WIND = [Tile(Family.WIND, n) for n in range(1, 5)]
_PLACEHOLDER = Tile(Family.DRAGON, 3)


def _tiles(values: Any) -> list[Tile]:
    return [parse_tile(str(v)) for v in values or []]


def meld_of(meld: Mapping[str, Any], owner: int) -> Meld:
    """A view meld as a picture meld; the claimed tile lies sideways on the side of the seat
    it came from (上家 left, 对家 middle, 下家 right)."""
    if meld.get("tiles") is None:
        return Meld("hidden_kong", [_PLACEHOLDER] * 4)
    tiles = _tiles(meld["tiles"])
    kind = str(meld["kind"])
    if kind == "kong":
        kind = (
            "concealed_kong"
            if meld.get("concealed")
            else ("added_kong" if meld.get("added") else "kong")
        )
    claimed: int | None = None
    if meld.get("claimed") is not None and meld.get("from") is not None:
        if kind == "chow":
            claimed = tiles.index(parse_tile(str(meld["claimed"])))
        else:
            side = (owner - int(meld["from"])) % 4  # 1 = from the previous seat
            claimed = {1: 0, 2: 1, 3: len(tiles) - 1}.get(side)
    return Meld(kind, tiles, claimed)  # type: ignore[arg-type]


def hand_scene(view: Mapping[str, Any], title: str = "") -> MahjongHandScene:
    """The viewer's own hand (``view(seat)``, not the public view)."""
    seat = int(view["seat"])
    hand = _tiles(view.get("hand"))
    drawn = parse_tile(str(view["drawn"])) if view.get("drawn") else None
    if drawn is not None and drawn in hand:
        hand.remove(drawn)
    player = view["players"][seat]
    return MahjongHandScene(
        concealed=sorted(hand),
        melds=[meld_of(m, seat) for m in player["melds"]],
        drawn=drawn,
        flowers=_tiles(player["flowers"]),
        title=title,
    )


def table_scene(
    view: Mapping[str, Any], names: Sequence[str], title: str = "", deadline: str = ""
) -> MahjongTableScene:
    """The table as ``view`` shows it (``viewer`` = the view's seat, or 0 for spectators)."""
    dealer = int(view.get("dealer") or 0)
    seats = []
    for player in view["players"]:
        s = int(player["seat"])
        seats.append(
            MahjongSeat(
                name=names[s] if s < len(names) else f"seat {s + 1}",
                wind=_WIND[(s - dealer) % 4],
                hand_count=int(player["concealed"]),
                discards=[
                    parse_tile(d["tile"]) for d in player["discards"] if d["taken"] != "claimed"
                ],
                melds=[meld_of(m, s) for m in player["melds"]],
                flowers=_tiles(player["flowers"]),
            )
        )
    window = view.get("claim_window")
    last = int(window["from"]) if window else _last_discarder(view)
    dice = view.get("dice") or []
    head = " · ".join(
        p
        for p in (
            title,
            f"骰 dice {'+'.join(str(x) for x in dice)}" if dice else "",
        )
        if p
    )
    wall = view.get("wall") or {}
    viewer = view.get("seat")
    return MahjongTableScene(
        seats=seats,
        wall_left=int(wall.get("live", 0)),
        dealer=dealer,
        turn=view.get("turn"),
        last_discard=last,
        deadline=deadline,
        viewer=int(viewer) if viewer is not None else 0,
        title=head,
    )


_HOW = {
    "self_draw": "自摸 self-drawn",
    "discard": "{name} 放炮 discard",
    "rob_kong": "抢杠 robbed {name}",
}


def result_scene(
    view: Mapping[str, Any], names: Sequence[str], title: str = ""
) -> MahjongResultScene | None:
    """The winners' hands of the hand just finished, from any seat's ``view`` (or a
    spectator's) once the hand is over; ``None`` while it is played, and for a drawn hand
    (荒庄) or a hand ended without a win.

    The data is public after the hand: the result's summary holds every seat's concealed
    tiles (``hands``) and each win's seat, source, winning tile and hand names; the view's
    melds show concealed kongs face up once the hand is over. A self-drawn winning tile is in
    the concealed tiles and is taken out of them to be shown apart; a discard is not.
    """
    if view.get("phase") not in ("hand_over", "match_over"):
        return None
    results = view.get("hand_results") or []
    summary = results[-1].get("summary") if results else None
    if not isinstance(summary, Mapping) or not summary.get("wins"):
        return None
    hands = summary.get("hands") or view.get("hands") or []
    wins = []
    for win in summary["wins"]:
        seat = int(win["seat"])
        tile = parse_tile(str(win["tile"]))
        concealed = _tiles(hands[seat]) if seat < len(hands) else []
        # 14 counting a meld as 3: the winning tile is among them (a self-draw)
        if len(concealed) % 3 == 2 and tile in concealed:
            concealed.remove(tile)
        player = view["players"][seat]
        source = str(win.get("source"))
        by = win.get("from")
        who = names[int(by)] if isinstance(by, int) and int(by) < len(names) else ""
        details = win.get("details") if isinstance(win.get("details"), Mapping) else {}
        assert isinstance(details, Mapping)
        hand_names = details.get("hand_names") or details.get("fan_names") or []
        wins.append(
            MahjongWin(
                name=names[seat] if seat < len(names) else f"seat {seat + 1}",
                concealed=sorted(concealed),
                winning_tile=tile,
                melds=[meld_of(m, seat) for m in player["melds"]],
                flowers=_tiles(player["flowers"]),
                how=_HOW.get(source, source).format(name=who),
                hands=[str(h) for h in hand_names],
            )
        )
    number = view.get("hand_number")
    head = title or (f"第{number}局 hand {number} · 胡 win" if number else "胡 win")
    return MahjongResultScene(wins=wins, title=head)


def result_png(view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
    """The result picture (each winner's whole hand, the winning tile marked) of a finished
    hand's ``view``, or ``None`` when there is no win to show (see :func:`result_scene`)."""
    from render.mahjong_result import mahjong_result_png

    scene = result_scene(view, names)
    return None if scene is None else mahjong_result_png(scene)


def table_image(view: Mapping[str, Any], names: Sequence[str]) -> Image.Image | None:
    """:func:`table_png` as an image, not encoded (the replay draws it into a step); ``None``
    once a hand is won (then the result picture, :func:`table_png`)."""
    from render.mahjong import mahjong_table_image

    if result_scene(view, names) is not None:
        return None
    return mahjong_table_image(table_scene(view, names))


def table_png(view: Mapping[str, Any], names: Sequence[str]) -> bytes:
    """The table picture of a spectator's view (found by :mod:`cogs.pictures` by name); once
    a hand is won, the result picture (:func:`result_png`) in its place."""
    from render.mahjong import mahjong_table_png

    return result_png(view, names) or mahjong_table_png(table_scene(view, names))


def hand_png(view: Mapping[str, Any]) -> bytes:
    """The picture of the viewer's own hand, the drawn tile set apart."""
    from render.mahjong import mahjong_hand_png

    return mahjong_hand_png(hand_scene(view))


def hand_input(view: Mapping[str, Any]) -> Any:
    """What :func:`hand_png` draws from ``view`` (``hand_scene``): equal inputs, equal pictures,
    so a front end can keep the picture when only the controls change."""
    return hand_scene(view)


def _last_discarder(view: Mapping[str, Any]) -> int | None:
    """The seat whose discard is the table's last move when no window is open on it (the
    seat before the one on turn, its newest tile untaken): marked the same way as a discard
    a window is open on, so the picture never tells whether one is."""
    turn = view.get("turn")
    players = view.get("players") or []
    if not isinstance(turn, int) or not players:
        return None
    prev = (turn - 1) % len(players)
    river = players[prev].get("discards") or []
    return prev if river and river[-1].get("taken") == "" else None
