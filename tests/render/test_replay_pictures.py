"""The replay's pictures (render/replay.py): a step with every hand, the animated hand."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.replay import narration_text, record_of, replay_hand
from render.replay import animation, step_image, step_png
from tests.replay.helpers import GAME_KEYS, NAMES, play


@pytest.mark.parametrize("key", GAME_KEYS)
def test_a_step_is_drawn_with_every_hand_and_the_hand_animates(key: str) -> None:
    game, _said = play(key, 2)
    replay = replay_hand(record_of(key, game.seed, game.options.to_dict(), game.actions, NAMES))
    step = replay.steps[min(3, len(replay.steps) - 1)]
    png = step_png(key, step.public, step.views, replay.names, narration_text(replay, 3, "zh"))
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG" and img.width == 900
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
