"""The fixed 256-colour palette every PNG is encoded with.

Quantising to a palette computed per picture took longer than drawing the picture;
mapping to a fixed palette is five times faster and, because all pictures share the
same few colours and their anti-aliased blends, looks the same. The palette is built
from the sample pictures (``tests/render/samples.py``, which are test fixtures, not part
of drawing) and shipped as ``render/assets/palette.png``; rebuild it after adding colours
with ``python -m tests.render.samples`` (a test checks it still fits every sample picture).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from PIL import Image

__all__ = ["PALETTE_PATH", "build_palette", "palette"]

PALETTE_PATH = Path(__file__).parent / "assets" / "palette.png"


def build_palette(images: Iterable[Image.Image]) -> Image.Image:
    """A 16 x 16 ``P`` image whose palette is an octree quantisation of ``images`` (RGB)."""
    pictures = list(images)
    sheet = Image.new("RGB", (sum(p.width for p in pictures), max(p.height for p in pictures)))
    x = 0
    for pic in pictures:
        sheet.paste(pic, (x, 0))
        x += pic.width
    quant = sheet.quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    out = Image.new("P", (16, 16))
    out.putpalette(quant.getpalette() or [])
    out.putdata(list(range(256)))
    return out


@cache
def palette() -> Image.Image | None:
    """The shipped palette image, or ``None`` when the asset is missing."""
    if not PALETTE_PATH.exists():
        return None
    img = Image.open(PALETTE_PATH)
    img.load()
    return img
