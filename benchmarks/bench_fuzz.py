"""Fuzzing the parsers of typed text (issue 20 F9), 10,000 hypothesis examples each or more.

``python -m benchmarks fuzz`` runs every target of :mod:`tests.fuzzing` (cards, tiles, the
terminal's move reader, ``/play``'s, option values) and prints, per target,
``fuzz.<target>.examples`` (how many texts were tried), and as extras how many were read,
refused, and crashed (target 0: a crash is any exception other than the parser's own
refusal, or a refusal longer than :data:`tests.fuzzing.MAX_MESSAGE`). ``FUZZ_EXAMPLES``
in the environment changes the count (default 10,000).
"""

from __future__ import annotations

import os
import time
import traceback
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, Phase, given, settings

from benchmarks import Figure
from tests.fuzzing import TARGETS, Target, texts

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10000"))


def fuzz(target: Target, examples: int) -> tuple[Counter[str], list[str]]:
    """Run ``target`` on ``examples`` generated texts; ``(outcome counts, crash reports)``."""
    counts: Counter[str] = Counter()
    crashes: list[str] = []

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],  # count every example; no shrinking
        suppress_health_check=list(HealthCheck),
    )
    @given(text=texts())
    def run(text: str) -> None:
        counts["examples"] += 1
        try:
            counts[target.run(text)] += 1
        except Exception:  # a defect: counted and kept, the run goes on
            counts["crashed"] += 1
            if len(crashes) < 5:
                crashes.append(f"{text[:80]!r}: {traceback.format_exc(limit=3)}")

    run()
    return counts, crashes


def run() -> Iterator[Figure]:
    for target in TARGETS:
        start = time.perf_counter()
        counts, crashes = fuzz(target, EXAMPLES)
        seconds = time.perf_counter() - start
        yield Figure(
            f"fuzz.{target.name}.examples",
            counts["examples"],
            "texts",
            f">= {EXAMPLES}, 0 crashed",
            {
                "read": counts["read"],
                "refused": counts["refused"],
                "crashed": counts["crashed"],
                "seconds": round(seconds, 1),
                **({"crashes": crashes} if crashes else {}),
            },
        )
