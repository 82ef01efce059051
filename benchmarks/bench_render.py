"""Render benchmarks: time to draw and encode the pictures players see on every move,
and the largest PNG. Also writes ``benchmarks/out/contact_sheet.png`` with every
sample picture side by side, so a person can check them all at once.

Times are medians over repeated runs with warm sprite caches (the steady state of a
running bot), PNG encoding included.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from PIL import Image, ImageDraw

from benchmarks import Figure

OUT = Path(__file__).parent / "out"
REPEAT = 25


def _median_ms(fn: Callable[[], bytes], repeat: int = REPEAT) -> tuple[float, dict[str, float]]:
    """Median wall-clock ms, plus the median CPU ms of this process in ``extra``: on a
    shared machine the wall time also counts waiting for a core."""
    fn()  # warm the sprite and text caches
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), {"cpu_ms": round(statistics.median(cpu), 2)}


def contact_sheet(pictures: dict[str, Image.Image], width: int = 1900) -> Image.Image:
    """Every picture with its name, packed in rows at most ``width`` px wide."""
    from render.common import BG, WHITE
    from render.fonts import draw_text

    gap, label_h = 24, 40
    rows: list[list[tuple[str, Image.Image]]] = [[]]
    x = gap
    for name, pic in pictures.items():
        if rows[-1] and x + pic.width + gap > width:
            rows.append([])
            x = gap
        rows[-1].append((name, pic))
        x += pic.width + gap
    heights = [max(p.height for _, p in row) + label_h + gap for row in rows]
    sheet = Image.new("RGB", (width, sum(heights) + gap), BG)
    d = ImageDraw.Draw(sheet)
    y = gap
    for row, h in zip(rows, heights, strict=True):
        x = gap
        for name, pic in row:
            draw_text(d, (x, y), name, 28, WHITE, bold=True)
            sheet.paste(pic, (x, y + label_h))
            x += pic.width + gap
        y += h
    return sheet


def run() -> Iterator[Figure]:
    from render.cards import hand_png
    from render.climb import climb_table_png
    from render.common import to_png
    from render.mahjong import mahjong_table_png
    from render.mahjong_result import mahjong_result_png
    from render.trick import trick_table_png
    from tests.render.samples import (
        PICTURES,
        climb_scene,
        hand_39_groups,
        mahjong_result_scene,
        mahjong_table_scene,
        trick_scene,
    )

    groups = hand_39_groups()
    ms, extra = _median_ms(lambda: hand_png(groups, title="你的手牌 Your hand · 39"))
    yield Figure("render.hand_39_ms", ms, "ms", "< 25", extra=extra)
    trick = trick_scene()
    ms, extra = _median_ms(lambda: trick_table_png(trick))
    yield Figure("render.trick_table_ms", ms, "ms", extra=extra)
    table = mahjong_table_scene()
    ms, extra = _median_ms(lambda: mahjong_table_png(table))
    yield Figure("render.mahjong_table_ms", ms, "ms", "< 40", extra=extra)
    result = mahjong_result_scene()
    ms, extra = _median_ms(lambda: mahjong_result_png(result))
    yield Figure("render.mahjong_result_ms", ms, "ms", extra=extra)
    climb = climb_scene()
    ms, extra = _median_ms(lambda: climb_table_png(climb))
    yield Figure("render.climb_table_ms", ms, "ms", extra=extra)
    pictures = {name: draw() for name, draw in PICTURES.items()}
    sizes = {name: len(to_png(pic)) / 1024 for name, pic in pictures.items()}
    largest = max(sizes, key=lambda n: sizes[n])
    yield Figure(
        "render.largest_png_kb",
        round(sizes[largest], 1),
        "KiB",
        "< 300",
        extra={"picture": largest},
    )
    OUT.mkdir(exist_ok=True)
    contact_sheet(pictures).save(OUT / "contact_sheet.png", optimize=True)
