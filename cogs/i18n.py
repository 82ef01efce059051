"""Languages on Discord: the command Translator and refusals, over :mod:`present.i18n`.

The catalogues themselves (``present/locales/<lang>/LC_MESSAGES/<domain>.po``, read with
Babel), ``tr``, ``ntr`` (plurals), ``template``, ``lang_of`` and ``is_zh`` live in
:mod:`present.i18n`, shared with the terminal; this module re-exports them for the cogs and
adds what only Discord needs:

* :class:`PaijuTranslator`, discord.py's ``app_commands.Translator``: the ``commands`` domain
  (``zh_CN`` only) maps each English command string of the cogs to its Chinese form
  (converted for zh-TW).
* :func:`refusal_text`: refusals from the host (``bot.errors.TableError``) and from the rules
  (``games.base.IllegalAction``) translated by ``code`` (``err.<code>``); the Chinese detail
  comes from ``detail.<code>`` (or ``detail.<code>.<reason>``) filled from the refusal's
  params, and the rules page's section is named (:mod:`cogs.rule_links`), never a seed file.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from cogs.rule_links import rule_section
from present.i18n import (
    COMMAND_ZH,
    LOCALES_DIR,
    MESSAGES,
    PLURALS,
    WRITTEN,
    Catalogue,
    CatalogueError,
    Lang,
    _SafeParams,
    has_message,
    is_zh,
    lang_of,
    load_catalogue,
    ntr,
    template,
    tr,
)
from present.zh_variant import is_traditional, to_traditional

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
        key = string.extras.get("key", string.message)
        zh = COMMAND_ZH.get(key)
        if zh is None:
            if key not in self._missing:
                self._missing.add(key)
                log.debug("no Chinese for command string %r", key)
            return None
        return zh if lg == "zh" else to_traditional(zh, lg)


def _kind_name(lang: Lang, kind: str) -> str:
    return tr(lang, f"kind.{kind}") if f"kind.{kind}" in MESSAGES else kind


MESSAGE_LIMIT = 400  # characters of a refusal's own English message (it may quote input)
# params that name the engine's own terms (looked up, never shown as typed)
_ENGINE_PARAMS = frozenset({"kind", "kinds", "suit", "rule", "reason"})


def _echoed(name: str, value: object) -> bool:
    """True for a param that may repeat input: text, containers, a number of many digits."""
    if name in _ENGINE_PARAMS:
        return False
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) >= 10**15
    return isinstance(value, (str, dict, list, tuple))


def refusal_text(lang: Lang | discord.Locale | None, error: BaseException) -> str:
    """A refusal naming the rule, translated by ``error.code`` and ``error.params``.

    Works for ``bot.errors.TableError`` and ``games.base.IllegalAction`` (both
    carry ``code``, ``message``, ``params``; an IllegalAction may carry ``rule``).
    """
    from cogs.inert import echo

    code = str(getattr(error, "code", "") or "")
    # a refusal repeats what was typed (an option value, a preset, cards): the echo is cut
    # and inert, never the reply (issue 20 F7, F8)
    message = echo(getattr(error, "message", "") or error, MESSAGE_LIMIT)
    raw_params = getattr(error, "params", None)
    params: dict[str, Any] = dict(raw_params) if isinstance(raw_params, Mapping) else {}
    params = {k: echo(v) if _echoed(k, v) else v for k, v in params.items()}
    params.setdefault("message", message)
    key = f"err.{code}"
    rule_code = str(getattr(error, "rule_code", "") or "")
    if code == "illegal" and rule_code and has_message(f"err.{rule_code}"):
        key = f"err.{rule_code}"
    lg = lang_of(lang)
    if isinstance(params.get("kinds"), str):  # "play, pass" -> 出牌 / 过
        params["kinds"] = " / ".join(
            _kind_name(lg, k.strip()) for k in params["kinds"].split(",") if k.strip()
        )
    if isinstance(params.get("kind"), str):
        params["kind"] = _kind_name(lg, params["kind"])
    if isinstance(params.get("suit"), str) and has_message(f"term.{params['suit']}"):
        params["suit"] = tr(lg, f"term.{params['suit']}")  # "trump" -> 主牌
    if lg != "en":
        # the Chinese detail from the params (English keeps the message, which may say more):
        # detail.<code>.<reason> for a refusal that names a reason, else detail.<code>;
        # params of another shape keep the English message rather than lose it
        base = f"detail.{rule_code or code}"
        reason = params.get("reason")
        for detail_key in ([f"{base}.{reason}"] if isinstance(reason, str) else []) + [base]:
            detail = template(lg, detail_key)
            if detail is None:
                continue
            with contextlib.suppress(KeyError, IndexError, ValueError):
                params["message"] = detail.format_map(_SafeParams(params))
                break
    if has_message(key):
        text = tr(lg, key, **params)
    elif lg != "en":
        text = tr(lg, "err.illegal", message=message)
    else:
        text = message
    rule = getattr(error, "rule", "") or params.get("rule", "")
    section = rule_section(str(rule), lg) if rule else None
    if section and is_traditional(lg):
        section = to_traditional(section, lg)
    if section:  # the rules page's section, never the seed file (cogs/rule_links.py)
        sep = "" if lg != "en" else " "
        text = f"{text}{sep}{tr(lg, 'rule_ref', rule=section)}"
    return text
