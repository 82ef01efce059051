"""Fonts: every character the renderer draws is in the font in use, and Chinese player
names draw real glyphs, not the .notdef box (tofu)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw

import render.fonts as fonts
from tests.render.samples import NAMES, PICTURES


@pytest.fixture
def drawn_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Record every string handed to the text machinery while pictures are drawn."""
    seen: list[str] = []
    original = fonts.split_runs

    def spy(text: str) -> list[tuple[str, str]]:
        seen.append(text)
        return original(text)

    monkeypatch.setattr(fonts, "split_runs", spy)
    fonts.text_width.cache_clear()
    yield seen
    fonts.text_width.cache_clear()


def _glyph(char: str, face: str = "sc", size: int = 48) -> Image.Image:
    img = Image.new("L", (size * 2, size * 2), 0)
    ImageDraw.Draw(img).text((4, 4), char, font=fonts.font(size, face=face), fill=255)
    return img


def _is_notdef(char: str, face: str = "sc") -> bool:
    return ImageChops.difference(_glyph(char, face), fonts.notdef_image()).getbbox() is None


def test_every_drawn_character_is_covered(drawn_text: list[str]) -> None:
    from render import cards, tiles

    cards.card_image.cache_clear()
    cards._card_big.cache_clear()
    tiles._tile_big.cache_clear()
    tiles.tile_image.cache_clear()
    for draw in PICTURES.values():
        draw()
    chars = {c for text in drawn_text for c in text if not c.isspace()}
    # Sanity: the recording saw the tile and card vocabulary.
    assert {"萬", "發", "中", "東", "菊", "王", "♠", "♥", "庄", "财"} <= chars
    assert fonts.missing_chars("".join(chars)) == set()
    # Everything except the sample Korean, Arabic and Hebrew names is in the primary face.
    other_scripts = set("김철수") | set("مرحبا שלום")
    primary = fonts._cmap("sc")
    assert {c for c in chars - other_scripts if ord(c) not in primary} == set()


def test_notdef_check_can_fail() -> None:
    """An emoji is missing from the font: raw drawing gives exactly the .notdef box."""
    assert _is_notdef("\U0001f600")
    assert fonts.missing_chars("a😀") == {"😀"}


@pytest.mark.parametrize("name", ["张伟", "李小龙", "王芳", "欧阳娜娜", "鑫淼犇", "陳國榮"])
def test_chinese_name_has_real_glyphs(name: str) -> None:
    for char in name:
        assert not _is_notdef(char), f"{char!r} draws as a box"
        assert _glyph(char).getbbox() is not None


def test_name_with_missing_characters_draws_no_box() -> None:
    """Mixed scripts go to the covering face; an uncovered letter (Ethiopic) becomes
    '?', never a box."""
    runs = fonts.split_runs("张伟 김철수 ሀ")
    assert runs == [("张伟 ", "sc"), ("김철수 ", "kr"), ("?", "sc")]
    img = Image.new("L", (400, 80), 0)
    width = fonts.draw_text(ImageDraw.Draw(img), (4, 4), "张伟 김철수 ሀ", 40, (255,))
    assert width > 100 and img.getbbox() is not None


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("😀🎉🀄 Dragon 🐉", "Dragon"),
        ("👨\u200d👩\u200d👧 family", "family"),  # a ZWJ sequence leaves no trace
        ("1\ufe0f\u20e3 one", "1 one"),  # keycap
        ("张伟 😀", "张伟"),
        ("😀", "?"),  # nothing left: a '?' rather than an empty name
    ],
)
def test_emoji_are_left_out_of_names(name: str, shown: str) -> None:
    """Discord names often carry emoji no font here has: they are left out (and the gap
    closed) rather than drawn as '?'."""
    assert "".join(run for run, _ in fonts.split_runs(name)) == shown


def test_sample_names_are_covered() -> None:
    for name in NAMES:
        assert fonts.missing_chars(name) == set()


def test_font_weights_differ() -> None:
    regular = fonts.font(40).getmask("王").getbbox()
    bold_mask = fonts.font(40, bold=True).getmask("王")
    assert bold_mask.getbbox() is not None and regular is not None
    ink = sum(1 for v in _values(bold_mask) if v > 128)
    thin = sum(1 for v in _values(fonts.font(40).getmask("王")) if v > 128)
    assert ink > thin * 1.3  # 700 against 400, not the file's default 100


def _values(mask: object) -> list[int]:
    """The pixel values of a glyph mask (an ``ImagingCore``), as ints."""
    return [int(v) for v in Image.Image()._new(mask).get_flattened_data()]  # type: ignore[arg-type]


def test_arabic_and_hebrew_names_draw_real_glyphs_right_to_left() -> None:
    """Arabic and Hebrew come from the RTL pack (shaped by libraqm), not as ``?``; a
    phrase stays one run (spaces included) and adjacent RTL runs are drawn right to
    left: the Hebrew word typed after the Arabic one lies to its left."""
    arabic, hebrew = "مرحبا بالعالم", "שלום"
    assert fonts.missing_chars(arabic + hebrew) == set()
    assert fonts.split_runs(f"{arabic} {hebrew}") == [(f"{arabic} ", "ar"), (hebrew, "he")]

    def drawn(text: str) -> Image.Image:
        img = Image.new("L", (600, 80), 0)
        fonts.draw_text(ImageDraw.Draw(img), (4, 4), text, 40, (255,))
        return img

    whole, alone = drawn(f"{arabic} {hebrew}"), drawn(hebrew)
    box = alone.getbbox()
    assert box is not None and whole.getbbox() is not None
    # The Hebrew word is drawn first (leftmost), exactly as when drawn alone ...
    assert ImageChops.difference(whole.crop(box), alone.crop(box)).getbbox() is None
    # ... and the Arabic phrase follows to its right.
    assert whole.crop((box[2] + 4, 0, 600, 80)).getbbox() is not None
    for char in "مש":
        assert not _is_notdef(char, "ar" if char == "م" else "he")


def test_pajiwo_phase_labels_are_covered() -> None:
    from render.pajiwo import _PHASES

    assert fonts.missing_chars("".join(_PHASES.values())) == set()


def test_cut_rtl_name_keeps_its_ellipsis_in_the_rtl_run() -> None:
    """A truncated Arabic name ends with "…" inside its own run, so libraqm puts the
    mark at the left end, where right-to-left text ends."""
    cut = fonts.truncate("مرحبا بالعالم", 28, 90, True)
    assert cut.endswith("…")
    assert fonts.split_runs(cut) == [(cut, "ar")]
    assert fonts.split_runs("Bob…") == [("Bob…", "sc")]


@pytest.mark.parametrize(
    "text", ["Maximilian Alexander von Hohenzollern", "很长的标题 " * 40, "Bob"]
)
def test_truncate_keeps_the_longest_prefix_that_fits(text: str) -> None:
    cut = fonts.truncate(text, 28, 200, True)
    assert fonts.text_width(cut, 28, True) <= 200 or cut == text
    if cut != text:
        longer = text[: len(cut)] + "…"  # one more character of the original
        assert fonts.text_width(longer, 28, True) > 200
