"""Every rules page has a Chinese twin that cites the same seed lines, names the same options
and refusal codes, and every line it cites exists in the seed (docs/rules/X.md, X.zh.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules"
SEEDS = ROOT.parent / "shared" / "seeds"

ENGLISH = sorted(p for p in RULES.glob("*.md") if not p.name.endswith(".zh.md"))

# `pajiwo.txt:41`, `pajiwo.txt:31-37`, `pajiwo.txt:21, 41-47` (a list after one file name)
CITATION = re.compile(r"([\w-]+\.txt):(\d+(?:[-–]\d+)?(?:,\s*\d+(?:[-–]\d+)?)*)")
# the first column of a table row: options (`deal`) and refusal codes (`bad_seat`, `match_over`)
FIRST_CELL = re.compile(r"^\|\s*([^|]+?)\s*\|", re.M)
NAME = re.compile(r"`([a-z_][a-z0-9_]*)`")


def citations(text: str) -> set[tuple[str, int]]:
    """Every (seed file, line) the text cites, ranges expanded."""
    found = set()
    for name, spans in CITATION.findall(text):
        for span in re.split(r",\s*", spans):
            first, _, last = span.replace("–", "-").partition("-")
            for line in range(int(first), int(last or first) + 1):
                found.add((name, line))
    return found


def table_names(text: str) -> set[str]:
    """The backquoted names in the first column of every table: options and refusal codes."""
    return {n for cell in FIRST_CELL.findall(text) for n in NAME.findall(cell)}


def test_the_citation_reader_expands_lists_and_ranges() -> None:
    text = "(pajiwo.txt:21, 41-43) and (dagun_and_jinhua-mahjong.txt:7)"
    assert citations(text) == {
        ("pajiwo.txt", 21),
        ("pajiwo.txt", 41),
        ("pajiwo.txt", 42),
        ("pajiwo.txt", 43),
        ("dagun_and_jinhua-mahjong.txt", 7),
    }


def test_there_are_pages_to_check() -> None:
    assert "pajiwo.md" in [p.name for p in ENGLISH]


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_the_chinese_page_exists_and_cites_the_same_seed_lines(english: Path) -> None:
    chinese = english.with_suffix(".zh.md")
    assert chinese.is_file(), f"{chinese.name} is missing beside {english.name}"
    en, zh = english.read_text(encoding="utf-8"), chinese.read_text(encoding="utf-8")
    cited = citations(en)
    assert cited, f"{english.name} cites no seed line"
    assert citations(zh) - cited == set(), "cited only by the Chinese page"
    assert cited - citations(zh) == set(), "cited only by the English page"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_the_chinese_page_names_the_same_options_and_refusal_codes(english: Path) -> None:
    en = english.read_text(encoding="utf-8")
    zh = english.with_suffix(".zh.md").read_text(encoding="utf-8")
    assert table_names(zh) == table_names(en)
    # every ambiguity the English page records, the Chinese page records too (it may be ahead
    # while a reading is being written into both)
    assert zh.count("**解读") >= en.count("**Reading") > 0


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_every_cited_line_exists_in_the_seed_and_is_not_blank(english: Path) -> None:
    for name, line in sorted(citations(english.with_suffix(".zh.md").read_text(encoding="utf-8"))):
        seed = (SEEDS / name).read_text(encoding="utf-8").splitlines()
        assert 1 <= line <= len(seed), f"{name}:{line} is past the end ({len(seed)} lines)"
    # the ends of each cited span are real text (a range may cross blank lines)
    for name, spans in CITATION.findall(english.read_text(encoding="utf-8")):
        seed = (SEEDS / name).read_text(encoding="utf-8").splitlines()
        for span in re.split(r",\s*", spans):
            for end in span.replace("–", "-").split("-"):
                assert seed[int(end) - 1].strip(), f"{name}:{end} is a blank line"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_the_chinese_page_is_titled_with_the_games_chinese_name(english: Path) -> None:
    title = english.with_suffix(".zh.md").read_text(encoding="utf-8").splitlines()[0]
    assert title.startswith("# ")
    spec = GAMES.get(english.stem)
    if spec is not None:  # a page for a game that is not registered yet still needs its twin
        assert spec.title_zh in title
