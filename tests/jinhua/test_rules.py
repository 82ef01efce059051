"""金华麻将's table rules through the engine: the 财神 indicator and the dead wall, 截胡
(one winner, the first in turn order), the pong restriction, 吃张打张, a discarded 财神,
承包 tracked over real claims, 杠上开花, 天胡 and 地胡 (``dagun_and_jinhua-mahjong.txt``)."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.jinhua import JinhuaGame, JinhuaOptions
from games.mahjong.melds import name
from games.mahjong.wall import Wall
from games.tiles import full_tile_set
from tests.jinhua.helpers import IDLE, act, discard, jrig, offers, tiles


def pass_all(game: JinhuaGame) -> None:
    while game.phase == "claim":
        for seat in list(offers(game)):
            act(game, seat, "pass")


def test_the_indicator_is_turned_up_from_the_dead_wall_and_set_aside() -> None:
    game = JinhuaGame(3)
    built = Wall.build([t.index for t in full_tile_set()], game._rng("wall"), 14)
    # the larger die counts stacks along the dead wall from the break (:103)
    expected = built.tiles[136 - 2 * max(built.dice) + 1]
    assert game.indicator == expected == game.caishen
    assert game.set_aside == [expected]
    assert game.total_tiles == 136
    assert (game.wall.live, game.wall.dead) == (136 - 53 - 14 - 1, 14)
    assert game.invariants()["tiles_conserved"]
    view = game.view(2)
    assert view["caishen"] == view["indicator"] == name(expected)
    assert view["set_aside"] == [name(expected)]
    with_flowers = JinhuaGame(3, JinhuaOptions(flowers=True))
    assert with_flowers.total_tiles == 144 and with_flowers.wall.dead == 14
    assert with_flowers.caishen < 34  # a flower is never the 财神
    assert with_flowers.invariants()["tiles_conserved"]


def test_jiehu_one_winner_the_first_in_turn_order() -> None:
    game = jrig(
        {0: IDLE + " 5s", 2: "123m 456m 789p 111s 5s", 3: "123p 456p 789m 234m 5s"},
    )
    discard(game, 0, "5s")
    assert offers(game) == {2: ("win", "pass"), 3: ("win", "pass")}
    act(game, 3, "win")  # answered first, but seat 2 comes first from seat 0
    act(game, 2, "win")
    result = game.hand_results[-1]
    assert result.summary["winners"] == [2]
    assert list(result.scores) == [-2, -1, 4, -1]  # 平胡: discarder 2X, others X


def test_a_seat_that_passes_a_pong_may_not_pong_that_tile_until_its_turn() -> None:
    game = jrig(
        {
            0: IDLE + " 5p",
            1: "147m 147p 147s E S W 5p",
            2: "55p 46p 147m 147s E S W",
        },
        wall="1p 9m 9m 9m",
    )
    discard(game, 0, "5p")
    assert offers(game) == {2: ("pong", "pass")}
    act(game, 2, "pass")
    discard(game, 1, "5p")
    assert offers(game) == {2: ("chow", "pass")}  # no pong this time
    with pytest.raises(IllegalAction) as refused:
        act(game, 2, "pong")
    assert refused.value.code == "pong_passed"
    assert refused.value.rule == "dagun_and_jinhua-mahjong.txt:179"
    act(game, 2, "pass")
    assert game.turn == 2 and game.passed_pongs[2] == set()  # its own turn: free again


def test_chizhang_dazhang_allowed_then_refused_after_two_chows() -> None:
    game = jrig(
        {
            0: "147m 147p 147s E S W 9p 6s",
            1: "45s 3s 78p 6p 147m E S W N",
        },
        wall="1p 1p 1p 9m 9m 9m",
    )
    discard(game, 0, "6s")
    act(game, 1, "chow", tiles=["4s", "5s"])
    # first chow from seat 0: chow 6s, discard 3s (3456) is allowed (:179)
    assert any(a.data.get("tile") == "3s" for a in game.legal_actions(1))
    discard(game, 1, "3s")
    pass_all(game)
    discard(game, 2, name(game.drawn or 0))
    pass_all(game)
    discard(game, 3, name(game.drawn or 0))
    pass_all(game)
    discard(game, 0, "9p")
    act(game, 1, "chow", tiles=["7p", "8p"])
    # the second chow from the previous player: 吃张打张 is refused
    assert not any(a.data.get("tile") == "6p" for a in game.legal_actions(1))
    with pytest.raises(IllegalAction) as refused:
        discard(game, 1, "6p")
    assert refused.value.code == "chizhang_dazhang"
    discard(game, 1, "1m")  # any other tile is fine


def test_a_discarded_caishen_is_refused_to_the_others_but_may_be_won_on() -> None:
    game = jrig(
        {0: IDLE + " 9s", 1: "123m 456m 789p 78s 55s", 2: "9s 9s 147m 147p 1s E S W"},
    )
    discard(game, 0, "9s")
    # seat 1 could chow 78s + 9s and seat 2 pong: neither is offered; seat 1 may win
    assert offers(game) == {1: ("win", "pass")}
    for kind in ("pong", "kong"):
        with pytest.raises(IllegalAction) as refused:
            act(game, 2, kind)
        assert refused.value.code == "caishen_not_claimable"
    with pytest.raises(IllegalAction) as refused:
        act(game, 1, "chow", tiles=["7s", "8s"])
    assert refused.value.code == "caishen_not_claimable"
    act(game, 1, "win")
    win = game.hand_results[-1].summary["wins"][0]
    assert win["details"]["hands"] == ["pinghu"]  # the 9s plays as itself
    assert list(game.hand_results[-1].scores) == [-2, 4, -1, -1]


def test_no_win_on_a_discarded_caishen_with_the_option_off() -> None:
    game = jrig(
        {0: IDLE + " 9s", 1: "123m 456m 789p 78s 55s"},
        options=JinhuaOptions(win_on_discarded_caishen=False),
    )
    discard(game, 0, "9s")
    assert game.phase == "discard" and game.turn == 1


def test_chengbao_three_pongs_in_a_row_from_one_player() -> None:
    game = jrig(
        {
            0: "2m 5m 8m 3p 111s 444s 777s N",
            2: "22m 55m 88m 33p 66p 999m",
        },
        wall="9p 9p 9p 9p 6s 6s 6s 6s",
    )
    for tile in ("2m", "5m", "8m"):
        discard(game, 0, tile)
        act(game, 2, "pong")
        discard(game, 2, "9m")
        pass_all(game)
        discard(game, 3, name(game.drawn or 0))
        pass_all(game)
    assert game.liable == {(2, 0)}
    discard(game, 0, "3p")
    act(game, 2, "win")
    result = game.hand_results[-1]
    win = result.summary["wins"][0]
    assert win["details"]["hands"] == ["pengpenghu"] and win["score"] == 2
    # 承包: seat 0 alone pays the whole discard win, 4X·m = 8
    assert list(result.scores) == [-8, 0, 8, 0]
    assert result.summary["chengbao"]


def test_gangkai_on_a_kong_replacement() -> None:
    game = jrig({0: "5555s 123m 456m 789p 7p"}, wall="1p 1p 1p 2p 2p 2p 3p 7p")
    act(game, 0, "kong", tile="5s")
    act(game, 0, "win")
    result = game.hand_results[-1]
    assert result.summary["wins"][0]["details"]["hands"] == ["gangkai"]
    assert list(result.scores) == [12, -4, -4, -4]  # self-draw: each pays 2X·m


def test_tianhu_and_dihu() -> None:
    game = jrig({0: "123m 456m 789p 234s 55s"}, dealer=0)
    game.draw_kind = "deal"
    act(game, 0, "win")
    assert list(game.hand_results[-1].scores) == [12, -4, -4, -4]
    game = jrig({0: IDLE + " 5s", 2: "123m 456m 789p 111s 5s"}, dealer=0)
    discard(game, 0, "5s")
    act(game, 2, "win")
    result = game.hand_results[-1]
    assert result.summary["wins"][0]["details"]["hands"] == ["dihu"]
    assert list(result.scores) == [-4, -2, 8, -2]


def test_baotou_only_by_self_draw() -> None:
    game = jrig({0: IDLE + " 9m", 1: "123m 456m 789p 234s 9s"}, wall="7p 1p 1p 2p 2p 2p")
    discard(game, 0, "9m")
    # on the discard the lone 财神 wins too, but only as 平胡
    assert game.window is not None and game.window.wins[1].details["hands"] == ["pinghu"]
    act(game, 1, "pass")
    assert game.turn == 1 and game.drawn == tiles("7p")[0]
    act(game, 1, "win")
    result = game.hand_results[-1]
    assert result.summary["wins"][0]["details"]["hands"] == ["baotou"]
    assert list(result.scores) == [-4, 12, -4, -4]


def test_chengbao_the_player_claimed_from_wins_the_claimer_pays_double() -> None:
    game = jrig({0: "123m 456m 789p 234s 55s"})
    game.liable = {(2, 0)}  # seat 2 claimed three in a row from seat 0
    act(game, 0, "win")  # a self-draw: 6X·m doubled, all from seat 2
    assert list(game.hand_results[-1].scores) == [12, 0, -12, 0]
    game = jrig({0: IDLE + " 5s", 1: "123m 456m 789p 111s 5s"})
    game.liable = {(0, 1)}  # seat 0 claimed three from seat 1; seat 1 wins on seat 0's discard
    discard(game, 0, "5s")
    act(game, 1, "win")
    assert list(game.hand_results[-1].scores) == [-8, 8, 0, 0]  # 8X·m from the claimer


def test_options_turn_the_claim_rules_off_or_stricter() -> None:
    hands = {0: IDLE + " 5p", 1: "147m 147p 147s E S W 5p", 2: "55p 46p 147m 147s E S W"}
    game = jrig(hands, wall="1p 9m 9m 9m", options=JinhuaOptions(pong_restriction=False))
    discard(game, 0, "5p")
    act(game, 2, "pass")
    discard(game, 1, "5p")
    assert offers(game) == {2: ("pong", "chow", "pass")}
    game = jrig(
        {0: IDLE + " 6s", 1: "45s 3s 78p 6p 147m E S W N"},
        options=JinhuaOptions(chizhang_dazhang="refused"),
    )
    discard(game, 0, "6s")
    act(game, 1, "chow", tiles=["4s", "5s"])
    with pytest.raises(IllegalAction) as refused:
        discard(game, 1, "3s")  # refused even after the first chow
    assert refused.value.code == "chizhang_dazhang"
    discard(game, 1, "6p")
