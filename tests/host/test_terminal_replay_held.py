"""A replay opened at the terminal's table while the game plays on (issue 24 review): the
table's lines wait while the replay is stepped through and are printed, counted, when it
closes, never between its steps; the stepper says when the table waits for the player's move.
At a real terminal (a pseudo-terminal), in both languages."""

from __future__ import annotations

import asyncio
import io
import os
from pathlib import Path

import pytest

from bot.cli import play
from bot.cli_replay import step_lines
from bot.cli_term import local_names
from bot.replay import load_game, replay_hand
from bot.store import Store
from present.i18n import ntr, tr
from tests.host.test_terminal_typed_ahead import _delivered


class _Typist(io.StringIO):
    """The screen, and the player at its keyboard: ``1`` at every prompt of the first hand,
    ``replay`` once it is over, ``q`` when the stepper says the table waits for them, then
    ``quit`` at the table's next prompt."""

    def __init__(self, master: int, lang: str, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.master = master
        self.lang = lang
        self.loop = loop
        self.stage = 0

    def write(self, text: str) -> int:
        n = super().write(text)
        if self.stage == 0 and text == tr(self.lang, "terminal.hand_over"):
            self.stage = 1
            os.write(self.master, b"replay\n")
            while _delivered(self.loop) < 1:  # on the loop before the next hand's moves
                pass
        elif self.stage == 0 and text.startswith("   1. "):
            os.write(self.master, b"1\n")
        elif self.stage == 1 and text.endswith(tr(self.lang, "terminal.replay.your_turn")):
            self.stage = 2
            os.write(self.master, b"q\n")
        elif self.stage == 2 and text.startswith("   1. "):
            self.stage = 3
            os.write(self.master, b"quit\n")
        return n


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_the_tables_lines_wait_for_the_replay_to_close(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PAIJU_LANG", lang)
    master, slave = os.openpty()
    stdin = os.fdopen(slave, "r", encoding="utf-8")
    out = _Typist(master, lang, asyncio.get_running_loop())
    db = tmp_path / "h.sqlite3"
    try:
        status = await asyncio.wait_for(
            play(
                "jintan",
                db_path=db,
                stdin=stdin,
                stdout=out,
                seed=4,
                pace="async",
                options={"match": "one_round"},
            ),
            timeout=240,  # a bound for a stuck test on a loaded machine, not a measure
        )
    finally:
        os.close(master)
    assert status == 0 and out.stage == 3
    lines = out.getvalue().splitlines()
    store = await Store.open(db)
    try:
        record = await load_game(store, 1)
    finally:
        await store.close()
    replay = replay_hand(record, 1)
    names = local_names(record.names, [u is None for u in record.user_ids], lang)
    start = lines.index(tr(lang, "terminal.replay.keys"))
    stop = lines.index(tr(lang, "terminal.replay.stopped"))
    # the stepper's own lines only: its keys, the hand's first step, the table's call
    assert lines[start:stop] == [
        tr(lang, "terminal.replay.keys"),
        *step_lines(replay, 0, lang, names, you=0),
        f"  · {tr(lang, 'terminal.replay.your_turn')}",
    ]
    # then what the table said meanwhile (the second hand's first moves), counted
    count = next(i for i, ln in enumerate(lines[stop + 2 :]) if not ln.startswith("  · "))
    assert count >= 1
    assert lines[stop + 1] == ntr(lang, "terminal.replay.held", count)
    assert all(ln.startswith("  · ") for ln in lines[stop + 2 : stop + 2 + count])
    # and the table again, waiting for the player's move
    assert any(ln.startswith("   1. ") for ln in lines[stop + 2 + count :])
