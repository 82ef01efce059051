"""The 打滚 table picture uses its felt: each seat's latest play of the round in front of it
(the play to beat in full, the beaten ones faded), the last round between rounds with who
took its points, 过 for a seat that passed without playing, the called card (叫牌) as a
card, the finishing places, the points on the table; all from a real game's public view."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from PIL import Image, ImageChops, ImageStat

from games.cards import parse_card
from games.dagun import BOTS, DagunGame, DagunOptions
from render.climb import climb_table_image
from render.dagun import table_scene
from render.fonts import record_text
from render.scenes import ClimbTableScene
from render.table import seat_boxes, side_of

NAMES = ["张伟", "Alice", "李小龙", "王芳"]


def _play_until(seed: int, stop: Callable[[DagunGame], bool]) -> DagunGame:
    game = DagunGame(seed, DagunOptions(match="one_hand", alone=False))
    bots, rng = [BOTS["heuristic"]() for _ in range(4)], random.Random(seed)
    for _ in range(2000):
        if stop(game) or game.phase in ("hand_over", "match_over"):
            return game
        (d,) = game.pending()
        assert d.seat is not None
        game.apply(bots[d.seat].choose(game, d.seat, rng))
    raise AssertionError("the hand did not end")


def _players_in_round(game: DagunGame) -> set[int]:
    return {int(e["seat"]) for e in game.round if e.get("cards")}  # type: ignore[call-overload]


def _texts(scene: ClimbTableScene) -> list[str]:
    with record_text() as drawn:
        climb_table_image(scene)
    return [t.text for t in drawn]


def _play_box(scene: ClimbTableScene, seat: int) -> tuple[int, int, int, int]:
    """The area in front of ``seat`` where its play is drawn."""
    box = seat_boxes()[side_of(seat, scene.viewer)]
    cx, cy = box.cards_centre
    if box.side in ("left", "right"):
        x0 = cx if box.side == "left" else cx - 120
        return (x0, cy - 50, x0 + 120, cy + 50)
    return (cx - 60, cy - 50, cx + 60, cy + 50)


def _brightness(img: Image.Image, box: tuple[int, int, int, int]) -> float:
    return sum(ImageStat.Stat(img.crop(box)).mean) / 3


def test_every_seat_that_played_this_round_shows_its_latest_play() -> None:
    """Three seats have played in the round: the scene holds each one's latest play in the
    order made, the last being the play to beat; the picture draws the earlier ones faded
    (darker than the standing play, which matches a picture of it alone)."""
    game = _play_until(3, lambda g: len(_players_in_round(g)) >= 3)
    assert len(_players_in_round(game)) >= 3 and game.standing is not None
    view = game.view(0)
    scene = table_scene(view, NAMES)
    latest: dict[int, list[str]] = {}
    for entry in view["round"]:
        if entry.get("cards"):
            latest.pop(entry["seat"], None)
            latest[entry["seat"]] = entry["cards"]
    assert [s for s, _c, _l in scene.plays] == list(latest)
    assert [[str(c) for c in cards] for _s, cards, _l in scene.plays] == [
        [str(parse_card(c)) for c in cs] for cs in latest.values()
    ]
    seat, cards, label = scene.plays[-1]
    assert scene.last_play is not None
    assert (seat, list(cards), label) == (
        scene.last_play[0],
        list(scene.last_play[1]),
        scene.last_play[2],
    )
    assert scene.round_points == view["round_points"]
    img = climb_table_image(scene)
    alone = climb_table_image(dataclasses.replace(scene, plays=[]))
    stood = _play_box(scene, seat)
    assert ImageChops.difference(img.crop(stood), alone.crop(stood)).getbbox() is None
    for beaten, _cards, _label in scene.plays[:-1]:
        spot = _play_box(scene, beaten)
        assert ImageChops.difference(img.crop(spot), alone.crop(spot)).getbbox() is not None
        # faded cards are darker than the bright faces of the standing play
        assert _brightness(img, spot) < _brightness(img, stood) - 20


def test_between_rounds_the_last_round_is_shown_with_its_taker() -> None:
    """After a round is won the table is clear: the picture shows that round's plays faded,
    the caption names who took its points and how many, and its winner's badge says 赢."""
    game = _play_until(
        3, lambda g: not g.round and g.last_round is not None and bool(g.last_round["points"])
    )
    assert not game.round and game.last_round is not None
    scene = table_scene(game.view(1), NAMES)
    last = game.last_round
    assert scene.round_winner == last["stood"]
    assert scene.plays_caption.split(" · ") == [
        "上一轮",
        "last round",
        NAMES[int(last["taker"])],  # type: ignore[call-overload]
        f"+{last['points']}分",
    ]
    assert {s for s, _c, _l in scene.plays} == {
        int(e["seat"])
        for e in last["plays"]
        if e.get("cards")  # type: ignore[union-attr, call-overload]
    }
    texts = _texts(scene)
    assert any(t.startswith("赢 ") for t in texts)
    assert "+{}分".format(last["points"]) in texts


def test_called_card_places_and_passes_are_drawn() -> None:
    """The called card is a card in the felt's corner (another called card changes the
    corner, and every seat's view draws the same); the finishing places and a pass without
    a play are written out."""

    def ready(g: DagunGame) -> bool:
        return bool(g.out) and g.standing is not None and bool(g.passed - _players_in_round(g))

    game = _play_until(5, ready)
    assert ready(game), "someone went out, and someone passed without playing this round"
    views = [table_scene(game.view(s), NAMES, viewer=0) for s in range(4)]
    pictures = [climb_table_image(v) for v in views]
    corner = (20, 120, 240, 420)
    assert all(
        ImageChops.difference(p.crop(corner), pictures[0].crop(corner)).getbbox() is None
        for p in pictures
    )
    scene = views[0]
    assert scene.called_card == game.called
    other = parse_card("3c") if scene.called_card != parse_card("3c") else parse_card("4c")
    changed = climb_table_image(dataclasses.replace(scene, called_card=other))
    assert ImageChops.difference(changed.crop(corner), pictures[0].crop(corner)).getbbox()
    texts = _texts(scene)
    assert "叫牌 called" in texts
    assert f"头游 {NAMES[game.out[0]]}" in texts
    assert "过 pass" in texts
    assert "过 pass" not in _texts(dataclasses.replace(scene, passed=[]))


def test_the_sides_at_the_hand_end_are_the_results_teams() -> None:
    """At the end the picture colours the sides as the engine's result has them: the
    dealer's side A, the other B (never the wrong pairs the issue saw in the text)."""
    for seed in (3, 5, 8):
        game = _play_until(seed, lambda g: False)
        view = game.view(None)
        result = view["hand_results"][-1]
        scene = table_scene(view, NAMES)
        for team in result["teams"]:
            sides = {scene.teams[s] for s in team}
            assert len(sides) == 1 and None not in sides
            assert sides == {0 if view["dealer"] in team else 1}


def test_three_badges_in_a_side_panel_stay_inside_the_picture() -> None:
    """The dealer who passed, on a revealed side, at the right edge: 庄 过 B队 do not fit on one
    line of the narrow side panel, and the side's badge (cut off at the picture's edge once)
    moves to the name line, inside the panel."""
    from render.climb import climb_table_image
    from render.common import TEAM_COLOURS
    from render.scenes import ClimbTableScene

    scene = ClimbTableScene(
        names=["Alice", "小明", "Carol", "Dmitri"],
        cards_left=[0, 5, 3, 0],
        finish_order=[3, 0],
        captured=[10, 0, 5, 25],
        teams=[0, 1, 0, 1],
        dealer=1,
        passed=[1, 2],
    )
    img = climb_table_image(scene)
    side_b = TEAM_COLOURS[1]
    edge = {
        img.getpixel((x, y)) for x in range(img.width - 14, img.width) for y in range(img.height)
    }
    assert side_b not in edge
    # the badge is drawn: B队's colour right of the panel's stripe, on the right seat's panel
    right_panel = {img.getpixel((x, y)) for x in range(720, 880) for y in range(430, 470)}
    assert side_b in right_panel


def _meets(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_an_empty_tables_new_round_line_meets_no_pass_badge() -> None:
    """ "新一轮 new round" on an empty table and the 过 badges of the seats that passed do not
    overlap, on any side; nor does the line run into a seat's panel."""
    from render.climb import PASSED, new_round_rect, pass_rect
    from render.common import WHITE

    line = new_round_rect()
    for side, box in seat_boxes().items():
        assert not _meets(line, pass_rect(box)), side
        assert not _meets(line, box.box), side
    # drawn: nobody has played yet and the three others passed (the viewer's turn)
    scene = ClimbTableScene(
        names=NAMES, cards_left=[5, 6, 7, 8], passed=[1, 2, 3], called_card=parse_card("AH")
    )
    assert "新一轮 new round" in _texts(scene)
    img = climb_table_image(scene).convert("RGB")

    def colours(rect: tuple[float, ...]) -> set[tuple[int, ...]]:
        x0, y0, x1, y1 = (round(v) for v in rect)
        return {img.getpixel((x, y)) for x in range(x0, x1) for y in range(y0, y1)}

    assert WHITE in colours(line) and PASSED not in colours(line)
    for seat in (1, 2, 3):
        assert PASSED in colours(pass_rect(seat_boxes()[side_of(seat, 0)])), seat
