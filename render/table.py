"""Shared layout of a four-seat card table: seat panels around a felt, cards in front.

The viewer sits at the bottom; play passes counter-clockwise as at a Chinese table,
so the next seat (下家) is on the right, the partner opposite at the top.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.cards import Card
from render.cards import CARD_H, CARD_W, card_image
from render.common import (
    GOLD,
    INK,
    MUTED,
    PANEL,
    RED,
    TABLE,
    TABLE_DARK,
    TEAM_COLOURS,
    WHITE,
    badge,
    panel,
)
from render.fonts import draw_text, text_width, truncate

__all__ = ["WIDTH", "SeatBox", "draw_cards_row", "draw_seat", "seat_boxes", "side_of"]

WIDTH = 900
HEIGHT = 860
HEADER_H = 110
TRICK_W = 108  # width of a card on the table (its rank is 16 px tall at 400 px wide)
TRICK_H = round(TRICK_W * CARD_H / CARD_W)
LABEL_SIZE = 28
"""The smallest text on a 900 px table picture: 12.4 px when a phone shows it 400 px wide."""
SIDE_W = 224  # a side seat's cards stop 8 px short of the centre line (left and right never meet)


@dataclass(frozen=True)
class SeatBox:
    """Where one seat is drawn: its panel box and the anchor of its played cards."""

    side: str  # "bottom", "right", "top", "left"
    box: tuple[int, int, int, int]
    cards_centre: tuple[int, int]
    cards_max_w: int


def side_of(seat: int, viewer: int, n: int = 4) -> str:
    """Which side of the picture ``seat`` sits on when ``viewer`` is at the bottom."""
    return ("bottom", "right", "top", "left")[(seat - viewer) % n]


def seat_boxes(top: int = HEADER_H, height: int = HEIGHT) -> dict[str, SeatBox]:
    """Panel boxes and card anchors for the four sides of a ``WIDTH`` x ``height`` table."""
    mid_y = (top + height) // 2
    pw, ph = 400, 84
    sw, sh = 196, 118
    return {
        "bottom": SeatBox(
            "bottom",
            (WIDTH // 2 - pw // 2, height - ph - 16, WIDTH // 2 + pw // 2, height - 16),
            (WIDTH // 2, height - ph - 26 - TRICK_H // 2),
            440,
        ),
        "top": SeatBox(
            "top",
            (WIDTH // 2 - pw // 2, top + 14, WIDTH // 2 + pw // 2, top + 14 + ph),
            (WIDTH // 2, top + ph + 24 + TRICK_H // 2),
            440,
        ),
        "left": SeatBox(
            "left", (14, mid_y - sh // 2, 14 + sw, mid_y + sh // 2), (14 + sw + 8, mid_y), SIDE_W
        ),
        "right": SeatBox(
            "right",
            (WIDTH - 14 - sw, mid_y - sh // 2, WIDTH - 14, mid_y + sh // 2),
            (WIDTH - 14 - sw - 8, mid_y),
            SIDE_W,
        ),
    }


def draw_felt(img: Image.Image, top: int) -> None:
    """The green table below the header, with a darker rim."""
    d = ImageDraw.Draw(img)
    d.rectangle((0, top, img.width, img.height), fill=TABLE_DARK)
    d.rounded_rectangle((8, top + 6, img.width - 8, img.height - 8), radius=28, fill=TABLE)


NAME_MIN_W = 110  # narrowest room for a seat's name before its badges move to a line below
MIN_STEP = 29  # narrowest visible strip of a TRICK_W card on the table (rank + suit still show)
MAX_STEP = 34  # widest strip of an overlapped card on the table
ROW_DROP = 68  # vertical offset of a second row of played cards
_SMALL_W = 84  # the smallest card width on the table: its rank is 12 px tall at 400 px wide
# (card width, rows) tried in order: big cards in one or two rows first; three rows of
# small cards only for a throw too long for two (three rows of big cards would run
# into the seats above and below a side seat).
_LAYOUTS = ((TRICK_W, 1), (TRICK_W, 2), (96, 2), (_SMALL_W, 2), (_SMALL_W, 3))


def _min_step(width: int) -> int:
    """The narrowest strip that still shows the corner index of a ``width`` px card."""
    return -(-MIN_STEP * width // TRICK_W)


def play_layout(n: int, max_w: int) -> tuple[int, int, int]:
    """``(card width, rows, step)`` for ``n`` cards in ``max_w`` px: the first of
    ``_LAYOUTS`` whose overlapped strips stay at least :func:`_min_step` wide. A throw
    too long even for that (25 cards from a side seat) gets three rows of small cards
    with whatever step fits."""
    for width, rows in _LAYOUTS:
        per_row = -(-n // rows)
        if per_row <= 1:
            return width, rows, MAX_STEP
        step = min(MAX_STEP, (max_w - width) // (per_row - 1))
        if step >= _min_step(width):
            return width, rows, step
    per_row = -(-n // 3)
    return _SMALL_W, 3, max(4, (max_w - _SMALL_W) // max(1, per_row - 1))


def draw_cards_row(
    img: Image.Image,
    cards: Sequence[Card],
    box: SeatBox,
    width: int = TRICK_W,
) -> tuple[int, int, int, int]:
    """Draw ``cards`` overlapped in front of a seat; returns the box they cover.

    A long play (a throw 甩牌, a straight) that would squeeze the strips below
    ``MIN_STEP`` pixels (scaled to the card width) is drawn with smaller cards
    and/or in up to three rows, each dropped by ``ROW_DROP`` (scaled), so that it
    never leaves the seat's area ``box.cards_max_w`` px wide.
    """
    n = len(cards)
    if width == TRICK_W:
        width, nrows, step = play_layout(n, box.cards_max_w)
    else:
        nrows, step = 1, 30 if n < 2 else min(30, (box.cards_max_w - width) // (n - 1))
    per_row = max(1, -(-n // nrows))
    rows = [list(cards[i : i + per_row]) for i in range(0, n, per_row)] or [[]]
    longest = max(len(r) for r in rows)
    total = (longest - 1) * step + width if n else 0
    h = round(width * CARD_H / CARD_W)
    drop_step = ROW_DROP * width // TRICK_W  # just below the corner index
    cx, cy = box.cards_centre
    if box.side == "left":
        x0 = cx
    elif box.side == "right":
        x0 = cx - total
    else:
        x0 = cx - total // 2
    drop = drop_step * (len(rows) - 1)
    # Extra rows grow away from the seat's panel (down from the top seat, up from the
    # bottom one) so that a long throw never covers the name; side seats stay centred.
    if box.side == "top":
        y0 = cy - h // 2
    elif box.side == "bottom":
        y0 = cy - h // 2 - drop
    else:
        y0 = cy - (h + drop) // 2
    for r, row in enumerate(rows):
        for i, card in enumerate(row):
            sprite = card_image(card, width)
            img.paste(sprite, (x0 + i * step, y0 + r * drop_step), sprite)
    return (x0, y0, x0 + total, y0 + h + drop)


def draw_seat(
    img: Image.Image,
    box: SeatBox,
    name: str,
    lines: Sequence[str],
    *,
    dealer: bool = False,
    turn: bool = False,
    team: int | None = None,
    tags: Sequence[tuple[str, tuple[int, int, int]]] = (),
    dim: bool = False,
) -> None:
    """A seat panel: name (bold), info ``lines`` below, badges for dealer 庄 and ``tags``.

    The seat whose turn it is gets a gold outline and a ▶ marker; ``team`` colours a
    stripe on the left of the panel. Badges that would leave the name under
    ``NAME_MIN_W`` px move to a line of their own (tall side panels) or to the right of
    the first info line (short panels). Text is ``LABEL_SIZE`` px or more.
    """
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box.box
    if turn:
        panel(d, (x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=GOLD, radius=16)
    panel(d, box.box, fill=(200, 200, 196) if dim else PANEL)
    if team is not None:
        colour = TEAM_COLOURS[team % len(TEAM_COLOURS)]
        d.rounded_rectangle((x0, y0, x0 + 12, y1), radius=6, fill=colour)
    tx = x0 + 20
    right = x1 - 10
    badges: list[tuple[str, tuple[int, int, int]]] = []
    if dealer:
        badges.append(("庄", RED))
    badges.extend(tags)
    widths = [text_width(text, LABEL_SIZE, True) + LABEL_SIZE for text, _ in badges]
    badges_w = sum(w + 6 for w in widths)
    # Badges go on the name line from the right. Where they would leave the name under
    # NAME_MIN_W px they move down: in a tall side panel to a line of their own, in a
    # short panel to the right of the info line (which is short: "20 张 cards").
    crowded = bool(badges) and right - badges_w - tx - 6 < NAME_MIN_W
    line_w = x1 - tx - 8
    if crowded and y1 - y0 >= 110:
        # a line of their own at the bottom, from the left; those that do not fit there
        # (three badges in a narrow side panel: 庄 过 A队) go on the name line at the right
        bx, below = tx, 0
        for w in widths:
            if bx + w > right and below:
                break
            bx += w + 6
            below += 1
        bx = tx
        for (text, colour), w in zip(badges[:below], widths[:below], strict=True):
            badge(d, (bx, y1 - 24), text, LABEL_SIZE, colour)
            bx += w + 6
        bx = right
        for (text, colour), w in zip(
            reversed(badges[below:]), reversed(widths[below:]), strict=True
        ):
            bx -= w
            badge(d, (bx, y0 + 24), text, LABEL_SIZE, colour)
            bx -= 6
        name_w = bx - tx - 6 if below < len(badges) else right - tx
    else:
        bx = right
        by = y0 + 58 if crowded else y0 + 24
        for (text, colour), w in zip(reversed(badges), reversed(widths), strict=True):
            bx -= w
            badge(d, (bx, by), text, LABEL_SIZE, colour)
            bx -= 6
        if crowded:
            name_w, line_w = right - tx, bx - tx - 6
        else:
            name_w = bx - tx - 6
    shown = ("▶ " if turn else "") + name
    draw_text(d, (tx, y0 + 24), truncate(shown, 28, name_w, True), 28, INK, bold=True, anchor="lm")
    for i, line in enumerate(lines):
        draw_text(
            d,
            (tx, y0 + 58 + i * 30),
            truncate(line, LABEL_SIZE, line_w if i == 0 else x1 - tx - 8),
            LABEL_SIZE,
            MUTED,
            anchor="lm",
        )


def draw_header(
    img: Image.Image, left: Sequence[tuple[str, tuple[int, int, int]]], right_text: str, sub: str
) -> None:
    """The header band: coloured pills on the left, ``right_text`` at the right, ``sub`` below."""
    d = ImageDraw.Draw(img)
    x = 18
    for text, colour in left:
        x += badge(d, (x, 34), text, LABEL_SIZE, colour) + 10
    if right_text:
        draw_text(d, (WIDTH - 18, 34), right_text, 28, WHITE, bold=True, anchor="rm")
    if sub:
        draw_text(
            d,
            (18, 82),
            truncate(sub, LABEL_SIZE, WIDTH - 36),
            LABEL_SIZE,
            (225, 225, 225),
            anchor="lm",
        )


__all__ += ["HEADER_H", "HEIGHT", "LABEL_SIZE", "TRICK_H", "TRICK_W", "draw_felt", "draw_header"]
