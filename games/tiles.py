"""Mahjong tiles (麻将牌) and their notation, shared by every mahjong game.

A :class:`Tile` is a value: the four 五筒 of a set are equal, so a hand is a
multiset (a sorted tuple or a ``collections.Counter``).

The 34 kinds are the three suits characters (万子, ``m``), dots (筒子, ``p``) and
bamboo (条子, ``s``) numbered 1-9, the four winds (风牌 东南西北) and the three
dragons (箭牌 中 發 白); a 144-tile set adds eight flowers (花牌) 春夏秋冬梅兰竹菊
(``jintan-mahjong.txt:5``).

Notation read by :func:`parse_tile` (case-insensitive):

* suited: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``; Chinese ``一万`` / ``一萬`` /
  ``1万``, ``五筒`` / ``五饼``, ``三条`` / ``三條`` / ``三索``, ``幺鸡`` for 1s
* winds: ``E S W N``, ``东 南 西 北`` (also 東, and ``东风`` / ``東風`` …)
* dragons: ``C F P`` (red, green, white), ``中 發 白`` (also 发, 红中, 白板)
* flowers: ``春 夏 秋 冬 梅 兰 竹 菊`` (also 蘭), ``1f``-``8f``

:func:`parse_tiles` also reads compact runs (``123m 456p EE``, ``19m19p19s``).
:func:`format_tile` gives the ASCII form (``5p``, ``E``, ``C``, ``3f``) and
:func:`format_tile_chinese` the Chinese one (``五筒``, ``东``, ``中``, ``秋``).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import total_ordering

__all__ = [
    "ALL_KINDS",
    "FLOWERS",
    "Family",
    "Tile",
    "TileParseError",
    "format_tile",
    "format_tile_chinese",
    "format_tiles",
    "full_tile_set",
    "parse_tile",
    "parse_tiles",
]


class Family(enum.Enum):
    """The six families of tiles. ``value`` is the ASCII suffix used in notation."""

    CHARACTERS = "m"  # 万子
    DOTS = "p"  # 筒子
    BAMBOO = "s"  # 条子
    WIND = "z"  # 风牌 (no suffix in notation: E S W N)
    DRAGON = "d"  # 箭牌 (C F P)
    FLOWER = "f"  # 花牌

    @property
    def is_suit(self) -> bool:
        """True for characters, dots and bamboo (numbered 1-9)."""
        return self in (Family.CHARACTERS, Family.DOTS, Family.BAMBOO)

    @property
    def size(self) -> int:
        """How many different tiles the family has (9, 4, 3 or 8)."""
        return _FAMILY_SIZE[self]


_FAMILY_SIZE = {
    Family.CHARACTERS: 9,
    Family.DOTS: 9,
    Family.BAMBOO: 9,
    Family.WIND: 4,
    Family.DRAGON: 3,
    Family.FLOWER: 8,
}
_FAMILY_ORDER = {f: i for i, f in enumerate(Family)}

_WIND_ASCII = "ESWN"
_WIND_CHINESE = "东南西北"
_DRAGON_ASCII = "CFP"
_DRAGON_CHINESE = "中发白"
_FLOWER_CHINESE = "春夏秋冬梅兰竹菊"
_NUMERALS = "一二三四五六七八九"
_SUIT_CHINESE = {Family.CHARACTERS: "万", Family.DOTS: "筒", Family.BAMBOO: "条"}


@total_ordering
@dataclass(frozen=True, slots=True)
class Tile:
    """One tile: a family and a number.

    ``number`` is 1-9 for suits, 1-4 for winds (东 南 西 北), 1-3 for dragons
    (中 red, 發 green, 白 white) and 1-8 for flowers (春 夏 秋 冬 梅 兰 竹 菊).
    Raises ``ValueError`` for a number outside the family's range.
    Ordering is by :attr:`index`: characters, dots, bamboo, winds, dragons, flowers.
    """

    family: Family
    number: int

    def __post_init__(self) -> None:
        if not 1 <= self.number <= self.family.size:
            raise ValueError(
                f"{self.family.name.lower()} tiles are numbered 1-{self.family.size}, "
                f"not {self.number}"
            )

    @property
    def index(self) -> int:
        """Position 0-41 in :data:`ALL_KINDS` + :data:`FLOWERS` (1m = 0, 白 = 33, 菊 = 41)."""
        start = sum(f.size for f in Family if _FAMILY_ORDER[f] < _FAMILY_ORDER[self.family])
        return start + self.number - 1

    @property
    def is_honor(self) -> bool:
        """Winds and dragons (字牌)."""
        return self.family in (Family.WIND, Family.DRAGON)

    @property
    def is_flower(self) -> bool:
        return self.family is Family.FLOWER

    @property
    def is_terminal(self) -> bool:
        """A suited 1 or 9 (幺九)."""
        return self.family.is_suit and self.number in (1, 9)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __str__(self) -> str:
        return format_tile(self)

    def __repr__(self) -> str:
        return f"Tile({format_tile(self)})"


ALL_KINDS: tuple[Tile, ...] = tuple(
    Tile(f, n) for f in Family if f is not Family.FLOWER for n in range(1, f.size + 1)
)
"""The 34 kinds in index order: 1m…9m, 1p…9p, 1s…9s, E S W N, C F P."""
FLOWERS: tuple[Tile, ...] = tuple(Tile(Family.FLOWER, n) for n in range(1, 9))
"""The 8 flowers 春 夏 秋 冬 梅 兰 竹 菊."""


def full_tile_set(flowers: bool = False) -> list[Tile]:
    """A whole set in index order: 4 of each of the 34 kinds (136), plus one of each flower (144).

    Jintan plays with 144 tiles (``jintan-mahjong.txt:3``), Jinhua with 136 or 144
    (``dagun_and_jinhua-mahjong.txt``, building the wall).
    """
    tiles = [t for t in ALL_KINDS for _ in range(4)]
    if flowers:
        tiles.extend(FLOWERS)
    return tiles


def format_tile(tile: Tile) -> str:
    """ASCII form that :func:`parse_tile` reads back: ``5p``, ``9s``, ``E``, ``C``, ``3f``."""
    fam = tile.family
    if fam.is_suit or fam is Family.FLOWER:
        return f"{tile.number}{fam.value}"
    if fam is Family.WIND:
        return _WIND_ASCII[tile.number - 1]
    return _DRAGON_ASCII[tile.number - 1]


def format_tile_chinese(tile: Tile) -> str:
    """Chinese form (simplified): ``一万``, ``五筒``, ``三条``, ``东``, ``中``, ``发``, ``春``."""
    fam = tile.family
    if fam.is_suit:
        return _NUMERALS[tile.number - 1] + _SUIT_CHINESE[fam]
    if fam is Family.WIND:
        return _WIND_CHINESE[tile.number - 1]
    if fam is Family.DRAGON:
        return _DRAGON_CHINESE[tile.number - 1]
    return _FLOWER_CHINESE[tile.number - 1]


def format_tiles(tiles: Iterable[Tile], compact: bool = False, chinese: bool = False) -> str:
    """Tiles in the given order, space-separated; :func:`parse_tiles` reads every form back.

    ``compact=True`` merges neighbouring tiles of one suit (``123m 55p E E``);
    ``chinese=True`` uses :func:`format_tile_chinese` (``compact`` is then ignored).
    """
    if chinese:
        return " ".join(format_tile_chinese(t) for t in tiles)
    if not compact:
        return " ".join(format_tile(t) for t in tiles)
    parts: list[str] = []
    run: list[Tile] = []
    for tile in tiles:
        if run and (tile.family is not run[-1].family or not _runs(tile)):
            parts.append(_format_run(run))
            run = []
        run.append(tile)
    if run:
        parts.append(_format_run(run))
    return " ".join(parts)


def _runs(tile: Tile) -> bool:
    return tile.family.is_suit or tile.family is Family.FLOWER


def _format_run(run: list[Tile]) -> str:
    if len(run) == 1 or not _runs(run[0]):
        return " ".join(format_tile(t) for t in run)
    return "".join(str(t.number) for t in run) + run[0].family.value


class TileParseError(ValueError):
    """Raised for text that is not a tile; the message quotes the text and says what is expected.
    ``bad``: the piece of text that is not a tile (for a refusal in the reader's language)."""

    def __init__(self, message: str, bad: str = "") -> None:
        super().__init__(message)
        self.bad = bad


_EXPECTED = (
    "a tile such as 1m-9m, 1p-9p, 1s-9s, E S W N, C F P, 中 發 白, 一万, 五筒, 三条, "
    "or a flower 春 夏 秋 冬 梅 兰 竹 菊 (1f-8f)"
)

# Whole words (after upper-casing ASCII) that name one tile.
_WORDS: dict[str, Tile] = {}
for _i, _c in enumerate(_WIND_ASCII):
    _WORDS[_c] = Tile(Family.WIND, _i + 1)
for _i, _c in enumerate(_DRAGON_ASCII):
    _WORDS[_c] = Tile(Family.DRAGON, _i + 1)
for _i, _names in enumerate(
    [
        ("东", "東", "东风", "東風"),
        ("南", "南风", "南風"),
        ("西", "西风", "西風"),
        ("北", "北风", "北風"),
    ]
):
    for _n in _names:
        _WORDS[_n] = Tile(Family.WIND, _i + 1)
for _i, _names in enumerate(
    [("中", "红中", "紅中"), ("发", "發", "发财", "發財", "青发", "青發"), ("白", "白板")]
):
    for _n in _names:
        _WORDS[_n] = Tile(Family.DRAGON, _i + 1)
for _i, _c in enumerate(_FLOWER_CHINESE):
    _WORDS[_c] = Tile(Family.FLOWER, _i + 1)
_WORDS["蘭"] = Tile(Family.FLOWER, 6)
# the English names the Discord front end prints (East, Red, Spring ...), read back
for _i, _w in enumerate(("EAST", "SOUTH", "WEST", "NORTH")):
    _WORDS[_w] = Tile(Family.WIND, _i + 1)
for _i, _w in enumerate(("RED", "GREEN", "WHITE")):
    _WORDS[_w] = Tile(Family.DRAGON, _i + 1)
for _i, _w in enumerate(("SPRING", "SUMMER", "AUTUMN", "WINTER", "PLUM", "ORCHID")):
    _WORDS[_w] = Tile(Family.FLOWER, _i + 1)
_WORDS["CHRYSANTHEMUM"] = Tile(Family.FLOWER, 8)
# names of two words (5 Dots, Red Dragon, Bamboo flower) become one code before the scan
_ENGLISH_RE = re.compile(
    r"\b(?:([1-9])\s*(characters?|chars?|dots?|circles?|bamboos?)"
    r"|(red|green|white)\s+dragons?|(bamboo)\s+flowers?)\b",
    re.IGNORECASE,
)
_ENGLISH_SUITS = {"c": "m", "d": "p", "b": "s"}
_ENGLISH_DRAGONS = {"red": "C", "green": "F", "white": "P"}


def _english(match: re.Match[str]) -> str:
    if match.group(1):
        return match.group(1) + _ENGLISH_SUITS[match.group(2)[0].lower()]
    if match.group(3):
        return _ENGLISH_DRAGONS[match.group(3).lower()]
    return "7f"


_WORDS["幺鸡"] = Tile(Family.BAMBOO, 1)
_WORDS["幺雞"] = Tile(Family.BAMBOO, 1)

_CHINESE_SUITS: dict[str, Family] = {
    "万": Family.CHARACTERS,
    "萬": Family.CHARACTERS,
    "筒": Family.DOTS,
    "饼": Family.DOTS,
    "餅": Family.DOTS,
    "条": Family.BAMBOO,
    "條": Family.BAMBOO,
    "索": Family.BAMBOO,
}
_DIGITS = {str(n): n for n in range(1, 10)} | {c: i + 1 for i, c in enumerate(_NUMERALS)}
_DIGITS["幺"] = 1
_ASCII_SUITS = {"M": Family.CHARACTERS, "P": Family.DOTS, "S": Family.BAMBOO, "F": Family.FLOWER}

_DIGIT_RE = "[1-9一二三四五六七八九幺]"
_WORD_RE = "|".join(sorted((re.escape(w) for w in _WORDS), key=len, reverse=True))
_CN_SUIT_RE = "|".join(re.escape(s) for s in _CHINESE_SUITS)
# One token inside a run: digits then a suit letter, a Chinese numeral+suit, or a word.
_TOKEN_RE = re.compile(
    rf"(?P<ascii>[1-9]+)(?P<asuit>[MPSF])"
    rf"|(?P<cn>{_DIGIT_RE})(?P<csuit>{_CN_SUIT_RE})"
    rf"|(?P<word>{_WORD_RE})"
)


def parse_tile(text: str) -> Tile:
    """Read exactly one tile in any accepted notation (see the module docstring).

    Raises :class:`TileParseError` naming the text when it is not exactly one tile.
    """
    tiles = _scan(_ENGLISH_RE.sub(_english, text).strip(), text)
    if len(tiles) != 1:
        raise TileParseError(
            f"{_quote(text)} is {len(tiles)} tiles, not one: expected {_EXPECTED}", text
        )
    return tiles[0]


def parse_tiles(text: str) -> list[Tile]:
    """Read several tiles separated by spaces or commas, or written as runs (``123m456pEE``).

    Empty text gives an empty list. Raises :class:`TileParseError` naming the first
    piece that is not a tile.
    """
    tiles: list[Tile] = []
    text = _ENGLISH_RE.sub(_english, text)
    for piece in re.split(r"[\s,，、;]+", text.strip()):
        if piece:
            tiles.extend(_scan(piece, piece))
    return tiles


def _scan(piece: str, original: str) -> list[Tile]:
    up = piece.upper()
    out: list[Tile] = []
    pos = 0
    if not up:
        raise TileParseError(f"{_quote(original)} is not a tile: expected {_EXPECTED}", original)
    while pos < len(up):
        match = _TOKEN_RE.match(up, pos)
        if match is None:
            raise _error(piece[pos:], original)
        if match.group("ascii"):
            family = _ASCII_SUITS[match.group("asuit")]
            for digit in match.group("ascii"):
                number = int(digit)
                if number > family.size:
                    raise _error(
                        piece[match.start() : match.end()], original, "flowers are 1f-8f; "
                    )
                out.append(Tile(family, number))
        elif match.group("cn"):
            out.append(Tile(_CHINESE_SUITS[match.group("csuit")], _DIGITS[match.group("cn")]))
        else:
            out.append(_WORDS[match.group("word")])
        pos = match.end()
    return out


def _error(bad: str, original: str, hint: str = "") -> TileParseError:
    where = "" if bad == original else f" (in {_quote(original)})"
    return TileParseError(f"{_quote(bad)}{where} is not a tile: {hint}expected {_EXPECTED}", bad)


_QUOTE_MAX = 24
"""Longest piece of typed text a refusal quotes in full; longer text is cut with ``…``."""


def _quote(text: str) -> str:
    """``repr`` of typed text, cut to :data:`_QUOTE_MAX` characters so a refusal stays short."""
    if len(text) > _QUOTE_MAX:
        text = text[: _QUOTE_MAX - 1] + "…"
    return repr(text)
