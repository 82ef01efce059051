"""The rules pages: ``docs/rules/<game>.md`` (``<game>.zh.md`` for Chinese readers) as HTML.

Rendered with markdown-it-py (CommonMark with tables; raw HTML in the source is escaped, not
passed through). Links between the pages (``pajiwo.zh.md#section``) become the site's
(``/rules/pajiwo?lang=zh#section``) and pictures (``img/x.png``) are served from
``/rules/img/``. Traditional Chinese readers get the simplified page converted by OpenCC, as
``/rules`` on Discord does. Pages are cached by file and modification time.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from markdown_it import MarkdownIt

from games.registry import GAMES
from present.i18n import is_zh, lang_of
from present.zh_variant import is_traditional, to_traditional

__all__ = ["RULES_DIR", "rules_games", "rules_html", "rules_picture", "rules_title"]

RULES_DIR = Path(__file__).resolve().parent.parent / "docs" / "rules"

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")
_PAGE_LINK = re.compile(r'href="([a-z]+)(\.zh)?\.md(#[^"]*)?"')
_PICTURE = re.compile(r'src="img/([A-Za-z0-9_.-]+\.png)"')
_NAME = re.compile(r"[a-z]+")


def rules_games(rules_dir: Path = RULES_DIR) -> list[str]:
    """The games with a rules page, in the registry's order."""
    return [key for key in GAMES if (rules_dir / f"{key}.md").is_file()]


def _page(game: str, lang: str, rules_dir: Path) -> Path | None:
    if not _NAME.fullmatch(game):
        return None
    if is_zh(lang):
        zh = rules_dir / f"{game}.zh.md"
        if zh.is_file():
            return zh
    page = rules_dir / f"{game}.md"
    return page if page.is_file() else None


def _link(match: re.Match[str]) -> str:
    lang = "?lang=zh" if match.group(2) else "?lang=en"
    return f'href="/rules/{match.group(1)}{lang}{match.group(3) or ""}"'


@cache
def _render(path: Path, stamp: float, lang: str) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    if is_traditional(lang):
        text = to_traditional(text, lang)
    title = next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), "")
    html = _MD.render(text)
    html = _PAGE_LINK.sub(_link, html)
    html = _PICTURE.sub(r'src="/rules/img/\1" loading="lazy"', html)
    html = html.replace("<table>", '<div class="wide"><table>').replace(
        "</table>", "</table></div>"
    )
    return title, html


def rules_html(game: str, lang: str, rules_dir: Path = RULES_DIR) -> tuple[str, str] | None:
    """``(title, HTML)`` of ``game``'s rules in ``lang``, or ``None`` for an unknown game."""
    page = _page(game, lang, rules_dir)
    if page is None:
        return None
    lg = lang_of(lang)
    return _render(page, page.stat().st_mtime, lg if is_traditional(lg) else "plain")


def rules_title(game: str, lang: str, rules_dir: Path = RULES_DIR) -> str:
    found = rules_html(game, lang, rules_dir)
    return found[0] if found else game


def rules_picture(name: str, rules_dir: Path = RULES_DIR) -> Path | None:
    """A picture of the rules pages by file name (``pajiwo-follow.png``), or ``None``."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+\.png", name):
        return None
    path = rules_dir / "img" / name
    return path if path.is_file() else None
