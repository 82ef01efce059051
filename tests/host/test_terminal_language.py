"""The terminal's table speaks its reader's language: at many states of every game, bots
playing, a Chinese reader's screen has no English word, and the reader's own seat is "你" /
"you" in both languages, never its name (issue 19)."""

from __future__ import annotations

import random
import re

import pytest

from bot.textview import render_view
from games.registry import GAMES

NAMES = ["甲", "乙", "丙", "丁"]
ENGLISH = re.compile(r"[A-Za-z]{3,}")
RANKS = re.compile(r"^[2-9TJQKA]+$")  # a reading's ranks (打滚's JJQQ) are no English


def states(game: str, seed: int, every: int = 7) -> list[dict[str, object]]:
    """Seat 0's view every ``every`` moves of a bot-played match (the last one too)."""
    spec = GAMES[game]
    engine = spec.engine()(seed, spec.engine().options_type.from_dict({"match": "one_hand"}))
    bots = [spec.bots()["heuristic"]() for _ in range(4)]
    rng = random.Random(seed)
    out = []
    for step in range(3000):
        pending = engine.pending()
        if not pending:
            break
        if step % every == 0:
            out.append(engine.view(0))
        table = engine.table_action()
        required = [d for d in pending if d.seat is not None and d.required]
        if table is not None and not required:
            engine.apply(table)
            continue
        if not required:
            break
        seat = required[0].seat
        assert seat is not None
        engine.apply(bots[seat].choose(engine, seat, rng))
    out.append(engine.view(0))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_chinese_screen_has_no_english_word(game: str, seed: int) -> None:
    for view in states(game, seed):
        text = render_view(view, NAMES, GAMES[game].title_zh, lang="zh")
        words = [w for w in ENGLISH.findall(text) if not RANKS.match(w)]
        assert not words, (words, text)
        english = render_view(view, NAMES, GAMES[game].title_zh, lang="en")
        # the reader's own seat is always "你" / "you", never its name
        assert "甲" not in text and "甲" not in english


def test_the_terminals_own_lines_are_in_its_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.cli import _help, interrupted_line

    monkeypatch.setenv("PAIJU_LANG", "zh-CN")
    assert interrupted_line("X") == "已中断：牌局已保存；继续请运行：X"
    for game in GAMES:
        said = _help(game, "zh")
        assert not ENGLISH.findall(said), (game, said)
    monkeypatch.setenv("PAIJU_LANG", "en")
    assert interrupted_line("X") == "interrupted: the game is saved; to carry on: X"


def test_chinese_standing_choices_bot_names_and_readings() -> None:
    """The review's English words on Chinese screens (issue 24): standing choices typed and
    refused by their Chinese names, a bot's default name, a reading's ten."""
    from bot.cli_term import local_names
    from bot.screens import move_line, typed_refusal
    from bot.textview_dagun import _reading_keys
    from bot.textview_mahjong import parse_move
    from bot.typed import MoveTextError, split_move
    from games.base import Action

    assert parse_move("常设 自动胡=开 不吃碰杠", 2, [], []) == Action(
        2, "standing", {"auto_win": True, "no_calls": True}
    )
    for bad in ("常设", "常设 自动碰", "常设 自动胡=也许"):
        try:
            parse_move(bad, 2, [], [])
        except MoveTextError as exc:
            said = typed_refusal("zh", exc)
            assert not ENGLISH.findall(said), said
        else:
            raise AssertionError(bad)
    assert local_names(["Ann", "Bot 2", "Bot 3", "Bob"], [False, True, True, True], "zh") == [
        "Ann",
        "机器人2",
        "机器人3",
        "Bob",
    ]
    assert local_names(["Ann", "Bot 2"], [False, True], "en") == ["Ann", "Bot 2"]
    play = Action(0, "play", {"cards": ["TS", "TH", "JS", "JH"], "as": "TTJJ"})
    assert move_line("zh", play).endswith("当作 1010JJ")
    assert split_move("♠10 ♥10 ♠J ♥J 当作 1010JJ", readings=True).data == {"as": "TTJJ"}
    assert "TTJJ" in _reading_keys(["TS", "TH", "JS", "JH"])


def test_an_english_reading_writes_ten_as_10() -> None:
    """A reading's ten is written 10 in English too (as cards are: ♠10), never T: in a move's
    label, the list of readings of a typed play, and read back as printed."""
    from bot.screens import move_line, typed_refusal
    from bot.typed import MoveTextError, read_reading_move, split_move
    from games.base import Action

    play = Action(0, "play", {"cards": ["TS", "TH", "JS", "JH"], "as": "TTJJ"})
    assert move_line("en", play).endswith("as 1010JJ")
    assert split_move("♠10 ♥10 ♠J ♥J as 1010JJ", readings=True).data == {"as": "TTJJ"}
    legal = [
        Action(0, "play", {"cards": ["10s", "10h", "BJ", "SJ"], "as": "99TT"}),
        Action(0, "play", {"cards": ["10s", "10h", "BJ", "SJ"], "as": "TTJJ"}),
    ]
    with pytest.raises(MoveTextError) as asked:
        read_reading_move("10s 10h BJ SJ", 0, legal, ["play", "pass"])
    said = typed_refusal("en", asked.value)
    assert "991010 (1), 1010JJ (2)" in said and "add 'as 991010'" in said, said
    assert "T" not in said.replace("type", ""), said
    assert read_reading_move("10s 10h BJ SJ as 1010JJ", 0, legal, ["play"]) == legal[1]
    assert read_reading_move("10s 10h BJ SJ as 991010", 0, legal, ["play"]) == legal[0]
