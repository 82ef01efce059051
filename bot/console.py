"""Text for consoles that cannot show every character (a Windows console in cp1252).

Card text uses ♠ ♥ ♣ ♦ and 大王/小王; printed to a stream whose encoding has no
♠, that would end in ``UnicodeEncodeError``. :func:`fit_console` wraps such a
stream so that cards are written in the ASCII notation players can type back
(``♠10`` -> ``10s``, ``大王`` -> ``BJ``, a lone ``♥`` -> ``hearts``), box-drawing
and arrows become ASCII, and any other character the encoding lacks becomes
``?`` instead of an error.

:func:`bot_command` writes a command line the player can paste: the interpreter actually
running, not a bare ``python`` (a system Python may lack the packages).
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path
from typing import Any, TextIO

__all__ = [
    "ascii_cards",
    "bot_command",
    "can_show",
    "fit_console",
    "play_command",
    "python_command",
]

_SAMPLE = "♠♥♣♦大王小王─→·…"
_LETTER = {"♠": "s", "♥": "h", "♣": "c", "♦": "d"}
_WORD = {"♠": "spades", "♥": "hearts", "♣": "clubs", "♦": "diamonds"}
_CARD = re.compile(r"([♠♥♣♦])(10|[2-9JQKA])")
_PLAIN = {
    "大王": "BJ",
    "小王": "SJ",
    "─": "-",
    "→": "->",
    "·": "-",
    "…": "...",
    "（": "(",
    "）": ")",
}
_PLAIN_RE = re.compile("|".join(map(re.escape, _PLAIN)))
_SUIT_RE = re.compile("[♠♥♣♦]")


def ascii_cards(text: str) -> str:
    """``"♠10 ♥Q 大王 → you win; ♥ trump"`` -> ``"10s Qh BJ -> you win; hearts trump"``."""
    text = _CARD.sub(lambda m: m.group(2) + _LETTER[m.group(1)], text)
    text = _SUIT_RE.sub(lambda m: _WORD[m.group(0)], text)
    return _PLAIN_RE.sub(lambda m: _PLAIN[m.group(0)], text)


def can_show(encoding: str | None) -> bool:
    """True when ``encoding`` can write card symbols and Chinese joker names."""
    try:
        _SAMPLE.encode(encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class _AsciiCards:
    """A text stream writing :func:`ascii_cards` text to another one (the rest delegated)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.encoding = stream.encoding

    def write(self, text: str) -> int:
        self._stream.write(ascii_cards(text))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def fit_console(stream: TextIO) -> TextIO:
    """``stream`` itself when it can show cards, else a wrapper writing ASCII card notation
    (and ``?`` for any other character its encoding lacks)."""
    if isinstance(stream, _AsciiCards) or can_show(getattr(stream, "encoding", None)):
        return stream
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")
    wrapped: TextIO = _AsciiCards(stream)  # type: ignore[assignment]
    return wrapped


def python_command() -> str:
    """The interpreter running now, as a player would type it: ``.venv/bin/python`` when it is
    the virtual environment of the directory they run from (the README's way), else its full
    path (``sys.executable``). Never a bare ``python``: the system's may lack the packages."""
    exe = sys.executable or "python3"
    try:
        rel = os.path.relpath(exe, os.getcwd())
    except ValueError:  # another drive (Windows)
        return shlex.quote(exe)
    if not rel.startswith(os.pardir) and rel.split(os.sep)[0] in (".venv", "venv"):
        return shlex.quote(rel)
    return shlex.quote(exe)


def bot_command(*words: str) -> str:
    """A ``python -m bot …`` command line that works when pasted (quoted, the same interpreter)."""
    return " ".join([python_command(), "-m", "bot", *(shlex.quote(w) for w in words)])


def play_command(game: str, db: str | Path) -> str:
    """The command that carries on the saved terminal game of ``game`` in ``db``."""
    return bot_command("play", game, "--db", str(db))
