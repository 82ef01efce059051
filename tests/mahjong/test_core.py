"""The shared machinery under other parameters than Jintan's (what Jinhua will use): no
flowers (136 tiles), a reserved 14-tile dead wall kept at 14, one winner per discard, no
robbing the kong, and wild tiles through the ``shape_counts`` hook."""

from __future__ import annotations

import random
from typing import ClassVar

from games.base import JSON, GameOptions, IllegalAction
from games.mahjong.bots import HeuristicPlayer, RandomPlayer
from games.mahjong.engine import CoreRules, HandEnd, MahjongGame, Win, WinContext
from games.mahjong.selfplay import step
from games.mahjong.wall import Wall, break_position, deal_order
from games.tiles import parse_tile
from tests.jintan.helpers import IDLE, act, discard, meld, offers, rig, tiles

WHITE = parse_tile("P").index  # plays as a wild tile in this test game


class PlainOptions(GameOptions):
    pass


class PlainGame(MahjongGame):
    """Every win scores 1; 白板 is wild; Jinhua-like core rules."""

    name: ClassVar[str] = "plain"
    title: ClassVar[str] = "plain mahjong"
    options_type: ClassVar[type[GameOptions]] = PlainOptions

    def core_rules(self) -> CoreRules:
        return CoreRules(flowers=False, dead_wall=14, multiple_winners=False, rob_kong=False)

    def shape_counts(self, counts: list[int]) -> tuple[list[int], int]:
        natural = list(counts)
        wilds = natural[WHITE]
        natural[WHITE] = 0
        return natural, wilds

    def score_win(self, ctx: WinContext) -> Win | IllegalAction:
        return Win(ctx.seat, ctx.source, ctx.from_seat, ctx.tile, 1, {})

    def settle(self, end: HandEnd) -> tuple[list[int], dict[str, JSON], str]:
        deltas = [0, 0, 0, 0]
        for w in end.wins:
            deltas[w.seat] += 3
            for o in range(4):
                if o != w.seat:
                    deltas[o] -= 1
        return deltas, {}, "won" if end.wins else "drawn"


def test_dead_wall_of_fourteen_is_kept() -> None:
    game = PlainGame(3)
    assert game.total_tiles == 136
    assert game.wall.dead == 14 and game.wall.live == 136 - 53 - 14
    assert game.invariants()["tiles_conserved"]
    g = rig(
        {0: "5s 5s 5s 5s 147m 147p E S W C"},
        cls=PlainGame,
        wall="1m 2m 3m 9s 9s 9s 9s 9p 9p 9p 9p 8p 8p 8p 8p 7p 7p",
        dead_wall=14,
    )
    assert (g.wall.live, g.wall.dead) == (3, 14)
    act(g, 0, "kong", tile="5s")
    assert g.drawn == tiles("7p")[0]  # the dead wall's last tile
    assert (g.wall.live, g.wall.dead) == (2, 14)  # the live wall's last tile moved onto it


def test_hand_is_drawn_when_the_live_wall_is_empty() -> None:
    g = rig({0: IDLE + " C"}, cls=PlainGame, wall="F " + "9p " * 14, dead_wall=14)
    discard(g, 0, "C")  # seat 1 draws the last live tile
    discard(g, 1, "F")
    assert g.phase == "hand_over" and g.hand_results[-1].text == "drawn"
    assert g.wall.dead == 14


def test_one_winner_per_discard_and_no_robbing() -> None:
    g = rig(
        {0: IDLE + " 5s", 3: "123m 456m 789p 111s 5s", 2: "123p 456p 789p 234m 5s"},
        cls=PlainGame,
    )
    discard(g, 0, "5s")
    act(g, 3, "win")
    act(g, 2, "win")
    assert g.hand_results[-1].summary["winners"] == [2]  # first in turn order from seat 0
    g = rig(
        {0: "5p 123m 456m 789m C F", 1: "123m 456m 789s 46p 99s"},
        melds={0: [meld("pong", "5p 5p 5p", from_seat=2)]},
        cls=PlainGame,
    )
    act(g, 0, "kong", tile="5p")
    assert offers(g) == {0: ("discard",)} and g.melds[0][0].added


def test_wild_tiles_through_the_hook() -> None:
    g = rig({0: IDLE + " 5s", 1: "123m 456m 789p 11s P P"}, cls=PlainGame)
    # 11s + two wilds: any tile completes (a pong or chow of wilds around it, or the pair)
    assert len(g.waits(1)) > 20
    discard(g, 0, "5s")
    assert offers(g)[1][0] == "win"


def test_bots_play_the_plain_game_and_it_replays() -> None:
    game = PlainGame(9)
    players = [HeuristicPlayer(), RandomPlayer(), HeuristicPlayer(), RandomPlayer()]
    rng = random.Random(9)
    for _ in range(600):
        if step(game, players, rng) is None:
            break
        assert game.invariants()["tiles_conserved"]
    again = PlainGame.replay(9, None, game.actions)
    assert again.snapshot() == game.snapshot()


def test_wall_break_and_deal_order() -> None:
    # dice 3+4 = 7: side (7 - 1) % 4 = 2 (opposite the dealer), 7 stacks left standing
    assert break_position(144, (3, 4)) == 2 * 36 + 14
    assert break_position(136, (1, 1)) == 34 + 4
    order = deal_order(2)
    assert sum(n for s, n in order if s == 2) == 14
    assert all(sum(n for s, n in order if s == o) == 13 for o in (0, 1, 3))
    assert order[:4] == [(2, 4), (3, 4), (0, 4), (1, 4)]
    wall = Wall(list(range(20)), (1, 1), dead_size=4)
    assert wall.draw() == 0 and wall.draw_replacement() == 19
    assert (wall.live, wall.dead) == (14, 4)
