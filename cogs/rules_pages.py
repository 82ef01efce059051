"""``/rules`` as pages: a rules page's player sections, one Discord message at a time.

A rules page (``docs/rules/<game>.md``, ``<game>.zh.md`` for Chinese readers) is written for
players, with a closing developers' section (``## For developers`` / ``## 写给开发者``) that
``/rules`` never shows. :func:`rules_pages` cuts the player sections into pages of at most
:data:`PAGE_CHARS` characters (a long section runs over several pages, cut between lines), the
first page led by the page's opening paragraph, with what a Discord message cannot show made
readable: soft-wrapped lines are joined, seed citations and links to other files are dropped (a
Discord user cannot open a repository path), table rows become lines, and a section's pictures
(``docs/rules/img``, drawn by the renderer) are attached to its first page.

:class:`RulesPageButton` (previous / next) and :class:`RulesSectionSelect` (jump to a section)
carry the game and the page in their ``custom_id``, so they keep working after a restart and
whoever clicks reads in their own language.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import discord

from cogs.i18n import lang_of, tr
from present.rule_links import DEVELOPER_HEADINGS, RULES_DIR, without_citations
from present.zh_variant import is_traditional, to_traditional

__all__ = [
    "DEVELOPER_HEADINGS",
    "PAGE_CHARS",
    "RulePage",
    "RulesPageButton",
    "RulesSectionSelect",
    "answer_unlisted",
    "page_message",
    "page_pictures",
    "rules_page",
    "rules_pages",
    "rules_reply",
    "rules_view",
]

PAGE_CHARS = 1800
"""The most characters of rules text on one page: Discord allows 2,000 in a message, and the
page's header (title, page number) needs the rest."""
SELECT_LABEL = 100  # Discord: a select option's label is at most 100 characters
SELECT_OPTIONS = 25  # ... and a select at most 25 options

_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_IMAGE_TARGET = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")
MAX_PICTURES = 10  # Discord: at most 10 attachments on a message
_LINK = re.compile(r"\[([^\]]*)\]\((?!https?:)[^)]*\)")  # a link to a file: keep its words
_EMPTY_BRACKETS = re.compile(r"\s*(?:\(\s*\)|（\s*）)")
_RULE_ROW = re.compile(r"^\s*\|?\s*:?-{2,}")


@dataclass(frozen=True)
class RulePage:
    """One message of ``/rules``: ``section`` (its index among the player sections),
    ``heading`` (the section's heading, without code notes), ``text`` (at most
    :data:`PAGE_CHARS` characters, Discord markdown) and ``pictures`` (the section's pictures,
    files beside the page, on the section's first page only); the first page also carries
    ``lead``, the page's opening paragraph (what the game is)."""

    section: int
    heading: str
    text: str
    pictures: tuple[Path, ...] = ()
    lead: str = ""


_ITEM = re.compile(r"^\s*(?:[-*] |\||!\[|#|[0-9]+\. |\*\*)")
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def _unwrap(lines: list[str]) -> list[str]:
    """The page's lines with each soft-wrapped paragraph or list item joined into one line:
    Discord shows every newline, so a page wrapped at 100 columns would read ragged on a phone
    (and a citation that began a wrapped line would leave its punctuation alone). Chinese is
    joined without a space."""
    out: list[str] = []
    for line in lines:
        joins = bool(out) and out[-1].strip() and line.strip() and not _ITEM.match(line)
        if joins and not out[-1].lstrip().startswith(("|", "![", "#")):
            before, after = out[-1].rstrip(), line.strip()
            cjk = _CJK.match(before[-1]) or _CJK.match(after[0])
            out[-1] = before + ("" if cjk else " ") + after
        else:
            out.append(line)
    return out


def _player_text(line: str, header: bool = False) -> str | None:
    """A page line as a Discord message shows it (see the module docstring); ``None`` for a
    line that shows nothing (a table's rule, a picture). ``header``: a table's header row,
    shown bold."""
    if _RULE_ROW.match(line) and set(line.strip()) <= set("|-: "):
        return None  # a table's header rule
    if _IMAGE.search(line) and not _IMAGE.sub("", line).strip():
        return None  # a picture alone on its line: Discord shows text
    line = _IMAGE.sub("", line)
    line = _LINK.sub(r"\1", line)
    line = without_citations(line)
    line = _EMPTY_BRACKETS.sub("", line)
    stripped = line.strip()
    if stripped.startswith("|") and stripped.endswith("|"):
        cells = [c.strip() for c in stripped.strip("|").split("|")]
        indent = line[: len(line) - len(line.lstrip())]
        row = " · ".join(c for c in cells if c)
        line = indent + (f"**{row}**" if header else row)
    if line.lstrip().startswith("### "):
        line = f"**{line.lstrip()[4:].strip()}**"
    return line.rstrip()


def _split(text: str, limit: int) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut between lines (a line longer
    than that between words, then anywhere)."""
    pieces: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > limit // 2 else limit
            head, line = line[:cut], line[cut:].lstrip()
            if current:
                pieces.append(current)
                current = ""
            pieces.append(head)
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        pieces.append(current)
    return [p.strip("\n") for p in pieces if p.strip()]


def rules_page(game: str, lang: str = "en", rules_dir: Path = RULES_DIR) -> Path | None:
    """The rules page of ``game`` for ``lang`` (``"en"``, ``"zh"``, ``"zh-TW"``…):
    ``<game>.zh.md`` for Chinese when it exists, else ``<game>.md``; ``None`` when there is
    neither."""
    chinese = lang.startswith("zh")  # zh, zh-TW, zh-HK: the Chinese page (converted later)
    names = [f"{game}.zh.md", f"{game}.md"] if chinese else [f"{game}.md"]
    return next((rules_dir / n for n in names if (rules_dir / n).is_file()), None)


def page_title(path: Path) -> str:
    """The page's title (its ``# `` line), or the file's stem."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.name.split(".")[0]


@lru_cache(maxsize=64)
def _pages_of(path: Path, stamp: float) -> tuple[RulePage, ...]:
    lines = _unwrap(path.read_text(encoding="utf-8").splitlines())
    sections: list[tuple[str, list[str]]] = []
    pictures: list[list[Path]] = []
    # the page's opening paragraph (what the game is) leads the first page, in italics; the rest
    # of the opening speaks of sources and is for reading on the page itself
    first_section = next((i for i, ln in enumerate(lines) if ln.startswith("## ")), len(lines))
    opening = next((ln for ln in lines[:first_section] if ln.strip() and ln[0] != "#"), "")
    lead = _player_text(opening) if opening else None
    for i, line in enumerate(lines):
        if line.startswith("## "):
            heading = line[3:].strip()
            if heading.startswith(DEVELOPER_HEADINGS):
                break  # the developers' section and whatever follows it are not for players
            sections.append(((_player_text(heading) or heading).strip(), []))
            pictures.append([])
        elif sections:
            for target in _IMAGE_TARGET.findall(line):
                picture = (path.parent / target).resolve()
                if picture.is_file() and picture.is_relative_to(path.parent.resolve()):
                    pictures[-1].append(picture)
            after = lines[i + 1] if i + 1 < len(lines) else ""
            header = line.lstrip().startswith("|") and bool(_RULE_ROW.match(after))
            shown = _player_text(line, header)
            if shown is not None:
                sections[-1][1].append(shown)
    pages: list[RulePage] = []
    lead_text = f"_{lead.strip()}_" if lead and lead.strip() else ""
    for index, (heading, body) in enumerate(sections):
        text = re.sub(r"\n{3,}", "\n\n", "\n".join(body)).strip()
        room = PAGE_CHARS - len(heading) - 8 - (len(lead_text) + 2 if index == 0 else 0)
        for n, piece in enumerate(_split(text, room) or [""]):
            attached = tuple(pictures[index][:MAX_PICTURES]) if n == 0 else ()
            first = lead_text if index == 0 and n == 0 else ""
            pages.append(RulePage(index, heading, piece, attached, first))
    return tuple(pages)


def rules_pages(game: str, lang: str = "en", rules_dir: Path = RULES_DIR) -> tuple[RulePage, ...]:
    """The player sections of ``game``'s rules page in ``lang`` (the Chinese page for every
    Chinese, still in simplified characters), as pages; ``()`` when the game has no page."""
    path = rules_page(game, lang, rules_dir)
    if path is None:
        return ()
    return _pages_of(path, path.stat().st_mtime)


def page_message(game: str, lang: str, number: int, rules_dir: Path = RULES_DIR) -> str | None:
    """The text of page ``number`` (from 0, clamped to the pages there are) of ``game``'s
    rules in ``lang``, within Discord's 2,000 characters; ``None`` when there is no page.
    Simplified Chinese: the caller converts it for zh-TW/zh-HK readers."""
    pages = rules_pages(game, lang, rules_dir)
    path = rules_page(game, lang, rules_dir)
    if not pages or path is None:
        return None
    number = max(0, min(number, len(pages) - 1))
    page = pages[number]
    header = f"**{page_title(path)}** · {tr(lang, 'rules.page', page=number + 1, pages=len(pages))}"
    lead = f"{page.lead}\n\n" if page.lead else ""
    text = f"{header}\n\n{lead}**{page.heading}**\n{page.text}".strip()
    return text[:2000]


class RulesPageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rules:(?P<game>[a-z0-9_]+):(?P<page>[0-9]+):(?P<way>prev|next)",
):
    """Previous / next page of ``/rules``; the custom_id names the page it opens."""

    def __init__(
        self, game: str, page: int, way: str, label: str = "", disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or way,
                style=discord.ButtonStyle.secondary,
                custom_id=f"rules:{game}:{page}:{way}",
                disabled=disabled,
            )
        )
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesPageButton:
        return cls(match["game"], int(match["page"]), match["way"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_page(interaction, self.game, self.page)


class RulesSectionSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"rules:(?P<game>[a-z0-9_]+):sections",
):
    """A menu of the page's sections; choosing one opens its first page."""

    def __init__(self, game: str, options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"rules:{game}:sections",
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulesSectionSelect:
        return cls(match["game"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values or ["0"]  # discord.py fills them from the interaction
        try:
            page = int(values[0])
        except ValueError:
            page = 0
        await show_page(interaction, self.game, page)


def rules_view(game: str, lang: str, number: int, rules_dir: Path = RULES_DIR) -> discord.ui.View:
    """Previous / next buttons and a section menu for page ``number`` of ``game``'s rules
    (labels in ``lang``, already converted for zh-TW/zh-HK by the caller's language)."""
    pages = rules_pages(game, lang, rules_dir)
    last = max(0, len(pages) - 1)
    number = max(0, min(number, last))
    view = discord.ui.View(timeout=None)
    prev, after = tr(lang, "rules.prev"), tr(lang, "rules.next")  # tr converts for zh-TW
    view.add_item(RulesPageButton(game, max(0, number - 1), "prev", prev, number == 0))
    view.add_item(RulesPageButton(game, min(last, number + 1), "next", after, number >= last))
    firsts: dict[int, int] = {}
    for i, page in enumerate(pages):
        firsts.setdefault(page.section, i)
    if len(firsts) > 1:
        current = pages[number].section if pages else 0
        options = [
            discord.SelectOption(
                label=_variant(lang, pages[first].heading)[:SELECT_LABEL] or "-",
                value=str(first),
                default=section == current,
            )
            for section, first in list(firsts.items())[:SELECT_OPTIONS]
        ]
        view.add_item(RulesSectionSelect(game, options))
    return view


def _variant(lang: str, text: str) -> str:
    return to_traditional(text, lang) if is_traditional(lang) else text


def page_pictures(game: str, lang: str, number: int, rules_dir: Path = RULES_DIR) -> list[Path]:
    """The picture files page ``number`` of ``game``'s rules shows (a section's pictures go on
    its first page), clamped like :func:`page_message`; ``[]`` for none."""
    pages = rules_pages(game, lang, rules_dir)
    if not pages:
        return []
    return list(pages[max(0, min(number, len(pages) - 1))].pictures)


async def rules_reply(
    lang: str, game: str, number: int, rules_dir: Path = RULES_DIR
) -> tuple[str, discord.ui.View, list[discord.File]] | None:
    """Page ``number`` of ``game``'s rules, its controls and its pictures for a reader of
    ``lang``; traditional Chinese is converted off the event loop (OpenCC's first load takes up
    to ~0.7 s)."""
    text = page_message(game, lang, number, rules_dir)
    if text is None:
        return None
    if is_traditional(lang):
        text = await asyncio.to_thread(to_traditional, text, lang)
        view = await asyncio.to_thread(rules_view, game, lang, number, rules_dir)
    else:
        view = rules_view(game, lang, number, rules_dir)
    files = [discord.File(p, filename=p.name) for p in page_pictures(game, lang, number, rules_dir)]
    return text, view, files


async def show_page(interaction: discord.Interaction, game: str, number: int) -> None:
    """Replace the ``/rules`` message the control is on with page ``number``."""
    lang = lang_of(interaction.locale)
    answer = await rules_reply(lang, game, number)
    if answer is None:
        await interaction.response.send_message(
            tr(lang, "rules.missing", game=game), ephemeral=True
        )
        return
    text, view, files = answer
    # the new page's pictures replace the old page's (none: the old ones go)
    await interaction.response.edit_message(content=text, view=view, attachments=files)


_PAGE_ID = re.compile(r"rules:(?P<game>[a-z0-9_]+):(?P<page>[0-9]+):(?:prev|next)")


def _walk(components: Any) -> Any:
    for comp in components or []:
        yield comp
        yield from _walk(getattr(comp, "children", None))


async def answer_unlisted(interaction: discord.Interaction) -> None:
    """Answer a ``/rules`` click whose control is not on its message (a crafted click), which
    discord.py drops without a word: a page control on a private message opens the page it
    names (clamped), anything else is refused as not valid (a public message is never
    rewritten)."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if interaction.type != discord.InteractionType.component or not custom_id.startswith("rules:"):
        return
    message = interaction.message
    if message is not None and any(
        getattr(c, "custom_id", None) == custom_id for c in _walk(message.components)
    ):
        return  # on its message: the dynamic item answers it
    found = _PAGE_ID.fullmatch(custom_id)
    # only a private message (a /rules reply) may turn into a rules page, never a table's
    if found is not None and message is not None and message.flags.ephemeral:
        await show_page(interaction, found["game"], int(found["page"]))
        return
    await interaction.response.send_message(
        tr(lang_of(interaction.locale), "err.bad_control"), ephemeral=True
    )


RULES_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (RulesPageButton, RulesSectionSelect)
"""The ``/rules`` controls, registered by :class:`cogs.info.InfoCog` when it loads."""
