"""Text for consoles that cannot show every character (a Windows console in cp1252).

Card text uses ♠ ♥ ♣ ♦ and 大王/小王; printed to a stream whose encoding has no
♠, that would end in ``UnicodeEncodeError``. :func:`fit_console` wraps such a
stream so that cards are written in the ASCII notation players can type back
(``♠10`` -> ``10s``, ``大王`` -> ``BJ``, a lone ``♥`` -> ``hearts``), box-drawing
and arrows become ASCII, and any other character the encoding lacks becomes
``?`` instead of an error.
"""

from __future__ import annotations

import re
from typing import Any, TextIO

__all__ = ["ascii_cards", "can_show", "fit_console"]

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
