"""The hint's reason in the reader's language (issue 22): the ``bots`` catalogue domain over
the language-neutral :class:`games.reasons.Reason` values.

A reason's parameters are plain values, typed by their name: ``cards`` and ``beaten`` are card
notations (:class:`present.message.Cards`), ``tile`` a tile (:class:`~present.message.Tiles`),
``partner`` a seat (:class:`~present.message.Seat`); a count ``n`` makes the message plural.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.reasons import Reason
from present.message import Cards, Join, Msg, Reader, Seat, Tiles, render

__all__ = ["reason_line", "reason_msg"]


def _param(name: str, value: Any) -> Any:
    if name in ("cards", "beaten"):
        return Cards(value)
    if name == "tile":
        return Tiles([value])
    if name == "partner":
        return Seat(int(value))
    return value


def reason_msg(reason: Reason) -> Msg:
    """One reason as a message."""
    return Msg(reason.id, {k: _param(k, v) for k, v in reason.params.items()})


def reason_line(reader: Reader, reasons: Sequence[Reason]) -> str:
    """The reasons as one line (``; `` between them), ``""`` for none."""
    if not reasons:
        return ""
    return render(reader, Msg("bots.why", why=Join([reason_msg(r) for r in reasons], "semicolon")))
