"""Languages: English, 简体中文 and 繁體中文 for every command string and message.

Messages live in gettext catalogues, ``cogs/locales/<lang>/LC_MESSAGES/<domain>.po``,
read with Babel (``babel.messages.pofile``). Why gettext ``.po`` through Babel rather
than Fluent: ``.po`` is the format every translation tool and platform reads and
writes, Babel is the Pallets-maintained standard Python library for it (Fluent's
Python runtime has had no release since 2023), and our messages need nothing Fluent
adds (no plurals in Chinese; English counts are written around). The ``.po`` files
are read directly (no compiled ``.mo`` to keep in step).

* Languages written by hand: ``en`` and ``zh_CN`` (simplified). Traditional Chinese
  (``zh-TW``, ``zh-HK``) is the simplified text converted by OpenCC
  (:mod:`cogs.zh_variant`), never a third catalogue.
* Domains, one file per area and per game, each in every language: ``core``,
  ``lobby``, ``table``, ``info``, ``refusals`` (host and front-end refusal codes),
  ``tricks`` (the trick-taking family, ``games/tricks/``), ``pajiwo``; a new game adds
  ``<game key>.po`` beside them and edits none of them. Every ``.po`` file found is
  loaded; a key defined in two domains is an error (:class:`CatalogueError`).
* ``msgid`` is a stable key (``"err.not_your_turn"``, ``"lobby.joined"``), ``msgstr`` the
  text with ``str.format`` placeholders. Refusals from the host
  (``bot.errors.TableError``) and from the rules (``games.base.IllegalAction``) are
  translated by ``code`` (``err.<code>``) with :func:`refusal_text`; the Chinese detail
  comes from ``detail.<code>`` (or ``detail.<code>.<reason>`` for a refusal whose
  params name a ``reason``) filled from the refusal's params. An unknown code falls
  back to the English message the refusal carries, so nothing is ever lost.
* Commands: the ``commands`` domain (``zh_CN`` only) maps each English command string
  of the cogs (``msgid``) to its Chinese form; :class:`PaijuTranslator`, discord.py's
  ``app_commands.Translator``, serves it (converted for zh-TW).

The games' own terms (扒鸡窝, 亮主, 反主, 扣底 …) stay Chinese in both languages.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import discord
from babel.messages.pofile import read_po
from discord import app_commands

from cogs.rule_links import rule_section
from cogs.zh_variant import is_traditional, to_traditional

__all__ = [
    "COMMAND_ZH",
    "LOCALES_DIR",
    "MESSAGES",
    "WRITTEN",
    "Catalogue",
    "CatalogueError",
    "PaijuTranslator",
    "has_message",
    "is_zh",
    "lang_of",
    "load_catalogue",
    "refusal_text",
    "template",
    "tr",
]

log = logging.getLogger(__name__)

Lang = str
"""``"en"``, ``"zh"`` (simplified), ``"zh-TW"`` or ``"zh-HK"`` (traditional, converted)."""

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
WRITTEN: dict[str, str] = {"en": "en", "zh": "zh_CN"}
"""The languages written by hand: :data:`Lang` -> catalogue directory."""
COMMANDS_DOMAIN = "commands"


class CatalogueError(ValueError):
    """A catalogue that cannot be used: a key in two domains, or a file Babel cannot read."""


@dataclass(frozen=True)
class Catalogue:
    """The loaded catalogues.

    ``messages[lang][key]`` is the text (``lang`` in :data:`WRITTEN`), ``domains[lang][key]``
    the file it came from, ``commands`` the ``commands`` domain (English -> Chinese).
    """

    messages: dict[str, dict[str, str]]
    domains: dict[str, dict[str, str]]
    commands: dict[str, str]


def load_catalogue(root: Path = LOCALES_DIR) -> Catalogue:
    """Read every ``root/<lang>/LC_MESSAGES/*.po`` of the :data:`WRITTEN` languages.

    Raises :class:`CatalogueError` when a key is defined in two domains of one language.
    """
    messages: dict[str, dict[str, str]] = {}
    domains: dict[str, dict[str, str]] = {}
    commands: dict[str, str] = {}
    for lang, folder in WRITTEN.items():
        messages[lang], domains[lang] = {}, {}
        for path in sorted((root / folder / "LC_MESSAGES").glob("*.po")):
            with path.open("rb") as fh:
                try:
                    catalog = read_po(fh, locale=folder, domain=path.stem)
                except Exception as exc:  # Babel raises several kinds for a broken file
                    raise CatalogueError(f"{path}: {exc}") from exc
            for message in catalog:
                if not message.id or not isinstance(message.id, str):
                    continue  # the header, or a plural form (not used)
                text = str(message.string or "")
                if path.stem == COMMANDS_DOMAIN:
                    commands[message.id] = text
                    continue
                if message.id in domains[lang]:
                    raise CatalogueError(
                        f"{message.id!r} is in both {domains[lang][message.id]}.po and"
                        f" {path.stem}.po ({folder}): a key lives in one domain"
                    )
                messages[lang][message.id] = text
                domains[lang][message.id] = path.stem
    return Catalogue(messages, domains, commands)


CATALOGUE = load_catalogue()
MESSAGES: dict[str, tuple[str, str]] = {
    key: (en, CATALOGUE.messages["zh"].get(key) or en)
    for key, en in CATALOGUE.messages["en"].items()
}
"""``key -> (English, simplified Chinese)``, for reading; a Chinese gap shows English (and
fails ``tests/discord/test_catalogue.py``)."""
COMMAND_ZH: dict[str, str] = CATALOGUE.commands


def lang_of(locale: discord.Locale | str | None) -> Lang:
    """The :data:`Lang` of a Discord locale or a language tag; idempotent on a ``Lang``.

    ``zh-TW`` (and ``zh-Hant``) -> ``"zh-TW"``, ``zh-HK``/``zh-MO`` -> ``"zh-HK"``, any
    other Chinese -> ``"zh"``, everything else -> ``"en"``.
    """
    if locale is None:
        return "en"
    value = locale.value if isinstance(locale, discord.Locale) else str(locale)
    if not value.lower().startswith("zh"):
        return "en"
    if not is_traditional(value):
        return "zh"
    return "zh-HK" if value.replace("_", "-").lower().endswith(("-hk", "-mo")) else "zh-TW"


def is_zh(locale: discord.Locale | str | None) -> bool:
    """True for every Chinese language, simplified or traditional."""
    return lang_of(locale) != "en"


@cache
def template(lang: Lang | discord.Locale | None, key: str) -> str | None:
    """The text of ``key`` in ``lang`` before formatting, or ``None`` for an unknown key.

    Traditional Chinese is the simplified text converted by OpenCC; a Chinese gap gives
    the English text.
    """
    pair = MESSAGES.get(key)
    if pair is None:
        return None
    lg = lang_of(lang)
    if lg == "en":
        return pair[0]
    return pair[1] if lg == "zh" else to_traditional(pair[1], lg)


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


class _SafeParams(dict[str, Any]):
    def __missing__(self, key: str) -> Any:
        raise KeyError(key)


def tr(lang: Lang | discord.Locale | None, key: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (a :data:`Lang` or a discord Locale), formatted.

    An unknown key or a missing param gives the English template (or the key)
    rather than an exception: a message is never lost to a catalogue gap.
    """
    text = template(lang, key)
    if text is None:
        log.warning("no message %r", key)
        return key
    try:
        return text.format_map(_SafeParams(params))
    except (KeyError, IndexError, ValueError):
        try:
            return MESSAGES[key][0].format_map(_SafeParams(params))
        except (KeyError, IndexError, ValueError):
            return text


def _kind_name(lang: Lang, kind: str) -> str:
    return tr(lang, f"kind.{kind}") if f"kind.{kind}" in MESSAGES else kind


def has_message(key: str) -> bool:
    return key in MESSAGES


def refusal_text(lang: Lang | discord.Locale | None, error: BaseException) -> str:
    """A refusal naming the rule, translated by ``error.code`` and ``error.params``.

    Works for ``bot.errors.TableError`` and ``games.base.IllegalAction`` (both
    carry ``code``, ``message``, ``params``; an IllegalAction may carry ``rule``).
    """
    code = str(getattr(error, "code", "") or "")
    message = str(getattr(error, "message", "") or error)
    raw_params = getattr(error, "params", None)
    params: dict[str, Any] = dict(raw_params) if isinstance(raw_params, Mapping) else {}
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
