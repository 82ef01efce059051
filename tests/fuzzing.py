"""Fuzz targets for the parsers of typed text (issue 20 F9): cards, tiles, typed moves
(terminal and ``/play``) and option values (``--option NAME=VALUE``, ``/table options``).

Each target takes any text and must either read it or refuse it with its own error type and
a clear, short message; anything else raising is a defect. ``tests/test_parsers_fuzz.py``
runs a few hundred examples of each in CI; ``python -m benchmarks fuzz`` runs 10,000 or more
of each and reports the counts.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import strategies as st

from bot.cli import parse_move
from bot.errors import TableError
from bot.pace import parse_pace
from bot.screens import move_line
from bot.table_model import resolve_options
from bot.textview_dagun import parse_move as parse_dagun_move
from bot.textview_mahjong import parse_move as parse_tile_move
from games.base import Action, Game
from games.cards import CardParseError, parse_card, parse_cards
from games.registry import GAMES
from games.tiles import TileParseError, parse_tile, parse_tiles

__all__ = ["MAX_MESSAGE", "TARGETS", "Target", "texts"]

MAX_MESSAGE = 600
"""Longest refusal a parser may give: it quotes at most a cut piece of the input."""

_PIECES = [
    "♠",
    "♥",
    "♣",
    "♦",
    "10",
    "s",
    "S",
    "h",
    "K",
    "Q",
    "J",
    "A",
    "T",
    "2",
    "9",
    "BJ",
    "SJ",
    "大王",
    "小王",
    "黑桃",
    "红心",
    "方块",
    "梅花",
    "m",
    "p",
    "E",
    "中",
    "五筒",
    "一万",
    "东",
    "Dots",
    "Red Dragon",
    "play",
    "pass",
    "出牌",
    "打",
    "碰",
    "扣王",
    "bury_jokers",
    "as",
    "as=",
    "=",
    "当作",
    "suit=",
    "→",
    "->",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "|",
    ":",
    "@",
    "#",
    '"',
    ",",
    "，",
    " ",
    "  ",
    "\t",
    "\n",
    "hint:",
    "1.",
    "12)",
    "²",
    "٣",
    "ß",
    "\u0301",
    "\x00",
    "\ufe0f",
    "Ｋ",
    "１０",
    "ｓ",
    "9" * 50,
    "=",
    "match",
    "one_hand",
    "target_level",
    "yes",
    "开",
    "-1",
    "99999999999999999999",
    "\ud7ff",
    "🂡",
]


def texts() -> st.SearchStrategy[str]:
    """Text a player (or an attacker) might type: pieces of every notation mixed with noise,
    any unicode, and a few long runs (``[`` × 3000, 5,000 digits)."""
    pieces = st.lists(st.sampled_from(_PIECES), max_size=30).map("".join)
    spaced = st.lists(st.sampled_from(_PIECES), max_size=20).map(" ".join)
    longs = st.sampled_from(["[", "{", "9", "♠", "(", "=", "a"]).flatmap(
        lambda c: st.integers(1000, 6000).map(lambda n: c * n)
    )
    return st.one_of(
        pieces,
        spaced,
        st.text(max_size=80),
        longs,
        st.sampled_from(["play|" + "[" * 3000, "play|" + "{" * 3000, "9" * 5000]),
    )


def _states() -> dict[str, list[tuple[Game, int, list[Action], list[str]]]]:
    """A few reachable states of each game: ``(engine, seat, legal, kinds)``."""
    out: dict[str, list[tuple[Game, int, list[Action], list[str]]]] = {}
    for key, spec in GAMES.items():
        engine_type = spec.engine()
        states = []
        for seed, steps in ((1, 0), (2, 30), (3, 90)):
            game = engine_type(seed)
            rng = random.Random(seed)
            for _ in range(steps):
                step = game.table_action()
                if step is not None:
                    game.apply(step)
                    continue
                seats = [d.seat for d in game.pending() if d.seat is not None and d.required]
                if not seats:
                    break
                legal = game.legal_actions(seats[0], 40)
                if not legal:
                    break
                game.apply(rng.choice(legal))
            for d in game.pending():
                if d.seat is not None and d.kinds != ("standing",):
                    legal = game.legal_actions(d.seat, 60)
                    states.append((game, d.seat, legal, list(d.kinds)))
                    break
        out[key] = states
    return out


_STATES: dict[str, list[tuple[Game, int, list[Action], list[str]]]] | None = None


def states() -> dict[str, list[tuple[Game, int, list[Action], list[str]]]]:
    global _STATES
    if _STATES is None:
        _STATES = _states()
    return _STATES


def _short(message: str) -> None:
    assert message.strip(), "a refusal without words"
    assert len(message) <= MAX_MESSAGE, f"a refusal of {len(message)} characters"


def fuzz_cards(text: str) -> str:
    try:
        parse_cards(text)
        parse_card(text)
    except CardParseError as exc:
        _short(str(exc))
        return "refused"
    return "read"


def fuzz_tiles(text: str) -> str:
    try:
        parse_tiles(text)
        parse_tile(text)
    except TileParseError as exc:
        _short(str(exc))
        return "refused"
    return "read"


def fuzz_terminal_move(text: str) -> str:
    """Every sample state's terminal reader; ``"read"`` when any state read the text."""
    outcome = "refused"
    for key, found in states().items():
        for _game, seat, legal, kinds in found:
            try:
                if key in ("jintan", "jinhua"):
                    parse_tile_move(text, seat, legal, kinds)
                elif key == "dagun":
                    parse_dagun_move(text, seat, legal, kinds, lambda a: False)
                else:
                    parse_move(text, seat, legal, kinds)
                outcome = "read"
            except ValueError as exc:
                _short(str(exc))
    return outcome


def fuzz_play_text(text: str) -> str:
    from cogs.actions import Refusal, read_play_text

    outcome = "refused"
    for key, found in states().items():
        for _game, seat, legal, kinds in found:
            try:
                read_play_text(text, seat, legal, kinds, tiles=key in ("jintan", "jinhua"))
                outcome = "read"
            except Refusal as exc:
                _short(str(exc.message))
    return outcome


def _option_namespace(text: str) -> argparse.Namespace:
    return argparse.Namespace(option=[text], match=None)


def fuzz_option_value(text: str) -> str:
    """``--option TEXT``, ``--option match=TEXT`` and ``/table options`` text, resolved for
    every game; ``"read"`` when any of them was accepted."""
    from bot.__main__ import _options
    from cogs.actions import Refusal
    from cogs.tables import parse_option_text

    outcome = "refused"
    pace = parse_pace("relaxed")
    for given in (text, f"match={text}", f"target_level={text}", f"{text}=1"):
        try:
            options = _options(_option_namespace(given))
        except ValueError as exc:
            _short(str(exc))
            continue
        for spec in GAMES.values():
            try:
                resolve_options(spec.engine(), "standard", options, pace)
                outcome = "read"
            except TableError as exc:
                _short(exc.message)
    try:
        parse_option_text(text)
    except Refusal as exc:
        _short(str(exc.message))
    return outcome


@dataclass(frozen=True)
class Target:
    """A parser under fuzz: ``run(text)`` returns ``"read"`` or ``"refused"``, raising only
    when the parser does something else (a defect)."""

    name: str
    run: Callable[[str], str]


TARGETS = [
    Target("cards", fuzz_cards),
    Target("tiles", fuzz_tiles),
    Target("terminal_move", fuzz_terminal_move),
    Target("play_text", fuzz_play_text),
    Target("option_value", fuzz_option_value),
]


def printed_moves() -> list[str]:
    """Every move of the sample states as the terminal prints it (for seeding the fuzz)."""
    out = []
    for _key, found in states().items():
        for _game, _seat, legal, _kinds in found:
            out += [move_line(lang, a) for a in legal for lang in ("en", "zh")]
    return out
