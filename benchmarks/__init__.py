"""Benchmarks: ``python -m benchmarks [NAME ...]`` prints one JSON line per figure.

Each line is ``{"name": ..., "value": ..., "unit": ..., "target": ...}``.
A benchmark module lives in this package and defines ``run() -> Iterator[Figure]``;
add its name to ``SUITES`` in ``benchmarks/__main__.py``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = ["Figure"]


@dataclass(frozen=True)
class Figure:
    """One measured figure. ``target`` is a human-readable goal such as ``"< 2"`` or ``None``."""

    name: str
    value: float
    unit: str
    target: str | None = None
    extra: dict[str, Any] | None = None

    def to_line(self) -> str:
        obj: dict[str, Any] = {
            "name": self.name,
            "value": round(self.value, 4) if isinstance(self.value, float) else self.value,
            "unit": self.unit,
            "target": self.target,
        }
        if self.extra:
            obj.update(self.extra)
        return json.dumps(obj, ensure_ascii=False)
