"""The Jintan view as pictures: hand and table scenes, a hidden concealed kong, privacy."""

from __future__ import annotations

from games.jintan import JintanGame
from games.tiles import parse_tile
from render.jintan import hand_scene, table_scene
from render.mahjong import mahjong_hand_png, mahjong_table_png
from tests.jintan.helpers import IDLE, act, discard, meld, rig


def test_hand_and_table_pictures_of_a_real_game() -> None:
    game = JintanGame(8)
    view = game.view(game.dealer)
    scene = hand_scene(view, "金坛麻将")
    assert len(scene.concealed) + (scene.drawn is not None) == len(view["hand"])
    assert mahjong_hand_png(scene).startswith(b"\x89PNG")
    table = table_scene(view, ["A", "B", "C", "D"], "金坛麻将")
    assert table.viewer == game.dealer and table.seats[game.dealer].wind == parse_tile("E")
    assert "骰 dice" in table.title
    assert mahjong_table_png(table).startswith(b"\x89PNG")


def test_another_seats_concealed_kong_is_face_down_and_claims_lie_sideways() -> None:
    game = rig(
        {0: "5s 5s 5s 5s 147m 147p E S W C"},
        melds={1: [meld("pong", "C C C", from_seat=0)]},
        wall="9p 9p 9p 8p 8p 2m",
    )
    act(game, 0, "kong", tile="5s")
    mine = table_scene(game.view(0), "ABCD").seats[0].melds[0]
    theirs = table_scene(game.view(2), "ABCD").seats[0].melds[0]
    assert mine.kind == "concealed_kong" and mine.tiles[0] == parse_tile("5s")
    assert theirs.kind == "hidden_kong" and parse_tile("5s") not in theirs.tiles
    pong = table_scene(game.view(2), "ABCD").seats[1].melds[0]
    assert pong.kind == "pong" and pong.claimed == 0  # from seat 0, seat 1's 上家
    assert mahjong_table_png(table_scene(game.view(2), "ABCD")).startswith(b"\x89PNG")


def test_the_picture_shows_neither_a_window_nor_who_may_claim() -> None:
    a = rig({0: IDLE + " 5s", 2: "55s 147m 147p E S W N C"})
    b = rig({0: IDLE + " 5s", 3: "55s 147m 147p E S W N C"})
    discard(a, 0, "5s")
    discard(b, 0, "5s")
    sa, sb = table_scene(a.view(1), "ABCD"), table_scene(b.view(1), "ABCD")
    assert sa.last_discard == 0 and sa.turn is None and "claim" not in sa.title
    assert (sa.title, sa.turn, sa.last_discard) == (sb.title, sb.turn, sb.last_discard)
