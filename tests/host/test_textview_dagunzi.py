"""The terminal table of 打滚子: 39 cards grouped trumps first (2s among them), the 轮, the
tribute and the kitty steps, as the game's presentation says them (present/dagunzi.py's
``screen``, drawn by bot/textview.py) in the reader's language."""

from __future__ import annotations

import re

from bot.textview import render_view
from games.cards import Suit, format_card, parse_card
from games.dagunzi.engine import DagunziGame
from tests.dagunzi.helpers import act, cards, drive_to, new_game, place

NAMES = ["you", "Bot 2", "Bot 3", "Bot 4"]


def test_hand_of_39_grouped_trumps_first_with_the_grab_in_words() -> None:
    game = new_game(4, deal="progressive", deal_round=13)
    drive_to(game, "bury")
    seat = next(s for s in range(4) if s != game.dealer)
    text = render_view(game.view(seat), NAMES, "打滚子 Dagunzi")
    assert "your hand (39):" in text
    groups = re.findall(r"^  (\S+)\s*\(\s*(\d+)\): (.*)$", text, re.M)
    assert groups[0][0] == "trump" and sum(int(n) for _, n, _ in groups) == 39
    twos = [c for _, _, cs in groups[1:] for c in cs.split() if c[1:] == "2"]
    assert twos == []  # the 2s are permanent trumps (dagunzi.txt:21): never in a side suit
    dealer = NAMES[game.dealer]  # type: ignore[index]
    lines = text.splitlines()
    assert lines[1].startswith(f"dealer {dealer} · you & Bot 3 at level 3; Bot 2 & Bot 4 at")
    assert lines[2] == "轮 1 · 轮 won: you & Bot 3 0, Bot 2 & Bot 4 0"
    zh = render_view(game.view(seat), NAMES, "打滚子", lang="zh").splitlines()
    assert zh[2] == "第 1 轮 · 赢轮：你、Bot 3 0，Bot 2、Bot 4 0"
    assert "你的手牌（39）：" in zh and zh[zh.index("你的手牌（39）：") + 1].startswith("  主牌")


def second_hand_at_bury() -> DagunziGame:
    """The first seed whose second hand has a tribute and no 干锅."""
    for seed in range(1, 30):
        game = new_game(seed, match="hands", hands=3)
        drive_to(game, "hand_over")
        act(game, None, "next_hand")
        drive_to(game, "play" if game.owed == 0 else "tribute")
        if game.phase == "tribute":
            act(game, None, "tribute")
            if game.phase == "bury":
                return game
    raise AssertionError("no seed with a tribute and an exchanged kitty")


def test_tribute_and_joker_burying_in_words() -> None:
    game = second_hand_at_bury()
    tribute = game.tribute
    assert tribute is not None
    payer, dealer = tribute["from"], tribute["to"]
    text = render_view(game.view(payer), NAMES)
    assert f"tribute (喝血): {NAMES[payer]} gave {NAMES[dealer]} {tribute['count']} highest" in text
    own = game.view(payer)["tribute"]  # the cards given, told to the payer and the dealer
    given = text.split("given: ")[1].split("\n")[0]
    assert given == (
        " ".join(format_card(parse_card(c)) for c in own["cards"])
        + " · returned: "
        + " ".join(format_card(parse_card(c)) for c in own["returned"])
    )
    assert "given: " not in render_view(game.view((dealer + 1) % 4), NAMES)
    # the dealer buries small side cards; the next seat buries a 大王 and takes one back
    suit = next(s for s in Suit if s != game.trump_suit)
    letter = suit.value.lower()
    ranks = [r for r in ("4", "6", "7", "8", "9", "J", "Q") if r != str(game.level)][:6]
    bury = " ".join(f"{r}{letter}" for r in ranks)
    place(game, game.hands[dealer], cards(bury))
    nxt = (dealer + 1) % 4
    place(game, game.hands[nxt], cards("BJ"))
    act(game, dealer, "bury", bury)
    act(game, nxt, "bury_jokers", "BJ")
    text = render_view(game.view((nxt + 1) % 4), NAMES)
    assert f"{NAMES[nxt]} buries 大王 (扣王) and takes back {suit.symbol}{ranks[0]}" in text
    kitty_line = next(line for line in text.split("\n") if line.startswith("Kitty (底牌): "))
    assert "大王" in kitty_line  # a kitty with jokers is shown to all (dagunzi.txt:44)
