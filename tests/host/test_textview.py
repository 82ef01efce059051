"""The terminal's table of a trick-taking hand: the game's presentation in the reader's
language, then the hand, trumps first, then suits; names, not seats."""

from __future__ import annotations

import random

from bot.screens import hand_lines, name_seats
from bot.textview import hand_groups, render_view
from games import tricks
from games.cards import parse_card
from games.pajiwo import BOTS
from games.pajiwo.engine import PajiwoGame
from games.pajiwo.options import PajiwoOptions
from present import tricks as present_tricks
from present.message import Reader, render

NAMES = ["you", "Bot 2", "Bot 3", "Bot 4"]


def view(hand: list[str], *, suit: str | None = "H", level: str | None = "5") -> dict[str, object]:
    return {
        "game": "pajiwo",
        "phase": "play",
        "hand_number": 2,
        "seat": 0,
        "hand": hand,
        "hand_counts": [len(hand), 3, 3, 2],
        "team_levels": ["5", "3"],
        "teams": [[0, 2], [1, 3]],
        "level": level,
        "dealer": 2,
        "dealer_team": [0, 2],
        "trump": {"suit": suit, "no_trump": suit is None, "fixed_by": "declaration"},
        "standing": {"seat": 2, "cards": ["SJ", "5h"]},
        "trick": {"leader": 3, "plays": [{"seat": 3, "cards": ["Ks", "Ks"]}], "failed_throw": None},
        "last_trick": {
            "leader": 1,
            "plays": [{"seat": 1, "cards": ["10c"]}],
            "winner": 1,
            "points": 10,
        },
        "tricks_played": 4,
        "points": [15, 30],
        "turn": [0],
    }


def test_trumps_first_then_each_suit_in_the_engines_order() -> None:
    # level 5, hearts trump: jokers, ♥5, the other 5s and the hearts are trump (pajiwo.txt:95)
    hand = ["BJ", "5h", "5s", "Ah", "3h", "As", "Ks", "10c", "4d"]
    assert hand_groups(view(hand)) == [
        ("trump", ["大王", "♥5", "♠5", "♥A", "♥3"]),
        ("♠", ["♠A", "♠K"]),
        ("♣", ["♣10"]),
        ("♦", ["♦4"]),
    ]
    # no trump: only jokers and level cards
    assert hand_groups(view(hand, suit=None))[0] == ("trump", ["大王", "♥5", "♠5"])


def test_before_a_declaration_the_shared_level_marks_trumps() -> None:
    v = view(["SJ", "2s", "3s"], suit=None, level=None)
    v["team_levels"] = ["2", "2"]
    assert hand_groups(v)[0] == ("trump", ["小王", "♠2"])
    v["team_levels"] = ["2", "3"]  # which level counts depends on who declares
    assert hand_groups(v)[0] == ("trump", ["小王"])


def test_the_table_is_drawn_with_names() -> None:
    text = render_view(view(["BJ", "As"]), NAMES, "扒鸡窝 Pajiwo")
    lines = text.splitlines()
    assert lines[0] == "── 扒鸡窝 Pajiwo · hand 2 ──"
    # the real partners (seats 0 and 2) and each side's level, the dealer named
    assert "dealer Bot 3 · you & Bot 3 at level 5; Bot 2 & Bot 4 at level 3" in lines
    assert "cards held: you 2, Bot 2 3, Bot 3 3, Bot 4 2" in lines
    assert "Trump ♥ · level 5" in lines
    assert "Bot 4 led ♠K ♠K" in lines
    assert "to move: you" in lines
    assert lines[-3:] == ["your hand (2):", "  trump ( 1): 大王", "  ♠     ( 1): ♠A"]


def test_the_table_speaks_the_readers_language() -> None:
    lines = render_view(view(["BJ", "As"]), NAMES, "扒鸡窝", lang="zh").splitlines()
    assert lines[0] == "── 扒鸡窝 · 第 2 局 ──"
    assert "庄家 Bot 3 · 你、Bot 3 打 5；Bot 2、Bot 4 打 3" in lines
    assert "手牌张数：你 2，Bot 2 3，Bot 3 3，Bot 4 2" in lines
    assert "轮到：你" in lines
    assert lines[-3:] == ["你的手牌（2）：", "  主牌    ( 1): 大王", "  ♠     ( 1): ♠A"]


def test_event_texts_name_the_seats() -> None:
    assert name_seats("seat 3 declares 小王 ♠2", NAMES) == "Bot 4 declares 小王 ♠2"
    assert (
        name_seats("seat 0 wins trick 6 with 15 points", NAMES) == "you win trick 6 with 15 points"
    )
    assert name_seats("seat 0 buries 8 cards; seat 0 passes", NAMES) == "you bury 8 cards; you pass"
    assert name_seats("seat 9 wins", NAMES) == "seat 9 wins"
    took = "seat 0 takes the kitty (底牌) and buries 8"
    assert name_seats(took, NAMES) == "you take the kitty (底牌) and bury 8"
    took = "seat 1 takes the kitty (底牌) and buries 8"
    assert name_seats(took, NAMES) == "Bot 2 takes the kitty (底牌) and buries 8"
    assert name_seats("seats 1 & 3 win the match", NAMES) == "Bot 2 & Bot 4 win the match"


def test_a_real_pajiwo_view_renders_every_card_of_the_hand() -> None:
    game = PajiwoGame(11, PajiwoOptions.from_dict({"deal": "all_at_once"}))
    v = game.view(0)
    text = render_view(v, NAMES)
    shown = [c for _, cards in hand_groups(v) for c in cards]
    assert isinstance(v["hand"], list)
    assert len(shown) == len(v["hand"]) == 25
    assert "your hand (25):" in text


def test_the_last_trick_is_shown_until_the_next_is_led() -> None:
    v = view(["As"])
    v["trick"] = {"leader": 0, "plays": [], "failed_throw": None}
    v["last_trick"] = {"leader": 0, "plays": [{"seat": 0, "cards": ["Ac"]}], "winner": 0}
    assert "last trick: you ♣A → you took it (0 points)" in render_view(v, NAMES).splitlines()
    v["last_trick"]["points"] = 1
    assert "last trick: you ♣A → you took it (1 point)" in render_view(v, NAMES).splitlines()


def test_who_is_winning_the_trick() -> None:
    v = view(["As"])
    v["trick"] = {
        "leader": 3,
        "plays": [{"seat": 3, "cards": ["Ks"]}, {"seat": 0, "cards": ["As"]}],
        "failed_throw": None,
        "winning": 0,
    }
    lines = render_view(v, NAMES, "扒鸡窝 Pajiwo").splitlines()
    assert "Bot 4 led ♠K; you ♠A; winning: you" in lines
    assert "Bot 4 首出 ♠K；你 ♠A；目前最大：你" in render_view(v, NAMES, lang="zh").splitlines()


def test_a_real_pajiwo_trick_names_the_seat_that_is_winning_it() -> None:
    game = PajiwoGame(11, PajiwoOptions.from_dict({"deal": "all_at_once", "match": "one_hand"}))
    player, rng = BOTS["heuristic"](), random.Random(3)
    while not (game.phase == "play" and len(game.view(None)["trick"]["plays"]) == 2):
        decision = game.pending()[0]
        if decision.seat is None:
            game.apply(game.table_action())
        else:
            game.apply(player.choose(game, decision.seat, rng))
    trick = game.view(None)["trick"]
    plays = [(p["seat"], [*map(parse_card, p["cards"])]) for p in trick["plays"]]
    assert trick["winning"] == tricks.trick_winner(plays, game._order(), game.rules)


def test_the_last_trick_line_names_its_plays_and_its_winner() -> None:
    """The screen's line (``view`` at a hand's end); the terminal's hand end itself prints the
    trick's event line and the presentation's result screen (bot.screens), not this line."""
    v = view([])
    v["phase"] = "hand_over"
    v["trick"] = {"leader": 1, "plays": [], "failed_throw": None}
    v["last_trick"] = {
        "leader": 1,
        "plays": [{"seat": 1, "cards": ["Ac"]}, {"seat": 2, "cards": ["5c"]}],
        "winner": 1,
        "points": 5,
    }
    said = [present_tricks.last_trick(v)]
    assert [render(Reader("en", NAMES), m) for m in said] == [
        "last trick: Bot 2 ♣A, Bot 3 ♣5 → Bot 2 took it (5 points)",
    ]
    assert [render(Reader("zh", NAMES), m) for m in said] == [
        "上一墩：Bot 2 ♣A，Bot 3 ♣5 → Bot 2 拿下（5 分）",
    ]


def test_a_game_without_a_presentation_is_drawn_from_its_view() -> None:
    lines = render_view({"game": "test-toy", "turn": [0], "hand": ["As"]}, NAMES).splitlines()
    assert lines == ["seats: 0:you, 1:Bot 2, 2:Bot 3, 3:Bot 4", "turn: [0]", "your hand (1): ♠A"]


def test_at_a_hand_end_the_finished_hands_sides_count_not_the_next_dealers() -> None:
    """The engine names the next dealer as the hand ends; a takeover (上庄) swaps the sides."""
    game = PajiwoGame(8, PajiwoOptions.from_dict({"deal": "all_at_once", "match": "to_level"}))
    player, rng = BOTS["heuristic"](), random.Random(1)
    while game.phase != "hand_over":
        decision = game.pending()[0]
        if decision.seat is None:
            game.apply(game.table_action())
        else:
            game.apply(player.choose(game, decision.seat, rng))
    v = game.view(0)
    assert v["dealer_team"] == [1, 3]  # already the next hand's dealer side
    lines = render_view(v, NAMES).splitlines()
    # the finished hand's dealer (Bot 3) and its defenders' points, never the next dealer's
    assert "dealer Bot 3 · you & Bot 3 at level 2; Bot 2 & Bot 4 at level 2" in lines
    assert "No trump · level 2 · defenders' points 110" in lines
    assert "Next dealer: Bot 4" in lines
    screen = hand_lines("pajiwo", v["hand_results"][-1], NAMES, 0)
    assert screen[0] == (
        "Hand 1 over: the defenders scored 110 points; Bot 2 & Bot 4 take over the deal (上庄)"
    )
    assert (
        screen[1].startswith("Bot 3 dealt at level 2, no trump")  # the finished hand's dealer
        and "against Bot 2 & Bot 4, who scored 110 points" in screen[1]
    )


def test_the_cards_just_taken_from_the_kitty_are_marked_in_the_hand() -> None:
    """While the kitty's taker buries, the 8 cards just picked up carry a "+" (issue 21);
    the other seats' hands have none."""
    from games.registry import GAMES

    spec = GAMES["pajiwo"]
    engine_type = spec.engine()
    game = engine_type(4, engine_type.options_type.from_dict({"deal": "all_at_once"}))
    bots = [spec.bots()["heuristic"]() for _ in range(4)]
    rng = random.Random(4)
    while game.phase != "bury":
        step = game.table_action()
        if step is not None:
            game.apply(step)
            continue
        d = next(d for d in game.pending() if d.seat is not None and d.required)
        assert d.seat is not None
        game.apply(bots[d.seat].choose(game, d.seat, rng))
    owner = game.kitty_owner
    names = ["you", "Bot 2", "Bot 3", "Bot 4"]
    text = render_view(game.view(owner), names, "扒鸡窝 Pajiwo")
    hand = text[text.index("your hand") :]
    cards = [w for line in hand.splitlines()[1:-1] for w in line.split(":", 1)[1].split()]
    assert sum(card.endswith("+") for card in cards) == 8
    assert "(+ = just taken from the kitty 底牌)" in hand
    other = render_view(game.view((owner + 1) % 4), names, "扒鸡窝 Pajiwo")
    assert "+" not in other[other.index("your hand") :]
