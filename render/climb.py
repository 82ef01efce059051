"""The climbing-game table picture (Dagun 打滚): :func:`climb_table_image`."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.cards import Rank, format_card
from render.common import (
    BG,
    GOLD,
    INK,
    PANEL,
    RED,
    TEAM_COLOURS,
    WHITE,
    badge,
    new_canvas,
    to_png,
)
from render.fonts import draw_text, text_width
from render.scenes import ClimbTableScene
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

__all__ = ["PLACE_NAMES", "climb_table_image", "climb_table_png"]

PLACE_NAMES = ("头游", "二游", "三游", "末游")
"""Finishing places: first out (头游) to last (末游)."""


def climb_table_image(scene: ClimbTableScene) -> Image.Image:
    """Draw ``scene``: header with the called card (叫牌) and the deadline; four seats
    with cards left, points captured, finishing place and revealed side; the last play
    in front of the seat that made it, labelled (for example 炸弹 bomb).
    Returns a 900 x 860 RGB image.
    """
    img = new_canvas(WIDTH, HEIGHT, BG)
    draw_felt(img, HEADER_H)
    pills: list[tuple[str, tuple[int, int, int]]] = []
    if scene.finish_order:
        pills.append((f"已出完 {len(scene.finish_order)}/{len(scene.names)}", (90, 90, 100)))
    sub = "  ·  ".join(p for p in (scene.title, scene.deadline) if p)
    draw_header(img, pills, "", sub)
    d = ImageDraw.Draw(img)
    if scene.called_card is not None:
        # The called card as text in a pill: a card sprite small enough for the header
        # would have an unreadable index on a phone.
        card = scene.called_card
        label = f"叫牌 {format_card(card)}"
        ink = RED if (card.suit.is_red if card.suit else card.rank == Rank.BIG_JOKER) else INK
        w = text_width(label, LABEL_SIZE, True) + LABEL_SIZE
        badge(d, (WIDTH - 18 - w, 34), label, LABEL_SIZE, PANEL, ink=ink)
    boxes = seat_boxes()
    n = len(scene.names)
    for seat in range(n):
        box = boxes[side_of(seat, scene.viewer, n)]
        left = scene.cards_left[seat] if seat < len(scene.cards_left) else 0
        pts = scene.captured[seat] if seat < len(scene.captured) else 0
        team = scene.teams[seat] if seat < len(scene.teams) else None
        tags: list[tuple[str, tuple[int, int, int]]] = []
        if seat in scene.finish_order:
            place = list(scene.finish_order).index(seat)
            tags.append((PLACE_NAMES[min(place, 3)], GOLD))
        if seat in scene.passed:
            tags.append(("过", (90, 90, 100)))
        if team is not None:
            tags.append((f"{'AB'[team % 2]}队", TEAM_COLOURS[team % len(TEAM_COLOURS)]))
        draw_seat(
            img,
            box,
            scene.names[seat],
            [f"{left}张 {pts}分"],
            dealer=scene.dealer == seat,
            turn=scene.turn == seat,
            team=team,
            tags=tags,
            dim=left == 0,
        )
    if scene.last_play is not None:
        seat, cards, label = scene.last_play
        box = boxes[side_of(seat, scene.viewer, n)]
        x0, _y0, x1, y1 = draw_cards_row(img, list(cards), box)
        if label:
            w = text_width(label, LABEL_SIZE, True) + LABEL_SIZE
            badge(d, ((x0 + x1) / 2 - w / 2, y1 - 26), label, LABEL_SIZE, GOLD, ink=INK)
    else:
        draw_text(
            d,
            (WIDTH / 2, (HEADER_H + HEIGHT) / 2),
            "新一轮 new round",
            28,
            WHITE,
            bold=True,
            anchor="mm",
        )
    return img


def climb_table_png(scene: ClimbTableScene) -> bytes:
    """:func:`climb_table_image` encoded as PNG bytes."""
    return to_png(climb_table_image(scene))
