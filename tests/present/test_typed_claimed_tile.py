"""A typed claim may name the tile it claims (``碰 5p`` at a claim of 5p), in the terminal
and on Discord; naming another tile is refused saying which tile the claim is for (the
discard: public), never read as the claim with the tile ignored."""

from __future__ import annotations

import random

import pytest

from bot.screens import typed_refusal
from bot.textview_mahjong import claimed_tile, parse_move
from bot.typed import MoveTextError
from cogs.actions import Refusal, read_play_text
from cogs.i18n import refusal_text
from games.base import Action
from games.jintan import JintanGame
from games.mahjong.bots import HeuristicPlayer
from present.tiles import tile_name


def _at_a_pong() -> tuple[JintanGame, int]:
    """A real 金坛 hand played by bots up to a discard some seat may pong."""
    game = JintanGame(5, JintanGame.options_type.from_dict({"match": "one_hand"}))
    bot, rng = HeuristicPlayer(), random.Random(5)
    for _ in range(2000):
        pending = [d for d in game.pending() if d.required]
        pong = next((d.seat for d in pending if d.seat is not None and "pong" in d.kinds), None)
        if pong is not None:
            return game, pong
        if pending[0].seat is None:
            game.apply(game.table_action())
        else:
            game.apply(bot.choose(game, pending[0].seat, rng))
    raise AssertionError("no pong offered")  # pragma: no cover - seed 5 offers one


def test_a_pong_naming_the_claimed_tile_is_that_pong_and_another_tile_is_refused() -> None:
    game, seat = _at_a_pong()
    view = game.view(seat)
    claimed = claimed_tile(view)
    assert claimed is not None and claimed == view["claim_window"]["tile"]
    legal = game.legal_actions(seat)
    kinds = [k for d in game.pending() if d.seat == seat for k in d.kinds]
    pong = next(a for a in legal if a.kind == "pong")
    zh_name = tile_name("zh", claimed)
    for typed in (f"碰 {claimed}", f"pong {claimed} {claimed}", f"碰 {zh_name}"):
        assert parse_move(typed, seat, legal, kinds, claimed) is pong  # the terminal
        assert read_play_text(typed, seat, legal, kinds, tiles=True, claimed=claimed) is pong
    game.check(pong)
    other = next(t for t in ("1s", "9m", "E") if t != claimed)
    with pytest.raises(MoveTextError) as err:
        parse_move(f"碰 {other}", seat, legal, kinds, claimed)
    en, theirs = tile_name("en", claimed), tile_name("en", other)
    assert typed_refusal("en", err.value) == (
        f"碰 pong is for the tile claimed, {en}, not {theirs}: type it alone or with {en}"
    )
    assert typed_refusal("zh", err.value) == (
        f"碰的是{zh_name}，不是{tile_name('zh', other)}：单独输入碰即可"
    )
    with pytest.raises(Refusal) as refused:
        read_play_text(f"pong {other}", seat, legal, kinds, tiles=True, claimed=claimed)
    assert refusal_text("en", refused.value) == typed_refusal("en", err.value)
    # without a window's tile known, a tile named with a claim is refused as before
    with pytest.raises(MoveTextError) as err:
        parse_move(f"碰 {claimed}", seat, legal, kinds)
    assert str(err.value) == "碰 pong names no tile: type it alone"
    # a pass names no tile, the claimed one neither
    with pytest.raises(MoveTextError):
        parse_move(f"过 {claimed}", seat, legal, kinds, claimed)
    assert parse_move("碰", seat, legal, kinds, claimed) is pong
    assert Action(seat, "pong") == pong
