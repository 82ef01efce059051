"""Refusals in the reader's language, for every front end.

A refusal from the host (``bot.errors.TableError``) or the rules (``games.base.IllegalAction``)
carries a stable ``code``, an English ``message``, ``params`` and, from the rules, the seed line
it comes from (``rule``). :func:`refusal_text` translates it by ``code`` (``err.<code>``); the
Chinese detail comes from ``detail.<code>`` (or ``detail.<code>.<reason>``) filled from the
params, and the rules page's section is named (:mod:`present.rule_links`), never the seed file.
An unknown code falls back to the English message, so nothing is ever lost.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from present.i18n import MESSAGES, Lang, _SafeParams, has_message, is_zh, lang_of, template, tr
from present.message import Msg, Reader, render
from present.rule_links import rule_section
from present.tiles import tile_name, tile_names
from present.zh_variant import is_traditional, to_traditional

__all__ = ["refusal_text"]


def _kind_name(lang: Lang, kind: str) -> str:
    return tr(lang, f"kind.{kind}") if f"kind.{kind}" in MESSAGES else kind


MESSAGE_LIMIT = 400  # characters of a refusal's own English message (it may quote input)
# params that name the engine's own terms (looked up, never shown as typed)
_ENGINE_PARAMS = frozenset({"kind", "kinds", "suit", "rule", "reason"})
#: params that list the engine's own names (``"base, bot_level, chengbao"``): never cut (a cut
#: list hides names the reader needs) and, in Chinese, listed with 、
_ENGINE_LISTS = frozenset({"known", "choices", "presets"})


def _echoed(name: str, value: object) -> bool:
    """True for a param that may repeat input: text, containers, a number of many digits."""
    if name in _ENGINE_PARAMS or name in _ENGINE_LISTS:
        return False
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) >= 10**15
    return isinstance(value, (str, dict, list, tuple))


ECHO_LIMIT = 100  # characters of the player's input repeated in a refusal


def cut(text: object, limit: int = ECHO_LIMIT) -> str:
    """The player's input to repeat: at most ``limit`` characters (then "…"), as typed."""
    raw = str(text)
    return raw if len(raw) <= limit else raw[: limit - 1] + "…"


#: params that name mahjong tiles in engine notation (``"9p"``, ``"5s 6s"``, ``"5s 6s; 6s 8s"``):
#: named in full in the reader's language (:mod:`present.tiles`), as everywhere else
_TILE_PARAMS = frozenset({"tile", "tiles", "claimed", "options"})


def _tiles_named(lang: Lang, text: str) -> str:
    """``"5s 6s; 6s 8s"`` -> ``"5 Bamboo, 6 Bamboo; 6 Bamboo, 8 Bamboo"``
    (``五条 六条；六条 八条``): each group of tile codes named in full; text that is not
    tiles is kept as it is."""
    groups = []
    for group in text.split(";"):
        codes = group.split()
        named = [tile_name(lang, c) for c in codes]
        groups.append(tile_names(lang, codes) if codes and named != codes else group.strip())
    return ("；" if is_zh(lang) else "; ").join(groups)


def refusal_text(
    lang: object, error: BaseException, echo: Callable[..., str] = cut, game: str = ""
) -> str:
    """A refusal naming the rule, translated by ``error.code`` and ``error.params``.

    Works for ``bot.errors.TableError`` and ``games.base.IllegalAction`` (both
    carry ``code``, ``message``, ``params``; an IllegalAction may carry ``rule``).
    ``echo(text, limit=ECHO_LIMIT)`` shows the player's own input repeated in it: cut (the
    default, for the terminal) or cut and made inert (Discord, ``cogs.inert.echo``).
    ``game`` (else the error's own ``game``): the key of the game played, whose rules page
    the refusal points at, even when a shared engine cites another game's seed.
    """
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
    if is_zh(lg):
        for name in _ENGINE_LISTS & params.keys():
            if isinstance(params[name], str):
                params[name] = params[name].replace(", ", "、")
    tiled = False
    for name in _TILE_PARAMS & params.keys():
        if isinstance(params[name], str):
            named = _tiles_named(lg, params[name])
            tiled = tiled or named != params[name]
            params[name] = named
    if (lg != "en" or tiled) and not isinstance(getattr(error, "said", None), Msg):
        # the Chinese detail from the params (English keeps the message, which may say more,
        # unless it names tiles, which the engine's message writes as codes):
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
    said = getattr(error, "said", None)
    if isinstance(said, Msg):  # the front end's own reason (bot.typed), in the reader's words
        quoted = {k: echo(v) if isinstance(v, str) else v for k, v in said.params.items()}
        params["message"] = render(Reader(lg, []), Msg(said.id, quoted))
    if has_message(key):
        text = tr(lg, key, **params)
    elif lg != "en":
        text = tr(lg, "err.illegal", message=message)
    else:
        text = message
    rule = getattr(error, "rule", "") or params.get("rule", "")
    game = game or str(getattr(error, "game", "") or "")
    section = rule_section(str(rule), lg, game=game, code=rule_code or code) if rule else None
    if section and is_traditional(lg):
        section = to_traditional(section, lg)
    if lg == "en" and text[:1].islower():  # a refusal that is the engine's message: a sentence
        text = text[0].upper() + text[1:]
    if section:  # the rules page's section, never the seed file (present/rule_links.py)
        sep = "" if lg != "en" else " "
        text = f"{text}{sep}{tr(lg, 'rule_ref', rule=section)}"
    return text
