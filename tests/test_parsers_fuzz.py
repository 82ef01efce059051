"""The parsers of typed text refuse bad input with a clear message and never raise anything
else (issue 20 F9): cards, tiles, typed moves (terminal and ``/play``), option values.

A few hundred hypothesis examples each here; ``python -m benchmarks fuzz`` runs 10,000 or
more of each. The inputs that once crashed are kept as explicit examples.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings

from tests.fuzzing import TARGETS, Target, printed_moves, texts

CRASHED_ONCE = [
    "play|" + "[" * 3000,  # RecursionError in the JSON decoder of /play values
    "9" * 5000,  # int() refuses more than 4,300 digits with ValueError
    "²",  # a digit to str.isdigit, not to int()
    "ß" * 40,  # upper() makes it longer: positions in the upper-cased text are off
]


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=texts())
@example(text=CRASHED_ONCE[0])
@example(text=CRASHED_ONCE[1])
@example(text=CRASHED_ONCE[2])
@example(text=CRASHED_ONCE[3])
def test_a_parser_reads_or_refuses_any_text(target: Target, text: str) -> None:
    assert target.run(text) in ("read", "refused")


def test_what_the_fuzz_calls_read_is_read_and_refused_is_refused() -> None:
    """The targets can fail: a printed move is read, rubbish refused, by each parser."""
    by_name = {t.name: t for t in TARGETS}
    assert by_name["cards"].run("♠10 10s 大王") == "refused"  # parse_card wants one card
    assert by_name["cards"].run("10s") == "read"
    assert by_name["tiles"].run("5 Dots") == "read"
    assert by_name["tiles"].run("5x") == "refused"
    assert by_name["option_value"].run("one_hand") == "read"  # as match=one_hand
    assert by_name["option_value"].run("[" * 3000) == "refused"
    assert by_name["play_text"].run("[" * 3000) == "refused"
    moves = printed_moves()
    assert len(moves) > 20 and all(m for m in moves)
