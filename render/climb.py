"""The climbing-game table picture (Dagun 打滚): :func:`climb_table_image`."""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.cards import Card
from render.cards import card_image
from render.common import (
    BG,
    GOLD,
    INK,
    TABLE,
    TEAM_COLOURS,
    WHITE,
    badge,
    new_canvas,
    to_png,
)
from render.fonts import draw_text, text_width, truncate
from render.scenes import ClimbTableScene
from render.table import (
    HEADER_H,
    HEIGHT,
    LABEL_SIZE,
    WIDTH,
    SeatBox,
    draw_cards_row,
    draw_felt,
    draw_header,
    draw_seat,
    seat_boxes,
    side_of,
)
from render.trick import FADE, FELT_TEXT

__all__ = [
    "NEW_ROUND",
    "PASS",
    "PLACE_NAMES",
    "Rect",
    "climb_table_image",
    "climb_table_png",
    "new_round_rect",
    "pass_rect",
]

PLACE_NAMES = ("头游", "二游", "三游", "末游")
"""Finishing places: first out (头游) to last (末游)."""


CALLED_W = 96
"""Width of the called card (叫牌) in the felt's top-left corner: its rank 14 px on a phone."""
PASSED = (90, 90, 100)
"""The colour of a 过 badge (on the felt and on a seat's panel)."""
BEATEN = (150, 150, 156)
"""The badge colour of a play that was beaten (the play to beat has a gold one)."""
CORNER_W = 200
"""Width of the felt's corners beside the top seat's play (the called card, the places)."""
CAPTION_W = 216
"""Width of the felt's bottom-left corner, beside the bottom seat's panel (the caption)."""
PASS = "过 pass"
"""The badge in front of a seat that passed without playing this round."""
NEW_ROUND = "新一轮 new round"
"""What an empty table says (nobody has played this round)."""
NEW_ROUND_SIZE = 28

Rect = tuple[float, float, float, float]


def pass_rect(box: SeatBox) -> Rect:
    """Where the 过 badge of the seat drawn in ``box`` goes: where its play would be."""
    cx, cy = box.cards_centre
    w = text_width(PASS, LABEL_SIZE, True) + LABEL_SIZE
    x = {"left": cx, "right": cx - w}.get(box.side, cx - w / 2)
    h = LABEL_SIZE * 1.45  # a badge's height (render.common.badge)
    return (x, cy - h / 2, x + w, cy + h / 2)


def new_round_rect() -> Rect:
    """Where an empty table's "新一轮 new round" goes: centred across the felt, half-way
    between the top seat's 过 and the side seats' (the middle row is theirs: a line this
    long in the centre would run into both)."""
    boxes = seat_boxes()
    above = pass_rect(boxes["top"])[3]
    below = min(pass_rect(boxes[side])[1] for side in ("left", "right"))
    cy = (above + below) / 2
    w = text_width(NEW_ROUND, NEW_ROUND_SIZE, True)
    h = NEW_ROUND_SIZE * 1.2
    return (WIDTH / 2 - w / 2, cy - h / 2, WIDTH / 2 + w / 2, cy + h / 2)


def _fade(img: Image.Image, box: tuple[int, int, int, int]) -> None:
    """Fade what lies in ``box`` into the felt (a play that no longer counts)."""
    x0, y0, x1, y1 = box
    if x1 > x0:
        region = img.crop((x0, y0, x1 + 1, y1 + 1))
        img.paste(Image.blend(region, Image.new("RGB", region.size, TABLE), FADE), (x0, y0))


def _shown_plays(scene: ClimbTableScene) -> list[tuple[int, list[Card], str]]:
    if scene.plays:
        return [(seat, list(cards), label) for seat, cards, label in scene.plays]
    if scene.last_play is not None:
        seat, cards, label = scene.last_play
        return [(seat, list(cards), label)]
    return []


def _draw_called(img: Image.Image, card: Card) -> None:
    """The called card (叫牌) as a card in the felt's top-left corner, under its label."""
    d = ImageDraw.Draw(img)
    draw_text(d, (28, HEADER_H + 30), "叫牌 called", LABEL_SIZE, GOLD, bold=True, anchor="lm")
    sprite = card_image(card, CALLED_W)
    img.paste(sprite, (28, HEADER_H + 54), sprite)


def _draw_places(img: Image.Image, scene: ClimbTableScene) -> None:
    """Who went out in which place (头游 …), one line each, in the felt's top-right corner."""
    d = ImageDraw.Draw(img)
    right, y = WIDTH - 28, HEADER_H + 30
    for place, seat in enumerate(scene.finish_order):
        text = f"{PLACE_NAMES[min(place, 3)]} {scene.names[seat]}"
        draw_text(
            d,
            (right, y),
            truncate(text, LABEL_SIZE, CORNER_W, True),
            LABEL_SIZE,
            GOLD if place == 0 else FELT_TEXT,
            bold=True,
            anchor="rm",
        )
        y += 36


def climb_table_image(scene: ClimbTableScene) -> Image.Image:
    """Draw ``scene``: the header (title, deadline, how many went out, the round's points);
    four seats with cards left, points captured, finishing place, 过 and revealed side; in
    front of each seat its latest play of the round, labelled (for example 炸弹 bomb), the
    play to beat in full with a gold label and the beaten ones faded (or, between rounds,
    the last round faded under ``plays_caption``, one line per `` · `` part, in the felt's
    bottom-left corner, with its winner's badge gold and marked 赢); a seat that
    passed without playing shows 过 there. The called card (叫牌) stands in the felt's
    top-left corner, the finishing places (头游 …) in its top-right corner.
    Returns a 900 x 860 RGB image.
    """
    img = new_canvas(WIDTH, HEIGHT, BG)
    draw_felt(img, HEADER_H)
    pills: list[tuple[str, tuple[int, int, int]]] = []
    if scene.finish_order:
        pills.append((f"已出完 {len(scene.finish_order)}/{len(scene.names)}", (90, 90, 100)))
    if scene.round_points:
        pills.append((f"本轮 {scene.round_points}分 on the table", (150, 100, 20)))
    sub = "  ·  ".join(p for p in (scene.title, scene.deadline) if p)
    draw_header(img, pills, "", sub)
    d = ImageDraw.Draw(img)
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
            tags.append(("过", PASSED))
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
    if scene.called_card is not None:
        _draw_called(img, scene.called_card)
    if scene.finish_order:
        _draw_places(img, scene)
    plays = _shown_plays(scene)
    between = bool(scene.plays_caption)
    spots: list[tuple[int, str, tuple[int, int, int, int], bool]] = []
    for i, (seat, cards, label) in enumerate(plays):
        box = boxes[side_of(seat, scene.viewer, n)]
        spot = draw_cards_row(img, cards, box)
        beaten = between or i < len(plays) - 1
        if beaten:
            _fade(img, spot)
        spots.append((seat, label, spot, beaten))
    # Badges go on last so that no card of a later play covers them.
    for seat, label, (x0, _y0, x1, y1), beaten in spots:
        won = between and seat == scene.round_winner
        mark = "赢 " if won else ""
        # the round's winner: its play's badge says 赢 and is gold, the others grey
        text = f"{mark}{label}".strip()
        if text:
            w = text_width(text, LABEL_SIZE, True) + LABEL_SIZE
            colour = GOLD if won or not beaten else BEATEN
            badge(d, ((x0 + x1) / 2 - w / 2, y1 - 26), text, LABEL_SIZE, colour, ink=INK)
    played = {seat for seat, _cards, _label in plays}
    if not between:
        for seat in scene.passed:
            if seat not in played:
                px0, py0, _px1, py1 = pass_rect(boxes[side_of(seat, scene.viewer, n)])
                badge(d, (px0, (py0 + py1) / 2), PASS, LABEL_SIZE, PASSED)
    if between:
        # one line per part of the caption ("上一轮 · last round · 张伟 · +25分"), each cut to
        # the corner beside the bottom seat's panel
        parts = scene.plays_caption.split(" · ")
        y = HEIGHT - 74 - 36 * len(parts)
        for part in parts:
            line = truncate(part, LABEL_SIZE, CAPTION_W, True)
            draw_text(d, (28, y), line, LABEL_SIZE, FELT_TEXT, bold=True, anchor="lm")
            y += 36
    if not plays:
        nx0, ny0, nx1, ny1 = new_round_rect()
        centre = ((nx0 + nx1) / 2, (ny0 + ny1) / 2)
        draw_text(d, centre, NEW_ROUND, NEW_ROUND_SIZE, WHITE, bold=True, anchor="mm")
    return img


def climb_table_png(scene: ClimbTableScene) -> bytes:
    """:func:`climb_table_image` encoded as PNG bytes."""
    return to_png(climb_table_image(scene))
