"""Traditional Chinese from Simplified, converted by OpenCC instead of written twice.

Paiju's Chinese is written once, in simplified characters (the catalogues in
``present/locales/zh_CN/``, the rules pages ``docs/rules/*.zh.md``). Readers in Taiwan and
Hong Kong (Discord's ``zh-TW``; ``zh-HK`` as a configured default) get the same text
converted by OpenCC (the ``opencc`` package on PyPI: the Open Chinese Convert project's own
Python binding, maintained with the C++ library and its phrase dictionaries), so a
traditional catalogue can never fall behind the simplified one.

Configurations: ``s2tw`` for ``zh-TW`` and ``s2hk`` for ``zh-HK``: character conversion to
each region's standard forms (扒鸡窝 -> 扒雞窩, 庄家下台 -> 莊家下臺). The phrase variant
``s2twp`` is not used on purpose: it also swaps mainland words for Taiwanese ones (信息 ->
資訊), which could rewrite the games' own terms and the seeds' wording that the rules quote.

Use :func:`to_traditional`; placeholders such as ``{who}`` and card symbols pass through
unchanged, so templates can be converted before they are filled. :func:`traditional_region`
tells whether a Discord locale reads traditional characters, :func:`for_locale` converts for
one.
"""

from __future__ import annotations

from functools import cache, lru_cache

import opencc

__all__ = ["TRADITIONAL", "for_locale", "is_traditional", "to_traditional", "traditional_region"]

TRADITIONAL: dict[str, str] = {"zh-TW": "s2tw", "zh-HK": "s2hk"}
"""Variant (BCP 47 tag, as Discord writes it) -> OpenCC configuration."""


def is_traditional(variant: str) -> bool:
    """True for ``zh-TW``/``zh-HK`` (any case, ``_`` or ``-``, and ``zh-Hant...``)."""
    return _variant(variant) is not None


def _variant(variant: str) -> str | None:
    tag = variant.replace("_", "-").lower()
    if tag in ("zh-tw", "zh-hant", "zh-hant-tw", "tw"):
        return "zh-TW"
    if tag in ("zh-hk", "zh-mo", "zh-hant-hk", "zh-hant-mo", "hk"):
        return "zh-HK"
    return None


def traditional_region(locale: object) -> str | None:
    """``"tw"`` or ``"hk"`` when ``locale`` reads traditional Chinese, else ``None``.

    ``locale`` is a ``discord.Locale`` or a language tag (any case, ``-`` or ``_``):
    zh-TW, zh-Hant and zh-Hant-* give ``"tw"``; zh-HK and zh-MO give ``"hk"``; zh-CN, zh,
    zh-Hans, other languages and ``None`` give ``None``. Either answer is a ``variant`` that
    :func:`to_traditional` takes.
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
    """``text`` in traditional characters when ``locale`` reads them, else unchanged."""
    region = traditional_region(locale)
    return to_traditional(text, region) if region else text


@cache
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


@lru_cache(maxsize=4096)
def to_traditional(text: str, variant: str = "zh-TW") -> str:
    """``text`` (simplified Chinese, other scripts untouched) in traditional characters.

    ``variant`` is ``"zh-TW"`` (default) or ``"zh-HK"`` (or ``"tw"``/``"hk"``). Raises
    ``ValueError`` for any other variant. Results are cached: catalogue templates are
    converted once per process.
    """
    tag = _variant(variant)
    if tag is None:
        raise ValueError(f"not a traditional Chinese variant: {variant!r} (zh-TW or zh-HK)")
    converted: str = _converter(TRADITIONAL[tag]).convert(text)
    return converted
