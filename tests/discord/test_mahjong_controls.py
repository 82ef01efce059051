"""The mahjong controls of a hand message (cogs.mahjong_controls) and the pictures the
Discord side finds by name (cogs.pictures -> render.jintan), from real 金坛麻将 positions."""

from __future__ import annotations

import random
from typing import Any

import discord

from cogs import pictures
from cogs.mahjong_controls import (
    SettingsButton,
    StandingButton,
    settings_panel,
    standing_rows,
    tile_rows,
)
from cogs.present import decode_action
from games.base import Action
from games.jintan import HeuristicPlayer, JintanGame, JintanOptions
from render.jintan import table_scene


def _until(seed: int, stop: Any) -> JintanGame:
    """Seed ``seed``'s first hand as the heuristic plays it, until ``stop(game)`` holds."""
    game = JintanGame(seed, JintanOptions.from_dict({"match": "one_hand"}))
    while not stop(game):
        assert game.phase in ("discard", "claim"), "the hand ended first"
        d = next(d for d in game.pending() if d.required)
        assert d.seat is not None
        game.apply(HeuristicPlayer().choose(game, d.seat, random.Random(0)))
    return game


def _items(rows: list[discord.ui.ActionRow[Any]]) -> list[Any]:
    return [item for row in rows for item in row.children]


def test_a_discard_is_one_select_with_the_drawn_tile_first_and_marked() -> None:
    game = _until(14, lambda g: g.phase == "discard" and g.drawn is not None and g.turn == 2)
    view = game.view(2)
    legal = game.legal_actions(2)
    rows = tile_rows(1, len(game.actions), legal, view, "zh")
    [select] = [i for i in _items(rows) if isinstance(i.item, discord.ui.Select)]
    options = select.item.options
    held = sorted(set(view["hand"]))
    assert len(options) == len(held)  # one option per kind of tile held
    first = options[0]
    assert first.description == "刚摸到的" and first.label.endswith(view["drawn"])
    assert sum(1 for o in options if o.description) == 1
    action = decode_action(first.value, 2, legal)
    assert action == Action(2, "discard", {"tile": view["drawn"]})
    assert select.item.custom_id == f"pj:s:1:{len(game.actions)}"


def test_claim_buttons_are_built_from_the_seats_own_offer() -> None:
    game = _until(14, lambda g: g.phase == "claim" and 3 in g.window.offers)  # type: ignore[union-attr]
    window = game.window
    assert window is not None
    offered = {s: game.legal_actions(s) for s in range(4)}
    for seat, legal in offered.items():
        rows = tile_rows(1, 9, legal, game.view(seat), "en")
        labels = [i.item.label for i in _items(rows) if isinstance(i.item, discord.ui.Button)]
        if seat not in window.offers:
            assert legal == [] and rows == []  # nobody else gets a control
            continue
        names = {"win": "胡 win", "kong": "杠 kong", "pong": "碰 pong", "pass": "过 pass"}
        expected = [names[k] for k in window.offers[seat] if k != "chow"]
        if len(window.chows.get(seat, [])) == 1:
            pair = " ".join(offered_chow(game, seat))
            expected.insert(len(expected) - 1, f"吃 chow {pair}")
        assert labels == expected
        assert labels[-1] == "过 pass"


def offered_chow(game: JintanGame, seat: int) -> list[str]:
    [chow] = [a for a in game.legal_actions(seat) if a.kind == "chow"]
    return list(chow.data["tiles"])


def test_several_chows_make_a_select_and_one_chow_a_button() -> None:
    legal = [
        Action(1, "chow", {"tiles": ["2p", "3p"]}),
        Action(1, "chow", {"tiles": ["3p", "5p"]}),
        Action(1, "pass", {}),
    ]
    view: dict[str, Any] = {"claim_window": {"tile": "4p"}, "players": []}
    rows = tile_rows(5, 7, legal, view, "zh")
    [select] = [i for i in _items(rows) if isinstance(i.item, discord.ui.Select)]
    assert [o.label for o in select.item.options] == ["吃 二筒 三筒", "吃 三筒 五筒"]
    assert select.item.placeholder == "用哪两张吃？"
    buttons = [i.item.label for i in _items(rows) if isinstance(i.item, discord.ui.Button)]
    assert buttons == ["过"]
    one = tile_rows(5, 7, [legal[0], legal[2]], view, "zh")
    assert [i.item.label for i in _items(one)] == ["吃 二筒 三筒", "过"]


def test_a_self_draw_and_a_kong_on_ones_turn_are_buttons() -> None:
    legal = [
        Action(0, "win", {}),
        Action(0, "kong", {"tile": "E"}),
        Action(0, "discard", {"tile": "2s"}),
        Action(0, "discard", {"tile": "E"}),
    ]
    view: dict[str, Any] = {"claim_window": None, "players": [], "drawn": "2s"}
    rows = tile_rows(4, 11, legal, view, "en")
    buttons = [i.item for i in _items(rows) if isinstance(i.item, discord.ui.Button)]
    assert [(b.label, b.custom_id) for b in buttons] == [
        ("自摸 win", "pj:a:4:11:win:"),
        ("杠 kong East", 'pj:a:4:11:kong|{"tile":"E"}'),
    ]
    [select] = [i.item for i in _items(rows) if isinstance(i.item, discord.ui.Select)]
    assert [(o.label, o.description) for o in select.options] == [
        ("2 Bamboo", "just drawn"),
        ("East", None),
    ]


def test_standing_choices_sit_behind_one_settings_control() -> None:
    view = {"standing": {"auto_win": True, "no_calls": False, "discard_drawn": False}}
    [row] = standing_rows(3, view, "en")
    [button] = row.children  # one control on the prompt, not three toggles
    assert isinstance(button, SettingsButton)
    assert button.item.custom_id == "pj:m:3:settings"
    assert button.item.label == "⚙ Settings"
    assert standing_rows(3, {}, "en") == []  # not a mahjong view
    text, panel = settings_panel(3, view, "en")
    ids = [i.item.custom_id for i in panel.children]
    assert ids == ["pj:m:3:auto_win:0", "pj:m:3:no_calls:1", "pj:m:3:discard_drawn:1"]
    labels = [i.item.label for i in panel.children]
    assert labels == ["✓ Auto-win", "No calls", "Discard drawn tile"]
    assert all(isinstance(i, StandingButton) for i in panel.children)
    assert "Settings: Auto-win" in text.splitlines()
    zh_text, zh_panel = settings_panel(3, view, "zh")
    assert [i.item.label for i in zh_panel.children] == ["✓ 自动胡", "不吃碰杠", "摸什么打什么"]
    assert "常设：自动胡" in zh_text.splitlines()
    [[zh_button]] = [r.children for r in standing_rows(3, view, "zh")]
    assert zh_button.item.label == "⚙ 设置"


def test_pictures_are_found_by_name_and_hide_a_concealed_kong() -> None:
    game = _until(52, lambda g: any(m.concealed for m in g.melds[2]))
    public = game.view(None)
    table = pictures.table_png("jintan", public, ["a", "b", "c", "d"])
    hand = pictures.hand_png("jintan", game.view(2))
    assert table is not None and table.startswith(b"\x89PNG")
    assert hand is not None and hand.startswith(b"\x89PNG")
    scene = table_scene(public, ["a", "b", "c", "d"])
    assert [m.kind for m in scene.seats[2].melds].count("hidden_kong") == 1
    # only the owner's own view knows the faces
    own = game.view(2)["players"][2]["melds"]
    assert [m["tiles"] is None for m in own if m["concealed"]] == [False]
    assert [m["tiles"] is None for m in public["players"][2]["melds"] if m["concealed"]] == [True]
    for other in (0, 1, 3):
        theirs = game.view(other)["players"][2]["melds"]
        assert [m["tiles"] is None for m in theirs if m["concealed"]] == [True]
