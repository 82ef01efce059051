"""Every rule a refusal points at is a section that exists, the same section in English and in
Chinese (the two rules pages number their sections alike), and the right one when a seed line
holds rules written up in different sections (金华's line 179)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from games.base import IllegalAction
from games.registry import GAMES
from present.refusals import refusal_text
from present.rule_links import (
    _CITATION,
    _CODE_NOTE,
    DEVELOPER_HEADINGS,
    RULES_DIR,
    _pinned_section,
    rule_section,
)

ROOT = Path(__file__).resolve().parents[2]


def _engine_refusals() -> list[tuple[str, str, str]]:
    """(package, code, seed citation) of every ``IllegalAction`` the engines raise with a
    seed citation (read from the source, so a new refusal is checked without being listed)."""
    found = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {  # module constants such as 打滚's SRC = "dagun_and_jinhua-mahjong.txt"
            n.targets[0].id: n.value.value
            for n in tree.body
            if isinstance(n, ast.Assign)
            and isinstance(n.targets[0], ast.Name)
            and isinstance(n.value, ast.Constant)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in ("IllegalAction", "_refuse") or not node.args:
                continue
            code = node.args[0]
            args = [*node.args[1:], *(k.value for k in node.keywords if k.arg == "rule")]
            rules = [r for r in map(lambda a: _text(a, names), args) if _CITATION.fullmatch(r)]
            if isinstance(code, ast.Constant) and rules:
                found.append((path.relative_to(ROOT / "games").parts[0], str(code.value), rules[0]))
    return found


def _text(node: ast.expr, names: dict[str, object]) -> str:
    """A string argument's value: a constant, or an f-string of module constants."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value.value, ast.Name) and value.value.id in names:  # type: ignore[attr-defined]
                parts.append(str(names[value.value.id]))  # type: ignore[attr-defined]
            else:
                return ""
        return "".join(parts)
    return ""


REFUSALS = _engine_refusals()


def _headings(game: str, zh: bool) -> list[str]:
    page = RULES_DIR / f"{game}{'.zh' if zh else ''}.md"
    out = []
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            if line[3:].startswith(DEVELOPER_HEADINGS):
                break
            out.append(_CODE_NOTE.sub("", line[3:]).strip())
    return out


def _number(section: str) -> int:
    found = re.match(r"([0-9]+)\. ", section.split(" · ", 1)[1])
    assert found, section
    return int(found[1])


def test_the_engines_refusals_are_found() -> None:
    codes = {(package, code) for package, code, _ in REFUSALS}
    assert ("jinhua", "pong_passed") in codes
    assert ("jinhua", "caishen_not_claimable") in codes
    assert ("tricks", "lead_mixed_suits") in codes
    assert ("dagun", "empty_play") in codes
    assert len(REFUSALS) >= 25


@pytest.mark.parametrize("game", sorted(GAMES))
def test_both_pages_number_their_sections_alike(game: str) -> None:
    en = [re.match(r"([0-9]+)\. ", h) for h in _headings(game, zh=False)]
    zh = [re.match(r"([0-9]+)\. ", h) for h in _headings(game, zh=True)]
    assert all(en) and all(zh), (game, _headings(game, True))
    assert [m[1] for m in en if m] == [m[1] for m in zh if m]
    assert [m[1] for m in en if m] == [str(n) for n in range(1, len(en) + 1)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_refusal_link_is_one_section_in_both_languages(game: str) -> None:
    linked = 0
    for package, code, rule in REFUSALS:
        en = rule_section(rule, "en", game=game, code=code)
        zh = rule_section(rule, "zh-CN", game=game, code=code)
        if package == game:  # the game's own engine: every citation reaches its page
            assert en and zh, (code, rule)
        if en is None and zh is None:
            continue  # a shared engine's rule this game does not map
        assert en and zh, (game, code, rule, en, zh)
        assert en.split(" · ", 1)[1] in _headings(game, zh=False)
        assert zh.split(" · ", 1)[1] in _headings(game, zh=True)
        assert _number(en) == _number(zh), (game, code, en, zh)
        linked += 1
    assert linked >= 3


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_seed_line_of_several_sections_names_its_section(game: str) -> None:
    """A refusal whose seed line is cited by more than one player section must pin its section
    in the refusal-code table of both pages, else the first section would be a guess."""
    lines_en = (RULES_DIR / f"{game}.md").read_text(encoding="utf-8").splitlines()
    lines_zh = (RULES_DIR / f"{game}.zh.md").read_text(encoding="utf-8").splitlines()
    for package, code, rule in REFUSALS:
        if package != game:
            continue
        found = _CITATION.search(rule)
        assert found
        seed, line = found["file"], int(found["first"])
        citing = set()
        section = ""
        for text in lines_en:
            if text.startswith("## "):
                if text[3:].startswith(DEVELOPER_HEADINGS):
                    break
                section = "" if "Table options" in text else text[3:]
            for cited in re.finditer(rf"{re.escape(seed)}:([0-9 ,\-–]+)", text):
                for part in cited[1].split(","):
                    first, _, last = part.strip().replace("–", "-").partition("-")
                    if section and first and int(first) <= line <= int(last or first):
                        citing.add(section)
        if len(citing) > 1:
            pin = _pinned_section(lines_en, code)
            assert pin is not None, (game, code, sorted(citing))
            assert _pinned_section(lines_zh, code) == pin, (game, code)


def test_the_jinhua_pong_restriction_points_at_the_claims_section_in_both_languages() -> None:
    error = IllegalAction(
        "pong_passed",
        "you passed 5p without ponging it: you may not pong it again until your own next turn",
        {"tile": "5p"},
        "dagun_and_jinhua-mahjong.txt:179",
    )
    assert refusal_text("en", error, game="jinhua").endswith(
        "(rules: 金华麻将 · 4. The turn and claims)"
    )
    zh = refusal_text("zh-CN", error, game="jinhua")
    assert zh.endswith("（规则：金华麻将 · 4. 出牌与吃碰杠）")
    # the same seed line's 财神 rule stays in the 财神 section, in both languages
    caishen = IllegalAction(
        "caishen_not_claimable", "m", {"tile": "9s"}, "dagun_and_jinhua-mahjong.txt:179"
    )
    assert refusal_text("en", caishen, game="jinhua").endswith(
        "(rules: 金华麻将 · 3. 财神, the wild tiles)"
    )
    assert refusal_text("zh-CN", caishen, game="jinhua").endswith("（规则：金华麻将 · 3. 财神）")
    # 造反 with too many points: the 造反 section, not the dealing section that cites it too
    rebel = IllegalAction("rebel_points", "m", {}, "pajiwo.txt:65")
    assert rule_section(rebel.rule, "en", code="rebel_points") == "扒鸡窝 · 7. 造反 (rebellion)"
    assert rule_section(rebel.rule, "zh-CN", code="rebel_points") == "扒鸡窝 · 7. 造反"
