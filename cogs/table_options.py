"""The ``/table options`` listing, in its reader's language.

Each option is described from the catalogues (``option.<game>.<name>`` in
``present/locales/<lang>/LC_MESSAGES/<game>_options.po``, or ``option.<name>`` in
``options.po`` for an option every game has, such as ``bot_level``), never from the engine's
English ``help`` (which cites seed lines a player cannot open). An option without a catalogue
entry falls back to that help with the citations removed, so nothing is lost.

A listing longer than one Discord message is sent as several, each cut between two lines
(between two words for a line that alone is too long), never inside a word or a bracket.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cogs.i18n import has_message, tr
from present.rule_links import without_citations

if TYPE_CHECKING:
    from bot.tables import Table

__all__ = ["MESSAGE_LIMIT", "chunks", "option_help", "options_lines"]

MESSAGE_LIMIT = 2000
"""Characters in one Discord message."""


def option_help(lang: str, game: str, name: str, fallback: str = "") -> str:
    """What option ``name`` of ``game`` means, in ``lang``; ``fallback`` (the engine's
    English help) without its seed citations when the catalogues have no entry."""
    for key in (f"option.{game}.{name}", f"option.{name}"):
        if has_message(key):
            return tr(lang, key)
    return without_citations(fallback)


def options_lines(table: Table, lang: str, table_lang_name: str) -> list[str]:
    """The listing's lines: title, preset and pace, the channel text's language (named in
    itself, ``table_lang_name``), then one line per option ``name = value — meaning``."""
    lines = [
        tr(lang, "options.title"),
        tr(lang, "options.preset_pace", preset=table.preset, pace=table.pace),
        tr(lang, "options.language", language=table_lang_name),
    ]
    try:
        described: list[dict[str, Any]] = table.engine_type.options_type.describe()
        current = table.resolved_options().to_dict()
    except Exception:  # an engine that cannot be loaded: its raw options, still shown
        described, current = [], dict(table.options)
    for opt in described:
        name = str(opt["name"])
        meaning = option_help(lang, table.game, name, str(opt.get("help") or ""))
        lines.append(f"`{name}` = `{current.get(name, opt['default'])}` — {meaning}")
    return lines


def chunks(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """``lines`` joined into messages of at most ``limit`` characters, cut between lines; a
    single line longer than ``limit`` is cut between words."""
    pieces: list[str] = []
    for line in lines:
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit  # one unbroken word: nothing better to do
            pieces.append(line[:cut])
            line = line[cut:].lstrip()
        pieces.append(line)
    out: list[str] = []
    for piece in pieces:
        if out and len(out[-1]) + 1 + len(piece) <= limit:
            out[-1] += "\n" + piece
        else:
            out.append(piece)
    return out
