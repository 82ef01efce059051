"""The replay's pictures (render/replay.py): a step with every hand, the animated hand."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.replay import narration_text, record_of, replay_hand
from games.registry import GAMES
from render.replay import CARD_H, WIDTH, animation, step_image, step_png
from tests.replay.helpers import GAME_KEYS, NAMES, play


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_step_is_drawn_with_every_hand_and_the_hand_animates(key: str) -> None:
    game, _said = play(key, 2)
    replay = replay_hand(record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES))
    step = replay.steps[min(3, len(replay.steps) - 1)]
    png = step_png(key, step.public, step.views, replay.names, narration_text(replay, 3, "zh"))
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.width == WIDTH
    frames = [step_image(key, s.public, s.views, replay.names) for s in replay.steps[:6]]
    gif = animation(frames)
    anim = Image.open(io.BytesIO(gif))
    # a step that changes nothing drawn (a declaration refused by all) is merged by Pillow
    assert anim.format == "GIF" and 1 < anim.n_frames <= len(frames)


def test_an_animation_too_large_is_shrunk_then_thinned_to_fit() -> None:
    game, _said = play("dagun", 3)
    replay = replay_hand(record_of("dagun", game.seed, game.options.to_dict(), game.actions, NAMES))
    frames = [step_image("dagun", s.public, s.views, replay.names) for s in replay.steps[:9]]
    whole = animation(frames)
    small = animation(frames, limit=len(whole) // 3)
    assert len(small) <= len(whole) // 3
    anim = Image.open(io.BytesIO(small))
    assert anim.width < Image.open(io.BytesIO(whole)).width
    with pytest.raises(ValueError):
        animation(frames, limit=1000)
    apng = Image.open(io.BytesIO(animation(frames[-3:], fmt="PNG")))
    assert apng.format == "PNG" and 1 < getattr(apng, "n_frames", 1) <= 3


PHONE = 400
"""The width a phone shows a step's picture at (the replay page, Discord on a phone)."""
CARD_AT_PHONE = 60
"""The least height in px of a card (or tile) of a seat's hand in a step's picture shown
:data:`PHONE` px wide: its corner index (rank over suit) then reads at about 14 px."""
TILE_AT_PHONE = 30


def _tallest_piece(img: Image.Image, top: int, bottom: int, light: bool) -> int:
    """The tallest run, in any column of rows ``top``..``bottom``, of pixels that are not the
    felt (``light``: of a tile's ivory face) : a card or tile drawn there is at least that tall."""
    felt = img.getpixel((1, img.height - 2))
    px = img.load()
    best = 0
    for x in range(0, img.width, 2):
        run = 0
        for y in range(top, bottom):
            r, g, b = px[x, y][:3]
            inside = min(r, g, b) > 200 if light else (r, g, b) != felt
            run = run + 1 if inside else 0
            best = max(best, run)
    return best


@pytest.mark.parametrize("key", GAME_KEYS)
def test_every_hand_in_a_step_is_readable_on_a_phone(key: str) -> None:
    """Each seat's hand row of a step picture, shown 400 px wide, has cards at least
    :data:`CARD_AT_PHONE` px tall (tiles :data:`TILE_AT_PHONE`): not shrunk to a third as
    the two-by-two grid of the whole hand pictures did."""
    game, _said = play(key, 2)
    replay = replay_hand(record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES))
    step = replay.steps[min(3, len(replay.steps) - 1)]
    whole = step_image(key, step.public, step.views, replay.names)
    table_h = step_image(key, step.public, [], replay.names).height
    tiles = GAMES[key].title_en.lower().endswith("mahjong")
    scale = PHONE / whole.width
    rows = []
    y = table_h
    for seat in range(len(step.views)):
        alone = step_image(key, step.public, [step.views[seat]], replay.names)
        height = alone.height - table_h
        rows.append(_tallest_piece(whole, y, y + height, light=True) * scale)
        y += height
    least = TILE_AT_PHONE if tiles else CARD_AT_PHONE
    assert min(rows) >= least, rows
    if not tiles:
        assert CARD_H * scale >= CARD_AT_PHONE


def test_the_animation_of_a_whole_hand_fits_discords_limit() -> None:
    """Every step of a 打滚子 hand (the longest hands, 39 cards each) animated: under the
    upload limit, about as wide as Discord shows it."""
    game, _said = play("dagunzi", 4)
    replay = replay_hand(
        record_of("dagunzi", game.seed, game.options.to_dict(), game.actions, NAMES)
    )
    frames = [step_image("dagunzi", s.public, s.views, replay.names) for s in replay.steps]
    gif = animation(frames)
    assert len(gif) <= 10 * 1024 * 1024
    assert 400 <= Image.open(io.BytesIO(gif)).width <= 560
