"""Mahjong tiles named in the reader's language, as fully in English as in Chinese.

``5p`` is 五筒 to a Chinese reader and ``5 Dots`` to an English one (never the bare code),
``E`` 东 / ``East``, ``C`` 中 / ``Red Dragon``, ``1f`` 春 / ``Spring``. The names are the
``present.tile.*`` messages (``present.po``); Chinese uses :func:`games.tiles.format_tile_chinese`.
Traditional Chinese is converted from it like every other text.
"""

from __future__ import annotations

from games.tiles import Family, TileParseError, format_tile_chinese, parse_tile
from present.i18n import Lang, is_zh, lang_of, ntr, tr
from present.zh_variant import is_traditional, to_traditional

__all__ = ["tile_name", "tile_names"]

_FAMILY_KEY = {
    Family.CHARACTERS: "present.tile.characters",
    Family.DOTS: "present.tile.dots",
    Family.BAMBOO: "present.tile.bamboo",
}
_HONOUR = {Family.WIND: "ESWN", Family.DRAGON: "CFP"}


def tile_name(lang: Lang, code: str) -> str:
    """The tile ``code`` (engine notation, ``5p``) named for ``lang``; text that is not a
    tile is returned unchanged."""
    try:
        tile = parse_tile(str(code))
    except TileParseError:
        return str(code)
    lg = lang_of(lang)
    if is_zh(lg):
        text = format_tile_chinese(tile)
        return to_traditional(text, lg) if is_traditional(lg) else text
    family = tile.family
    if family in _FAMILY_KEY:
        return ntr(lg, _FAMILY_KEY[family], tile.number)  # "1 Dot", "5 Dots"
    if family in _HONOUR:
        return tr(lg, f"present.tile.{_HONOUR[family][tile.number - 1]}")
    return tr(lg, f"present.tile.flower{tile.number}")


def tile_names(lang: Lang, codes: list[str] | tuple[str, ...]) -> str:
    """Several tiles: ``5 Dots, 6 Dots`` in English, ``五筒 六筒`` in Chinese (``—`` for none)."""
    if not codes:
        return "—"
    sep = " " if is_zh(lang) else ", "
    return sep.join(tile_name(lang, c) for c in codes)
