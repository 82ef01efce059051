"""render.dagun: a real Dagun view becomes the hand of 27 and the climbing table picture."""

from __future__ import annotations

import io
import random

from PIL import Image

from games.dagun import BOTS, DagunGame, DagunOptions
from render.cards import hand_image
from render.climb import climb_table_png
from render.dagun import hand_groups, table_scene

NAMES = ["张伟", "Alice", "李小龙", "王芳"]


def test_hand_of_27_grouped_by_rank_with_jokers_last() -> None:
    game = DagunGame(11)
    view = game.view(0)
    groups = hand_groups(view)
    assert sum(len(g.cards) for g in groups) == 27
    labels = [g.label for g in groups]
    order = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "王 jokers"]
    assert labels == [x for x in order if x in labels]
    for g in groups:
        assert len({c.rank for c in g.cards}) == 1 or g.label == "王 jokers"
    img = hand_image(groups)
    assert img.width <= 900 and img.height > 100


def _mid_round(seed: int) -> DagunGame:
    game = DagunGame(seed, DagunOptions(match="one_hand", alone=False))
    bots, rng = [BOTS["heuristic"]() for _ in range(4)], random.Random(seed)
    while game.standing is None or len(game.history) < 6:
        (d,) = game.pending()
        assert d.seat is not None
        game.apply(bots[d.seat].choose(game, d.seat, rng))
    return game


def test_table_scene_from_a_real_view_keeps_the_partner_secret() -> None:
    game = _mid_round(3)
    assert not game.revealed
    for seat in range(4):  # the partner's own view too: the picture is for everyone
        scene = table_scene(game.view(seat), NAMES, deadline="0:30")
        assert list(scene.teams) == [None] * 4
        assert scene.called_card == game.called and scene.dealer == game.dealer
        assert list(scene.cards_left) == [len(h) for h in game.hands]
        assert scene.viewer == seat and "明鸡" not in scene.title
    scene = table_scene(game.view(0), NAMES)
    assert scene.last_play is not None
    last = game.standing
    assert last is not None
    assert scene.last_play[0] == last.seat and list(scene.last_play[1]) == list(last.cards)
    assert last.combo.key() in scene.last_play[2]
    png = climb_table_png(scene)
    assert Image.open(io.BytesIO(png)).size == (900, 860)


def test_table_scene_colours_the_sides_once_revealed() -> None:
    game = _mid_round(3)
    game.revealed = True  # as after 明鸡
    scene = table_scene(game.view(1), NAMES)
    teams = list(scene.teams)
    assert teams[game.dealer] == teams[game.partner] == 0
    assert {teams[s] for s in range(4) if s not in (game.dealer, game.partner)} == {1}
    assert "明鸡" in scene.title
