"""Mahjong tile notation (games.tiles): every accepted spelling, the set sizes, round trips."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.tiles import (
    ALL_KINDS,
    FLOWERS,
    Family,
    Tile,
    TileParseError,
    format_tile,
    format_tile_chinese,
    format_tiles,
    full_tile_set,
    parse_tile,
    parse_tiles,
)

FIVE_DOTS = Tile(Family.DOTS, 5)
RED = Tile(Family.DRAGON, 1)
GREEN = Tile(Family.DRAGON, 2)
WHITE = Tile(Family.DRAGON, 3)


@pytest.mark.parametrize("text", ["5p", "5P", "五筒", "5筒", "五饼", "五餅", " 5p "])
def test_five_dots_spellings(text: str) -> None:
    assert parse_tile(text) == FIVE_DOTS


@pytest.mark.parametrize(
    ("text", "tile"),
    [
        ("1m", Tile(Family.CHARACTERS, 1)),
        ("一万", Tile(Family.CHARACTERS, 1)),
        ("一萬", Tile(Family.CHARACTERS, 1)),
        ("九萬", Tile(Family.CHARACTERS, 9)),
        ("三条", Tile(Family.BAMBOO, 3)),
        ("三條", Tile(Family.BAMBOO, 3)),
        ("幺鸡", Tile(Family.BAMBOO, 1)),
        ("E", Tile(Family.WIND, 1)),
        ("s", Tile(Family.WIND, 2)),
        ("W", Tile(Family.WIND, 3)),
        ("北", Tile(Family.WIND, 4)),
        ("東風", Tile(Family.WIND, 1)),
        ("C", RED),
        ("中", RED),
        ("红中", RED),
        ("F", GREEN),
        ("發", GREEN),
        ("发", GREEN),
        ("P", WHITE),
        ("白", WHITE),
        ("白板", WHITE),
        ("春", Tile(Family.FLOWER, 1)),
        ("冬", Tile(Family.FLOWER, 4)),
        ("兰", Tile(Family.FLOWER, 6)),
        ("蘭", Tile(Family.FLOWER, 6)),
        ("菊", Tile(Family.FLOWER, 8)),
        ("8f", Tile(Family.FLOWER, 8)),
    ],
)
def test_named_tiles(text: str, tile: Tile) -> None:
    assert parse_tile(text) == tile


@pytest.mark.parametrize("text", ["", "0m", "10m", "X", "9f", "5x", "萬", "十万", "中x", "m5"])
def test_not_a_tile(text: str) -> None:
    with pytest.raises(
        TileParseError, match=r"is not a tile: (flowers are 1f-8f; )?expected a tile such as 1m-9m"
    ):
        parse_tile(text)


def test_error_names_the_bad_piece() -> None:
    with pytest.raises(TileParseError, match=r"'x' \(in '123mx'\) is not a tile"):
        parse_tiles("E 123mx")


def test_several_tiles_are_not_one_tile() -> None:
    with pytest.raises(TileParseError, match="'123m' is 3 tiles, not one"):
        parse_tile("123m")


def test_compact_runs() -> None:
    assert parse_tiles("123m 55p EE 中發白") == [
        Tile(Family.CHARACTERS, 1),
        Tile(Family.CHARACTERS, 2),
        Tile(Family.CHARACTERS, 3),
        FIVE_DOTS,
        FIVE_DOTS,
        Tile(Family.WIND, 1),
        Tile(Family.WIND, 1),
        RED,
        GREEN,
        WHITE,
    ]
    assert parse_tiles("") == []
    assert format_tiles(parse_tiles("1m2m3m 5p5p E E"), compact=True) == "123m 55p E E"


def test_canonical_forms() -> None:
    assert format_tile(FIVE_DOTS) == "5p"
    assert format_tile(WHITE) == "P"
    assert format_tile(Tile(Family.FLOWER, 3)) == "3f"
    assert format_tile_chinese(FIVE_DOTS) == "五筒"
    assert format_tile_chinese(Tile(Family.CHARACTERS, 1)) == "一万"
    assert format_tile_chinese(Tile(Family.WIND, 1)) == "东"
    assert format_tile_chinese(GREEN) == "发"
    assert format_tile_chinese(Tile(Family.FLOWER, 5)) == "梅"
    assert str(RED) == "C"


def test_set_sizes_and_order() -> None:
    # jintan-mahjong.txt:3,5: 144 tiles, of which 8 flowers; 136 without them.
    assert len(ALL_KINDS) == 34
    assert len(FLOWERS) == 8
    assert len(full_tile_set()) == 136
    full = full_tile_set(flowers=True)
    assert len(full) == 144
    counts = Counter(full)
    assert all(counts[k] == 4 for k in ALL_KINDS)
    assert all(counts[f] == 1 for f in FLOWERS)
    assert [t.index for t in (*ALL_KINDS, *FLOWERS)] == list(range(42))
    assert sorted(full) == full


def test_bad_number_is_refused() -> None:
    with pytest.raises(ValueError, match="wind tiles are numbered 1-4, not 5"):
        Tile(Family.WIND, 5)


tiles_st = st.sampled_from([*ALL_KINDS, *FLOWERS])


@settings(max_examples=100)
@given(tiles_st)
def test_round_trip_one(tile: Tile) -> None:
    assert parse_tile(format_tile(tile)) == tile
    assert parse_tile(format_tile_chinese(tile)) == tile
    assert parse_tile(format_tile(tile).lower()) == tile


@settings(max_examples=100)
@given(st.lists(tiles_st, max_size=20), st.booleans(), st.booleans())
def test_round_trip_many(tiles: list[Tile], compact: bool, chinese: bool) -> None:
    assert parse_tiles(format_tiles(tiles, compact=compact, chinese=chinese)) == tiles
    assert parse_tiles("".join(format_tile_chinese(t) for t in tiles)) == tiles
