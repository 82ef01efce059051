"""Table pace: how long a player has for a decision.

Presets (issue 3, "Timers"): ``live`` 60 s, ``relaxed`` 10 min, ``async``
24 h. A table may set its own time instead, written as a number of seconds
(``"90"``), or with a unit (``"90s"``, ``"5m"``, ``"2h"``, ``"1d"``); that pace
is named ``custom``.

Only a ``live`` table waits for the engine's table steps (``Decision.delay_s``)
and deals progressively; every other pace applies table steps at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["MAX_SECONDS", "MIN_SECONDS", "PACES", "Pace", "PaceError", "parse_pace"]

PACES: dict[str, int] = {"live": 60, "relaxed": 600, "async": 86_400}
"""Preset name -> seconds a player has for one decision."""

MIN_SECONDS = 10
"""Shortest custom pace (a reminder at half time must still make sense)."""
MAX_SECONDS = 7 * 86_400
"""Longest custom pace: one week."""

_UNITS = {"": 1, "s": 1, "m": 60, "min": 60, "h": 3600, "d": 86_400}
_CUSTOM = re.compile(r"^([0-9]+)\s*(s|m|min|h|d)?$")  # ASCII digits: "٥m" is no pace


class PaceError(ValueError):
    """A pace that is neither a preset nor a number of seconds in range; the message says which.

    ``reason`` is ``not_a_pace`` (params ``value``) or ``out_of_range`` (params ``seconds``,
    ``min`` seconds, ``max_days``), for translation.
    """

    def __init__(self, message: str, reason: str, params: dict[str, Any]) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.params = params


@dataclass(frozen=True)
class Pace:
    """A table's pace: ``name`` is a preset or ``"custom"``; ``seconds`` per decision."""

    name: str
    seconds: int

    @property
    def live(self) -> bool:
        """True when table steps wait ``delay_s`` and the deal is progressive."""
        return self.name == "live"


def parse_pace(value: str | int) -> Pace:
    """Read ``"live"``, ``"relaxed"``, ``"async"``, or seconds (``90``, ``"90s"``, ``"5m"``).

    Raises :class:`PaceError` naming the value and the accepted forms.
    """
    if isinstance(value, bool):
        raise PaceError(
            f"pace must be live, relaxed, async or a number of seconds, not {value!r}",
            "not_a_pace",
            {"value": str(value)},
        )
    if isinstance(value, int):
        seconds = value
    else:
        text = value.strip().lower()
        if text in PACES:
            return Pace(text, PACES[text])
        match = _CUSTOM.match(text)
        if match is None:
            raise PaceError(
                f"pace must be live, relaxed, async or a time such as 90s, 5m, 2h, not {value!r}",
                "not_a_pace",
                {"value": str(value)},
            )
        digits = match.group(1)
        if len(digits.lstrip("0")) > 9:
            # past any pace (and, at 4,300 digits, past what int() reads): out of range, said
            # with the number cut short rather than a ValueError
            raise PaceError(
                f"a custom pace must be between {MIN_SECONDS} seconds and"
                f" {MAX_SECONDS // 86_400} days, not {digits[:12]}… seconds",
                "out_of_range",
                {
                    "seconds": digits[:12] + "…",
                    "min": MIN_SECONDS,
                    "max_days": MAX_SECONDS // 86_400,
                },
            )
        seconds = int(digits) * _UNITS[match.group(2) or ""]
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise PaceError(
            f"a custom pace must be between {MIN_SECONDS} seconds and {MAX_SECONDS // 86_400} days,"
            f" not {seconds} seconds",
            "out_of_range",
            {"seconds": seconds, "min": MIN_SECONDS, "max_days": MAX_SECONDS // 86_400},
        )
    for name, preset in PACES.items():
        if preset == seconds:
            return Pace(name, seconds)
    return Pace("custom", seconds)
