"""What a replay step says, for every front end that shows it as text (issue 24).

``/replay`` on Discord (:mod:`cogs.replay`) and the terminal (:mod:`bot.cli_replay`) show the
same things at a step of :mod:`bot.replay`: a title (the game, the match, the hand), the step's
number, its narration from the game's presentation (or, when it says nothing, that it is the
hand as dealt / that nothing is said), and at the last step the hand's result screen. Each
front end only lays these lines out in its own way (Discord's bold title and quotes, the
terminal's indented lines); neither composes them itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.replay import HandReplay, ReplayRefused, narration_text
from present.games import game_title
from present.i18n import tr
from present.message import Reader, render

__all__ = ["StepText", "refused_text", "step_text"]


@dataclass(frozen=True)
class StepText:
    """The text of one step: ``title``, ``count`` (``step 3 of 12``), ``said`` (the narration,
    at least one line) and ``screen`` (the result screen, at the last step only)."""

    title: str
    count: str
    said: tuple[str, ...]
    screen: tuple[str, ...]


def step_text(
    replay: HandReplay,
    step: int,
    lang: str,
    names: Sequence[str] | None = None,
    you: int | None = None,
) -> StepText:
    """Step ``step`` of ``replay`` for a reader of ``lang``; ``names`` as the front end shows
    them (default: the record's); ``you``: the reader's own seat, said in the second person
    (``None``: a public reading, nobody is "you")."""
    shown = list(names if names is not None else replay.names)
    title = tr(
        lang,
        "replay.title",
        game=game_title(replay.game, lang),
        match=replay.record.game_id,
        hand=replay.hand,
        hands=replay.hands_finished,
    )
    count = tr(lang, "replay.step", step=step, steps=len(replay.steps) - 1)
    said = narration_text(replay, step, lang, shown, you)
    if not said:
        said = [tr(lang, "replay.start" if step == 0 else "replay.nothing")]
    screen: list[str] = []
    if step == len(replay.steps) - 1:
        reader = Reader(lang, shown, you=you)
        screen = [render(reader, m) for m in replay.screen()]
    return StepText(title, count, tuple(said), tuple(screen))


def refused_text(lang: str, refused: ReplayRefused) -> str:
    """Why a replay is refused, in ``lang`` (``replay.refused.<code>``): the same words on
    Discord and in the terminal."""
    return tr(lang, f"replay.refused.{refused.code}", **refused.params)
