"""Golden-image tests: every kind of picture, drawn from the fixed sample scenes, must
match its stored PNG within a small tolerance (anti-aliasing and palette rounding can
move a few pixels a little between Pillow/FreeType builds).

Regenerate after an intended change with ``PAIJU_UPDATE_GOLDEN=1 pytest tests/render``
and look at the new files before committing them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from render.common import to_png
from tests.render.samples import PICTURES

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("PAIJU_UPDATE_GOLDEN") == "1"
MEAN_TOLERANCE = 1.5  # mean absolute difference per channel, 0-255
BAD_PIXEL = 64  # a pixel differing by more than this in any channel is "changed"
BAD_FRACTION = 0.005  # at most 0.5 % of pixels may change that much


def compare(actual: Image.Image, expected: Image.Image) -> tuple[float, float]:
    """(mean absolute difference per channel, fraction of strongly changed pixels)."""
    a, e = actual.convert("RGB"), expected.convert("RGB")
    assert a.size == e.size, f"size {a.size} != golden {e.size}"
    diff = ImageChops.difference(a, e)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    strong = diff.convert("L").point(lambda v: 255 if v > BAD_PIXEL // 3 else 0)
    hist = strong.histogram()
    return mean, hist[255] / (a.width * a.height)


@pytest.mark.parametrize("name", sorted(PICTURES))
def test_matches_golden(name: str) -> None:
    png = to_png(PICTURES[name]())
    actual = Image.open(io.BytesIO(png))
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        path.write_bytes(png)
    assert path.exists(), f"no golden {path.name}: run with PAIJU_UPDATE_GOLDEN=1"
    mean, changed = compare(actual, Image.open(path))
    assert mean <= MEAN_TOLERANCE, f"{name}: mean difference {mean:.2f}"
    assert changed <= BAD_FRACTION, f"{name}: {changed:.2%} of pixels changed"


def test_comparison_detects_a_change() -> None:
    """The tolerance is tight enough to catch a wrong picture (a swapped card)."""
    base = PICTURES["trick_table"]()
    other = base.copy()
    other.paste((255, 0, 0), (300, 300, 420, 468))  # a red block where a card might be
    mean, changed = compare(other, base)
    assert changed > BAD_FRACTION or mean > MEAN_TOLERANCE
