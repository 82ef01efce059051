"""``python -m bot play jintan`` end to end: a whole hand typed as tiles and kinds."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from bot.screens import hand_lines, move_line
from bot.textview import render_view
from bot.textview_mahjong import parse_move
from games.base import Action
from games.jintan import JintanGame
from tests.jintan.helpers import IDLE, act, discard, meld, rig

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
ENV.update(LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))


def test_play_jintan_one_hand_typing_tiles(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "bot", "play", "jintan"),
            *("--db", str(tmp_path / "j.sqlite3"), "--seed", "3"),
            *("--match", "one_hand", "--pace", "async"),
        ],
        cwd=ROOT,
        env=ENV,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    out: list[str] = []
    typed = 0
    for line in proc.stdout:
        out.append(line)
        match = re.match(r"^\s+1\. \S+ (\w+) ?(.*)", line)
        if match:
            kind, tile = match.group(1), match.group(2)
            # a discard typed as its tile (7 Characters), anything else by its word or number
            answer = tile if kind == "discard" else {"pass": "过"}.get(kind, "1")
            proc.stdin.write(answer + "\n")
            proc.stdin.flush()
            typed += 1
    proc.wait(timeout=120)
    text = "".join(out)
    assert proc.returncode == 0, text[-2000:]
    assert typed > 3
    assert "your hand (14)" in text and "drawn:" in text
    assert "Match over after 1 hand: 1. " in text


def test_the_view_shows_the_rivers_the_hand_and_the_windows_choice() -> None:
    game = rig({0: IDLE + " 5s", 2: "55s 147m 147p E S W N C"}, flowers={2: "春"})
    discard(game, 0, "5s")
    names = ["A", "B", "C", "D"]
    lines = render_view(game.view(2), names, "金坛麻将").splitlines()
    assert "last discard: A 5 Bamboo" in lines  # every discard alike
    assert "A discarded 5 Bamboo: claim it or pass" in lines  # C's own choice, to C only
    assert "A: 13 tiles in hand · discards: 5 Bamboo" in lines
    assert "flowers: Spring" in lines
    hand = next(line for line in lines if line.startswith("your hand (13): "))
    assert hand.endswith("5 Bamboo, 5 Bamboo, East, South, West, North, Red Dragon")
    zh = render_view(game.view(2), names, "金坛麻将", lang="zh").splitlines()
    assert "A：手牌 13 张 · 打出：五条" in zh and "花：春" in zh
    other = render_view(game.view(1), names, "金坛麻将").splitlines()
    assert "claim it or pass" not in "\n".join(other)  # a window is private
    won = rig({0: IDLE + " 5s", 2: "123m 456m 789p 111s 5s"}, flowers={2: "春"})
    discard(won, 0, "5s")
    act(won, 2, "win")
    screen = hand_lines("jintan", won.hand_results[-1].to_json(), names, 0)
    assert screen[0].startswith("Hand 1: C wins on your 5 Bamboo: 1 花, 独吊")


def test_typed_moves() -> None:
    legal = [Action(1, "chow", {"tiles": ["4p", "6p"]}), Action(1, "pass")]
    assert parse_move("吃 4p 6p", 1, legal, ["chow", "pass"]) == legal[0]
    assert parse_move("2", 1, legal, ["chow", "pass"]) == legal[1]
    assert parse_move("过", 1, legal, ["chow", "pass"]) == Action(1, "pass")
    turn = [Action(0, "discard", {"tile": "5p"}), Action(0, "discard", {"tile": "E"})]
    assert parse_move("东", 0, turn, ["discard"]) == turn[1]
    assert parse_move("五筒", 0, turn, ["discard"]) == turn[0]
    assert move_line("en", turn[0]) == "打 discard 5 Dots"
    assert move_line("zh", turn[0]) == "打牌 五筒"
    assert parse_move(move_line("en", turn[1]), 0, turn, ["discard"]) == turn[1]
    assert JintanGame.name == "jintan"


def test_standing_choices_typed() -> None:
    assert parse_move("standing auto_win=on no_calls", 2, [], ["discard"]) == Action(
        2, "standing", {"auto_win": True, "no_calls": True}
    )
    assert parse_move("常设 discard_drawn=off", 2, [], []) == Action(
        2, "standing", {"discard_drawn": False}
    )
    for bad in ("standing", "standing auto_pass", "standing auto_win=maybe"):
        try:
            parse_move(bad, 2, [], [])
        except ValueError:
            continue
        raise AssertionError(bad)


def test_a_concealed_kong_and_the_other_hands_stay_hidden() -> None:
    """Another seat's concealed kong shows no faces, nor does any other seat's hand, in
    either language; the kong's owner sees its own tiles."""
    game = rig(
        {0: "147m 147p 1s 5s", 1: "258m 258p 2s 5s 8s N"},
        melds={1: [meld("kong", "9s 9s 9s 9s", concealed=True)]},
    )
    names = ["A", "B", "C", "D"]
    for lang in ("en", "zh"):
        seen = render_view(game.view(0), names, "金坛麻将", lang=lang)
        assert "🀫🀫🀫🀫" in seen
        assert "9 Bamboo" not in seen and "九条" not in seen
        assert "2 Characters" not in seen and "二万" not in seen  # B's hand is B's
    own = render_view(game.view(1), names, "金坛麻将")
    assert "melds: 9 Bamboo, 9 Bamboo, 9 Bamboo, 9 Bamboo" in own.splitlines()


def _standing_run(tmp_path: Path, lang: str, typed: str) -> str:
    env = {**ENV, "PAIJU_LANG": lang}
    args = ["play", "jintan", "--db", str(tmp_path / f"{lang}.db"), "--seed", "3"]
    done = subprocess.run(
        [sys.executable, "-m", "bot", *args, "--match", "one_hand"],
        cwd=ROOT,
        env=env,
        input=typed,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_standing_choices_are_confirmed_and_listed_in_the_terminal(tmp_path: Path) -> None:
    out = _standing_run(tmp_path, "en", "standing\nstanding auto_win=on\nstanding\nquit\n")
    assert "\nSettings: none on\n" in out  # standing alone: what is on, as Discord shows it
    assert "Standing choice Auto-win: on\nSettings: Auto-win\n" in out
    assert out.count("Settings: Auto-win\n") == 2
    zh = _standing_run(tmp_path, "zh-CN", "常设\n常设 自动胡=开 不吃碰杠\n常设 自动胡=关\nquit\n")
    assert "\n常设：都没开\n" in zh
    assert "\n常设选项「自动胡」：开；常设选项「不吃碰杠」：开\n常设：自动胡、不吃碰杠\n" in zh
    assert "\n常设：不吃碰杠\n" in zh
