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

from bot.config import redact

__all__ = [
    "ascii_cards",
    "ascii_words",
    "bot_command",
    "can_show",
    "fit_console",
    "is_ascii",
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
    "←": "<-",
    "·": "-",
    "…": "...",
    "┃": "|",
    "（": "(",
    "）": ")",
}
_PLAIN_RE = re.compile("|".join(map(re.escape, _PLAIN)))
_SUIT_RE = re.compile("([♠♥♣♦])( *)")


_CJK = "[\u3400-\u9fff\uf900-\ufaff]"
_ALONE = f"(?<!{_CJK})({{}})(?!{_CJK})"  # a word with no Chinese character beside it
_NUMERALS = {c: str(i) for i, c in enumerate("一二三四五六七八九", 1)}
_FAMILIES = {"万": "m", "萬": "m", "筒": "p", "条": "s", "條": "s"}
_HONOURS = dict(zip("东南西北中发白", "ESWNCFP", strict=True)) | {"發": "F", "東": "E"}
_FLOWERS = {c: f"{i}f" for i, c in enumerate("春夏秋冬梅兰竹菊", 1)}
_GROUPS = {"万": "m:", "筒": "p:", "条": "s:", "字": "honours:", "花": "flowers:"}
_TILE_NOTE = re.compile(rf"(\b[1-9][mpsf]|\b[ESWNCFP])[(（]{_CJK}+[)）]")
_SUITED = re.compile("([一二三四五六七八九])([万萬筒条條])")
_HONOUR_RE = re.compile(_ALONE.format("|".join(_HONOURS)))
_FLOWER_RE = re.compile(_ALONE.format("|".join(_FLOWERS)))
_GROUP_RE = re.compile(r"(?:(?<=: )|(?<=· )|(?<=- ))([万筒条字花])(?= )")
_NOTE_RE = re.compile(rf"\s?[(（]{_CJK}[^()（）]*[)）]|/{_CJK}+")
_BESIDE_RE = re.compile(
    rf"(?<=[A-Za-z0-9)\]])[ ]{_CJK}+(?=[ ,;:.)]|$)|(?:^|(?<=[ (]))[\u3400-\u9fff]+[ ](?=[A-Za-z])",
    re.MULTILINE,
)


def ascii_words(text: str) -> str:
    """Chinese words an ASCII console would print as ``?``, in the ASCII notation or left out:
    a tile's Chinese name after its code (``5p(五筒)``), a Chinese name standing alone
    (``五筒`` -> ``5p``, ``东`` -> ``E``, ``春`` -> ``1f``, a hand's group labels ``万 1 2`` ->
    ``m: 1 2``), and a Chinese word beside its English one (``pong 碰``, ``pass/过``,
    ``declare trump (亮主)``, ``扒鸡窝 Pajiwo``)."""
    text = _TILE_NOTE.sub(lambda m: m.group(1), text)
    text = _SUITED.sub(lambda m: _NUMERALS[m.group(1)] + _FAMILIES[m.group(2)], text)
    text = _GROUP_RE.sub(lambda m: _GROUPS[m.group(1)], text)
    text = re.sub(r"[(（]([东南西北])[)）]", lambda m: f"({_HONOURS[m.group(1)]})", text)
    text = _HONOUR_RE.sub(lambda m: _HONOURS[m.group(1)], text)
    text = _FLOWER_RE.sub(lambda m: _FLOWERS[m.group(1)], text)
    text = _NOTE_RE.sub("", text)
    return _BESIDE_RE.sub("", text)


def _suit_word(match: re.Match[str]) -> str:
    """A lone suit as its word; padding after it (a column of the hand) shrinks to keep the
    column: ``"♠     ("`` -> ``"spades("``, but a single space stays."""
    word, pad = _WORD[match.group(1)], match.group(2)
    keep = len(pad) - (len(word) - 1)
    return word + " " * (keep if keep > 0 else min(len(pad), 1))


def ascii_cards(text: str) -> str:
    """``"♠10 ♥Q 大王 → you win; ♥ trump"`` -> ``"10s Qh BJ -> you win; hearts trump"``."""
    text = _CARD.sub(lambda m: m.group(2) + _LETTER[m.group(1)], text)
    text = _SUIT_RE.sub(_suit_word, text)
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

    ascii_only = True
    """What :func:`is_ascii` reads: text written here loses what the encoding lacks."""

    def write(self, text: str) -> int:
        self._stream.write(ascii_words(ascii_cards(text)))
        return len(text)

    def flush(self) -> None:
        self._stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def is_ascii(stream: Any) -> bool:
    """True for a stream :func:`fit_console` wrapped (its encoding lacks the card symbols)."""
    return bool(getattr(stream, "ascii_only", False))


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
    """The command that carries on the saved terminal game of ``game`` in ``db`` (a
    PostgreSQL URL's password masked as ``***``, as every other command prints it)."""
    return bot_command("play", game, "--db", redact(db) if isinstance(db, str) else str(db))
