"""The message catalogues (``present/locales/<lang>/LC_MESSAGES/<domain>.po``): every key in
every language, a message for every refusal code the engines, the host and the front end
can raise (found by reading their source, so a new code without a message fails here), no
English inside a Chinese refusal, and traditional Chinese converted from the simplified."""

from __future__ import annotations

import ast
import dataclasses
import string
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.errors import TableError
from bot.table_model import resolve_options, to_pace
from cogs.i18n import PaijuTranslator, refusal_text
from games.base import IllegalAction
from games.cards import Rank
from games.pajiwo import PajiwoGame
from games.registry import GAMES
from present.i18n import (
    CATALOGUE,
    COMMAND_ZH,
    LOCALES_DIR,
    WRITTEN,
    CatalogueError,
    lang_of,
    load_catalogue,
    tr,
)
from present.zh_variant import to_traditional

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    p for pkg in ("games", "present", "bot", "cogs") for p in sorted((ROOT / pkg).rglob("*.py"))
]

REFUSALS = ("IllegalAction", "TableError", "Refusal")
"""Constructors whose first argument (or ``code=``) is a refusal code, shown as ``err.<code>``."""
REASONS = {"OptionError": "bad_option", "PaceError": "bad_pace"}
"""Errors whose second argument (or ``reason=``) is a reason: ``detail.<code>.<reason>``."""


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _called(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _strings(node: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _values(arg: ast.expr, scope: ast.AST, where: str) -> set[str]:
    """The codes an argument can be: a constant, or a name assigned constants in its function."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return {arg.value}
    if isinstance(arg, ast.Name):
        found: set[str] = set()
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == arg.id for t in node.targets
            ):
                found |= _strings(node.value)
        if found:
            return found
    raise AssertionError(f"{where}: cannot read the code {ast.unparse(arg)!r} from the source")


def _argument(node: ast.Call, index: int, keyword: str) -> ast.expr | None:
    if len(node.args) > index:
        return node.args[index]
    return next((k.value for k in node.keywords if k.arg == keyword), None)


def _calls_in(node: ast.AST, scope: ast.AST, where: str) -> Iterator[tuple[str, ast.Call, ast.AST]]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Call):
            yield f"{where}:{child.lineno}", child, scope
        inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else scope
        yield from _calls_in(child, inner, where)


@cache
def _calls() -> list[tuple[str, ast.Call, ast.AST]]:
    """(file:line, call, enclosing function or module) for every call in the sources."""
    found: list[tuple[str, ast.Call, ast.AST]] = []
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += _calls_in(tree, tree, str(path.relative_to(ROOT)))
    return found


def _forwards_code(node: ast.Call, scope: ast.AST) -> bool:
    """True for a refusal made in a helper from its own ``code`` parameter (``_refuse(self,
    code, ...)`` in games/dagun): the helper's callers name the codes."""
    arg = _argument(node, 0, "code")
    if not isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    params = {a.arg for a in scope.args.posonlyargs + scope.args.args + scope.args.kwonlyargs}
    return isinstance(arg, ast.Name) and arg.id in params


@cache
def _refusal_helpers() -> frozenset[str]:
    """Names of the helpers that build a refusal from their ``code`` parameter."""
    return frozenset(
        scope.name  # type: ignore[attr-defined]
        for _where, node, scope in _calls()
        if _called(node) in REFUSALS and _forwards_code(node, scope)
    )


def refusal_codes() -> dict[str, str]:
    """``code -> file:line`` of every refusal code raised anywhere in games/, bot/, cogs/
    (directly, or through a helper that forwards its ``code`` parameter)."""
    codes: dict[str, str] = {}
    makers = set(REFUSALS) | _refusal_helpers()
    for where, node, scope in _calls():
        if _called(node) in makers and not _forwards_code(node, scope):
            arg = _argument(node, 0, "code")
            if arg is not None:
                for code in _values(arg, scope, where):
                    codes.setdefault(code, where)
    return codes


def reason_keys() -> dict[str, str]:
    """``detail.<code>.<reason> -> file:line`` for every reason an error can carry."""
    keys: dict[str, str] = {}
    for where, node, scope in _calls():
        name = _called(node)
        if name in REASONS:
            arg = _argument(node, 1, "reason")
            assert arg is not None, f"{where}: {name} without a reason cannot be translated"
            for reason in _values(arg, scope, where):
                keys.setdefault(f"detail.{REASONS[name]}.{reason}", where)
        elif name == "TableError" and len(node.args) >= 3 and isinstance(node.args[2], ast.Dict):
            code = node.args[0]
            for k, v in zip(node.args[2].keys, node.args[2].values, strict=True):
                # a constant reason of the host's own; ``exc.reason`` forwards an
                # OptionError's or PaceError's, which are read above
                if (
                    isinstance(k, ast.Constant)
                    and k.value == "reason"
                    and isinstance(code, ast.Constant)
                    and isinstance(v, ast.Constant)
                ):
                    keys.setdefault(f"detail.{code.value}.{v.value}", where)
    return keys


# ----------------------------------------------------------------------------- the files


def test_every_domain_is_in_every_language_with_the_same_keys_and_placeholders() -> None:
    folders = {lang: LOCALES_DIR / folder / "LC_MESSAGES" for lang, folder in WRITTEN.items()}
    domains = {lang: {p.stem for p in folder.glob("*.po")} for lang, folder in folders.items()}
    assert {"core", "refusals", "tricks", "pajiwo"} <= domains["en"]
    assert domains["zh"] - domains["en"] == {"commands"}  # English commands are the msgids
    assert domains["en"] <= domains["zh"]
    en, zh = CATALOGUE.messages["en"], CATALOGUE.messages["zh"]
    assert len(en) > 150
    assert sorted(set(en) ^ set(zh)) == []
    for key in en:
        assert en[key].strip() and zh[key].strip(), key
        assert _fields(en[key]) == _fields(zh[key]), key
        assert CATALOGUE.domains["en"][key] == CATALOGUE.domains["zh"][key], key


def test_a_game_adds_its_own_file_and_a_key_lives_in_one_domain(tmp_path: Path) -> None:
    for folder in WRITTEN.values():
        (tmp_path / folder / "LC_MESSAGES").mkdir(parents=True)
        for name in ("core.po", "pajiwo.po"):
            src = LOCALES_DIR / folder / "LC_MESSAGES" / name
            (tmp_path / folder / "LC_MESSAGES" / name).write_bytes(src.read_bytes())
    new = {"en": "Too many flowers: {message}", "zh_CN": "花牌太多：{message}"}
    for folder, text in new.items():
        (tmp_path / folder / "LC_MESSAGES" / "jintan.po").write_text(
            f'msgid "err.too_many_flowers"\nmsgstr "{text}"\n', encoding="utf-8"
        )
    loaded = load_catalogue(tmp_path)
    assert loaded.messages["zh"]["err.too_many_flowers"] == "花牌太多：{message}"
    assert loaded.domains["en"]["err.too_many_flowers"] == "jintan"
    assert loaded.messages["en"]["kind.rebel"] == "造反 rebel"  # pajiwo.po still there
    (tmp_path / "en" / "LC_MESSAGES" / "dagun.po").write_text(
        'msgid "kind.rebel"\nmsgstr "rebel again"\n', encoding="utf-8"
    )
    with pytest.raises(CatalogueError, match=r"kind.rebel.*pajiwo.po.*dagun.po|dagun.po.*pajiwo"):
        load_catalogue(tmp_path)


def test_every_command_string_of_the_cogs_has_its_chinese() -> None:
    used: set[str] = set()
    for path in sorted((ROOT / "cogs").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and _called(node) == "_L" and node.args:
                used |= _strings(node.args[0])
    assert {"table", "open", "rules", "Which game"} <= used
    assert sorted(used - set(COMMAND_ZH)) == []


# ----------------------------------------------------------------------------- codes


def test_the_scan_finds_codes_written_every_way() -> None:
    codes = refusal_codes()
    assert codes["must_follow_suit"].startswith("games/tricks/follow.py")  # a constant
    assert {"must_play_pair", "must_play_triple"} <= set(codes)  # a variable, from its assignments
    assert codes["not_your_turn"]  # raised by the host and by engines
    assert "bad_control" in codes  # a refusal of the Discord front end
    assert codes["does_not_beat"].startswith("games/dagun/engine.py")  # through a helper
    reasons = reason_keys()
    assert "detail.bad_option.not_a_choice" in reasons  # games/base.py
    assert "detail.bad_option.target_not_above_start" in reasons  # a game's own option rule
    assert "detail.bad_pace.out_of_range" in reasons  # bot/pace.py
    assert "detail.bad_option.rated_value" in reasons  # a TableError's params


def test_every_refusal_code_any_engine_or_the_host_can_raise_has_a_message() -> None:
    en, zh = CATALOGUE.messages["en"], CATALOGUE.messages["zh"]
    missing = {
        c: w for c, w in refusal_codes().items() if f"err.{c}" not in en or f"err.{c}" not in zh
    }
    assert missing == {}


def test_every_reason_has_its_detail_in_every_language() -> None:
    en, zh = CATALOGUE.messages["en"], CATALOGUE.messages["zh"]
    missing = {k: w for k, w in reason_keys().items() if k not in en or k not in zh}
    assert missing == {}


def test_no_chinese_refusal_embeds_the_english_message_without_a_chinese_detail() -> None:
    """A Chinese ``err.<code>`` that shows ``{message}`` (the English sentence) needs a
    ``detail.<code>`` (or one per reason) that says it in Chinese from the params."""
    zh = CATALOGUE.messages["zh"]
    gaps = []
    for code, where in refusal_codes().items():
        if code == "illegal":  # the wrapper: translated by the engine's own code
            continue
        if "{message}" in zh.get(f"err.{code}", "") and not any(
            k == f"detail.{code}" or k.startswith(f"detail.{code}.") for k in zh
        ):
            gaps.append(f"{code} ({where})")
    assert gaps == []


# ----------------------------------------------------------------------------- real refusals


def _refused(call: object) -> TableError:
    assert callable(call)
    with pytest.raises(TableError) as info:
        call()
    return info.value


def test_unknown_preset_pace_and_bad_options_are_all_chinese_in_chinese() -> None:
    live = to_pace("live")
    preset = _refused(lambda: resolve_options(PajiwoGame, "fast", {}, live))
    presets = "、".join(PajiwoGame.presets)  # engine names, listed with 、 in Chinese
    assert refusal_text("zh", preset) == f"没有这个预设：「fast」；可选的预设：{presets}"
    assert refusal_text("en", preset) == preset.message  # the reason, said once
    assert preset.message.endswith(f"the presets are {', '.join(PajiwoGame.presets)}")
    pace = _refused(lambda: to_pace("forever"))
    assert refusal_text("zh", pace) == (
        "节奏不对：「forever」；请写 live、relaxed、async，或 90s、5m、2h 这样的时间"
    )
    short = _refused(lambda: to_pace("1s"))
    assert refusal_text("zh", short) == "节奏不对：自定义节奏须在 10 秒到 7 天之间，不是 1 秒"
    cases = {
        "match": (
            "forever",
            "选项不对：「match」只能是 full、one_hand、to_level 之一，不是「forever」",
        ),
        "hands": (3, "选项不对：没有「hands」这个选项；可用的选项："),
    }
    for name, (value, expected) in cases.items():
        error = _refused(
            lambda n=name, v=value: resolve_options(PajiwoGame, "standard", {n: v}, live)
        )
        assert refusal_text("zh", error).startswith(expected), refusal_text("zh", error)
    # issue 19: the list of options is whole, never cut mid-name (13 options for 金华)
    jinhua = GAMES["jinhua"].engine()
    stake = _refused(lambda: resolve_options(jinhua, "standard", {"stake": "99999"}, live))
    names = [f.name for f in dataclasses.fields(jinhua.options_type)]
    assert refusal_text("zh-CN", stake) == (
        f"选项不对：没有「stake」这个选项；可用的选项：{'、'.join(sorted(names))}"
    )
    assert refusal_text("en", stake).endswith(f"the options are {', '.join(sorted(names))}")
    target = _refused(
        lambda: resolve_options(
            PajiwoGame, "standard", {"match": "to_level", "start_level": 9, "target_level": 5}, live
        )
    )
    assert refusal_text("zh", target) == (
        "选项不对：to_level 赛制的 target_level（5）必须高于 start_level（9）"
    )


def test_a_trump_suit_is_named_in_chinese() -> None:
    error = IllegalAction(
        "must_play_pair",
        "you must play a pair in trump: you hold 7h7h",
        {"suit": "trump", "cards": "♥7♥7"},
        "pajiwo.txt:109",
    )
    assert refusal_text("zh", error) == "必须出对子：主牌里你有♥7♥7（规则：扒鸡窝 · 9. 出牌）"
    assert refusal_text("en", error) == (
        "You must play a pair in trump: you hold 7h7h (rules: 扒鸡窝 · 9. Playing tricks)"
    )


# ----------------------------------------------------------------------------- traditional


def test_traditional_chinese_is_converted_from_the_simplified_catalogue() -> None:
    assert lang_of(discord.Locale.taiwan_chinese) == "zh-TW"
    assert lang_of("zh-HK") == "zh-HK"
    assert lang_of(discord.Locale.chinese) == "zh"
    assert lang_of("zh-TW") == "zh-TW" and lang_of("zh") == "zh"  # idempotent
    assert tr("zh-TW", "event.kitty_buried", who="Alice") == "Alice 扣底，可以扒雞窩"
    assert tr("zh", "event.kitty_buried", who="Alice") == "Alice 扣底，可以扒鸡窝"
    assert tr("zh-TW", "seat_n", n=3) == "3號座"
    # placeholders are filled after conversion: names keep the characters their owners chose
    assert tr("zh-TW", "update.taken_back", who="张伟") == "张伟 回來了"
    error = IllegalAction(
        "must_follow_suit",
        "you must follow ♥: you hold ♥7",
        {"suit": "♥", "card": "♥7", "cards": "♥7"},
    )
    assert refusal_text("zh-TW", error) == "必須跟出首家的花色：♥裡你有♥7"
    assert refusal_text(discord.Locale.taiwan_chinese, error) == refusal_text("zh-TW", error)


async def test_command_names_are_served_in_traditional_characters_for_taiwan() -> None:
    translator = PaijuTranslator()
    context = app_commands.TranslationContext(app_commands.TranslationContextLocation.other, None)

    async def say(text: str, locale: discord.Locale) -> str | None:
        return await translator.translate(app_commands.locale_str(text), locale, context)

    assert await say("leaderboard", discord.Locale.chinese) == "排行榜"
    assert await say("leaderboard", discord.Locale.taiwan_chinese) == "排行榜"
    assert await say("addbot", discord.Locale.taiwan_chinese) == "加機器人"
    assert await say("What would the bot do in your place?", discord.Locale.taiwan_chinese) == (
        "機器人會怎麼出？"
    )
    assert await say("leaderboard", discord.Locale.american_english) is None


def test_to_traditional_converts_characters_and_keeps_everything_else() -> None:
    assert to_traditional("扒鸡窝 庄家下台 {who} ♠10 BJ") == "扒雞窩 莊家下臺 {who} ♠10 BJ"
    assert to_traditional("里面", "zh-HK") == "裏面"
    assert to_traditional("里面", "zh-TW") == "裡面"
    with pytest.raises(ValueError, match="zh-TW or zh-HK"):
        to_traditional("里面", "ja")


def test_a_weak_overcall_is_refused_in_chinese_with_the_cards_only() -> None:
    """A pair of 小王 against a standing pair of 小王 (``pajiwo.txt:59``): the Chinese
    refusal names both declarations by their cards, with no English description."""
    from games.cards import parse_cards
    from games.pajiwo.ladder import check_overcall, read_declaration

    five = Rank.FIVE
    standing = read_declaration(1, parse_cards("SJ SJ"), five)
    with pytest.raises(IllegalAction) as info:
        check_overcall(standing, read_declaration(2, parse_cards("SJ SJ"), five))
    assert refusal_text("zh", info.value) == (
        "反主不够大：小王 小王 大不过 小王 小王（规则：扒鸡窝 · 3. 亮主、加固、反主）"
    )
