"""Traditional Chinese from Simplified, converted by OpenCC instead of written twice.

Paiju's Chinese is written once, in simplified characters (the catalogues in
``cogs/locales/zh_CN/``, the rules pages ``docs/rules/*.zh.md``). Readers in Taiwan and
Hong Kong (Discord's ``zh-TW``; ``zh-HK`` as a configured default) get the same text
converted by OpenCC (the ``opencc`` package on PyPI: the Open Chinese Convert project's own
Python binding, maintained with the C++ library and its phrase dictionaries), so a
traditional catalogue can never fall behind the simplified one.

Configurations: ``s2tw`` for ``zh-TW`` and ``s2hk`` for ``zh-HK``: character conversion to
each region's standard forms (扒鸡窝 -> 扒雞窩, 庄家下台 -> 莊家下臺). The phrase variant
``s2twp`` is not used on purpose: it also swaps mainland words for Taiwanese ones (信息 ->
資訊), which could rewrite the games' own terms and the seeds' wording that the rules quote.

Use :func:`to_traditional`; placeholders such as ``{who}`` and card symbols pass through
unchanged, so templates can be converted before they are filled.
"""

from __future__ import annotations

from functools import cache, lru_cache

import opencc

__all__ = ["TRADITIONAL", "is_traditional", "to_traditional"]

TRADITIONAL: dict[str, str] = {"zh-TW": "s2tw", "zh-HK": "s2hk"}
"""Variant (BCP 47 tag, as Discord writes it) -> OpenCC configuration."""


def is_traditional(variant: str) -> bool:
    """True for ``zh-TW``/``zh-HK`` (any case, ``_`` or ``-``, and ``zh-Hant...``)."""
    return _variant(variant) is not None


def _variant(variant: str) -> str | None:
    tag = variant.replace("_", "-").lower()
    if tag in ("zh-tw", "zh-hant", "zh-hant-tw"):
        return "zh-TW"
    if tag in ("zh-hk", "zh-mo", "zh-hant-hk", "zh-hant-mo"):
        return "zh-HK"
    return None


@cache
def _converter(config: str) -> opencc.OpenCC:
    return opencc.OpenCC(config)


@lru_cache(maxsize=4096)
def to_traditional(text: str, variant: str = "zh-TW") -> str:
    """``text`` (simplified Chinese, other scripts untouched) in traditional characters.

    ``variant`` is ``"zh-TW"`` (default) or ``"zh-HK"``. Raises ``ValueError`` for any other
    variant. Results are cached: catalogue templates are converted once per process.
    """
    tag = _variant(variant)
    if tag is None:
        raise ValueError(f"not a traditional Chinese variant: {variant!r} (zh-TW or zh-HK)")
    converted: str = _converter(TRADITIONAL[tag]).convert(text)
    return converted
