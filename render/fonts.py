"""Fonts for every picture: Noto Sans CJK from the ``justmytype-intl-cjk`` package.

Noto Sans SC (SIL Open Font License 1.1, licence text shipped beside the font in the
package) covers Latin, the card suits ♠♥♣♦ and 27,000+ Chinese characters; the package's
Noto Sans TC, JP and KR are fallbacks so that any player name draws with real glyphs:
:func:`draw_text` splits text into runs, each drawn with the first font whose
character map (``cmap``) has it. An emoji no font has is left out (``"😀 Dragon"`` draws
``"Dragon"``); any other character no font has is drawn as ``?``, never as a box (tofu).

Arabic and Hebrew names use Noto Sans Arabic / Hebrew from ``justmytype-intl-rtl`` when
that package is installed (else they fall back to ``?`` like emoji). Those runs are laid
out with libraqm (shaping, right-to-left order) when Pillow has it, and adjacent
right-to-left runs are drawn in right-to-left order.

The fonts are variable fonts (weight axis ``wght`` 100-900, default 100), so every
font object is set to a weight explicitly.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont, features

__all__ = [
    "ELLIPSIS",
    "FACES",
    "REPLACEMENT",
    "DrawnText",
    "draw_text",
    "font",
    "font_path",
    "missing_chars",
    "notdef_image",
    "record_text",
    "split_runs",
    "text_width",
    "truncate",
]

FACES = ("sc", "tc", "jp", "kr", "ar", "he")
"""Font faces in fallback order: Noto Sans SC (simplified Chinese) first; Arabic and
Hebrew (optional package) last."""
RTL_FACES = frozenset({"ar", "he"})
"""Faces of right-to-left scripts."""
REPLACEMENT = "?"
"""Drawn in place of a character that no face covers."""

REGULAR = 400
BOLD = 700

_FILES = {
    "sc": ("notosanssc", "NotoSansSC[wght].ttf"),
    "tc": ("notosanstc", "NotoSansTC[wght].ttf"),
    "jp": ("notosansjp", "NotoSansJP[wght].ttf"),
    "kr": ("notosanskr", "NotoSansKR[wght].ttf"),
    "ar": ("notosansarabic", "NotoSansArabic[wdth,wght].ttf"),
    "he": ("notosanshebrew", "NotoSansHebrew[wdth,wght].ttf"),
}
_PACKAGE = {"ar": "justmytype_intl_rtl", "he": "justmytype_intl_rtl"}


@cache
def font_path(face: str = "sc") -> Path:
    """Path of the font file for ``face`` (one of :data:`FACES`).

    Raises ``RuntimeError`` with the install hint when the font package is missing.
    """
    folder, name = _FILES[face]
    package = _PACKAGE.get(face, "justmytype_intl_cjk")
    try:
        root = resources.files(package)
    except ModuleNotFoundError as exc:  # pragma: no cover - depends on the environment
        raise RuntimeError(
            f"the {face} font is missing: pip install '{package.replace('_', '-')}>=0.1' "
            "(it is a dependency of paiju)"
        ) from exc
    return Path(str(root / "fonts" / "ofl" / folder / name))


@cache
def _cmap(face: str) -> frozenset[int]:
    """The code points ``face`` covers; empty for an optional face not installed."""
    try:
        path = font_path(face)
    except RuntimeError:
        if face in _PACKAGE:
            return frozenset()
        raise
    with TTFont(str(path), lazy=True) as tt:
        return frozenset(tt.getBestCmap())


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False, face: str = "sc") -> ImageFont.FreeTypeFont:
    """A cached font object, ``size`` in pixels (em size), regular (400) or bold (700).

    Right-to-left faces use libraqm (joining forms, visual order) when Pillow has it.
    """
    engine = ImageFont.Layout.BASIC
    if face in RTL_FACES and features.check("raqm"):
        engine = ImageFont.Layout.RAQM
    f = ImageFont.truetype(str(font_path(face)), size=size, layout_engine=engine)
    weight = BOLD if bold else REGULAR
    # Set the weight axis by name: the RTL faces also have a width axis (wdth).
    axes = f.get_variation_axes()
    f.set_variation_by_axes(
        [weight if a["name"] in (b"Weight", "Weight") else float(a["default"] or 0) for a in axes]
    )
    return f


def _face_for(char: str) -> str | None:
    code = ord(char)
    for face in FACES:
        if code in _cmap(face):
            return face
    return None


def missing_chars(text: str) -> set[str]:
    """Characters of ``text`` (other than whitespace) that no face covers."""
    return {c for c in text if not c.isspace() and _face_for(c) is None}


def split_runs(text: str) -> list[tuple[str, str]]:
    """Split ``text`` into ``(run, face)`` pieces, each drawable with one face.

    Uncovered emoji are left out (see :func:`_droppable`); other uncovered characters
    become :data:`REPLACEMENT` in the primary face.
    """
    runs: list[tuple[str, str]] = []
    shown = "".join(c for c in text if not _droppable(c))
    if shown != text:
        # Emoji left gaps: close them ("😀 Dragon 🐉" reads "Dragon").
        shown = " ".join(shown.split()) or REPLACEMENT
    for char in shown:
        if runs and (char.isspace() or char == "…") and ord(char) in _cmap(runs[-1][1]):
            # A space or the truncation mark stays in the run it follows, so that a
            # right-to-left phrase is one run and a cut one ends (on its left) with "…".
            face = runs[-1][1]
        elif char.isspace():
            face = "sc"
        else:
            covering = _face_for(char)
            face = covering or "sc"
            if covering is None:
                char = REPLACEMENT
        if runs and runs[-1][1] == face:
            runs[-1] = (runs[-1][0] + char, face)
        else:
            runs.append((char, face))
    return runs


_EMOJI_GLUE = frozenset("\u200d\ufe0e\ufe0f\u20e3")
"""Zero-width joiner, variation selectors and the keycap mark: they only glue emoji."""


def _droppable(char: str) -> bool:
    """An uncovered emoji or pictograph (``So``), or a mark or format character that only
    joins or styles one (zero-width joiner, variation selector): left out, not drawn as ``?``."""
    if char in _EMOJI_GLUE:
        return True
    if _face_for(char) is not None or char.isspace():
        return False
    return unicodedata.category(char) in ("So", "Sk", "Mn", "Me", "Cf", "Cs", "Co")


def _visual_order(runs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Runs in drawing order: a stretch of adjacent right-to-left runs is reversed
    (a simple bidi: the text is taken as left-to-right with right-to-left islands)."""
    out: list[tuple[str, str]] = []
    i = 0
    while i < len(runs):
        j = i
        while j < len(runs) and runs[j][1] in RTL_FACES:
            j += 1
        if j > i:
            out.extend(reversed(runs[i:j]))
            i = j
        else:
            out.append(runs[i])
            i += 1
    return out


ELLIPSIS = "…"
"""The truncation mark :func:`truncate` appends."""


def _pieces(text: str) -> list[tuple[str, str]]:
    """:func:`split_runs` with every ellipsis a piece of its own, so that it can be
    lowered onto the baseline (:func:`_ellipsis_drop`)."""
    out: list[tuple[str, str]] = []
    for run, face in split_runs(text):
        for i, part in enumerate(run.split(ELLIPSIS)):
            if i:
                out.append((ELLIPSIS, face))
            if part:
                out.append((part, face))
    return out


@lru_cache(maxsize=256)
def _ellipsis_drop(size: int, bold: bool, face: str) -> int:
    """Pixels to move ``face``'s ellipsis down so that its dots sit on the baseline like a
    full stop: Noto Sans CJK draws U+2026 centred on the line (the Chinese form), which
    after a cut Latin name looks like a stray hyphen. 0 for a face that sets it low."""
    f = font(size, bold, face)

    def ink_bottom(char: str) -> int | None:
        mask = Image.new("L", (size * 3, size * 3), 0)
        ImageDraw.Draw(mask).text((size, 2 * size), char, font=f, fill=255, anchor="ls")
        box = mask.getbbox()
        return None if box is None else box[3]

    stop, dots = ink_bottom("."), ink_bottom(ELLIPSIS)
    return max(0, stop - dots) if stop is not None and dots is not None else 0


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Advance width of ``text`` in pixels at ``size``, fallback faces included."""
    return round(sum(_run_mask(r, size, bold, f, "a")[3] for r, f in _pieces(text)))


def truncate(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` cut with ``…`` so that it is at most ``max_width`` pixels wide."""
    if text_width(text, size, bold) <= max_width:
        return text
    # Binary search for the longest prefix that fits with the ellipsis (widths grow
    # with length); a long title would otherwise cost one measurement per character.
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid] + "…", size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + ELLIPSIS


@dataclass(frozen=True)
class DrawnText:
    """One :func:`draw_text` call seen by :func:`record_text`: the ``text``, its em
    ``size`` in pixels and the ``canvas`` size (width, height) it was drawn on."""

    text: str
    size: int
    canvas: tuple[int, int]


_recorders: list[list[DrawnText]] = []


@contextmanager
def record_text() -> Iterator[list[DrawnText]]:
    """Collect every :func:`draw_text` call made inside the ``with`` block.

    Tests use it to check that a picture's text stays legible on a phone: what counts is
    the em size relative to the canvas width, not pixel analysis. Cached sprites (card
    faces, tiles) drawn earlier are not seen again; their text is on their own canvas.
    """
    seen: list[DrawnText] = []
    _recorders.append(seen)
    try:
        yield seen
    finally:
        _recorders.remove(seen)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: str | tuple[int, ...],
    bold: bool = False,
    anchor: str = "la",
) -> int:
    """Draw ``text`` at ``xy`` with Pillow's two-letter ``anchor`` and return its width.

    The horizontal anchor letter (``l m r``) applies to the whole text; the vertical
    one (``a t m s b d``) to each run.
    """
    if _recorders:
        drawn = DrawnText(text, size, draw.im.size)
        for seen in _recorders:
            seen.append(drawn)
    runs = _visual_order(_pieces(text))
    masks = [_run_mask(run, size, bold, face, anchor[1]) for run, face in runs]
    width = sum(m[3] for m in masks)
    x, y = xy
    if anchor[0] == "m":
        x -= width / 2
    elif anchor[0] == "r":
        x -= width
    for (run, face), (mask, dx, dy, advance) in zip(runs, masks, strict=True):
        if run == ELLIPSIS:
            dy += _ellipsis_drop(size, bold, face)
        draw.bitmap((round(x + dx), round(y + dy)), mask, fill=fill)
        x += advance
    return round(width)


@lru_cache(maxsize=8192)
def _run_mask(
    run: str, size: int, bold: bool, face: str, vertical: str
) -> tuple[Image.Image, int, int, float]:
    """A run rasterised once: (coverage mask, x offset, y offset from the anchor, advance).

    FreeType rasterising dominated drawing time; labels, legends and names repeat a
    lot, so masks are cached and stamped with ``ImageDraw.bitmap``.
    """
    f = font(size, bold, face)
    anchor = "l" + vertical
    x0, y0, x1, y1 = (int(v) for v in f.getbbox(run, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), run, font=f, fill=255, anchor=anchor)
    return mask, x0, y0, f.getlength(run)


def notdef_image(size: int = 48) -> Image.Image:
    """The primary face's ``.notdef`` glyph (the box drawn for a missing character), as ``L``.

    Tests compare drawn text against it to prove no box was drawn.
    """
    img = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(img).text((4, 4), "\U0010fffd", font=font(size), fill=255)
    return img
