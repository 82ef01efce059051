"""The rules pages: the English and Chinese pages cite the same seed lines, every cited line
is a line of the Jinhua part of the seed with text on it, and every option and refusal code
of the engine is documented in both."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from games.base import GameOptions
from games.jinhua import JinhuaOptions

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT.parent / "shared" / "seeds" / "dagun_and_jinhua-mahjong.txt"
PAGES = [ROOT / "docs" / "rules" / "jinhua.md", ROOT / "docs" / "rules" / "jinhua.zh.md"]
CITE = re.compile(r"dagun_and_jinhua-mahjong\.txt:(\d+)(?:-(\d+))?")


def cited(text: str) -> set[str]:
    return {m.group(0) for m in CITE.finditer(text)}


def test_both_pages_cite_the_same_seed_lines() -> None:
    english, chinese = (p.read_text(encoding="utf-8") for p in PAGES)
    assert cited(english) == cited(chinese)
    assert len(cited(english)) > 40


def test_every_cited_line_is_in_the_jinhua_part_of_the_seed() -> None:
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for m in CITE.finditer(PAGES[0].read_text(encoding="utf-8")):
        first = int(m.group(1))
        last = int(m.group(2) or first)
        assert 101 <= first <= last <= 192, m.group(0)
        assert lines[first - 1].strip() and lines[last - 1].strip(), m.group(0)


def test_every_option_and_refusal_code_is_documented() -> None:
    engine = (ROOT / "games" / "jinhua" / "engine.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'IllegalAction\(\s*"(\w+)"', engine))
    assert {"caishen_not_claimable", "pong_passed", "chizhang_dazhang"} <= codes
    # every game's own options; bot_level (GameOptions, how the host's bots play) is no rule
    names = {f.name for f in dataclasses.fields(JinhuaOptions)} - {
        f.name for f in dataclasses.fields(GameOptions)
    }
    # the claim pause is the host's privacy setting, not a rule: docs/security.md has it
    # (the rules pages' pause note is written apart)
    security = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    assert "`claim_pause_ms`" in security
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for word in codes | names - {"claim_pause_ms"}:
            assert f"`{word}`" in text, (page.name, word)
