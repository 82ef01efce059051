"""The terminal's prompt (:mod:`bot.cli`): which decisions the player is asked, the moves
listed and in what order, the prompt's words, the help, and reading a typed move."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from bot import textview_mahjong
from bot.cli_term import TERMINAL_USER
from bot.tables import Table, TableService
from bot.textview import hand_groups, own_module
from bot.typed import ALL_KINDS, read_cards_move
from games.base import Action
from games.cards import CardParseError, format_card, parse_card
from present import games as presentation
from present.i18n import is_zh, tr
from present.message import Msg, Reader, render
from present.moves import kind_msg

__all__ = [
    "FORCED_PASS_DELAY",
    "HELP_ASCII",
    "HELP_WORDS",
    "HINT_WORDS",
    "MENU_LIMIT",
    "QUIT_WORDS",
    "VIEW_WORDS",
    "in_hand_order",
    "parse_move",
]


def parse_move(
    text: str, seat: int, legal: list[Action], kinds: list[str], known: set[str] | None = None
) -> Action:
    """Read a typed card move (:func:`bot.typed.read_cards_move`): a 1-based number from the
    ``legal`` list, a kind alone (``pass``, ``PASS``, ``过``, ``造反``), or cards with kind words
    first and data after, as the moves are printed (``play ♠10 ♠10``, ``扣王 小王``,
    ``declare 大王 大王 大王 suit=H``). ``kinds`` are the kinds open to the seat now, ``known``
    every kind of the game. Raises ``ValueError`` with a message for the player."""
    return read_cards_move(text, seat, legal, kinds, ALL_KINDS if known is None else known)


def _my_decisions(table: Table, seat: int) -> tuple[list[str], bool]:
    """The kinds open to ``seat`` the player must or (at a live table) may answer, and whether
    one is required. Optional decisions at other paces pass in a moment: not offered."""
    if table.engine is None or table.status != "playing":
        return [], False
    # standing choices (mahjong) are always open and never a move to prompt for
    mine = [d for d in table.engine.pending() if d.seat == seat and d.kinds != ("standing",)]
    required = any(d.required for d in mine)
    if not required and not table.pace_obj.live:
        return [], False
    return [k for d in mine if d.required or not required for k in d.kinds], required


def _accepts(table: Table) -> Any:
    """``action -> bool``: whether the table's engine would accept ``action`` now (nothing
    changes: :meth:`games.base.Game.check` only looks)."""

    def accepts(action: Action) -> bool:
        if table.engine is None:
            return False
        try:
            table.engine.check(action)
        except Exception:  # IllegalAction, or data the engine cannot read
            return False
        return True

    return accepts


FORCED_PASS_DELAY = (1.0, 3.0)
"""Seconds (low, high) before a required decision whose only move is ``pass`` is passed for
the player, as on Discord: waiting for it would only run the clock (a 造反 window without
the points, after a live deal)."""


def _wait_note(table: Table, required: bool, legal: list[Action], lang: str = "en") -> str:
    """What the prompt adds: what happens while an optional decision waits (the table's next
    step, e.g. ``the table will end the deal``), or that a lone pass is made for the player."""
    if required:
        if len(legal) == 1 and legal[0].kind == "pass" and not legal[0].data:
            return tr(lang, "terminal.only_pass")
        return ""
    assert table.engine is not None
    step = next((d for d in table.engine.pending() if d.seat is None), None)
    if step is None or not step.prompt or is_zh(lang):  # the engine says its steps in English
        return tr(lang, "terminal.or_wait")
    return tr(lang, "terminal.or_wait_step", step=step.prompt)


def _prompt_kinds(lang: str, kinds: list[str]) -> str:
    """The kinds of move open, as the game's presentation names them: ``出牌 play / 过 pass``."""
    reader = Reader(lang, [])
    return " / ".join(
        render(reader, Msg("move.kind", kind=kind_msg(k))) for k in dict.fromkeys(kinds)
    )


def _prompt(lang: str, prompt: str, kinds: list[str], note: str) -> str:
    """``your move (lead a trick):``: the engine's prompt in English; in another language the
    kinds of move open (出牌 / 过), as the game's presentation names them."""
    what = _prompt_kinds(lang, kinds) if is_zh(lang) or not prompt else prompt
    return tr(lang, "terminal.your_move", what=what, note=note)


def _own_moves(game: str) -> ModuleType | None:
    """The game's own terminal module when it lists and reads its moves itself
    (:func:`bot.textview.own_module` with ``LIST_LIMIT``, ``format_moves`` and ``parse_move``:
    打滚's), else ``None``."""
    own = own_module(game)
    return own if hasattr(own, "parse_move") and hasattr(own, "format_moves") else None


def _help(game: str, lang: str = "en", ascii_only: bool = False) -> str:
    """The help line of ``game``'s terminal (what a move looks like there) in the reader's
    language; ``ascii_only``: for a console that cannot show ♠ or Chinese (cards and tiles in
    the ASCII notation only, which is also what that console prints, in English)."""
    own = textview_mahjong if presentation.pieces(game) == "tile" else _own_moves(game)
    if ascii_only:
        return str(getattr(own, "HELP_ASCII", HELP_ASCII))
    return tr(lang, str(getattr(own, "HELP_ID", "terminal.help.cards")))


HELP_ASCII = (
    "type a move's number, or its cards (10s S10 Kh, jokers BJ SJ), a kind first if needed"
    " (bury 3c 4c ...), a kind alone (pass, rebel), hint, view (show the table again), help"
    " or quit"
)
MENU_LIMIT = 25
"""Moves listed at a prompt; the rest are counted and typed as cards."""
_COUNT_LIMIT = 1000


def _moves(service: TableService, table: Table) -> tuple[list[Action], int]:
    """The moves to list and how many more there are (at least; counting stops at
    :data:`_COUNT_LIMIT`). A long list (more than :data:`MENU_LIMIT` moves, such as the
    hundreds of ways to follow a pair when void) lists the engine's most useful
    :data:`MENU_LIMIT`, sorted as :func:`in_hand_order` says, so that they can be scanned."""
    legal = service.legal_actions(table.id, TERMINAL_USER, limit=_COUNT_LIMIT)
    more = max(0, len(legal) - MENU_LIMIT)
    listed = legal[:MENU_LIMIT]
    if more:
        listed = in_hand_order(listed, service.view(table.id, TERMINAL_USER))
    return listed, more


def in_hand_order(moves: list[Action], view: Mapping[str, Any]) -> list[Action]:
    """``moves`` grouped by kind (in the order the kinds first come) and, within a kind, in
    the order the hand is shown (trumps first, then ♠ ♥ ♣ ♦, strongest first): a move
    comes before another when its first card in that order does, then its second …"""
    position: dict[str, int] = {}
    for _group, cards in hand_groups(view):
        for card in cards:
            position.setdefault(card, len(position))
    kinds: dict[str, int] = {}
    for move in moves:
        kinds.setdefault(move.kind, len(kinds))

    def key(move: Action) -> tuple[int, list[int]]:
        cards = move.data.get("cards")
        places: list[int] = []
        if isinstance(cards, list):
            for text in cards:
                try:
                    places.append(position.get(format_card(parse_card(str(text))), len(position)))
                except CardParseError:
                    places.append(len(position))
        return kinds[move.kind], sorted(places)

    return sorted(moves, key=key)


QUIT_WORDS = {"quit", "exit", "q", "退出"}
HINT_WORDS = {"hint", "提示"}
VIEW_WORDS = {"view", "v", "看", "牌桌"}
HELP_WORDS = {"help", "h", "?", "？", "帮助"}
