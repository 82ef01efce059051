"""Languages: the message catalogues every front end reads, English / 简体中文 / 繁體中文.

Messages live in gettext catalogues, ``<LOCALES_DIR>/<lang>/LC_MESSAGES/<domain>.po``, read
with Babel (``babel.messages.pofile``) directly (no compiled ``.mo`` to keep in step).

* Languages written by hand: ``en`` and ``zh_CN`` (simplified). Traditional Chinese (``zh-TW``,
  ``zh-HK``) is the simplified text converted by OpenCC (:mod:`present.zh_variant`).
* Domains, one file per area and per game, each in every language; a key defined in two
  domains is an error (:class:`CatalogueError`).
* ``msgid`` is a stable key (``"lobby.joined"``), ``msgstr`` the text with ``str.format``
  placeholders. A message with ``msgid_plural`` has one form per plural category of the
  language (English two, Chinese one): :func:`ntr` picks the form for a count, as gettext's
  ``ngettext`` does, so "1 card" / "2 cards" never come from string joins.
* Commands: the ``commands`` domain (``zh_CN`` only) maps each English command string of the
  cogs to its Chinese form (``COMMAND_ZH``; served by ``cogs.i18n.PaijuTranslator``).

The games' own terms (扒鸡窝, 亮主, 反主, 扣底 …) stay Chinese in both languages.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

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
    "has_message",
    "is_zh",
    "lang_of",
    "load_catalogue",
    "ntr",
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

    ``messages[lang][key]`` is the text (``lang`` in :data:`WRITTEN`; for a plural message its
    singular form), ``plurals[lang][key]`` every form of a plural message (one per plural
    category of the language, in gettext's order), ``domains[lang][key]`` the file it came
    from, ``commands`` the ``commands`` domain (English -> Chinese).
    """

    messages: dict[str, dict[str, str]]
    domains: dict[str, dict[str, str]]
    commands: dict[str, str]
    plurals: dict[str, dict[str, tuple[str, ...]]]


def load_catalogue(root: Path = LOCALES_DIR) -> Catalogue:
    """Read every ``root/<lang>/LC_MESSAGES/*.po`` of the :data:`WRITTEN` languages.

    Raises :class:`CatalogueError` when a key is defined in two domains of one language or a
    file cannot be read.
    """
    messages: dict[str, dict[str, str]] = {}
    domains: dict[str, dict[str, str]] = {}
    plurals: dict[str, dict[str, tuple[str, ...]]] = {}
    commands: dict[str, str] = {}
    for lang, folder in WRITTEN.items():
        messages[lang], domains[lang], plurals[lang] = {}, {}, {}
        for path in sorted((root / folder / "LC_MESSAGES").glob("*.po")):
            with path.open("rb") as fh:
                try:
                    catalog = read_po(fh, locale=folder, domain=path.stem)
                except Exception as exc:  # Babel raises several kinds for a broken file
                    raise CatalogueError(f"{path}: {exc}") from exc
            for message in catalog:
                if not message.id:
                    continue  # the header
                if isinstance(message.id, tuple | list):  # msgid + msgid_plural
                    key = str(message.id[0])
                    forms = tuple(str(s or "") for s in (message.string or ()))
                    text = forms[0] if forms else ""
                    plurals[lang][key] = forms
                else:
                    key = str(message.id)
                    text = str(message.string or "")
                if path.stem == COMMANDS_DOMAIN:
                    commands[key] = text
                    continue
                if key in domains[lang]:
                    raise CatalogueError(
                        f"{key!r} is in both {domains[lang][key]}.po and"
                        f" {path.stem}.po ({folder}): a key lives in one domain"
                    )
                messages[lang][key] = text
                domains[lang][key] = path.stem
    return Catalogue(messages, domains, commands, plurals)


CATALOGUE = load_catalogue()
MESSAGES: dict[str, tuple[str, str]] = {
    key: (en, CATALOGUE.messages["zh"].get(key) or en)
    for key, en in CATALOGUE.messages["en"].items()
}
"""``key -> (English, simplified Chinese)``, for reading; a Chinese gap shows English (and
fails ``tests/discord/test_catalogue.py``)."""
PLURALS: dict[str, dict[str, tuple[str, ...]]] = CATALOGUE.plurals
"""``lang -> key -> forms`` of the plural messages (``en``: singular, plural; ``zh``: one)."""
COMMAND_ZH: dict[str, str] = CATALOGUE.commands


def lang_of(locale: object) -> Lang:
    """The :data:`Lang` of a language tag or a Discord locale (anything with a ``value``);
    idempotent on a ``Lang``.

    ``zh-TW`` (and ``zh-Hant``) -> ``"zh-TW"``, ``zh-HK``/``zh-MO`` -> ``"zh-HK"``, any other
    Chinese -> ``"zh"``, everything else (``None`` too) -> ``"en"``.
    """
    if locale is None:
        return "en"
    value = str(getattr(locale, "value", locale))
    if not value.lower().startswith("zh"):
        return "en"
    if not is_traditional(value):
        return "zh"
    return "zh-HK" if value.replace("_", "-").lower().endswith(("-hk", "-mo")) else "zh-TW"


def is_zh(locale: object) -> bool:
    """True for every Chinese language, simplified or traditional."""
    return lang_of(locale) != "en"


@cache
def template(lang: object, key: str) -> str | None:
    """The text of ``key`` in ``lang`` before formatting, or ``None`` for an unknown key.

    Traditional Chinese is the simplified text converted by OpenCC; a Chinese gap gives the
    English text.
    """
    pair = MESSAGES.get(key)
    if pair is None:
        return None
    lg = lang_of(lang)
    if lg == "en":
        return pair[0]
    return pair[1] if lg == "zh" else to_traditional(pair[1], lg)


class _SafeParams(dict[str, Any]):
    def __missing__(self, key: str) -> Any:
        raise KeyError(key)


def _format(text: str, key: str, params: dict[str, Any]) -> str:
    try:
        return text.format_map(_SafeParams(params))
    except (KeyError, IndexError, ValueError):
        try:
            return MESSAGES[key][0].format_map(_SafeParams(params))
        except (KeyError, IndexError, ValueError):
            return text


def tr(lang: object, key: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (a :data:`Lang` or a Discord locale), formatted.

    An unknown key or a missing param gives the English template (or the key) rather than an
    exception: a message is never lost to a catalogue gap.
    """
    text = template(lang, key)
    if text is None:
        log.warning("no message %r", key)
        return key
    return _format(text, key, dict(params))


@cache
def _plural_template(lang: Lang, key: str, n: int) -> str | None:
    written = "zh" if lang != "en" else "en"
    forms = PLURALS.get(written, {}).get(key) or PLURALS["en"].get(key)
    if not forms:
        return template(lang, key)
    # one form (Chinese), or English's two: one, other
    text = forms[0] if len(forms) == 1 or n == 1 else forms[1]
    return text if lang in ("en", "zh") else to_traditional(text, lang)


def ntr(lang: object, key: str, n: int, /, **params: Any) -> str:
    """The plural message ``key`` for the count ``n`` in ``lang``, formatted with ``n`` and
    ``params``: gettext's ``ngettext`` (``"{n} card"`` / ``"{n} cards"``; Chinese has one
    form). A key without plural forms is formatted as :func:`tr` does."""
    lg = lang_of(lang)
    text = _plural_template(lg, key, abs(int(n)) if isinstance(n, int) else 0)
    if text is None:
        log.warning("no message %r", key)
        return key
    return _format(text, key, {"n": n, **params})


def has_message(key: str) -> bool:
    """True when ``key`` is in the catalogues."""
    return key in MESSAGES
