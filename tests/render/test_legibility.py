"""Every picture the bot sends stays legible on a phone (issue 15).

Discord shows a picture about 400 px wide on a phone, so a label drawn ``size`` px tall on
a picture ``W`` px wide is ``size * 400 / W`` px there; it must be at least 12 px. Text is
checked by recording every :func:`render.fonts.draw_text` call made on the picture's own
canvas (:func:`render.fonts.record_text`); cards by the width they are pasted at, since
their corner index (rank 40 px on a 120 px card, ``render.cards._draw_index``) is the only
part of an overlapped card that shows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

import render.climb
import render.table
import render.trick
from games.cards import Card
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.engine import PajiwoGame
from render.cards import CARD_W, hand_image
from render.fonts import DrawnText, record_text
from render.pajiwo import hand_groups, table_scene
from render.trick import trick_table_image
from tests.render import samples

PHONE_W = 400
"""Width of a picture in Discord on a phone, px."""
MIN_PX = 12
"""Smallest legible text there, px."""
INDEX_PX = 40
"""Em size of a card's corner rank at width ``CARD_W`` (``render.cards._draw_index``)."""
NAMES = ["张伟", "Alice", "李小龙 Bruce", "Maximilian Alexander von Hohenzollern"]


def _phone_px(size: float, picture_w: int) -> float:
    return size * PHONE_W / picture_w


def _small_text(img: Image.Image, drawn: list[DrawnText]) -> list[tuple[str, float]]:
    """Texts drawn on ``img`` itself that are under :data:`MIN_PX` on a phone."""
    on_picture = [t for t in drawn if t.canvas == img.size]
    assert on_picture, "no text was recorded on the picture"
    return [
        (t.text, round(_phone_px(t.size, img.width), 1))
        for t in on_picture
        if _phone_px(t.size, img.width) < MIN_PX
    ]


@pytest.fixture
def card_widths(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Widths at which the table pictures paste card faces."""
    widths: list[int] = []
    for module in (render.table, render.trick, render.climb):
        real = module.card_image

        def spy(card: Card, width: int = CARD_W, _real: Any = real) -> Image.Image:
            widths.append(width)
            return _real(card, width)

        monkeypatch.setattr(module, "card_image", spy)
    return widths


def _check(draw: Callable[[], Image.Image], widths: list[int] | None = None) -> None:
    if widths is not None:
        widths.clear()
    with record_text() as drawn:
        img = draw()
    small = _small_text(img, drawn)
    assert not small, f"{img.width} px wide picture: text under {MIN_PX} px on a phone: {small}"
    for w in widths or ():
        rank = _phone_px(INDEX_PX * w / CARD_W, img.width)
        assert rank >= MIN_PX, f"a card {w} px wide: its rank is {rank:.1f} px on a phone"


def _pajiwo_views(seed: int = 5) -> Iterator[tuple[str, dict[str, Any]]]:
    """Views of a real hand played by bots: the first step of each phase, a trick under
    way (3 plays), the table between tricks (the last trick with its winner), and the
    end of the hand (the kitty and the last trick); seat 0's view each time."""
    game = PajiwoGame(seed=seed)
    bot, rng = HeuristicPlayer(), random.Random(seed)
    seen: set[str] = set()
    for _ in range(5000):
        view = game.view(0)
        phase = view["phase"]
        plays = len(view["trick"]["plays"]) if phase == "play" else -1
        key = phase
        if phase == "play" and plays == 3:
            key = "play_trick"
        elif phase == "play" and plays == 0 and view.get("last_trick"):
            key = "play_between_tricks"
        if key not in seen:
            seen.add(key)
            yield key, view
        if phase == "hand_over":
            return
        action = game.table_action()
        if action is None:
            pending = [d for d in game.pending() if d.seat is not None]
            seat = next((d.seat for d in pending if d.required), pending[0].seat)
            assert seat is not None
            action = bot.choose(game, seat, rng)
        game.apply(action)
    raise AssertionError("the hand never ended")


_VIEWS = list(_pajiwo_views())


def test_the_sample_hand_covers_the_phases() -> None:
    keys = {key for key, _ in _VIEWS}
    assert {"bury", "play_trick", "play_between_tricks", "hand_over"} <= keys


@pytest.mark.parametrize(("key", "view"), _VIEWS, ids=[k for k, _ in _VIEWS])
def test_pajiwo_table_is_legible_on_a_phone(
    key: str, view: dict[str, Any], card_widths: list[int]
) -> None:
    scene = table_scene(view, NAMES, deadline="0:25")
    _check(lambda: trick_table_image(scene), card_widths)


@pytest.mark.parametrize(
    ("key", "view"),
    [(k, v) for k, v in _VIEWS if v.get("hand")],
    ids=[k for k, v in _VIEWS if v.get("hand")],
)
def test_pajiwo_hand_is_legible_on_a_phone(key: str, view: dict[str, Any]) -> None:
    _check(lambda: hand_image(hand_groups(view)))


def test_the_end_of_hand_table_shows_the_kitty_legibly(card_widths: list[int]) -> None:
    view = dict(_VIEWS)["hand_over"]
    scene = table_scene(view, NAMES)
    assert len(scene.kitty) == 8 and scene.trick_winner is not None
    _check(lambda: trick_table_image(scene), card_widths)


@pytest.mark.parametrize(
    "name",
    [
        "trick_table",
        "trick_table_over",
        "hand_39",
        "hand_marked",
        "climb_table",
        "mahjong_hand",
        "mahjong_table",
        "mahjong_result",
    ],
)
def test_sample_pictures_are_legible_on_a_phone(name: str, card_widths: list[int]) -> None:
    _check(samples.PICTURES[name], card_widths)


def test_the_check_catches_small_text() -> None:
    """The measure can fail: a hand picture's legend drawn at 9 px on a phone is caught."""
    from render.fonts import draw_text

    img = Image.new("RGB", (900, 200))
    from PIL import ImageDraw

    with record_text() as drawn:
        draw_text(ImageDraw.Draw(img), (10, 10), "先 lead", 20, (255, 255, 255))
    assert _small_text(img, drawn) == [("先 lead", 8.9)]


def _dagun_scenes() -> list[tuple[str, Any]]:
    """打滚 tables of a real hand: a round with three plays, the table between rounds, the end."""
    from games.dagun import BOTS, DagunGame, DagunOptions
    from render.dagun import table_scene as dagun_scene

    game = DagunGame(3, DagunOptions(match="one_hand", alone=False))
    bots, rng = [BOTS["heuristic"]() for _ in range(4)], random.Random(3)
    out: dict[str, Any] = {}
    while game.phase not in ("hand_over", "match_over"):
        played = {e["seat"] for e in game.round if e.get("cards")}
        if len(played) >= 3 and "round" not in out:
            out["round"] = dagun_scene(game.view(0), NAMES, deadline="0:30")
        if not game.round and game.last_round and game.out and "between" not in out:
            out["between"] = dagun_scene(game.view(0), NAMES)
        (d,) = game.pending()
        assert d.seat is not None
        game.apply(bots[d.seat].choose(game, d.seat, rng))
    out["end"] = dagun_scene(game.view(None), NAMES)
    return list(out.items())


@pytest.mark.parametrize(
    ("key", "scene"), _dagun_scenes(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_dagun_table_is_legible_on_a_phone(key: str, scene: Any, card_widths: list[int]) -> None:
    from render.climb import climb_table_image

    _check(lambda: climb_table_image(scene), card_widths)


def test_a_full_mahjong_hand_with_its_caishen_is_legible_on_a_phone() -> None:
    """14 tiles (13 and the one drawn) and the 财神 indicator: the widest hand picture, about
    1,000 px; its legends and the indicator's label were 9-10 px on a phone."""
    from games.tiles import parse_tile, parse_tiles
    from render.mahjong import mahjong_hand_image
    from render.scenes import MahjongHandScene

    scene = MahjongHandScene(
        concealed=parse_tiles("123456789m 1234p"),
        drawn=parse_tile("5p"),
        wildcard=parse_tile("5p"),
    )
    _check(lambda: mahjong_hand_image(scene))
