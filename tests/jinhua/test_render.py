"""The Jinhua view as pictures: the 财神 is the scenes' wildcard (marked, indicator shown)."""

from __future__ import annotations

import dataclasses

from games.jinhua import JinhuaGame
from games.tiles import parse_tile
from render.jinhua import hand_scene, table_scene
from render.mahjong import mahjong_hand_png, mahjong_table_png
from tests.jinhua.helpers import jrig


def test_hand_and_table_pictures_mark_the_caishen() -> None:
    game = JinhuaGame(8)
    view = game.view(game.dealer)
    scene = hand_scene(view, "金华麻将")
    assert scene.wildcard == parse_tile(str(view["caishen"]))
    assert len(scene.concealed) + (scene.drawn is not None) == len(view["hand"])
    assert mahjong_hand_png(scene).startswith(b"\x89PNG")
    table = table_scene(game.view(None), ["A", "B", "C", "D"], "金华麻将")
    assert table.wildcard == parse_tile(str(view["caishen"]))
    assert mahjong_table_png(table).startswith(b"\x89PNG")


def test_a_hand_holding_caishen_draws_and_differs_from_the_unmarked_picture() -> None:
    game = jrig({0: "147m 147p 147s E S W 9s 9s"}, caishen="9s")
    marked = hand_scene(game.view(0))
    assert marked.wildcard == parse_tile("9s")
    plain = mahjong_hand_png(dataclasses.replace(marked, wildcard=None))
    assert mahjong_hand_png(marked) != plain
