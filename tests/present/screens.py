"""Helpers for the screen-truth tests: bot-played games and the four ways a result is shown.

A result is shown by the Discord front end (:func:`cogs.present.outcome_line`, a public
message) and by the terminal (:mod:`bot.screens`, seat 0 reads it as "you"), each in English
and Chinese. The seats are named ``Ann Bo Cy Di``: names that are no part of each other or of
any catalogue word, so a name found in a text was put there as that seat.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from bot.screens import hand_lines, match_lines
from cogs.present import outcome_line
from games.base import Game
from games.registry import GAMES

NAMES = ["Ann", "Bo", "Cy", "Di"]


@dataclass(frozen=True)
class Shown:
    """One rendering of a result: which front end, the language, the text, and how the seats
    are named in it (seat 0 is "you" / "你" in the terminal)."""

    front: str
    lang: str
    text: str
    names: tuple[str, ...]

    def name(self, seat: int) -> str:
        return self.names[seat]

    def team(self, seats: tuple[int, ...] | list[int]) -> str:
        names = [self.names[s] for s in seats]
        if self.lang == "zh":
            return "、".join(names)
        if len(names) > 2:  # Ann, Bo & Cy
            return ", ".join(names[:-1]) + " & " + names[-1]
        return " & ".join(names)

    def teams_named(self) -> list[tuple[int, ...]]:
        """Every group of two or more seats the text names together (``Ann & Cy``,
        ``Ann, Bo & Cy``)."""
        sep = "、" if self.lang == "zh" else r"(?:, | & )"
        word = "|".join(re.escape(n) for n in sorted(self.names, key=len, reverse=True))
        found = re.findall(
            rf"(?:{word})(?:{sep}(?:{word}))*(?:{sep if self.lang == 'zh' else ' & '}(?:{word}))",
            self.text,
        )
        return [tuple(self.names.index(n) for n in re.split(sep, group)) for group in found]


def you_names(lang: str) -> tuple[str, ...]:
    return ("你" if lang == "zh" else "you", *NAMES[1:])


def play_out(game: str, seed: int, options: dict[str, object] | None = None) -> Game:
    """A whole match of ``game`` from ``seed``, every seat a heuristic bot (odd seeds: random
    bots, which reach other corners: 硬牌, lone wins, drawn hands)."""
    spec = GAMES[game]
    engine = spec.engine()
    g = engine(seed, engine.options_type.from_dict(options or {"match": "one_hand"}))
    kind = "random" if seed % 2 else "heuristic"
    bots = [spec.bots()[kind]() for _ in range(4)]
    rng = random.Random(seed)
    for _ in range(20_000):
        if g.is_over:
            return g
        pending = g.pending()
        decision = next((d for d in pending if d.required), pending[0])
        if decision.seat is None:
            g.apply(g.table_action())
        else:
            g.apply(bots[decision.seat].choose(g, decision.seat, rng))
    raise AssertionError(f"{game} seed {seed} did not end")


def hand_screens(game: str, result: dict[str, object]) -> Iterator[Shown]:
    """The end of one hand as each front end shows it, in each language."""
    for lang in ("en", "zh"):
        line = outcome_line(lang, "hand_over", result, NAMES, game)
        assert line, f"Discord shows no result for {result}"
        yield Shown("discord", lang, line, tuple(NAMES))
        text = "\n".join(hand_lines(game, result, NAMES, 0, lang))
        assert text, f"the terminal shows no result for {result}"
        yield Shown("terminal", lang, text, you_names(lang))


def match_screens(game: str, result: dict[str, object]) -> Iterator[Shown]:
    """The end of the match as each front end shows it, in each language."""
    for lang in ("en", "zh"):
        line = outcome_line(lang, "match_over", result, NAMES, game)
        assert line, f"Discord shows no match result for {result}"
        yield Shown("discord", lang, line, tuple(NAMES))
        text = "\n".join(match_lines(game, result, NAMES, 0, lang))
        assert text, f"the terminal shows no match result for {result}"
        yield Shown("terminal", lang, text, you_names(lang))
