"""打滚子 on Discord, piece by piece: the card menus group the 2s with the trumps, every
take-back choice is offered, the event and result lines and refusals in both languages,
the pictures, and ``/rules game:打滚子`` in English and Chinese (issue 9)."""

from __future__ import annotations

import pytest

from cogs import pictures
from cogs.i18n import refusal_text
from cogs.picker import card_groups
from cogs.present import action_label, event_line, outcome_line
from games.base import Action, Event, IllegalAction
from games.cards import Suit
from tests.dagunzi.helpers import act, cards, drive_to, new_game, place
from tests.discord.conftest import BotFactory
from tests.discord_loopback import Harness, LoopbackDiscord

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _in_play() -> tuple[object, int]:
    game = new_game(3, deal="all_at_once")
    drive_to(game, "play")
    return game, 0


def test_the_card_menus_put_2s_and_level_cards_among_the_trumps() -> None:
    game, seat = _in_play()
    view = game.view(seat)  # type: ignore[attr-defined]
    trump = Suit(view["trump"]["suit"])
    level = str(view["level"])
    groups = card_groups(view, "en")
    assert groups[0].label == "Trumps 主牌"
    trumps = [notation for _, notation in groups[0].cards]
    expected = [
        c
        for c in view["hand"]
        if c in ("BJ", "SJ") or c[:-1] in ("2", level) or c[-1].upper() == trump.value
    ]
    assert sorted(trumps) == sorted(expected) and any(c.startswith("2") for c in trumps)
    for group in groups[1:]:  # the side suits hold no 2, no level card, no trump-suit card
        for _, notation in group.cards:
            assert notation[:-1] not in ("2", level) and notation[-1].upper() != trump.value
    assert sum(len(g.cards) for g in groups) == len(view["hand"]) == 39


def test_the_trick_in_the_view_says_who_is_winning_it() -> None:
    game, _ = _in_play()
    leader = game.turn  # type: ignore[attr-defined]
    lead = game.legal_actions(leader)[0]  # type: ignore[attr-defined]
    game.apply(lead)  # type: ignore[attr-defined]
    assert game.view(None)["trick"]["winning"] == leader  # type: ignore[attr-defined]


def test_every_choice_among_equal_cards_is_offered() -> None:
    # dagunzi.txt:47-48: the kitty 4a 4a 4b 4b 4c 4c, three jokers buried: any three 4s
    game = new_game(1, deal="all_at_once")
    drive_to(game, "bury")
    dealer = game.dealer
    assert dealer is not None
    a, b, c = [s.value.lower() for s in Suit if s != game.trump_suit][:3]
    bury = f"4{a} 4{a} 4{b} 4{b} 4{c} 4{c}"
    place(game, game.hands[dealer], cards(bury))
    nxt = (dealer + 1) % 4
    place(game, game.hands[nxt], cards("BJ BJ BJ"))
    act(game, dealer, "bury", bury)
    act(game, nxt, "bury_jokers", "BJ BJ BJ")
    assert game.phase == "take_back"
    offered = {tuple(x.data["cards"]) for x in game.legal_actions(nxt)}
    assert len(offered) == 7  # 3 of {a, a, b, b, c, c}: all but aaa, bbb, ccc
    assert tuple(sorted([f"4{a}", f"4{b}", f"4{c}"])) in offered


def test_event_and_result_lines_in_both_languages() -> None:
    tribute = Event(
        "tribute_paid", 3, {"from": 3, "to": 0, "owed": 2, "count": 2, "blood": {}}, "…"
    )
    assert event_line("en", tribute, NAMES, "dagunzi") == (
        "喝血: Dave gives Alice 2 highest cards and takes back as many small ones"
    )
    assert event_line("zh", tribute, NAMES, "dagunzi") == (
        "喝血：Dave 进贡 2 张大牌给 Alice，换回同样多的小牌"
    )
    buried = Event("kitty_buried", 1, {"jokers": 1, "kitty": ["BJ", "4s"]}, "…")
    assert event_line("zh", buried, NAMES, "dagunzi") == "Bob 扣底，扣了 1 张王：底牌是 大王 ♠4"
    # more jokers than the kitty pays back: the rest stay in the hand, and the line says so
    kept = Event("jokers_buried", 1, {"jokers": ["BJ"], "taken": ["4s"], "kept": ["BJ"]}, "…")
    assert event_line("en", kept, NAMES, "dagunzi") == (
        "Bob buries 大王 (扣王) and takes back ♠4; 大王 stay in the hand (the kitty had no more "
        "cards to take back)"
    )
    assert event_line("zh", kept, NAMES, "dagunzi") == (
        "Bob 扣王 大王，捡回 ♠4；大王 留在手里（底牌里没有更多可捡回的牌）"
    )
    # the same kind at a 扒鸡窝 table keeps its own line
    assert "扒鸡窝" in event_line("zh", Event("kitty_buried", 1, {}, "…"), NAMES, "pajiwo")
    grabbed = Event("trump_fixed", 2, {"trump": "H", "how": "grab", "card": "7h"}, "…")
    assert event_line("en", grabbed, NAMES, "dagunzi") == "Trump is ♥ (抢亮: ♥7)"
    result = {
        "number": 4,
        "summary": {
            "case": "take_up",
            "defenders_points": 160,
            "winner_team": [1, 3],
            "levels_up": 2,
            "blood_next": 1,
            "lun_over": False,
        },
    }
    # the channel's line carries the blood owed next hand: it changes how that hand starts
    assert outcome_line("en", "hand_over", result, NAMES, "dagunzi") == (
        "Hand 4: the defenders scored 160 and won the kitty (抠底): Bob & Dave take the deal "
        "and go up 2; blood (喝血) next hand: 1"
    )
    ended = {**result, "summary": {**result["summary"], "lun_over": True}}
    assert outcome_line("zh", "hand_over", ended, NAMES, "dagunzi") == (
        "第 4 局：抓分方得 160 分并抠底：Bob、Dave 上庄，升 2 级"
    )
    # the tribute to come is the screen's next line, left out when the match is over
    from present import games as presentation
    from present.message import Reader, render

    screen = presentation.hand_result("dagunzi", result)
    assert render(Reader("en", NAMES), screen[1]) == "blood (喝血) next hand: 1"
    last = presentation.hand_result("dagunzi", result, final=True)
    assert all(m.id != "dagunzi.outcome.blood" for m in last)
    three = Action(0, "declare", {"cards": ["BJ", "BJ", "BJ"], "suit": "H"})
    assert action_label("zh", three) == "亮主 大王 大王 大王 → ♥"  # the suit in the menu
    lun = outcome_line("zh", "lun_over", {"lun": 1, "winner": [0, 2], "why": "…"}, NAMES, "dagunzi")
    assert lun == "Alice、Carol 赢下第 1 轮"


def test_refusals_read_in_chinese_from_their_params() -> None:
    game = new_game(1, deal="all_at_once")
    drive_to(game, "bury")
    dealer = game.dealer
    assert dealer is not None
    with pytest.raises(IllegalAction) as err:
        act(game, dealer, "bury", " ".join(str(c) for c in game.hands[dealer][:5]))
    assert refusal_text("zh", err.value).startswith("张数不对：应出 6 张，不是 5 张")
    from games.base import OptionError
    from games.dagunzi import DagunziOptions

    with pytest.raises(OptionError) as bad:
        DagunziOptions.from_dict({"j_rule": True})
    assert bad.value.reason == "j_rule_needs_top_j"


def test_the_table_and_hand_pictures_are_drawn() -> None:
    game, seat = _in_play()
    hand = pictures.hand_png("dagunzi", game.view(seat))  # type: ignore[attr-defined]
    table = pictures.table_png("dagunzi", game.view(None), NAMES)  # type: ignore[attr-defined]
    assert hand is not None and hand.startswith(b"\x89PNG")
    assert table is not None and table.startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("locale", "words"),
    [("en-US", "Three decks with jokers, 162 cards."), ("zh-CN", "三副牌带大小王，共 162 张")],
)
async def test_rules_of_dagunzi_in_the_readers_language(
    discord_server: LoopbackDiscord,
    discord_harness: Harness,
    make_bot: BotFactory,
    locale: str,
    words: str,
) -> None:
    user = discord_server.add_user("reader", locale=locale)
    await discord_harness.start_bot(make_bot())
    answer = await discord_harness.slash(user, "rules", game="dagunzi", locale=locale)
    text = (await answer.final()).text()
    assert text.startswith("**打滚子") and words in text and len(text) <= 2000
