"""render.pajiwo: a real Pajiwo engine view becomes the table scene and hand groups."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from games.cards import Suit, format_card_ascii, parse_card
from games.pajiwo.bots import HeuristicPlayer
from games.pajiwo.engine import PajiwoGame
from render.pajiwo import hand_groups, table_scene
from render.trick import trick_table_png
from tests.pajiwo.helpers import act, new_game, setup_play

NAMES = ["张伟", "Alice", "李小龙", "王芳"]


def _view_mid_trick(seed: int = 7) -> dict[str, Any]:
    """Play with bots until the third card of a trick after two finished tricks."""
    game = PajiwoGame(seed=seed)
    bot, rng = HeuristicPlayer(), random.Random(1)
    for _ in range(2000):
        action = game.table_action()
        if action is not None:
            game.apply(action)
            continue
        view = game.view(0)
        if view["phase"] == "play" and len(view["trick"]["plays"]) == 3 and view["tricks_played"]:
            return view
        pending = [d for d in game.pending() if d.seat is not None]
        seat = next((d.seat for d in pending if d.required), pending[0].seat)
        assert seat is not None
        game.apply(bot.choose(game, seat, rng))
    raise AssertionError("never reached a trick in play")


def test_scene_from_real_view() -> None:
    view = _view_mid_trick()
    scene = table_scene(view, NAMES, deadline="0:25")
    assert scene.names == NAMES
    assert scene.viewer == 0
    assert list(scene.cards_left) == view["hand_counts"]
    assert [s for s, _ in scene.trick] == [p["seat"] for p in view["trick"]["plays"]]
    assert [[parse_card(c) for c in p["cards"]] for p in view["trick"]["plays"]] == [
        list(cards) for _, cards in scene.trick
    ]
    assert scene.level == view["level"]
    assert scene.dealer == view["dealer"]
    assert scene.turn == view["turn"][0]
    assert scene.trump_suit == (Suit(view["trump"]["suit"]) if view["trump"]["suit"] else None)
    dealer_team = view["dealer"] % 2  # teams are (0, 2) and (1, 3)
    assert scene.points == [
        ("庄家方", view["points"][dealer_team]),
        ("抓分方", view["points"][1 - dealer_team]),
    ]
    assert list(scene.teams) == [0, 1, 0, 1]
    assert trick_table_png(scene)[:4] == b"\x89PNG"


def test_hand_groups_trumps_first_and_complete() -> None:
    view = _view_mid_trick()
    groups = hand_groups(view)
    cards = [c for g in groups for c in g.cards]
    assert Counter(cards) == Counter(parse_card(c) for c in view["hand"])
    level, suit = view["level"], view["trump"]["suit"]
    first = groups[0]
    if first.label.startswith("主"):
        for card in first.cards:
            assert card.is_joker or card.rank.label == level or card.suit == Suit(suit)
    for group in groups[1:]:
        assert len({c.suit for c in group.cards}) == 1
        assert all(c.rank.label != level and not c.is_joker for c in group.cards)


def test_sparse_view_is_tolerated() -> None:
    scene = table_scene({"phase": "deal", "trump": {"suit": None, "no_trump": True}}, NAMES)
    assert scene.no_trump and scene.trick == [] and scene.turn is None
    assert scene.points == [("A队", 0), ("B队", 0)]
    assert scene.phase == "发牌 dealing"
    assert hand_groups({"hand": None}) == []


def _drive(seed: int, hands: int) -> Iterator[PajiwoGame]:
    """A real game played by bots through ``hands`` hands: yields the (same, advancing)
    game before the first action and after each one."""
    game = PajiwoGame(seed=seed)
    bot, rng = HeuristicPlayer(), random.Random(seed)
    finished = 0
    yield game
    while finished < hands and not game.view(None)["match_over"]:
        action = game.table_action()
        if action is None:
            pending = [d for d in game.pending() if d.seat is not None]
            seat = next((d.seat for d in pending if d.required), pending[0].seat)
            assert seat is not None
            action = bot.choose(game, seat, rng)
        before = game.phase
        game.apply(action)
        finished += game.phase == "hand_over" and before != "hand_over"
        yield game


def test_real_hands_at_every_phase_show_public_information_only() -> None:
    """Two real hands (seed 5 has a 造反 round, a 扒鸡窝 overcall and a re-burial). At
    every step each seat's table picture is exactly the spectator's (nothing hidden
    leaks: not the kitty its owner may see, not its hand), each seat's hand picture
    holds exactly its own cards, every phase has a label, the kitty is shown after the
    hand only, and between tricks the last trick is shown with its winner. At the
    first step of each phase every seat's and the spectator's pictures are drawn."""
    from render.cards import hand_png

    drawn: set[str] = set()
    for game in _drive(seed=5, hands=2):
        spectator = game.view(None)
        phase = spectator["phase"]
        public = table_scene(spectator, NAMES, viewer=0)
        assert not public.phase.isascii(), f"phase {phase!r} has no label"
        views = [game.view(seat) for seat in range(4)]
        for view in views:
            assert table_scene(view, NAMES, viewer=0) == public
            cards = [c for g in hand_groups(view) for c in g.cards]
            assert Counter(cards) == Counter(parse_card(c) for c in view["hand"])
        if phase in ("hand_over", "match_over"):
            assert len(public.kitty) == 8
            assert Counter(public.kitty) == Counter(parse_card(c) for c in spectator["kitty"])
        elif public.kitty_label.startswith("底牌"):
            assert not public.kitty  # only the turned card (翻底) may be shown before
        last = spectator["last_trick"]
        if phase == "play" and not spectator["trick"]["plays"] and last:
            assert public.trick_caption.startswith("上一墩")
            assert public.trick_winner == last["winner"]
        if phase not in drawn:
            drawn.add(phase)
            assert trick_table_png(table_scene(spectator, NAMES))[:4] == b"\x89PNG"
            for view in views:
                assert trick_table_png(table_scene(view, NAMES))[:4] == b"\x89PNG"
                if view["hand"]:
                    assert hand_png(hand_groups(view))[:4] == b"\x89PNG"
    assert {"dealing", "auction", "rebel", "bury", "pajiwo", "play", "hand_over"} <= drawn


def test_standing_declaration_is_on_the_table_while_trump_is_declared() -> None:
    """亮主 cards are public (pajiwo.txt:41-47): during the auction the standing
    declaration lies in front of its declarer."""
    for game in _drive(seed=5, hands=2):
        view = game.view(None)
        if view["phase"] == "auction" and view["standing"]:
            scene = table_scene(view, NAMES)
            standing = view["standing"]
            cards = tuple(parse_card(c) for c in standing["cards"])
            assert list(scene.trick) == [(standing["seat"], cards)]
            assert scene.trick_caption.startswith("亮主")
            return
    raise AssertionError("seed 5 has no declaration in the auction")


def test_equal_trumps_are_grouped_by_suit() -> None:
    """Off-suit level cards are equal in strength; the hand keeps identical ones
    together in suit order ♠ ♥ ♣ ♦ (7c 7c 7d 7d, not 7c 7d 7c 7d)."""
    view: dict[str, Any] = {"hand": ["7c", "7d", "7c", "7s", "7h", "BJ", "7d", "3h"]}
    view.update(level="7", trump={"suit": "H"})
    groups = hand_groups(view)
    assert [[format_card_ascii(c) for c in g.cards] for g in groups] == [
        ["BJ", "7h", "7s", "7c", "7c", "7d", "7d", "3h"]
    ]


def test_turned_kitty_card_is_shown_while_trump_is_settled() -> None:
    """With no declaration a kitty card turned up fixes trump; everyone sees it
    (docs/rules/pajiwo.md#4). Seed 5's first hand is such a hand: the card is shown
    until play starts, then the table is clear of it."""
    shown = False
    for game in _drive(seed=5, hands=1):
        view = game.view(None)
        trump = view["trump"]
        scene = table_scene(view, NAMES)
        if view["phase"] == "play":
            assert shown and not scene.kitty
            return
        if trump["fixed_by"] == "kitty_card":
            assert list(scene.kitty) == [parse_card(trump["kitty_card"])]
            assert scene.kitty_label.startswith("翻底")
            shown = True
    raise AssertionError("the first hand never reached play")


def test_the_end_of_hand_picture_shows_the_hand_as_played() -> None:
    """After a hand the view names the next dealer and levels; the picture keeps the played
    hand's dealer, level and trump and says its result (issue 15)."""
    game = PajiwoGame(seed=3)
    bot, rng = HeuristicPlayer(), random.Random(2)
    for _ in range(3000):
        if game.view(None)["phase"] in ("hand_over", "match_over"):
            break
        action = game.table_action()
        if action is not None:
            game.apply(action)
            continue
        pending = [d for d in game.pending() if d.seat is not None]
        seat = next((d.seat for d in pending if d.required), pending[0].seat)
        assert seat is not None
        game.apply(bot.choose(game, seat, rng))
    view = game.view(None)
    assert view["phase"] in ("hand_over", "match_over")
    summary = view["hand_results"][-1]["summary"]
    scene = table_scene(view, NAMES)
    assert scene.dealer == summary["dealer"]
    assert scene.level == summary["level"]
    expected_trump = Suit(summary["trump"]) if summary["trump"] else None
    assert scene.trump_suit == expected_trump
    assert f"抓分方 {summary['defenders_points']} 分" in scene.phase
    if summary["next_dealer"] != summary["dealer"]:
        assert view["dealer"] != scene.dealer  # the view had moved on; the picture did not


def test_the_caption_says_how_the_lead_was_read() -> None:
    """Issue 8: the table picture's caption shows the lead's reading from the view (a
    tractor of 3 pairs; a throw that failed and what it was cut to)."""
    g = new_game(1)
    hands = [
        "2s 2s 3s 3s 4s 4s",
        "7s 7s 8s 8s 10s 10s Qs Qs",
        "6d 7d 8d 9d Jd Qd",
        "2c 3c 4c 6c 7c 8c",
    ]
    setup_play(g, dealer=0, levels=(5, 2), trump="H", hands=hands)
    act(g, 0, "play", "2s 2s 3s 3s 4s 4s")
    scene = table_scene(g.view(1), NAMES)
    assert list(scene.lead_lines) == ["首家 lead", "拖拉机 tractor 3对 pairs"]
    assert scene.trick_caption == ""  # the current trick: the 先 marker stays
    act(g, 1, "play", "Qs Qs 8s 8s 7s 7s")
    act(g, 2, "play", "6d 7d 8d 9d Jd Qd")
    act(g, 3, "play", "2c 3c 4c 6c 7c 8c")
    scene = table_scene(g.view(1), NAMES)  # between tricks: the last trick and its reading
    assert (scene.trick_caption, list(scene.lead_lines)) == (
        "上一墩 last trick",
        ["首家 lead", "拖拉机 tractor 3对 pairs"],
    )

    g = new_game(1)
    hands = ["Ah Ah Qh Qh Jh 3c", "Kh Kh 4c 5c 6c 7c", "6d 7d 8d 9d 10d Jd", "6c 7c 8c 9c 10c Jc"]
    setup_play(g, dealer=0, levels=(2, 2), trump="S", hands=hands)
    act(g, 0, "play", "Ah Ah Qh Qh Jh")  # ♥KK beats ♥QQ: cut to ♥J
    assert list(table_scene(g.view(2), NAMES).lead_lines) == [
        "甩牌失败 throw failed",
        "对子 pair ×2",
        "单张 single",
        "→ 单张 single",
    ]
    png = trick_table_png(table_scene(g.view(2), NAMES))
    assert png.startswith(b"\x89PNG")


def test_front_ends_find_the_adapter_by_the_game_key() -> None:
    """cogs.pictures draws a game through ``render.<key>``: Pajiwo's table and hand come out
    as the adapter's PNGs; a game without an adapter, or a render module that is not a game,
    gives no picture (text only)."""
    from cogs import pictures

    view = _view_mid_trick()
    table = pictures.table_png("pajiwo", view, NAMES)
    hand = pictures.hand_png("pajiwo", view)
    assert table is not None and table.startswith(b"\x89PNG")
    assert table == trick_table_png(table_scene(view, NAMES))
    assert hand is not None and hand.startswith(b"\x89PNG")
    assert pictures.table_png("jinhua", view, NAMES) is None  # planned, no adapter yet
    assert pictures.adapter("cards") is None  # render.cards draws, but is no game
    assert pictures.hand_png("pajiwo", {**view, "hand": []}) is None
