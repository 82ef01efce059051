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


DEVELOPERS = re.compile(r"^## (For developers|写给开发者)\s*$", re.M)
# the engine's notation: actions, view fields, refusals, tests, code paths, data shapes
ENGINE_NOTATION = re.compile(
    r"Action\(|\bview\.|IllegalAction|legal_actions|MatchResult|HandResult|random\.Random"
    r"|parse_card|format_card|\btest_[a-z0-9_]+|\bgames/|\btests/|\.py\b|\{\""
)
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)]+)\)")


def player_part(text: str) -> str:
    """The page before its developers' section: what players read."""
    found = DEVELOPERS.search(text)
    assert found is not None, "the page has no developers' section"
    return text[: found.start()]


def refusal_codes(text: str) -> set[str]:
    """The codes in the first column of the developers' refusal-code tables (a table whose
    header starts ``| code`` or ``| 代码``)."""
    developers = text[DEVELOPERS.search(text).end() :]  # type: ignore[union-attr]
    codes: set[str] = set()
    for table in re.findall(r"^\| (?:code|代码) \|.*\n(?:^\|.*\n?)+", developers, re.M):
        for cell in FIRST_CELL.findall(table):
            codes |= set(NAME.findall(cell))
    return codes


PAGES = sorted(RULES.glob("*.md"))


def test_the_engine_notation_reader_finds_what_it_must() -> None:
    for notation in ('`Action(None, "deal")`', "`view.kitty`", "`test_seed_x`", "`games/pajiwo/`"):
        assert ENGINE_NOTATION.search(notation), notation
    for plain in ("the option `deal_round`", "扒鸡窝 (pajiwo.txt:15)", "a view of the table"):
        assert ENGINE_NOTATION.search(plain) is None, plain


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_the_player_part_has_no_engine_notation(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    players = player_part(text)
    found = [m.group(0) for m in ENGINE_NOTATION.finditer(players)]
    assert not found, f"{page.name}: engine notation before the developers' section: {found}"
    codes = refusal_codes(text)
    assert codes, f"{page.name}: the developers' section lists no refusal codes"
    # a refusal code said to players (an option of the same name is theirs: it is in a table)
    options = table_names(players)
    leaked = {c for c in codes - options if re.search(rf"`{c}`", players)}
    assert not leaked, f"{page.name}: refusal codes before the developers' section: {leaked}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_picture_exists_and_is_small(page: Path) -> None:
    for alt, target in IMAGE.findall(page.read_text(encoding="utf-8")):
        assert alt.strip(), f"{page.name}: a picture without words: {target}"
        picture = RULES / target
        assert picture.is_file(), f"{page.name}: {target} is missing"
        assert picture.stat().st_size < 120_000, f"{target} is {picture.stat().st_size} bytes"


@pytest.mark.parametrize("english", ENGLISH, ids=lambda p: p.stem)
def test_both_pages_show_the_same_pictures(english: Path) -> None:
    en = [t for _, t in IMAGE.findall(english.read_text(encoding="utf-8"))]
    zh = [t for _, t in IMAGE.findall(english.with_suffix(".zh.md").read_text(encoding="utf-8"))]
    assert en == zh


def test_every_picture_is_generated_by_the_renderer() -> None:
    """The PNGs are generated, not drawn by hand: ``python -m benchmarks.tools.rules_pictures``
    draws each one the pages show (run it after changing the renderer; ``--check`` tells whether
    the committed files still match byte for byte, which is not asserted here so that a renderer
    change does not fail on the documentation)."""
    from benchmarks.tools.rules_pictures import PICTURES, picture_bytes

    shown = {Path(t).name for p in PAGES for _, t in IMAGE.findall(p.read_text(encoding="utf-8"))}
    assert shown == set(PICTURES), "every picture a page shows is generated, and only those"
    for name in PICTURES:
        data = picture_bytes(name)
        assert data.startswith(b"\x89PNG") and 5_000 < len(data) < 120_000, name
        assert (RULES / "img" / name).read_bytes().startswith(b"\x89PNG"), name
