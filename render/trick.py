"""The trick-game table picture (Pajiwo 扒鸡窝, Dagunzi 打滚子): :func:`trick_table_image`."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.cards import Card
from render.cards import card_image
from render.common import BG, BLUE, GOLD, INK, RED, TABLE, badge, new_canvas, to_png
from render.fonts import draw_text, text_width
from render.scenes import TrickTableScene
from render.table import (
    HEADER_H,
    HEIGHT,
    LABEL_SIZE,
    WIDTH,
    draw_cards_row,
    draw_felt,
    draw_header,
    draw_seat,
    seat_boxes,
    side_of,
)

__all__ = ["trick_table_image", "trick_table_png", "wrap"]

FELT_TEXT = (205, 230, 212)  # light text on the green felt
FADE = 0.3  # how far cards that are not the current trick fade into the felt


def _trump_text(scene: TrickTableScene) -> tuple[str, tuple[int, int, int]]:
    if scene.no_trump:
        return ("无主 No trump", (90, 90, 100))
    if scene.trump_suit is None:
        return ("主 ?", (90, 90, 100))
    colour = RED if scene.trump_suit.is_red else INK
    return (f"主 {scene.trump_suit.symbol}", colour)


def trick_table_image(scene: TrickTableScene) -> Image.Image:
    """Draw ``scene``: header with trump (主), level (级), points per side and the deadline;
    four seat panels (name, cards left, dealer 庄, turn ▶); the cards of ``scene.trick`` in
    front of the seats, the lead marked 先 (or the winner 赢; the DM says these words in
    the reader's language), with ``trick_caption`` at the top left when they are not the
    current trick and ``lead_lines`` (how the lead was read) under it, wrapped at spaces;
    the public kitty (底牌) at the top right, in rows of four. Every text is at least
    ``LABEL_SIZE`` (12 px on a phone). Returns a 900 x 860 RGB image.
    """
    img = new_canvas(WIDTH, HEIGHT, BG)
    draw_felt(img, HEADER_H)
    pills = [_trump_text(scene)]
    if scene.level:
        pills.append((f"打 {scene.level}", BLUE))
    points = "   ".join(f"{label} {pts}" for label, pts in scene.points)
    sub = "  ·  ".join(p for p in (scene.title, scene.phase, scene.deadline) if p)
    draw_header(img, pills, points, sub)
    boxes = seat_boxes()
    lead = scene.trick[0][0] if scene.trick else None
    d = ImageDraw.Draw(img)
    n = len(scene.names)
    for seat in range(n):
        box = boxes[side_of(seat, scene.viewer, n)]
        team = scene.teams[seat] if seat < len(scene.teams) else None
        left = scene.cards_left[seat] if seat < len(scene.cards_left) else 0
        draw_seat(
            img,
            box,
            scene.names[seat],
            [f"{left} 张 cards"],
            dealer=scene.dealer == seat,
            turn=scene.turn == seat,
            team=team,
        )
    spots: dict[int, tuple[int, int, int, int]] = {}
    for seat, cards in scene.trick:
        box = boxes[side_of(seat, scene.viewer, n)]
        spots[seat] = draw_cards_row(img, list(cards), box)
    if scene.trick_winner is not None:
        # A finished trick (the last one, shown between tricks) is faded into the felt
        # so that nobody mistakes it for the trick to follow.
        for x0, y0, x1, y1 in spots.values():
            if x1 > x0:
                region = img.crop((x0, y0, x1 + 1, y1 + 1))
                felt = Image.new("RGB", region.size, TABLE)
                img.paste(Image.blend(region, felt, FADE), (x0, y0))
    # Markers go on last so that no card of a later seat covers them.
    # The marker sits on the lower left of the play: only the corner indexes of
    # overlapped cards show, so the blank lower part of the strips has room for it.
    for seat, (x0, _y0, _x1, y1) in spots.items():
        if seat == scene.trick_winner:
            badge(d, (x0 + 4, y1 - 26), "赢", LABEL_SIZE, GOLD, ink=INK)
        elif seat == lead and not scene.trick_caption:
            badge(d, (x0 + 4, y1 - 26), "先", LABEL_SIZE, GOLD, ink=INK)
    lines = [(t, GOLD if i == 0 else FELT_TEXT, i == 0) for i, t in enumerate(scene.lead_lines)]
    if scene.trick_caption:
        lines.insert(0, (scene.trick_caption, FELT_TEXT, True))
    _draw_felt_lines(d, lines, HEADER_H + 30, boxes["top"].box[0] - 28 - 12)
    if scene.kitty:
        _draw_kitty(img, list(scene.kitty), scene.kitty_label)
    return img


def wrap(text: str, size: int, max_w: int, bold: bool = False) -> list[str]:
    """``text`` cut into lines at most ``max_w`` px wide at ``size``, at spaces (a word
    wider than ``max_w`` gets a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= max_w:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _draw_felt_lines(
    d: ImageDraw.ImageDraw, lines: list[tuple[str, tuple[int, int, int], bool]], y: int, max_w: int
) -> None:
    """The caption of the trick shown (上一墩 last trick) and how its lead was read (首家,
    甩牌 and its units), at the top left of the felt beside the top seat; each line
    wrapped at spaces to the room there. The reading's first line is gold."""
    for line, colour, bold in lines:
        for part in wrap(line, LABEL_SIZE, max_w, bold):
            draw_text(d, (28, y), part, LABEL_SIZE, colour, bold=bold, anchor="lm")
            y += 34


KITTY_W = 96
"""Width of a kitty card: two rows of four fit the top-right corner of the felt."""


def _draw_kitty(img: Image.Image, cards: list[Card], label: str) -> None:
    """The kitty (底牌) in the top-right corner of the felt under ``label`` (public after
    the hand), or the one kitty card turned up to fix trump: in rows of four, so that the
    cards are as big as the trick's and clear of the top seat's play."""
    d = ImageDraw.Draw(img)
    step, drop, per_row = 30, 62, 4
    right = WIDTH - 24
    draw_text(d, (right, HEADER_H + 30), label, LABEL_SIZE, GOLD, bold=True, anchor="rm")
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(cards) - row * per_row)
        x0 = right - (in_row - 1) * step - KITTY_W
        sprite = card_image(card, KITTY_W)
        img.paste(sprite, (x0 + col * step, HEADER_H + 54 + row * drop), sprite)


def trick_table_png(scene: TrickTableScene) -> bytes:
    """:func:`trick_table_image` encoded as PNG bytes."""
    return to_png(trick_table_image(scene))
