"""Adapter from the 金华麻将 (Jinhua) engine view to the mahjong pictures of
:mod:`render.mahjong`: the 金坛 adapter's scenes (:mod:`render.jintan`, any view of the
shared mahjong core works) with the 财神 set as the scene's wildcard, so every 财神 tile is
marked and the indicator is shown beside the hand and in the table's header
(``dagun_and_jinhua-mahjong.txt:103``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from games.tiles import Tile, parse_tile
from render import jintan
from render.scenes import MahjongHandScene, MahjongResultScene, MahjongTableScene

__all__ = [
    "hand_input",
    "hand_png",
    "hand_scene",
    "result_png",
    "result_scene",
    "table_png",
    "table_scene",
]


def _caishen(view: Mapping[str, Any]) -> Tile | None:
    value = view.get("caishen")
    return parse_tile(str(value)) if value else None


def hand_scene(view: Mapping[str, Any], title: str = "") -> MahjongHandScene:
    """The viewer's own hand with its 财神 marked and the indicator shown."""
    scene = jintan.hand_scene(view, title)
    return dataclasses.replace(scene, wildcard=_caishen(view))


def table_scene(
    view: Mapping[str, Any], names: Sequence[str], title: str = "", deadline: str = ""
) -> MahjongTableScene:
    """The table as ``view`` shows it, the 财神 in the header and marked wherever it lies."""
    scene = jintan.table_scene(view, names, title, deadline)
    return dataclasses.replace(scene, wildcard=_caishen(view))


def result_scene(
    view: Mapping[str, Any], names: Sequence[str], title: str = ""
) -> MahjongResultScene | None:
    """The winners' hands once the hand is over (:func:`render.jintan.result_scene`), every
    财神 in them marked and the indicator in the header; ``None`` without a win."""
    scene = jintan.result_scene(view, names, title)
    return None if scene is None else dataclasses.replace(scene, wildcard=_caishen(view))


def result_png(view: Mapping[str, Any], names: Sequence[str]) -> bytes | None:
    """The result picture of a finished hand's ``view``, the 财神 marked; ``None`` without
    a win."""
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
    """The table picture of a spectator's view, the 财神 marked (found by
    :mod:`cogs.pictures` by name); once a hand is won, the result picture in its place."""
    from render.mahjong import mahjong_table_png

    return result_png(view, names) or mahjong_table_png(table_scene(view, names))


def hand_png(view: Mapping[str, Any]) -> bytes:
    """The picture of the viewer's own hand, its 财神 marked and the indicator shown."""
    from render.mahjong import mahjong_hand_png

    return mahjong_hand_png(hand_scene(view))


def hand_input(view: Mapping[str, Any]) -> Any:
    """What :func:`hand_png` draws from ``view`` (``hand_scene``): equal inputs, equal pictures,
    so a front end can keep the picture when only the controls change."""
    return hand_scene(view)
