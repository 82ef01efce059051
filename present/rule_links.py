"""From a rule's seed citation to the rules page section players can read.

Engines cite the scraped seed line a rule comes from (``IllegalAction.rule``, e.g.
``"pajiwo.txt:101"``); that is for developers. Players are pointed at the section of the
game's rules page (``docs/rules/<game>.md``, or ``.zh.md`` for Chinese readers) that cites the
same seed line: ``扒鸡窝 · 9. Playing tricks``, which ``/rules`` shows. A citation no section
names gives ``None``, and the refusal then carries no reference at all: seed file names are
never shown to players.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

__all__ = ["DEVELOPER_HEADINGS", "RULES_DIR", "rule_section", "seed_game", "without_citations"]

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"

DEVELOPER_HEADINGS = ("For developers", "写给开发者")
"""The heading (after ``## ``) that starts a rules page's developers' section, in each
language: the engine's notation (actions, view fields, refusal codes, tests) lives there, and
players are never pointed at it."""

_CITATION = re.compile(r"(?P<file>[\w.-]+\.txt):(?P<first>[0-9]+)(?:\s*[-–]\s*(?P<last>[0-9]+))?")
#: a page's citation: a seed file and a list of lines and ranges (``pajiwo.txt:47, 59-61``)
_PAGE_CITATION = re.compile(
    r"(?P<file>[\w.-]+\.txt):(?P<lines>[0-9]+(?:\s*[-–]\s*[0-9]+)?(?:\s*,\s*[0-9]+(?:\s*[-–]\s*[0-9]+)?)*)"
)
_SEED_GAMES = {"pajiwo.txt": "pajiwo", "dagunzi.txt": "dagunzi", "jintan-mahjong.txt": "jintan"}
# a heading's code pointers and seed citations ("(games/tricks)", "(option `deal`)",
# "(dagun_and_jinhua-mahjong.txt:103)") are for developers, not players
_CODE_NOTE = re.compile(r"\s*[(（][^()（）]*(?:[/`]|\.txt:)[^()（）]*[)）]")
_DAGUN_LAST_LINE = 75  # dagun_and_jinhua-mahjong.txt: 打滚 up to line 75, 金华麻将 from 101


def seed_game(seed_file: str, line: int) -> str | None:
    """The game key whose rules a seed file's line belongs to (``None`` if unknown)."""
    if seed_file == "dagun_and_jinhua-mahjong.txt":
        return "dagun" if line <= _DAGUN_LAST_LINE else "jinhua"
    return _SEED_GAMES.get(seed_file)


@lru_cache(maxsize=512)
def rule_section(
    rule: str, lang: str = "en", rules_dir: Path = RULES_DIR, game: str = "", code: str = ""
) -> str | None:
    """``"扒鸡窝 · 9. Playing tricks"``: the game's title and the heading of the first section
    of its rules page (Chinese page for ``lang`` starting with ``zh``) that cites the seed line
    of ``rule`` (``"pajiwo.txt:101"``, or a range ``"pajiwo.txt:101-103"``: its first line).
    ``None`` when the rule is not a seed citation or no section cites it.

    ``game``, the game being played: a shared engine (:mod:`games.tricks`,
    :mod:`games.mahjong`) cites the seed of the game it was written for; that citation is
    read through the played game's ``SHARED_RULES`` (:meth:`games.registry.GameSpec.shared_rules`)
    to the line of its own seed, and a citation it does not map gives ``None``: a refusal
    never points at another game's rules.

    ``code``, the refusal's code: one seed line may hold several rules written up in
    different sections (金华's line 179: the 财神 discard in section 3, the pong restriction
    in section 4). The row of the page's refusal-code table naming ``code`` may pin its
    section (``(section 4)``, ``（第 4 节）``), and the pin wins over the first citing
    section; the English and Chinese pages number their sections alike."""
    from games.registry import GAMES

    found = _CITATION.search(rule)
    if found is None:
        return None
    seed_file, line = found["file"], int(found["first"])
    owner = seed_game(seed_file, line)
    if game and owner != game:
        spec = GAMES.get(game)
        own = _CITATION.search(spec.shared_rules().get(f"{seed_file}:{line}", "")) if spec else None
        if own is None:
            return None
        seed_file, line = own["file"], int(own["first"])
        owner = seed_game(seed_file, line)
    spec = GAMES.get(owner or "")
    if spec is None:
        return None
    names = [f"{spec.key}.zh.md", f"{spec.key}.md"] if lang.startswith("zh") else [f"{spec.key}.md"]
    page = next((rules_dir / n for n in names if (rules_dir / n).is_file()), None)
    if page is None:
        return None
    lines = page.read_text(encoding="utf-8").splitlines()
    pinned = _pinned_section(lines, code) if code else None
    for text in lines if pinned is not None else ():
        if text.startswith("## ") and _number(text[3:]) == pinned:
            return f"{spec.title_zh} · {_CODE_NOTE.sub('', text[3:]).strip()}"
    heading = None
    for text in lines:
        if text.startswith("## "):
            if text[3:].strip().startswith(DEVELOPER_HEADINGS):
                break  # the developers' section is not for players
            # a heading's code pointers ("(games/tricks)", "(option `deal`)") are for developers
            heading = _CODE_NOTE.sub("", text[3:]).strip()
            # and a heading's own citation ("## 5. Kongs (jintan-mahjong.txt:61-79)") counts
        if heading is None:
            continue
        for cited in _PAGE_CITATION.finditer(text):
            if cited["file"] != seed_file:
                continue
            for part in cited["lines"].split(","):
                first, _, last = part.replace("–", "-").partition("-")
                if int(first) <= line <= int(last or first):
                    return f"{spec.title_zh} · {heading}"
    return None


#: a refusal-code table row's pin: ``(section 4)``, ``（第 4 节）``
_PIN = re.compile(r"\bsection ([0-9]+)\b|第\s*([0-9]+)\s*节")
_NUMBERED = re.compile(r"([0-9]+)\.\s")


def _number(heading: str) -> int | None:
    """``4`` for the heading ``4. The turn and claims`` (``None`` if unnumbered)."""
    found = _NUMBERED.match(heading.strip())
    return int(found[1]) if found else None


def _pinned_section(lines: list[str], code: str) -> int | None:
    """The section number pinned for refusal ``code`` by its row in the page's developers'
    refusal-code table (a row whose first cell names `` `code` ``), else ``None``."""
    developers = False
    for text in lines:
        if text.startswith("## "):
            developers = text[3:].strip().startswith(DEVELOPER_HEADINGS)
        if not developers or not text.startswith("|"):
            continue
        cells = text.strip().strip("|").split("|")
        if f"`{code}`" not in cells[0] or len(cells) < 2:
            continue
        found = _PIN.search(cells[-1])
        return int(found[1] or found[2]) if found else None
    return None


#: a seed citation in running text, in brackets or not: ``(dagunzi.txt:18, 41)``,
#: ``（:3-5）``, ``, jintan-mahjong.txt:129``
_CITED = re.compile(
    r"\s*[(（]\s*(?:[\w.-]*\.txt:[0-9\s,，、:.\-–]*)+[)）]"
    r"|[,，]?\s*[\w.-]+\.txt:[0-9]+(?:\s*[-–]\s*[0-9]+)?(?:\s*,\s*[0-9]+(?:\s*[-–]\s*[0-9]+)?)*"
)


def without_citations(text: str) -> str:
    """``text`` for players: seed citations (``pajiwo.txt:101``, bracketed or inline)
    removed, since players are pointed at the rules page's sections, never at seed files."""
    return _EMPTY.sub("", _CITED.sub("", text))


#: brackets left empty once their citations are gone: ``（）``, ``(, )``
_EMPTY = re.compile(r"\s*[(（][\s,，、;；]*[)）]")
