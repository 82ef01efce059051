"""Pictures of a replayed hand: one step with every hand face up, and the whole hand animated.

A step's picture is phone-sized (:data:`WIDTH` px wide, shown about 400 px wide in a phone's
browser or on Discord): the game's own table picture (its adapter's ``table_png`` of the
spectators' view, ``render/<key>.py``) scaled to that width, with every seat's hand under it,
one seat a row under its name, and the step's narration in a band at the bottom. A card game's
hand (an adapter with ``hand_groups``) is drawn compactly: the cards overlapped so that each
shows its corner index, in the adapter's groups and order, wrapped into rows that overlap
down to the indices, each card :data:`CARD_W` px wide (at 400 px a card is still
``CARD_H * 400 / WIDTH`` px tall); a tile game's hand is the adapter's ``hand_png`` scaled to
the row's width. The hand is over when it is replayed, so
nothing drawn is secret. Everything is plain data in (views, names, lines): this module
knows no store, no Discord and no game by name.

* :func:`step_image` / :func:`step_png` — one step;
* :func:`animation` — the steps as an animated GIF (or APNG) under an upload limit, frames
  shrunk or thinned until it fits.
"""

from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from PIL import Image, ImageDraw

from games.registry import game_module
from render.cards import card_image
from render.common import new_canvas, to_png
from render.fonts import draw_text, truncate
from render.palette import palette

__all__ = ["UPLOAD_LIMIT", "Frame", "animation", "step_image", "step_png", "warm_up"]

UPLOAD_LIMIT = 10 * 1024 * 1024
"""Discord's upload limit for a server without boosts (10 MiB)."""
WIDTH = 640
"""The width of a step's picture: a phone shows it about 400 px wide (0.625 of it)."""
CARD_W = 72
"""A card's width in a step's hand rows (its height is :data:`CARD_H`)."""
CARD_H = round(CARD_W * 1.4)
CARD_STEP = 28
"""The visible strip of an overlapped card: its corner index (rank over suit)."""
ROW_PITCH = 54
"""How far a wrapped row of cards stands below the one above: the upper row's indices show."""
GROUP_GAP = 10
HAND_MAX_H = 220
"""The tallest a tile game's hand row may be."""
NAME_H = 26
CAPTION_SIZE = 20
CAPTION_LINES = 3
PAD = 8
INK = (240, 240, 232)
DIM = (190, 200, 190)
BAND = (24, 48, 36)

Frame = tuple[Mapping[str, Any], Sequence[Mapping[str, Any]], Sequence[str]]
"""One step to draw: ``(public view, every seat's view, narration lines)``."""


def _png(data: bytes | None) -> Image.Image | None:
    if not data:
        return None
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def _call(game: str, name: str, *args: Any) -> Image.Image | None:
    func = getattr(game_module("render.{game}", game), name, None)
    if func is None:
        return None
    try:
        return _png(func(*args))
    except Exception:  # a view the adapter cannot draw (an empty hand): the name alone
        return None


def _fit(img: Image.Image, width: int, height: int) -> Image.Image:
    scale = min(width / img.width, height / img.height, 1.0)
    if scale >= 1.0:
        return img
    size = (max(1, round(img.width * scale)), max(1, round(img.height * scale)))
    # reducing_gap: a cheap integer reduction first, then Lanczos on the smaller picture
    return img.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)


_HANDS: OrderedDict[tuple[str, str, int, int], Image.Image | None] = OrderedDict()
_HANDS_LOCK = threading.Lock()
HAND_CACHE = 64
"""Fitted hand pictures kept between steps: a step changes a hand or two (a discard, a claim),
so the next step draws only those (keyed by what the picture shows, the adapter's
``hand_input`` when it has one)."""


def _table(game: str, public: Mapping[str, Any], names: Sequence[str]) -> Image.Image | None:
    """The table picture scaled to :data:`WIDTH`: the adapter's ``table_image`` when it has
    one (not encoded then decoded), else its ``table_png``."""
    table: Image.Image | None = None
    image_of = getattr(game_module("render.{game}", game), "table_image", None)
    if image_of is not None:
        try:
            table = image_of(public, list(names))
        except Exception:
            table = None
    if table is None:
        table = _call(game, "table_png", public, list(names))
    if table is None:
        return None
    table = table.convert("RGB") if table.mode != "RGB" else table
    if table.width == WIDTH:
        return table
    # an area average (BOX): as sharp as Lanczos for a reduction by less than half, and
    # three times faster (a step's picture is drawn while the reader waits)
    height = max(1, round(table.height * WIDTH / table.width))
    return table.resize((WIDTH, height), Image.Resampling.BOX)


def warm_up() -> None:
    """Draw the card faces at the size of the hand rows (a drawing worker's start)."""
    from games.cards import full_deck

    for card in full_deck(1):
        card_image(card, CARD_W)


def _card_rows(groups: Sequence[Any], width: int) -> Image.Image | None:
    """The cards of ``groups`` (each with ``.cards``) overlapped in rows of ``width`` px: each
    card shows its corner index, the last of a row (and of the hand) its whole face."""
    rows: list[list[tuple[int, Any]]] = [[]]
    x = 0
    for group in groups:
        cards = list(getattr(group, "cards", ()))
        if not cards:
            continue
        if rows[-1] and x + GROUP_GAP + CARD_STEP > width - CARD_W:
            rows.append([])
            x = 0
        elif rows[-1]:
            x += GROUP_GAP
        for card in cards:
            if rows[-1] and x + CARD_STEP > width - CARD_W + CARD_STEP:
                rows.append([])
                x = 0
            rows[-1].append((x, card))
            x += CARD_STEP
    if not rows[0]:
        return None
    height = CARD_H + (len(rows) - 1) * ROW_PITCH
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    for r, row in enumerate(rows):
        for x, card in row:
            sprite = card_image(card, CARD_W)
            img.alpha_composite(sprite, (x, r * ROW_PITCH))
    return img


def _hand(game: str, view: Mapping[str, Any], width: int) -> Image.Image | None:
    """A seat's hand drawn into a row ``width`` px wide (RGBA for cards, RGB for tiles), from
    the cache when the same hand was drawn at a step before."""
    module = game_module("render.{game}", game)
    source_of = getattr(module, "hand_input", None)
    try:
        source = source_of(view) if source_of is not None else view
    except Exception:
        source = view
    digest = hashlib.blake2b(repr(source).encode(), digest_size=16).hexdigest()
    key = (game, digest, width, 0)
    with _HANDS_LOCK:  # pictures are drawn in several threads (the Discord front end's pool)
        if key in _HANDS:
            _HANDS.move_to_end(key)
            return _HANDS[key]
    groups_of = getattr(module, "hand_groups", None)
    drawn: Image.Image | None
    if groups_of is not None:
        try:
            drawn = _card_rows(groups_of(view), width)
        except Exception:  # a view the adapter cannot read: the name alone
            drawn = None
    else:
        hand = _call(game, "hand_png", view)
        drawn = _fit(hand, width, HAND_MAX_H) if hand is not None else None
    with _HANDS_LOCK:
        _HANDS[key] = drawn
        while len(_HANDS) > HAND_CACHE:
            _HANDS.popitem(last=False)
    return drawn


def step_image(
    game: str,
    public: Mapping[str, Any],
    views: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    lines: Sequence[str] = (),
    title: str = "",
) -> Image.Image:
    """One step of a replay: the table, every seat's hand face up, the narration."""
    table = _table(game, public, names)
    row_w = WIDTH - 2 * PAD
    hands = [_hand(game, view, row_w) for view in views]
    table_h = table.height if table is not None else 0
    title_h = NAME_H + PAD if title else 0
    shown = [str(line) for line in lines][:CAPTION_LINES]
    caption_h = (len(shown) * (CAPTION_SIZE + 6) + 2 * PAD) if shown else 0
    hands_h = sum(NAME_H + (h.height if h is not None else 0) + PAD for h in hands)
    height = title_h + table_h + hands_h + caption_h
    img = new_canvas(WIDTH, height)
    draw = ImageDraw.Draw(img)
    y = 0
    if title:
        draw_text(
            draw,
            (PAD, PAD // 2),
            truncate(title, 20, WIDTH - 2 * PAD, bold=True),
            20,
            INK,
            bold=True,
        )
        y = title_h
    if table is not None:
        img.paste(table, (0, y))
        y += table_h
    for seat, hand in enumerate(hands):
        name = names[seat] if seat < len(names) else f"#{seat + 1}"
        draw_text(draw, (PAD, y + 3), truncate(f"{seat + 1}. {name}", 18, row_w), 18, DIM)
        y += NAME_H
        if hand is not None:
            if hand.mode == "RGBA":
                img.paste(hand, (PAD, y), hand)
            else:
                img.paste(hand, (PAD, y))
            y += hand.height
        y += PAD
    if shown:
        top = height - caption_h
        draw.rectangle((0, top, WIDTH, height), fill=BAND)
        for i, line in enumerate(shown):
            text = truncate(line, CAPTION_SIZE, WIDTH - 2 * PAD)
            draw_text(draw, (PAD, top + PAD + i * (CAPTION_SIZE + 6)), text, CAPTION_SIZE, INK)
    return img


def step_png(
    game: str,
    public: Mapping[str, Any],
    views: Sequence[Mapping[str, Any]],
    names: Sequence[str],
    lines: Sequence[str] = (),
    title: str = "",
) -> bytes:
    """:func:`step_image` as PNG bytes (the shared palette, as every table picture)."""
    return to_png(step_image(game, public, views, names, lines, title))


def _encode(
    images: Sequence[Image.Image], durations: Sequence[int], fmt: Literal["GIF", "PNG"]
) -> bytes:
    shared = palette()
    frames = [
        img.quantize(palette=shared, dither=Image.Dither.NONE)
        if shared is not None
        else img.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        for img in images
    ]
    buf = io.BytesIO()
    extra: dict[str, Any] = {"loop": 0, "duration": list(durations)}
    if fmt == "GIF":
        extra["optimize"] = False
        extra["disposal"] = 1
    frames[0].save(buf, format=fmt, save_all=True, append_images=frames[1:], **extra)
    return buf.getvalue()


def animation(
    images: Sequence[Image.Image],
    *,
    step_ms: int = 1500,
    last_ms: int = 5000,
    fmt: Literal["GIF", "PNG"] = "GIF",
    limit: int = UPLOAD_LIMIT,
    scale: float = 0.85,
) -> bytes:
    """The steps' pictures as one animated GIF (``fmt="PNG"``: APNG) that loops, each shown
    ``step_ms`` and the last ``last_ms``, of at most ``limit`` bytes. Frames are drawn at
    ``scale`` of the step pictures (Discord shows an animation at most about 550 pixels wide);
    when the result is larger than ``limit`` they are shrunk further (to 65 %, then 50 %), then
    every other step is left out (the first and the last kept) until it fits. Raises
    ``ValueError`` for no frames or when even that does not fit."""
    if not images:
        raise ValueError("an animation needs at least one picture")
    frames = _same_size(images)
    for factor in (scale, 0.65, 0.5, 0.5, 0.5, 0.5):
        sized = [
            f.resize((round(f.width * factor), round(f.height * factor)), Image.Resampling.BOX)
            for f in frames
        ]
        durations = [step_ms] * (len(sized) - 1) + [last_ms]
        data = _encode(sized, durations, fmt)
        if len(data) <= limit:
            return data
        if factor == 0.5 and len(frames) > 2:
            frames = [*frames[:-1:2], frames[-1]]  # thin: every other step, the last kept
    raise ValueError(f"the animation does not fit in {limit} bytes")


def _same_size(frames: Sequence[Image.Image]) -> list[Image.Image]:
    """Frames padded to the largest (a step with more narration is taller)."""
    width = max(f.width for f in frames)
    height = max(f.height for f in frames)
    out = []
    for f in frames:
        if f.size == (width, height):
            out.append(f)
            continue
        canvas = new_canvas(width, height)
        canvas.paste(f, (0, 0))
        out.append(canvas)
    return out
