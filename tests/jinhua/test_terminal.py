"""``python -m bot play jinhua`` end to end, and the text view's 财神 lines."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from bot.textview import render_view
from tests.jinhua.helpers import jrig

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
ENV.update(LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))


def test_the_view_shows_the_caishen_and_marks_it_in_the_hand() -> None:
    game = jrig({0: "147m 147p 147s E S W 9s 9s"}, caishen="9s")
    view = game.view(0)
    text = render_view(view, ["A", "B", "C", "D"], "金华麻将")
    assert "财神 (wild): 9 Bamboo, its indicator face up" in text.splitlines()
    assert (
        "your hand (14): 1 Character, 4 Characters, 7 Characters, 1 Dot, 4 Dots, 7 Dots,"
        " 1 Bamboo, 4 Bamboo, 7 Bamboo, 9 Bamboo (财神), East, South, West"
        "  ┃ drawn: 9 Bamboo (财神)"
    ) in text.splitlines()
    zh = render_view(view, ["A", "B", "C", "D"], "金华麻将", lang="zh").splitlines()
    assert "财神：九条（翻出的一张不能用）" in zh
    held = "一万 四万 七万 一筒 四筒 七筒 一条 四条 七条 九条★ 东 南 西"
    assert f"你的手牌（14）：{held}  ┃ 刚摸：九条★" in zh
    other = render_view(game.view(1), ["A", "B", "C", "D"], "金华麻将")
    assert "财神 (wild): 9 Bamboo" in other and "9 Bamboo (财神)" not in other  # B holds none


def test_play_jinhua_one_hand_typing_tiles(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "bot", "play", "jinhua"),
            *("--db", str(tmp_path / "h.sqlite3"), "--seed", "4"),
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
            # a discard typed as its tile's name (9 Bamboo), anything else by its word or number
            answer = tile if kind == "discard" else {"pass": "过"}.get(kind, "1")
            proc.stdin.write(answer + "\n")
            proc.stdin.flush()
            typed += 1
    proc.wait(timeout=120)
    text = "".join(out)
    assert proc.returncode == 0, text[-2000:]
    assert typed > 3
    assert "财神 (wild):" in text and "its indicator face up" in text
    assert "your hand (14)" in text
    assert "Match over after 1 hand: 1. " in text
