"""Traditional Chinese for zh-TW and zh-HK users, converted from our simplified text by OpenCC.

Paiju writes its Chinese once, in simplified characters (rules pages ``docs/rules/X.zh.md``,
message catalogues). Users whose Discord language is Traditional Chinese get it through
OpenCC (the ``opencc`` package on PyPI, the reference converter's own binding), which
converts by phrase and not only character by character (发 becomes 發 in 发牌 and 髮 in 头发),
so no second catalogue is kept by hand.

* :func:`to_traditional` converts a text (Taiwan standard by default, Hong Kong on request).
* :func:`traditional_region` says whether a locale (``discord.Locale`` or a tag such as
  ``"zh-TW"``) reads traditional characters, and which standard.
* :func:`for_locale` converts only when the locale asks for it.

Converters are built once per region and kept: building one loads OpenCC's dictionaries
(0.1-0.7 s here), converting a 2000-character message then takes about a millisecond.
An event loop should make its first conversion in a worker thread (``asyncio.to_thread``).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

import opencc

__all__ = ["Region", "for_locale", "to_traditional", "traditional_region"]

Region = Literal["tw", "hk"]

# OpenCC configurations: simplified -> traditional with Taiwan's or Hong Kong's standard forms
_CONFIG: dict[Region, str] = {"tw": "s2tw", "hk": "s2hk"}


@cache
def _converter(region: Region) -> opencc.OpenCC:
    # building a converter loads its dictionaries (a few milliseconds): once per region
    return opencc.OpenCC(_CONFIG[region])


def to_traditional(text: str, region: Region = "tw") -> str:
    """``text`` (simplified Chinese, any other script left as it is) in traditional characters.

    ``region`` picks the standard forms: ``"tw"`` (Taiwan, the default: Discord's zh-TW) or
    ``"hk"`` (Hong Kong). Example: ``to_traditional("扒鸡窝") == "扒雞窩"``.
    Raises ``KeyError`` for another region.
    """
    return _converter(region).convert(text) if text else text


def traditional_region(locale: object) -> Region | None:
    """``"tw"`` or ``"hk"`` when ``locale`` reads traditional Chinese, else ``None``.

    ``locale`` is a ``discord.Locale`` or a language tag (any case, ``-`` or ``_``):
    zh-TW, zh-Hant and zh-Hant-* give ``"tw"``; zh-HK and zh-MO give ``"hk"``; zh-CN, zh,
    zh-Hans, other languages and ``None`` give ``None``.
    """
    if locale is None:
        return None
    tag = str(getattr(locale, "value", locale)).lower().replace("_", "-")
    parts = tag.split("-")
    if parts[0] != "zh":
        return None
    if "hk" in parts or "mo" in parts:
        return "hk"
    if "tw" in parts or "hant" in parts:
        return "tw"
    return None


def for_locale(text: str, locale: object) -> str:
    """``text`` converted to traditional characters when ``locale`` reads them, else unchanged."""
    region = traditional_region(locale)
    return to_traditional(text, region) if region else text
