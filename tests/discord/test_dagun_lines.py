"""打滚 on Discord without the network: its event and result lines in English and Chinese, the
table's and the DM's state of play (the partner named to the partner alone before 明鸡), the
card menus by rank with the jokers apart, a move with its reading carried by a select value,
the pictures, and ``/rules game:打滚`` in both languages through the loopback server."""

from __future__ import annotations

import random
from typing import Any

from cogs import dagun_text
from cogs.picker import card_groups
from cogs.present import decode_action, encode_action, event_line, outcome_line
from games.base import Action, Event, IllegalAction
from games.dagun import BOTS, DagunGame, DagunOptions
from render.dagun import hand_png, table_png, table_scene
from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord

NAMES = ["alice", "bob", "carol", "dave"]
SEED = 24  # seat 0 deals; seat 1 holds the other called card (♣3)


def _game() -> DagunGame:
    return DagunGame(SEED, DagunOptions(match="one_hand"))


def _to_play(game: DagunGame) -> None:
    while game.phase == "alone":
        game.apply(Action(game.turn, "pass"))


def _result(**summary: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "dealer": 0,
        "called": "3c",
        "partner": 1,
        "alone": None,
        "finish_order": [0, 1],
        "last": None,
        "captured": [120, 80, 0, 0],
        "team_points": [200, 0],
        "result": "guangtou",
        "multiplier": 4,
        "winners": [0, 1],
        "coins": [4, 4, -4, -4],
        "coins_total": [4, 4, -4, -4],
        "bonuses": {},
        "notes": [],
    }
    base.update(summary)
    return {"number": 2, "teams": [[0, 1], [2, 3]], "scores": base["team_points"], "summary": base}


def test_a_play_is_named_with_its_reading_in_each_language() -> None:
    data = {
        "seat": 1,
        "cards": ["5s", "5h", "BJ", "SJ"],
        "as": "4455",
        "kind": "pairs",
        "label": "consecutive pairs",
        "label_zh": "连对",
        "bomb": False,
    }
    event = Event("played", 1, data, "")
    assert (
        event_line("en", event, NAMES, "dagun") == "bob: ♠5 ♥5 大王 小王 (consecutive pairs 4455)"
    )
    assert event_line("zh", event, NAMES, "dagun") == "bob 出 ♠5 ♥5 大王 小王（连对 4455）"
    tens = Event("played", 2, data | {"as": "TTJJ", "cards": ["10s", "10h", "Js", "BJ"]}, "")
    assert event_line("en", tens, NAMES, "dagun").endswith("(consecutive pairs 10 10 J J)")
    bomb = Event("played", 3, data | {"bomb": True, "label": "4-card bomb", "as": "5555"}, "")
    assert event_line("en", bomb, NAMES, "dagun").startswith("💣 dave:")
    # the same event without the game is the shared line (no 打滚 reading)
    assert "4455" not in event_line("en", event, NAMES)


def test_events_of_the_hand_in_both_languages() -> None:
    game = _game()
    (started,) = game._start_hand(first=True)  # the deal again, for its event
    assert event_line("zh", started, NAMES, "dagun") == (
        "第 1 局：alice 坐庄先出，叫牌 ♣3，另一张 ♣3 的持有者是 alice 的暗中搭档"
    )
    assert "bob" not in event_line("en", started, NAMES, "dagun")  # the partner is not named
    revealed = Event("partner_revealed", 1, {"seat": 1, "dealer": 0, "called": "3c"}, "")
    assert event_line("zh", revealed, NAMES, "dagun") == "明鸡：bob 打出叫牌 ♣3，是 alice 的搭档"
    out = Event("went_out", 2, {"seat": 2, "place": 2}, "")
    assert event_line("zh", out, NAMES, "dagun") == "carol 出完：二游"
    jiefeng = Event("jiefeng", 3, {"from": 2, "to": 3}, "")
    assert event_line("en", jiefeng, NAMES, "dagun") == (
        "接风: nobody beats carol's last play; dave takes the lead"
    )
    won = Event("round_won", 2, {"seat": 2, "points": 25, "taker": 2}, "")
    assert event_line("zh", won, NAMES, "dagun") == "carol 的牌没人要：carol 得 25 分"
    alone = Event("alone_declared", 3, {"seat": 3}, "")
    assert event_line("zh", alone, NAMES, "dagun") == "dave 硬牌：一打三，只看谁先出完"


def test_results_name_bang_qing_guangtou_and_alone_with_the_coins() -> None:
    line = outcome_line("en", "hand_over", _result(), NAMES, "dagun")
    assert line == (
        "Hand 2: alice & bob win 200 to 0 points (光头: 绑 with the other side at 0) ×4 "
        "· coins: alice +4, bob +4, carol −4, dave −4"
    )
    zh = outcome_line("zh", "hand_over", _result(result="qing", multiplier=2), NAMES, "dagun")
    assert zh is not None and zh.startswith(
        "第 2 局：alice、bob 胜，200 比 0 分（清：独得 200 分）×2"
    )
    bang = _result(result="bang", multiplier=2, team_points=[150, 50])
    assert "绑：一游、二游同一方" in str(outcome_line("zh", "hand_over", bang, NAMES, "dagun"))
    tie = _result(
        result="tie_last",
        multiplier=1,
        team_points=[100, 100],
        winners=[2, 3],
        finish_order=[0, 2, 3],
        bonuses={"2": ["天炸"], "3": ["7喜 of 5"]},
    )
    line = outcome_line("en", "hand_over", tie, NAMES, "dagun")
    assert line is not None
    assert "carol & dave win 100 to 100 points (100–100: the side with 末游 loses)" in line
    assert line.endswith("· bonus hands: carol 天炸, dave 7喜 (5)")
    alone = _result(alone=3, result="alone_lost", winners=[0, 1, 2], coins=[2, 2, 2, -6])
    assert outcome_line("zh", "hand_over", alone, NAMES, "dagun") == (
        "第 2 局：dave 硬牌，硬牌失败（没有头一个出完）：alice、bob、carol 胜 ×4 · "
        "金币：alice +2，bob +2，carol +2，dave −6"
    )
    # one colon in the line: the result is in brackets
    assert outcome_line("en", "hand_over", alone, NAMES, "dagun") == (
        "Hand 2: dave played alone, 硬牌 lost (not out first): alice, bob & carol win ×4 · "
        "coins: alice +2, bob +2, carol +2, dave −6"
    )
    match = {"teams": [[0], [1], [2], [3]], "ranks": [1, 1, 3, 3], "scores": [4, 4, -4, -4]}
    assert outcome_line("en", "match_over", match, NAMES, "dagun") == (
        "Match over: alice & bob first with 4 coins · alice +4, bob +4, carol −4, dave −4"
    )
    # another game's result shape is not read as 打滚's
    assert dagun_text.outcome_line("en", "hand_over", {"summary": {}}, NAMES) is None


def test_the_partner_is_told_only_in_the_partners_own_lines_before_it_is_revealed() -> None:
    game = _game()
    _to_play(game)
    for seat in (None, 0, 2, 3):
        view = game.view(seat)
        lines = (
            dagun_text.table_lines("en", view, NAMES)
            if seat is None
            else dagun_text.situation_lines("en", view, NAMES, seat)
        )
        text = "\n".join(lines)
        assert "partner" not in text and "明鸡" not in text, (seat, text)
        assert table_scene(view, NAMES).teams == [None] * 4
    mine = "\n".join(dagun_text.situation_lines("en", game.view(1), NAMES, 1))
    assert "You hold the other ♣3: you are alice's secret partner" in mine


def test_after_the_reveal_the_table_shows_the_sides() -> None:
    game = _game()
    _to_play(game)
    rng = random.Random(2)
    bots = [BOTS["heuristic"]() for _ in range(4)]
    while not game.revealed:
        (decision,) = game.pending()
        assert decision.seat is not None
        game.apply(bots[decision.seat].choose(game, decision.seat, rng))
    text = "\n".join(dagun_text.table_lines("en", game.view(None), NAMES))
    assert "明鸡: alice & bob vs carol & dave" in text


def test_the_state_of_play_shows_the_play_to_beat_and_who_passed() -> None:
    game = _game()
    _to_play(game)
    lead = next(a for a in game.legal_actions(0) if a.kind == "play")
    game.apply(lead)
    game.apply(Action(1, "pass"))
    lines = dagun_text.table_lines("zh", game.view(None), NAMES)
    assert lines[0] == "叫牌 ♣3 · 庄家 alice"
    assert lines[1].startswith("要大过：alice ") and "过：bob" in lines[1]
    assert "alice 0 分" in lines[2] and "；" in lines[2]
    assert table_scene(game.view(None), NAMES).passed == [1]
    assert table_png(game.view(None), NAMES).startswith(b"\x89PNG")
    assert hand_png(game.view(0)).startswith(b"\x89PNG")


def test_the_card_menus_group_by_rank_with_the_jokers_apart() -> None:
    game = _game()
    view = game.view(0)
    groups = card_groups(view, "en")
    assert sum(len(g.cards) for g in groups) == 27
    assert groups[-1].label == "王 jokers"
    assert {n for _, n in groups[-1].cards} <= {"BJ", "SJ"}
    assert all(len(g.cards) <= dagun_text.GROUP_CARDS for g in groups[:-1])
    assert len(groups) <= 6  # room in a layout message for the buttons and the suggestions
    # no rank is split between two menus
    seen: dict[str, int] = {}
    for i, group in enumerate(groups):
        for _value, notation in group.cards:
            assert seen.setdefault(notation[:-1] or notation, i) == i


def test_a_reading_travels_in_the_select_value_and_the_engine_takes_it() -> None:
    game = _game()
    _to_play(game)
    cards = ["4s", "4h", "SJ", "BJ"]
    held = [str(c) for c in game.view(0)["hand"]]
    assert all(held.count(c) >= cards.count(c) for c in cards), held
    try:
        game.check(Action(0, "play", {"cards": cards}))
    except IllegalAction as exc:
        assert exc.code == "ambiguous_reading"
        assert exc.params["readings"] == "4444, 3344, 4455"
    else:
        raise AssertionError("44 + two jokers reads three ways")
    action = Action(0, "play", {"cards": cards, "as": "4455"})
    value = encode_action(action, 7)
    assert value == "play@4455:4s 4h SJ BJ"
    assert decode_action(value, 0) == action
    assert decode_action("play@44 55:4s", 0) is None  # a reading is letters and digits only
    game.apply(action)
    assert game.view(None)["last_play"]["as"] == "4455"


async def test_rules_for_dagun_in_both_languages(
    discord_server: LoopbackDiscord, discord_harness: Harness, make_bot: BotFactory
) -> None:
    server, h = discord_server, discord_harness
    await h.start_bot(make_bot())
    en = server.add_user("reader-en", locale="en-US")
    zh = server.add_user("reader-zh", locale="zh-CN")
    english = (await (await h.slash(en, "rules", game="dagun")).final()).text()
    # the first page of the player's rules, never a repository path (issue 19)
    assert english.startswith("**打滚") and "docs/rules" not in english
    assert "108" in english and len(english) <= 2000
    chinese = (await (await h.slash(zh, "rules", game="dagun", locale="zh-CN")).final()).text()
    assert chinese.startswith("**打滚") and "docs/rules" not in chinese
    assert "108" in chinese and len(chinese) <= 2000


def test_a_lead_of_many_plays_gets_a_menu_per_combination_type() -> None:
    from cogs.suggest import group_rows

    game = _game()
    _to_play(game)
    legal = game.legal_actions(0)
    assert len(legal) > 25
    groups = dagun_text.suggestion_groups("zh", legal)
    labels = [label for label, _ in groups]
    assert labels[:3] == ["单张", "对子", "三条"] and labels[-1] == "炸弹"
    plays = {encode_action(a, 0) for _, moves in groups for a, _shown in moves}
    assert plays == {encode_action(a, 0) for a in legal if a.kind == "play"}  # each in one menu
    pairs = dict(groups)["对子"]
    assert (pairs[0][0].data["as"], pairs[0][1]) == ("33", "♣3 ♠3")  # no joker: cards only
    with_joker = next(shown for a, shown in pairs if "SJ" in a.data["cards"])
    assert "当作" in with_joker
    rows = group_rows(1, 5, groups)
    assert len(rows) == len(groups)
    assert all(len(row.children[0].item.options) <= 25 for row in rows)  # type: ignore[attr-defined]
    # a follow: only the led type and the bombs
    game.apply(next(a for a in legal if a.kind == "play" and a.data["as"] == "99"))
    follow = dagun_text.suggestion_groups("en", game.legal_actions(1))
    assert [label for label, _ in follow] == ["对子 pair", "炸弹 bomb"]
    # few moves: the one menu of suggestions is enough
    assert dagun_text.suggestion_groups("en", game.legal_actions(1)[:25]) == []
