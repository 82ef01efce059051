"""``python -m bot play jinhua`` end to end, and the text view's 财神 lines."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from bot.textview_mahjong import render_view
from tests.jinhua.helpers import jrig

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
ENV.update(LOG_LEVEL="WARNING", PYTHONPATH=str(ROOT))


def test_the_view_shows_the_indicator_and_marks_the_caishen() -> None:
    game = jrig({0: "147m 147p 147s E S W 9s 9s"}, caishen="9s")
    text = render_view(game.view(0), ["A", "B", "C", "D"], "金华麻将")
    assert "财神 (wild): 9s(九条)* — indicator 9s(九条) turned up, out of play" in text
    assert "1s 4s 7s 9s* E S W  | 9s*" in text
    assert "(* = 财神, wild: 2 held)" in text
    other = render_view(game.view(1), ["A", "B", "C", "D"], "金华麻将")
    assert "财神 (wild): 9s" in other and "held)" not in other


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
        match = re.match(r"^\s+1\. (\w+) \S+ ?(\S*)", line)
        if match:
            kind, tile = match.group(1), match.group(2)
            answer = tile.split("(")[0] if kind == "discard" else {"pass": "过"}.get(kind, "1")
            proc.stdin.write(answer + "\n")
            proc.stdin.flush()
            typed += 1
    proc.wait(timeout=120)
    text = "".join(out)
    assert proc.returncode == 0, text[-2000:]
    assert typed > 3
    assert "财神 (wild):" in text and "indicator" in text
    assert "your hand (14)" in text
    assert "Match over after 1 hand: 1. " in text
