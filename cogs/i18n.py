"""Languages on Discord: the command Translator, over the shared catalogues.

The catalogues themselves (``present/locales/<lang>/LC_MESSAGES/<domain>.po``, read with
Babel), ``tr``, ``ntr`` (plurals), ``template``, ``lang_of``, ``is_zh`` (:mod:`present.i18n`)
and ``refusal_text`` (:mod:`present.refusals`) are shared with the terminal; this module
re-exports them for the cogs and adds what only Discord needs: :class:`PaijuTranslator`,
discord.py's ``app_commands.Translator``. The ``commands`` domain (``zh_CN`` only) maps each
English command string of the cogs to its Chinese form (converted for zh-TW).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from cogs.inert import echo
from present.games import game_title
from present.i18n import (
    COMMAND_ZH,
    LOCALES_DIR,
    MESSAGES,
    PLURALS,
    WRITTEN,
    Catalogue,
    CatalogueError,
    Lang,
    has_message,
    is_zh,
    lang_of,
    load_catalogue,
    ntr,
    template,
    tr,
)
from present.refusals import refusal_text as _refusal_text
from present.zh_variant import to_traditional

__all__ = [
    "COMMAND_ZH",
    "LOCALES_DIR",
    "MESSAGES",
    "PLURALS",
    "WRITTEN",
    "Catalogue",
    "CatalogueError",
    "Lang",
    "PaijuTranslator",
    "has_message",
    "is_zh",
    "lang_of",
    "load_catalogue",
    "ntr",
    "refusal_text",
    "result_line",
    "template",
    "tr",
]

log = logging.getLogger(__name__)


class PaijuTranslator(app_commands.Translator):
    """Chinese names, descriptions and choice names of the commands, from the ``commands``
    catalogue (zh-CN as written, zh-TW converted to traditional characters).

    English locales use the strings as written. A string with no entry is left
    untranslated (``None``), and logged once, so a missing entry is visible.
    """

    def __init__(self) -> None:
        self._missing: set[str] = set()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lg = lang_of(locale)
        if lg == "en":
            return None
        game = string.extras.get("game")
        if game is not None:  # a game's choice name: the game's name in the reader's script
            return game_title(game, lg)
        key = string.extras.get("key", string.message)
        zh = COMMAND_ZH.get(key)
        if zh is None:
            if key not in self._missing:
                self._missing.add(key)
                log.debug("no Chinese for command string %r", key)
            return None
        return zh if lg == "zh" else to_traditional(zh, lg)


def refusal_text(lang: object, error: BaseException) -> str:
    """A refusal in the reader's language (:func:`present.refusals.refusal_text`), the
    player's own input repeated in it cut and inert (no markdown, mention or link)."""
    return _refusal_text(lang, error, echo)


def result_line(lang: object, text: str) -> str:
    """The table's final line for a match result ``text``: ``Result: …`` (``结果：…``), but
    the text alone when it already says the match is over ("Match over: …", not "Result: Match
    over: …")."""
    over = tr(lang, "event.match_over", text="").rstrip(":： ")
    if over and text.startswith(over):
        return text
    return tr(lang, "table.result", text=text)
