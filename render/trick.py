"""The trick-game table picture (Pajiwo 扒鸡窝, Dagunzi 打滚子): :func:`trick_table_image`."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.cards import Card
from render.cards import card_image
from render.common import BG, BLUE, GOLD, INK, RED, TABLE, new_canvas, to_png
from render.fonts import draw_text, truncate
from render.scenes import TrickTableScene
from render.table import (
    HEADER_H,
    HEIGHT,
    WIDTH,
    draw_cards_row,
    draw_felt,
    draw_header,
    draw_seat,
    seat_boxes,
    side_of,
)

__all__ = ["trick_table_image", "trick_table_png"]

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
    front of the seats, the lead marked 先 (or the winner 赢), with ``trick_caption`` at
    the top left when they are not the current trick and ``lead_lines`` (how the lead was
    read) under it; the public kitty (底牌) at the top right. Returns a 900 x 860 RGB image.
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
    for seat, (x0, y0, _x1, _y1) in spots.items():
        if seat == scene.trick_winner:
            draw_text(d, (x0 + 4, y0 - 4), "赢 won", 20, GOLD, bold=True, anchor="ld")
        elif seat == lead and not scene.trick_caption:
            draw_text(d, (x0 + 4, y0 - 4), "先 lead", 20, GOLD, bold=True, anchor="ld")
    y = HEADER_H + 36
    if scene.trick_caption:
        draw_text(d, (28, y), scene.trick_caption, 26, FELT_TEXT, bold=True, anchor="lm")
        y += 36
    _draw_lead_lines(d, list(scene.lead_lines), y, boxes["top"].box[0] - 28 - 16)
    if scene.kitty:
        _draw_kitty(img, list(scene.kitty), scene.kitty_label)
    return img


def _draw_lead_lines(d: ImageDraw.ImageDraw, lines: list[str], y: int, max_w: int) -> None:
    """How the lead was read, at the top left of the felt beside the top seat: the first
    line (what the lead is: 首家 lead, 甩牌 throw) in gold, its units below it."""
    for i, line in enumerate(lines):
        size, colour = (22, GOLD) if i == 0 else (22, FELT_TEXT)
        text = truncate(line, size, max_w, bold=i == 0)
        draw_text(d, (28, y + i * 30), text, size, colour, bold=i == 0, anchor="lm")


def _draw_kitty(img: Image.Image, cards: list[Card], label: str) -> None:
    """The kitty (底牌) in the top-right corner of the felt under ``label`` (public after
    the hand), or the one kitty card turned up to fix trump."""
    d = ImageDraw.Draw(img)
    width = 60
    step = min(20, (200 - width) // max(1, len(cards) - 1))
    total = (len(cards) - 1) * step + width
    x0 = WIDTH - 28 - total
    y0 = HEADER_H + 58
    draw_text(d, (WIDTH - 28, HEADER_H + 36), label, 24, GOLD, bold=True, anchor="rm")
    for i, card in enumerate(cards):
        sprite = card_image(card, width)
        img.paste(sprite, (x0 + i * step, y0), sprite)


def trick_table_png(scene: TrickTableScene) -> bytes:
    """:func:`trick_table_image` encoded as PNG bytes."""
    return to_png(trick_table_image(scene))
