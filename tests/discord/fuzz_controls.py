"""Crafted components for the loopback Discord (issue 20 F9): custom_ids of every control
template and none, with numbers of thousands of digits, superscript and Arabic-Indic digits,
negative and empty parts, and select values such as "²", a 5,000-digit number, ``#²``,
``"[" * 3000`` or JSON that is not a move. Used by ``tests/discord/test_fuzz_controls.py``
(a few hundred cases) and ``python -m benchmarks fuzz_controls`` (10,000).

:func:`cases` draws them with hypothesis; :func:`poke` sends one and checks what a player
must see: an answer (never silence), a refusal in their language or a move the rules judged,
never "Something went wrong".
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.discord_loopback import Harness, LoopbackUser, StoredMessage

__all__ = ["Case", "cases", "poke"]

ODD_NUMBERS = ["0", "1", "²", "٣", "-1", "", "9" * 25, "9" * 90, "1e3", " 1", "0x1"]
ODD_VALUES = [
    "",
    "²",
    "٣",
    "9" * 5000,
    "#²",
    "#" + "9" * 200,
    "#-1",
    "[" * 3000,
    "play|" + "[" * 3000,
    'declare|{"cards":"BJ"}',
    "declare|[]",
    "play:" + "As " * 40,
    "bury_jokers:",
    "pass|null",
    "@:",
    "play@:As",
    "\x00",
    "<@123456789012345678>",
]
PREFIXES = ["pj:l", "pj:v", "pj:a", "pj:s", "pj:c", "pj:p", "pj:m", "pj:g", "pj:x", "pj"]
SUFFIXES = ["join", "seat", "hand", "hint", "back", "pass:", "play", "clear", "auto_win:1", ""]


@dataclass(frozen=True)
class Case:
    """One crafted interaction: a button click (``values is None``) or a select choice."""

    custom_id: str
    values: tuple[str, ...] | None


def _custom_id(table: str) -> st.SearchStrategy[str]:
    number = st.one_of(st.sampled_from(ODD_NUMBERS), st.just(table), st.text(max_size=6))
    suffix = st.one_of(st.sampled_from(SUFFIXES), st.text(max_size=30))
    middle = st.lists(number, min_size=1, max_size=3)
    parts = st.tuples(st.sampled_from(PREFIXES), middle, suffix)
    return parts.map(lambda p: ":".join([p[0], *p[1], p[2]])[:100])


def _aimed(table: str) -> list[Case]:
    """Cases that reach every handler with the issue's values (the templates' own shapes)."""
    out = [Case(f"pj:l:{table}:seat", (v,)) for v in ODD_VALUES]
    out += [Case(f"pj:s:{table}:{n}", (v,)) for n in ("0", "1", "1000") for v in ODD_VALUES]
    out += [Case(f"pj:a:{table}:0:{v[:60] or 'x'}", None) for v in ODD_VALUES if " " not in v]
    out += [Case(f"pj:g:{table}:0:0", (v,)) for v in ODD_VALUES]
    out += [Case(f"pj:c:{table}:0:0", (v, v)) for v in ODD_VALUES]
    out += [Case(f"pj:p:{table}:0:play", None), Case(f"pj:p:{table}:99:bury", None)]
    out += [Case(f"pj:m:{table}:auto_win:1", None), Case(f"pj:v:{table}:hint", None)]
    # a select "clicked" as a button, a button "chosen" as a select
    out += [Case(f"pj:l:{table}:seat", None), Case(f"pj:s:{table}:0", None)]
    out += [Case(f"pj:l:{table}:join", ("0",)), Case(f"pj:v:{table}:hand", ("x",))]
    return out


def _case(table: str) -> st.SearchStrategy[Case]:
    value = st.one_of(st.sampled_from(ODD_VALUES), st.text(max_size=120))
    values = st.one_of(st.none(), st.lists(value, max_size=3).map(tuple))
    return st.one_of(st.sampled_from(_aimed(table)), st.builds(Case, _custom_id(table), values))


def cases(table_id: int, n: int, seed: int = 0) -> list[Case]:
    """Every aimed case (each template with each odd value) and ``n`` drawn by hypothesis,
    at table ``table_id`` (deterministic for a ``seed``)."""
    out: list[Case] = list(_aimed(str(table_id)))

    @settings(
        max_examples=n,
        database=None,
        derandomize=True,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=_case(str(table_id)), salt=st.just(seed))
    def collect(case: Case, salt: int) -> None:
        out.append(case)

    collect()
    return out


async def poke(h: Harness, user: LoopbackUser, message: StoredMessage, case: Case) -> list[str]:
    """Send ``case`` on ``message`` as ``user``; the texts the bot answered with."""
    if case.values is None:
        result = await h.click(user, message.id, case.custom_id, strict=False)
    else:
        result = await h.select(user, message.id, case.custom_id, list(case.values), strict=False)
    try:  # a refusal comes as a follow-up (or the reply itself); a valid control may be silent
        await h.server.wait_until(
            lambda: result.type in (4, 5) or bool(result.followups) or None, timeout=0.5
        )
    except TimeoutError:
        await h.server.idle(0.03)
    texts = [f.text() for f in result.followups]
    if result.type in (4, 5):
        texts.append((await result.final()).text())
    return texts
