"""The mahjong pictures on a phone and at the end of a hand: the table's tiles big enough to
count a 九筒's dots, the 财神 indicator as big as a hand tile and labelled, and the result
picture with every tile of each winning hand, concealed kongs face up, the winning tile
framed (金坛 and 金华) and the 财神 marked (金华)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

import render.mahjong
from games.mahjong.engine import MahjongGame
from games.mahjong.selfplay import play_hand
from games.registry import GAMES
from games.tiles import Tile, parse_tile
from render import jinhua, jintan
from render.common import TABLE
from render.fonts import record_text
from render.mahjong import HAND_TILE_W, TABLE_TILE_W, mahjong_hand_image, mahjong_table_image
from render.mahjong_result import _ROW_H, WIN_FRAME, mahjong_result_image, win_layout
from render.scenes import MahjongResultScene, MahjongWin
from render.tiles import tile_back, tile_image, tile_size
from tests.render.samples import mahjong_hand_scene, mahjong_table_scene

NAMES = ["张伟", "Alice", "李小龙 Bruce", "王芳"]
PHONE_W = 400


def _finished(key: str, seed: int) -> MahjongGame:
    """A hand played to its end by the heuristic bots (deterministic per seed)."""
    spec = GAMES[key]
    game = spec.engine()(seed)
    assert isinstance(game, MahjongGame)
    bots = [spec.bots()["heuristic"]() for _ in range(4)]
    play_hand(game, bots, random.Random(seed))
    assert game.phase in ("hand_over", "match_over")
    return game


def _png(data: bytes | None) -> Image.Image:
    assert data is not None
    return Image.open(io.BytesIO(data)).convert("RGB")


# ------------------------------------------------------------------ the table on a phone


def test_the_table_tiles_read_on_a_phone() -> None:
    """At 400 px on a phone a discard is at least 32 px wide (it was 26 px: 58 px tiles on a
    900 px picture), 11 discards a row, and the picture is 640-800 px wide."""
    img = mahjong_table_image(mahjong_table_scene())
    assert 640 <= img.width <= 800
    assert TABLE_TILE_W * PHONE_W / img.width >= 32
    assert img.width - 10 >= render.mahjong._PER_ROW * (TABLE_TILE_W + 3) + 24


@pytest.fixture
def wild_sprites(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Tile, int]]:
    """The (tile, width) of every 财神-marked sprite the mahjong pictures draw."""
    seen: list[tuple[Tile, int]] = []
    real = render.mahjong.tile_image

    def spy(tile: Tile, width: int = 60, wildcard: bool = False) -> Image.Image:
        if wildcard:
            seen.append((tile, width))
        return real(tile, width, wildcard)

    monkeypatch.setattr(render.mahjong, "tile_image", spy)
    return seen


@pytest.mark.parametrize("picture", ["table", "hand"])
def test_the_caishen_indicator_is_as_big_as_a_hand_tile_and_labelled(
    picture: str, wild_sprites: list[tuple[Tile, int]]
) -> None:
    """The indicator was a 46 px tile on the table (12 px on a phone) and 34 px beside the
    hand; now it is drawn HAND_TILE_W (64) px wide in both, under the words 财神 and
    wildcard, and a different 财神 changes the header."""
    table, hand = mahjong_table_scene(), mahjong_hand_scene()
    assert table.wildcard == hand.wildcard == parse_tile("5p")
    with record_text() as drawn:
        img = mahjong_table_image(table) if picture == "table" else mahjong_hand_image(hand)
    assert (parse_tile("5p"), HAND_TILE_W) in wild_sprites
    texts = [t.text for t in drawn if t.canvas == img.size]
    assert "财神" in texts and "wildcard" in texts
    other_table = mahjong_table_image(
        type(table)(**{**table.__dict__, "wildcard": parse_tile("9s")})
    )
    if picture == "table":
        header = (img.width - 220, 0, img.width, tile_size(HAND_TILE_W)[1] + 20)
        assert ImageChops.difference(img.crop(header), other_table.crop(header)).getbbox()


# ------------------------------------------------------------------ the result picture


def _result(key: str, seed: int) -> tuple[dict[str, Any], MahjongResultScene]:
    game = _finished(key, seed)
    view = game.view(None)
    adapter = jinhua if key == "jinhua" else jintan
    scene = adapter.result_scene(view, NAMES)
    assert scene is not None
    return view, scene


def _tiles_of(win: MahjongWin) -> int:
    """Tiles counted as a hand counts them (a kong as 3): 14 for every winning hand."""
    return len(win.concealed) + 1 + 3 * len(win.melds)


def _positions(scene: MahjongResultScene) -> Iterator[tuple[str, Any, int, int]]:
    """(kind, value, x, bottom) of every item of the result picture, as it is drawn."""
    header = tile_size(HAND_TILE_W)[1] + 26 if scene.wildcard is not None else 64
    y = header
    for win in scene.wins:
        top = y + 58
        rows = win_layout(win)
        for row in rows:
            for (kind, value), x in row:
                yield kind, value, x, top + 34 + tile_size(TABLE_TILE_W)[1]
            top += _ROW_H
        y += 58 + len(rows) * _ROW_H + 6 + 10


def _on_felt(sprite: Image.Image) -> Image.Image:
    out = Image.new("RGB", sprite.size, TABLE)
    out.paste(sprite, (0, 0), sprite)
    return out


@pytest.mark.parametrize(
    ("key", "seed", "source"),
    [
        ("jintan", 1, "discard"),
        ("jintan", 5, "self_draw"),
        ("jintan", 68, "rob_kong"),
        ("jinhua", 3, "self_draw"),
        ("jinhua", 203, "discard"),
    ],
)
def test_every_tile_of_the_winning_hand_is_shown(key: str, seed: int, source: str) -> None:
    """The winner's concealed tiles, the winning tile and melds make 14 (a kong counted as
    3), equal to the engine's concealed hand and melds; a self-drawn winning tile is taken
    out of the concealed tiles to stand apart."""
    view, scene = _result(key, seed)
    summary = view["hand_results"][-1]["summary"]
    (win_json,) = summary["wins"]
    assert win_json["source"] == source
    (win,) = scene.wins
    seat = win_json["seat"]
    assert win.name == NAMES[seat]
    assert win.winning_tile == parse_tile(win_json["tile"])
    assert _tiles_of(win) == 14
    held = sorted([*win.concealed, *([win.winning_tile] if source == "self_draw" else [])])
    assert held == sorted(parse_tile(t) for t in summary["hands"][seat])
    assert len(win.melds) == len(view["players"][seat]["melds"])
    assert ("自摸" in win.how) == (source == "self_draw")


@pytest.mark.parametrize(("key", "seed"), [("jintan", 67), ("jinhua", 203)])
def test_concealed_kongs_are_face_up_after_the_hand(key: str, seed: int) -> None:
    """Another seat's concealed kong has no faces in the view during the hand
    (``test_jintan_adapter``); once the hand is over the spectator's view shows them, and
    the result picture draws all four faces (the outer two, face down on the table, are the
    tile's face here)."""
    view, scene = _result(key, seed)
    (win,) = scene.wins
    kongs = [m for m in win.melds if m.kind == "concealed_kong"]
    assert kongs, "the seed's winner holds a concealed kong"
    seat = view["hand_results"][-1]["summary"]["wins"][0]["seat"]
    shown = [m for m in view["players"][seat]["melds"] if m["concealed"]]
    assert len(shown) == len(kongs) and all(m["tiles"] for m in shown)
    img = mahjong_result_image(scene)
    back = _on_felt(tile_back(TABLE_TILE_W))
    checked = 0
    for kind, value, x, bottom in _positions(scene):
        if kind != "meld" or value.kind != "concealed_kong":
            continue
        face = _on_felt(tile_image(value.tiles[0], TABLE_TILE_W, wildcard=False))
        for i in (0, 3):  # the outer tiles
            left = x + i * (TABLE_TILE_W + 1)
            box = (left, bottom - face.height, left + face.width, bottom)
            got = img.crop(box)
            if value.tiles[0] != scene.wildcard:
                assert ImageChops.difference(got, face).getbbox() is None
            assert ImageChops.difference(got, back).getbbox() is not None
            checked += 1
    assert checked == 2 * len(kongs)


@pytest.mark.parametrize(("key", "seed"), [("jintan", 1), ("jintan", 5), ("jinhua", 3)])
def test_the_winning_tile_is_framed_and_badged(key: str, seed: int) -> None:
    """A WIN_FRAME (red) frame 4 px wide runs round the winning tile, with the 胡 badge
    above it."""
    _view, scene = _result(key, seed)
    img = mahjong_result_image(scene)
    ((x, bottom),) = [(x, b) for kind, _v, x, b in _positions(scene) if kind == "win"]
    th = tile_size(TABLE_TILE_W)[1]
    left, top = x + 4 - 4, bottom - th - 4
    # the frame's left edge: a column of red beside the tile
    edge = img.crop((left, top + 10, left + 3, bottom - 10))
    reds = sum(1 for px in edge.get_flattened_data() if px[0] > 150 and px[1] < 90 and px[2] < 90)  # type: ignore[index]
    assert reds >= 0.9 * edge.width * edge.height
    assert img.getpixel((left + 1, top + th // 2)) == WIN_FRAME
    with record_text() as drawn:
        mahjong_result_image(scene)
    assert "胡" in [t.text for t in drawn]


def test_caishen_tiles_in_the_winning_hand_are_marked() -> None:
    """金华: each 财神 among the concealed tiles is drawn as the marked sprite (财 corner,
    gold frame), never the plain face; the header shows the indicator."""
    _view, scene = _result("jinhua", 203)
    assert scene.wildcard is not None
    (win,) = scene.wins
    assert scene.wildcard in win.concealed
    img = mahjong_result_image(scene)
    marked = _on_felt(tile_image(scene.wildcard, TABLE_TILE_W, wildcard=True))
    plain = _on_felt(tile_image(scene.wildcard, TABLE_TILE_W))
    found = 0
    for kind, value, x, bottom in _positions(scene):
        if kind != "tiles":
            continue
        for i, tile in enumerate(value):
            if tile != scene.wildcard:
                continue
            left = x + i * (TABLE_TILE_W + 2)
            got = img.crop((left, bottom - marked.height, left + marked.width, bottom))
            assert ImageChops.difference(got, marked).getbbox() is None
            assert ImageChops.difference(got, plain).getbbox() is not None
            found += 1
    assert found == win.concealed.count(scene.wildcard) >= 1


@pytest.mark.parametrize("key", ["jintan", "jinhua"])
def test_the_table_picture_at_the_end_is_the_result(key: str) -> None:
    """``table_png`` (what the Discord front end draws for the table) shows the result once a
    hand is won, the table while it is played and after a drawn hand (no win to show)."""
    adapter = jinhua if key == "jinhua" else jintan
    game = _finished(key, 1)
    view = game.view(None)
    assert adapter.table_png(view, NAMES) == adapter.result_png(view, NAMES)
    drawn = {**view, "hand_results": [{**view["hand_results"][-1], "summary": {"wins": []}}]}
    assert adapter.result_scene(drawn, NAMES) is None
    assert (
        _png(adapter.table_png(drawn, NAMES)).size
        == _png(render.mahjong.mahjong_table_png(adapter.table_scene(drawn, NAMES))).size
    )
    fresh = GAMES[key].engine()(1)
    assert adapter.result_scene(fresh.view(None), NAMES) is None


def test_several_winners_each_get_a_band() -> None:
    """一炮多响 (jintan seed 62): every winner's hand is in the picture, one band each."""
    view, scene = _result("jintan", 62)
    assert len(scene.wins) == len(view["hand_results"][-1]["summary"]["wins"]) >= 2
    one = MahjongResultScene(wins=scene.wins[:1], title=scene.title)
    assert mahjong_result_image(scene).height > mahjong_result_image(one).height + 150
    assert all(_tiles_of(w) == 14 for w in scene.wins)
