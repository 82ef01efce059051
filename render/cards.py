"""Playing-card sprites and the picture of a hand.

A card face is drawn once at three times its size and scaled down (so edges are
anti-aliased), then cached per (card, width). The corner index (rank over suit) is
big enough to read when Discord shows a hand about 400 px wide, and it is the only
part of a card left visible when cards overlap in a hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

from PIL import Image, ImageDraw

from games.cards import Card, Rank, format_card, format_card_ascii
from render.common import BG, GOLD, RED, WHITE, new_canvas, to_png
from render.fonts import draw_text, text_width, truncate

__all__ = [
    "CARD_H",
    "CARD_W",
    "CardGroup",
    "card_back",
    "card_image",
    "card_steps",
    "group_cards",
    "group_span",
    "hand_image",
    "hand_png",
    "legend",
]

CARD_W = 120
"""Width of a full-size card sprite in pixels (height :data:`CARD_H`, ratio 1.4)."""
CARD_H = 168
_SS = 3  # supersampling factor for sprites
_BLACK = (24, 24, 28)
_FACE_BG = (250, 250, 246)
_COURT_BG = (255, 243, 214)

LegendStyle = Literal["ascii", "symbol", "none"]


def _ink(card: Card) -> tuple[int, int, int]:
    if card.suit is None:
        return RED if card.rank == Rank.BIG_JOKER else _BLACK
    return RED if card.suit.is_red else _BLACK


def _draw_index(card: Card, s: int) -> Image.Image:
    """The corner index (rank over suit) for one corner, on a transparent tile."""
    w, h = 42 * s, 80 * s
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    ink = _ink(card)
    if card.suit is None:
        # Jokers: the two characters stacked, as on Chinese decks.
        big, small = card.rank.label[0], card.rank.label[1]
        draw_text(d, (w / 2, 2 * s), big, 30 * s, ink, bold=True, anchor="mt")
        draw_text(d, (w / 2, 38 * s), small, 30 * s, ink, bold=True, anchor="mt")
        return img
    label = card.rank.label
    if label == "10":
        img.alpha_composite(_ten(ink, s), (TEN_LEFT * s, 0))
    else:
        draw_text(d, (w / 2, 0), label, 40 * s, ink, bold=True, anchor="mt")
    draw_text(d, (w / 2, 44 * s), card.suit.symbol, 30 * s, ink, anchor="mt")
    return img


TEN_LEFT = 1
"""Where the "10" starts in the corner index tile (card x = 3 + this, at width 120)."""
TEN_W = 27
"""Width of the "10" (at card width 120): it ends at card x 31, inside the narrowest
strip of an overlapped card on the table (``render.table.MIN_STEP`` 26 px of a 96 px
card is 32.5 at width 120), so its "0" is never cut off."""


@lru_cache(maxsize=4)
def _ten(ink: tuple[int, int, int], s: int) -> Image.Image:
    """The "10" of a corner index: "1" and "0" drawn apart, set close together and
    condensed to ``TEN_W`` so that two digits take the room of one rank letter; its top
    is where a one-letter rank's top is."""
    size = 38 * s
    tmp = Image.new("L", (size * 3, size * 2), 0)
    td = ImageDraw.Draw(tmp)
    digits = []
    for digit in "10":
        tmp.paste(0, (0, 0, tmp.width, tmp.height))
        draw_text(td, (size, size + size // 2), digit, size, (255,), bold=True, anchor="ls")
        x0, _y0, x1, _y1 = tmp.getbbox() or (0, 0, 1, 1)
        digits.append(tmp.crop((x0, 0, x1, tmp.height)))
    gap = 2 * s
    joined = Image.new("L", (digits[0].width + gap + digits[1].width, tmp.height), 0)
    joined.paste(digits[0], (0, 0))
    joined.paste(digits[1], (digits[0].width + gap, 0))
    _x0, top, _x1, bottom = joined.getbbox() or (0, 0, 1, 1)
    joined = joined.crop((0, top, joined.width, bottom))
    joined = joined.resize((TEN_W * s, joined.height), Image.Resampling.LANCZOS)
    # the top of a one-letter rank drawn at 40 px with anchor "mt" at y 0
    probe = Image.new("L", (60 * s, 60 * s), 0)
    draw_text(ImageDraw.Draw(probe), (30 * s, 0), "8", 40 * s, (255,), bold=True, anchor="mt")
    rank_top = (probe.getbbox() or (0, 0, 0, 0))[1]
    out = Image.new("RGBA", (joined.width, rank_top + joined.height), (0, 0, 0, 0))
    out.paste(Image.new("RGBA", joined.size, (*ink, 255)), (0, rank_top), joined)
    return out


@lru_cache(maxsize=64)
def _card_big(card: Card) -> Image.Image:
    s = _SS
    w, h = CARD_W * s, CARD_H * s
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=10 * s, fill=_FACE_BG, outline=(120, 120, 128), width=2 * s
    )
    ink = _ink(card)
    index = _draw_index(card, s)
    img.alpha_composite(index, (3 * s, 6 * s))
    # The upside-down index is smaller: it is never the visible strip of a hand, and
    # this leaves the middle of the card free for the pip or court frame.
    small = index.rotate(180).resize((index.width * 3 // 5, index.height * 3 // 5))
    img.alpha_composite(small, (w - small.width - 4 * s, h - small.height - 5 * s))
    cx, cy = w / 2 + 8 * s, h / 2 + 4 * s
    if card.suit is None:
        big = card.rank == Rank.BIG_JOKER
        fill = (255, 236, 236) if big else (236, 236, 240)
        d.ellipse(
            (cx - 34 * s, cy - 40 * s, cx + 34 * s, cy + 40 * s),
            fill=fill,
            outline=ink,
            width=3 * s,
        )
        draw_text(d, (cx, cy - 2 * s), "★", 50 * s, GOLD if big else _BLACK, anchor="mm")
        draw_text(d, (cx, cy + 32 * s), "JOKER", 11 * s, ink, bold=True, anchor="mm")
    elif card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
        box = (cx - 30 * s, cy - 44 * s, cx + 30 * s, cy + 44 * s)
        d.rounded_rectangle(box, radius=6 * s, fill=_COURT_BG, outline=ink, width=2 * s)
        draw_text(d, (cx, cy - 12 * s), card.rank.label, 44 * s, ink, bold=True, anchor="mm")
        draw_text(d, (cx, cy + 26 * s), card.suit.symbol, 30 * s, ink, anchor="mm")
    else:
        size = 68 if card.rank == Rank.ACE else 50
        draw_text(d, (cx, cy), card.suit.symbol, size * s, ink, anchor="mm")
    return img


@lru_cache(maxsize=512)
def card_image(card: Card, width: int = CARD_W) -> Image.Image:
    """The face of ``card`` as an RGBA sprite ``width`` px wide (height = 1.4 x width)."""
    return _card_big(card).resize((width, round(width * CARD_H / CARD_W)), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def _strip(card: Card, step: int) -> Image.Image:
    """The visible left part (``step`` px) of a full-size card overlapped in a hand (plus
    2 px of shadow edge so the next card's border still shows)."""
    return card_image(card).crop((0, 0, min(step + 2, CARD_W), CARD_H))


@lru_cache(maxsize=16)
def card_back(width: int = CARD_W) -> Image.Image:
    """A face-down card, ``width`` px wide."""
    s = _SS
    w, h = CARD_W * s, CARD_H * s
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=10 * s, fill=WHITE, outline=(120, 120, 128), width=2 * s
    )
    d.rounded_rectangle((8 * s, 8 * s, w - 8 * s, h - 8 * s), radius=6 * s, fill=(40, 70, 150))
    for i in range(-h, w, 14 * s):
        d.line((i, 8 * s, i + h, h), fill=(70, 100, 180), width=2 * s)
    d.rounded_rectangle(
        (8 * s, 8 * s, w - 8 * s, h - 8 * s), radius=6 * s, outline=WHITE, width=3 * s
    )
    # Clear the pattern that ran over the white margin.
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (8 * s, 8 * s, w - 8 * s, h - 8 * s), radius=6 * s, fill=255
    )
    base = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    ImageDraw.Draw(base).rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=10 * s, fill=WHITE, outline=(120, 120, 128), width=2 * s
    )
    base.paste(img, (0, 0), mask)
    return base.resize((width, round(width * CARD_H / CARD_W)), Image.Resampling.LANCZOS)


@dataclass(frozen=True)
class CardGroup:
    """Cards shown together in a hand, in the order given, with an optional label above.

    ``label`` is free text such as ``"主 trumps"`` or ``"♠"``; empty for none.
    """

    cards: tuple[Card, ...]
    label: str = ""


def group_cards(
    cards: Iterable[Card],
    sort_key: Callable[[Card], Any],
    group_of: Callable[[Card], Hashable] | None = None,
    label_of: Callable[[Hashable], str] | None = None,
) -> list[CardGroup]:
    """Sort ``cards`` by ``sort_key`` and cut them into groups where ``group_of`` changes.

    A game passes its own trump order, for example
    ``sort_key=lambda c: (not is_trump(c), strength(c))`` and
    ``group_of=lambda c: "trump" if is_trump(c) else c.suit``, so that trumps come
    first. Without ``group_of`` the cards form one group. ``label_of`` turns a group
    key into its label (default: ``str`` of a suit symbol / the key; ``""`` for None).
    """
    ordered = sorted(cards, key=sort_key)
    groups: list[CardGroup] = []
    current: list[Card] = []
    key: Hashable = object()
    for card in ordered:
        k = group_of(card) if group_of else None
        if current and k != key:
            groups.append(CardGroup(tuple(current), _label(key, label_of)))
            current = []
        key = k
        current.append(card)
    if current:
        groups.append(CardGroup(tuple(current), _label(key, label_of)))
    return groups


def _label(key: Hashable, label_of: Callable[[Hashable], str] | None) -> str:
    if label_of is not None:
        return label_of(key)
    return "" if key is None else str(key)


def legend(card: Card, style: LegendStyle = "ascii") -> str:
    """The text under a card in a hand: what ``/play`` accepts (``10s``, ``BJ`` or ``♠10``)."""
    if style == "none":
        return ""
    return format_card_ascii(card) if style == "ascii" else format_card(card)


# Hand layout (pixels).
STEP = 50
"""The narrowest visible strip of an overlapped card in a hand; a card whose legend is wider
(``10h``, ``♠10``) gets a strip wide enough for it (:func:`card_steps`)."""
GROUP_GAP = 26
MARGIN = 18
LABEL_H = 34
LEGEND_H = 34
ROW_GAP = 10
LEGEND_SIZE = 28
"""Legends and group labels: 12 px or more on a phone showing a hand 400 px wide."""
LEGEND_GAP = 12
"""The least space between two neighbouring legends (5 px on a phone), so that ``10h 10d``
never reads as ``10h10d``."""
LIFT = 14
"""How far a marked card (just taken from the kitty) stands above the others."""
MARK = (40, 170, 255)
"""The colour of the marks on cards just taken from the kitty: the dot on the card, its
legend and the key line above the hand (no card, suit or label uses it)."""
MARK_KEY = "● 刚从底牌拿的 from the kitty"
"""The key to the marks, drawn above the hand when any card is marked."""


@lru_cache(maxsize=512)
def _legend_w(card: Card, style: LegendStyle) -> int:
    text = legend(card, style)
    return text_width(text, LEGEND_SIZE, True) if text else 0


def card_steps(cards: Sequence[Card], style: LegendStyle = "ascii") -> list[int]:
    """The visible strip of each card of a group, px: :data:`STEP`, or the card's legend
    and :data:`LEGEND_GAP` when that is wider. The last card shows whole (:data:`CARD_W`)."""
    return [max(STEP, _legend_w(c, style) + LEGEND_GAP) for c in cards]


def group_span(cards: Sequence[Card], style: LegendStyle = "ascii") -> int:
    """Width in px of ``cards`` overlapped as one group of a hand (0 for none)."""
    if not cards:
        return 0
    return sum(card_steps(cards[:-1], style)) + CARD_W


def _fit(steps: Sequence[int], room: int) -> int:
    """How many of the cards with these ``steps`` fit in ``room`` px (the last one whole)."""
    used, n = 0, 0
    for step in steps:
        if used + CARD_W > room:
            break
        used += step
        n += 1
    return n


def _label_w(label: str) -> int:
    return text_width(label, LEGEND_SIZE, True) + 8 if label else 0


def _pieces(
    groups: Sequence[CardGroup], max_width: int, style: LegendStyle = "ascii"
) -> list[list[tuple[CardGroup, int]]]:
    """Lay groups into rows: each row is a list of (group part, x offset). A group starts a
    row of its own rather than be split when it fits one row; its label keeps its room."""
    rows: list[list[tuple[CardGroup, int]]] = [[]]
    x = 0
    for group in groups:
        cards = list(group.cards)
        label = group.label
        fits_row = _fit(card_steps(cards, style), max_width) >= len(cards)
        while cards:
            steps = card_steps(cards, style)
            room = _fit(steps, max_width - x) if x + _label_w(label) <= max_width else 0
            # Start a new row rather than split a group that would fit on one row.
            if rows[-1] and (room < len(cards) and (fits_row or room < 3)):
                rows.append([])
                x = 0
                room = _fit(steps, max_width)
            take = cards[: max(1, room)]
            cards = cards[len(take) :]
            rows[-1].append((CardGroup(tuple(take), label), x))
            x += max(group_span(take, style), _label_w(label)) + GROUP_GAP
            label = ""  # the continuation of a split group has no second label
            if cards:
                rows.append([])
                x = 0
    return [r for r in rows if r]


def _as_groups(groups: Sequence[CardGroup] | Iterable[Card]) -> list[CardGroup]:
    items = list(groups)
    if all(isinstance(g, CardGroup) for g in items):
        return [g for g in items if isinstance(g, CardGroup)]
    return [CardGroup(tuple(c for c in items if isinstance(c, Card)))]


def _draw_mark(d: ImageDraw.ImageDraw, x: int, y: int, strip: int) -> None:
    """The dot on a marked card: low on its visible strip, where an overlapped card is
    blank (the corner index is at the top, the pip of the last card in the middle)."""
    cx, cy, r = x + min(strip, STEP) / 2, y + CARD_H - 28, 11
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=MARK, outline=WHITE, width=3)


def hand_image(
    groups: Sequence[CardGroup] | Iterable[Card],
    legend_style: LegendStyle = "ascii",
    max_width: int = 880,
    title: str = "",
    marked: Iterable[Card] = (),
) -> Image.Image:
    """Picture of a hand: overlapping cards, groups in the given order with gaps between.

    ``groups`` is a sequence of :class:`CardGroup` (see :func:`group_cards`) or plain cards
    (one group). Rows are at most ``max_width`` px of cards; a 39-card hand takes four.
    Under each card is its :func:`legend`, each with at least :data:`LEGEND_GAP` px to the
    next; above each group its label. ``marked`` cards (a multiset: the cards just taken
    from the kitty, 底牌) stand :data:`LIFT` px higher with a :data:`MARK` dot and legend,
    one copy per entry, and :data:`MARK_KEY` says so above the hand. Returns an RGB image.
    """
    cgroups = _as_groups(groups)
    to_mark = Counter(marked)
    rows = _pieces(cgroups, max_width, legend_style) if any(g.cards for g in cgroups) else []
    key_h = 40 if to_mark else 0
    title_h = (54 if title else 0) + key_h
    top_pad = LIFT if to_mark else 0
    row_h = LABEL_H + CARD_H + (LEGEND_H if legend_style != "none" else 6) + ROW_GAP
    widths = [
        x + max(group_span(g.cards, legend_style), _label_w(g.label))
        for row in rows
        for g, x in row[-1:]
    ]
    # A long title is cut to the cards' width (at most max_width), never widening the picture.
    title = truncate(
        title, 28, max(*widths, 320, min(text_width(title, 28, True), max_width)), True
    )
    width = max([*widths, 320, text_width(title, 28, True) if title else 0]) + 2 * MARGIN
    height = title_h + max(1, len(rows)) * (row_h + top_pad) + MARGIN
    img = new_canvas(width, height, BG)
    d = ImageDraw.Draw(img)
    if title:
        draw_text(d, (MARGIN, 12), title, 28, WHITE, bold=True)
    if to_mark:
        key = truncate(MARK_KEY, LEGEND_SIZE, width - 2 * MARGIN, True)
        draw_text(d, (MARGIN, title_h - key_h + 6), key, LEGEND_SIZE, MARK, bold=True)
    if not rows:
        draw_text(
            d, (width / 2, title_h + row_h / 2), "(no cards)", 28, (200, 200, 200), anchor="mm"
        )
    for r, row in enumerate(rows):
        top = title_h + r * (row_h + top_pad) + 6 + top_pad
        for group, x0 in row:
            x0 += MARGIN
            if group.label:
                draw_text(
                    d,
                    (x0 + 2, top + LABEL_H - 8 - top_pad),
                    group.label,
                    LEGEND_SIZE,
                    GOLD,
                    bold=True,
                    anchor="ls",
                )
            steps = card_steps(group.cards, legend_style)
            x = x0
            for i, card in enumerate(group.cards):
                lifted = to_mark[card] > 0
                if lifted:
                    to_mark[card] -= 1
                y = top + LABEL_H - (LIFT if lifted else 0)
                # Only the left strip of an overlapped card shows: paste just that.
                last = i == len(group.cards) - 1
                sprite = card_image(card) if last else _strip(card, steps[i])
                img.paste(sprite, (x, y), sprite)
                if lifted:
                    _draw_mark(d, x, y, steps[i])
                text = legend(card, legend_style)
                if text:
                    draw_text(
                        d,
                        (x + steps[i] / 2, top + LABEL_H + CARD_H + 4),
                        text,
                        LEGEND_SIZE,
                        MARK if lifted else (235, 235, 235),
                        bold=True,
                        anchor="mt",
                    )
                x += steps[i]
    return img


def hand_png(
    groups: Sequence[CardGroup] | Iterable[Card],
    legend_style: LegendStyle = "ascii",
    max_width: int = 880,
    title: str = "",
    marked: Iterable[Card] = (),
) -> bytes:
    """:func:`hand_image` encoded as PNG bytes."""
    return to_png(hand_image(groups, legend_style, max_width, title, marked))
